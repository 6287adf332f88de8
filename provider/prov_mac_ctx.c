/* The EVP_MAC operations over karx's HMAC-LSH, CMAC and GMAC. The key (and GMAC's IV) are kept
 * so that EVP_MAC_init(ctx, NULL, 0, NULL) starts a new message under them, as OpenSSL's MACs
 * do; every byte of them and of the keyed karx state is wiped on free. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "prov_mac_ctx.h"

karx_mac_ctx *karx_mac_new(const karx_prov_ctx *pc, int family, int prim)
{
    karx_mac_ctx *m = karx_prov_ctx_new(pc, sizeof *m);
    if (m == NULL)
        return NULL;
    m->pc = pc;
    m->family = family;
    m->prim = prim;
    m->fixed = prim != 0;
    return m;
}

static void mac_free(void *vm)
{
    karx_mac_ctx *m = vm;
    if (m == NULL)
        return;
    EVP_MAC_CTX_free(m->fwd);
    karx_prov_buf_wipe(&m->key);
    karx_prov_buf_wipe(&m->iv);
    karx_prov_ctx_free(m, sizeof *m);
}

static void *mac_dup(void *vm)
{
    const karx_mac_ctx *src = vm;
    /* the karx contexts are plain data: a copy forks the MAC */
    karx_mac_ctx *m = karx_prov_ctx_dup(src->pc, src, sizeof *m);
    if (m == NULL)
        return NULL;
    m->key.data = m->iv.data = NULL;
    m->fwd = NULL;
    if (!karx_prov_buf_dup(&m->key, &src->key) || !karx_prov_buf_dup(&m->iv, &src->iv) ||
        (src->fwd != NULL && (m->fwd = EVP_MAC_CTX_dup(src->fwd)) == NULL)) {
        mac_free(m);
        return NULL;
    }
    return m;
}

/* The tag and block bytes of the chosen primitive; 0 before one is chosen. */
static size_t tag_bytes(const karx_mac_ctx *m)
{
    if (m->prim == 0)
        return 0;
    if (m->family == KARX_MAC_HMAC)
        return karx_hmac_lsh_bytes((karx_lsh_alg)m->prim);
    if (m->family == KARX_MAC_CMAC)
        return karx_cmac_tag_bytes((karx_cipher_alg)m->prim);
    return KARX_GMAC_TAG_BYTES;
}

static size_t block_bytes(const karx_mac_ctx *m)
{
    karx_alg_info info;
    karx_alg_kind kind = m->family == KARX_MAC_HMAC ? KARX_KIND_HASH : KARX_KIND_CIPHER;
    if (m->prim == 0 || karx_alg_by_id(kind, m->prim, &info) != KARX_OK)
        return 0;
    return info.block_bytes;
}

/* Keys the karx context from the stored key (and IV): 1, or 0 with an error raised. */
static int start(karx_mac_ctx *m)
{
    karx_status st;
    karx_mac_stop(m);
    if (m->prim == 0) {
        karx_prov_err(m->pc, KARX_PROV_R_NOT_INITIALIZED, "%s: no %s set", karx_mac_family_name(m->family),
                      m->family == KARX_MAC_HMAC ? "digest" : "cipher");
        return 0;
    }
    if (m->key.data == NULL) {
        karx_prov_err(m->pc, KARX_PROV_R_NOT_INITIALIZED, "%s: no key set", karx_mac_family_name(m->family));
        return 0;
    }
    if (m->family == KARX_MAC_HMAC) {
        st = karx_hmac_lsh_init(&m->u.hmac, (karx_lsh_alg)m->prim, m->key.data, m->key.len);
    } else if (m->family == KARX_MAC_CMAC) {
        st = karx_cmac_init(&m->u.cmac, (karx_cipher_alg)m->prim, m->key.data, m->key.len);
    } else {
        if (m->iv.data == NULL) {
            karx_prov_err(m->pc, KARX_PROV_R_NOT_INITIALIZED, "GMAC: no iv set");
            return 0;
        }
        st = karx_gmac_init(&m->u.gmac, (karx_cipher_alg)m->prim, m->key.data, m->key.len,
                            m->iv.data, m->iv.len);
    }
    if (st != KARX_OK) {
        karx_prov_status_err(m->pc, st, karx_mac_family_name(m->family));
        karx_mac_stop(m);
        return 0;
    }
    m->running = 1;
    return 1;
}

