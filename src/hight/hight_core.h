/* HIGHT round code, written once for the host and (later) CUDA devices: key schedule with the
 * delta constants, one block each way. Bytes are in array order: X[i] is byte i of the
 * buffer (P_i of TTAK.KO-12.0040/R1), MK[i] byte i of the key.
 *
 * Round i (0..31) on X[0..7], with SK = sk + 4i:
 *   X1 += F1(X0) ^ SK0    X3 ^= F0(X2) + SK1    X5 += F1(X4) ^ SK2    X7 ^= F0(X6) + SK3
 * then every round but the last rotates the bytes one place up (new X[j] = old X[j-1], new X[0]
 * = old X[7]). Instead of moving bytes, the code below renames them: in round i, byte position
 * p lives in variable x[(p - i) mod 8], so eight rounds are one unrolled group and the
 * variables come back to their names after it. */
#ifndef KARX_HIGHT_CORE_H
#define KARX_HIGHT_CORE_H

#include <stdint.h>

#include "../common/karx_hd.h"

static inline KARX_HD uint8_t karx_hight_rol8(uint8_t x, unsigned r)
{
    return (uint8_t)((unsigned)(x << (r & 7)) | (unsigned)(x >> ((8 - r) & 7)));
}

/* The two GF(2)-linear byte maps of HIGHT. */
static inline KARX_HD uint8_t karx_hight_f0(uint8_t x)
{
    return (uint8_t)(karx_hight_rol8(x, 1) ^ karx_hight_rol8(x, 2) ^ karx_hight_rol8(x, 7));
}

static inline KARX_HD uint8_t karx_hight_f1(uint8_t x)
{
    return (uint8_t)(karx_hight_rol8(x, 3) ^ karx_hight_rol8(x, 4) ^ karx_hight_rol8(x, 6));
}

/* wk[8] whitening keys and sk[128] subkeys from the 16-byte master key. The delta constants
 * come from the 7-bit LFSR s[i+6] = s[i+2] ^ s[i-1] started at delta_0 = 0x5a (bit j of
 * delta_i is s[i+j]), generated here rather than stored. */
static inline KARX_HD void karx_hight_schedule(uint8_t wk[8], uint8_t sk[128], const uint8_t mk[16])
{
    for (unsigned i = 0; i < 4; i++) {
        wk[i] = mk[i + 12];
        wk[i + 4] = mk[i];
    }
    unsigned d = 0x5a;
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 8; j++) {
            sk[16 * i + j] = (uint8_t)(mk[(j - i) & 7] + d);
            d = (d >> 1) | ((((d >> 3) ^ d) & 1u) << 6);
        }
        for (unsigned j = 0; j < 8; j++) {
            sk[16 * i + j + 8] = (uint8_t)(mk[((j - i) & 7) + 8] + d);
            d = (d >> 1) | ((((d >> 3) ^ d) & 1u) << 6);
        }
    }
}

/* One round on positions (a0..a7) = x[(p - i) mod 8], subkeys k[0..3], with OP + (encryption)
 * or - (its inverse: the four updates are independent, so their order does not matter). The
 * SIMD kernels write theirs the same way with vector operations. */
#define KARX_HIGHT_ROUND(OP, a0, a1, a2, a3, a4, a5, a6, a7, k)                     \
    do {                                                                           \
        a1 = (uint8_t)(a1 OP (karx_hight_f1(a0) ^ (k)[0]));                        \
        a3 = (uint8_t)(a3 ^ (uint8_t)(karx_hight_f0(a2) + (k)[1]));                \
        a5 = (uint8_t)(a5 OP (karx_hight_f1(a4) ^ (k)[2]));                        \
        a7 = (uint8_t)(a7 ^ (uint8_t)(karx_hight_f0(a6) + (k)[3]));                \
    } while (0)

