/* Fetching another provider's MAC or KDF for karx's generic algorithms to forward to
 * (prov_forward.h). The query holds "provider!=karx" (unless the caller's properties name a
 * provider themselves) and the fetched algorithm is checked not to be this provider's own, so
 * forwarding can never come back to karx. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "prov_forward.h"

#define NOT_KARX "provider!=karx"

/* 1 when props name the "provider" property (OpenSSL refuses a query naming one twice). */
static int names_provider(const char *props)
{
    for (const char *s = props; *s != 0; s++)
        if (strncasecmp(s, "provider", 8) == 0)
            return 1;
    return 0;
}

/* NOT_KARX, plus the caller's "properties" param when it has one; the caller's alone when it
 * names the provider itself (is_self then keeps karx out). NULL after an error. */
static char *query_of(const karx_prov_ctx *pc, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_ALG_PARAM_PROPERTIES);
    const char *props = NULL;
    if (p != NULL && !OSSL_PARAM_get_utf8_string_ptr(p, &props)) {
        karx_prov_err(pc, KARX_PROV_R_BAD_PARAM, "properties: expected a UTF-8 string");
        return NULL;
    }
    size_t n = sizeof NOT_KARX + (props != NULL ? strlen(props) + 1 : 0);
    char *q = malloc(n);
    if (q == NULL) {
        karx_prov_err(pc, KARX_PROV_R_INTERNAL, "out of memory");
        return NULL;
    }
    if (props != NULL && names_provider(props))
        snprintf(q, n, "%s", props);
    else if (props != NULL && *props != 0)
        snprintf(q, n, "%s,%s", NOT_KARX, props);
    else
        snprintf(q, n, "%s", NOT_KARX);
    return q;
}

/* 1 when prov is this very provider (its provider context is pc). */
static int is_self(const karx_prov_ctx *pc, const OSSL_PROVIDER *prov)
{
    return prov == NULL || OSSL_PROVIDER_get0_provider_ctx(prov) == (void *)pc;
}

static const char *name_of(const OSSL_PROVIDER *prov)
{
    const char *n = prov != NULL ? OSSL_PROVIDER_get0_name(prov) : NULL;
    return n != NULL ? n : "another provider";
}

static void nobody(const karx_prov_ctx *pc, const char *alg, const char *query, const char *what)
{
    karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED,
                  "%s: not a karx primitive, and no other provider loaded in this library context "
                  "has %s (query \"%s\")", what, alg, query);
}

void karx_fwd_refused(const karx_prov_ctx *pc, const char *alg, const OSSL_PROVIDER *prov,
                      const char *what)
{
    karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED,
                  "%s: not a karx primitive, and %s's %s (karx forwards it there) refused it",
                  what, name_of(prov), alg);
}

void karx_fwd_what(const OSSL_PARAM *p, char *buf, size_t cap)
{
    const char *v = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &v) || v == NULL)
        v = "?";
    snprintf(buf, cap, "%s \"%s\"", p->key, v);
}

/* karx_fwd_mac_new and karx_fwd_kdf_new: a fresh context of another provider's T named alg
 * (libctx NULL: the default library context, the core says so for it); the context holds its
 * own reference to the algorithm. */
#define FWD_NEW(T, fn)                                                                       \
    EVP_##T##_CTX *fn(const karx_prov_ctx *pc, const char *alg, const OSSL_PARAM params[],   \
                      const char *what)                                                      \
    {                                                                                        \
        char *q = query_of(pc, params);                                                      \
        if (q == NULL)                                                                       \
            return NULL;                                                                     \
        EVP_##T *a = EVP_##T##_fetch(pc->libctx, alg, q);                                    \
        if (a != NULL && is_self(pc, EVP_##T##_get0_provider(a))) {                          \
            EVP_##T##_free(a);                                                               \
            a = NULL;                                                                        \
        }                                                                                    \
        EVP_##T##_CTX *c = a != NULL ? EVP_##T##_CTX_new(a) : NULL;                          \
        if (a == NULL)                                                                       \
            nobody(pc, alg, q, what);                                                        \
        else if (c == NULL)                                                                  \
            karx_prov_err(pc, KARX_PROV_R_INTERNAL, "%s: no context of %s's %s", what,       \
                          name_of(EVP_##T##_get0_provider(a)), alg);                         \
        EVP_##T##_free(a);                                                                   \
        free(q);                                                                             \
        return c;                                                                            \
    }
FWD_NEW(MAC, karx_fwd_mac_new)
FWD_NEW(KDF, karx_fwd_kdf_new)

/* 1 when the inner KDF takes every param of replay: a karx-only setting it would silently
 * ignore must not change the answer. */
static int all_taken(const karx_prov_ctx *pc, EVP_KDF_CTX *c, const OSSL_PARAM replay[],
                     const char *what)
{
    const EVP_KDF *kdf = EVP_KDF_CTX_kdf(c);
    const OSSL_PARAM *takes = EVP_KDF_CTX_settable_params(c);
    for (const OSSL_PARAM *r = replay; r->key != NULL; r++)
        if (takes == NULL || OSSL_PARAM_locate_const(takes, r->key) == NULL) {
            karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED, "%s: %s's %s has no \"%s\" param (set "
                          "on this context before)", what, name_of(EVP_KDF_get0_provider(kdf)),
                          EVP_KDF_get0_name(kdf), r->key);
            return 0;
        }
    return 1;
}

static int kdf_prime(const karx_prov_ctx *pc, EVP_KDF_CTX *c, const OSSL_PARAM before[],
                     const OSSL_PARAM params[], const OSSL_PARAM after[], const char *what)
{
    const EVP_KDF *kdf = EVP_KDF_CTX_kdf(c);
    if (!all_taken(pc, c, before, what) || !all_taken(pc, c, after, what))
        return 0;
    if (!EVP_KDF_CTX_set_params(c, before) || !EVP_KDF_CTX_set_params(c, params) ||
        !EVP_KDF_CTX_set_params(c, after)) {
        karx_fwd_refused(pc, EVP_KDF_get0_name(kdf), EVP_KDF_get0_provider(kdf), what);
        return 0;
    }
    return 1;
}

EVP_KDF_CTX *karx_fwd_kdf_start(const karx_prov_ctx *pc, const char *alg, const OSSL_PARAM before[],
                                const OSSL_PARAM params[], const OSSL_PARAM after[],
                                const char *what)
{
    EVP_KDF_CTX *c = karx_fwd_kdf_new(pc, alg, params, what);
    if (c != NULL && !kdf_prime(pc, c, before, params, after, what)) {
        EVP_KDF_CTX_free(c);
        c = NULL;
    }
    return c;
}

EVP_KDF_CTX *karx_fwd_kdf_dup(const karx_prov_ctx *pc, EVP_KDF_CTX *src)
{
    EVP_KDF_CTX *c = EVP_KDF_CTX_dup(src);
    if (c == NULL) {
        const EVP_KDF *kdf = EVP_KDF_CTX_kdf(src);
        karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED, "%s's %s (karx forwards to it) cannot copy "
                      "its contexts (OpenSSL 3.0's KDFs have no dupctx)",
                      name_of(EVP_KDF_get0_provider(kdf)), EVP_KDF_get0_name(kdf));
    }
    return c;
}
