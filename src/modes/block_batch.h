/* Internal: the one batch loop of the SIMD block-cipher kernels (src/lea, src/cham; HIGHT keeps
 * its own: on this loop its subkey table moved onto the batch functions' spill slots modulo
 * 4 KiB in every frame layout tried, some op 4-8% slower).
 * A kernel walks its nblocks in groups of `lanes` blocks (one group is what one set of
 * registers holds); where it interleaves two groups round by round, whole pairs go first, then
 * single groups, and the 0 < n < lanes blocks left go to a tail path (masked loads, a narrower
 * kernel, a padded stack buffer or the portable code). ECB and CTR both walk this way: the
 * state a CTR run carries from batch to batch (the counter, values precomputed for it) lives in
 * the kernel's own context, which the loop passes through untouched.
 *
 * The loop is always inlined, and every kernel passes constant function pointers and sizes, so
 * the compiler calls (and inlines) the group and tail functions directly: the generated code
 * is what a loop written out in each kernel gives. */
#ifndef KARX_BLOCK_BATCH_H
#define KARX_BLOCK_BATCH_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define KARX_BATCH_INLINE static inline __attribute__((always_inline))
#else
#define KARX_BATCH_INLINE static inline
#endif

/* groups (1, or 2 where the kernel interleaves) whole groups from in to out. */
typedef void (*karx_batch_groups_fn)(void *ctx, uint8_t *out, const uint8_t *in,
                                     unsigned groups);
/* The last 0 < n < lanes blocks. */
typedef void (*karx_batch_tail_fn)(void *ctx, uint8_t *out, const uint8_t *in, size_t n);

/* A kernel's shape: blocks per group, groups it interleaves at most (1 or 2), bytes a block. */
typedef struct karx_batch_shape {
    size_t lanes;
    unsigned max_groups;
    size_t block_bytes;
} karx_batch_shape;

/* nblocks blocks (any count, 0 included) from in to out: pairs of groups while they fill (where
 * max_groups is 2), then single groups, then the tail. */
KARX_BATCH_INLINE void karx_i_batch_run(karx_batch_shape s, karx_batch_groups_fn groups,
                                        karx_batch_tail_fn tail, void *ctx, uint8_t *out,
                                        const uint8_t *in, size_t nblocks)
{
    const size_t pair = 2 * s.lanes;
    if (s.max_groups > 1) {
        for (; nblocks >= pair; nblocks -= pair) {
            groups(ctx, out, in, 2);
            in += pair * s.block_bytes;
            out += pair * s.block_bytes;
        }
    }
    for (; nblocks >= s.lanes; nblocks -= s.lanes) {
        groups(ctx, out, in, 1);
        in += s.lanes * s.block_bytes;
        out += s.lanes * s.block_bytes;
    }
    if (nblocks > 0)
        tail(ctx, out, in, nblocks);
}

#endif
