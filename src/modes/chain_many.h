/* Internal: the multi-message CBC chain behind karx_cbc_encrypt_many and karx_cmac_many.
 * A chain (x = E(x ^ block)) is serial within a message, but independent messages under one key
 * can share the cipher's multi-block ECB kernel: each of the batch's lanes carries one message,
 * block j of every live lane is gathered into one buffer, encrypted in one kernel call and
 * scattered back; a lane whose message ends takes the next message at once, so unequal lengths
 * keep the batch full. */
#ifndef KARX_CHAIN_MANY_H
#define KARX_CHAIN_MANY_H

#include <stddef.h>
#include <stdint.h>

#include "modes_internal.h"

/* Lanes a batch holds at most: two groups of the widest kernel (HIGHT on AVX-512, 64 blocks). */
#define KARX_CHAIN_MANY_MAX_LANES 128

/* What the chain runs over. Message i is ins[i], lens[i] bytes.
 *  CBC (k1 == NULL): lens[i] whole blocks; ivs[i] is the chain's start and gets its end; every
 *    chain value is written to outs[i] (a message of 0 bytes is skipped).
 *  CMAC (k1 != NULL): any lens[i]; the chain starts at zero; the last block (whole, or padded
 *    10*) is xored with k1 (whole) or k2 (padded, or empty message); the leading tag_len bytes
 *    of the last chain value go to tags + i * tag_len. */
typedef struct karx_i_chain_job {
    const uint8_t *const *ins;
    const size_t *lens;
    size_t n;
    uint8_t *const *outs;
    uint8_t *const *ivs;
    const uint8_t *k1, *k2;
    uint8_t *tags;
    size_t tag_len;
} karx_i_chain_job;

/* Runs job under key (set; arguments checked by the caller). */
void karx_i_chain_many(const karx_cipher_key *key, const karx_i_chain_job *job);

#endif
