/* The SSE2/SSSE3 LSH-512 single-message kernel, written once: the two files differ only in
 * the gamma rotations of the y words and in one word shuffle. Included by lsh512_sse2.c and
 * lsh512_ssse3.c, which define cross() before and rotate_gamma() after it:
 *   static inline void rotate_gamma(__m128i y[4])    rotate y's words by gamma
 *   static inline __m128i cross(__m128i a, __m128i b) word 1 of a, word 0 of b
 * The block loop around the steps is lsh_sm_template.h's. */

/* pshufd: swap the two 64-bit words. */
#define SWAP64 _MM_SHUFFLE(1, 0, 3, 2)

static inline __m128i rotl(__m128i x, int n)
{
    return _mm_or_si128(_mm_slli_epi64(x, n), _mm_srli_epi64(x, 64 - n));
}

/* Word 0 of a, word 1 of b. */
static inline __m128i blend(__m128i a, __m128i b)
{
    return _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(b), _mm_castsi128_pd(a)));
}

/* The ISA file's part (defined after this header, as it may use rotl). */
static inline void rotate_gamma(__m128i y[4]);

/* s[0..3] = cv_l, s[4..7] = cv_r. Mix on the pairs (l, l+8), then cv'[l] = t[sigma(l)]. */
static inline void step(__m128i s[8], const __m128i m[8], const uint64_t *sc, int a, int b)
{
    __m128i x[4], y[4];
    for (int i = 0; i < 4; i++) {
        x[i] = _mm_xor_si128(s[i], m[i]);
        y[i] = _mm_xor_si128(s[i + 4], m[i + 4]);
        x[i] = rotl(_mm_add_epi64(x[i], y[i]), a);
        x[i] = _mm_xor_si128(x[i], _mm_loadu_si128((const __m128i *)sc + i));
        y[i] = rotl(_mm_add_epi64(x[i], y[i]), b);
        x[i] = _mm_add_epi64(x[i], y[i]);
    }
    rotate_gamma(y);

    /* sigma = {6,4, 5,7, 12,15, 14,13, 2,0, 1,3, 8,11, 10,9} */
    s[0] = _mm_unpacklo_epi64(x[3], x[2]);
    s[1] = _mm_unpackhi_epi64(x[2], x[3]);
    s[2] = blend(y[2], y[3]);
    s[3] = blend(y[3], y[2]);
    s[4] = _mm_unpacklo_epi64(x[1], x[0]);
    s[5] = _mm_unpackhi_epi64(x[0], x[1]);
    s[6] = blend(y[0], y[1]);
    s[7] = blend(y[1], y[0]);
}

/* older[l] = prev[l] + older[tau(l)], tau = {3,2,0,1, 7,4,5,6, ...} per group of four. */
static inline void expand(__m128i older[8], const __m128i prev[8])
{
    for (int g = 0; g < 8; g += 4) {
        __m128i o0 = older[g], o1 = older[g + 1], o2 = older[g + 2], o3 = older[g + 3];
        older[g] = _mm_add_epi64(prev[g], _mm_shuffle_epi32(o1, SWAP64)); /* 3, 2 */
        older[g + 1] = _mm_add_epi64(prev[g + 1], o0);                    /* 0, 1 */
        older[g + 2] = _mm_add_epi64(prev[g + 2], cross(o3, o2));         /* 7, 4 */
        older[g + 3] = _mm_add_epi64(prev[g + 3], cross(o2, o3));         /* 5, 6 */
    }
}

#define LSH_BITS 512
#include "lsh_sm_template.h"
