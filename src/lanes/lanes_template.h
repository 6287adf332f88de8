/* Lane kernels of LEA and CHAM-128 (lanes.h), one body for every back end. Included once by
 * each back end's file after it defines:
 *
 *   LV                  vector of LV_L 32-bit words (LV_L = 4, 8 or 16)
 *   LV_LOAD(p)          load LV_L words from p (aligned to sizeof(LV)), LV_STORE(p, v)
 *   LV_SET1(x)          x in every element
 *   LV_XOR, LV_ADD      elementwise
 *   LV_ROL(v, n)        rotate every element left by the constant n, 0 < n < 32
 *   LV_NAME             the back end's name;  LV_FN(x)  a name of this back end's
 *
 * Every element is one lane: its own key, its own block. The key schedules run on vectors too
 * (KS X 3246 for LEA, revised CHAM for CHAM-128): one vector op schedules LV_L keys, so a
 * schedule costs about what LV_L blocks' worth of 2-3 rounds do, and a lane refilled with a new
 * job needs no stored schedule. Round keys are kept as vectors in the context, one per lane
 * element, and read as memory operands in the rounds. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../common/endian.h"
#include "../common/rotate.h"
#include "lanes.h"

#define LV_ALIGNED _Alignas(sizeof(LV))

/* Word j of every lane's key, as a vector. */
static inline LV LV_FN(key_word)(const uint8_t *const *keys, unsigned j)
{
    LV_ALIGNED uint32_t t[LV_L];
    for (unsigned i = 0; i < LV_L; i++)
        t[i] = karx_load32_le(keys[i] + 4 * j);
    LV v = LV_LOAD(t);
    karx_memzero(t, sizeof t);
    return v;
}

/* ---- LEA ---- */
typedef struct {
    LV rk[32][6];
    unsigned rounds;
} LV_FN(lea_ctx);
_Static_assert(sizeof(LV_FN(lea_ctx)) <= KARX_I_LANES_CTX_BYTES, "lane context size");

static const uint32_t LV_FN(lea_delta)[8] = {0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec,
                                             0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957};

/* T = ROL_n(T + ROL_(i+j)(delta)): one word of the key schedule, for every lane. */
#define LV_LEA_KS(t, d, s, n) (t) = LV_ROL(LV_ADD((t), LV_SET1(karx_rotl32((d), (s) & 31))), n)

static void LV_FN(lea_schedule)(void *vctx, const uint8_t *const *keys, size_t key_len)
{
    LV_FN(lea_ctx) *c = (LV_FN(lea_ctx) *)vctx;
    LV t[8];
    unsigned nkw = (unsigned)(key_len / 4);
    for (unsigned j = 0; j < nkw; j++)
        t[j] = LV_FN(key_word)(keys, j);
    if (nkw == 4) {
        for (unsigned i = 0; i < 24; i++) {
            uint32_t d = LV_FN(lea_delta)[i % 4];
            LV_LEA_KS(t[0], d, i, 1);
            LV_LEA_KS(t[1], d, i + 1, 3);
            LV_LEA_KS(t[2], d, i + 2, 6);
            LV_LEA_KS(t[3], d, i + 3, 11);
            c->rk[i][0] = t[0];
            c->rk[i][1] = t[1];
            c->rk[i][2] = t[2];
            c->rk[i][3] = t[1];
            c->rk[i][4] = t[3];
            c->rk[i][5] = t[1];
        }
        c->rounds = 24;
    } else if (nkw == 6) {
        for (unsigned i = 0; i < 28; i++) {
            uint32_t d = LV_FN(lea_delta)[i % 6];
            LV_LEA_KS(t[0], d, i, 1);
            LV_LEA_KS(t[1], d, i + 1, 3);
            LV_LEA_KS(t[2], d, i + 2, 6);
            LV_LEA_KS(t[3], d, i + 3, 11);
            LV_LEA_KS(t[4], d, i + 4, 13);
            LV_LEA_KS(t[5], d, i + 5, 17);
            for (unsigned j = 0; j < 6; j++)
                c->rk[i][j] = t[j];
        }
        c->rounds = 28;
    } else {
        for (unsigned i = 0; i < 32; i++) {
            uint32_t d = LV_FN(lea_delta)[i % 8];
            unsigned k = (6 * i) % 8;
            LV_LEA_KS(t[k], d, i, 1);
            LV_LEA_KS(t[(k + 1) % 8], d, i + 1, 3);
            LV_LEA_KS(t[(k + 2) % 8], d, i + 2, 6);
            LV_LEA_KS(t[(k + 3) % 8], d, i + 3, 11);
            LV_LEA_KS(t[(k + 4) % 8], d, i + 4, 13);
            LV_LEA_KS(t[(k + 5) % 8], d, i + 5, 17);
            for (unsigned j = 0; j < 6; j++)
                c->rk[i][j] = t[(k + j) % 8];
        }
        c->rounds = 32;
    }
    karx_memzero(t, sizeof t);
}

