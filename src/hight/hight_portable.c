/* HIGHT portable kernels. Eight blocks at a time, byte-sliced in 64-bit words (SWAR): word p
 * holds byte p of the eight blocks, byte adds keep their carries inside each byte, and F0/F1
 * are byte rotations by masked shifts. Fewer than eight blocks go through the shared
 * one-block round code (hight_core.h), which the block calls use too. */
#include <string.h>

#include "../common/endian.h"
#include "hight_core.h"
#include "hight_internal.h"

/* Small-RAM builds (KARX_COMPACT, embedded/) skip the eight-block path: its expanded key alone
 * is 1088 bytes of stack. */
#ifdef KARX_COMPACT
#define HIGHT_SWAR 0
#else
#define HIGHT_SWAR 1
#endif

#define REP8(b) ((uint64_t)(b) * 0x0101010101010101ull)
#define HI7 REP8(0x7f)
#define HI8 REP8(0x80)

/* Byte-wise a + b and a - b (mod 256 in each byte). */
static inline uint64_t swar_add(uint64_t a, uint64_t b)
{
    return ((a & HI7) + (b & HI7)) ^ ((a ^ b) & HI8);
}

static inline uint64_t swar_sub(uint64_t a, uint64_t b)
{
    return ((a | HI8) - (b & HI7)) ^ ((a ^ ~b) & HI8);
}

/* Byte-wise rotate left by r (1..7): the bits shifted left stay where the mask M_r (the top
 * 8 - r bits of each byte) is set; the rest come from the right shift. */
#define SWAR_ROL(x, r)                                                                         \
    swar_select((x) << (r), (x) >> (8 - (r)), REP8((0xffu << (r)) & 0xffu))

static inline uint64_t swar_select(uint64_t a, uint64_t b, uint64_t m) { return b ^ ((a ^ b) & m); }

static inline uint64_t swar_f0(uint64_t x)
{
    return SWAR_ROL(x, 1) ^ SWAR_ROL(x, 2) ^ SWAR_ROL(x, 7);
}

static inline uint64_t swar_f1(uint64_t x)
{
    return SWAR_ROL(x, 3) ^ SWAR_ROL(x, 4) ^ SWAR_ROL(x, 6);
}

/* 8x8 byte transpose (an involution): byte j of m[i] <-> byte i of m[j]. */
static inline void swar_transpose(uint64_t m[8])
{
    for (unsigned i = 0; i < 4; i++) {
        uint64_t t = ((m[i] >> 32) ^ m[i + 4]) & 0x00000000ffffffffull;
        m[i] ^= t << 32;
        m[i + 4] ^= t;
    }
    static const unsigned rows2[4] = {0, 1, 4, 5};
    for (unsigned r = 0; r < 4; r++) {
        const unsigned i = rows2[r];
        uint64_t t = ((m[i] >> 16) ^ m[i + 2]) & 0x0000ffff0000ffffull;
        m[i] ^= t << 16;
        m[i + 2] ^= t;
    }
    for (unsigned i = 0; i < 8; i += 2) {
        uint64_t t = ((m[i] >> 8) ^ m[i + 1]) & 0x00ff00ff00ff00ffull;
        m[i] ^= t << 8;
        m[i + 1] ^= t;
    }
}

/* kv[0..127]: subkeys, kv[128..135]: whitening keys, each in every byte. */
static void swar_expand(uint64_t kv[136], const karx_hight_key *key)
{
    for (unsigned i = 0; i < 128; i++)
        kv[i] = REP8(key->sk[i]);
    for (unsigned i = 0; i < 8; i++)
        kv[128 + i] = REP8(key->wk[i]);
}

#define S_ROUND(OP, a0, a1, a2, a3, a4, a5, a6, a7, k)                                        \
    do {                                                                                       \
        a1 = OP(a1, swar_f1(a0) ^ (k)[0]);                                                     \
        a3 ^= swar_add(swar_f0(a2), (k)[1]);                                                   \
        a5 = OP(a5, swar_f1(a4) ^ (k)[2]);                                                     \
        a7 ^= swar_add(swar_f0(a6), (k)[3]);                                                   \
    } while (0)
