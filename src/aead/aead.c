/* The AEAD modes by id (karx/aead.h): every call looks its mode up in the registry's list
 * (karx_i_aead_desc) and runs the descriptor's call, so no code here names GCM or CCM. */
#include "karx/aead.h"

#include <stdint.h>
#include <string.h>

#include "registry/registry.h"

static const karx_i_aead *mode_of(karx_aead_alg mode) { return karx_i_aead_desc((uint32_t)mode); }

karx_status karx_aead_info_of(karx_aead_alg mode, karx_aead_info *info)
{
    if (info == NULL)
        return KARX_ERR_ARGUMENT;
    memset(info, 0, sizeof *info);
    const karx_i_aead *d = mode_of(mode);
    if (d == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    info->id = (karx_aead_alg)d->id;
    info->name = d->name;
    info->std_name = d->std_name;
    info->nonce_name = d->nonce_name;
    info->nonce_min = d->nonce_min;
    info->nonce_max = d->nonce_max;
    info->nonce_default = d->nonce_default;
    info->tag_min = d->tag_min;
    info->tag_max = d->tag_max;
    info->tag_default = d->tag_default;
    info->lengths_first = d->lengths_first;
    info->splits = d->seal_pool != NULL;
    return KARX_OK;
}

karx_status karx_aead_from_name(const char *name, karx_aead_alg *mode)
{
    if (name == NULL || mode == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_aead *d = karx_i_aead_by_name(name);
    if (d == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    *mode = (karx_aead_alg)d->id;
    return KARX_OK;
}

const char *karx_aead_name(karx_aead_alg mode)
{
    const karx_i_aead *d = mode_of(mode);
    return d != NULL ? d->name : NULL;
}

int karx_aead_nonce_len_ok(karx_aead_alg mode, size_t nonce_len)
{
    const karx_i_aead *d = mode_of(mode);
    return d != NULL && nonce_len >= d->nonce_min && nonce_len <= d->nonce_max;
}

int karx_aead_tag_len_ok(karx_aead_alg mode, size_t tag_len)
{
    const karx_i_aead *d = mode_of(mode);
    return d != NULL && d->tag_len_ok(tag_len);
}

size_t karx_aead_max_payload_bytes(karx_aead_alg mode, size_t nonce_len)
{
    const karx_i_aead *d = mode_of(mode);
    return d != NULL ? d->max_payload(nonce_len) : 0;
}

karx_status karx_aead_encrypt(karx_aead_alg mode, karx_cipher_alg alg, const uint8_t *key,
                              size_t key_len, const uint8_t *nonce, size_t nonce_len,
                              uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *in,
                              size_t len, const uint8_t *aad, size_t aad_len)
{
    const karx_i_aead *d = mode_of(mode);
    if (d == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    return d->encrypt(alg, key, key_len, nonce, nonce_len, out, tag, tag_len, in, len, aad,
                      aad_len);
}

karx_status karx_aead_decrypt(karx_aead_alg mode, karx_cipher_alg alg, const uint8_t *key,
                              size_t key_len, const uint8_t *nonce, size_t nonce_len,
                              uint8_t *out, const uint8_t *tag, size_t tag_len,
                              const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len)
{
    const karx_i_aead *d = mode_of(mode);
    if (d == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    return d->decrypt(alg, key, key_len, nonce, nonce_len, out, tag, tag_len, in, len, aad,
                      aad_len);
}

/* The raw-key pool one-shots: a mode that splits its work schedules a key for the call and
 * runs its pool form over it (wiped after); the others run the plain one-shot. */
static karx_status pool_oneshot(int seal, karx_pool *pool, karx_aead_alg mode, karx_cipher_alg alg,
                                const uint8_t *key, size_t key_len, const uint8_t *nonce,
                                size_t nonce_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len)
{
    const karx_i_aead *d = mode_of(mode);
    if (d == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (pool == NULL || d->seal_pool == NULL)
        return seal ? d->encrypt(alg, key, key_len, nonce, nonce_len, out, tag, tag_len, in, len,
                                 aad, aad_len)
                    : d->decrypt(alg, key, key_len, nonce, nonce_len, out, tag, tag_len, in, len,
                                 aad, aad_len);
    karx_aead_key k;
    karx_status st = karx_aead_set_key(&k, mode, alg, key, key_len);
    if (st == KARX_OK)
        st = seal ? karx_aead_seal_pool(pool, &k, nonce, nonce_len, out, tag, tag_len, in, len,
                                        aad, aad_len)
                  : karx_aead_open_pool(pool, &k, nonce, nonce_len, out, tag, tag_len, in, len,
                                        aad, aad_len);
    karx_aead_key_wipe(&k);
    return st;
}

karx_status karx_aead_encrypt_pool(karx_pool *pool, karx_aead_alg mode, karx_cipher_alg alg,
                                   const uint8_t *key, size_t key_len, const uint8_t *nonce,
                                   size_t nonce_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                   const uint8_t *in, size_t len, const uint8_t *aad,
                                   size_t aad_len)
{
    return pool_oneshot(1, pool, mode, alg, key, key_len, nonce, nonce_len, out, tag, tag_len,
                        in, len, aad, aad_len);
}

karx_status karx_aead_decrypt_pool(karx_pool *pool, karx_aead_alg mode, karx_cipher_alg alg,
                                   const uint8_t *key, size_t key_len, const uint8_t *nonce,
                                   size_t nonce_len, uint8_t *out, const uint8_t *tag,
                                   size_t tag_len, const uint8_t *in, size_t len,
                                   const uint8_t *aad, size_t aad_len)
{
    /* open only reads the tag; the cast lets one helper serve both directions */
    return pool_oneshot(0, pool, mode, alg, key, key_len, nonce, nonce_len, out,
                        (uint8_t *)(uintptr_t)tag, tag_len, in, len, aad, aad_len);
}

/* ---- a scheduled key ---- */

karx_status karx_aead_set_key(karx_aead_key *key, karx_aead_alg mode, karx_cipher_alg alg,
                              const uint8_t *k, size_t key_len)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    karx_memzero(key, sizeof *key);
    const karx_i_aead *d = mode_of(mode);
    if (d == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    karx_status st = d->set_key(&key->u, alg, k, key_len);
    if (st != KARX_OK) {
        karx_memzero(key, sizeof *key);
        return st;
    }
    key->mode = d->id;
    key->ready = 1;
    return KARX_OK;
}

void karx_aead_key_wipe(karx_aead_key *key)
{
    if (key != NULL)
        karx_memzero(key, sizeof *key);
}

/* The descriptor of a set key, or NULL. */
static const karx_i_aead *keyed(const karx_aead_key *key)
{
    return key != NULL && key->ready == 1 ? mode_of((karx_aead_alg)key->mode) : NULL;
}

karx_cipher_alg karx_aead_key_cipher(const karx_aead_key *key)
{
    const karx_i_aead *d = keyed(key);
    return d != NULL ? d->key_cipher(&key->u) : (karx_cipher_alg)0;
}

/* NULL key: KARX_ERR_ARGUMENT; a key not set: KARX_ERR_STATE (the modes' own calls answer so). */
#define KEYED_OR_RETURN(d, key)                                 \
    const karx_i_aead *d = keyed(key);                           \
    if (d == NULL)                                               \
        return (key) == NULL ? KARX_ERR_ARGUMENT : KARX_ERR_STATE

karx_status karx_aead_seal(const karx_aead_key *key, const uint8_t *nonce, size_t nonce_len,
                           uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *in,
                           size_t len, const uint8_t *aad, size_t aad_len)
{
    KEYED_OR_RETURN(d, key);
    return d->seal(&key->u, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len);
}

karx_status karx_aead_open(const karx_aead_key *key, const uint8_t *nonce, size_t nonce_len,
                           uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                           size_t len, const uint8_t *aad, size_t aad_len)
{
    KEYED_OR_RETURN(d, key);
    return d->open(&key->u, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len);
}

karx_status karx_aead_seal_pool(karx_pool *pool, const karx_aead_key *key, const uint8_t *nonce,
                                size_t nonce_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                const uint8_t *in, size_t len, const uint8_t *aad,
                                size_t aad_len)
{
    KEYED_OR_RETURN(d, key);
    if (pool == NULL || d->seal_pool == NULL)
        return d->seal(&key->u, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len);
    return d->seal_pool(pool, &key->u, nonce, nonce_len, out, tag, tag_len, in, len, aad,
                        aad_len);
}

karx_status karx_aead_open_pool(karx_pool *pool, const karx_aead_key *key, const uint8_t *nonce,
                                size_t nonce_len, uint8_t *out, const uint8_t *tag,
                                size_t tag_len, const uint8_t *in, size_t len,
                                const uint8_t *aad, size_t aad_len)
{
    KEYED_OR_RETURN(d, key);
    if (pool == NULL || d->open_pool == NULL)
        return d->open(&key->u, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len);
    return d->open_pool(pool, &key->u, nonce, nonce_len, out, tag, tag_len, in, len, aad,
                        aad_len);
}

/* ---- streaming ---- */

/* The descriptor of a context between init and its end, or NULL. */
static const karx_i_aead *live(const karx_aead_ctx *ctx)
{
    return ctx != NULL && ctx->ready == 1 ? mode_of((karx_aead_alg)ctx->mode) : NULL;
}

/* The end of an init: the generic context marked live, or wiped when the mode refused. */
static karx_status started(karx_aead_ctx *ctx, const karx_i_aead *d, size_t tag_len,
                           karx_status st)
{
    if (st != KARX_OK) {
        karx_memzero(ctx, sizeof *ctx);
        return st;
    }
    ctx->mode = d->id;
    ctx->tag_len = tag_len;
    ctx->ready = 1;
    return KARX_OK;
}

karx_status karx_aead_init(karx_aead_ctx *ctx, karx_aead_alg mode, karx_cipher_alg alg,
                           const uint8_t *key, size_t key_len, int encrypt, const uint8_t *nonce,
                           size_t nonce_len, uint64_t aad_len, uint64_t payload_len,
                           size_t tag_len)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    karx_memzero(ctx, sizeof *ctx);
    const karx_i_aead *d = mode_of(mode);
    if (d == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    return started(ctx, d, tag_len,
                   d->init(&ctx->u, alg, key, key_len, encrypt, nonce, nonce_len, aad_len,
                           payload_len, tag_len));
}

karx_status karx_aead_init_key(karx_aead_ctx *ctx, const karx_aead_key *key, int encrypt,
                               const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                               uint64_t payload_len, size_t tag_len)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    karx_memzero(ctx, sizeof *ctx);
    KEYED_OR_RETURN(d, key);
    return started(ctx, d, tag_len,
                   d->init_key(&ctx->u, &key->u, encrypt, nonce, nonce_len, aad_len,
                               payload_len, tag_len));
}

karx_status karx_aead_aad(karx_aead_ctx *ctx, const uint8_t *aad, size_t aad_len)
{
    const karx_i_aead *d = live(ctx);
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    if (d == NULL)
        return KARX_ERR_STATE;
    /* nothing to absorb: no call, so no mode sees a NULL pointer for it */
    return aad_len == 0 ? KARX_OK : d->aad(&ctx->u, aad, aad_len);
}

karx_status karx_aead_update(karx_aead_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    const karx_i_aead *d = live(ctx);
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    if (d == NULL)
        return KARX_ERR_STATE;
    return d->update(&ctx->u, out, in, len);
}

/* The end of a stream: the mode's final or verify (which wipe its context on every path that
 * ends it), then the generic context once the mode's is gone. */
static karx_status finish(karx_aead_ctx *ctx, uint8_t *tag, const uint8_t *want, size_t tag_len)
{
    const karx_i_aead *d = live(ctx);
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    if (d == NULL)
        return KARX_ERR_STATE;
    if (tag_len != ctx->tag_len || (tag == NULL && want == NULL))
        return KARX_ERR_ARGUMENT;
    karx_status st = want != NULL ? d->final_verify(&ctx->u, want, tag_len)
                                  : d->final(&ctx->u, tag, tag_len);
    if (st == KARX_OK || st == KARX_ERR_AUTHENTICATION)
        karx_memzero(ctx, sizeof *ctx);
    return st;
}

karx_status karx_aead_final(karx_aead_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    return finish(ctx, tag, NULL, tag_len);
}

karx_status karx_aead_final_verify(karx_aead_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    return finish(ctx, NULL, tag, tag_len);
}

void karx_aead_ctx_wipe(karx_aead_ctx *ctx) { karx_memzero(ctx, sizeof *ctx); }
