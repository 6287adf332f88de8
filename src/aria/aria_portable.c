/* Portable ARIA kernel: the round code of aria_core.h, one block at a time. */
#include <string.h>

#include "karx/aria.h"

#include "aria_core.h"

static void ecb_encrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_aria_key *ks = (const karx_aria_key *)ks_;
    for (size_t b = 0; b < nblocks; b++)
        karx_aria_crypt(ks->ek, ks->rounds, out + 16 * b, in + 16 * b);
}

static void ecb_decrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_aria_key *ks = (const karx_aria_key *)ks_;
    for (size_t b = 0; b < nblocks; b++)
        karx_aria_crypt(ks->dk, ks->rounds, out + 16 * b, in + 16 * b);
}

static void ctr_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks,
                    const uint8_t *ctr)
{
    const karx_aria_key *ks = (const karx_aria_key *)ks_;
    uint8_t c[16], e[16];
    memcpy(c, ctr, 16);
    for (size_t b = 0; b < nblocks; b++, in += 16, out += 16) {
        karx_aria_crypt(ks->ek, ks->rounds, e, c);
        for (int i = 0; i < 16; i++)
            out[i] = (uint8_t)(in[i] ^ e[i]);
        karx_i_ctr_add(c, 16, 1);
    }
    karx_memzero(e, sizeof e);
}

const karx_block_kernels karx_i_aria_portable = {"portable", 1, ecb_encrypt, ecb_decrypt, ctr_xor, NULL,
                                                 NULL};
