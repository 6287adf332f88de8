/* The block a busy lane hashes next in the multi-buffer HMAC schedulers (hmac_many_lanes.h,
 * hmac_jobs_lanes.h; j has their outer, left and pos): a whole block of the message, read in
 * place, else the padded tail (the inner hash) or the outer block already in pad, either of which
 * ends the hash (last = 1). A macro, so each scheduler's lane loop compiles as it did when
 * written out. */
#ifndef KARX_I_HMAC_LANE_BLOCK_H
#define KARX_I_HMAC_LANE_BLOCK_H

#define KARX_I_HMAC_LANE_BLOCK(j, blk, pad, last, block, pad_fn) \
    do {                                                         \
        if (!(j)->outer && (j)->left >= (block)) {               \
            (blk) = (j)->pos;                                    \
            (j)->pos += (block);                                 \
            (j)->left -= (block);                                \
        } else {                                                 \
            if (!(j)->outer)                                     \
                pad_fn(pad, (j)->pos, (j)->left);                \
            (blk) = (pad);                                       \
            (last) = 1;                                          \
        }                                                        \
    } while (0)

#endif
