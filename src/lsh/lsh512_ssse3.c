/* LSH-512 single-message kernel, SSSE3. cv_l and cv_r are four xmm each, two words per
 * register. Every gamma amount is a whole number of bytes: one pshufb per cv_r register.
 * sigma moves words between registers (unpck/movsd), the message expansion uses palignr. */
#include <tmmintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* Word 1 of a, word 0 of b. */
static inline __m128i cross(__m128i a, __m128i b)
{
    return _mm_alignr_epi8(b, a, 8);
}

/* pshufb bytes for one output word: input word p rotated left by k bytes. */
#define ROTB(p, k, j) (8 * (p) + (((j) - (k)) & 7))
#define ROTW(p, k) ROTB(p, k, 0), ROTB(p, k, 1), ROTB(p, k, 2), ROTB(p, k, 3), \
                   ROTB(p, k, 4), ROTB(p, k, 5), ROTB(p, k, 6), ROTB(p, k, 7)

#include "lsh512_sse_template.h"

/* Rotates the words of y by gamma = {0, 16, 32, 48, 8, 24, 40, 56} bits. */
static inline void rotate_gamma(__m128i y[4])
{
    y[0] = _mm_shuffle_epi8(y[0], _mm_setr_epi8(ROTW(0, 0), ROTW(1, 2)));
    y[1] = _mm_shuffle_epi8(y[1], _mm_setr_epi8(ROTW(0, 4), ROTW(1, 6)));
    y[2] = _mm_shuffle_epi8(y[2], _mm_setr_epi8(ROTW(0, 1), ROTW(1, 3)));
    y[3] = _mm_shuffle_epi8(y[3], _mm_setr_epi8(ROTW(0, 5), ROTW(1, 7)));
}

const karx_lsh512_kernels karx_i_lsh512_ssse3 = {"ssse3", compress, 1, NULL, NULL};
