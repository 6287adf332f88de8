/* LSH-256 single-message kernel, NEON (AArch64, and 32-bit Arm with -mfpu=neon). cv_l and cv_r
 * are two q registers each (words 0-3, 4-7 and 8-11, 12-15), as in the SSSE3 kernel: alpha and
 * beta are shift + shift-right-insert rotations, and every gamma amount is a whole number of
 * bytes, so one byte look-up (tbl) per cv_r register does its gamma rotations and its part of
 * the word permutation sigma; another per cv_l register does sigma. */
#include "lsh_core.h"
#include "lsh_internal.h"
#include "lsh_neon_defs.h"

/* Byte indices for one output word: input word p rotated left by k bytes. */
#define ROTW(p, k) 4 * (p) + ((0 - (k)) & 3), 4 * (p) + ((1 - (k)) & 3), \
                   4 * (p) + ((2 - (k)) & 3), 4 * (p) + ((3 - (k)) & 3)

/* sigma = {6,4,5,7, 12,15,14,13, 2,0,1,3, 8,11,10,9}: each new cv_l register takes words
 * (2,0,1,3) of an x group; each new cv_r register words (0,3,2,1) of a y group, rotated by gamma
 * (in bytes {0,1,2,3} for words 0-3 and {3,2,1,0} for words 4-7). */
static const uint8_t perm_x[16] = {ROTW(2, 0), ROTW(0, 0), ROTW(1, 0), ROTW(3, 0)};
static const uint8_t perm_y0[16] = {ROTW(0, 0), ROTW(3, 3), ROTW(2, 2), ROTW(1, 1)};
static const uint8_t perm_y1[16] = {ROTW(0, 3), ROTW(3, 0), ROTW(2, 1), ROTW(1, 2)};
/* tau on words 0-3 of a group: (3, 2, 0, 1). (Words 4-7, (3, 0, 1, 2), are one vext.) */
static const uint8_t perm_tau0[16] = {ROTW(3, 0), ROTW(2, 0), ROTW(0, 0), ROTW(1, 0)};

typedef struct {
    uint8x16_t x, y0, y1, tau0;
} perms;

/* s = {L0, L1, R0, R1}. Mix on the pairs (l, l+8), then cv'[l] = t[sigma(l)]. Alpha and beta
 * must be immediates, hence one function per pair. */
#define DEFINE_STEP(name, A, B)                                                                 \
    static inline void name(uint32x4_t s[4], const uint32x4_t m[4], const uint32_t *sc,         \
                            const perms *p)                                                     \
    {                                                                                           \
        uint32x4_t x0 = veorq_u32(s[0], m[0]), x1 = veorq_u32(s[1], m[1]);                      \
        uint32x4_t y0 = veorq_u32(s[2], m[2]), y1 = veorq_u32(s[3], m[3]);                      \
        x0 = vaddq_u32(x0, y0);                                                                 \
        x1 = vaddq_u32(x1, y1);                                                                 \
        x0 = veorq_u32(KARX_NEON_ROL32(x0, A), vld1q_u32(sc));                                  \
        x1 = veorq_u32(KARX_NEON_ROL32(x1, A), vld1q_u32(sc + 4));                              \
        y0 = vaddq_u32(x0, y0);                                                                 \
        y1 = vaddq_u32(x1, y1);                                                                 \
        y0 = KARX_NEON_ROL32(y0, B);                                                            \
        y1 = KARX_NEON_ROL32(y1, B);                                                            \
        x0 = vaddq_u32(x0, y0);                                                                 \
        x1 = vaddq_u32(x1, y1);                                                                 \
        s[0] = karx_neon_tbl_u32(x1, p->x);  /* sigma 6, 4, 5, 7 */                             \
        s[1] = karx_neon_tbl_u32(y1, p->y1); /* sigma 12, 15, 14, 13 */                         \
        s[2] = karx_neon_tbl_u32(x0, p->x);  /* sigma 2, 0, 1, 3 */                             \
        s[3] = karx_neon_tbl_u32(y0, p->y0); /* sigma 8, 11, 10, 9 */                           \
    }

DEFINE_STEP(step_even, 29, 1)
DEFINE_STEP(step_odd, 5, 17)

/* older[l] = prev[l] + older[tau(l)], tau = {3,2,0,1, 7,4,5,6, ...} per group of four. */
static inline void expand(uint32x4_t older[4], const uint32x4_t prev[4], const perms *p)
{
    older[0] = vaddq_u32(prev[0], karx_neon_tbl_u32(older[0], p->tau0));
    older[1] = vaddq_u32(prev[1], vextq_u32(older[1], older[1], 3));
    older[2] = vaddq_u32(prev[2], karx_neon_tbl_u32(older[2], p->tau0));
    older[3] = vaddq_u32(prev[3], vextq_u32(older[3], older[3], 3));
}

static inline void perms_init(perms *p)
{
    p->x = vld1q_u8(perm_x);
    p->y0 = vld1q_u8(perm_y0);
    p->y1 = vld1q_u8(perm_y1);
    p->tau0 = vld1q_u8(perm_tau0);
}

#define LSH_BITS 256
#define SM_V uint32x4_t
#define SM_LOAD(p) karx_neon_ld32(p)
#define SM_STORE(p, v) vst1q_u8(p, vreinterpretq_u8_u32(v))
#define SM_XOR(a, b) veorq_u32(a, b)
#define SM_PERMS perms
#define SM_PERMS_INIT(p) perms_init(p)
#define SM_STEP_EVEN(s, m, sc, p) step_even(s, m, sc, p)
#define SM_STEP_ODD(s, m, sc, p) step_odd(s, m, sc, p)
#define SM_EXPAND(older, prev, p) expand(older, prev, p)
#include "lsh_sm_template.h"

const karx_lsh256_kernels karx_i_lsh256_neon = {"neon", compress, 4, karx_i_lsh256_neon_mb,
                                                karx_i_lsh256_neon_mb_tail};
