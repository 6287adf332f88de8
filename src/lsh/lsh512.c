/* LSH-512-224/256/384/512: the public calls, each a thin wrapper over the shared front end
 * (lsh_front.h) on 64-bit words, run on the active back end's kernels. */
#include "../common/endian.h"
#include "../approved/approved.h"
#include "lsh_constants.h"
#include "lsh_internal.h"

static const uint64_t *lsh512_iv(size_t digest_bytes)
{
    switch (digest_bytes) {
    case 28: return karx_lsh512_iv224;
    case 32: return karx_lsh512_iv256;
    case 48: return karx_lsh512_iv384;
    case 64: return karx_lsh512_iv512;
    default: return NULL;
    }
}

#define LSH_WORD uint64_t
#define LSH_BLOCK KARX_LSH512_BLOCK_BYTES
#define LSH_CTX karx_lsh512_ctx
#define LSH_KERNELS karx_lsh512_kernels
#define LSH_IV lsh512_iv
#define LSH_STORE_WORD karx_store64_le
#include "lsh_front.h"

karx_status karx_lsh512_init(karx_lsh512_ctx *ctx, size_t digest_bytes)
{
    KARX_I_SERVICE(karx_i_lsh_approved(1, digest_bytes));
    return front_init(ctx, digest_bytes);
}

karx_status karx_lsh512_update(karx_lsh512_ctx *ctx, const void *in, size_t len)
{
    return front_update(karx_i_lsh512_kernels(), ctx, in, len);
}

karx_status karx_lsh512_update_bits(karx_lsh512_ctx *ctx, const void *in, size_t bitlen)
{
    return front_update_bits(karx_i_lsh512_kernels(), ctx, in, bitlen);
}

karx_status karx_lsh512_final(karx_lsh512_ctx *ctx, uint8_t *out, size_t out_len)
{
    return front_final(karx_i_lsh512_kernels(), ctx, out, out_len);
}

karx_status karx_lsh512(uint8_t *out, size_t digest_bytes, const void *in, size_t len)
{
    KARX_I_SERVICE(karx_i_lsh_approved(1, digest_bytes));
    return front_digest(karx_i_lsh512_kernels(), out, digest_bytes, in, len);
}

karx_status karx_lsh512_many(uint8_t *out, size_t digest_bytes, const void *in, size_t msg_len,
                             size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(1, digest_bytes));
    return front_many(karx_i_lsh512_kernels(), out, digest_bytes, in, msg_len, n);
}

karx_status karx_lsh512_many_ptrs(uint8_t *out, size_t digest_bytes, const uint8_t *const *msgs,
                                  const size_t *lens, size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(1, digest_bytes));
    return front_many_ptrs(karx_i_lsh512_kernels(), out, digest_bytes, msgs, lens, n);
}

karx_status karx_lsh512_many_offsets(uint8_t *out, size_t digest_bytes, const void *buf,
                                     const size_t *offsets, size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(1, digest_bytes));
    return front_many_offsets(karx_i_lsh512_kernels(), out, digest_bytes, buf, offsets, n);
}

unsigned karx_lsh512_lanes(void) { return front_lanes(karx_i_lsh512_kernels()); }

size_t karx_lsh512_block_bytes(void) { return KARX_LSH512_BLOCK_BYTES; }

karx_status karx_i_lsh512_digest_with(const karx_lsh512_kernels *k, uint8_t *out,
                                      size_t digest_bytes, const void *in, size_t len)
{
    return front_digest(k, out, digest_bytes, in, len);
}

karx_status karx_i_lsh512_many_with(const karx_lsh512_kernels *k, uint8_t *out,
                                    size_t digest_bytes, const void *in, size_t msg_len, size_t n)
{
    return front_many(k, out, digest_bytes, in, msg_len, n);
}
