/* LSH by variant id: names and sizes from the registry's descriptors (lsh_dispatch.c), the
 * streaming and many-message calls forwarded to the LSH-256 or LSH-512 front end. */
#include "karx/lsh.h"

#include "../registry/registry.h"

/* The variant's registry descriptor, or NULL. */
static const karx_i_hash *variant(karx_lsh_alg alg) { return karx_i_hash_desc((uint32_t)alg); }
static int find(karx_lsh_alg alg) { return variant(alg) != NULL ? 0 : -1; }

karx_status karx_lsh_alg_from_name(const char *name, karx_lsh_alg *alg)
{
    if (name == NULL || alg == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_hash *h = karx_i_hash_by_name(name);
    if (h == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    *alg = h->id;
    return KARX_OK;
}

const char *karx_lsh_alg_name(karx_lsh_alg alg)
{
    const karx_i_hash *h = variant(alg);
    return h != NULL ? h->name : NULL;
}

size_t karx_lsh_digest_bytes(karx_lsh_alg alg)
{
    const karx_i_hash *h = variant(alg);
    return h != NULL ? h->digest_bytes : 0;
}

size_t karx_lsh_block_bytes(karx_lsh_alg alg)
{
    const karx_i_hash *h = variant(alg);
    return h != NULL ? h->block_bytes : 0;
}

static int is256(karx_lsh_alg alg) { return variant(alg)->block_bytes == KARX_LSH256_BLOCK_BYTES; }

karx_status karx_lsh_init(karx_lsh_ctx *ctx, karx_lsh_alg alg)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    if (find(alg) < 0) {
        ctx->alg = 0;
        return KARX_ERR_UNKNOWN_ALGORITHM;
    }
    ctx->alg = (int)alg;
    size_t d = karx_lsh_digest_bytes(alg);
    return is256(alg) ? karx_lsh256_init(&ctx->u.s256, d) : karx_lsh512_init(&ctx->u.s512, d);
}

/* KARX_OK when ctx was set up by karx_lsh_init and not finished since. */
static karx_status check_ctx(const karx_lsh_ctx *ctx)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    return find((karx_lsh_alg)ctx->alg) < 0 ? KARX_ERR_STATE : KARX_OK;
}

/* Streams len bytes (or, with bits set, len bits) into the context's family. */
static karx_status feed(karx_lsh_ctx *ctx, const void *in, size_t len, int bits)
{
    karx_status s = check_ctx(ctx);
    if (s != KARX_OK)
        return s;
    if (is256((karx_lsh_alg)ctx->alg))
        return bits ? karx_lsh256_update_bits(&ctx->u.s256, in, len)
                    : karx_lsh256_update(&ctx->u.s256, in, len);
    return bits ? karx_lsh512_update_bits(&ctx->u.s512, in, len)
                : karx_lsh512_update(&ctx->u.s512, in, len);
}

karx_status karx_lsh_update(karx_lsh_ctx *ctx, const void *in, size_t len)
{
    return feed(ctx, in, len, 0);
}

karx_status karx_lsh_update_bits(karx_lsh_ctx *ctx, const void *in, size_t bitlen)
{
    return feed(ctx, in, bitlen, 1);
}

karx_status karx_lsh_final(karx_lsh_ctx *ctx, uint8_t *out, size_t out_len)
{
    karx_status s = check_ctx(ctx);
    if (s != KARX_OK)
        return s;
    s = is256((karx_lsh_alg)ctx->alg) ? karx_lsh256_final(&ctx->u.s256, out, out_len)
                                      : karx_lsh512_final(&ctx->u.s512, out, out_len);
    if (s == KARX_OK)
        ctx->alg = 0;
    return s;
}

/* The one-shot and batch calls check out_len against the variant's digest length. */
static karx_status check_out(karx_lsh_alg alg, size_t out_len, size_t n)
{
    if (find(alg) < 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    size_t d = karx_lsh_digest_bytes(alg);
    if (n != 0 && out_len / n < d)
        return KARX_ERR_OUTPUT_LENGTH;
    return KARX_OK;
}

karx_status karx_lsh(karx_lsh_alg alg, uint8_t *out, size_t out_len, const void *in, size_t len)
{
    karx_status s = check_out(alg, out_len, 1);
    if (s != KARX_OK)
        return s;
    size_t d = karx_lsh_digest_bytes(alg);
    return is256(alg) ? karx_lsh256(out, d, in, len) : karx_lsh512(out, d, in, len);
}

karx_status karx_lsh_many(karx_lsh_alg alg, uint8_t *out, size_t out_len, const void *in,
                          size_t msg_len, size_t n)
{
    karx_status s = check_out(alg, out_len, n);
    if (s != KARX_OK)
        return s;
    size_t d = karx_lsh_digest_bytes(alg);
    return is256(alg) ? karx_lsh256_many(out, d, in, msg_len, n)
                      : karx_lsh512_many(out, d, in, msg_len, n);
}

karx_status karx_lsh_many_ptrs(karx_lsh_alg alg, uint8_t *out, size_t out_len,
                               const uint8_t *const *msgs, const size_t *lens, size_t n)
{
    karx_status s = check_out(alg, out_len, n);
    if (s != KARX_OK)
        return s;
    size_t d = karx_lsh_digest_bytes(alg);
    return is256(alg) ? karx_lsh256_many_ptrs(out, d, msgs, lens, n)
                      : karx_lsh512_many_ptrs(out, d, msgs, lens, n);
}
