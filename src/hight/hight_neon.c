/* HIGHT kernels for NEON (AArch64, and 32-bit Arm with -mfpu=neon): byte-sliced, 16 blocks per
 * batch in eight q registers, register p holding byte p of every block. NEON's structure loads
 * do most of the slicing: vld4q_u8 over 8 blocks (64 bytes) gives four registers with bytes p
 * and p + 4 of each block interleaved, and one vuzp per pair of such registers (blocks 0-7 and
 * 8-15) separates them; vzip + vst4q_u8 undo it. F0 and F1 are GF(2)-linear on a byte, so each
 * is two nibble look-ups in registers (tbl; two vtbl2 on 32-bit Arm): F(x) = F(x & 15) ^
 * F(x & 0xf0). Subkeys are broadcast per round (key material is never an index or an address).
 * CTR builds the 16 big-endian counter blocks of a batch in a stack buffer and slices them like
 * data. A tail of fewer than 16 blocks runs as one batch in a zero-padded stack buffer (wiped). */
#include <arm_neon.h>
#include <stdint.h>
#include <string.h>

#include "../common/endian.h"
#include "hight_core.h"
#include "hight_internal.h"

#if defined(__ARM_BIG_ENDIAN)
#error "the NEON kernels assume little-endian lanes"
#endif

typedef uint8x16_t V;

#define HT_ROL8C(x, r) ((((x) << (r)) | ((x) >> (8 - (r)))) & 0xff)
#define HT_F0C(x) (HT_ROL8C(x, 1) ^ HT_ROL8C(x, 2) ^ HT_ROL8C(x, 7))
#define HT_F1C(x) (HT_ROL8C(x, 3) ^ HT_ROL8C(x, 4) ^ HT_ROL8C(x, 6))
#define HT_TAB16(F, s)                                                                         \
    {F(0 << s), F(1 << s), F(2 << s), F(3 << s), F(4 << s), F(5 << s), F(6 << s), F(7 << s),   \
     F(8 << s), F(9 << s), F(10 << s), F(11 << s), F(12 << s), F(13 << s), F(14 << s),         \
     F(15 << s)}
static const uint8_t ht_f0_lo[16] = HT_TAB16(HT_F0C, 0), ht_f0_hi[16] = HT_TAB16(HT_F0C, 4);
static const uint8_t ht_f1_lo[16] = HT_TAB16(HT_F1C, 0), ht_f1_hi[16] = HT_TAB16(HT_F1C, 4);

/* The look-up tables and the nibble mask, loaded once per call. */
typedef struct {
    V f0lo, f0hi, f1lo, f1hi, m;
} ht_consts;

static inline ht_consts ht_load_consts(void)
{
    ht_consts c = {vld1q_u8(ht_f0_lo), vld1q_u8(ht_f0_hi), vld1q_u8(ht_f1_lo),
                   vld1q_u8(ht_f1_hi), vdupq_n_u8(0x0f)};
    return c;
}

static inline V ht_tbl(V t, V idx)
{
#if defined(__aarch64__)
    return vqtbl1q_u8(t, idx);
#else
    uint8x8x2_t tt = {{vget_low_u8(t), vget_high_u8(t)}};
    return vcombine_u8(vtbl2_u8(tt, vget_low_u8(idx)), vtbl2_u8(tt, vget_high_u8(idx)));
#endif
}

static inline V ht_f(V x, V lo, V hi, V m)
{
    return veorq_u8(ht_tbl(lo, vandq_u8(x, m)), ht_tbl(hi, vshrq_n_u8(x, 4)));
}

#define F0(x) ht_f(x, c->f0lo, c->f0hi, c->m)
#define F1(x) ht_f(x, c->f1lo, c->f1hi, c->m)
#define K(k, j) vdupq_n_u8((k)[j])

/* One round on positions (a0..a7) (renamed as in hight_core.h), subkeys k[0..3], and its
 * inverse. */
#define RND(a0, a1, a2, a3, a4, a5, a6, a7, k)                                                     \
    do {                                                                                           \
        a1 = vaddq_u8(a1, veorq_u8(F1(a0), K(k, 0)));                                              \
        a3 = veorq_u8(a3, vaddq_u8(F0(a2), K(k, 1)));                                              \
        a5 = vaddq_u8(a5, veorq_u8(F1(a4), K(k, 2)));                                              \
        a7 = veorq_u8(a7, vaddq_u8(F0(a6), K(k, 3)));                                              \
    } while (0)
#define IRND(a0, a1, a2, a3, a4, a5, a6, a7, k)                                                    \
    do {                                                                                           \
        a7 = veorq_u8(a7, vaddq_u8(F0(a6), K(k, 3)));                                              \
        a5 = vsubq_u8(a5, veorq_u8(F1(a4), K(k, 2)));                                              \
        a3 = veorq_u8(a3, vaddq_u8(F0(a2), K(k, 1)));                                              \
        a1 = vsubq_u8(a1, veorq_u8(F1(a0), K(k, 0)));                                              \
    } while (0)

/* 16 blocks at p -> x[p] = byte p of every block (block i in lane i). */
static inline void ht_slice(V x[8], const uint8_t *p)
{
    uint8x16x4_t a = vld4q_u8(p), b = vld4q_u8(p + 64);
    for (int q = 0; q < 4; q++) {
        uint8x16x2_t u = vuzpq_u8(a.val[q], b.val[q]);
        x[q] = u.val[0];
        x[q + 4] = u.val[1];
    }
}

