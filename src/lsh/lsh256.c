/* LSH-256-224 / LSH-256-256: the public calls, each a thin wrapper over the shared front end
 * (lsh_front.h) on 32-bit words, run on the active back end's kernels. */
#include "../common/endian.h"
#include "../approved/approved.h"
#include "lsh_constants.h"
#include "lsh_internal.h"

static const uint32_t *lsh256_iv(size_t digest_bytes)
{
    switch (digest_bytes) {
    case 28: return karx_lsh256_iv224;
    case 32: return karx_lsh256_iv256;
    default: return NULL;
    }
}

#define LSH_WORD uint32_t
#define LSH_BLOCK KARX_LSH256_BLOCK_BYTES
#define LSH_CTX karx_lsh256_ctx
#define LSH_KERNELS karx_lsh256_kernels
#define LSH_IV lsh256_iv
#define LSH_STORE_WORD karx_store32_le
#include "lsh_front.h"

karx_status karx_lsh256_init(karx_lsh256_ctx *ctx, size_t digest_bytes)
{
    KARX_I_SERVICE(karx_i_lsh_approved(0, digest_bytes));
    return front_init(ctx, digest_bytes);
}

karx_status karx_lsh256_update(karx_lsh256_ctx *ctx, const void *in, size_t len)
{
    return front_update(karx_i_lsh256_kernels(), ctx, in, len);
}

karx_status karx_lsh256_update_bits(karx_lsh256_ctx *ctx, const void *in, size_t bitlen)
{
    return front_update_bits(karx_i_lsh256_kernels(), ctx, in, bitlen);
}

karx_status karx_lsh256_final(karx_lsh256_ctx *ctx, uint8_t *out, size_t out_len)
{
    return front_final(karx_i_lsh256_kernels(), ctx, out, out_len);
}

karx_status karx_lsh256(uint8_t *out, size_t digest_bytes, const void *in, size_t len)
{
    KARX_I_SERVICE(karx_i_lsh_approved(0, digest_bytes));
    return front_digest(karx_i_lsh256_kernels(), out, digest_bytes, in, len);
}

karx_status karx_lsh256_many(uint8_t *out, size_t digest_bytes, const void *in, size_t msg_len,
                             size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(0, digest_bytes));
    return front_many(karx_i_lsh256_kernels(), out, digest_bytes, in, msg_len, n);
}

karx_status karx_lsh256_many_ptrs(uint8_t *out, size_t digest_bytes, const uint8_t *const *msgs,
                                  const size_t *lens, size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(0, digest_bytes));
    return front_many_ptrs(karx_i_lsh256_kernels(), out, digest_bytes, msgs, lens, n);
}

karx_status karx_lsh256_many_offsets(uint8_t *out, size_t digest_bytes, const void *buf,
                                     const size_t *offsets, size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(0, digest_bytes));
    return front_many_offsets(karx_i_lsh256_kernels(), out, digest_bytes, buf, offsets, n);
}

unsigned karx_lsh256_lanes(void) { return front_lanes(karx_i_lsh256_kernels()); }

size_t karx_lsh256_block_bytes(void) { return KARX_LSH256_BLOCK_BYTES; }

karx_status karx_i_lsh256_digest_with(const karx_lsh256_kernels *k, uint8_t *out,
                                      size_t digest_bytes, const void *in, size_t len)
{
    return front_digest(k, out, digest_bytes, in, len);
}

karx_status karx_i_lsh256_many_with(const karx_lsh256_kernels *k, uint8_t *out,
                                    size_t digest_bytes, const void *in, size_t msg_len, size_t n)
{
    return front_many(k, out, digest_bytes, in, msg_len, n);
}
