/* Helpers shared by the LSH NEON kernels (lsh{256,512}_neon.c, lsh{256,512}_neon_mb.c), for
 * AArch64 and for 32-bit Arm with -mfpu=neon. Only static inline functions and macros, so no
 * NEON code reaches a file compiled without NEON. Little-endian only (AArch64 and armhf Linux):
 * message words are loaded with plain vector loads. */
#ifndef KARX_LSH_NEON_DEFS_H
#define KARX_LSH_NEON_DEFS_H

#include <arm_neon.h>
#include <stdint.h>

#if defined(__ARM_BIG_ENDIAN)
#error "the NEON kernels assume little-endian lanes"
#endif

/* Rotations by immediates: shift left, then shift-right-and-insert (2 instructions). */
#define KARX_NEON_ROL32(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))
#define KARX_NEON_ROL64(x, n) vsriq_n_u64(vshlq_n_u64(x, n), x, 64 - (n))

/* Byte look-up within one q register: out byte i = v byte idx[i] (idx < 16). One tbl on
 * AArch64, two vtbl2 on 32-bit Arm. */
static inline uint8x16_t karx_neon_tbl(uint8x16_t v, uint8x16_t idx)
{
#if defined(__aarch64__)
    return vqtbl1q_u8(v, idx);
#else
    uint8x8x2_t t = {{vget_low_u8(v), vget_high_u8(v)}};
    return vcombine_u8(vtbl2_u8(t, vget_low_u8(idx)), vtbl2_u8(t, vget_high_u8(idx)));
#endif
}

/* Byte look-up across two q registers: idx < 16 picks from a, 16..31 from b. */
static inline uint8x16_t karx_neon_tbl2(uint8x16_t a, uint8x16_t b, uint8x16_t idx)
{
#if defined(__aarch64__)
    uint8x16x2_t t = {{a, b}};
    return vqtbl2q_u8(t, idx);
#else
    uint8x8x4_t t = {{vget_low_u8(a), vget_high_u8(a), vget_low_u8(b), vget_high_u8(b)}};
    return vcombine_u8(vtbl4_u8(t, vget_low_u8(idx)), vtbl4_u8(t, vget_high_u8(idx)));
#endif
}

static inline uint32x4_t karx_neon_tbl_u32(uint32x4_t v, uint8x16_t idx)
{
    return vreinterpretq_u32_u8(karx_neon_tbl(vreinterpretq_u8_u32(v), idx));
}

static inline uint64x2_t karx_neon_tbl2_u64(uint64x2_t a, uint64x2_t b, uint8x16_t idx)
{
    uint8x16_t ab = vreinterpretq_u8_u64(a), bb = vreinterpretq_u8_u64(b);
    return vreinterpretq_u64_u8(karx_neon_tbl2(ab, bb, idx));
}

/* Unaligned loads and stores through byte pointers (no alignment assumed anywhere). */
static inline uint32x4_t karx_neon_ld32(const void *p)
{
    return vreinterpretq_u32_u8(vld1q_u8((const uint8_t *)p));
}
static inline uint64x2_t karx_neon_ld64(const void *p)
{
    return vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)p));
}

/* 64-bit halves: (a.lo, b.lo) and (a.hi, b.hi). */
static inline uint64x2_t karx_neon_lo64(uint64x2_t a, uint64x2_t b)
{
    return vcombine_u64(vget_low_u64(a), vget_low_u64(b));
}
static inline uint64x2_t karx_neon_hi64(uint64x2_t a, uint64x2_t b)
{
    return vcombine_u64(vget_high_u64(a), vget_high_u64(b));
}

#endif
