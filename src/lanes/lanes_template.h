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
/* The rounds inline into each entry point, so their registers are scheduled with the loads and
 * stores around them (1.1x on the AVX2 counter pass, measured). */
#if defined(__GNUC__)
#define LV_ALWAYS_INLINE __attribute__((always_inline))
#else
#define LV_ALWAYS_INLINE
#endif

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

/* ---- the entry points, the same for both ciphers ---- */

/* XORs the keystream blocks x (word-sliced) into the live lanes at off. A back end may bring
 * its own (LV_STORE_XOR: a transpose in registers, a 16-byte load-XOR-store a lane); this one
 * goes through memory, word by word, in either byte order. */
#ifndef LV_STORE_XOR
static inline void LV_FN(store_xor)(const LV *x, uint8_t *const *out, const uint8_t *const *in,
                                    size_t off, uint32_t live)
{
    LV_ALIGNED uint32_t t[4 * LV_L];
    for (unsigned j = 0; j < 4; j++)
        LV_STORE(t + j * LV_L, x[j]);
    for (unsigned i = 0; i < LV_L; i++) {
        if (!(live >> i & 1))
            continue;
        for (unsigned j = 0; j < 4; j++)
            karx_store32_le(out[i] + off + 4 * j,
                            karx_load32_le(in[i] + off + 4 * j) ^ t[j * LV_L + i]);
    }
}
#define LV_STORE_XOR(x, out, in, off, live) LV_FN(store_xor)(x, out, in, off, live)
#endif

static inline uint32_t LV_FN(bswap32)(uint32_t v)
{
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

/* Word 3 of step s: byte-swapped c3 + s, every lane. */
#ifndef LV_BSWAP32
static inline LV LV_FN(ctr_word3)(const uint32_t *c3, size_t s)
{
    LV_ALIGNED uint32_t t[LV_L];
    for (unsigned i = 0; i < LV_L; i++)
        t[i] = LV_FN(bswap32)(c3[i] + (uint32_t)s);
    return LV_LOAD(t);
}
#define LV_CTR_WORD3(c3v, c3, s) LV_FN(ctr_word3)(c3, s)
#else
#define LV_CTR_WORD3(c3v, c3, s) LV_BSWAP32(LV_ADD(c3v, LV_SET1((uint32_t)(s))))
#endif

#define LV_ENTRIES(cipher)                                                                     \
    static void LV_FN(cipher##_encrypt)(const void *vctx, uint32_t *w)                        \
    {                                                                                          \
        LV x[4];                                                                               \
        for (unsigned j = 0; j < 4; j++)                                                       \
            x[j] = LV_LOAD(w + j * LV_L);                                                      \
        LV_FN(cipher##_rounds)((const LV_FN(cipher##_ctx) *)vctx, x);                          \
        for (unsigned j = 0; j < 4; j++)                                                       \
            LV_STORE(w + j * LV_L, x[j]);                                                      \
    }                                                                                          \
    static void LV_FN(cipher##_ctr32_xor)(const void *vctx, const uint32_t *c,                 \
                                          uint8_t *const *out, const uint8_t *const *in,       \
                                          size_t off, size_t nsteps, uint32_t live)            \
    {                                                                                          \
        const LV_FN(cipher##_ctx) *ctx = (const LV_FN(cipher##_ctx) *)vctx;                    \
        LV c0 = LV_LOAD(c), c1 = LV_LOAD(c + LV_L), c2 = LV_LOAD(c + 2 * LV_L);                 \
        LV c3v = LV_LOAD(c + 3 * LV_L);                                                        \
        (void)c3v;                                                                             \
        for (size_t s = 0; s < nsteps; s++, off += 16) {                                       \
            LV x[4] = {c0, c1, c2, LV_CTR_WORD3(c3v, c + 3 * LV_L, s)};                        \
            LV_FN(cipher##_rounds)(ctx, x);                                                    \
            LV_STORE_XOR(x, out, in, off, live);                                               \
        }                                                                                      \
    }

LV_ENTRIES(lea)
LV_ENTRIES(cham)

const karx_i_lanes_kernel LV_FN(lea) = {LV_NAME, LV_L, LV_FN(lea_schedule), LV_FN(lea_encrypt),
                                         LV_FN(lea_ctr32_xor), NULL, NULL};
const karx_i_lanes_kernel LV_FN(cham) = {LV_NAME, LV_L, LV_FN(cham_schedule),
                                          LV_FN(cham_encrypt), LV_FN(cham_ctr32_xor), NULL, NULL};
