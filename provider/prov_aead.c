/* The AEAD cipher table (GCM and CCM), built once from the registry: every cipher with a 128-bit
 * block except ARIA (OpenSSL's default provider has ARIA-GCM / ARIA-CCM under those names), in
 * both modes. Named "<std>-GCM" ("LEA-128-GCM", "CHAM-128-128-GCM") with the short name as an
 * alias ("LEA128-GCM", "CHAM128-128-GCM"). The contexts live in prov_aead_gcm.c / _ccm.c. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "karx/registry.h"
#include "prov_aead.h"

#define MAX_ROWS KARX_PROV_MAX_ROWS /* 5 ciphers x 2 modes today; one row per thunk */
#define DISPATCH_MAX 16

static karx_aead_row rows[MAX_ROWS];
static OSSL_DISPATCH dispatch[MAX_ROWS][DISPATCH_MAX];
static char descriptions[MAX_ROWS][64];
static OSSL_ALGORITHM table[MAX_ROWS + 1];
static size_t nrows;

/* ---- the algorithm's fixed parameters (EVP caches them at fetch time) ---- */

static int get_params(size_t i, OSSL_PARAM params[])
{
    const karx_aead_row *r = &rows[i];
    /* a stream as far as EVP is concerned: block size 1, output = input */
    karx_prov_cipher_shape sh = {r->ccm ? EVP_CIPH_CCM_MODE : EVP_CIPH_GCM_MODE, r->key_bytes,
                                 r->ccm ? KARX_AEAD_CCM_NONCE_DEFAULT : KARX_AEAD_GCM_IV_DEFAULT,
                                 1, 1, 1};
    return karx_prov_cipher_get_params(params, &sh);
}

static void *newctx(void *provctx, size_t i)
{
    if (i >= nrows)
        return NULL;
    return rows[i].ccm ? karx_aead_ccm_newctx(provctx, &rows[i])
                       : karx_aead_gcm_newctx(provctx, &rows[i]);
}

/* newctx and get_params carry no algorithm: one thunk per row (prov.h). */
#define THUNK(i)                                                                      \
    static void *newctx_##i(void *pc) { return newctx(pc, i); }                        \
    static int get_params_##i(OSSL_PARAM params[]) { return get_params(i, params); }
KARX_PROV_REPEAT(THUNK)
#define NEWCTX_PTR(i) newctx_##i,
#define GETP_PTR(i) get_params_##i,
static OSSL_FUNC_cipher_newctx_fn *const newctx_of[] = {KARX_PROV_REPEAT(NEWCTX_PTR)};
static OSSL_FUNC_cipher_get_params_fn *const get_params_of[] = {KARX_PROV_REPEAT(GETP_PTR)};

/* ---- helpers both modes use ---- */

int karx_aead_refuse_tls(const karx_prov_ctx *pc, const OSSL_PARAM params[])
{
    static const char *const tls[] = {OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN};
    for (size_t i = 0; i < sizeof tls / sizeof tls[0]; i++)
        if (OSSL_PARAM_locate_const(params, tls[i]) != NULL) {
            karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED,
                          "%s: the TLS record interface of GCM/CCM is not provided", tls[i]);
            return 1;
        }
    return 0;
}

int karx_aead_refuse_tls_get(const karx_prov_ctx *pc, const OSSL_PARAM params[])
{
    /* Unknown get parameters are skipped by convention; these two are not skipped but refused:
     * EVP_CTRL_GCM_IV_GEN and EVP_CTRL_AEAD_TLS1_AAD read them through EVP_CIPHER_CTX_ctrl,
     * which would otherwise return 1 with nothing written. */
    static const char *const tls[] = {OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD};
    for (size_t i = 0; i < sizeof tls / sizeof tls[0]; i++)
        if (OSSL_PARAM_locate_const(params, tls[i]) != NULL) {
            karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED,
                          "%s: the TLS record interface of GCM/CCM is not provided", tls[i]);
            return 1;
        }
    return 0;
}

