/* The lane vector (lanes_template.h) for NEON (AArch64 and 32-bit Arm): 4 lanes per q register; a rotation is a
 * shift and a shift-right-insert. */
#ifndef KARX_LANES_VEC_NEON_H
#define KARX_LANES_VEC_NEON_H

#include <arm_neon.h>
#include <stdint.h>

#define LV uint32x4_t
#define LV_L 4
#define LV_LOAD(p) vld1q_u32(p)
#define LV_STORE(p, v) vst1q_u32(p, v)
#define LV_SET1(x) vdupq_n_u32((uint32_t)(x))
#define LV_XOR(a, b) veorq_u32(a, b)
#define LV_ADD(a, b) vaddq_u32(a, b)
#define LV_ROL(v, n) vsriq_n_u32(vshlq_n_u32(v, n), v, 32 - (n))
#define LV_NAME "neon"

#define LV_BSWAP32(v) vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(v)))

#endif
