/* LSH-512 multi-buffer kernel, SSE2: two messages, one per 64-bit lane, so register w holds
 * word w of every lane. All lanes rotate by the same amounts and the word permutations sigma
 * and tau are only renamings of registers. */
#include <emmintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

#define LANES 2

static inline __m128i rotl(__m128i x, int n)
{
    return _mm_or_si128(_mm_slli_epi64(x, n), _mm_srli_epi64(x, 64 - n));
}

/* Multiples of 16 are word shuffles (fewer instructions than shift, shift, or). */
static inline __m128i rotl_gamma(__m128i x, int n)
{
    switch (n) {
    case 0:
        return x;
    case 16:
        return _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, _MM_SHUFFLE(2, 1, 0, 3)),
                                   _MM_SHUFFLE(2, 1, 0, 3));
    case 32:
        return _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1));
    case 48:
        return _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, _MM_SHUFFLE(0, 3, 2, 1)),
                                   _MM_SHUFFLE(0, 3, 2, 1));
    default:
        return rotl(x, n);
    }
}

/* Words off/8 .. off/8+15 of both lanes' blocks, transposed two words at a time. */
static inline void load_words(__m128i w[16], const uint8_t *const *blocks, int off)
{
    for (int g = 0; g < 16; g += 2) {
        __m128i a = _mm_loadu_si128((const __m128i *)(blocks[0] + off + 8 * g));
        __m128i b = _mm_loadu_si128((const __m128i *)(blocks[1] + off + 8 * g));
        w[g] = _mm_unpacklo_epi64(a, b);
        w[g + 1] = _mm_unpackhi_epi64(a, b);
    }
}

/* The loops are unrolled (pragmas) so that sigma and tau are renamings and gamma a constant;
 * gcc would otherwise keep the arrays in memory. */
static inline void step(__m128i cv[16], const __m128i m[16], const uint64_t sc[8], int a, int b)
{
    __m128i t[16];
#pragma GCC unroll 8
    for (int l = 0; l < 8; l++) {
        __m128i x = _mm_xor_si128(cv[l], m[l]), y = _mm_xor_si128(cv[l + 8], m[l + 8]);
        x = _mm_xor_si128(rotl(_mm_add_epi64(x, y), a), _mm_set1_epi64x((long long)sc[l]));
        y = rotl(_mm_add_epi64(x, y), b);
        t[l] = _mm_add_epi64(x, y);
        t[l + 8] = rotl_gamma(y, karx_lsh512_gamma[l]);
    }
#pragma GCC unroll 16
    for (int l = 0; l < 16; l++)
        cv[l] = t[karx_lsh_sigma[l]];
}

static inline void expand(__m128i older[16], const __m128i prev[16])
{
    __m128i t[16];
#pragma GCC unroll 16
    for (int l = 0; l < 16; l++)
        t[l] = _mm_add_epi64(prev[l], older[karx_lsh_tau[l]]);
#pragma GCC unroll 16
    for (int l = 0; l < 16; l++)
        older[l] = t[l];
}

void karx_i_lsh512_sse2_mb(uint64_t *state, const uint8_t *const *blocks)
{
    __m128i cv[16], me[16], mo[16];
    for (int w = 0; w < 16; w++)
        cv[w] = _mm_loadu_si128((const __m128i *)(state + w * LANES));
    load_words(me, blocks, 0);
    load_words(mo, blocks, 128);
    for (int j = 0; j < KARX_LSH512_STEPS; j += 2) {
        step(cv, me, karx_lsh512_sc[j], 23, 59);
        step(cv, mo, karx_lsh512_sc[j + 1], 7, 3);
        expand(me, mo);
        if (j + 2 < KARX_LSH512_STEPS)
            expand(mo, me);
    }
    for (int w = 0; w < 16; w++)
        _mm_storeu_si128((__m128i *)(state + w * LANES), _mm_xor_si128(cv[w], me[w]));
}
