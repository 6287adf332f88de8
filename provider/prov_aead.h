/* The AEAD ciphers of the provider: one generic layer (prov_aead.c: the table, one row per
 * cipher and mode, and every OSSL cipher entry point) over one mode table per AEAD mode
 * (prov_aead_gcm.c, prov_aead_ccm.c). A mode file fills a karx_aead_mode with its context's
 * operations and never calls back into prov_aead.c: what both modes share (init order, key
 * length, the TLS refusals, the params plumbing) is done once by the generic layer. */
#ifndef KARX_PROV_AEAD_H
#define KARX_PROV_AEAD_H

#include <openssl/core_dispatch.h>

#include "karx/cipher.h"
#include "prov.h"

typedef struct karx_aead_mode karx_aead_mode;

/* One algorithm of the table: a 128-bit-block cipher in one AEAD mode. */
typedef struct karx_aead_row {
    karx_cipher_alg alg;
    size_t key_bytes;
    const karx_aead_mode *mode;
} karx_aead_row;

/* The head of every mode's context (its first member): what the generic layer reads. */
typedef struct karx_aead_base {
    const karx_aead_mode *mode;
    karx_prov_ctx *pc;
    const karx_aead_row *row;
    int enc;     /* the last init's direction */
    int key_set; /* the mode's key is scheduled */
    int tag_ready; /* encryption: the message's tag is in the mode's context (the mode sets it) */
} karx_aead_base;

/* OpenSSL's defaults, which karx keeps (an application written for AES-GCM / AES-CCM works). */
#define KARX_AEAD_GCM_IV_DEFAULT 12
#define KARX_AEAD_GCM_IV_MAX 128 /* OpenSSL's own cap for AES-GCM IVs (1024 bits) */
#define KARX_AEAD_CCM_NONCE_DEFAULT 7
#define KARX_AEAD_CCM_TAG_DEFAULT 12

/* One AEAD mode. Every function gets the mode's context (a karx_aead_base first); those that
 * return int return 1 on success, else 0 with an error raised. */
struct karx_aead_mode {
    const char *name;   /* "GCM": the algorithm names' suffix */
    unsigned evp_mode;  /* EVP_CIPH_GCM_MODE, ... */
    size_t iv_default;  /* the IV length EVP reads from the algorithm */
    size_t ctx_size;    /* the mode's context */
    /* A new context's defaults (the base is set, the rest zero). */
    void (*defaults)(void *ctx);
    /* Frees what the context owns beyond itself (NULL: nothing); the context is wiped after. */
    void (*cleanup)(void *ctx);
    /* After a byte copy of src into dst: dst's own copies of what src owns (NULL: nothing). */
    int (*dup_owned)(void *dst, const void *src);
    /* Each init, in this order: set_iv (iv may be NULL), the key length checked against the row,
     * set_key when a key is given (its status raised with key_what as the detail), then the
     * params (as set_ctx_params). */
    int (*set_iv)(void *ctx, const unsigned char *iv, size_t ivlen);
    karx_status (*set_key)(void *ctx, const unsigned char *key, size_t keylen);
    const char *key_what; /* "GCM key" */
    /* The data path, as OSSL_FUNC_cipher_update / final / cipher (put in the dispatch as is). */
    OSSL_FUNC_cipher_update_fn *update;
    OSSL_FUNC_cipher_final_fn *final;
    OSSL_FUNC_cipher_cipher_fn *cipher;
    /* OSSL_CIPHER_PARAM_AEAD_TAG and _AEAD_IVLEN set; the tag got (asked only when tag_ready). */
    int (*set_tag)(void *ctx, const OSSL_PARAM *p);
    int (*set_ivlen)(void *ctx, const OSSL_PARAM *p);
    int (*get_tag)(void *ctx, OSSL_PARAM *p);
    /* The lengths reported, and the IV (NULL when none is set; its length is ivlen). */
    size_t (*ivlen)(const void *ctx);
    size_t (*taglen)(const void *ctx);
    const unsigned char *(*iv)(const void *ctx);
    const char *no_iv; /* the error detail when the IV is asked for and none is set */
};

extern const karx_aead_mode karx_aead_gcm_mode; /* prov_aead_gcm.c */
extern const karx_aead_mode karx_aead_ccm_mode; /* prov_aead_ccm.c */

#endif
