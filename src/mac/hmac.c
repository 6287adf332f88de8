/* HMAC-LSH (RFC 2104 / KS X ISO/IEC 9797-2) over the karx_lsh_* by-id calls.
 *
 * init hashes K0 ^ ipad into the inner state and K0 ^ opad into the outer one; both are one
 * whole block, which LSH compresses at once (it has no length field), so each keyed state is a
 * bare chaining value and a fork (struct copy) of the context costs no rehashing of the key. */
#include <string.h>

#include "karx/hmac.h"
#include "registry/registry.h"
#include "common/clear.h"

#define HMAC_IPAD 0x36
#define HMAC_OPAD 0x5c

/* "hmac-" followed by any name karx_lsh_alg_from_name accepts, in any case. */
karx_status karx_hmac_from_name(const char *name, karx_lsh_alg *alg)
{
    if (name == NULL || alg == NULL)
        return KARX_ERR_ARGUMENT;
    karx_alg_info info;
    if (karx_alg_find(KARX_KIND_MAC, name, &info) != KARX_OK ||
        KARX_MAC_FAMILY(info.id) != KARX_MAC_HMAC)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    *alg = (karx_lsh_alg)KARX_MAC_PRIM(info.id);
    return KARX_OK;
}

const char *karx_hmac_name(karx_lsh_alg alg) { return karx_i_hmac_name((uint32_t)alg); }

size_t karx_hmac_lsh_bytes(karx_lsh_alg alg) { return karx_lsh_digest_bytes(alg); }

size_t karx_hmac_lsh_min_tag_bytes(karx_lsh_alg alg)
{
    size_t d = karx_lsh_digest_bytes(alg);
    if (d == 0)
        return 0;
    return d / 2 < 10 ? 10 : d / 2;
}

size_t karx_hmac_lsh_ctx_bytes(void) { return sizeof(karx_hmac_lsh_ctx); }

void karx_hmac_lsh_ctx_wipe(karx_hmac_lsh_ctx *ctx) { karx_memzero(ctx, sizeof *ctx); }

