/* Internal: the XTS core (xts_blocks.c) shared by the one-shot, sector and streaming calls, and
 * the GF(2^128) doubling the kernels and tests agree on. */
#ifndef KARX_XTS_INTERNAL_H
#define KARX_XTS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "../common/endian.h"
#include "karx/xts.h"
#include "modes_internal.h"

/* The descriptor of a set XTS key, or NULL (NULL key, no key set). */
const karx_i_cipher *karx_i_xts_row(const karx_xts_key *key);

/* nblocks whole blocks with tweaks t, t*x, ...; t becomes the tweak of the next block. Runs the
 * kernel table's fused xts_xor where it has one, else tweaks in a stack chunk + ECB kernel. */
void karx_i_xts_blocks(const karx_block_kernels *k, const karx_cipher_key *data, uint8_t t[16],
                       uint8_t *out, const uint8_t *in, size_t nblocks, int decrypt);

/* nblocks whole blocks cut into units of unit_blocks (>= 1; the last one may be shorter), unit
 * u starting at tweak tweaks + 16u (encrypted); as the kernels' xts_xor (block_kernels.h), the
 * last unit's entry becomes the tweak after it. The fused kernel runs all units in one call. */
void karx_i_xts_units(const karx_block_kernels *k, const karx_cipher_key *data, uint8_t *tweaks,
                      uint8_t *out, const uint8_t *in, size_t nblocks, size_t unit_blocks,
                      int decrypt);

/* The generic path alone (tests compare kernels with it). */
void karx_i_xts_generic(const karx_block_kernels *k, const void *ks, uint8_t *out,
                        const uint8_t *in, size_t nblocks, uint8_t t[16], int decrypt);

/* The last full block and the partial one (16 + tail bytes, 0 < tail < 16) by ciphertext
 * stealing; t is the tweak of the full block (it is advanced once). */
void karx_i_xts_steal(const karx_i_cipher *c, const karx_cipher_key *data, uint8_t t[16],
                      uint8_t *out, const uint8_t *in, size_t tail, int decrypt);

/* One data unit of len >= 16 bytes whose tweak is already encrypted (t, wiped on return), on
 * kernel table k (karx_i_kernels(c), looked up once by the caller). */
void karx_i_xts_unit(const karx_i_cipher *c, const karx_block_kernels *k,
                     const karx_cipher_key *data, uint8_t t[16], uint8_t *out, const uint8_t *in,
                     size_t len, int decrypt);

#endif