/* DIGEST (HMAC) or CIPHER (CMAC, GMAC): the primitive, which a fixed row may only repeat. */
static int set_prim(karx_mac_ctx *m, const OSSL_PARAM *p)
{
    char name[KARX_PROV_NAME_MAX];
    if (!karx_prov_get_name(m->pc, p, name, sizeof name))
        return 0;
    int prim = m->family == KARX_MAC_HMAC ? karx_prov_lsh_param(m->pc, name)
               : karx_prov_cipher_param(m->pc, name, m->family == KARX_MAC_CMAC ? "-CBC" : "-GCM");
    if (prim == 0)
        return 0;
    if (m->family == KARX_MAC_GMAC && karx_cipher_block_bytes((karx_cipher_alg)prim) != 16) {
        karx_prov_err(m->pc, KARX_PROV_R_UNSUPPORTED, "GMAC over %s: GMAC needs a 128-bit block", name);
        return 0;
    }
    if (m->fixed && prim != m->prim) {
        karx_prov_err(m->pc, KARX_PROV_R_BAD_PARAM, "%s: this algorithm's %s is fixed", name,
                      p->key);
        return 0;
    }
    m->prim = prim;
    return 1;
}

/* OpenSSL's HMAC has a TLS record mode (tls-data-size, for its SHA MACs); karx's has none. */
static int no_tls_mode(const karx_mac_ctx *m, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_TLS_DATA_SIZE);
    size_t n = 0;
    if (p == NULL || (OSSL_PARAM_get_size_t(p, &n) && n == 0))
        return 1;
    karx_prov_err(m->pc, KARX_PROV_R_UNSUPPORTED, "tls-data-size: karx's HMAC over LSH has no TLS mode");
    return 0;
}

static int mac_set_params(void *vm, const OSSL_PARAM params[])
{
    karx_mac_ctx *m = vm;
    const OSSL_PARAM *p;
    int changed = 0, keyed = 0;
    if (params == NULL)
        return 1;
    int fwd = karx_mac_fwd_params(m, params);
    if (fwd != 0)
        return fwd > 0;
    if (!no_tls_mode(m, params))
        return 0;
    const char *which = m->family == KARX_MAC_HMAC ? OSSL_MAC_PARAM_DIGEST : OSSL_MAC_PARAM_CIPHER;
    if ((p = OSSL_PARAM_locate_const(params, which)) != NULL) {
        if (!set_prim(m, p))
            return 0;
        changed = 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY)) != NULL) {
        if (!karx_prov_buf_param(m->pc, &m->key, p))
            return 0;
        changed = keyed = 1;
    }
    if (m->family == KARX_MAC_GMAC && (p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_IV))) {
        if (!karx_prov_buf_param(m->pc, &m->iv, p))
            return 0;
        changed = keyed = 1;
    }
    /* As OpenSSL's MACs do, a key (or IV) given with all else known keys the context at once,
     * so that data may follow without EVP_MAC_init; any other change waits for the next init. */
    if (keyed && m->prim != 0 && m->key.data != NULL &&
        (m->family != KARX_MAC_GMAC || m->iv.data != NULL))
        return start(m);
    if (changed)
        karx_mac_stop(m);
    return 1;
}

static int mac_init(void *vm, const unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    karx_mac_ctx *m = vm;
    if (!mac_set_params(m, params))
        return 0;
    if (m->fwd != NULL)
        return karx_mac_fwd_init(m, key, keylen);
    if (key != NULL && !karx_prov_buf_set(m->pc, &m->key, key, keylen))
        return 0;
    return start(m);
}

/* 1 after init; else 0 with "<family>: <call> before init" raised. */
static int running(const karx_mac_ctx *m, const char *call)
{
    if (!m->running)
        karx_prov_err(m->pc, KARX_PROV_R_NOT_INITIALIZED, "%s: %s before init",
                      karx_mac_family_name(m->family), call);
    return m->running;
}

