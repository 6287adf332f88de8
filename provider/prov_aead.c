/* The AEAD cipher table (GCM and CCM), built once from the registry: every cipher with a 128-bit
 * block except ARIA (OpenSSL's default provider has ARIA-GCM / ARIA-CCM under those names), in
 * both modes. Named "<std>-GCM" ("LEA-128-GCM", "CHAM-128-128-GCM") with the short name as an
 * alias ("LEA128-GCM", "CHAM128-128-GCM"). Every OSSL entry point is here, once for both
 * modes; what differs per mode comes from its mode table (prov_aead.h), and the mode files never
 * call back here. */
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

/* The modes, in the order of each cipher's rows. */
static const karx_aead_mode *const modes[] = {&karx_aead_gcm_mode, &karx_aead_ccm_mode};

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
    karx_prov_cipher_shape sh = {r->mode->evp_mode, r->key_bytes, r->mode->iv_default, 1, 1, 1};
    return karx_prov_cipher_get_params(params, &sh);
}

/* ---- the context: the mode's, headed by a karx_aead_base ---- */

static void *newctx(void *provctx, size_t i)
{
    if (i >= nrows)
        return NULL;
    const karx_aead_mode *m = rows[i].mode;
    karx_aead_base *b = karx_prov_ctx_new(provctx, m->ctx_size);
    if (b == NULL)
        return NULL;
    b->mode = m;
    b->pc = provctx;
    b->row = &rows[i];
    m->defaults(b);
    return b;
}

/* newctx and get_params carry no algorithm: one thunk per row (prov.h). */
#define ROW_NEWCTX(pc, i) newctx(pc, i)
#define ROW_GET_PARAMS(p, i) get_params(i, p)
KARX_PROV_ROW_THUNKS(cipher)

static void freectx(void *vctx)
{
    karx_aead_base *b = vctx;
    if (b == NULL)
        return;
    if (b->mode->cleanup != NULL)
        b->mode->cleanup(b);
    karx_prov_ctx_free(b, b->mode->ctx_size); /* key, H powers, counter, tag */
}

static void *dupctx(void *vctx)
{
    const karx_aead_base *b = vctx;
    karx_aead_base *d = karx_prov_ctx_dup(b->pc, b, b->mode->ctx_size); /* the copy forks */
    if (d != NULL && b->mode->dup_owned != NULL && !b->mode->dup_owned(d, b)) {
        karx_prov_ctx_free(d, b->mode->ctx_size); /* what it owns is still b's */
        return NULL;
    }
    return d;
}

/* 1 if one of the n params named in tls is in params, after raising an error. */
static int refuse(const karx_prov_ctx *pc, const OSSL_PARAM params[], const char *const *tls,
                  size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (OSSL_PARAM_locate_const(params, tls[i]) != NULL) {
            karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED,
                          "%s: the TLS record interface of GCM/CCM is not provided", tls[i]);
            return 1;
        }
    return 0;
}

/* The TLS-record parameters are not supported: karx refuses the whole TLS IV set (IV_FIXED,
 * IV_GEN, SET_IV_INV, TLS1_AAD) consistently. */
static int refuse_tls(const karx_prov_ctx *pc, const OSSL_PARAM params[])
{
    static const char *const tls[] = {OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN};
    return refuse(pc, params, tls, sizeof tls / sizeof tls[0]);
}

/* The same for a get: the generated TLS IV (EVP_CTRL_GCM_IV_GEN) or the TLS AAD padding.
 * Unknown get parameters are skipped by convention; these two are not skipped but refused:
 * EVP_CTRL_GCM_IV_GEN and EVP_CTRL_AEAD_TLS1_AAD read them through EVP_CIPHER_CTX_ctrl, which
 * would otherwise return 1 with nothing written. */
static int refuse_tls_get(const karx_prov_ctx *pc, const OSSL_PARAM params[])
{
    static const char *const tls[] = {OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN,
                                      OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD};
    return refuse(pc, params, tls, sizeof tls / sizeof tls[0]);
}

/* OSSL_CIPHER_PARAM_KEYLEN set: only the cipher's own length is accepted. */
static int check_keylen(const karx_prov_ctx *pc, const OSSL_PARAM *p, size_t key_bytes)
{
    size_t n;
    if (!karx_prov_get_size(pc, p, &n))
        return 0;
    if (n != key_bytes) {
        karx_prov_err(pc, KARX_PROV_R_KEY_LENGTH, "key length %zu, this cipher takes %zu", n,
                      key_bytes);
        return 0;
    }
    return 1;
}

static int set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    karx_aead_base *b = vctx;
    const OSSL_PARAM *p;
    if (params == NULL)
        return 1;
    if (refuse_tls(b->pc, params))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) && !b->mode->set_tag(b, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN)) &&
        !b->mode->set_ivlen(b, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
        !check_keylen(b->pc, p, b->row->key_bytes))
        return 0;
    return 1;
}

static int init(karx_aead_base *b, const unsigned char *key, size_t keylen,
                const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[], int enc)
{
    b->enc = enc;
    if (!b->mode->set_iv(b, iv, ivlen))
        return 0;
    if (key != NULL) {
        if (keylen != b->row->key_bytes) {
            karx_prov_err(b->pc, KARX_PROV_R_KEY_LENGTH, "key of %zu bytes, this cipher takes %zu",
                          keylen, b->row->key_bytes);
            return 0;
        }
        karx_status st = b->mode->set_key(b, key, keylen);
        b->key_set = st == KARX_OK;
        if (!karx_prov_ok(b->pc, st, b->mode->key_what))
            return 0;
    }
    return set_ctx_params(b, params);
}

