/* The AVX-512 definitions of lea_simd_template.h (F+VL+BW; see lea_avx512.c), shared by the
 * kernels (lea_avx512.c) and the GCM kernel (lea_gcm_avx512.c). */
#ifndef KARX_LEA_AVX512_DEFS_H
#define KARX_LEA_AVX512_DEFS_H

#include <immintrin.h>
#include <stdint.h>

typedef const uint32_t (*lea_kp_t)[6];

#define LEA_V __m512i
#define LEA_L 4
#define LEA_GROUPS 2
#define LEA_NAME "avx512"
#define LEA_TABLE karx_i_lea_avx512
#define LEA_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define LEA_STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define LEA_ZERO() _mm512_setzero_si512()
#define LEA_SET1(x) _mm512_set1_epi32((int)(x))
#define LEA_XOR(a, b) _mm512_xor_si512(a, b)
#define LEA_ADD(a, b) _mm512_add_epi32(a, b)
#define LEA_SUB(a, b) _mm512_sub_epi32(a, b)
#define LEA_ROL(v, n) _mm512_rol_epi32(v, n)
#define LEA_ROR(v, n) _mm512_ror_epi32(v, n)
#define LEA_UNPLO32(a, b) _mm512_unpacklo_epi32(a, b)
#define LEA_UNPHI32(a, b) _mm512_unpackhi_epi32(a, b)
#define LEA_UNPLO64(a, b) _mm512_unpacklo_epi64(a, b)
#define LEA_UNPHI64(a, b) _mm512_unpackhi_epi64(a, b)
#define LEA_BSWAP32(v)                                                                          \
    _mm512_shuffle_epi8(v, _mm512_broadcast_i32x4(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10,  \
                                                                9, 8, 15, 14, 13, 12)))
#define LEA_OFFSETS() _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)
#define LEA_KP_T lea_kp_t
#define LEA_KEY(kp, r, j) _mm512_set1_epi32((int)(kp)[r][j])
#define LEA_MASK_T __mmask16
#define LEA_MASK(k) ((__mmask16)((k) >= 4 ? 0xffffu : (1u << (4 * (k))) - 1u))
#define LEA_MLOADU(p, m) _mm512_maskz_loadu_epi32(m, (const void *)(p))
#define LEA_MSTOREU(p, m, v) _mm512_mask_storeu_epi32((void *)(p), m, v)
/* Decryption here is bound by its dependency chain, so long calls (16 KiB and more) take the
 * combined round keys (3-4% faster; see lea_simd_template.h). */
#define LEA_DEC_KEYS_MIN 1024
/* Fused XTS (lea_simd_template.h; its vector operations are in modes/xts_kernel.h). */
#define LEA_XTS 1

#endif
