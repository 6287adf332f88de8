/* Internal: ARIA's round code (RFC 5794 section 2.4), shared by the key schedule, the single
 * blocks (aria.c) and the portable kernel (aria_portable.c).
 *
 * Constant time without tables: every S-box is an affine map, the inverse in GF(2^8) (the AES
 * field, x^8 + x^4 + x^3 + x + 1) and another affine map, SB = out o inv o in:
 *   SB1 = S1 (the AES S-box):  in = identity, out = the AES affine map;
 *   SB2 = S2 = B x^247 + 0xE2: x^247 = (x^-1)^8, so in = identity, out = B o (squared thrice);
 *   SB3 = S1^-1, SB4 = S2^-1:  in = the inverse of S1's / S2's out map, out = identity.
 * A state half (8 bytes) is one 64-bit word, a byte per 8-bit lane; each lane gets its own
 * affine maps (its S-box), the inverse x^254 is four multiplications and three squarings
 * (squaring is linear over GF(2)), all with shifts, masks and multiplications by lane
 * constants: no branch, index or address depends on data. The affine maps' columns below
 * were derived from RFC 5794's SB1..SB4; tests/test_aria.c checks all four against the
 * published tables. */
#ifndef KARX_ARIA_CORE_H
#define KARX_ARIA_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "karx/aria.h"

#include "../common/endian.h"
#include "../modes/block_kernels.h"

#define ARIA_LSB 0x0101010101010101ull

/* Column c of each 8x8 bit matrix (the image of bit c):
 * X(c, S1 out, S2 out, S1^-1 in, S2^-1 in, x^2, x^4, x^16). */
#define ARIA_COLUMNS(X)                                 \
    X(0, 0x1f, 0xac, 0x4a, 0xd8, 0x01, 0x01, 0x01)     \
    X(1, 0x3e, 0xfd, 0x94, 0x38, 0x04, 0x10, 0x5e)     \
    X(2, 0x7c, 0xc6, 0x29, 0x7a, 0x10, 0x1b, 0xe4)     \
    X(3, 0xf8, 0x83, 0x52, 0xc1, 0x40, 0xab, 0xe8)     \
    X(4, 0xf1, 0x26, 0xa4, 0x75, 0x1b, 0x5e, 0x4d)     \
    X(5, 0xe3, 0xa7, 0x49, 0x52, 0x6c, 0x97, 0x91)     \
    X(6, 0xc7, 0xfb, 0x92, 0xae, 0xab, 0xb3, 0x1d)     \
    X(7, 0x8f, 0x5f, 0x25, 0xe8, 0x9a, 0xc5, 0x6c)
/* The affine maps' constants: S1 out, S2 out, S1^-1 in, S2^-1 in. */
#define ARIA_K1_OUT 0x63u
#define ARIA_K2_OUT 0xe2u
#define ARIA_K3_IN 0x05u
#define ARIA_K4_IN 0x2cu

/* A word whose lanes 0..7 hold a, b, c, d, a, b, c, d (lane i is state byte i mod 8). */
#define ARIA_LANES(a, b, c, d)                                                               \
    (((uint64_t)(a) | (uint64_t)(b) << 8 | (uint64_t)(c) << 16 | (uint64_t)(d) << 24) *     \
     0x0000000100000001ull)
#define ARIA_ID(c) (1u << (c))

/* SL1 puts SB1, SB2, SB3, SB4 on state bytes 0, 1, 2, 3 (mod 4); SL2 SB3, SB4, SB1, SB2. */
#define ARIA_SL1_IN(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(ARIA_ID(c), ARIA_ID(c), i3, i4),
#define ARIA_SL1_OUT(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(o1, o2, ARIA_ID(c), ARIA_ID(c)),
#define ARIA_SL2_IN(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(i3, i4, ARIA_ID(c), ARIA_ID(c)),
#define ARIA_SL2_OUT(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(ARIA_ID(c), ARIA_ID(c), o1, o2),
#define ARIA_SQ1(c, o1, o2, i3, i4, s2, s4, s16) (s2) * ARIA_LSB,
#define ARIA_SQ2(c, o1, o2, i3, i4, s2, s4, s16) (s4) * ARIA_LSB,
#define ARIA_SQ4(c, o1, o2, i3, i4, s2, s4, s16) (s16) * ARIA_LSB,