/* The eight rounds of one renaming period, shared by every HIGHT implementation: step j is
 * round 8g + j, R(i0..i7, k) with position p in variable number (p - j) mod 8 and k = the
 * group's subkeys (sk + 32g) + 4j. Decryption runs the steps backwards. */
#define KARX_HIGHT_S0(R, k) R(0, 1, 2, 3, 4, 5, 6, 7, (k) + 0)
#define KARX_HIGHT_S1(R, k) R(7, 0, 1, 2, 3, 4, 5, 6, (k) + 4)
#define KARX_HIGHT_S2(R, k) R(6, 7, 0, 1, 2, 3, 4, 5, (k) + 8)
#define KARX_HIGHT_S3(R, k) R(5, 6, 7, 0, 1, 2, 3, 4, (k) + 12)
#define KARX_HIGHT_S4(R, k) R(4, 5, 6, 7, 0, 1, 2, 3, (k) + 16)
#define KARX_HIGHT_S5(R, k) R(3, 4, 5, 6, 7, 0, 1, 2, (k) + 20)
#define KARX_HIGHT_S6(R, k) R(2, 3, 4, 5, 6, 7, 0, 1, (k) + 24)
#define KARX_HIGHT_S7(R, k) R(1, 2, 3, 4, 5, 6, 7, 0, (k) + 28)
#define KARX_HIGHT_GROUP(R, k)                                                                 \
    do {                                                                                       \
        KARX_HIGHT_S0(R, k); KARX_HIGHT_S1(R, k); KARX_HIGHT_S2(R, k); KARX_HIGHT_S3(R, k);    \
        KARX_HIGHT_S4(R, k); KARX_HIGHT_S5(R, k); KARX_HIGHT_S6(R, k); KARX_HIGHT_S7(R, k);    \
    } while (0)
#define KARX_HIGHT_IGROUP(R, k)                                                                \
    do {                                                                                       \
        KARX_HIGHT_S7(R, k); KARX_HIGHT_S6(R, k); KARX_HIGHT_S5(R, k); KARX_HIGHT_S4(R, k);    \
        KARX_HIGHT_S3(R, k); KARX_HIGHT_S2(R, k); KARX_HIGHT_S1(R, k); KARX_HIGHT_S0(R, k);    \
    } while (0)

/* Whitening (the key schedule's wk[] values w0..w3): o_p = v_p, with ADD(v, w) on positions 0
 * and 4 and XOR(v, w) on 2 and 6. Encryption adds wk[0..3] on the way in and wk[4..7] on the
 * way out; decryption subtracts them in the other order. */
#define KARX_HIGHT_WHITEN(ADD, XOR, o0, o1, o2, o3, o4, o5, o6, o7, v0, v1, v2, v3, v4, v5, v6,  \
                          v7, w0, w1, w2, w3)                                                  \
    (o0 = ADD(v0, w0), o1 = v1, o2 = XOR(v2, w1), o3 = v3, o4 = ADD(v4, w2), o5 = v5,          \
     o6 = XOR(v6, w3), o7 = v7)
#define KARX_HIGHT_ADD8(a, b) (uint8_t)((a) + (b))
#define KARX_HIGHT_SUB8(a, b) (uint8_t)((a) - (b))
#define KARX_HIGHT_XOR8(a, b) (uint8_t)((a) ^ (b))

