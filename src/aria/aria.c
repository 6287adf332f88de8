/* ARIA public API: key schedule (RFC 5794 section 2.2) and single blocks (the kernel list is
 * in aria_desc.c). */
#include <string.h>

#include "karx/aria.h"

#include "aria_core.h"

/* C1, C2, C3: the first 384 bits of the fractional part of 1/pi. */
static const uint8_t aria_c[3][16] = {
    {0x51, 0x7c, 0xc1, 0xb7, 0x27, 0x22, 0x0a, 0x94, 0xfe, 0x13, 0xab, 0xe8, 0xfa, 0x9a, 0x6e, 0xe0},
    {0x6d, 0xb1, 0x4a, 0xcc, 0x9e, 0x21, 0xc8, 0x20, 0xff, 0x28, 0xb1, 0xd5, 0xef, 0x5d, 0xe2, 0xb0},
    {0xdb, 0x92, 0x37, 0x1d, 0x21, 0x26, 0xe9, 0x70, 0x03, 0x24, 0x97, 0x75, 0x04, 0xe8, 0xc9, 0x0e},
};

/* out = FO(d, ck) ^ x (layer 0) or FE(d, ck) ^ x (layer 1). */
static void feistel(uint8_t out[16], const uint8_t d[16], const uint8_t ck[16],
                    const uint8_t x[16], int layer)
{
    uint64_t s[2] = {karx_load64_le(d), karx_load64_le(d + 8)};
    karx_aria_round(s, ck, layer);
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
static void decryption_keys(karx_aria_key *key)
{
    const unsigned n = key->rounds;
    memcpy(key->dk[0], key->ek[n], 16);
    for (unsigned i = 1; i < n; i++) {
        uint64_t s[2] = {karx_load64_le(key->ek[n - i]), karx_load64_le(key->ek[n - i] + 8)};
        karx_aria_diffuse(s);
        karx_store64_le(key->dk[i], s[0]);
        karx_store64_le(key->dk[i] + 8, s[1]);
    }
    memcpy(key->dk[n], key->ek[0], 16);
}

karx_status karx_aria_set_key(karx_aria_key *key, const uint8_t *k, size_t key_len)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    karx_aria_key_wipe(key);
    if (k == NULL)
        return KARX_ERR_ARGUMENT;
    if (key_len != 16 && key_len != 24 && key_len != 32)
        return KARX_ERR_KEY_LENGTH;
    const unsigned first = (unsigned)(key_len - 16) / 8; /* CK1 = C1, C2 or C3 */
    uint8_t kr[16] = {0}, w[4][16];
    memcpy(w[0], k, 16); /* W0 = KL */
    memcpy(kr, k + 16, key_len - 16);
    feistel(w[1], w[0], aria_c[first], kr, 0);
    feistel(w[2], w[1], aria_c[(first + 1) % 3], w[0], 1);
    feistel(w[3], w[2], aria_c[(first + 2) % 3], w[1], 0);
    key->rounds = (uint32_t)(12 + 2 * first);
    encryption_keys(key, (const uint8_t(*)[16])w);
    decryption_keys(key);
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

karx_status karx_aria_encrypt_block(const karx_aria_key *key, uint8_t out[16], const uint8_t in[16])
{
    return one_block(key, out, in, 0);
}

karx_status karx_aria_decrypt_block(const karx_aria_key *key, uint8_t out[16], const uint8_t in[16])
{
    return one_block(key, out, in, 1);
}

void karx_aria_key_wipe(karx_aria_key *key)
{
    if (key != NULL)
        karx_memzero(key, sizeof *key);
}

size_t karx_aria_block_bytes(void)
{
    return KARX_ARIA_BLOCK_BYTES;
}