/* A per-lane GF(2)-affine map: columns col[0..7], constant k. */
typedef struct aria_map {
    uint64_t col[8];
    uint64_t k;
} aria_map;

/* [layer][0] the maps in, [layer][1] the maps out; layer 0 = SL1, 1 = SL2. */
static const aria_map aria_sl_maps[2][2] = {
    {{{ARIA_COLUMNS(ARIA_SL1_IN)}, ARIA_LANES(0, 0, ARIA_K3_IN, ARIA_K4_IN)},
     {{ARIA_COLUMNS(ARIA_SL1_OUT)}, ARIA_LANES(ARIA_K1_OUT, ARIA_K2_OUT, 0, 0)}},
    {{{ARIA_COLUMNS(ARIA_SL2_IN)}, ARIA_LANES(ARIA_K3_IN, ARIA_K4_IN, 0, 0)},
     {{ARIA_COLUMNS(ARIA_SL2_OUT)}, ARIA_LANES(0, 0, ARIA_K1_OUT, ARIA_K2_OUT)}},
};
/* x -> x^2, x^4, x^16 in every lane. */
static const aria_map aria_sq1 = {{ARIA_COLUMNS(ARIA_SQ1)}, 0};
static const aria_map aria_sq2 = {{ARIA_COLUMNS(ARIA_SQ2)}, 0};
static const aria_map aria_sq4 = {{ARIA_COLUMNS(ARIA_SQ4)}, 0};

static inline uint64_t aria_apply(const aria_map *m, uint64_t x)
{
    uint64_t y = m->k;
    for (int c = 0; c < 8; c++)
        y ^= (((x >> c) & ARIA_LSB) * 0xff) & m->col[c];
    return y;
}

/* Lane-wise product in GF(2^8): shift-and-add with masks instead of branches. */
static inline uint64_t aria_gmul(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) {
        r ^= a & (((b >> i) & ARIA_LSB) * 0xff);
        a = ((a & 0x7f7f7f7f7f7f7f7full) << 1) ^ (((a >> 7) & ARIA_LSB) * 0x1b);
    }
    return r;
}

/* Lane-wise x^254 (the inverse, 0 for 0): x^2, x^3, x^12, x^15, x^240, x^252, x^254. */
static inline uint64_t aria_ginv(uint64_t x)
{
    uint64_t x2 = aria_apply(&aria_sq1, x);
    uint64_t x3 = aria_gmul(x2, x);
    uint64_t x12 = aria_apply(&aria_sq2, x3);
    uint64_t x15 = aria_gmul(x12, x3);
    uint64_t x240 = aria_apply(&aria_sq4, x15);
    return aria_gmul(aria_gmul(x240, x12), x2);
}

/* Substitution layer SL1 (layer 0) or SL2 (layer 1) on one state half. */
static inline uint64_t karx_aria_sl(uint64_t w, int layer)
{
    const aria_map *m = aria_sl_maps[layer];
    return aria_apply(&m[1], aria_ginv(aria_apply(&m[0], w)));
}

