/* Internal: the LSH kernel tables every back end fills in, and the dispatch over them. */
#ifndef KARX_LSH_INTERNAL_H
#define KARX_LSH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "karx/common.h"
#include "karx/cpu.h"

/* Full unrolling where array indices must become constants for values to stay in registers. */
#define KARX_UNROLL _Pragma("GCC unroll 16")

/* How far past a tail the compress_lanes_tail kernels may read (their widest load is 64 B). */
#define KARX_LSH_TAIL_SLACK 64

/* Most lanes any multi-buffer kernel uses (AVX-512 LSH-256: 16 x 32-bit). */
#define KARX_LSH_MAX_LANES 16

/* A back end's LSH kernels for one word width W (uint32_t for LSH-256, uint64_t for LSH-512).
 * compress runs nblocks >= 1 whole blocks into cv. compress_lanes, when lanes > 1, runs one
 * block per lane: state holds 16 words x lanes, word-major (state[w * lanes + lane]);
 * blocks[lane] points at that lane's block. compress_lanes_tail (optional) is like
 * compress_lanes for each lane's last block, given as the message's final tail (< one block)
 * bytes, the same length in every lane, padded in registers; it may read up to
 * KARX_LSH_TAIL_SLACK - 1 bytes past each tail (whole vector loads). */
#define KARX_LSH_KERNEL_FIELDS(W)                                                              \
    {                                                                                          \
        const char *name;                                                                      \
        void (*compress)(W cv[16], const uint8_t *blocks, size_t nblocks);                     \
        unsigned lanes;                                                                        \
        void (*compress_lanes)(W * state, const uint8_t *const *blocks);                       \
        void (*compress_lanes_tail)(W * state, const uint8_t *const *tails, size_t tail);      \
    }
typedef struct karx_lsh256_kernels KARX_LSH_KERNEL_FIELDS(uint32_t) karx_lsh256_kernels;
typedef struct karx_lsh512_kernels KARX_LSH_KERNEL_FIELDS(uint64_t) karx_lsh512_kernels;

extern const karx_lsh256_kernels karx_i_lsh256_portable, karx_i_lsh256_sse2, karx_i_lsh256_ssse3,
    karx_i_lsh256_avx2, karx_i_lsh256_avx512, karx_i_lsh256_neon;
extern const karx_lsh512_kernels karx_i_lsh512_portable, karx_i_lsh512_sse2, karx_i_lsh512_ssse3,
    karx_i_lsh512_avx2, karx_i_lsh512_avx512, karx_i_lsh512_neon;

/* Multi-buffer kernels (compress_lanes shape), each in its own ISA file. */
void karx_i_lsh256_sse2_mb(uint32_t *state, const uint8_t *const *blocks);   /* 4 lanes */
void karx_i_lsh512_sse2_mb(uint64_t *state, const uint8_t *const *blocks);   /* 2 lanes */
void karx_i_lsh256_avx2_mb(uint32_t *state, const uint8_t *const *blocks);   /* 8 lanes */
void karx_i_lsh512_avx2_mb(uint64_t *state, const uint8_t *const *blocks);   /* 4 lanes */
void karx_i_lsh256_avx512_mb(uint32_t *state, const uint8_t *const *blocks); /* 16 lanes */
void karx_i_lsh512_avx512_mb(uint64_t *state, const uint8_t *const *blocks); /* 8 lanes */
void karx_i_lsh256_neon_mb(uint32_t *state, const uint8_t *const *blocks);     /* 4 lanes */
void karx_i_lsh512_neon_mb(uint64_t *state, const uint8_t *const *blocks);     /* 2 lanes */
void karx_i_lsh256_neon_mb_tail(uint32_t *state, const uint8_t *const *tails, size_t tail);
void karx_i_lsh512_neon_mb_tail(uint64_t *state, const uint8_t *const *tails, size_t tail);
void karx_i_lsh256_avx2_mb_tail(uint32_t *state, const uint8_t *const *tails, size_t tail);
void karx_i_lsh512_avx2_mb_tail(uint64_t *state, const uint8_t *const *tails, size_t tail);
void karx_i_lsh256_avx512_mb_tail(uint32_t *state, const uint8_t *const *tails, size_t tail);
void karx_i_lsh512_avx512_mb_tail(uint64_t *state, const uint8_t *const *tails, size_t tail);

/* The approved field of the descriptor of an LSH call by width (wide: LSH-512) and digest
 * length, for the approved mode's gate; 0 for a length that is none of the six variants. */
int karx_i_lsh_approved(int wide, size_t digest_bytes);

/* The kernels for the active back end (widest available at or below it). */
const karx_lsh256_kernels *karx_i_lsh256_kernels(void);
const karx_lsh512_kernels *karx_i_lsh512_kernels(void);

/* For the per-kernel self-test: a one-shot digest, and a karx_lsh*_many batch, run through
 * exactly the table k (its compress, or its compress_lanes / compress_lanes_tail where it has
 * them), whatever the active back end. Arguments are checked as in the public calls; a NULL k
 * is KARX_ERR_ARGUMENT. */
karx_status karx_i_lsh256_digest_with(const karx_lsh256_kernels *k, uint8_t *out,
                                      size_t digest_bytes, const void *in, size_t len);
karx_status karx_i_lsh256_many_with(const karx_lsh256_kernels *k, uint8_t *out,
                                    size_t digest_bytes, const void *in, size_t msg_len, size_t n);
karx_status karx_i_lsh512_digest_with(const karx_lsh512_kernels *k, uint8_t *out,
                                      size_t digest_bytes, const void *in, size_t len);
karx_status karx_i_lsh512_many_with(const karx_lsh512_kernels *k, uint8_t *out,
                                    size_t digest_bytes, const void *in, size_t msg_len, size_t n);

#endif
