/* The block-mode cipher table (ECB CBC CTR CFB CFB8 OFB, and XTS for 128-bit blocks), built
 * once from the registry: every karx cipher but ARIA (OpenSSL's default provider has its own)
 * in every mode its block allows. The 64-bit-segment CFB of 128-bit ciphers is left out (OpenSSL
 * has no such mode; for 64-bit blocks it is the full-block CFB, registered as -CFB / -CFB64). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "karx/registry.h"
#include "prov_cipher.h"

static karx_pc_row rows[KARX_PROV_MAX_ROWS];
static size_t nrows;
static OSSL_ALGORITHM table[KARX_PROV_MAX_ROWS + 1];
static OSSL_DISPATCH dispatch[KARX_PROV_MAX_ROWS][16];

static const karx_pc_row *row_at(size_t i)
{
    return i < nrows ? &rows[i] : NULL;
}

/* ---- per-algorithm parameters (no context) ---- */

static int get_params(size_t i, OSSL_PARAM params[])
{
    const karx_pc_row *r = row_at(i);
    if (r == NULL)
        return 0;
    karx_prov_cipher_shape sh = {r->evp_mode, r->key_bytes, r->iv_bytes, r->block_bytes, 0, r->xts};
    return karx_prov_cipher_get_params(params, &sh);
}

/* ---- one thunk per row: newctx and get_params get no row of their own ---- */

#define ROW_NEWCTX(pc, i) karx_pc_newctx(pc, row_at(i))
#define ROW_GET_PARAMS(p, i) get_params(i, p)
KARX_PROV_ROW_THUNKS(cipher)

typedef void (*fn_t)(void);

static void fill_dispatch(size_t i)
{
    const int x = rows[i].xts;
    const OSSL_DISPATCH d[] = {
        {OSSL_FUNC_CIPHER_NEWCTX, (fn_t)newctx_of[i]},
        {OSSL_FUNC_CIPHER_FREECTX, (fn_t)karx_pc_freectx},
        {OSSL_FUNC_CIPHER_DUPCTX, (fn_t)karx_pc_dupctx},
        {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (fn_t)karx_pc_einit},
        {OSSL_FUNC_CIPHER_DECRYPT_INIT, (fn_t)karx_pc_dinit},
        {OSSL_FUNC_CIPHER_UPDATE, x ? (fn_t)karx_pc_xts_update : (fn_t)karx_pc_block_update},
        {OSSL_FUNC_CIPHER_FINAL, x ? (fn_t)karx_pc_xts_final : (fn_t)karx_pc_block_final},
        {OSSL_FUNC_CIPHER_CIPHER, x ? (fn_t)karx_pc_xts_cipher : (fn_t)karx_pc_block_cipher},
        {OSSL_FUNC_CIPHER_GET_PARAMS, (fn_t)get_params_of[i]},
        {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (fn_t)karx_prov_cipher_gettable_params},
        {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (fn_t)karx_pc_get_ctx_params},
        {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (fn_t)karx_pc_set_ctx_params},
        {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (fn_t)karx_pc_gettable_ctx_params},
        {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (fn_t)karx_pc_settable_ctx_params},
        {0, NULL}};
    memcpy(dispatch[i], d, sizeof d);
}

/* ---- names ---- */

static void upper(const char *in, char *out, size_t cap)
{
    size_t i = 0;
    for (; in[i] && i + 1 < cap; i++)
        out[i] = (char)toupper((unsigned char)in[i]);
    out[i] = 0;
}

/* "LEA-128-CBC:LEA128-CBC" (and -CFB128 / -CFB64 for full-block CFB): the standard name in
 * the provider's spelling, then the CLI's short name, each with the mode. */
