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

/* A 16-byte block as the lanes hold it: 4 little-endian words. */
static inline void karx_i_lanes_words(uint32_t c[4], const uint8_t *blk)
{
    for (unsigned j = 0; j < 4; j++)
        c[j] = karx_load32_le(blk + 4 * j);
}

static inline void karx_i_lanes_bytes(uint8_t *blk, const uint32_t c[4])
{
    for (unsigned j = 0; j < 4; j++)
        karx_store32_le(blk + 4 * j, c[j]);
}

static inline uint32_t karx_i_lanes_bswap32(uint32_t x)
{
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

/* Adds 1 to a block in words (the whole block one big-endian counter, as karx_ctr_xor counts). */
static inline void karx_i_lanes_inc(uint32_t c[4])
{
    for (int j = 3; j >= 0; j--) {
        uint32_t v = karx_i_lanes_bswap32(c[j]) + 1;
        c[j] = karx_i_lanes_bswap32(v);
        if (v != 0)
            return;
    }
}

/* out = in ^ lane l's block of w, for a whole block. */
static inline void karx_i_lanes_xor_block(uint8_t *out, const uint8_t *in, const uint32_t *w,
                                          unsigned L, unsigned l)
{
    for (unsigned j = 0; j < 4; j++)
        karx_store32_le(out + 4 * j, karx_load32_le(in + 4 * j) ^ w[j * L + l]);
}

/* Asks for len bytes at in (read) and out (written) to be brought into the cache: a lane that
 * takes a job reads and writes it 16 bytes per kernel call, interleaved with up to 15 other
 * jobs, more streams than the hardware prefetchers follow. */
static inline void karx_i_lanes_prefetch(const uint8_t *in, const uint8_t *out, size_t len)
{
#if defined(__GNUC__) || defined(__clang__)
    for (size_t o = 0; o < len; o += 64) {
        __builtin_prefetch(in + o, 0, 3);
        if (out != in)
            __builtin_prefetch(out + o, 1, 3);
    }
#else
    (void)in;
    (void)out;
    (void)len;
#endif
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
