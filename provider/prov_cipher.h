/* The block-mode ciphers (ECB CBC CTR CFB CFB8 OFB XTS) of the provider: what the table
 * (prov_cipher.c), the context (prov_cipher_ctx.c) and the data paths (prov_cipher_ops.c for the
 * modes of cipher.h, prov_cipher_xts.c for XTS) share. */
#ifndef KARX_PROV_CIPHER_H
#define KARX_PROV_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "karx/cipher.h"
#include "karx/xts.h"
#include "prov.h"

/* One row of the table: a cipher in a mode. */
typedef struct karx_pc_row {
    karx_cipher_alg alg;
    karx_mode mode;     /* unused for XTS */
    int xts;            /* 1: XTS (xts.h), else a mode of cipher.h */
    size_t key_bytes;   /* what EVP sees: twice the cipher key for XTS */
    size_t iv_bytes;    /* 0 for ECB, the tweak (16) for XTS, else one block */
    size_t block_bytes; /* what EVP sees: the cipher block for ECB/CBC, 1 otherwise */
    size_t cipher_block;
    unsigned evp_mode; /* EVP_CIPH_*_MODE */
} karx_pc_row;


/* The context behind one EVP_CIPHER_CTX. The raw key is kept (wiped on free) so that a change
 * of padding or IV before any data can restart the karx stream. */
typedef struct karx_pc_ctx {
    const karx_prov_ctx *pc;
    const karx_pc_row *row;
    int encrypt, padding; /* padding: 1 PKCS#7 (the OpenSSL default), 0 none */
    int have_key, have_iv;
    int live;  /* the karx state below is set up and usable */
    int fresh; /* live and no data through it yet */
    int via;   /* what moved data since init: 0 nothing, 1 update/final, 2 EVP_Cipher */
    int xts_scheduled; /* u.x holds key's schedule: a new tweak alone needs no key setup */
    uint8_t key[2 * KARX_MAX_KEY_BYTES];
    uint8_t iv[KARX_MAX_BLOCK_BYTES];
    uint8_t last_iv[KARX_MAX_BLOCK_BYTES]; /* the chain value kept over final's wipe */
    union {
        karx_cipher_ctx c; /* the modes of cipher.h */
        karx_xts_key x;    /* XTS: one data unit per update under iv */
    } u;
} karx_pc_ctx;

/* Sets up (or restarts) the karx state from key, iv and padding; 1 on success, else raises. */
int karx_pc_restart(karx_pc_ctx *c, int padding);

/* Data paths, per row kind (OSSL_FUNC_cipher_update / final / cipher signatures). */
int karx_pc_block_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                         const unsigned char *in, size_t inl);
int karx_pc_block_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize);
int karx_pc_block_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                         const unsigned char *in, size_t inl);
int karx_pc_xts_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl);
int karx_pc_xts_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize);
int karx_pc_xts_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl);

/* Context functions (prov_cipher_ctx.c). The table (prov_cipher.c) calls these, the data paths
 * call karx_pc_restart; the context calls neither back. */
void *karx_pc_newctx(void *provctx, const karx_pc_row *row);
void karx_pc_freectx(void *vctx);
void *karx_pc_dupctx(void *vctx);
int karx_pc_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                  size_t ivlen, const OSSL_PARAM params[]);
int karx_pc_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                  size_t ivlen, const OSSL_PARAM params[]);
int karx_pc_get_ctx_params(void *vctx, OSSL_PARAM params[]);
int karx_pc_set_ctx_params(void *vctx, const OSSL_PARAM params[]);
const OSSL_PARAM *karx_pc_gettable_ctx_params(void *cctx, void *provctx);
const OSSL_PARAM *karx_pc_settable_ctx_params(void *cctx, void *provctx);

#endif
