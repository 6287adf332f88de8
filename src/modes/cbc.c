/* CBC: encryption is a chain (one block at a time); decryption runs whole chunks through the
 * parallel ECB kernel and then xors each block with the ciphertext before it. */
#include <string.h>

#include "modes_internal.h"

karx_status karx_cbc_encrypt(const karx_cipher_key *key, uint8_t *iv, uint8_t *out,
                             const uint8_t *in, size_t len)
{
    const karx_i_cipher *c;
    karx_status st = karx_i_cbc_args(key, iv, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    const size_t B = c->block_bytes;
    void (*enc)(const void *, uint8_t *, const uint8_t *, size_t) = karx_i_single(c)->ecb_encrypt;
    const void *ks = karx_i_ks(key);
    uint8_t x[KARX_MAX_BLOCK_BYTES];
    memcpy(x, iv, B);
    for (size_t off = 0; off < len; off += B) {
        karx_i_xor(x, x, in + off, B);
        enc(ks, x, x, 1);
        memcpy(out + off, x, B);
    }
    memcpy(iv, x, B);
    return KARX_OK;
}

void karx_i_cbc_mac(const karx_cipher_key *key, uint8_t *x, const uint8_t *in, size_t nblocks)
{
    const karx_i_cipher *c = karx_i_key_row(key);
    const size_t B = c->block_bytes;
    void (*enc)(const void *, uint8_t *, const uint8_t *, size_t) = karx_i_single(c)->ecb_encrypt;
    const void *ks = karx_i_ks(key);
    /* The chain value lives in a local (no aliasing with in, so the xor stays in registers) and
     * the xor is done in 64-bit words; with 8-byte blocks the second word stays as it was. */
    uint64_t v[2], w[2] = {0, 0};
    memcpy(v, x, B);
    for (size_t i = 0; i < nblocks; i++, in += B) {
        memcpy(w, in, B);
        v[0] ^= w[0];
        v[1] ^= w[1];
        enc(ks, (uint8_t *)v, (const uint8_t *)v, 1);
    }
    memcpy(x, v, B);
    karx_memzero(v, sizeof v);
    karx_memzero(w, sizeof w);
}

karx_status karx_cbc_decrypt(const karx_cipher_key *key, uint8_t *iv, uint8_t *out,
                             const uint8_t *in, size_t len)
{
    const karx_i_cipher *c;
    karx_status st = karx_i_cbc_args(key, iv, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    const size_t B = c->block_bytes;
    const karx_block_kernels *k = karx_i_kernels(c);
    const void *ks = karx_i_ks(key);
    uint8_t tmp[KARX_MODES_CHUNK], prev[KARX_MAX_BLOCK_BYTES], last[KARX_MAX_BLOCK_BYTES];
    memcpy(prev, iv, B);
    for (size_t off = 0; off < len;) {
        size_t n = len - off < sizeof tmp ? len - off : sizeof tmp;
        /* Out of place the kernel writes straight to out; in place it stages in tmp, so the
         * chunk's ciphertext stays readable for the chaining xor. */
        uint8_t *dst = out == in ? tmp : out + off;
        k->ecb_decrypt(ks, dst, in + off, n / B);
        memcpy(last, in + off + n - B, B);
        karx_i_xor(dst, dst, prev, B);
        karx_i_xor(dst + B, dst + B, in + off, n - B);
        if (dst == tmp)
            memcpy(out + off, tmp, n);
        memcpy(prev, last, B);
        off += n;
    }
    memcpy(iv, prev, B);
    karx_memzero(tmp, sizeof tmp);
    return KARX_OK;
}
