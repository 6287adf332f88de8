/* LSH-512 single-message kernel, NEON (AArch64, and 32-bit Arm with -mfpu=neon). cv_l and cv_r
 * are four q registers each, two words per register. Alpha and beta are shift +
 * shift-right-insert rotations. Every gamma amount is a whole number of bytes: on AArch64 one
 * two-register byte look-up (tbl) per new cv_r register does both words' gamma rotations and
 * sigma; on 32-bit Arm, where a q register is two d registers, each word is one vext of its d
 * register and sigma is the choice of d registers. sigma on cv_l is 64-bit half moves. */
#include "lsh_core.h"
#include "lsh_internal.h"
#include "lsh_neon_defs.h"

/* Byte indices for one output word: the word at byte offset base of the register pair,
 * rotated left by k bytes. */
#define R64(base, k) (base) + ((0 - (k)) & 7), (base) + ((1 - (k)) & 7), (base) + ((2 - (k)) & 7), \
                     (base) + ((3 - (k)) & 7), (base) + ((4 - (k)) & 7), (base) + ((5 - (k)) & 7), \
                     (base) + ((6 - (k)) & 7), (base) + ((7 - (k)) & 7)

#if defined(__aarch64__)
/* sigma on cv_r = {12,15, 14,13, 8,11, 10,9} from y words 4..7 (Y2 = y4 y5, Y3 = y6 y7) and
 * 0..3 (Y0, Y1); gamma in bytes = {0, 2, 4, 6, 1, 3, 5, 7} for y words 0..7. */
static const uint8_t perm_gs[4][16] = {
    {R64(0, 1), R64(24, 7)},  /* (Y2, Y3): y4, y7 */
    {R64(16, 5), R64(8, 3)},  /* (Y2, Y3): y6, y5 */
    {R64(0, 0), R64(24, 6)},  /* (Y0, Y1): y0, y3 */
    {R64(16, 4), R64(8, 2)},  /* (Y0, Y1): y2, y1 */
};
typedef struct {
    uint8x16_t gs[4];
} perms;
#define GAMMA_SIGMA(s, y, p)                                                                   \
    do {                                                                                       \
        s[2] = karx_neon_tbl2_u64(y[2], y[3], (p)->gs[0]);                                     \
        s[3] = karx_neon_tbl2_u64(y[2], y[3], (p)->gs[1]);                                     \
        s[6] = karx_neon_tbl2_u64(y[0], y[1], (p)->gs[2]);                                     \
        s[7] = karx_neon_tbl2_u64(y[0], y[1], (p)->gs[3]);                                     \
    } while (0)
#else
typedef struct {
    int unused;
} perms;
/* A 64-bit word rotated left by k bytes: vext of its d register with itself. */
#define ROTD(d, k)                                                                             \
    vreinterpret_u64_u8(vext_u8(vreinterpret_u8_u64(d), vreinterpret_u8_u64(d), (8 - (k)) & 7))
#define GAMMA_SIGMA(s, y, p)                                                                   \
    do {                                                                                       \
        (void)(p);                                                                             \
        s[2] = vcombine_u64(ROTD(vget_low_u64(y[2]), 1), ROTD(vget_high_u64(y[3]), 7));        \
        s[3] = vcombine_u64(ROTD(vget_low_u64(y[3]), 5), ROTD(vget_high_u64(y[2]), 3));        \
        s[6] = vcombine_u64(vget_low_u64(y[0]), ROTD(vget_high_u64(y[1]), 6));                 \
        s[7] = vcombine_u64(ROTD(vget_low_u64(y[1]), 4), ROTD(vget_high_u64(y[0]), 2));        \
    } while (0)
#endif

/* s[0..3] = cv_l, s[4..7] = cv_r. Mix on the pairs (l, l+8), then cv'[l] = t[sigma(l)],
 * sigma = {6,4, 5,7, 12,15, 14,13, 2,0, 1,3, 8,11, 10,9}. Alpha and beta are immediates. */
#define DEFINE_STEP(name, A, B)                                                                \
    static inline void name(uint64x2_t s[8], const uint64x2_t m[8], const uint64_t *sc,        \
                            const perms *p)                                                    \
    {                                                                                          \
        uint64x2_t x[4], y[4];                                                                 \
        for (int i = 0; i < 4; i++) {                                                          \
            x[i] = veorq_u64(s[i], m[i]);                                                      \
            y[i] = veorq_u64(s[i + 4], m[i + 4]);                                              \
            x[i] = vaddq_u64(x[i], y[i]);                                                      \
            x[i] = veorq_u64(KARX_NEON_ROL64(x[i], A), vld1q_u64(sc + 2 * i));                 \
            y[i] = vaddq_u64(x[i], y[i]);                                                      \
            y[i] = KARX_NEON_ROL64(y[i], B);                                                   \
            x[i] = vaddq_u64(x[i], y[i]);                                                      \
        }                                                                                      \
        s[0] = karx_neon_lo64(x[3], x[2]); /* 6, 4 */                                          \
        s[1] = karx_neon_hi64(x[2], x[3]); /* 5, 7 */                                          \
        s[4] = karx_neon_lo64(x[1], x[0]); /* 2, 0 */                                          \
        s[5] = karx_neon_hi64(x[0], x[1]); /* 1, 3 */                                          \
        GAMMA_SIGMA(s, y, p);                                                                  \
    }

DEFINE_STEP(step_even, 23, 59)
DEFINE_STEP(step_odd, 7, 3)

/* older[l] = prev[l] + older[tau(l)], tau = {3,2,0,1, 7,4,5,6, ...} per group of four. */
static inline void expand(uint64x2_t older[8], const uint64x2_t prev[8])
{
    for (int g = 0; g < 8; g += 4) {
        uint64x2_t o0 = older[g], o1 = older[g + 1], o2 = older[g + 2], o3 = older[g + 3];
        older[g] = vaddq_u64(prev[g], vextq_u64(o1, o1, 1));         /* 3, 2 */
        older[g + 1] = vaddq_u64(prev[g + 1], o0);                    /* 0, 1 */
        older[g + 2] = vaddq_u64(prev[g + 2], vextq_u64(o3, o2, 1)); /* 7, 4 */
        older[g + 3] = vaddq_u64(prev[g + 3], vextq_u64(o2, o3, 1)); /* 5, 6 */
    }
}

static inline void perms_init(perms *p)
{
#if defined(__aarch64__)
    for (int i = 0; i < 4; i++)
        p->gs[i] = vld1q_u8(perm_gs[i]);
#else
    p->unused = 0;
#endif
}

#define LSH_BITS 512
#define SM_V uint64x2_t
#define SM_LOAD(p) karx_neon_ld64(p)
#define SM_STORE(p, v) vst1q_u8(p, vreinterpretq_u8_u64(v))
#define SM_XOR(a, b) veorq_u64(a, b)
#define SM_PERMS perms
#define SM_PERMS_INIT(p) perms_init(p)
#define SM_STEP_EVEN(s, m, sc, p) step_even(s, m, sc, p)
#define SM_STEP_ODD(s, m, sc, p) step_odd(s, m, sc, p)
#define SM_EXPAND(older, prev, p) expand(older, prev)
#include "lsh_sm_template.h"

const karx_lsh512_kernels karx_i_lsh512_neon = {"neon", compress, 2, karx_i_lsh512_neon_mb,
                                                karx_i_lsh512_neon_mb_tail};
