/* Portable LEA kernels: the shared round code, one block at a time (lea_core.h). */
#include <string.h>

#include "karx/lea.h"

#include "lea_core.h"

static void ecb_encrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    karx_lea_ecb_blocks(ks->rk, ks->rounds, 0, out, in, nblocks);
}

static void ecb_decrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    karx_lea_ecb_blocks(ks->rk, ks->rounds, 1, out, in, nblocks);
}

static void ctr_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks,
                    const uint8_t *ctr)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    uint8_t c[16];
    memcpy(c, ctr, 16);
    karx_lea_ctr_blocks(ks->rk, ks->rounds, out, in, nblocks, c);
}

const karx_block_kernels karx_i_lea_portable = {"portable", 1, ecb_encrypt, ecb_decrypt, ctr_xor, NULL,
                                                NULL};
