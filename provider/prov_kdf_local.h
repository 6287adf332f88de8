/* The KDF implementations the table in prov_kdf.c lists. */
#ifndef KARX_PROV_KDF_LOCAL_H
#define KARX_PROV_KDF_LOCAL_H

#include "prov_mac_local.h"

/* The two KDFs (prov_kdf_pbkdf2.c, prov_kdf_kbkdf.c), listed by prov_kdf.c. */
extern const OSSL_DISPATCH karx_kdf_pbkdf2_functions[];
extern const OSSL_DISPATCH karx_kdf_kbkdf_functions[];

/* prov_kdf_params.c. KDF_PARAM_SIZE: both derive any length the caller asks for (within the
 * KDF's own bound). */
int karx_kdf_get_size(OSSL_PARAM params[]);
const OSSL_PARAM *karx_kdf_gettable(void *ctx, void *pc);

/* What the two KDFs share, for a <name>_ctx with pc and fwd (the KDF of another provider it
 * forwards to, or NULL) and the file's own defaults(k), wipe(k) (its secrets) and copy(k, src)
 * (its settings and secrets: 1, or 0 out of memory), <name>_set_params, <name>_derive and
 * <name>_settable.
 * KARX_KDF_LIFECYCLE: <name>_reset (fwd freed: OpenSSL's KDFs wipe their secrets on free; ours
 * wiped; the defaults), <name>_new (a zeroed context with its defaults), <name>_free (reset
 * first) and <name>_dup (fwd copied too). */
#define KARX_KDF_LIFECYCLE(name)                                                             \
    static void name##_reset(void *vk)                                                       \
    {                                                                                        \
        name##_ctx *k = vk;                                                                  \
        EVP_KDF_CTX_free(k->fwd);                                                            \
        k->fwd = NULL;                                                                       \
        wipe(k);                                                                             \
        defaults(k);                                                                         \
    }                                                                                        \
    static void *name##_new(void *pc)                                                        \
    {                                                                                        \
        name##_ctx *k = karx_prov_ctx_new(pc, sizeof *k);                                    \
        if (k == NULL)                                                                       \
            return NULL;                                                                     \
        k->pc = pc;                                                                          \
        defaults(k);                                                                         \
        return k;                                                                            \
    }                                                                                        \
    static void name##_free(void *vk)                                                        \
    {                                                                                        \
        if (vk == NULL)                                                                      \
            return;                                                                          \
        name##_reset(vk);                                                                    \
        karx_prov_ctx_free(vk, sizeof(name##_ctx));                                          \
    }                                                                                        \
    static void *name##_dup(void *vk)                                                        \
    {                                                                                        \
        const name##_ctx *src = vk;                                                          \
        name##_ctx *k = name##_new((void *)src->pc);                                         \
        if (k == NULL)                                                                       \
            return NULL;                                                                     \
        if (!copy(k, src) ||                                                                 \
            (src->fwd != NULL && (k->fwd = karx_fwd_kdf_dup(src->pc, src->fwd)) == NULL)) {  \
            name##_free(k);                                                                  \
            return NULL;                                                                     \
        }                                                                                    \
        return k;                                                                            \
    }

/* KARX_KDF_FUNCTIONS: <name>_get_params (the forwarded KDF's, else the size) and the dispatch
 * table karx_kdf_<name>_functions. */
#define KARX_KDF_FUNCTIONS(name)                                                             \
    static int name##_get_params(void *vk, OSSL_PARAM params[])                              \
    {                                                                                        \
        name##_ctx *k = vk;                                                                  \
        if (k->fwd != NULL)                                                                  \
            return EVP_KDF_CTX_get_params(k->fwd, params);                                   \
        return karx_kdf_get_size(params);                                                    \
    }                                                                                        \
    const OSSL_DISPATCH karx_kdf_##name##_functions[] = {                                    \
        {OSSL_FUNC_KDF_NEWCTX, (void (*)(void))name##_new},                                  \
        {OSSL_FUNC_KDF_DUPCTX, (void (*)(void))name##_dup},                                  \
        {OSSL_FUNC_KDF_FREECTX, (void (*)(void))name##_free},                                \
        {OSSL_FUNC_KDF_RESET, (void (*)(void))name##_reset},                                 \
        {OSSL_FUNC_KDF_DERIVE, (void (*)(void))name##_derive},                               \
        {OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, (void (*)(void))name##_settable},                \
        {OSSL_FUNC_KDF_SET_CTX_PARAMS, (void (*)(void))name##_set_params},                   \
        {OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS, (void (*)(void))karx_kdf_gettable},              \
        {OSSL_FUNC_KDF_GET_CTX_PARAMS, (void (*)(void))name##_get_params},                   \
        {0, NULL}};

#endif
