/* LEA kernels for AVX2: 8 blocks per ymm, word-sliced (see lea_simd_template.h). Rotations
 * are shift/shift/or (18 ymm ops a round); round keys come from broadcast loads. Tails use
 * vpmaskmovd. */
#include <immintrin.h>
#include <stdint.h>

typedef const uint32_t (*lea_kp_t)[6];

#define LEA_V __m256i
#define LEA_L 2
#define LEA_GROUPS 2
#define LEA_NAME "avx2"
#define LEA_TABLE karx_i_lea_avx2
#define LEA_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define LEA_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define LEA_ZERO() _mm256_setzero_si256()
#define LEA_SET1(x) _mm256_set1_epi32((int)(x))
#define LEA_XOR(a, b) _mm256_xor_si256(a, b)
#define LEA_ADD(a, b) _mm256_add_epi32(a, b)
#define LEA_SUB(a, b) _mm256_sub_epi32(a, b)
#define LEA_ROL(v, n) _mm256_or_si256(_mm256_slli_epi32(v, n), _mm256_srli_epi32(v, 32 - (n)))
#define LEA_ROR(v, n) _mm256_or_si256(_mm256_srli_epi32(v, n), _mm256_slli_epi32(v, 32 - (n)))
#define LEA_UNPLO32(a, b) _mm256_unpacklo_epi32(a, b)
#define LEA_UNPHI32(a, b) _mm256_unpackhi_epi32(a, b)
#define LEA_UNPLO64(a, b) _mm256_unpacklo_epi64(a, b)
#define LEA_UNPHI64(a, b) _mm256_unpackhi_epi64(a, b)
#define LEA_BSWAP32(v)                                                                          \
    _mm256_shuffle_epi8(v, _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, \
                                            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12))
#define LEA_OFFSETS() _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)
#define LEA_KP_T lea_kp_t
#define LEA_KEY(kp, r, j) _mm256_set1_epi32((int)(kp)[r][j])
#define LEA_MASK_T __m256i
#define LEA_MASK(k)                                                                             \
    ((k) >= 2 ? _mm256_set1_epi32(-1) : _mm256_setr_epi32(-1, -1, -1, -1, 0, 0, 0, 0))
#define LEA_MLOADU(p, m) _mm256_maskload_epi32((const int *)(const void *)(p), m)
#define LEA_MSTOREU(p, m, v) _mm256_maskstore_epi32((int *)(void *)(p), m, v)
/* Fused XTS (lea_simd_template.h; its vector operations are in modes/xts_kernel.h). */
#define LEA_XTS 1

#include "lea_simd_template.h"
