/* SSE2 operations for the multi-buffer template (lsh_mb_template.h): one message per 32-bit
 * (LSH-256) or 64-bit (LSH-512) lane of an xmm. SSE2 has no byte shuffle, so gamma is a
 * rotation of its own (MB_ROT_GAMMA): 16-bit word shuffles where the amount allows, else
 * shift/shift/or. */
#include <emmintrin.h>

#include "lsh_family.h"

typedef __m128i V;

#if LSH_BITS == 256
#define ADD(a, b) _mm_add_epi32(a, b)
#define ROL(x, r) _mm_or_si128(_mm_slli_epi32(x, r), _mm_srli_epi32(x, 32 - (r)))
#define SET1(w) _mm_set1_epi32((int)(w))
#else
#define ADD(a, b) _mm_add_epi64(a, b)
#define ROL(x, r) _mm_or_si128(_mm_slli_epi64(x, r), _mm_srli_epi64(x, 64 - (r)))
#define SET1(w) _mm_set1_epi64x((long long)(w))
#endif
#define XOR(a, b) _mm_xor_si128(a, b)
#define AND(a, b) _mm_and_si128(a, b)
#define OR(a, b) _mm_or_si128(a, b)
#define LOADV(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREV(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

/* The same 16-bit word shuffle in both 64-bit halves (pshuflw, then pshufhw). */
#define ROT16X(x, imm) _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, imm), imm)

/* x rotated left by n = gamma bits (a constant once the step is unrolled). */
static inline V mb_rot_gamma(V x, int n)
{
    if (n == 0)
        return x;
#if LSH_BITS == 256
    if (n == 16) /* swap the 16-bit halves: two shuffles instead of shift, shift, or */
        return ROT16X(x, _MM_SHUFFLE(2, 3, 0, 1));
#else
    if (n == 16) /* the 16-bit words of each half rotate by one */
        return ROT16X(x, _MM_SHUFFLE(2, 1, 0, 3));
    if (n == 32)
        return _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1));
    if (n == 48)
        return ROT16X(x, _MM_SHUFFLE(0, 3, 2, 1));
#endif
    return ROL(x, n);
}
#define MB_ROT_GAMMA(y, l, g) mb_rot_gamma(y, LSHF_GAMMA[l])
#define ROTB(k) _mm_setzero_si128() /* no shuffle masks (g): the compiler drops them */