#define S_RND(i0, i1, i2, i3, i4, i5, i6, i7, k)                                               \
    S_ROUND(swar_add, x##i0, x##i1, x##i2, x##i3, x##i4, x##i5, x##i6, x##i7, k)
#define S_IRND(i0, i1, i2, i3, i4, i5, i6, i7, k)                                              \
    S_ROUND(swar_sub, x##i0, x##i1, x##i2, x##i3, x##i4, x##i5, x##i6, x##i7, k)
#define S_XOR(a, b) ((a) ^ (b))

/* Eight blocks, m[p] = byte p of each (sliced) in and out; kv[128..135] are the whitening keys. */
static void swar_encrypt8(const uint64_t *kv, uint64_t m[8])
{
    uint64_t x0, x1, x2, x3, x4, x5, x6, x7;
    KARX_HIGHT_WHITEN(swar_add, S_XOR, x0, x1, x2, x3, x4, x5, x6, x7, m[0], m[1], m[2], m[3], m[4],
                      m[5], m[6], m[7], kv[128], kv[129], kv[130], kv[131]);
    for (unsigned g = 0; g < 4; g++)
        KARX_HIGHT_GROUP(S_RND, kv + 32 * g);
    KARX_HIGHT_WHITEN(swar_add, S_XOR, m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], x1, x2, x3,
                      x4, x5, x6, x7, x0, kv[132], kv[133], kv[134], kv[135]);
}

static void swar_decrypt8(const uint64_t *kv, uint64_t m[8])
{
    uint64_t x0, x1, x2, x3, x4, x5, x6, x7;
    KARX_HIGHT_WHITEN(swar_sub, S_XOR, x1, x2, x3, x4, x5, x6, x7, x0, m[0], m[1], m[2], m[3], m[4],
                      m[5], m[6], m[7], kv[132], kv[133], kv[134], kv[135]);
    for (unsigned g = 4; g-- > 0;)
        KARX_HIGHT_IGROUP(S_IRND, kv + 32 * g);
    KARX_HIGHT_WHITEN(swar_sub, S_XOR, m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], x0, x1, x2,
                      x3, x4, x5, x6, x7, kv[128], kv[129], kv[130], kv[131]);
}

static void portable_ecb(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    const karx_hight_key *key = (const karx_hight_key *)ks;
    size_t i = 0;
    if (HIGHT_SWAR && nblocks >= 8) {
        uint64_t kv[136], m[8];
        swar_expand(kv, key);
        for (; i + 8 <= nblocks; i += 8) {
            for (unsigned b = 0; b < 8; b++)
                m[b] = karx_load64_le(in + 8 * (i + b));
            swar_transpose(m);
            if (enc)
                swar_encrypt8(kv, m);
            else
                swar_decrypt8(kv, m);
            swar_transpose(m);
            for (unsigned b = 0; b < 8; b++)
                karx_store64_le(out + 8 * (i + b), m[b]);
        }
        karx_memzero(kv, sizeof kv);
        karx_memzero(m, sizeof m);
    }
    for (; i < nblocks; i++) {
        if (enc)
            karx_hight_encrypt_core(key->wk, key->sk, out + 8 * i, in + 8 * i);
        else
            karx_hight_decrypt_core(key->wk, key->sk, out + 8 * i, in + 8 * i);
    }
}

static void portable_ecb_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    portable_ecb(ks, out, in, nblocks, 1);
}

static void portable_ecb_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    portable_ecb(ks, out, in, nblocks, 0);
}

/* The 64-bit word whose byte p (bits 8p..8p+7) is byte p of the big-endian block for v. */
static inline uint64_t be_block_word(uint64_t v)
{
    v = ((v & 0x00ff00ff00ff00ffull) << 8) | ((v >> 8) & 0x00ff00ff00ff00ffull);
    v = ((v & 0x0000ffff0000ffffull) << 16) | ((v >> 16) & 0x0000ffff0000ffffull);
    return (v << 32) | (v >> 32);
}

static void portable_ctr_xor(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks,
                             const uint8_t *ctr)
{
    const karx_hight_key *key = (const karx_hight_key *)ks;
    uint8_t c[8], k[8];
    memcpy(c, ctr, 8);
    size_t i = 0;
    if (HIGHT_SWAR && nblocks >= 8) {
        uint64_t kv[136], m[8], v = 0;
        for (unsigned j = 0; j < 8; j++)
            v = (v << 8) | c[j];
        swar_expand(kv, key);
        for (; i + 8 <= nblocks; i += 8) {
            for (unsigned b = 0; b < 8; b++)
                m[b] = be_block_word(v + i + b);
            swar_transpose(m);
            swar_encrypt8(kv, m);
            swar_transpose(m);
            for (unsigned b = 0; b < 8; b++)
                karx_store64_le(out + 8 * (i + b), m[b] ^ karx_load64_le(in + 8 * (i + b)));
        }
        karx_i_ctr_add(c, 8, i);
        karx_memzero(kv, sizeof kv);
        karx_memzero(m, sizeof m);
    }
    for (; i < nblocks; i++) {
        karx_hight_encrypt_core(key->wk, key->sk, k, c);
        for (unsigned j = 0; j < 8; j++)
            out[8 * i + j] = (uint8_t)(in[8 * i + j] ^ k[j]);
        karx_i_ctr_add(c, 8, 1);
    }
    karx_memzero(k, sizeof k);
}

const karx_block_kernels karx_i_hight_portable = {
    "portable", 1, portable_ecb_encrypt, portable_ecb_decrypt, portable_ctr_xor, NULL, NULL,
};
