/* ARIA public API: key schedule (RFC 5794 section 2.2) and single blocks (the kernel list is
 * in aria_desc.c). */
#include <string.h>

#include "karx/aria.h"

#include "../approved/approved.h"
#include "aria_core.h"
#include "aria_impls.h"
#include "../common/block_api.h"
#include "../common/clear.h"

/* The S-boxes' affine maps and the squarings (aria_core.h says how they make the S-boxes).
 * Column c of each 8x8 bit matrix (the image of bit c):
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

/* One lane word per column: SL1's lanes take SB1 SB2 SB3 SB4, SL2's SB3 SB4 SB1 SB2; the maps
 * not listed for an S-box are the identity. */
#define ARIA_SL1_IN(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(ARIA_ID(c), ARIA_ID(c), i3, i4),
#define ARIA_SL1_OUT(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(o1, o2, ARIA_ID(c), ARIA_ID(c)),
#define ARIA_SL2_IN(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(i3, i4, ARIA_ID(c), ARIA_ID(c)),
#define ARIA_SL2_OUT(c, o1, o2, i3, i4, s2, s4, s16) ARIA_LANES(ARIA_ID(c), ARIA_ID(c), o1, o2),
#define ARIA_SQ2(c, o1, o2, i3, i4, s2, s4, s16) s2,
#define ARIA_SQ4(c, o1, o2, i3, i4, s2, s4, s16) s4,
#define ARIA_SQ16(c, o1, o2, i3, i4, s2, s4, s16) s16,

const karx_i_aria_map karx_i_aria_sl_maps[2][2] = {
    {{{ARIA_COLUMNS(ARIA_SL1_IN)}, ARIA_LANES(0, 0, ARIA_K3_IN, ARIA_K4_IN)},
     {{ARIA_COLUMNS(ARIA_SL1_OUT)}, ARIA_LANES(ARIA_K1_OUT, ARIA_K2_OUT, 0, 0)}},
    {{{ARIA_COLUMNS(ARIA_SL2_IN)}, ARIA_LANES(ARIA_K3_IN, ARIA_K4_IN, 0, 0)},
     {{ARIA_COLUMNS(ARIA_SL2_OUT)}, ARIA_LANES(0, 0, ARIA_K1_OUT, ARIA_K2_OUT)}},
};
const uint8_t karx_i_aria_sq[3][8] = {
    {ARIA_COLUMNS(ARIA_SQ2)}, {ARIA_COLUMNS(ARIA_SQ4)}, {ARIA_COLUMNS(ARIA_SQ16)}};

/* C1, C2, C3: the first 384 bits of the fractional part of 1/pi. */
static const uint8_t aria_c[3][16] = {
    "\x51\x7c\xc1\xb7\x27\x22\x0a\x94\xfe\x13\xab\xe8\xfa\x9a\x6e\xe0",
    "\x6d\xb1\x4a\xcc\x9e\x21\xc8\x20\xff\x28\xb1\xd5\xef\x5d\xe2\xb0",
    "\xdb\x92\x37\x1d\x21\x26\xe9\x70\x03\x24\x97\x75\x04\xe8\xc9\x0e",
};

/* The key schedule's steps, chosen as ARIA's kernels are (aria_impls.h): the GFNI code's where
 * it runs (the same answers, ~15x faster: the portable round computes its S-boxes bit by bit),
 * else aria_core.h's. */
static const karx_i_aria_ks_ops aria_ks_portable = {karx_aria_round, karx_aria_diffuse};
static const karx_i_impl ks_impls[] = {
    KARX_I_IMPL("portable", KARX_BACKEND_PORTABLE, 0, 0, &aria_ks_portable),
    KARX_I_ARIA_GFNI_IMPLS(&karx_i_aria_ks_avx2_gfni, &karx_i_aria_ks_avx512_gfni)};

static const karx_i_aria_ks_ops *ks_ops(void)
{
    return karx_i_select(ks_impls, sizeof ks_impls / sizeof ks_impls[0])->table;
}

/* out = FO(d, ck) ^ x (layer 0) or FE(d, ck) ^ x (layer 1). */
static void feistel(const karx_i_aria_ks_ops *ops, uint8_t out[16], const uint8_t d[16],
                    const uint8_t ck[16], const uint8_t x[16], int layer)
{
    uint64_t s[2] = {karx_load64_le(d), karx_load64_le(d + 8)};
    ops->round(s, ck, layer);
    karx_store64_le(out, s[0] ^ karx_load64_le(x));
    karx_store64_le(out + 8, s[1] ^ karx_load64_le(x + 8));
}

