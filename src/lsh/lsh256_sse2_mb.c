/* LSH-256 multi-buffer kernel, SSE2: four messages, one per 32-bit lane, so register w holds
 * word w of every lane. All lanes rotate by the same amounts and the word permutations sigma
 * and tau are only renamings of registers. */
#include <emmintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

#define LANES 4

static inline __m128i rotl(__m128i x, int n)
{
    return _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - n));
}

static inline __m128i rotl_gamma(__m128i x, int n)
{
    if (n == 0)
        return x;
    if (n == 16) /* swap the 16-bit halves: two shuffles instead of shift, shift, or */
        return _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, _MM_SHUFFLE(2, 3, 0, 1)),
                                   _MM_SHUFFLE(2, 3, 0, 1));
    return rotl(x, n);
}

/* Words off/4 .. off/4+15 of every lane's block, transposed four words at a time. */
static inline void load_words(__m128i w[16], const uint8_t *const *blocks, int off)
{
    for (int g = 0; g < 16; g += 4) {
        __m128i a = _mm_loadu_si128((const __m128i *)(blocks[0] + off + 4 * g));
        __m128i b = _mm_loadu_si128((const __m128i *)(blocks[1] + off + 4 * g));
        __m128i c = _mm_loadu_si128((const __m128i *)(blocks[2] + off + 4 * g));
        __m128i d = _mm_loadu_si128((const __m128i *)(blocks[3] + off + 4 * g));
        __m128i ab01 = _mm_unpacklo_epi32(a, b), cd01 = _mm_unpacklo_epi32(c, d);
        __m128i ab23 = _mm_unpackhi_epi32(a, b), cd23 = _mm_unpackhi_epi32(c, d);
        w[g] = _mm_unpacklo_epi64(ab01, cd01);
        w[g + 1] = _mm_unpackhi_epi64(ab01, cd01);
        w[g + 2] = _mm_unpacklo_epi64(ab23, cd23);
        w[g + 3] = _mm_unpackhi_epi64(ab23, cd23);
    }
}

/* The loops are unrolled (pragmas) so that sigma and tau are renamings and gamma a constant;
 * gcc would otherwise keep the arrays in memory. */
static inline void step(__m128i cv[16], const __m128i m[16], const uint32_t sc[8], int a, int b)
{
    __m128i t[16];
#pragma GCC unroll 8
    for (int l = 0; l < 8; l++) {
        __m128i x = _mm_xor_si128(cv[l], m[l]), y = _mm_xor_si128(cv[l + 8], m[l + 8]);
        x = _mm_xor_si128(rotl(_mm_add_epi32(x, y), a), _mm_set1_epi32((int)sc[l]));
        y = rotl(_mm_add_epi32(x, y), b);
        t[l] = _mm_add_epi32(x, y);
        t[l + 8] = rotl_gamma(y, karx_lsh256_gamma[l]);
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
        t[l] = _mm_add_epi32(prev[l], older[karx_lsh_tau[l]]);
#pragma GCC unroll 16
    for (int l = 0; l < 16; l++)
        older[l] = t[l];
}

void karx_i_lsh256_sse2_mb(uint32_t *state, const uint8_t *const *blocks)
{
    __m128i cv[16], me[16], mo[16];
    for (int w = 0; w < 16; w++)
        cv[w] = _mm_loadu_si128((const __m128i *)(state + w * LANES));
    load_words(me, blocks, 0);
    load_words(mo, blocks, 64);
    for (int j = 0; j < KARX_LSH256_STEPS; j += 2) {
        step(cv, me, karx_lsh256_sc[j], 29, 1);
        step(cv, mo, karx_lsh256_sc[j + 1], 5, 17);
        expand(me, mo);
        if (j + 2 < KARX_LSH256_STEPS)
            expand(mo, me);
    }
    for (int w = 0; w < 16; w++)
        _mm_storeu_si128((__m128i *)(state + w * LANES), _mm_xor_si128(cv[w], me[w]));
}
