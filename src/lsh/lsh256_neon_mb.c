/* LSH-256 multi-buffer kernel, NEON: four messages, one per 32-bit lane of a q register, from
 * the shared template (lsh_mb_template.h). Vector w holds word w of every lane, so sigma and tau
 * are register renaming; alpha and beta are shift + shift-right-insert, gamma one byte look-up. */
#include "lsh_core.h"
#include "lsh_internal.h"
#include "lsh_neon_defs.h"

#define LANES 4
typedef uint32x4_t V;

#define ADD(a, b) vaddq_u32(a, b)
#define XOR(a, b) veorq_u32(a, b)
#define AND(a, b) vandq_u32(a, b)
#define OR(a, b) vorrq_u32(a, b)
#define ROL(x, r) KARX_NEON_ROL32(x, r)
#define SET1(w) vdupq_n_u32((uint32_t)(w))
#define LOADV(p) vld1q_u32(p)
#define STOREV(p, v) vst1q_u32(p, v)

/* Byte look-up pattern rotating each 32-bit word left by k bytes (kept as a V). */
#define RB(k, i) (uint8_t)(((i) & 12) | (((i) - (k)) & 3))
static inline V rotb(int k)
{
    const uint8_t idx[16] = {RB(k, 0), RB(k, 1), RB(k, 2),  RB(k, 3),  RB(k, 4),  RB(k, 5),
                             RB(k, 6), RB(k, 7), RB(k, 8),  RB(k, 9),  RB(k, 10), RB(k, 11),
                             RB(k, 12), RB(k, 13), RB(k, 14), RB(k, 15)};
    return vreinterpretq_u32_u8(vld1q_u8(idx));
}
#define ROTB(k) rotb(k)
#define SHUFB(x, m) karx_neon_tbl_u32(x, vreinterpretq_u8_u32(m))

/* m[i] = word off / 4 + i of the 4 lanes, i < 4: a 4x4 transpose of 16 bytes per lane. */
static inline void load_words(V m[4], const uint8_t *const *blocks, size_t off)
{
    V a = karx_neon_ld32(blocks[0] + off), b = karx_neon_ld32(blocks[1] + off);
    V c = karx_neon_ld32(blocks[2] + off), d = karx_neon_ld32(blocks[3] + off);
    uint32x4x2_t ab = vzipq_u32(a, b), cd = vzipq_u32(c, d); /* a0 b0 a1 b1 | a2 b2 a3 b3 */
    uint64x2_t ab01 = vreinterpretq_u64_u32(ab.val[0]), ab23 = vreinterpretq_u64_u32(ab.val[1]);
    uint64x2_t cd01 = vreinterpretq_u64_u32(cd.val[0]), cd23 = vreinterpretq_u64_u32(cd.val[1]);
    m[0] = vreinterpretq_u32_u64(karx_neon_lo64(ab01, cd01));
    m[1] = vreinterpretq_u32_u64(karx_neon_hi64(ab01, cd01));
    m[2] = vreinterpretq_u32_u64(karx_neon_lo64(ab23, cd23));
    m[3] = vreinterpretq_u32_u64(karx_neon_hi64(ab23, cd23));
}

#define MB_WORD uint32_t
#define MB_FN karx_i_lsh256_neon_mb
#define MB_FN_TAIL karx_i_lsh256_neon_mb_tail
#define MB_CHUNK_WORDS 4
#define MB_STEPS KARX_LSH256_STEPS
#define MB_SC karx_lsh256_sc
#define MB_GAMMA karx_lsh256_gamma
#define MB_AE 29
#define MB_BE 1
#define MB_AO 5
#define MB_BO 17
#include "lsh_mb_template.h"