int karx_aead_check_keylen(const karx_prov_ctx *pc, const OSSL_PARAM *p, size_t key_bytes)
{
    size_t n;
    if (!OSSL_PARAM_get_size_t(p, &n)) {
        karx_prov_err(pc, KARX_PROV_R_BAD_PARAM, "keylen is not a size");
        return 0;
    }
    if (n != key_bytes) {
        karx_prov_err(pc, KARX_PROV_R_KEY_LENGTH, "key length %zu, this cipher takes %zu", n,
                      key_bytes);
        return 0;
    }
    return 1;
}

int karx_aead_put_iv(const karx_prov_ctx *pc, OSSL_PARAM *p, const unsigned char *iv, size_t len)
{
    if (p->data != NULL && p->data_size < len) {
        karx_prov_err(pc, KARX_PROV_R_IV_LENGTH, "iv buffer of %zu bytes, the iv has %zu",
                      p->data_size, len);
        return 0;
    }
    if (!OSSL_PARAM_set_octet_string(p, iv, len) && !OSSL_PARAM_set_octet_ptr(p, iv, len)) {
        karx_prov_err(pc, KARX_PROV_R_BAD_PARAM, "iv is not an octet string");
        return 0;
    }
    return 1;
}

/* ---- the table ---- */

static void build_dispatch(size_t i)
{
    const OSSL_DISPATCH *f = rows[i].ccm ? karx_aead_ccm_functions : karx_aead_gcm_functions;
    size_t n = 0;
    dispatch[i][n++] = (OSSL_DISPATCH){OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))newctx_of[i]};
    dispatch[i][n++] = (OSSL_DISPATCH){OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))get_params_of[i]};
    dispatch[i][n++] = (OSSL_DISPATCH){OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))karx_prov_cipher_gettable_params};
    for (; f->function_id != 0 && n + 1 < DISPATCH_MAX; f++)
        dispatch[i][n++] = *f;
    dispatch[i][n] = (OSSL_DISPATCH){0, NULL};
}

static int add_row(const karx_alg_info *info, int ccm)
{
    if (nrows >= MAX_ROWS)
        return 0;
    const char *mode = ccm ? "CCM" : "GCM";
    char std[KARX_PROV_NAME_MAX], std_full[KARX_PROV_NAME_MAX + 8], alias[KARX_PROV_NAME_MAX + 8];
    karx_prov_std_spelling(info->std_name, std);
    snprintf(std_full, sizeof std_full, "%s-%s", std, mode);
    size_t k = 0;
    for (; info->name[k] && k + 1 < sizeof alias; k++)
        alias[k] = (char)toupper((unsigned char)info->name[k]);
    snprintf(alias + k, sizeof alias - k, "-%s", mode);
    const char *names[] = {std_full, alias};
    const char *joined = karx_prov_names(names, 2);
    if (joined == NULL)
        return 0;
    size_t i = nrows++;
    rows[i] = (karx_aead_row){(karx_cipher_alg)info->id, info->key_bytes, ccm};
    snprintf(descriptions[i], sizeof descriptions[i], "karx %s in %s mode", info->std_name, mode);
    build_dispatch(i);
    table[i] = (OSSL_ALGORITHM){joined, "provider=karx", dispatch[i], descriptions[i]};
    return 1;
}

int karx_prov_aead_ciphers_build(void)
{
    size_t n = karx_alg_count();
    for (size_t i = 0; i < n; i++) {
        karx_alg_info info;
        if (karx_alg_get(i, &info) != KARX_OK)
            return 0;
        if (info.kind != KARX_KIND_CIPHER || info.block_bytes != 16 || karx_prov_cipher_in_openssl(info.std_name))
            continue;
        if (!add_row(&info, 0) || !add_row(&info, 1))
            return 0;
    }
    table[nrows] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
    return 1;
}

const OSSL_ALGORITHM *karx_prov_aead_ciphers(void)
{
    return table;
}

static const OSSL_PARAM gettable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM settable_ctx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_END};

const OSSL_PARAM *karx_aead_gettable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx;
    (void)provctx;
    return gettable_ctx;
}

const OSSL_PARAM *karx_aead_settable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx;
    (void)provctx;
    return settable_ctx;
}
