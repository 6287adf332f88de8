/* OFB: the register is encrypted again for every block; a chain, so one block at a time. */
#include "modes_internal.h"

karx_status karx_ofb_xor(const karx_cipher_key *key, uint8_t *iv, uint8_t *out, const uint8_t *in,
                         size_t len)
{
    const karx_i_cipher *c;
    karx_status st = karx_i_chain_args(key, iv, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    const size_t B = c->block_bytes;
    const void *ks = karx_i_ks(key);
    for (size_t off = 0; off < len; off += B) {
        size_t n = len - off < B ? len - off : B;
        karx_i_single(c)->ecb_encrypt(ks, iv, iv, 1);
        karx_i_xor(out + off, in + off, iv, n);
    }
    return KARX_OK;
}
