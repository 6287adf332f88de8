/* LSH-256 single-message kernel, SSE2. cv_l and cv_r are two xmm each (words 0-3, 4-7 and
 * 8-11, 12-15). SSE2 has neither per-lane shifts nor byte shuffles, so the per-word gamma
 * rotations are built from one 16-bit shuffle, one 8-bit rotation and a shufps that picks each
 * word from whichever of the two already has its amount; sigma then absorbs that lane order. */
#include <emmintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* Picks words 0 and 2 of a, then words 1 and 3 of b. */
static inline __m128i pick02_13(__m128i a, __m128i b)
{
    return _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b),
                                           _MM_SHUFFLE(3, 1, 2, 0)));
}

#include "lsh256_sse_template.h"

/* The next chaining value from Mix's outputs: gamma on the y words, sigma on all. */
static inline void gamma_sigma(__m128i s[4], __m128i x0, __m128i x1, __m128i y0, __m128i y1)
{
    /* gamma {0, 8, 16, 24}: words 2, 3 by 16 (pshufhw), then words 1, 3 from the copy rotated
     * by 8. Result word order is l = 0, 2, 1, 3. */
    __m128i h0 = _mm_shufflehi_epi16(y0, _MM_SHUFFLE(2, 3, 0, 1));
    y0 = pick02_13(h0, rotl(h0, 8));
    /* gamma {24, 16, 8, 0}: words 4, 5 by 16 (pshuflw), then words 4, 6 from the copy rotated
     * by 8. Result word order is l = 4, 6, 5, 7. */
    __m128i h1 = _mm_shufflelo_epi16(y1, _MM_SHUFFLE(2, 3, 0, 1));
    y1 = pick02_13(rotl(h1, 8), h1);

    /* sigma = {6,4,5,7, 12,15,14,13, 2,0,1,3, 8,11,10,9}; y0, y1 hold words 0,2,1,3 of
     * their group, so (0,3,2,1) becomes lanes (0,3,1,2). */
    s[0] = _mm_shuffle_epi32(x1, _MM_SHUFFLE(3, 1, 0, 2));
    s[1] = _mm_shuffle_epi32(y1, _MM_SHUFFLE(2, 1, 3, 0));
    s[2] = _mm_shuffle_epi32(x0, _MM_SHUFFLE(3, 1, 0, 2));
    s[3] = _mm_shuffle_epi32(y0, _MM_SHUFFLE(2, 1, 3, 0));
}

const karx_lsh256_kernels karx_i_lsh256_sse2 = {"sse2", compress, 4, karx_i_lsh256_sse2_mb, NULL};
