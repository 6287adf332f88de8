/* Internal: the argument checks GCM and CCM share (one AEAD argument check). */
#ifndef KARX_AEAD_ARGS_H
#define KARX_AEAD_ARGS_H

#include <stddef.h>

#include "karx/cipher.h"

/* Pointers every AEAD call needs: the IV/nonce and the tag always, aad when aad_len > 0, out
 * and in when len > 0. */
static inline karx_status karx_i_aead_pointers(const void *iv, const void *aad, size_t aad_len,
                                               const void *out, const void *in, size_t len,
                                               const void *tag)
{
    if (iv == NULL || tag == NULL || (aad_len != 0 && aad == NULL) ||
        (len != 0 && (out == NULL || in == NULL)))
        return KARX_ERR_ARGUMENT;
    return KARX_OK;
}

/* GCM and CCM are defined over 128-bit blocks: an unknown cipher is UNKNOWN_ALGORITHM, a
 * 64-bit one UNSUPPORTED. */
static inline karx_status karx_i_aead_alg(karx_cipher_alg alg)
{
    size_t bb = karx_cipher_block_bytes(alg);
    if (bb == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    return bb == 16 ? KARX_OK : KARX_ERR_UNSUPPORTED;
}

#endif
