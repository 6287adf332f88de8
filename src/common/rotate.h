/* Rotations; r must be in 1..width-1 at each call site (compilers emit one rotate instruction). */
#ifndef KARX_ROTATE_H
#define KARX_ROTATE_H

#include <stdint.h>

#include "karx_hd.h"

static inline KARX_HD uint32_t karx_rotl32(uint32_t x, unsigned r)
{
    return (x << (r & 31)) | (x >> ((32 - r) & 31));
}

static inline KARX_HD uint64_t karx_rotl64(uint64_t x, unsigned r)
{
    return (x << (r & 63)) | (x >> ((64 - r) & 63));
}

#endif