/* Diffusion layer A (an involution) on the state bytes x0..x15 in s[0], s[1]. */
static inline void karx_aria_diffuse(uint64_t s[2])
{
    uint8_t x[16];
    for (int i = 0; i < 16; i++)
        x[i] = (uint8_t)(s[i >> 3] >> (8 * (i & 7)));
    const uint8_t y[16] = {
        (uint8_t)(x[3] ^ x[4] ^ x[6] ^ x[8] ^ x[9] ^ x[13] ^ x[14]),
        (uint8_t)(x[2] ^ x[5] ^ x[7] ^ x[8] ^ x[9] ^ x[12] ^ x[15]),
        (uint8_t)(x[1] ^ x[4] ^ x[6] ^ x[10] ^ x[11] ^ x[12] ^ x[15]),
        (uint8_t)(x[0] ^ x[5] ^ x[7] ^ x[10] ^ x[11] ^ x[13] ^ x[14]),
        (uint8_t)(x[0] ^ x[2] ^ x[5] ^ x[8] ^ x[11] ^ x[14] ^ x[15]),
        (uint8_t)(x[1] ^ x[3] ^ x[4] ^ x[9] ^ x[10] ^ x[14] ^ x[15]),
        (uint8_t)(x[0] ^ x[2] ^ x[7] ^ x[9] ^ x[10] ^ x[12] ^ x[13]),
        (uint8_t)(x[1] ^ x[3] ^ x[6] ^ x[8] ^ x[11] ^ x[12] ^ x[13]),
        (uint8_t)(x[0] ^ x[1] ^ x[4] ^ x[7] ^ x[10] ^ x[13] ^ x[15]),
        (uint8_t)(x[0] ^ x[1] ^ x[5] ^ x[6] ^ x[11] ^ x[12] ^ x[14]),
        (uint8_t)(x[2] ^ x[3] ^ x[5] ^ x[6] ^ x[8] ^ x[13] ^ x[15]),
        (uint8_t)(x[2] ^ x[3] ^ x[4] ^ x[7] ^ x[9] ^ x[12] ^ x[14]),
        (uint8_t)(x[1] ^ x[2] ^ x[6] ^ x[7] ^ x[9] ^ x[11] ^ x[12]),
        (uint8_t)(x[0] ^ x[3] ^ x[6] ^ x[7] ^ x[8] ^ x[10] ^ x[13]),
        (uint8_t)(x[0] ^ x[3] ^ x[4] ^ x[5] ^ x[9] ^ x[11] ^ x[14]),
        (uint8_t)(x[1] ^ x[2] ^ x[4] ^ x[5] ^ x[8] ^ x[10] ^ x[15]),
    };
    s[0] = karx_load64_le(y);
    s[1] = karx_load64_le(y + 8);
}

/* s ^= a 16-byte round key. */
static inline void aria_add_key(uint64_t s[2], const uint8_t rk[16])
{
    s[0] ^= karx_load64_le(rk);
    s[1] ^= karx_load64_le(rk + 8);
}

/* One round of the standard's rounds 1..n-1: FO (layer 0) or FE (layer 1), A(SL(s ^ rk)). */
static inline void karx_aria_round(uint64_t s[2], const uint8_t rk[16], int layer)
{
    aria_add_key(s, rk);
    s[0] = karx_aria_sl(s[0], layer);
    s[1] = karx_aria_sl(s[1], layer);
    karx_aria_diffuse(s);
}

/* One block with round keys rk[0..rounds] (ek for encryption, dk for decryption: the same
 * algorithm, section 2.3.2). */
static inline void karx_aria_crypt(const uint8_t (*rk)[16], unsigned rounds, uint8_t out[16],
                                   const uint8_t in[16])
{
    uint64_t s[2] = {karx_load64_le(in), karx_load64_le(in + 8)};
    for (unsigned r = 0; r + 1 < rounds; r++)
        karx_aria_round(s, rk[r], (int)(r & 1));
    aria_add_key(s, rk[rounds - 1]);
    s[0] = karx_aria_sl(s[0], 1);
    s[1] = karx_aria_sl(s[1], 1);
    aria_add_key(s, rk[rounds]);
    karx_store64_le(out, s[0]);
    karx_store64_le(out + 8, s[1]);
}

/* The portable kernel table (aria_portable.c). */
extern const karx_block_kernels karx_i_aria_portable;

#endif
