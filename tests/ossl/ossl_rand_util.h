/* What test_ossl_rand's parts share: a TEST-RAND parent (OpenSSL's default provider) that hands
 * our DRBGs chosen entropy and nonces, and small EVP_RAND helpers. */
#ifndef KARX_OSSL_RAND_UTIL_H
#define KARX_OSSL_RAND_UTIL_H

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "ossl_test.h"

static OSSL_LIB_CTX *g_ctx;

/* A TEST-RAND of 256-bit strength: its get_seed gives what TEST_ENTROPY was set to (from the
 * start, every time it is set), its nonce call what TEST_NONCE was. */
static EVP_RAND_CTX *t_test_parent(void)
{
    EVP_RAND *tr = EVP_RAND_fetch(g_ctx, "TEST-RAND", "provider=default");
    EVP_RAND_CTX *p = tr ? EVP_RAND_CTX_new(tr, NULL) : NULL;
    EVP_RAND_free(tr);
    unsigned strength = 256;
    OSSL_PARAM prm[] = {OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &strength),
                        OSSL_PARAM_construct_end()};
    if (p == NULL || !EVP_RAND_instantiate(p, 0, 0, NULL, 0, prm)) {
        ERR_print_errors_fp(stderr);
        EVP_RAND_CTX_free(p);
        return NULL;
    }
    return p;
}

static int t_parent_set(EVP_RAND_CTX *p, const char *key, const uint8_t *b, size_t n)
{
    static const uint8_t none[1];
    OSSL_PARAM prm[] = {OSSL_PARAM_construct_octet_string(key, (void *)(n ? b : none), n),
                        OSSL_PARAM_construct_end()};
    return EVP_RAND_CTX_set_params(p, prm);
}

/* One of our DRBGs (name "KARX-CTR-DRBG", ... fetched from karx), under parent, not instantiated. */
static EVP_RAND_CTX *t_our_drbg(const char *name, EVP_RAND_CTX *parent)
{
    EVP_RAND *r = EVP_RAND_fetch(g_ctx, name, T_KARX);
    EVP_RAND_CTX *c = r ? EVP_RAND_CTX_new(r, parent) : NULL;
    EVP_RAND_free(r);
    return c;
}

/* params for a DRBG: the cipher (CTR) or digest, use_df, reseed_requests. */
static void t_drbg_params(OSSL_PARAM prm[4], const char *alg_key, const char *alg, int *df,
                          unsigned *requests)
{
    int i = 0;
    prm[i++] = OSSL_PARAM_construct_utf8_string(alg_key, (char *)alg, 0);
    if (df != NULL)
        prm[i++] = OSSL_PARAM_construct_int(OSSL_DRBG_PARAM_USE_DF, df);
    if (requests != NULL)
        prm[i++] = OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, requests);
    prm[i] = OSSL_PARAM_construct_end();
}

/* The karx-only count of generate requests a DRBG has served; (uint64_t)-1 if unreadable. */
static uint64_t t_generates(EVP_RAND_CTX *c)
{
    uint64_t n = (uint64_t)-1;
    OSSL_PARAM prm[] = {OSSL_PARAM_construct_uint64("karx_generate_requests", &n),
                        OSSL_PARAM_construct_end()};
    if (!EVP_RAND_CTX_get_params(c, prm))
        return (uint64_t)-1;
    return n;
}

static unsigned t_uint_param(EVP_RAND_CTX *c, const char *key)
{
    unsigned v = 0xdeadu;
    OSSL_PARAM prm[] = {OSSL_PARAM_construct_uint(key, &v), OSSL_PARAM_construct_end()};
    return EVP_RAND_CTX_get_params(c, prm) ? v : 0xdeadu;
}

/* The provider that implements c's algorithm ("karx", "default"). */
static const char *t_rand_provider(EVP_RAND_CTX *c)
{
    const EVP_RAND *r = c ? EVP_RAND_CTX_get0_rand(c) : NULL;
    return r ? OSSL_PROVIDER_get0_name(EVP_RAND_get0_provider(r)) : "(none)";
}

#endif
