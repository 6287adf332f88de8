/* Portable CHAM: one block at a time with the shared round code (cham_core.h), each key size's
 * rounds unrolled once here; the block calls (cham.c) and the SIMD kernels' one-block tails
 * come here too. */
#include <string.h>

#include "karx/cham.h"

#include "cham_core.h"
#include "cham_internal.h"

/* One block each; every call of the always-inlined core below has constant rounds. */
static void cham64_enc1(const uint16_t *rk, uint8_t *out, const uint8_t *in)
{
    karx_cham64_crypt_block(rk, KARX_CHAM64_ROUNDS, 0, out, in);
}

static void cham64_dec1(const uint16_t *rk, uint8_t *out, const uint8_t *in)
{
    karx_cham64_crypt_block(rk, KARX_CHAM64_ROUNDS, 1, out, in);
}

static void cham128_enc1(const karx_cham128_key *k, uint8_t *out, const uint8_t *in)
{
    if (k->rounds == KARX_CHAM128_128_ROUNDS)
        karx_cham128_crypt_block(k->rk, 7, KARX_CHAM128_128_ROUNDS, 0, out, in);
    else
        karx_cham128_crypt_block(k->rk, 15, KARX_CHAM128_256_ROUNDS, 0, out, in);
}

static void cham128_dec1(const karx_cham128_key *k, uint8_t *out, const uint8_t *in)
{
    if (k->rounds == KARX_CHAM128_128_ROUNDS)
        karx_cham128_crypt_block(k->rk, 7, KARX_CHAM128_128_ROUNDS, 1, out, in);
    else
        karx_cham128_crypt_block(k->rk, 15, KARX_CHAM128_256_ROUNDS, 1, out, in);
}

void karx_i_cham64_blocks(const karx_cham64_key *k, int decrypt, uint8_t *out, const uint8_t *in,
                          size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (decrypt)
            cham64_dec1(k->rk, out + 8 * i, in + 8 * i);
        else
            cham64_enc1(k->rk, out + 8 * i, in + 8 * i);
    }
}

void karx_i_cham128_blocks(const karx_cham128_key *k, int decrypt, uint8_t *out,
                           const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (decrypt)
            cham128_dec1(k, out + 16 * i, in + 16 * i);
        else
            cham128_enc1(k, out + 16 * i, in + 16 * i);
    }
}

void karx_i_cham64_ctr_blocks(const karx_cham64_key *k, uint8_t *out, const uint8_t *in,
                              size_t n, uint8_t ctr[8])
{
    uint8_t e[8];
    for (size_t i = 0; i < n; i++) {
        cham64_enc1(k->rk, e, ctr);
        for (unsigned j = 0; j < 8; j++)
            out[8 * i + j] = (uint8_t)(in[8 * i + j] ^ e[j]);
        karx_i_ctr_add(ctr, 8, 1);
    }
    karx_memzero(e, sizeof e);
}

void karx_i_cham128_ctr_blocks(const karx_cham128_key *k, uint8_t *out, const uint8_t *in,
                               size_t n, uint8_t ctr[16])
{
    uint8_t e[16];
    for (size_t i = 0; i < n; i++) {
        cham128_enc1(k, e, ctr);
        for (unsigned j = 0; j < 16; j++)
            out[16 * i + j] = (uint8_t)(in[16 * i + j] ^ e[j]);
        karx_i_ctr_add(ctr, 16, 1);
    }
    karx_memzero(e, sizeof e);
}

/* ---- kernel tables ------------------------------------------------------------------------ */

/* One width's kernel-table entries over the block loops above; ctr_xor steps a copy of the
 * counter (the table's is const). */
#define CHAM_KERNEL_FNS(w, B)                                                                     \
    static void cham##w##_ecb_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)  \
    {                                                                                             \
        karx_i_cham##w##_blocks((const karx_cham##w##_key *)ks, 0, out, in, n);                   \
    }                                                                                             \
    static void cham##w##_ecb_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)  \
    {                                                                                             \
        karx_i_cham##w##_blocks((const karx_cham##w##_key *)ks, 1, out, in, n);                   \
    }                                                                                             \
    static void cham##w##_ctr_xor(const void *ks, uint8_t *out, const uint8_t *in, size_t n,      \
                                  const uint8_t *ctr)                                             \
    {                                                                                             \
        uint8_t c[B];                                                                             \
        memcpy(c, ctr, B);                                                                        \
        karx_i_cham##w##_ctr_blocks((const karx_cham##w##_key *)ks, out, in, n, c);               \
    }

CHAM_KERNEL_FNS(64, 8)
CHAM_KERNEL_FNS(128, 16)

const karx_block_kernels karx_i_cham64_portable = {
    "portable", 1, cham64_ecb_encrypt, cham64_ecb_decrypt, cham64_ctr_xor, NULL, NULL};
const karx_block_kernels karx_i_cham128_portable = {
    "portable", 1, cham128_ecb_encrypt, cham128_ecb_decrypt, cham128_ctr_xor, NULL, NULL};
