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

/* ARIA is on KCMVP's approved list: this is the descriptors' approved field
 * (aria_desc.c), which the approved mode's gate reads, and aria.c's set_key's own. */
#define KARX_I_ARIA_APPROVED 1

#include <stddef.h>
#include <stdint.h>

#include "karx/aria.h"

#include "../common/endian.h"
#include "../modes/block_kernels.h"

#define ARIA_LSB 0x0101010101010101ull

/* A per-lane GF(2)-affine map: columns col[0..7] (lane by lane), constant k. */
typedef struct karx_i_aria_map {
    uint64_t col[8];
    uint64_t k;
} karx_i_aria_map;

/* The substitution layers' maps (aria.c, once): [layer][0] in, [layer][1] out; layer 0 = SL1
 * (SB1, SB2, SB3, SB4 on state bytes 0, 1, 2, 3 mod 4), layer 1 = SL2 (SB3, SB4, SB1, SB2). */
extern const karx_i_aria_map karx_i_aria_sl_maps[2][2];
/* Columns of x -> x^2, x^4, x^16, the same in every lane (aria.c). */
extern const uint8_t karx_i_aria_sq[3][8];

static inline uint64_t aria_apply(const karx_i_aria_map *m, uint64_t x)
{
    uint64_t y = m->k;
    for (int c = 0; c < 8; c++)
        y ^= (((x >> c) & ARIA_LSB) * 0xff) & m->col[c];
    return y;
}

/* One of the squaring maps (0: x^2, 1: x^4, 2: x^16) in every lane. */
static inline uint64_t aria_square(int which, uint64_t x)
{
    const uint8_t *col = karx_i_aria_sq[which];
    uint64_t y = 0;
    for (int c = 0; c < 8; c++)
        y ^= ((x >> c) & ARIA_LSB) * col[c];
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
    uint64_t x2 = aria_square(0, x);
    uint64_t x3 = aria_gmul(x2, x);
    uint64_t x12 = aria_square(1, x3);
    uint64_t x15 = aria_gmul(x12, x3);
    uint64_t x240 = aria_square(2, x15);
    return aria_gmul(aria_gmul(x240, x12), x2);
}

/* Substitution layer SL1 (layer 0) or SL2 (layer 1) on one state half. */
static inline uint64_t karx_aria_sl(uint64_t w, int layer)
{
    const karx_i_aria_map *m = karx_i_aria_sl_maps[layer];
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

/* The key schedule's two steps, s = A(SL(s ^ rk)) (one round) and s = A(s): the code above, or
 * the GFNI kernels' own (aria.c takes theirs where the selected kernel is one of them). */
typedef struct karx_i_aria_ks_ops {
    void (*round)(uint64_t s[2], const uint8_t rk[16], int layer);
    void (*diffuse)(uint64_t s[2]);
} karx_i_aria_ks_ops;

/* The kernel tables: portable (aria_portable.c), and with GFNI on x86 (aria_gfni_template.h),
 * with their key-schedule steps. */
extern const karx_block_kernels karx_i_aria_portable;
#if defined(KARX_HAVE_X86_SIMD)
extern const karx_block_kernels karx_i_aria_avx2_gfni, karx_i_aria_avx512_gfni;
extern const karx_i_aria_ks_ops karx_i_aria_ks_avx2_gfni, karx_i_aria_ks_avx512_gfni;
#endif

#endif
