/* CHAM kernels for NEON (AArch64, and 32-bit Arm with -mfpu=neon): 4 CHAM-128 or 8 CHAM-64
 * blocks per q register, two groups interleaved (cham_simd.h). NEON's shift-right-and-insert
 * makes every rotation by 1 two operations (shift, vsri); the 16-bit rotation by 8 and the
 * 32-bit byte swap are one vrev each, the 32-bit rotations by 8 one byte look-up (tbl; two
 * vtbl2 on 32-bit Arm). NEON vectors are typed, so V is uint32x4_t and the 16-bit operations
 * reinterpret. */
#include <arm_neon.h>
#include <stdint.h>

#if defined(__ARM_BIG_ENDIAN)
#error "the NEON kernels assume little-endian lanes"
#endif

#define V uint32x4_t
#define VBYTES 16
#define U16(x) vreinterpretq_u16_u32(x)
#define U32(x) vreinterpretq_u32_u16(x)
#define LOADU(p) vreinterpretq_u32_u8(vld1q_u8((const uint8_t *)(const void *)(p)))
#define STOREU(p, v) vst1q_u8((uint8_t *)(void *)(p), vreinterpretq_u8_u32(v))
#define LOADA(p) vld1q_u32(p)
#define XOR veorq_u32
#define ADD32 vaddq_u32
#define SUB32 vsubq_u32
#define ADD16(a, b) U32(vaddq_u16(U16(a), U16(b)))
#define SUB16(a, b) U32(vsubq_u16(U16(a), U16(b)))
#define SET1_32(x) vdupq_n_u32((uint32_t)(x))
#define SET1_16(x) U32(vdupq_n_u16((uint16_t)(x)))

#if defined(__aarch64__)
#define UNPACKLO16(a, b) U32(vzip1q_u16(U16(a), U16(b)))
#define UNPACKHI16(a, b) U32(vzip2q_u16(U16(a), U16(b)))
#define UNPACKLO32 vzip1q_u32
#define UNPACKHI32 vzip2q_u32
#define UNPACKLO64(a, b)                                                                         \
    vreinterpretq_u32_u64(vzip1q_u64(vreinterpretq_u64_u32(a), vreinterpretq_u64_u32(b)))
#define UNPACKHI64(a, b)                                                                         \
    vreinterpretq_u32_u64(vzip2q_u64(vreinterpretq_u64_u32(a), vreinterpretq_u64_u32(b)))
#else
#define UNPACKLO16(a, b) U32(vzipq_u16(U16(a), U16(b)).val[0])
#define UNPACKHI16(a, b) U32(vzipq_u16(U16(a), U16(b)).val[1])
#define UNPACKLO32(a, b) (vzipq_u32(a, b).val[0])
#define UNPACKHI32(a, b) (vzipq_u32(a, b).val[1])
#define UNPACKLO64(a, b) vcombine_u32(vget_low_u32(a), vget_low_u32(b))
#define UNPACKHI64(a, b) vcombine_u32(vget_high_u32(a), vget_high_u32(b))
#endif

static inline V rol32_1(V x) { return vsriq_n_u32(vshlq_n_u32(x, 1), x, 31); }
static inline V ror32_1(V x) { return vsriq_n_u32(vshlq_n_u32(x, 31), x, 1); }
static inline V rol16_1(V x) { return U32(vsriq_n_u16(vshlq_n_u16(U16(x), 1), U16(x), 15)); }
static inline V ror16_1(V x) { return U32(vsriq_n_u16(vshlq_n_u16(U16(x), 15), U16(x), 1)); }
static inline V rol16_8(V x) { return vreinterpretq_u32_u8(vrev16q_u8(vreinterpretq_u8_u32(x))); }
static inline V bswap32(V x) { return vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(x))); }

static inline V tbl(V x, const uint8_t idx[16])
{
    uint8x16_t b = vreinterpretq_u8_u32(x), i = vld1q_u8(idx);
#if defined(__aarch64__)
    return vreinterpretq_u32_u8(vqtbl1q_u8(b, i));
#else
    uint8x8x2_t t = {{vget_low_u8(b), vget_high_u8(b)}};
    return vreinterpretq_u32_u8(
        vcombine_u8(vtbl2_u8(t, vget_low_u8(i)), vtbl2_u8(t, vget_high_u8(i))));
#endif
}
static const uint8_t ch_rol8_idx[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
static const uint8_t ch_ror8_idx[16] = {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};
static inline V rol32_8(V x) { return tbl(x, ch_rol8_idx); }
static inline V ror32_8(V x) { return tbl(x, ch_ror8_idx); }

#define CH_GROUPS 2

/* Fused XTS (cham_simd.h; its vector operations are in modes/xts_kernel.h). */
#define CH_XTS 1

#define CH_NAME "neon"
#define CH_TABLE64 karx_i_cham64_neon
#define CH_TABLE128 karx_i_cham128_neon
#include "cham_simd.h"
