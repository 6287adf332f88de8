/* Internal: helpers shared by the mode files, over the registry's cipher descriptors. */
#ifndef KARX_MODES_INTERNAL_H
#define KARX_MODES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../approved/approved.h"
#include "../registry/registry.h"
#include "block_kernels.h"
#include "karx/cipher.h"

/* The modes are written over the registry's cipher descriptors: single blocks go straight to
 * the portable kernel (the serial modes cannot use lanes); bulk work goes to the kernel
 * karx_i_select picks. */
static inline const karx_block_kernels *karx_i_portable(const karx_i_cipher *c)
{
    return (const karx_block_kernels *)c->impls[0].table;
}

static inline const karx_block_kernels *karx_i_kernels(const karx_i_cipher *c)
{
    return (const karx_block_kernels *)karx_i_cipher_kernels(c);
}

/* The kernel for one block at a time: the portable one, or the selected one where the
 * descriptor says the portable one is slow for single blocks (single_by_kernel: ARIA). Compact
 * builds have only portable kernels. */
static inline const karx_block_kernels *karx_i_single(const karx_i_cipher *c)
{
#if defined(KARX_COMPACT)
    return karx_i_portable(c);
#else
    return c->single_by_kernel ? karx_i_kernels(c) : karx_i_portable(c);
#endif
}

/* The descriptor of a key that has been set, or NULL (NULL key, no key set). */
static inline const karx_i_cipher *karx_i_key_row(const karx_cipher_key *key)
{
    return key != NULL ? karx_i_cipher_desc(key->alg) : NULL;
}

/* The checks every stateless mode call starts with. */
static inline karx_status karx_i_mode_args(const karx_cipher_key *key, const void *out,
                                           const void *in, size_t len, const karx_i_cipher **c)
{
    if (key == NULL || (len != 0 && (out == NULL || in == NULL)))
        return KARX_ERR_ARGUMENT;
    *c = karx_i_key_row(key);
    if (*c == NULL)
        return KARX_ERR_STATE;
    /* every mode call is a service: a key scheduled before the error state (or before the
     * approved mode was turned on) is refused at use, not only at its set_key */
    KARX_I_SERVICE((*c)->approved);
    return KARX_OK;
}

/* The same for the modes that carry an IV / register / counter. */
static inline karx_status karx_i_chain_args(const karx_cipher_key *key, const uint8_t *iv,
                                            const void *out, const void *in, size_t len,
                                            const karx_i_cipher **c)
{
    karx_status st = karx_i_mode_args(key, out, in, len, c);
    if (st == KARX_OK && iv == NULL)
        st = KARX_ERR_ARGUMENT;
    return st;
}

/* The same for CBC, whose input must be whole blocks. */
static inline karx_status karx_i_cbc_args(const karx_cipher_key *key, const uint8_t *iv,
                                          const void *out, const void *in, size_t len,
                                          const karx_i_cipher **c)
{
    karx_status st = karx_i_chain_args(key, iv, out, in, len, c);
    if (st == KARX_OK && len % (*c)->block_bytes != 0)
        st = KARX_ERR_DATA_LENGTH;
    return st;
}

static inline const void *karx_i_ks(const karx_cipher_key *key) { return &key->u; }

/* Bytes per stack chunk for the modes that stage data (CBC/CFB decryption, streaming); a
 * multiple of 16. Small-RAM builds (KARX_COMPACT, embedded/) use 64. */
#ifndef KARX_MODES_CHUNK
#ifdef KARX_COMPACT
#define KARX_MODES_CHUNK 64
#else
#define KARX_MODES_CHUNK 16384
#endif
#endif

static inline void karx_i_xor(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(a[i] ^ b[i]);
}

/* The same for n a multiple of 8, in 64-bit words (the chained and XTS per-block paths). */
static inline void karx_i_xor_words(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(out + i, &x, 8);
    }
}

/* CBC-MAC, shared by CMAC and CCM: x = E(x ^ block) over nblocks whole blocks, on the portable
 * single-block code (a chain cannot use lanes). key must be set; x is block-sized. */
void karx_i_cbc_mac(const karx_cipher_key *key, uint8_t *x, const uint8_t *in, size_t nblocks);

/* How many more counter blocks ctr may produce before it would wrap, capped at SIZE_MAX. */
size_t karx_i_ctr_capacity(const uint8_t *ctr, size_t block_bytes);

/* The whole-block part of CTR: nblocks blocks, ctr advanced (wrapping to zero after all-ones);
 * the caller has checked the capacity. */
void karx_i_ctr_blocks(const karx_i_cipher *c, const karx_cipher_key *key, uint8_t *ctr,
                       uint8_t *out, const uint8_t *in, size_t nblocks);

/* One CFB segment of s bytes (or fewer for a final partial one) with an E(reg) already in ks:
 * returns nothing; reg is shifted by s and takes the ciphertext when the segment is whole. */
void karx_i_cfb_shift(uint8_t *reg, size_t block_bytes, const uint8_t *cipher_seg, size_t s);

/* A CTR job's checks (ctr_jobs.c), and with gate the approved mode's gate (the GPU job call
 * meets its own); the CPU and GPU job calls both run it. */
karx_status karx_i_ctr_job_check(const karx_ctr_job *j, int gate);

#endif
