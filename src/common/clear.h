/* The start of each call that fills a caller's object (set key, init, instantiate): a NULL object
 * is refused, any other is zeroed first, so that a call failing later leaves no stale state. */
#ifndef KARX_CLEAR_H
#define KARX_CLEAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "karx/common.h"

/* false for NULL (the caller returns KARX_ERR_ARGUMENT); otherwise zeroes len bytes at p. */
static inline bool karx_i_clear(void *p, size_t len)
{
    if (p == NULL)
        return false;
    karx_memzero(p, len);
    return true;
}

/* The start of a cipher's set_key: the key struct cleared (NULL: ARGUMENT), the key bytes there
 * (NULL: ARGUMENT), their length one the cipher takes (len_ok false: KEY_LENGTH). */
static inline karx_status karx_i_set_key_args(void *key, size_t size, const uint8_t *k,
                                              bool len_ok)
{
    if (!karx_i_clear(key, size) || k == NULL)
        return KARX_ERR_ARGUMENT;
    return len_ok ? KARX_OK : KARX_ERR_KEY_LENGTH;
}

#endif
