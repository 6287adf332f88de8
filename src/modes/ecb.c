/* ECB: whole blocks, all of them in parallel on the active back end. */
#include "modes_internal.h"

static karx_status ecb(const karx_cipher_key *key, uint8_t *out, const uint8_t *in, size_t len,
                       int encrypt)
{
    const karx_i_cipher *c;
    karx_status st = karx_i_mode_args(key, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    if (len % c->block_bytes != 0)
        return KARX_ERR_DATA_LENGTH;
    const karx_block_kernels *k = karx_i_kernels(c);
    (encrypt ? k->ecb_encrypt : k->ecb_decrypt)(karx_i_ks(key), out, in, len / c->block_bytes);
    return KARX_OK;
}

karx_status karx_ecb_encrypt(const karx_cipher_key *key, uint8_t *out, const uint8_t *in,
                             size_t len)
{
    return ecb(key, out, in, len, 1);
}

karx_status karx_ecb_decrypt(const karx_cipher_key *key, uint8_t *out, const uint8_t *in,
                             size_t len)
{
    return ecb(key, out, in, len, 0);
}
