/* karx mac over many files: groups of small regular files read whole and MACed with the batch
 * calls (karx_cmac_many_ctx, karx_hmac_lsh_many_ctx), each group split over a pool. */
#ifndef KARX_CLI_MAC_BATCH_H
#define KARX_CLI_MAC_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "karx/cmac.h"
#include "karx/hmac.h"
#include "karx/pool.h"

/* One input of a group. */
typedef struct {
    const char *path;
    int batched; /* 1: read and MACed in the group; 0: the caller streams it (stdin, a FIFO, a
                  * large or growing file) */
    int err;     /* batched: errno of a failed open / read, else 0 */
    uint8_t tag[KARX_HMAC_LSH_MAX_BYTES];
} mac_item;

/* The keyed context (exactly one of the two), the tag bytes, the pool (NULL: this thread). */
typedef struct {
    const karx_cmac_ctx *cmac;
    const karx_hmac_lsh_ctx *hmac;
    size_t tag_len;
    karx_pool *pool;
    unsigned threads;
} mac_batcher;

/* The next group: items[0 .. returned count) for files[0 ..), each marked batched or not (by
 * stat: a missing file is batched, so that its read fails in order). At least 1 when n > 0. */
size_t mac_batch_take(char **files, size_t n, mac_item *items, size_t cap);
/* Reads and MACs the batched items of a group; err and tag set for each. 0, or -1 when out of
 * memory (nothing is then done). */
int mac_batch_group(const mac_batcher *b, mac_item *items, size_t n);

#endif
