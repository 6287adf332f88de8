/* toy128 (TEST-ONLY, INSECURE; toy128.h): the whole cipher, its portable kernel and its
 * registry descriptor. tests/toy/toy128_model.py is an independent model of the same rounds. */
#include <string.h>

#include "../common/clear.h"
#include "../common/endian.h"
#include "../common/rotate.h"
#include "../modes/block_kernels.h"
#include "../registry/registry.h"
#include "toy128.h"

/* Round r: w[i] = rotl(w[i] + k[(i + r) % 4] + r, 5 + i) for each word, then the chain
 * w1 ^= w0, w2 ^= w1, w3 ^= w2, w0 ^= w3. Decryption undoes the rounds in reverse. */
static void toy_encrypt(const karx_i_toy128_key *ks, uint8_t out[16], const uint8_t in[16])
{
    uint32_t w[4];
    for (int i = 0; i < 4; i++)
        w[i] = karx_load32_le(in + 4 * i);
    for (uint32_t r = 0; r < KARX_I_TOY128_ROUNDS; r++) {
        for (unsigned i = 0; i < 4; i++)
            w[i] = karx_rotl32(w[i] + ks->k[(i + r) % 4] + r, 5 + i);
        w[1] ^= w[0], w[2] ^= w[1], w[3] ^= w[2], w[0] ^= w[3];
    }
    for (int i = 0; i < 4; i++)
        karx_store32_le(out + 4 * i, w[i]);
}

static void toy_decrypt(const karx_i_toy128_key *ks, uint8_t out[16], const uint8_t in[16])
{
    uint32_t w[4];
    for (int i = 0; i < 4; i++)
        w[i] = karx_load32_le(in + 4 * i);
    for (uint32_t r = KARX_I_TOY128_ROUNDS; r-- > 0;) {
        w[0] ^= w[3], w[3] ^= w[2], w[2] ^= w[1], w[1] ^= w[0];
        for (unsigned i = 0; i < 4; i++)
            w[i] = karx_rotl32(w[i], 27 - i) - ks->k[(i + r) % 4] - r; /* rotr by 5 + i */
    }
    for (int i = 0; i < 4; i++)
        karx_store32_le(out + 4 * i, w[i]);
}

static karx_status toy_set_key(void *ks_, const uint8_t *k, size_t key_len)
{
    karx_i_toy128_key *ks = (karx_i_toy128_key *)ks_;
    if (ks == NULL || k == NULL)
        return KARX_ERR_ARGUMENT;
    if (key_len != 16)
        return KARX_ERR_KEY_LENGTH;
    for (int i = 0; i < 4; i++)
        ks->k[i] = karx_load32_le(k + 4 * i);
    return KARX_OK;
}

/* ---- the portable kernel: one block at a time ---- */
static void ecb_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b++)
        toy_encrypt((const karx_i_toy128_key *)ks, out + 16 * b, in + 16 * b);
}

static void ecb_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b++)
        toy_decrypt((const karx_i_toy128_key *)ks, out + 16 * b, in + 16 * b);
}

static void ctr_xor(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks,
                    const uint8_t *ctr)
{
    uint8_t c[16], e[16];
    memcpy(c, ctr, 16);
    for (size_t b = 0; b < nblocks; b++, in += 16, out += 16) {
        toy_encrypt((const karx_i_toy128_key *)ks, e, c);
        for (int i = 0; i < 16; i++)
            out[i] = (uint8_t)(in[i] ^ e[i]);
        karx_i_ctr_add(c, 16, 1);
    }
    karx_memzero(e, sizeof e);
}

static const karx_block_kernels toy128_portable = {"portable", 1,    ecb_encrypt, ecb_decrypt,
                                                   ctr_xor,    NULL, NULL};
static const karx_i_impl toy128_impls[] = {KARX_I_IMPL_PORTABLE(toy128)};

/* The self-tests' known answer: key 00 01 .. 0f, plaintext 00 11 .. ff. There is no published
 * vector for a test-only cipher; the value is the model's (tests/toy/toy128_model.py), which
 * tests/toy/run.sh checks against this build. */
static const uint8_t kat_key[16] = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f";
static const uint8_t kat_pt[16] = "\x00\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd\xee\xff";
static const uint8_t kat_ct[16] = "\xab\xc4\x0c\xe9\x75\x7f\x7c\x26\x55\x2c\xf2\x92\xb7\xf8\x8a\x6a";

const karx_i_cipher karx_i_toy128_desc = {
    KARX_I_CIPHER_TOY128, "toy128", "TOY-128", 16, 16, sizeof(karx_i_toy128_key),
    KARX_I_FAMILY_NONE,  KARX_I_TOY128_ROUNDS, toy_set_key, KARX_I_LIST(toy128_impls),
    kat_key,             kat_pt,   kat_ct,    NULL, 0,
    0 /* not approved: never on KCMVP's list */, 0};
