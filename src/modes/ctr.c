/* CTR: the whole block is one big-endian counter. Whole blocks go to the active back end's
 * kernel in one call; a call that would wrap the counter is refused before anything is written. */
#include <string.h>

#include "modes_internal.h"

size_t karx_i_ctr_capacity(const uint8_t *ctr, size_t block_bytes)
{
    /* Blocks left = (all-ones - ctr) + 1 = ~ctr + 1. */
    for (size_t i = 0; i + 8 < block_bytes; i++)
        if (ctr[i] != 0xff)
            return SIZE_MAX; /* at least 2^64 left */
    uint64_t left = 0;
    for (size_t i = block_bytes - 8; i < block_bytes; i++)
        left = (left << 8) | (uint8_t)~ctr[i];
    if (left >= (uint64_t)SIZE_MAX)
        return SIZE_MAX;
    return (size_t)left + 1;
}

void karx_i_ctr_blocks(const karx_i_cipher *c, const karx_cipher_key *key, uint8_t *ctr,
                       uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (nblocks == 0)
        return;
    karx_i_kernels(c)->ctr_xor(karx_i_ks(key), out, in, nblocks, ctr);
    karx_i_ctr_add(ctr, c->block_bytes, (uint64_t)nblocks);
}

karx_status karx_ctr_xor(const karx_cipher_key *key, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                         size_t len)
{
    const karx_i_cipher *c;
    karx_status st = karx_i_chain_args(key, ctr, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    const size_t B = c->block_bytes;
    size_t full = len / B, tail = len % B;
    if (full + (tail != 0) > karx_i_ctr_capacity(ctr, B))
        return KARX_ERR_COUNTER_OVERFLOW;
    karx_i_ctr_blocks(c, key, ctr, out, in, full);
    if (tail != 0) {
        uint8_t ks[KARX_MAX_BLOCK_BYTES];
        karx_i_single(c)->ecb_encrypt(karx_i_ks(key), ks, ctr, 1);
        karx_i_xor(out + full * B, in + full * B, ks, tail);
        karx_i_ctr_add(ctr, B, 1);
        karx_memzero(ks, sizeof ks);
    }
    return KARX_OK;
}