static const char *row_names(const karx_alg_info *ci, const char *mode, size_t block)
{
    char std[KARX_PROV_NAME_MAX], cli[KARX_PROV_NAME_MAX];
    char n[4][2 * KARX_PROV_NAME_MAX];
    karx_prov_std_spelling(ci->std_name, std);
    upper(ci->name, cli, sizeof cli);
    snprintf(n[0], sizeof n[0], "%s-%s", std, mode);
    snprintf(n[1], sizeof n[1], "%s-%s", cli, mode);
    n[2][0] = n[3][0] = 0;
    if (strcmp(mode, "CFB") == 0) {
        snprintf(n[2], sizeof n[2], "%s-CFB%zu", std, 8 * block);
        snprintf(n[3], sizeof n[3], "%s-CFB%zu", cli, 8 * block);
    }
    const char *const list[] = {n[0], n[1], n[2], n[3]};
    return karx_prov_names(list, 4);
}

static unsigned evp_mode_of(karx_mode m)
{
    switch (m) {
    case KARX_MODE_ECB: return EVP_CIPH_ECB_MODE;
    case KARX_MODE_CBC: return EVP_CIPH_CBC_MODE;
    case KARX_MODE_CTR: return EVP_CIPH_CTR_MODE;
    case KARX_MODE_OFB: return EVP_CIPH_OFB_MODE;
    default: return EVP_CIPH_CFB_MODE; /* CFB and CFB8, as OpenSSL's AES-*-CFB8 */
    }
}

static int add_row(const karx_pc_row *r, const char *names)
{
    if (nrows >= KARX_PROV_MAX_ROWS || names == NULL)
        return 0;
    rows[nrows] = *r;
    fill_dispatch(nrows);
    table[nrows] = (OSSL_ALGORITHM){names, "provider=karx", dispatch[nrows], NULL};
    nrows++;
    return 1;
}

/* A block mode of cipher.h on ci: one row, or none where the pair is not supported. */
static int add_block_mode(const karx_alg_info *ci, const karx_mode_info *mi)
{
    char mode[KARX_ALG_NAME_MAX];
    karx_cipher_alg alg = (karx_cipher_alg)ci->id;
    karx_mode m = (karx_mode)mi->id;
    if (m == KARX_MODE_CFB64)
        return 1;
    size_t iv = karx_mode_iv_bytes(alg, m);
    if (iv == 0 && m != KARX_MODE_ECB)
        return 1; /* the pair is not supported */
    int blocky = m == KARX_MODE_ECB || m == KARX_MODE_CBC;
    karx_pc_row r = {alg, m, 0, ci->key_bytes, iv, blocky ? ci->block_bytes : 1,
                     ci->block_bytes, evp_mode_of(m)};
    upper(mi->name, mode, sizeof mode);
    return add_row(&r, row_names(ci, mode, ci->block_bytes));
}

/* Every mode of the registry that runs on ci (karx_mode_get): the block modes and XTS here,
 * the AEADs in prov_aead.c. */
static int add_modes(const karx_alg_info *ci)
{
    karx_mode_info mi;
    for (size_t j = 0; karx_mode_get(j, &mi) == KARX_OK; j++) {
        size_t key_bytes = karx_mode_key_bytes(&mi, ci->id);
        if (key_bytes == 0 || mi.shape == KARX_SHAPE_AEAD)
            continue;
        if (mi.shape == KARX_SHAPE_BLOCK) {
            if (!add_block_mode(ci, &mi))
                return 0;
            continue;
        }
        karx_pc_row x = {(karx_cipher_alg)ci->id, (karx_mode)0, 1, key_bytes,
                         KARX_XTS_TWEAK_BYTES, 1, ci->block_bytes, EVP_CIPH_XTS_MODE};
        if (!add_row(&x, row_names(ci, mi.std_name, ci->block_bytes)))
            return 0;
    }
    return 1;
}

int karx_prov_block_ciphers_build(void)
{
    karx_alg_info ci;
    for (size_t i = 0; karx_alg_get(i, &ci) == KARX_OK; i++) {
        if (ci.kind != KARX_KIND_CIPHER)
            continue;
        if (karx_prov_cipher_in_openssl(ci.std_name))
            continue; /* OpenSSL's default provider has ARIA */
        if (!add_modes(&ci))
            return 0;
    }
    table[nrows] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
    return nrows > 0;
}

const OSSL_ALGORITHM *karx_prov_block_ciphers(void)
{
    return table;
}
