/* Internal: what the record-job drivers (src/modes/ctr_jobs.c, src/aead/ccm_jobs.c) share around
 * the lane kernels (lanes.h): the word-sliced block loads and stores, and the overlap checks
 * of a job. */
#ifndef KARX_JOBS_LANES_H
#define KARX_JOBS_LANES_H

#include <stddef.h>
#include <stdint.h>

#include "common/endian.h"
#include "lanes/lanes.h"

/* Puts a 16-byte block into lane l of the word-sliced blocks w (L lanes). */
static inline void karx_i_lanes_put(uint32_t *w, unsigned L, unsigned l, const uint8_t *blk)
{
    for (unsigned j = 0; j < 4; j++)
        w[j * L + l] = karx_load32_le(blk + 4 * j);
}

/* Takes lane l's block out of w. */
static inline void karx_i_lanes_get(const uint32_t *w, unsigned L, unsigned l, uint8_t *blk)
{
    for (unsigned j = 0; j < 4; j++)
        karx_store32_le(blk + 4 * j, w[j * L + l]);
}

/* 1 if out and in (len bytes each) overlap other than exactly (out == in). */
static inline int karx_i_jobs_overlap(const void *out, const void *in, size_t len)
{
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;
    if (len == 0 || o == i)
        return 0;
    return o < i ? i - o < len : o - i < len;
}

/* 1 if the buffers a (alen bytes) and b (blen bytes) share a byte. */
static inline int karx_i_jobs_share(const void *a, size_t alen, const void *b, size_t blen)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen != 0 && blen != 0 && x < y + blen && y < x + alen;
}

#endif
