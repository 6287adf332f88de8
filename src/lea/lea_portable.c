/* Portable LEA kernels: the shared round code, one block at a time. */
#include <string.h>

#include "karx/lea.h"

#include "../common/endian.h"
#include "lea_core.h"

static void load_block(uint32_t x[4], const uint8_t *p)
{
    for (int i = 0; i < 4; i++)
        x[i] = karx_load32_le(p + 4 * i);
}

static void ecb_encrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    for (size_t b = 0; b < nblocks; b++, in += 16, out += 16) {
        uint32_t x[4];
        load_block(x, in);
        karx_lea_encrypt_words(ks->rk, ks->rounds, x);
        for (int i = 0; i < 4; i++)
            karx_store32_le(out + 4 * i, x[i]);
    }
}

static void ecb_decrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    for (size_t b = 0; b < nblocks; b++, in += 16, out += 16) {
        uint32_t x[4];
        load_block(x, in);
        karx_lea_decrypt_words(ks->rk, ks->rounds, x);
        for (int i = 0; i < 4; i++)
            karx_store32_le(out + 4 * i, x[i]);
    }
}

static void ctr_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks,
                    const uint8_t *ctr)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    uint8_t c[16];
    memcpy(c, ctr, 16);
    for (size_t b = 0; b < nblocks; b++, in += 16, out += 16) {
        uint32_t x[4];
        load_block(x, c);
        karx_lea_encrypt_words(ks->rk, ks->rounds, x);
        for (int i = 0; i < 4; i++)
            karx_store32_le(out + 4 * i, x[i] ^ karx_load32_le(in + 4 * i));
        karx_i_ctr_add(c, 16, 1);
    }
}

const karx_block_kernels karx_i_lea_portable = {"portable", 1, ecb_encrypt, ecb_decrypt, ctr_xor};
