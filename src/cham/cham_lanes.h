/* CHAM-128's lane kernel (src/lanes/lanes.h) over any back end's vector: the revised CHAM key
 * schedule on vectors and the rounds, four a step with no word moved. Included by the
 * cham_lanes_<isa>.c files after src/lanes/lanes_template.h. */
#include "karx/cham.h"

typedef struct {
    LV rk[16];
    unsigned rounds, mask;
} LV_FN(cham_ctx);

static void LV_FN(cham_schedule)(void *vctx, const uint8_t *const *keys, size_t key_len)
{
    LV_FN(cham_ctx) *c = (LV_FN(cham_ctx) *)vctx;
    unsigned kw = (unsigned)(key_len / 4);
    LV t[8];
    LV_FN(key_words)(keys, kw, t);
    for (unsigned i = 0; i < kw; i++) {
        LV k = t[i];
        LV k1 = LV_XOR(k, LV_ROL(k, 1));
        c->rk[i] = LV_XOR(k1, LV_ROL(k, 8));
        c->rk[(i + kw) ^ 1] = LV_XOR(k1, LV_ROL(k, 11));
    }
    c->rounds = kw == 4 ? 112 : 120;
    c->mask = 2 * kw - 1;
    karx_memzero(t, sizeof t);
}

static inline LV_ALWAYS_INLINE void LV_FN(cham_rounds)(const LV_FN(cham_ctx) *c, LV *x)
{
    LV a = x[0], b = x[1], cc = x[2], d = x[3];
    const unsigned m = c->mask;
    for (unsigned i = 0; i < c->rounds; i += 4) {
        a = LV_ROL(LV_ADD(LV_XOR(a, LV_SET1(i)), LV_XOR(LV_ROL(b, 1), c->rk[i & m])), 8);
        b = LV_ROL(LV_ADD(LV_XOR(b, LV_SET1(i + 1)), LV_XOR(LV_ROL(cc, 8), c->rk[(i + 1) & m])), 1);
        cc = LV_ROL(LV_ADD(LV_XOR(cc, LV_SET1(i + 2)), LV_XOR(LV_ROL(d, 1), c->rk[(i + 2) & m])), 8);
        d = LV_ROL(LV_ADD(LV_XOR(d, LV_SET1(i + 3)), LV_XOR(LV_ROL(a, 8), c->rk[(i + 3) & m])), 1);
    }
    x[0] = a;
    x[1] = b;
    x[2] = cc;
    x[3] = d;
}

LV_ENTRIES(cham)
