/* Internal: the cipher table the modes are written over, and helpers shared by the mode files. */
#ifndef KARX_MODES_INTERNAL_H
#define KARX_MODES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "block_kernels.h"
#include "karx/cipher.h"

/* One row per cipher. Single blocks go straight to the portable kernels (the serial modes
 * cannot use lanes); bulk work goes to kernels(), the active back end's table. */
typedef struct karx_i_cipher {
    const char *name;
    size_t block_bytes;
    size_t key_bytes;
    const karx_block_kernels *portable;
    const karx_block_kernels *(*kernels)(void);
} karx_i_cipher;

extern const karx_block_kernels karx_i_lea_portable, karx_i_hight_portable,
    karx_i_cham64_portable, karx_i_cham128_portable;

/* The row of alg, or NULL when alg is not a cipher id. */
const karx_i_cipher *karx_i_cipher_row(uint32_t alg);

/* The row of a key that has been set, or NULL (NULL key, no key set). */
const karx_i_cipher *karx_i_key_row(const karx_cipher_key *key);

/* The checks every stateless mode call starts with. */
static inline karx_status karx_i_mode_args(const karx_cipher_key *key, const void *out,
                                           const void *in, size_t len, const karx_i_cipher **c)
{
    if (key == NULL || (len != 0 && (out == NULL || in == NULL)))
        return KARX_ERR_ARGUMENT;
    *c = karx_i_key_row(key);
    return *c != NULL ? KARX_OK : KARX_ERR_STATE;
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

#endif
