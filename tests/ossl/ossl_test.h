/* What the provider's EVP tests share: a library context of their own with karx.so (from the
 * folder given as argv[1]) and OpenSSL's default provider loaded, and OpenSSL error helpers. */
#ifndef KARX_OSSL_TEST_H
#define KARX_OSSL_TEST_H

#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "test_util.h"

/* The providers each context loaded: OSSL_LIB_CTX_free does not drop the reference that
 * OSSL_PROVIDER_load returned, so t_ossl_ctx_free unloads them first (else LeakSanitizer). */
enum { T_OSSL_MAX_CTX = 8 };
static OSSL_LIB_CTX *t_ossl_ctxs[T_OSSL_MAX_CTX];
static OSSL_PROVIDER *t_ossl_provs[T_OSSL_MAX_CTX][2];

/* Unloads what t_ossl_ctx loaded into ctx, then frees ctx (NULL is fine). */
static inline void t_ossl_ctx_free(OSSL_LIB_CTX *ctx)
{
    for (int i = 0; ctx != NULL && i < T_OSSL_MAX_CTX; i++)
        if (t_ossl_ctxs[i] == ctx) {
            OSSL_PROVIDER_unload(t_ossl_provs[i][1]);
            OSSL_PROVIDER_unload(t_ossl_provs[i][0]);
            t_ossl_ctxs[i] = NULL;
            t_ossl_provs[i][0] = t_ossl_provs[i][1] = NULL;
        }
    OSSL_LIB_CTX_free(ctx);
}

/* A fresh library context that loads karx.so from modules_dir and the default provider; NULL
 * (with OpenSSL's errors printed) when either does not load. Free it with t_ossl_ctx_free. */
static inline OSSL_LIB_CTX *t_ossl_ctx(const char *modules_dir)
{
    int slot = 0;
    while (slot < T_OSSL_MAX_CTX && t_ossl_ctxs[slot] != NULL)
        slot++;
    OSSL_LIB_CTX *ctx = slot < T_OSSL_MAX_CTX ? OSSL_LIB_CTX_new() : NULL;
    OSSL_PROVIDER *karx = NULL, *dflt = NULL;
    if (ctx == NULL || !OSSL_PROVIDER_set_default_search_path(ctx, modules_dir) ||
        (karx = OSSL_PROVIDER_load(ctx, "karx")) == NULL ||
        (dflt = OSSL_PROVIDER_load(ctx, "default")) == NULL) {
        fprintf(stderr, "cannot load karx.so from %s:\n", modules_dir);
        ERR_print_errors_fp(stderr);
        OSSL_PROVIDER_unload(karx);
        OSSL_LIB_CTX_free(ctx);
        return NULL;
    }
    t_ossl_ctxs[slot] = ctx;
    t_ossl_provs[slot][0] = karx;
    t_ossl_provs[slot][1] = dflt;
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

/* 1 when a queued error's text or data holds `word` (the queue is then cleared): a refusal
 * must say what was wrong. */
static inline int t_ossl_error_says(const char *word)
{
    unsigned long e;
    const char *data = NULL;
    int flags = 0, found = 0;
    while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        char buf[256];
        ERR_error_string_n(e, buf, sizeof buf);
        found |= strstr(buf, word) != NULL || (data != NULL && strstr(data, word) != NULL);
    }
    return found;
}

/* 1 when argv holds MODULES_DIR and KAT_DIR, as every provider test is run (then the seed is
 * printed); else the usage is printed and main returns 2. */
static inline int t_ossl_args(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s MODULES_DIR KAT_DIR\n", argv[0]);
        return 0;
    }
    t_seed_from_env();
    return 1;
}

/* The whole of a provider test's main: the arguments; a context of its own with karx.so loaded
 * (a check), kept in *lib for the test's functions; with_lib(argv) when it loaded; the context
 * freed; after(argv) (NULL: none), which makes contexts of its own; the closing count. */
static inline int t_ossl_main(int argc, char **argv, const char *name, OSSL_LIB_CTX **lib,
                              void (*with_lib)(char **argv), void (*after)(char **argv))
{
    if (!t_ossl_args(argc, argv))
        return 2;
    *lib = t_ossl_ctx(argv[1]);
    CHECK(*lib != NULL, "load karx.so");
    if (*lib != NULL)
        with_lib(argv);
    t_ossl_ctx_free(*lib);
    *lib = NULL;
    if (after != NULL)
        after(argv);
    return t_finish(name);
}

/* The karx provider's property query: fetch from karx, never from another provider. */
#define T_KARX "provider=karx"

#endif
