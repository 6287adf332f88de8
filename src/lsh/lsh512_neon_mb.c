/* LSH-512 multi-buffer kernel, NEON: two messages, one per 64-bit lane of a q register, from
 * the shared template (lsh_mb_template.h). Vector w holds word w of both lanes, so sigma and tau
 * are register renaming; alpha and beta are shift + shift-right-insert, gamma one byte look-up. */
#include "lsh_core.h"
#include "lsh_internal.h"
#include "lsh_neon_defs.h"

#define LANES 2
typedef uint64x2_t V;

#define ADD(a, b) vaddq_u64(a, b)
#define XOR(a, b) veorq_u64(a, b)
#define AND(a, b) vandq_u64(a, b)
#define OR(a, b) vorrq_u64(a, b)
#define ROL(x, r) KARX_NEON_ROL64(x, r)
#define SET1(w) vdupq_n_u64((uint64_t)(w))
#define LOADV(p) vld1q_u64(p)
#define STOREV(p, v) vst1q_u64(p, v)

/* Byte look-up pattern rotating each 64-bit word left by k bytes (kept as a V). */
#define RB(k, i) (uint8_t)(((i) & 8) | (((i) - (k)) & 7))
static inline V rotb(int k)
{
    const uint8_t idx[16] = {RB(k, 0), RB(k, 1), RB(k, 2),  RB(k, 3),  RB(k, 4),  RB(k, 5),
                             RB(k, 6), RB(k, 7), RB(k, 8),  RB(k, 9),  RB(k, 10), RB(k, 11),
                             RB(k, 12), RB(k, 13), RB(k, 14), RB(k, 15)};
    return vreinterpretq_u64_u8(vld1q_u8(idx));
}
#define ROTB(k) rotb(k)
#define SHUFB(x, m)                                                                            \
    vreinterpretq_u64_u8(karx_neon_tbl(vreinterpretq_u8_u64(x), vreinterpretq_u8_u64(m)))

/* m[0], m[1] = words off / 8 and off / 8 + 1 of both lanes. */
static inline void load_words(V m[2], const uint8_t *const *blocks, size_t off)
{
    V a = karx_neon_ld64(blocks[0] + off), b = karx_neon_ld64(blocks[1] + off);
    m[0] = karx_neon_lo64(a, b);
    m[1] = karx_neon_hi64(a, b);
}

#define MB_WORD uint64_t
#define MB_FN karx_i_lsh512_neon_mb
#define MB_FN_TAIL karx_i_lsh512_neon_mb_tail
#define MB_CHUNK_WORDS 2
#define MB_STEPS KARX_LSH512_STEPS
#define MB_SC karx_lsh512_sc
#define MB_GAMMA karx_lsh512_gamma
#define MB_AE 23
#define MB_BE 59
#define MB_AO 7
#define MB_BO 3
#include "lsh_mb_template.h"
