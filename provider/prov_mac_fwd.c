/* karx's generic HMAC, CMAC and GMAC over a primitive karx does not have (SHA-256, AES, ...):
 * the digest / cipher param switches the context to another provider's MAC of the same name
 * (prov_forward.c), which then gets every call unchanged. The key and IV are still kept here,
 * so that a later karx primitive name switches back and a fresh inner context gets them. */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "prov_forward.h"
#include "prov_mac_ctx.h"

static void drop(karx_mac_ctx *m)
{
    EVP_MAC_CTX_free(m->fwd); /* OpenSSL's MACs wipe their keys on free */
    m->fwd = NULL;
}

/* 1 when name is a primitive of m's family karx has (or is no string: karx's code says why). */
static int karx_has(const karx_mac_ctx *m, const OSSL_PARAM *p)
{
    const char *name = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) || name == NULL)
        return 1;
    if (m->family == KARX_MAC_HMAC)
        return karx_prov_lsh_id(name) != 0;
    return karx_prov_cipher_ours(name, m->family == KARX_MAC_CMAC ? "-CBC" : "-GCM");
}

/* Copies of the key and IV in params (kept for a switch back or a fresh inner context). */
static int keep(karx_mac_ctx *m, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY)) != NULL &&
        !karx_prov_buf_param(m->pc, &m->key, p))
        return 0;
    if (m->family == KARX_MAC_GMAC && (p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_IV)) &&
        !karx_prov_buf_param(m->pc, &m->iv, p))
        return 0;
    return 1;
}

/* A fresh inner context gets the kept key and IV that params do not carry (after them: OpenSSL's
 * MACs need the primitive before the key). */
static int replay(const karx_mac_ctx *m, EVP_MAC_CTX *c, const OSSL_PARAM params[])
{
    OSSL_PARAM r[3], *p = r;
    if (m->key.data != NULL && OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY) == NULL)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, m->key.data, m->key.len);
    if (m->family == KARX_MAC_GMAC && m->iv.data != NULL &&
        OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_IV) == NULL)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, m->iv.data, m->iv.len);
    *p = OSSL_PARAM_construct_end();
    return p == r || EVP_MAC_CTX_set_params(c, r);
}

/* 1 unless params turn on HMAC's digest-noinit, which is refused (0, with an error raised):
 * OpenSSL 3.0's HMAC then copies its inner EVP_MD_CTX field by field, sharing the digest's
 * context between two EVP_MD_CTXs, and frees it twice on the next keyless init or free
 * (docs/SECURITY.md, fuzz/regressions/fuzz_provider/hmac-sha512-digest-noinit). */
static int flags_safe(const karx_mac_ctx *m, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    int on = 0;
    if (m->family != KARX_MAC_HMAC ||
        (p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_DIGEST_NOINIT)) == NULL ||
        (OSSL_PARAM_get_int(p, &on) && on == 0))
        return 1;
    karx_prov_err(m->pc, KARX_PROV_R_UNSUPPORTED,
                  "HMAC: digest-noinit is refused for a forwarded digest (OpenSSL's HMAC would "
                  "free its digest context twice)");
    return 0;
}

/* p names a primitive karx lacks: a fresh inner context (the old one, if any, kept on error). */
static int start(karx_mac_ctx *m, const OSSL_PARAM *p, const OSSL_PARAM params[])
{
    char what[KARX_PROV_NAME_MAX + 16];
    const char *alg = karx_mac_family_name(m->family);
    if (!flags_safe(m, params))
        return -1;
    karx_fwd_what(p, what, sizeof what);
    EVP_MAC_CTX *c = karx_fwd_mac_new(m->pc, alg, params, what);
    if (c == NULL)
        return -1;
    if (!keep(m, params) || !EVP_MAC_CTX_set_params(c, params) || !replay(m, c, params)) {
        karx_fwd_refused(m->pc, alg, EVP_MAC_get0_provider(EVP_MAC_CTX_get0_mac(c)), what);
        EVP_MAC_CTX_free(c);
        return -1;
    }
    drop(m);
    karx_mac_stop(m);
    m->fwd = c;
    return 1;
}

int karx_mac_fwd_params(karx_mac_ctx *m, const OSSL_PARAM params[])
{
    const char *which = m->family == KARX_MAC_HMAC ? OSSL_MAC_PARAM_DIGEST : OSSL_MAC_PARAM_CIPHER;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, which);
    if (p != NULL && !m->fixed && !karx_has(m, p))
        return start(m, p, params);
    if (p != NULL)
        drop(m); /* a karx primitive: karx's own code again */
    if (m->fwd == NULL)
        return 0;
    if (!flags_safe(m, params) || !keep(m, params) || !EVP_MAC_CTX_set_params(m->fwd, params))
        return -1;
    return 1;
}

int karx_mac_fwd_init(karx_mac_ctx *m, const unsigned char *key, size_t keylen)
{
    if (key != NULL && !karx_prov_buf_set(m->pc, &m->key, key, keylen))
        return 0;
    return EVP_MAC_init(m->fwd, key, keylen, NULL);
}

int karx_mac_fwd_get(karx_mac_ctx *m, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    if (!EVP_MAC_CTX_get_params(m->fwd, params))
        return 0;
    /* OpenSSL 3.0's GMAC answers its size only without a context (EVP_MAC_CTX_get_mac_size
     * knows where to ask) */
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) != NULL)
        return OSSL_PARAM_set_size_t(p, EVP_MAC_CTX_get_mac_size(m->fwd));
    return 1;
}
