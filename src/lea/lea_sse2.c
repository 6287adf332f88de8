/* LEA kernels for SSE2: 4 blocks per xmm, word-sliced (see lea_simd_template.h). Rotations
 * are shift/shift/or; SSE2 has no broadcast load, so the round keys are broadcast once per
 * call into a stack table. Fewer than 4 blocks run the scalar code. */
#include <emmintrin.h>
#include <stdint.h>

typedef const __m128i (*lea_kp_t)[6];

/* Byte swap of each 32-bit word: swap the 16-bit halves, then the bytes of each half. */
static inline __m128i lea_bswap32_sse2(__m128i x)
{
    x = _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1);
    return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
}

#define LEA_V __m128i
#define LEA_L 1
#define LEA_GROUPS 2
#define LEA_NAME "sse2"
#define LEA_TABLE karx_i_lea_sse2
#define LEA_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define LEA_STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define LEA_ZERO() _mm_setzero_si128()
#define LEA_SET1(x) _mm_set1_epi32((int)(x))
#define LEA_XOR(a, b) _mm_xor_si128(a, b)
#define LEA_ADD(a, b) _mm_add_epi32(a, b)
#define LEA_SUB(a, b) _mm_sub_epi32(a, b)
#define LEA_ROL(v, n) _mm_or_si128(_mm_slli_epi32(v, n), _mm_srli_epi32(v, 32 - (n)))
#define LEA_ROR(v, n) _mm_or_si128(_mm_srli_epi32(v, n), _mm_slli_epi32(v, 32 - (n)))
#define LEA_UNPLO32(a, b) _mm_unpacklo_epi32(a, b)
#define LEA_UNPHI32(a, b) _mm_unpackhi_epi32(a, b)
#define LEA_UNPLO64(a, b) _mm_unpacklo_epi64(a, b)
#define LEA_UNPHI64(a, b) _mm_unpackhi_epi64(a, b)
#define LEA_BSWAP32(v) lea_bswap32_sse2(v)
#define LEA_OFFSETS() _mm_setr_epi32(0, 1, 2, 3)
#define LEA_EXPAND_KEYS 1
#define LEA_KP_T lea_kp_t
#define LEA_KEY(kp, r, j) ((kp)[r][j])
/* Fused XTS (lea_simd_template.h; its vector operations are in modes/xts_kernel.h). */
#define LEA_XTS 1
/* t * x in one step (one block a register): each 32-bit word doubled, plus the bit it loses
 * carried into the next word (and the top bit folded into word 0 as 0x87) by sign masks. */
static inline __m128i lea_xts_x1_sse2(__m128i t)
{
    __m128i c = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x93);
    return _mm_xor_si128(_mm_add_epi32(t, t), _mm_and_si128(c, _mm_setr_epi32(0x87, 1, 1, 1)));
}
#define LEA_XTS_X1(t) lea_xts_x1_sse2(t)

#include "lea_simd_template.h"