static void LV_FN(lea_encrypt)(const void *vctx, uint32_t *w)
{
    const LV_FN(lea_ctx) *c = (const LV_FN(lea_ctx) *)vctx;
    LV x0 = LV_LOAD(w), x1 = LV_LOAD(w + LV_L), x2 = LV_LOAD(w + 2 * LV_L),
       x3 = LV_LOAD(w + 3 * LV_L);
    for (unsigned r = 0; r < c->rounds; r++) {
        const LV *k = c->rk[r];
        LV n0 = LV_ROL(LV_ADD(LV_XOR(x0, k[0]), LV_XOR(x1, k[1])), 9);
        LV n1 = LV_ROL(LV_ADD(LV_XOR(x1, k[2]), LV_XOR(x2, k[3])), 27);
        LV n2 = LV_ROL(LV_ADD(LV_XOR(x2, k[4]), LV_XOR(x3, k[5])), 29);
        x3 = x0;
        x0 = n0;
        x1 = n1;
        x2 = n2;
    }
    LV_STORE(w, x0);
    LV_STORE(w + LV_L, x1);
    LV_STORE(w + 2 * LV_L, x2);
    LV_STORE(w + 3 * LV_L, x3);
}

/* ---- CHAM-128 ---- */
typedef struct {
    LV rk[16];
    unsigned rounds, mask;
} LV_FN(cham_ctx);

static void LV_FN(cham_schedule)(void *vctx, const uint8_t *const *keys, size_t key_len)
{
    LV_FN(cham_ctx) *c = (LV_FN(cham_ctx) *)vctx;
    unsigned kw = (unsigned)(key_len / 4);
    for (unsigned i = 0; i < kw; i++) {
        LV k = LV_FN(key_word)(keys, i);
        LV k1 = LV_XOR(k, LV_ROL(k, 1));
        c->rk[i] = LV_XOR(k1, LV_ROL(k, 8));
        c->rk[(i + kw) ^ 1] = LV_XOR(k1, LV_ROL(k, 11));
    }
    c->rounds = kw == 4 ? 112 : 120;
    c->mask = 2 * kw - 1;
}

static void LV_FN(cham_encrypt)(const void *vctx, uint32_t *w)
{
    const LV_FN(cham_ctx) *c = (const LV_FN(cham_ctx) *)vctx;
    LV a = LV_LOAD(w), b = LV_LOAD(w + LV_L), cc = LV_LOAD(w + 2 * LV_L),
       d = LV_LOAD(w + 3 * LV_L);
    const unsigned m = c->mask;
    for (unsigned i = 0; i < c->rounds; i += 4) {
        a = LV_ROL(LV_ADD(LV_XOR(a, LV_SET1(i)), LV_XOR(LV_ROL(b, 1), c->rk[i & m])), 8);
        b = LV_ROL(LV_ADD(LV_XOR(b, LV_SET1(i + 1)), LV_XOR(LV_ROL(cc, 8), c->rk[(i + 1) & m])), 1);
        cc = LV_ROL(LV_ADD(LV_XOR(cc, LV_SET1(i + 2)), LV_XOR(LV_ROL(d, 1), c->rk[(i + 2) & m])), 8);
        d = LV_ROL(LV_ADD(LV_XOR(d, LV_SET1(i + 3)), LV_XOR(LV_ROL(a, 8), c->rk[(i + 3) & m])), 1);
    }
    LV_STORE(w, a);
    LV_STORE(w + LV_L, b);
    LV_STORE(w + 2 * LV_L, cc);
    LV_STORE(w + 3 * LV_L, d);
}

const karx_i_lanes_kernel LV_FN(lea) = {LV_NAME, LV_L, LV_FN(lea_schedule), LV_FN(lea_encrypt)};
const karx_i_lanes_kernel LV_FN(cham) = {LV_NAME, LV_L, LV_FN(cham_schedule),
                                          LV_FN(cham_encrypt)};
