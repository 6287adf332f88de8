/* The provider's entry point: OSSL_provider_init runs karx's known-answer self-test (and
 * refuses to load when it fails), builds the algorithm tables once from the registry, and
 * answers OpenSSL's queries for them. The only symbol karx.so exports (karx.map). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "karx/karx.h"
#include "prov.h"

#define KARX_PROV_NAME "karx provider (LSH, LEA, HIGHT, CHAM; KCMVP algorithms)"

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
static int tables_ok;
static karx_status selftest_status;

static void build_tables(void)
{
    selftest_status = karx_selftest_kernels();
#ifdef KARX_PROV_BREAK_SELFTEST /* tests/ossl builds one such module: it must refuse to load */
    selftest_status = KARX_ERR_SELFTEST;
#endif
    if (selftest_status != KARX_OK)
        return;
    tables_ok = karx_prov_digests_build() && karx_prov_block_ciphers_build() &&
                karx_prov_aead_ciphers_build() && karx_prov_macs_build() &&
                karx_prov_kdfs_build() && karx_prov_rands_build();
}

/* Ciphers come from two files; OpenSSL wants one array. */
static OSSL_ALGORITHM *cipher_table;

static int join_ciphers(void)
{
    const OSSL_ALGORITHM *a = karx_prov_block_ciphers(), *b = karx_prov_aead_ciphers();
    size_t na = 0, nb = 0;
    while (a && a[na].algorithm_names)
        na++;
    while (b && b[nb].algorithm_names)
        nb++;
    cipher_table = calloc(na + nb + 1, sizeof *cipher_table);
    if (cipher_table == NULL)
        return 0;
    if (na)
        memcpy(cipher_table, a, na * sizeof *a);
    if (nb)
        memcpy(cipher_table + na, b, nb * sizeof *b);
    return 1;
}

static void build_all(void)
{
    build_tables();
    if (tables_ok)
        tables_ok = join_ciphers();
}

/* The module is dlclosed with its last provider: what the tables hold goes with it. */
__attribute__((destructor)) static void unload_tables(void)
{
    free(cipher_table);
    cipher_table = NULL;
    karx_prov_names_free();
}

static const OSSL_ALGORITHM *query(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_DIGEST: return karx_prov_digests();
    case OSSL_OP_CIPHER: return cipher_table;
    case OSSL_OP_MAC: return karx_prov_macs();
    case OSSL_OP_KDF: return karx_prov_kdfs();
    case OSSL_OP_RAND: return karx_prov_rands();
    default: return NULL;
    }
}

static const OSSL_PARAM param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *gettable_params(void *provctx)
{
    (void)provctx;
    return param_types;
}

static const char *build_info(void)
{
    static char info[160];
    if (!info[0])
        snprintf(info, sizeof info, "karx %s, %s back end, built %s", karx_version(),
                 karx_backend_name(karx_get_backend()), __DATE__);
    return info;
}

static int get_params(void *provctx, OSSL_PARAM params[])
{
    (void)provctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) && !OSSL_PARAM_set_utf8_ptr(p, KARX_PROV_NAME))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) && !OSSL_PARAM_set_utf8_ptr(p, karx_version()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) && !OSSL_PARAM_set_utf8_ptr(p, build_info()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) && !OSSL_PARAM_set_int(p, tables_ok))
        return 0;
    return 1;
}

static const OSSL_ITEM *reason_strings(void *provctx)
{
    (void)provctx;
    return karx_prov_reason_strings();
}

static void teardown(void *provctx)
{
    free(provctx);
}

static const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))query},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))reason_strings},
    {0, NULL}};

__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
                                                              const OSSL_DISPATCH *in,
                                                              const OSSL_DISPATCH **out,
                                                              void **provctx)
{
    OSSL_FUNC_core_get_libctx_fn *get_libctx = NULL;
    karx_prov_err_init(in);
    for (const OSSL_DISPATCH *d = in; d->function_id != 0; d++)
        if (d->function_id == OSSL_FUNC_CORE_GET_LIBCTX)
            get_libctx = OSSL_FUNC_core_get_libctx(d);
    karx_prov_ctx *pc = calloc(1, sizeof *pc);
    if (pc == NULL)
        return 0;
    pc->handle = handle;
    pc->libctx = get_libctx ? (OSSL_LIB_CTX *)get_libctx(handle) : NULL;
    pthread_once(&tables_once, build_all);
    if (!tables_ok) {
        /* OpenSSL prints this with the load failure: the provider does not load */
        if (selftest_status != KARX_OK)
            karx_prov_status_err(pc, selftest_status, "self-test on load");
        else
            karx_prov_err(pc, KARX_PROV_R_INTERNAL, "building the algorithm tables");
        free(pc);
        return 0;
    }
    *out = provider_functions;
    *provctx = pc;
    return 1;
}
