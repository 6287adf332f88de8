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

/* The look-up tables and the nibble mask, loaded once per call. */
typedef struct {
    V f0lo, f0hi, f1lo, f1hi, m;
} ht_consts;

static inline ht_consts ht_load_consts(void)
{
    ht_consts c = {vld1q_u8(karx_hight_f0_lo), vld1q_u8(karx_hight_f0_hi),
                   vld1q_u8(karx_hight_f1_lo), vld1q_u8(karx_hight_f1_hi), vdupq_n_u8(0x0f)};
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

/* One round on positions (a0..a7) (renamed as in hight_core.h), subkeys k[0..3], with OP
 * vaddq_u8 (encryption) or vsubq_u8 (its inverse), applied to variables x<i0> .. x<i7>. */
#define ROUND(OP, a0, a1, a2, a3, a4, a5, a6, a7, k)                                               \
    do {                                                                                           \
        a1 = OP(a1, veorq_u8(F1(a0), K(k, 0)));                                                    \
        a3 = veorq_u8(a3, vaddq_u8(F0(a2), K(k, 1)));                                              \
        a5 = OP(a5, veorq_u8(F1(a4), K(k, 2)));                                                    \
        a7 = veorq_u8(a7, vaddq_u8(F0(a6), K(k, 3)));                                              \
    } while (0)
#define X_RND(i0, i1, i2, i3, i4, i5, i6, i7, k)                                                   \
    ROUND(vaddq_u8, x##i0, x##i1, x##i2, x##i3, x##i4, x##i5, x##i6, x##i7, k)
#define X_IRND(i0, i1, i2, i3, i4, i5, i6, i7, k)                                                  \
    ROUND(vsubq_u8, x##i0, x##i1, x##i2, x##i3, x##i4, x##i5, x##i6, x##i7, k)
#define WK(j) vdupq_n_u8(wk[j])

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
    V y[8], x0, x1, x2, x3, x4, x5, x6, x7;
    const uint8_t *wk = ks->wk;
    ht_slice(y, in);
    KARX_HIGHT_WHITEN(vaddq_u8, veorq_u8, x0, x1, x2, x3, x4, x5, x6, x7, y[0], y[1], y[2], y[3],
                      y[4], y[5], y[6], y[7], WK(0), WK(1), WK(2), WK(3));
    for (unsigned g = 0; g < 4; g++)
        KARX_HIGHT_GROUP(X_RND, ks->sk + 32 * g);
    /* Round 31 does not rotate: output position p is x[(p + 1) mod 8]. */
    KARX_HIGHT_WHITEN(vaddq_u8, veorq_u8, y[0], y[1], y[2], y[3], y[4], y[5], y[6], y[7], x1, x2,
                      x3, x4, x5, x6, x7, x0, WK(4), WK(5), WK(6), WK(7));
    ht_unslice(out, y);
}

static inline void ht_dec16(const karx_hight_key *ks, const ht_consts *c, uint8_t *out,
                            const uint8_t *in)
{
    V y[8], x0, x1, x2, x3, x4, x5, x6, x7;
    const uint8_t *wk = ks->wk;
    ht_slice(y, in);
    KARX_HIGHT_WHITEN(vsubq_u8, veorq_u8, x1, x2, x3, x4, x5, x6, x7, x0, y[0], y[1], y[2], y[3],
                      y[4], y[5], y[6], y[7], WK(4), WK(5), WK(6), WK(7));
    for (unsigned g = 4; g-- > 0;)
        KARX_HIGHT_IGROUP(X_IRND, ks->sk + 32 * g);
    KARX_HIGHT_WHITEN(vsubq_u8, veorq_u8, y[0], y[1], y[2], y[3], y[4], y[5], y[6], y[7], x0, x1,
                      x2, x3, x4, x5, x6, x7, WK(0), WK(1), WK(2), WK(3));
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
                                              ht_ctr_xor, NULL, NULL};
