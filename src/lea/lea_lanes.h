/* LEA's lane kernel (src/lanes/lanes.h) over any back end's vector: the key schedule of KS X 3246
 * on vectors (one op schedules LV_L keys) and the rounds. Included by the lea_lanes_<isa>.c
 * files after src/lanes/lanes_template.h. */
#include "karx/lea.h"

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
    LV_FN(key_words)(keys, nkw, t);
    if (nkw == 4) { /* the words in locals: an array would go through memory every round */
        LV t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3];
        for (unsigned i = 0; i < 24; i++) {
            uint32_t d = LV_FN(lea_delta)[i % 4];
            LV_LEA_KS(t0, d, i, 1);
            LV_LEA_KS(t1, d, i + 1, 3);
            LV_LEA_KS(t2, d, i + 2, 6);
            LV_LEA_KS(t3, d, i + 3, 11);
            c->rk[i][0] = t0; /* rk3 = rk5 = rk1: not stored, the rounds read rk1 */
            c->rk[i][1] = t1;
            c->rk[i][2] = t2;
            c->rk[i][4] = t3;
        }
        c->rounds = 24;
    } else if (nkw == 6) {
        LV t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5];
        for (unsigned i = 0; i < 28; i++) {
            uint32_t d = LV_FN(lea_delta)[i % 6];
            LV_LEA_KS(t0, d, i, 1);
            LV_LEA_KS(t1, d, i + 1, 3);
            LV_LEA_KS(t2, d, i + 2, 6);
            LV_LEA_KS(t3, d, i + 3, 11);
            LV_LEA_KS(t4, d, i + 4, 13);
            LV_LEA_KS(t5, d, i + 5, 17);
            c->rk[i][0] = t0;
            c->rk[i][1] = t1;
            c->rk[i][2] = t2;
            c->rk[i][3] = t3;
            c->rk[i][4] = t4;
            c->rk[i][5] = t5;
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

/* One round on the state (a, b, c, d) with round keys k0..k5; the new state is (b, c, d, a),
 * so four rounds in a row name the words in turn and no register is moved. */
#define LV_LEA_ROUND(a, b, c, d, k0, k1, k2, k3, k4, k5)                                      \
    do {                                                                                       \
        d = LV_ROL(LV_ADD(LV_XOR(c, k4), LV_XOR(d, k5)), 29);                                  \
        c = LV_ROL(LV_ADD(LV_XOR(b, k2), LV_XOR(c, k3)), 27);                                  \
        b = LV_ROL(LV_ADD(LV_XOR(a, k0), LV_XOR(b, k1)), 9);                                   \
    } while (0)
#define LV_LEA_R6(a, b, c, d, k) LV_LEA_ROUND(a, b, c, d, k[0], k[1], k[2], k[3], k[4], k[5])
/* LEA-128: rk1 = rk3 = rk5, four loads a round instead of six */
#define LV_LEA_R4(a, b, c, d, k) LV_LEA_ROUND(a, b, c, d, k[0], k[1], k[2], k[1], k[4], k[1])

static inline LV_ALWAYS_INLINE void LV_FN(lea_rounds)(const LV_FN(lea_ctx) *c, LV *x)
{
    LV a = x[0], b = x[1], cc = x[2], d = x[3];
    if (c->rounds == 24) {
        for (unsigned r = 0; r < 24; r += 4) {
            LV_LEA_R4(a, b, cc, d, c->rk[r]);
            LV_LEA_R4(b, cc, d, a, c->rk[r + 1]);
            LV_LEA_R4(cc, d, a, b, c->rk[r + 2]);
            LV_LEA_R4(d, a, b, cc, c->rk[r + 3]);
        }
    } else {
        for (unsigned r = 0; r < c->rounds; r += 4) {
            LV_LEA_R6(a, b, cc, d, c->rk[r]);
            LV_LEA_R6(b, cc, d, a, c->rk[r + 1]);
            LV_LEA_R6(cc, d, a, b, c->rk[r + 2]);
            LV_LEA_R6(d, a, b, cc, c->rk[r + 3]);
        }
    }
    x[0] = a;
    x[1] = b;
    x[2] = cc;
    x[3] = d;
}

LV_ENTRIES(lea)