static int einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                 size_t ivlen, const OSSL_PARAM params[])
{
    return init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                 size_t ivlen, const OSSL_PARAM params[])
{
    return init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* The IV (or nonce) into an octet-string (or octet-pointer) param named key, if asked for. */
static int get_iv(const karx_aead_base *b, OSSL_PARAM params[], const char *key)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    if (p == NULL)
        return 1;
    const unsigned char *iv = b->mode->iv(b);
    size_t len = b->mode->ivlen(b);
    if (iv == NULL) {
        karx_prov_err(b->pc, KARX_PROV_R_NOT_INITIALIZED, "%s", b->mode->no_iv);
        return 0;
    }
    if (p->data != NULL && p->data_size < len) {
        karx_prov_err(b->pc, KARX_PROV_R_IV_LENGTH, "iv buffer of %zu bytes, the iv has %zu",
                      p->data_size, len);
        return 0;
    }
    if (!OSSL_PARAM_set_octet_string(p, iv, len) && !OSSL_PARAM_set_octet_ptr(p, iv, len)) {
        karx_prov_err(b->pc, KARX_PROV_R_BAD_PARAM, "iv is not an octet string");
        return 0;
    }
    return 1;
}

static int get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    karx_aead_base *b = vctx;
    OSSL_PARAM *p;
    if (refuse_tls_get(b->pc, params))
        return 0;
    if (!karx_prov_put_size(params, OSSL_CIPHER_PARAM_IVLEN, b->mode->ivlen(b)) ||
        !karx_prov_put_size(params, OSSL_CIPHER_PARAM_KEYLEN, b->row->key_bytes) ||
        !karx_prov_put_size(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN, b->mode->taglen(b))) {
        karx_prov_err(b->pc, KARX_PROV_R_BAD_PARAM, "cannot write a length parameter");
        return 0;
    }
    if (!get_iv(b, params, OSSL_CIPHER_PARAM_IV) || !get_iv(b, params, OSSL_CIPHER_PARAM_UPDATED_IV))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG)) == NULL)
        return 1;
    if (!b->enc || !b->tag_ready) {
        karx_prov_err(b->pc, KARX_PROV_R_NOT_INITIALIZED, "no tag yet: encrypt a message first");
        return 0;
    }
    return b->mode->get_tag(b, p);
}

/* The context params both modes get and set (the same lists: OpenSSL's AEAD ones). */
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

static KARX_PROV_PARAM_LIST_FN(gettable_ctx_params, gettable_ctx)
static KARX_PROV_PARAM_LIST_FN(settable_ctx_params, settable_ctx)

/* ---- the table ---- */

typedef void (*fn_t)(void);

static void build_dispatch(size_t i)
{
    const karx_aead_mode *m = rows[i].mode;
    const OSSL_DISPATCH d[] = {
        {OSSL_FUNC_CIPHER_NEWCTX, (fn_t)newctx_of[i]},
        {OSSL_FUNC_CIPHER_GET_PARAMS, (fn_t)get_params_of[i]},
        {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (fn_t)karx_prov_cipher_gettable_params},
        {OSSL_FUNC_CIPHER_FREECTX, (fn_t)freectx},
        {OSSL_FUNC_CIPHER_DUPCTX, (fn_t)dupctx},
        {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (fn_t)einit},
        {OSSL_FUNC_CIPHER_DECRYPT_INIT, (fn_t)dinit},
        {OSSL_FUNC_CIPHER_UPDATE, (fn_t)m->update},
        {OSSL_FUNC_CIPHER_FINAL, (fn_t)m->final},
        {OSSL_FUNC_CIPHER_CIPHER, (fn_t)m->cipher},
        {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (fn_t)get_ctx_params},
        {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (fn_t)set_ctx_params},
        {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (fn_t)gettable_ctx_params},
        {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (fn_t)settable_ctx_params},
        {0, NULL}};
    memcpy(dispatch[i], d, sizeof d);
}

static int add_row(const karx_alg_info *info, const karx_aead_mode *m)
{
    if (nrows >= MAX_ROWS)
        return 0;
    const char *mode = m->name;
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
    rows[i] = (karx_aead_row){(karx_cipher_alg)info->id, info->key_bytes, m};
    snprintf(descriptions[i], sizeof descriptions[i], "karx %s in %s mode", info->std_name, mode);
    build_dispatch(i);
    table[i] = (OSSL_ALGORITHM){joined, "provider=karx", dispatch[i], descriptions[i]};
    return 1;
}

/* Each mode here over every cipher the registry says it runs on (karx_mode_key_bytes), but
 * the ciphers OpenSSL's default provider has. */
int karx_prov_aead_ciphers_build(void)
{
    size_t n = karx_alg_count();
    karx_mode_info mi[sizeof modes / sizeof modes[0]];
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
        if (karx_mode_find(modes[k]->name, &mi[k]) != KARX_OK || mi[k].shape != KARX_SHAPE_AEAD)
            return 0;
    for (size_t i = 0; i < n; i++) {
        karx_alg_info info;
        if (karx_alg_get(i, &info) != KARX_OK)
            return 0;
        if (info.kind != KARX_KIND_CIPHER || karx_prov_cipher_in_openssl(info.std_name))
            continue;
        for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
            if (karx_mode_key_bytes(&mi[k], info.id) != 0 && !add_row(&info, modes[k]))
                return 0;
    }
    table[nrows] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
    return 1;
}

const OSSL_ALGORITHM *karx_prov_aead_ciphers(void)
{
    return table;
}
