/* GMAC (NIST SP 800-38D): GCM with an empty plaintext, the data as AAD. Built from GCM's own
 * pieces (gcm_parts.h: J0, the AAD absorber that hands whole blocks straight to the GHASH kernel,
 * the length block), so the two cannot drift apart. The context is GMAC's own and small: H's
 * powers and E_K(J0), made at init, instead of a GCM context with the whole scheduled cipher key,
 * which a message would copy in and wipe out again. The one-shots are GCM's. */
#include "karx/gmac.h"

#include <string.h>

#include "aead/gcm_parts.h"
#include "karx/registry.h"
#include "registry/registry.h"

karx_status karx_gmac_from_name(const char *name, karx_cipher_alg *out)
{
    if (name == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    karx_alg_info info;
    if (karx_alg_find(KARX_KIND_MAC, name, &info) != KARX_OK ||
        KARX_MAC_FAMILY(info.id) != KARX_MAC_GMAC)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    *out = (karx_cipher_alg)KARX_MAC_PRIM(info.id);
    return KARX_OK;
}

const char *karx_gmac_name(karx_cipher_alg alg) { return karx_i_gmac_name((uint32_t)alg); }

void karx_gmac_ctx_wipe(karx_gmac_ctx *ctx) { karx_memzero(ctx, sizeof *ctx); }

/* The context keeps H's powers and the tag's mask E_K(J0), made here while the cipher key is at
 * hand: a message then costs no copy or wipe of the scheduled cipher key. */
karx_status karx_gmac_init_key(karx_gmac_ctx *ctx, const karx_gcm_key *gk, const uint8_t *iv,
                               size_t iv_len)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    uint8_t j0[16];
    karx_status st = karx_i_gcm_j0(gk, j0, iv, iv_len);
    if (st == KARX_OK)
        st = karx_cipher_encrypt_block(&gk->cipher, ctx->mask, j0);
    karx_memzero(j0, sizeof j0);
    if (st != KARX_OK) {
        karx_memzero(ctx, sizeof *ctx);
        return st;
    }
    memcpy(ctx->htab, gk->htab, sizeof ctx->htab);
    memset(ctx->y, 0, sizeof ctx->y);
    ctx->len = 0;
    ctx->used = 0;
    ctx->state = 1;
    return KARX_OK;
}

karx_status karx_gmac_init(karx_gmac_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                           size_t key_len, const uint8_t *iv, size_t iv_len)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    karx_gcm_key gk;
    karx_status st = karx_i_gcm_iv_ok(iv, iv_len); /* before scheduling, as karx_gcm_init */
    st = st == KARX_OK ? karx_gcm_set_key(&gk, alg, key, key_len) : st;
    st = st == KARX_OK ? karx_gmac_init_key(ctx, &gk, iv, iv_len) : st;
    if (st != KARX_OK)
        karx_memzero(ctx, sizeof *ctx);
    karx_memzero(&gk, sizeof gk);
    return st;
}

karx_status karx_gmac_update(karx_gmac_ctx *ctx, const uint8_t *in, size_t len)
{
    if (ctx == NULL || (len != 0 && in == NULL))
        return KARX_ERR_ARGUMENT;
    if (ctx->state != 1)
        return KARX_ERR_STATE;
    return karx_i_gcm_absorb(ctx->htab, ctx->y, ctx->part, &ctx->used, &ctx->len, in, len);
}

/* The full 16-byte tag into full: the partial block and the length block into GHASH, then the
 * mask. Wipes ctx; a bad argument or state changes nothing. */
static karx_status gmac_tag(karx_gmac_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    if (ctx == NULL || !karx_gcm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    if (ctx->state != 1)
        return KARX_ERR_STATE;
    karx_i_gcm_close(ctx->htab, ctx->y, ctx->part, ctx->used, ctx->len, 0);
    for (int i = 0; i < 16; i++)
        tag[i] = (uint8_t)(ctx->y[i] ^ ctx->mask[i]);
    karx_memzero(ctx, sizeof *ctx);
    return KARX_OK;
}

karx_status karx_gmac_final(karx_gmac_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    uint8_t full[KARX_GMAC_TAG_BYTES];
    karx_status st = tag == NULL ? KARX_ERR_ARGUMENT : gmac_tag(ctx, full, tag_len);
    if (st == KARX_OK)
        memcpy(tag, full, tag_len);
    karx_memzero(full, sizeof full);
    return st;
}

karx_status karx_gmac_final_verify(karx_gmac_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t full[KARX_GMAC_TAG_BYTES];
    karx_status st = tag == NULL ? KARX_ERR_ARGUMENT : gmac_tag(ctx, full, tag_len);
    if (st == KARX_OK && karx_memcmp_ct(full, tag, tag_len) != 0)
        st = KARX_ERR_AUTHENTICATION;
    karx_memzero(full, sizeof full);
    return st;
}

/* The one-shots are GCM's one-shots with no plaintext (out and in NULL, length 0). */
karx_status karx_gmac(karx_cipher_alg alg, const uint8_t *key, size_t key_len, const uint8_t *iv,
                      size_t iv_len, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len)
{
    return karx_gcm_encrypt(alg, key, key_len, iv, iv_len, NULL, tag, tag_len, NULL, 0, in, len);
}

karx_status karx_gmac_verify(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                             const uint8_t *iv, size_t iv_len, const uint8_t *tag, size_t tag_len,
                             const uint8_t *in, size_t len)
{
    return karx_gcm_decrypt(alg, key, key_len, iv, iv_len, NULL, tag, tag_len, NULL, 0, in, len);
}
