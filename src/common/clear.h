/* The start of each call that fills a caller's object (set key, init, instantiate): a NULL object
 * is refused, any other is zeroed first, so that a call failing later leaves no stale state. */
#ifndef KARX_CLEAR_H
#define KARX_CLEAR_H

#include <stdbool.h>
#include <stddef.h>

#include "karx/common.h"

/* false for NULL (the caller returns KARX_ERR_ARGUMENT); otherwise zeroes len bytes at p. */
static inline bool karx_i_clear(void *p, size_t len)
{
    if (p == NULL)
        return false;
    karx_memzero(p, len);
    return true;
}

#endif
