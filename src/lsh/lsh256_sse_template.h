/* The SSE2/SSSE3 LSH-256 single-message kernel, written once: the two files differ only in
 * how the y words get their gamma rotations and all words their sigma permutation. Included by
 * lsh256_sse2.c and lsh256_ssse3.c, which define after it
 *   static inline void gamma_sigma(__m128i s[4], __m128i x0, __m128i x1, __m128i y0, __m128i y1)
 * which writes the next chaining value s = {L0, L1, R0, R1} from Mix's outputs. The block loop
 * around the steps is lsh_sm_template.h's. */

static inline __m128i rotl(__m128i x, int n)
{
    return _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - n));
}

/* The ISA file's part (defined after this header, as it may use rotl). */
static inline void gamma_sigma(__m128i s[4], __m128i x0, __m128i x1, __m128i y0, __m128i y1);

/* s = {L0, L1, R0, R1}. Mix on the pairs (l, l+8), then cv'[l] = t[sigma(l)]. */
static inline void step(__m128i s[4], const __m128i m[4], const uint32_t *sc, int a, int b)
{
    __m128i x0 = _mm_xor_si128(s[0], m[0]), x1 = _mm_xor_si128(s[1], m[1]);
    __m128i y0 = _mm_xor_si128(s[2], m[2]), y1 = _mm_xor_si128(s[3], m[3]);
    x0 = _mm_xor_si128(rotl(_mm_add_epi32(x0, y0), a), _mm_loadu_si128((const __m128i *)sc));
    x1 = _mm_xor_si128(rotl(_mm_add_epi32(x1, y1), a), _mm_loadu_si128((const __m128i *)sc + 1));
    y0 = rotl(_mm_add_epi32(x0, y0), b);
    y1 = rotl(_mm_add_epi32(x1, y1), b);
    x0 = _mm_add_epi32(x0, y0);
    x1 = _mm_add_epi32(x1, y1);
    gamma_sigma(s, x0, x1, y0, y1);
}

/* older[l] = prev[l] + older[tau(l)], tau = {3,2,0,1, 7,4,5,6, ...} per group of four. */
static inline void expand(__m128i older[4], const __m128i prev[4])
{
    older[0] = _mm_add_epi32(prev[0], _mm_shuffle_epi32(older[0], _MM_SHUFFLE(1, 0, 2, 3)));
    older[1] = _mm_add_epi32(prev[1], _mm_shuffle_epi32(older[1], _MM_SHUFFLE(2, 1, 0, 3)));
    older[2] = _mm_add_epi32(prev[2], _mm_shuffle_epi32(older[2], _MM_SHUFFLE(1, 0, 2, 3)));
    older[3] = _mm_add_epi32(prev[3], _mm_shuffle_epi32(older[3], _MM_SHUFFLE(2, 1, 0, 3)));
}

#define LSH_BITS 256
#include "lsh_sm_template.h"
