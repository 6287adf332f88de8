/* LEA kernels for NEON (AArch64, and 32-bit Arm with -mfpu=neon): 4 blocks per q register,
 * word-sliced, two groups of 4 blocks interleaved (see lea_simd_template.h). Rotations are a
 * shift and a shift-right-insert (vsri), so a round is 12 vector ops like the AVX-512 vprold
 * form; round keys come from broadcast loads (ld1r / vld1.32 {d[]}); the CTR byte swap is one
 * vrev32. Fewer than 4 blocks run the scalar code. */
#include <arm_neon.h>
#include <stdint.h>

#if defined(__ARM_BIG_ENDIAN)
#error "the NEON kernels assume little-endian lanes"
#endif

typedef const uint32_t (*lea_kp_t)[6];

static const uint32_t lea_neon_offsets[4] = {0, 1, 2, 3};

#define LEA_V uint32x4_t
#define LEA_L 1
#define LEA_GROUPS 2
#define LEA_NAME "neon"
#define LEA_TABLE karx_i_lea_neon
#define LEA_LOADU(p) vreinterpretq_u32_u8(vld1q_u8((const uint8_t *)(p)))
#define LEA_STOREU(p, v) vst1q_u8((uint8_t *)(p), vreinterpretq_u8_u32(v))
#define LEA_ZERO() vdupq_n_u32(0)
#define LEA_SET1(x) vdupq_n_u32((uint32_t)(x))
#define LEA_XOR(a, b) veorq_u32(a, b)
#define LEA_ADD(a, b) vaddq_u32(a, b)
#define LEA_SUB(a, b) vsubq_u32(a, b)
#define LEA_ROL(v, n) vsriq_n_u32(vshlq_n_u32(v, n), v, 32 - (n))
#define LEA_ROR(v, n) vsriq_n_u32(vshlq_n_u32(v, 32 - (n)), v, n)
#if defined(__aarch64__)
#define LEA_UNPLO32(a, b) vzip1q_u32(a, b)
#define LEA_UNPHI32(a, b) vzip2q_u32(a, b)
#define LEA_UNPLO64(a, b)                                                                        \
    vreinterpretq_u32_u64(vzip1q_u64(vreinterpretq_u64_u32(a), vreinterpretq_u64_u32(b)))
#define LEA_UNPHI64(a, b)                                                                        \
    vreinterpretq_u32_u64(vzip2q_u64(vreinterpretq_u64_u32(a), vreinterpretq_u64_u32(b)))
#else
#define LEA_UNPLO32(a, b) (vzipq_u32(a, b).val[0])
#define LEA_UNPHI32(a, b) (vzipq_u32(a, b).val[1])
#define LEA_UNPLO64(a, b) vcombine_u32(vget_low_u32(a), vget_low_u32(b))
#define LEA_UNPHI64(a, b) vcombine_u32(vget_high_u32(a), vget_high_u32(b))
#endif
#define LEA_BSWAP32(v) vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(v)))
#define LEA_OFFSETS() vld1q_u32(lea_neon_offsets)
#define LEA_KP_T lea_kp_t
#define LEA_KEY(kp, r, j) vdupq_n_u32((kp)[r][j])
/* Fused XTS (lea_simd_template.h; its vector operations are in modes/xts_kernel.h). */
#define LEA_XTS 1

#include "lea_simd_template.h"
