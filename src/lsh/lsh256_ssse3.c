/* LSH-256 single-message kernel, SSSE3. cv_l and cv_r are two xmm each (words 0-3, 4-7 and
 * 8-11, 12-15). Every gamma amount is a whole number of bytes, so one pshufb per cv_r register
 * does both its gamma rotations and its part of the word permutation sigma. */
#include <tmmintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* pshufb bytes for one output word: input word p rotated left by k bytes. */
#define ROTW(p, k) 4 * (p) + ((0 - (k)) & 3), 4 * (p) + ((1 - (k)) & 3), \
                   4 * (p) + ((2 - (k)) & 3), 4 * (p) + ((3 - (k)) & 3)

#include "lsh256_sse_template.h"

/* The next chaining value from Mix's outputs: gamma on the y words, sigma on all. */
static inline void gamma_sigma(__m128i s[4], __m128i x0, __m128i x1, __m128i y0, __m128i y1)
{
    /* Each new cv_r register takes words (0,3,2,1) of a group (sigma); gamma in bytes is
     * {0,1,2,3} for group words 0-3 and {3,2,1,0} for 4-7. */
    const __m128i g0 = _mm_setr_epi8(ROTW(0, 0), ROTW(3, 3), ROTW(2, 2), ROTW(1, 1));
    const __m128i g1 = _mm_setr_epi8(ROTW(0, 3), ROTW(3, 0), ROTW(2, 1), ROTW(1, 2));
    s[0] = _mm_shuffle_epi32(x1, _MM_SHUFFLE(3, 1, 0, 2)); /* sigma 6, 4, 5, 7 */
    s[1] = _mm_shuffle_epi8(y1, g1);                       /* sigma 12, 15, 14, 13 */
    s[2] = _mm_shuffle_epi32(x0, _MM_SHUFFLE(3, 1, 0, 2)); /* sigma 2, 0, 1, 3 */
    s[3] = _mm_shuffle_epi8(y0, g0);                       /* sigma 8, 11, 10, 9 */
}

const karx_lsh256_kernels karx_i_lsh256_ssse3 = {"ssse3", compress, 4, karx_i_lsh256_sse2_mb, NULL};
