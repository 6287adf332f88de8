/* GMAC (NIST SP 800-38D): GCM with an empty plaintext, the data as AAD. Written over the GCM
 * calls rather than beside them, so the two cannot drift apart: the AAD path of karx_gcm_aad and
 * karx_gcm_seal hands whole blocks straight to the GHASH kernel, which makes GMAC run at that
 * kernel's speed, and GCM itself is untouched. */
#include "karx/gmac.h"

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

void karx_gmac_ctx_wipe(karx_gmac_ctx *ctx)
{
    if (ctx != NULL)
        karx_memzero(ctx, sizeof *ctx);
}

karx_status karx_gmac_init(karx_gmac_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                           size_t key_len, const uint8_t *iv, size_t iv_len)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    return karx_gcm_init(&ctx->gcm, alg, key, key_len, KARX_ENCRYPT, iv, iv_len);
}

karx_status karx_gmac_init_key(karx_gmac_ctx *ctx, const karx_gcm_key *gk, const uint8_t *iv,
                               size_t iv_len)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    return karx_gcm_init_key(&ctx->gcm, gk, KARX_ENCRYPT, iv, iv_len);
}

/* A context GMAC set up: an encryption context still taking AAD. */
static karx_status gmac_running(const karx_gmac_ctx *ctx)
{
    return ctx->gcm.state == 1 && ctx->gcm.encrypt == KARX_ENCRYPT ? KARX_OK : KARX_ERR_STATE;
}

karx_status karx_gmac_update(karx_gmac_ctx *ctx, const uint8_t *in, size_t len)
{
    if (ctx == NULL || (len != 0 && in == NULL))
        return KARX_ERR_ARGUMENT;
    karx_status st = gmac_running(ctx);
    return st == KARX_OK ? karx_gcm_aad(&ctx->gcm, in, len) : st;
}

karx_status karx_gmac_final(karx_gmac_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    if (ctx == NULL || tag == NULL || !karx_gcm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    karx_status st = gmac_running(ctx);
    return st == KARX_OK ? karx_gcm_final(&ctx->gcm, tag, tag_len) : st;
}

karx_status karx_gmac_final_verify(karx_gmac_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    if (ctx == NULL || tag == NULL || !karx_gcm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    karx_status st = gmac_running(ctx);
    if (st != KARX_OK)
        return st;
    uint8_t full[KARX_GMAC_TAG_BYTES];
    st = karx_gcm_final(&ctx->gcm, full, sizeof full); /* wipes ctx */
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