karx_status karx_hmac_lsh_init(karx_hmac_lsh_ctx *ctx, karx_lsh_alg alg, const void *key,
                               size_t key_len)
{
    if (!karx_i_clear(ctx, sizeof *ctx))
        return KARX_ERR_ARGUMENT;
    if (key == NULL && key_len != 0)
        return KARX_ERR_ARGUMENT;
    const size_t block = karx_lsh_block_bytes(alg);
    if (block == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;

    /* K0: the key zero-padded to the block, or its digest (zero-padded) when longer. */
    uint8_t k0[KARX_LSH512_BLOCK_BYTES];
    memset(k0, 0, sizeof k0);
    karx_status s = KARX_OK;
    if (key_len > block)
        s = karx_lsh(alg, k0, sizeof k0, key, key_len);
    else if (key_len != 0)
        memcpy(k0, key, key_len);

    for (size_t i = 0; i < block; i++)
        k0[i] ^= HMAC_IPAD;
    if (s == KARX_OK)
        s = karx_lsh_init(&ctx->inner, alg);
    if (s == KARX_OK)
        s = karx_lsh_update(&ctx->inner, k0, block);
    for (size_t i = 0; i < block; i++)
        k0[i] ^= HMAC_IPAD ^ HMAC_OPAD;
    if (s == KARX_OK)
        s = karx_lsh_init(&ctx->outer, alg);
    if (s == KARX_OK)
        s = karx_lsh_update(&ctx->outer, k0, block);
    karx_memzero(k0, sizeof k0);
    if (s != KARX_OK) {
        karx_memzero(ctx, sizeof *ctx);
        return s;
    }
    ctx->alg = (int)alg;
    return KARX_OK;
}

karx_status karx_hmac_lsh_update(karx_hmac_lsh_ctx *ctx, const void *in, size_t len)
{
    if (ctx == NULL || (in == NULL && len != 0))
        return KARX_ERR_ARGUMENT;
    if (ctx->alg == 0)
        return KARX_ERR_STATE;
    return karx_lsh_update(&ctx->inner, in, len);
}

/* The tag into out (room for the digest checked by the caller); wipes the context. */
static karx_status hmac_finish(karx_hmac_lsh_ctx *ctx, uint8_t *out, size_t out_len)
{
    const karx_lsh_alg alg = (karx_lsh_alg)ctx->alg;
    uint8_t ih[KARX_LSH_MAX_DIGEST_BYTES];
    karx_status s = karx_lsh_final(&ctx->inner, ih, sizeof ih);
    if (s == KARX_OK)
        s = karx_lsh_update(&ctx->outer, ih, karx_lsh_digest_bytes(alg));
    if (s == KARX_OK)
        s = karx_lsh_final(&ctx->outer, out, out_len);
    karx_memzero(ih, sizeof ih);
    karx_memzero(ctx, sizeof *ctx);
    return s;
}

karx_status karx_hmac_lsh_final(karx_hmac_lsh_ctx *ctx, uint8_t *out, size_t out_len)
{
    if (ctx == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    if (ctx->alg == 0)
        return KARX_ERR_STATE;
    if (out_len < karx_lsh_digest_bytes((karx_lsh_alg)ctx->alg))
        return KARX_ERR_OUTPUT_LENGTH; /* the context stays usable */
    return hmac_finish(ctx, out, out_len);
}

static karx_status check_tag_len(karx_lsh_alg alg, size_t tag_len)
{
    const size_t d = karx_lsh_digest_bytes(alg);
    if (d == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (tag_len < karx_hmac_lsh_min_tag_bytes(alg) || tag_len > d)
        return KARX_ERR_ARGUMENT;
    return KARX_OK;
}

karx_status karx_hmac_lsh_final_verify(karx_hmac_lsh_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    if (ctx == NULL || tag == NULL)
        return KARX_ERR_ARGUMENT;
    if (ctx->alg == 0)
        return KARX_ERR_STATE;
    karx_status s = check_tag_len((karx_lsh_alg)ctx->alg, tag_len);
    if (s != KARX_OK)
        return s; /* the context stays usable */
    uint8_t mac[KARX_LSH_MAX_DIGEST_BYTES];
    s = hmac_finish(ctx, mac, sizeof mac);
    if (s == KARX_OK && karx_memcmp_ct(mac, tag, tag_len) != 0)
        s = KARX_ERR_AUTHENTICATION;
    karx_memzero(mac, sizeof mac);
    return s;
}

karx_status karx_hmac_lsh(karx_lsh_alg alg, const void *key, size_t key_len, uint8_t *out,
                          size_t out_len, const void *in, size_t len)
{
    if (out == NULL || (key == NULL && key_len != 0) || (in == NULL && len != 0))
        return KARX_ERR_ARGUMENT;
    const size_t d = karx_lsh_digest_bytes(alg);
    if (d == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (out_len < d)
        return KARX_ERR_OUTPUT_LENGTH;
    karx_hmac_lsh_ctx ctx;
    karx_status s = karx_hmac_lsh_init(&ctx, alg, key, key_len);
    if (s == KARX_OK)
        s = karx_hmac_lsh_update(&ctx, in, len);
    if (s == KARX_OK)
        s = karx_hmac_lsh_final(&ctx, out, out_len);
    karx_memzero(&ctx, sizeof ctx);
    return s;
}

karx_status karx_hmac_lsh_verify(karx_lsh_alg alg, const void *key, size_t key_len,
                                 const uint8_t *tag, size_t tag_len, const void *in, size_t len)
{
    if (tag == NULL || (key == NULL && key_len != 0) || (in == NULL && len != 0))
        return KARX_ERR_ARGUMENT;
    karx_status s = check_tag_len(alg, tag_len);
    if (s != KARX_OK)
        return s;
    uint8_t mac[KARX_LSH_MAX_DIGEST_BYTES];
    s = karx_hmac_lsh(alg, key, key_len, mac, sizeof mac, in, len);
    if (s == KARX_OK && karx_memcmp_ct(mac, tag, tag_len) != 0)
        s = KARX_ERR_AUTHENTICATION;
    karx_memzero(mac, sizeof mac);
    return s;
}