/* out = a ^ (b >>> n), b read as one 128-bit big-endian number; 0 < n < 128. */
static void xor_rotr(uint8_t out[16], const uint8_t a[16], const uint8_t b[16], unsigned n)
{
    uint64_t hi = karx_load64_be(b), lo = karx_load64_be(b + 8);
    if (n >= 64) {
        uint64_t t = hi;
        hi = lo;
        lo = t;
        n -= 64;
    }
    uint64_t rhi = n ? (hi >> n) | (lo << (64 - n)) : hi;
    uint64_t rlo = n ? (lo >> n) | (hi << (64 - n)) : lo;
    karx_store64_be(out, rhi ^ karx_load64_be(a));
    karx_store64_be(out + 8, rlo ^ karx_load64_be(a + 8));
}

/* ek1..ek(rounds+1) from W0..W3: ek(4g+j+1) = Wj ^ (W(j+1 mod 4) >>> n[g]), where >>> 67, 97
 * and 109 are the standard's <<< 61, 31 and 19. */
static void encryption_keys(karx_aria_key *key, const uint8_t w[4][16])
{
    static const unsigned n[5] = {19, 31, 67, 97, 109};
    for (unsigned i = 0; i <= key->rounds; i++)
        xor_rotr(key->ek[i], w[i % 4], w[(i + 1) % 4], n[i / 4]);
}

/* dk1 = ek(n+1), dk(i) = A(ek(n+2-i)) for 1 < i <= n, dk(n+1) = ek1. */
static void decryption_keys(const karx_i_aria_ks_ops *ops, karx_aria_key *key)
{
    const unsigned n = key->rounds;
    memcpy(key->dk[0], key->ek[n], 16);
    for (unsigned i = 1; i < n; i++) {
        uint64_t s[2] = {karx_load64_le(key->ek[n - i]), karx_load64_le(key->ek[n - i] + 8)};
        ops->diffuse(s);
        karx_store64_le(key->dk[i], s[0]);
        karx_store64_le(key->dk[i] + 8, s[1]);
    }
    memcpy(key->dk[n], key->ek[0], 16);
}

karx_status karx_aria_set_key(karx_aria_key *key, const uint8_t *k, size_t key_len)
{
    karx_status st = karx_i_set_key_args(key, sizeof *key, k,
                                         key_len == 16 || key_len == 24 || key_len == 32);
    if (st != KARX_OK)
        return st;
    KARX_I_SERVICE(KARX_I_ARIA_APPROVED);
    const unsigned first = (unsigned)(key_len - 16) / 8; /* CK1 = C1, C2 or C3 */
    uint8_t kr[16] = {0}, w[4][16];
    memcpy(w[0], k, 16); /* W0 = KL */
    memcpy(kr, k + 16, key_len - 16);
    const karx_i_aria_ks_ops *ops = ks_ops();
    feistel(ops, w[1], w[0], aria_c[first], kr, 0);
    feistel(ops, w[2], w[1], aria_c[(first + 1) % 3], w[0], 1);
    feistel(ops, w[3], w[2], aria_c[(first + 2) % 3], w[1], 0);
    key->rounds = (uint32_t)(12 + 2 * first);
    encryption_keys(key, (const uint8_t(*)[16])w);
    decryption_keys(ops, key);
    karx_memzero(kr, sizeof kr);
    karx_memzero(w, sizeof w);
    return KARX_OK;
}

static int aria_rounds_ok(uint32_t rounds)
{
    return rounds == 12 || rounds == 14 || rounds == 16;
}

/* One block either way: decrypt picks the round keys. */
static karx_status one_block(const karx_aria_key *key, uint8_t out[16], const uint8_t in[16],
                             int decrypt)
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (!aria_rounds_ok(key->rounds))
        return KARX_ERR_STATE;
    karx_aria_crypt(decrypt ? key->dk : key->ek, key->rounds, out, in);
    return KARX_OK;
}

KARX_I_BLOCK_CALLS(aria, 16, one_block)

void karx_aria_key_wipe(karx_aria_key *key) { karx_memzero(key, sizeof *key); }

size_t karx_aria_block_bytes(void)
{
    return KARX_ARIA_BLOCK_BYTES;
}
