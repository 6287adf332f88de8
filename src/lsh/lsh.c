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
static int family256(const karx_i_hash *h) { return h->block_bytes == KARX_LSH256_BLOCK_BYTES; }

/* Each call below looks its variant up once: a short message's whole hash costs ~100 ns, and
 * the lookups were a few of those. */
karx_status karx_lsh_init(karx_lsh_ctx *ctx, karx_lsh_alg alg)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_hash *h = variant(alg);
    if (h == NULL) {
        ctx->alg = 0;
        return KARX_ERR_UNKNOWN_ALGORITHM;
    }
    ctx->alg = (int)alg;
    return family256(h) ? karx_lsh256_init(&ctx->u.s256, h->digest_bytes)
                    : karx_lsh512_init(&ctx->u.s512, h->digest_bytes);
}

/* The variant of a context set up by karx_lsh_init and not finished since, else NULL and *s
 * says why. */
static const karx_i_hash *ctx_variant(const karx_lsh_ctx *ctx, karx_status *s)
{
    const karx_i_hash *h = ctx != NULL ? variant((karx_lsh_alg)ctx->alg) : NULL;
    *s = ctx == NULL ? KARX_ERR_ARGUMENT : h == NULL ? KARX_ERR_STATE : KARX_OK;
    return h;
}

/* Streams len bytes (or, with bits set, len bits) into the context's family. */
static karx_status feed(karx_lsh_ctx *ctx, const void *in, size_t len, int bits)
{
    karx_status s;
    const karx_i_hash *h = ctx_variant(ctx, &s);
    if (h == NULL)
        return s;
    if (family256(h))
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
    karx_status s;
    const karx_i_hash *h = ctx_variant(ctx, &s);
    if (h == NULL)
        return s;
    s = family256(h) ? karx_lsh256_final(&ctx->u.s256, out, out_len)
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
    const karx_i_hash *h = variant(alg);
    if (h == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (out_len < h->digest_bytes)
        return KARX_ERR_OUTPUT_LENGTH;
    return family256(h) ? karx_lsh256(out, h->digest_bytes, in, len)
                    : karx_lsh512(out, h->digest_bytes, in, len);
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
