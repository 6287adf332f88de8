/* LSH-512 single-message kernel, SSE2. cv_l and cv_r are four xmm each, two words per
 * register. Gamma amounts that are multiples of 16 are pshuflw/pshufhw word rotations; 8, 24,
 * 40, 56 add one 8-bit shift rotation. sigma moves words between registers (unpck/shufpd). */
#include <emmintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* Word 1 of a, word 0 of b. */
static inline __m128i cross(__m128i a, __m128i b)
{
    return _mm_castpd_si128(_mm_shuffle_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b), 1));
}

/* 16-bit-lane rotations of the low and high word of a register. */
#define ROT16 _MM_SHUFFLE(2, 1, 0, 3)
#define ROT32 _MM_SHUFFLE(1, 0, 3, 2)
#define ROT48 _MM_SHUFFLE(0, 3, 2, 1)

#include "lsh512_sse_template.h"

/* Rotates the words of y by gamma = {0, 16, 32, 48, 8, 24, 40, 56} bits. */
static inline void rotate_gamma(__m128i y[4])
{
    y[0] = _mm_shufflehi_epi16(y[0], ROT16);
    y[1] = _mm_shufflehi_epi16(_mm_shufflelo_epi16(y[1], ROT32), ROT48);
    y[2] = _mm_shufflehi_epi16(rotl(y[2], 8), ROT16);
    y[3] = _mm_shufflehi_epi16(_mm_shufflelo_epi16(rotl(y[3], 8), ROT32), ROT48);
}

const karx_lsh512_kernels karx_i_lsh512_sse2 = {"sse2", compress, 2, karx_i_lsh512_sse2_mb, NULL};
