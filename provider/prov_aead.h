/* What the AEAD files share: prov_aead.c builds the table (one row per cipher and mode) and
 * the per-row entry points; prov_aead_gcm.c and prov_aead_ccm.c hold each mode's context. */
#ifndef KARX_PROV_AEAD_H
#define KARX_PROV_AEAD_H

#include <openssl/core_dispatch.h>

#include "karx/cipher.h"
#include "prov.h"

/* One algorithm of the table: a 128-bit-block cipher in GCM or CCM. */
typedef struct karx_aead_row {
    karx_cipher_alg alg;
    size_t key_bytes;
    int ccm; /* 0: GCM, 1: CCM */
} karx_aead_row;

/* OpenSSL's defaults, which karx keeps (an application written for AES-GCM / AES-CCM works). */
#define KARX_AEAD_GCM_IV_DEFAULT 12
#define KARX_AEAD_GCM_IV_MAX 128 /* OpenSSL's own cap for AES-GCM IVs (1024 bits) */
#define KARX_AEAD_CCM_NONCE_DEFAULT 7
#define KARX_AEAD_CCM_TAG_DEFAULT 12

/* Each mode's newctx, and its dispatch functions other than newctx / get_params /
 * gettable_params (which prov_aead.c adds per row); both lists end with {0, NULL}. */
void *karx_aead_gcm_newctx(karx_prov_ctx *pc, const karx_aead_row *row);
void *karx_aead_ccm_newctx(karx_prov_ctx *pc, const karx_aead_row *row);
extern const OSSL_DISPATCH karx_aead_gcm_functions[];
extern const OSSL_DISPATCH karx_aead_ccm_functions[];

/* Helpers both modes use. */
/* 1 if the TLS-record parameters (not supported) are in params, after raising an error: karx
 * refuses the whole TLS IV set (IV_FIXED, IV_GEN, SET_IV_INV, TLS1_AAD) consistently. */
int karx_aead_refuse_tls(const karx_prov_ctx *pc, const OSSL_PARAM params[]);
/* The same for a get: 1 (after raising an error) if params asks for the generated TLS IV
 * (EVP_CTRL_GCM_IV_GEN) or the TLS AAD padding. */
int karx_aead_refuse_tls_get(const karx_prov_ctx *pc, const OSSL_PARAM params[]);
/* Sets OSSL_CIPHER_PARAM_KEYLEN: only the cipher's own length is accepted. */
int karx_aead_check_keylen(const karx_prov_ctx *pc, const OSSL_PARAM *p, size_t key_bytes);
/* The context params both modes get and set (the same lists: OpenSSL's AEAD ones). */
const OSSL_PARAM *karx_aead_gettable_ctx_params(void *cctx, void *provctx);
const OSSL_PARAM *karx_aead_settable_ctx_params(void *cctx, void *provctx);
/* Writes an IV into an octet-string (or octet-pointer) param. */
int karx_aead_put_iv(const karx_prov_ctx *pc, OSSL_PARAM *p, const unsigned char *iv, size_t len);

#endif
