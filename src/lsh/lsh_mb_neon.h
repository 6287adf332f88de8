/* NEON operations for the multi-buffer template (lsh_mb_template.h): one message per 32-bit
 * (LSH-256) or 64-bit (LSH-512) lane of a q register. alpha and beta are shift +
 * shift-right-insert, gamma one byte look-up. */
#include "lsh_family.h"
#include "lsh_neon_defs.h"

/* NQ(op): the intrinsic op for this family's lane width. */
#if LSH_BITS == 256
typedef uint32x4_t V;
#define NQ(op) op##_u32
#define ROL(x, r) KARX_NEON_ROL32(x, r)
#define NEON_AS_BYTES(v) vreinterpretq_u8_u32(v)
#define NEON_FROM_BYTES(v) vreinterpretq_u32_u8(v)
#else
typedef uint64x2_t V;
#define NQ(op) op##_u64
#define ROL(x, r) KARX_NEON_ROL64(x, r)
#define NEON_AS_BYTES(v) vreinterpretq_u8_u64(v)
#define NEON_FROM_BYTES(v) vreinterpretq_u64_u8(v)
#endif
#define ADD(a, b) NQ(vaddq)(a, b)
#define XOR(a, b) NQ(veorq)(a, b)
#define AND(a, b) NQ(vandq)(a, b)
#define OR(a, b) NQ(vorrq)(a, b)
#define SET1(w) NQ(vdupq_n)((LSHF_WORD)(w))
#define LOADV(p) NQ(vld1q)(p)
#define STOREV(p, v) NQ(vst1q)(p, v)
#define SHUFB(x, m) NEON_FROM_BYTES(karx_neon_tbl(NEON_AS_BYTES(x), NEON_AS_BYTES(m)))
#define ROTB(k) mb_rotb(k)

/* The byte look-up pattern rotating each word left by k bytes, kept as a V. */
static inline V mb_rotb(int k)
{
    const uint8_t idx[16] = {LSHF_ROTB_BYTES(k)};
    return NEON_FROM_BYTES(vld1q_u8(idx));
}
