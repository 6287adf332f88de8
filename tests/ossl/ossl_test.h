/* What the provider's EVP tests share: a library context of their own with karx.so (from the
 * folder given as argv[1]) and OpenSSL's default provider loaded, and OpenSSL error helpers. */
#ifndef KARX_OSSL_TEST_H
#define KARX_OSSL_TEST_H

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "test_util.h"

/* A fresh library context that loads karx.so from modules_dir and the default provider; NULL
 * (with OpenSSL's errors printed) when either does not load. */
static inline OSSL_LIB_CTX *t_ossl_ctx(const char *modules_dir)
{
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    if (ctx == NULL || !OSSL_PROVIDER_set_default_search_path(ctx, modules_dir) ||
        OSSL_PROVIDER_load(ctx, "karx") == NULL || OSSL_PROVIDER_load(ctx, "default") == NULL) {
        fprintf(stderr, "cannot load karx.so from %s:\n", modules_dir);
        ERR_print_errors_fp(stderr);
        OSSL_LIB_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

/* 1 when OpenSSL's error queue holds an error (which it then clears): a refused call must say
 * why, never fail silently. */
static inline int t_ossl_error_raised(void)
{
    int any = ERR_peek_error() != 0;
    ERR_clear_error();
    return any;
}

/* The karx provider's property query: fetch from karx, never from another provider. */
#define T_KARX "provider=karx"

#endif
