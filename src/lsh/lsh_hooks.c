/* The registry's view of an LSH kernel table (see karx_i_hash_* in src/registry/registry.h): the
 * descriptor's block size tells the word width, and the typed front end does the rest. */
#include "../registry/registry.h"
#include "lsh_internal.h"

static int wide(const karx_i_hash *h) { return h->block_bytes == KARX_LSH512_BLOCK_BYTES; }

unsigned karx_i_hash_lanes(const karx_i_hash *h, const void *table)
{
    return wide(h) ? ((const karx_lsh512_kernels *)table)->lanes
                   : ((const karx_lsh256_kernels *)table)->lanes;
}

karx_status karx_i_hash_digest_with(const karx_i_hash *h, const void *table, uint8_t *out,
                                    const void *in, size_t len)
{
    return wide(h) ? karx_i_lsh512_digest_with(table, out, h->digest_bytes, in, len)
                   : karx_i_lsh256_digest_with(table, out, h->digest_bytes, in, len);
}

karx_status karx_i_hash_many_with(const karx_i_hash *h, const void *table, uint8_t *out,
                                  const void *in, size_t msg_len, size_t n)
{
    return wide(h) ? karx_i_lsh512_many_with(table, out, h->digest_bytes, in, msg_len, n)
                   : karx_i_lsh256_many_with(table, out, h->digest_bytes, in, msg_len, n);
}