static int mac_update(void *vm, const unsigned char *in, size_t len)
{
    karx_mac_ctx *m = vm;
    karx_status st;
    if (m->fwd != NULL)
        return EVP_MAC_update(m->fwd, in, len);
    if (!running(m, "update"))
        return 0;
    if (len == 0)
        return 1;
    if (m->family == KARX_MAC_HMAC)
        st = karx_hmac_lsh_update(&m->u.hmac, in, len);
    else if (m->family == KARX_MAC_CMAC)
        st = karx_cmac_update(&m->u.cmac, in, len);
    else
        st = karx_gmac_update(&m->u.gmac, in, len);
    return karx_prov_ok(m->pc, st, karx_mac_family_name(m->family));
}

static int mac_final(void *vm, unsigned char *out, size_t *outl, size_t outsize)
{
    karx_mac_ctx *m = vm;
    size_t n = tag_bytes(m);
    karx_status st;
    if (m->fwd != NULL)
        return EVP_MAC_final(m->fwd, out, outl, outsize);
    if (!running(m, "final"))
        return 0;
    if (out == NULL || outsize < n) {
        karx_prov_err(m->pc, KARX_PROV_R_OUTPUT_TOO_SMALL, "%s: the tag is %zu bytes, room for %zu",
                      karx_mac_family_name(m->family), n, out == NULL ? (size_t)0 : outsize);
        return 0;
    }
    if (m->family == KARX_MAC_HMAC)
        st = karx_hmac_lsh_final(&m->u.hmac, out, n);
    else if (m->family == KARX_MAC_CMAC)
        st = karx_cmac_final(&m->u.cmac, out, n);
    else
        st = karx_gmac_final(&m->u.gmac, out, n);
    karx_mac_stop(m);
    if (!karx_prov_ok(m->pc, st, karx_mac_family_name(m->family)))
        return 0;
    if (outl != NULL)
        *outl = n;
    return 1;
}

static int mac_get_params(void *vm, OSSL_PARAM params[])
{
    karx_mac_ctx *m = vm;
    if (m->fwd != NULL)
        return karx_mac_fwd_get(m, params);
    return karx_prov_put_size(params, OSSL_MAC_PARAM_SIZE, tag_bytes(m)) &&
           karx_prov_put_size(params, OSSL_MAC_PARAM_BLOCK_SIZE, block_bytes(m));
}

static const OSSL_PARAM gettable[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
                                      OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
                                      OSSL_PARAM_END};

static KARX_PROV_PARAM_LIST_FN(mac_gettable, gettable)

/* Every param OpenSSL's MAC of the same name takes, for the primitives karx forwards to it
 * (prov_mac_fwd.c). With a karx primitive, PROPERTIES is ignored (the primitive is karx's own)
 * and so are HMAC's digest-noinit / digest-oneshot flags (karx's HMAC keeps no EVP_MD_CTX). */
static const OSSL_PARAM settable_hmac[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_NOINIT, NULL),
    OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_ONESHOT, NULL),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, NULL), OSSL_PARAM_END};
static const OSSL_PARAM settable_cmac[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0), OSSL_PARAM_END};
static const OSSL_PARAM settable_gmac[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_IV, NULL, 0), OSSL_PARAM_END};

/* One per family: EVP_MAC_settable_ctx_params asks without a context (the openssl command
 * parses -macopt with it), so the answer must come from the row. */
static KARX_PROV_PARAM_LIST_FN(hmac_settable, settable_hmac)
static KARX_PROV_PARAM_LIST_FN(cmac_settable, settable_cmac)
static KARX_PROV_PARAM_LIST_FN(gmac_settable, settable_gmac)

OSSL_FUNC_mac_settable_ctx_params_fn *karx_mac_settable_of(int family)
{
    return family == KARX_MAC_HMAC ? hmac_settable
           : family == KARX_MAC_CMAC ? cmac_settable : gmac_settable;
}

const OSSL_DISPATCH karx_mac_functions[] = {
    {OSSL_FUNC_MAC_DUPCTX, (void (*)(void))mac_dup},
    {OSSL_FUNC_MAC_FREECTX, (void (*)(void))mac_free},
    {OSSL_FUNC_MAC_INIT, (void (*)(void))mac_init},
    {OSSL_FUNC_MAC_UPDATE, (void (*)(void))mac_update},
    {OSSL_FUNC_MAC_FINAL, (void (*)(void))mac_final},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))mac_get_params},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))mac_gettable},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))mac_set_params},
    {0, NULL}};