#define KARX_HIGHT_X_RND(i0, i1, i2, i3, i4, i5, i6, i7, k)                                    \
    KARX_HIGHT_ROUND(+, x##i0, x##i1, x##i2, x##i3, x##i4, x##i5, x##i6, x##i7, k)
#define KARX_HIGHT_X_IRND(i0, i1, i2, i3, i4, i5, i6, i7, k)                                   \
    KARX_HIGHT_ROUND(-, x##i0, x##i1, x##i2, x##i3, x##i4, x##i5, x##i6, x##i7, k)

/* One block each way; out may equal in. Round 31 does not rotate, so after it output position
 * p is x[(p + 1) mod 8]. */
static inline KARX_HD void karx_hight_encrypt_core(const uint8_t wk[8], const uint8_t sk[128],
                                                   uint8_t out[8], const uint8_t in[8])
{
    uint8_t x0, x1, x2, x3, x4, x5, x6, x7;
    KARX_HIGHT_WHITEN(KARX_HIGHT_ADD8, KARX_HIGHT_XOR8, x0, x1, x2, x3, x4, x5, x6, x7, in[0],
                      in[1], in[2], in[3], in[4], in[5], in[6], in[7], wk[0], wk[1], wk[2], wk[3]);
    for (unsigned g = 0; g < 4; g++)
        KARX_HIGHT_GROUP(KARX_HIGHT_X_RND, sk + 32 * g);
    KARX_HIGHT_WHITEN(KARX_HIGHT_ADD8, KARX_HIGHT_XOR8, out[0], out[1], out[2], out[3], out[4],
                      out[5], out[6], out[7], x1, x2, x3, x4, x5, x6, x7, x0, wk[4], wk[5], wk[6],
                      wk[7]);
}

static inline KARX_HD void karx_hight_decrypt_core(const uint8_t wk[8], const uint8_t sk[128],
                                                   uint8_t out[8], const uint8_t in[8])
{
    uint8_t x0, x1, x2, x3, x4, x5, x6, x7;
    KARX_HIGHT_WHITEN(KARX_HIGHT_SUB8, KARX_HIGHT_XOR8, x1, x2, x3, x4, x5, x6, x7, x0, in[0],
                      in[1], in[2], in[3], in[4], in[5], in[6], in[7], wk[4], wk[5], wk[6], wk[7]);
    for (unsigned g = 4; g-- > 0;)
        KARX_HIGHT_IGROUP(KARX_HIGHT_X_IRND, sk + 32 * g);
    KARX_HIGHT_WHITEN(KARX_HIGHT_SUB8, KARX_HIGHT_XOR8, out[0], out[1], out[2], out[3], out[4],
                      out[5], out[6], out[7], x0, x1, x2, x3, x4, x5, x6, x7, wk[0], wk[1], wk[2],
                      wk[3]);
}

#ifndef __CUDACC__
/* F0 and F1 are GF(2)-linear on a byte, so F(x) = F(x & 0x0f) ^ F(x & 0xf0): low- and
 * high-nibble tables for the SIMD kernels' in-register look-ups (pshufb, tbl). They are loaded
 * whole into registers, never indexed in memory. */
#define KARX_HIGHT_ROL8C(x, r) ((((x) << (r)) | ((x) >> (8 - (r)))) & 0xff)
#define KARX_HIGHT_F0C(x) (KARX_HIGHT_ROL8C(x, 1) ^ KARX_HIGHT_ROL8C(x, 2) ^ KARX_HIGHT_ROL8C(x, 7))
#define KARX_HIGHT_F1C(x) (KARX_HIGHT_ROL8C(x, 3) ^ KARX_HIGHT_ROL8C(x, 4) ^ KARX_HIGHT_ROL8C(x, 6))
#define KARX_HIGHT_TAB16(F, s)                                                                 \
    {F(0 << s), F(1 << s), F(2 << s), F(3 << s), F(4 << s), F(5 << s), F(6 << s), F(7 << s),   \
     F(8 << s), F(9 << s), F(10 << s), F(11 << s), F(12 << s), F(13 << s), F(14 << s),         \
     F(15 << s)}
static const uint8_t karx_hight_f0_lo[16] = KARX_HIGHT_TAB16(KARX_HIGHT_F0C, 0),
                     karx_hight_f0_hi[16] = KARX_HIGHT_TAB16(KARX_HIGHT_F0C, 4),
                     karx_hight_f1_lo[16] = KARX_HIGHT_TAB16(KARX_HIGHT_F1C, 0),
                     karx_hight_f1_hi[16] = KARX_HIGHT_TAB16(KARX_HIGHT_F1C, 4);
#endif

#endif
