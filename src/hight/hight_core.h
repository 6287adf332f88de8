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

/* One round on positions (a0..a7) = x[(p - i) mod 8], subkeys k[0..3]. */
#define KARX_HIGHT_RND(a0, a1, a2, a3, a4, a5, a6, a7, k)                          \
    do {                                                                           \
        a1 = (uint8_t)(a1 + (karx_hight_f1(a0) ^ (k)[0]));                         \
        a3 = (uint8_t)(a3 ^ (uint8_t)(karx_hight_f0(a2) + (k)[1]));                \
        a5 = (uint8_t)(a5 + (karx_hight_f1(a4) ^ (k)[2]));                         \
        a7 = (uint8_t)(a7 ^ (uint8_t)(karx_hight_f0(a6) + (k)[3]));                \
    } while (0)

/* Its inverse. */
#define KARX_HIGHT_IRND(a0, a1, a2, a3, a4, a5, a6, a7, k)                         \
    do {                                                                           \
        a7 = (uint8_t)(a7 ^ (uint8_t)(karx_hight_f0(a6) + (k)[3]));                \
        a5 = (uint8_t)(a5 - (karx_hight_f1(a4) ^ (k)[2]));                         \
        a3 = (uint8_t)(a3 ^ (uint8_t)(karx_hight_f0(a2) + (k)[1]));                \
        a1 = (uint8_t)(a1 - (karx_hight_f1(a0) ^ (k)[0]));                         \
    } while (0)

static inline KARX_HD void karx_hight_encrypt_core(const uint8_t wk[8], const uint8_t sk[128],
                                                   uint8_t out[8], const uint8_t in[8])
{
    uint8_t x0 = (uint8_t)(in[0] + wk[0]), x1 = in[1], x2 = (uint8_t)(in[2] ^ wk[1]), x3 = in[3];
    uint8_t x4 = (uint8_t)(in[4] + wk[2]), x5 = in[5], x6 = (uint8_t)(in[6] ^ wk[3]), x7 = in[7];
    for (unsigned g = 0; g < 4; g++) {
        const uint8_t *k = sk + 32 * g;
        KARX_HIGHT_RND(x0, x1, x2, x3, x4, x5, x6, x7, k + 0);
        KARX_HIGHT_RND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
        KARX_HIGHT_RND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
        KARX_HIGHT_RND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
        KARX_HIGHT_RND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
        KARX_HIGHT_RND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
        KARX_HIGHT_RND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
        KARX_HIGHT_RND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
    }
    /* Round 31 does not rotate: output position p is x[(p + 1) mod 8]. */
    out[0] = (uint8_t)(x1 + wk[4]);
    out[1] = x2;
    out[2] = (uint8_t)(x3 ^ wk[5]);
    out[3] = x4;
    out[4] = (uint8_t)(x5 + wk[6]);
    out[5] = x6;
    out[6] = (uint8_t)(x7 ^ wk[7]);
    out[7] = x0;
}

static inline KARX_HD void karx_hight_decrypt_core(const uint8_t wk[8], const uint8_t sk[128],
                                                   uint8_t out[8], const uint8_t in[8])
{
    uint8_t x1 = (uint8_t)(in[0] - wk[4]), x2 = in[1], x3 = (uint8_t)(in[2] ^ wk[5]), x4 = in[3];
    uint8_t x5 = (uint8_t)(in[4] - wk[6]), x6 = in[5], x7 = (uint8_t)(in[6] ^ wk[7]), x0 = in[7];
    for (unsigned g = 4; g-- > 0;) {
        const uint8_t *k = sk + 32 * g;
        KARX_HIGHT_IRND(x1, x2, x3, x4, x5, x6, x7, x0, k + 28);
        KARX_HIGHT_IRND(x2, x3, x4, x5, x6, x7, x0, x1, k + 24);
        KARX_HIGHT_IRND(x3, x4, x5, x6, x7, x0, x1, x2, k + 20);
        KARX_HIGHT_IRND(x4, x5, x6, x7, x0, x1, x2, x3, k + 16);
        KARX_HIGHT_IRND(x5, x6, x7, x0, x1, x2, x3, x4, k + 12);
        KARX_HIGHT_IRND(x6, x7, x0, x1, x2, x3, x4, x5, k + 8);
        KARX_HIGHT_IRND(x7, x0, x1, x2, x3, x4, x5, x6, k + 4);
        KARX_HIGHT_IRND(x0, x1, x2, x3, x4, x5, x6, x7, k + 0);
    }
    out[0] = (uint8_t)(x0 - wk[0]);
    out[1] = x1;
    out[2] = (uint8_t)(x2 ^ wk[1]);
    out[3] = x3;
    out[4] = (uint8_t)(x4 - wk[2]);
    out[5] = x5;
    out[6] = (uint8_t)(x6 ^ wk[3]);
    out[7] = x7;
}

#endif