static inline void ht_unslice(uint8_t *p, const V y[8])
{
    uint8x16x4_t a, b;
    for (int q = 0; q < 4; q++) {
        uint8x16x2_t z = vzipq_u8(y[q], y[q + 4]);
        a.val[q] = z.val[0];
        b.val[q] = z.val[1];
    }
    vst4q_u8(p, a);
    vst4q_u8(p + 64, b);
}

/* 16 blocks from in to out (128 bytes each; may be the same buffer). */
static inline void ht_enc16(const karx_hight_key *ks, const ht_consts *c, uint8_t *out,
                            const uint8_t *in)
{
    V y[8];
    ht_slice(y, in);
    const uint8_t *wk = ks->wk;
    V x0 = vaddq_u8(y[0], vdupq_n_u8(wk[0])), x1 = y[1], x2 = veorq_u8(y[2], vdupq_n_u8(wk[1]));
    V x3 = y[3], x4 = vaddq_u8(y[4], vdupq_n_u8(wk[2])), x5 = y[5];
    V x6 = veorq_u8(y[6], vdupq_n_u8(wk[3])), x7 = y[7];
    for (unsigned g = 0; g < 4; g++) {
        const uint8_t *k = ks->sk + 32 * g;
        RND(x0, x1, x2, x3, x4, x5, x6, x7, k + 0);
        RND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
        RND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
        RND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
        RND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
        RND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
        RND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
        RND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
    }
    /* Round 31 does not rotate: output position p is x[(p + 1) mod 8]. */
    y[0] = vaddq_u8(x1, vdupq_n_u8(wk[4]));
    y[1] = x2;
    y[2] = veorq_u8(x3, vdupq_n_u8(wk[5]));
    y[3] = x4;
    y[4] = vaddq_u8(x5, vdupq_n_u8(wk[6]));
    y[5] = x6;
    y[6] = veorq_u8(x7, vdupq_n_u8(wk[7]));
    y[7] = x0;
    ht_unslice(out, y);
}

static inline void ht_dec16(const karx_hight_key *ks, const ht_consts *c, uint8_t *out,
                            const uint8_t *in)
{
    V y[8];
    ht_slice(y, in);
    const uint8_t *wk = ks->wk;
    V x1 = vsubq_u8(y[0], vdupq_n_u8(wk[4])), x2 = y[1], x3 = veorq_u8(y[2], vdupq_n_u8(wk[5]));
    V x4 = y[3], x5 = vsubq_u8(y[4], vdupq_n_u8(wk[6])), x6 = y[5];
    V x7 = veorq_u8(y[6], vdupq_n_u8(wk[7])), x0 = y[7];
    for (unsigned g = 4; g-- > 0;) {
        const uint8_t *k = ks->sk + 32 * g;
        IRND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
        IRND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
        IRND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
        IRND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
        IRND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
        IRND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
        IRND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
        IRND(x0, x1, x2, x3, x4, x5, x6, x7, k + 0);
    }
    y[0] = vsubq_u8(x0, vdupq_n_u8(wk[0]));
    y[1] = x1;
    y[2] = veorq_u8(x2, vdupq_n_u8(wk[1]));
    y[3] = x3;
    y[4] = vsubq_u8(x4, vdupq_n_u8(wk[2]));
    y[5] = x5;
    y[6] = veorq_u8(x6, vdupq_n_u8(wk[3]));
    y[7] = x7;
    ht_unslice(out, y);
}

typedef void (*ht_fn)(const karx_hight_key *, const ht_consts *, uint8_t *, const uint8_t *);

static inline void ht_ecb(ht_fn fn, const void *ks_, uint8_t *out, const uint8_t *in, size_t n)
{
    const karx_hight_key *ks = (const karx_hight_key *)ks_;
    const ht_consts c = ht_load_consts();
    for (; n >= 16; n -= 16, in += 128, out += 128)
        fn(ks, &c, out, in);
    if (n > 0) {
        uint8_t buf[128] = {0};
        memcpy(buf, in, 8 * n);
        fn(ks, &c, buf, buf);
        memcpy(out, buf, 8 * n);
        karx_memzero(buf, sizeof buf);
    }
}

static void ht_ecb_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ht_ecb(ht_enc16, ks, out, in, n);
}

static void ht_ecb_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ht_ecb(ht_dec16, ks, out, in, n);
}



/* The whole 8-byte block is one big-endian counter; the caller guarantees no wrap. */
static void ht_ctr_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t n,
                       const uint8_t *ctr)
{
    const karx_hight_key *ks = (const karx_hight_key *)ks_;
    const ht_consts c = ht_load_consts();
    uint64_t cv = karx_load64_be(ctr);
    uint8_t buf[128];
    while (n > 0) {
        size_t m = n < 16 ? n : 16;
        for (unsigned i = 0; i < 16; i++)
            karx_store64_be(buf + 8 * i, cv + i);
        ht_enc16(ks, &c, buf, buf);
        if (m == 16) {
            for (unsigned j = 0; j < 8; j++)
                vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), vld1q_u8(buf + 16 * j)));
        } else {
            for (size_t j = 0; j < 8 * m; j++)
                out[j] = (uint8_t)(in[j] ^ buf[j]);
        }
        cv += m;
        in += 8 * m;
        out += 8 * m;
        n -= m;
    }
    karx_memzero(buf, sizeof buf);
}

const karx_block_kernels karx_i_hight_neon = {"neon", 16, ht_ecb_encrypt, ht_ecb_decrypt,
                                              ht_ctr_xor};
