/* The karx OpenSSL 3 provider: what its parts share. The module (karx.so) is one provider
 * context per OpenSSL library context; each operation's algorithm table is built once, from the
 * registry, by its own file (prov_digest.c, prov_cipher.c, prov_aead.c, prov_mac.c, prov_kdf.c,
 * prov_rand.c) and handed to OpenSSL by prov_main.c. */
#ifndef KARX_PROV_H
#define KARX_PROV_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "karx/common.h"

/* One per loaded instance of the provider (OSSL_provider_init's provctx). */
typedef struct karx_prov_ctx {
    const OSSL_CORE_HANDLE *handle;
    OSSL_LIB_CTX *libctx; /* the library context that loaded us (core_get_libctx) */
} karx_prov_ctx;

/* Reason codes of the errors the provider raises (strings in prov_err.c); OpenSSL prints them
 * as "karx: <string>". */
enum {
    KARX_PROV_R_BAD_ARGUMENT = 1,
    KARX_PROV_R_KEY_LENGTH,
    KARX_PROV_R_IV_LENGTH,
    KARX_PROV_R_TAG_LENGTH,
    KARX_PROV_R_TAG_MISMATCH,
    KARX_PROV_R_DATA_LENGTH,
    KARX_PROV_R_OUTPUT_TOO_SMALL,
    KARX_PROV_R_NOT_INITIALIZED,
    KARX_PROV_R_BAD_PARAM,
    KARX_PROV_R_COUNTER_OVERFLOW,
    KARX_PROV_R_RESEED_REQUIRED,
    KARX_PROV_R_ENTROPY,
    KARX_PROV_R_UNSUPPORTED,
    KARX_PROV_R_SELFTEST,
    KARX_PROV_R_INTERNAL,
    KARX_PROV_R_BAD_DECRYPT
};

/* Raises an OpenSSL error attributed to this provider (printf-style detail; fmt may be NULL).
 * pc may be NULL (the error then goes out through libcrypto's ERR_raise_data). */
void karx_prov_err(const karx_prov_ctx *pc, int reason, const char *fmt, ...);
/* Raises the error that fits a karx status, with karx_strerror(st) and `what` as detail. */
void karx_prov_status_err(const karx_prov_ctx *pc, karx_status st, const char *what);
/* 1 when st is KARX_OK; otherwise raises it as karx_prov_status_err does and returns 0. */
int karx_prov_ok(const karx_prov_ctx *pc, karx_status st, const char *what);
/* The start of every update / final: 0 with an error raised when outl is NULL, else *outl = 0. */
int karx_prov_outl_start(const karx_prov_ctx *pc, size_t *outl);
/* 1 when out is NULL (nothing is written) or outsize >= need; else 0 with an error raised. */
int karx_prov_out_room(const karx_prov_ctx *pc, const unsigned char *out, size_t outsize,
                       size_t need);
/* The reason code for a karx status. */
int karx_prov_reason(karx_status st);
/* The reason strings (OSSL_FUNC_PROVIDER_GET_REASON_STRINGS). */
const OSSL_ITEM *karx_prov_reason_strings(void);

/* The error upcalls, taken from the core's dispatch table at init (prov_err.c). */
void karx_prov_err_init(const OSSL_DISPATCH *in);

/* "A:B:C" from up to n names, dropping empty ones and repeats (OpenSSL compares names without
 * case). The string lives until the module is unloaded (tables are built once). NULL on no
 * memory. */
const char *karx_prov_names(const char *const *names, size_t n);
/* 1 for a cipher OpenSSL's own providers already offer in its modes (ARIA, by its standard
 * name "ARIA-..."): karx does not register a second ARIA-128-CBC under the same names. */
int karx_prov_cipher_in_openssl(const char *std_name);
/* Frees every string karx_prov_names made (at module unload, prov_main.c). */
void karx_prov_names_free(void);
/* A registry name in the provider's spelling: the standard name with '/' made '-' (names in
 * OpenSSL may hold no '/'); into buf (KARX_PROV_NAME_MAX bytes). */
#define KARX_PROV_NAME_MAX 64
void karx_prov_std_spelling(const char *in, char *buf);

/* What every cipher row reports through OSSL_FUNC_CIPHER_GET_PARAMS (prov_cipher_params.c):
 * EVP caches these at fetch time. */
typedef struct karx_prov_cipher_shape {
    unsigned evp_mode; /* EVP_CIPH_*_MODE */
    size_t key_bytes, iv_bytes, block_bytes;
    int aead, custom_iv;
} karx_prov_cipher_shape;
int karx_prov_cipher_get_params(OSSL_PARAM params[], const karx_prov_cipher_shape *s);
const OSSL_PARAM *karx_prov_cipher_gettable_params(void *provctx);

/* ---- What every operation's context shares (prov_util.c) ----
 * The files of one operation call down into these and into prov_err.c, never back up into the
 * file that builds their table (scripts/check-cycles.py: no call circles). */
/* A zeroed context of size bytes, or NULL after raising "out of memory". */
void *karx_prov_ctx_new(const karx_prov_ctx *pc, size_t size);
/* A byte copy of src (what it points to is shared: the caller copies what it owns), or NULL after
 * raising "out of memory". */
void *karx_prov_ctx_dup(const karx_prov_ctx *pc, const void *src, size_t size);
/* Wipes size bytes of ctx (keys, schedules, state) and frees it; NULL: nothing. */
void karx_prov_ctx_free(void *ctx, size_t size);
/* Writes v into params' entry named key: 1 when there is none or it took the value. */
int karx_prov_put_size(OSSL_PARAM params[], const char *key, size_t v);
int karx_prov_put_uint(OSSL_PARAM params[], const char *key, unsigned v);
/* An octet parameter as OpenSSL's getters ask for it: a copy, or a pointer to v. */
int karx_prov_put_octets(OSSL_PARAM *p, const void *v, size_t n);
/* The gettable / settable params functions that answer one fixed list, whatever the context:
 *   static KARX_PROV_PARAM_LIST_FN(my_settable, settable_list) */
#define KARX_PROV_PARAM_LIST_FN(fn, list)                                                   \
    const OSSL_PARAM *fn(void *ctx, void *provctx)                                          \
    {                                                                                       \
        (void)ctx;                                                                          \
        (void)provctx;                                                                      \
        return list;                                                                        \
    }
/* A set parameter's value: 1, or 0 with "<key>: expected ..." raised when p does not convert. */
int karx_prov_get_int(const karx_prov_ctx *pc, const OSSL_PARAM *p, int *v);
int karx_prov_get_uint(const karx_prov_ctx *pc, const OSSL_PARAM *p, unsigned *v);
int karx_prov_get_uint64(const karx_prov_ctx *pc, const OSSL_PARAM *p, uint64_t *v);
int karx_prov_get_size(const karx_prov_ctx *pc, const OSSL_PARAM *p, size_t *v);
/* 1 when the buffers overlap in a way karx cannot take: karx allows out == in, and OpenSSL's
 * in-place streaming of ECB/CBC passes out = in - lag (lag: the bytes karx holds, whose output
 * comes first), where karx's writes trail its reads. */
int karx_prov_bad_overlap(const unsigned char *out, const unsigned char *in, size_t n, size_t lag);

/* Each table: built once (first provider init, under pthread_once in prov_main.c) from the
 * registry; returns 1 on success. The getters return the NULL-terminated array. */
int karx_prov_digests_build(void);
const OSSL_ALGORITHM *karx_prov_digests(void);
int karx_prov_block_ciphers_build(void);    /* prov_cipher.c: ECB CBC CTR CFB CFB8 OFB XTS */
const OSSL_ALGORITHM *karx_prov_block_ciphers(void);
int karx_prov_aead_ciphers_build(void);     /* prov_aead.c: GCM CCM */
const OSSL_ALGORITHM *karx_prov_aead_ciphers(void);
int karx_prov_macs_build(void);
const OSSL_ALGORITHM *karx_prov_macs(void);
int karx_prov_kdfs_build(void);
const OSSL_ALGORITHM *karx_prov_kdfs(void);
int karx_prov_rands_build(void);
const OSSL_ALGORITHM *karx_prov_rands(void);

/* Per-algorithm entry points. OpenSSL's newctx gets only the provider context, so a table
 * built at run time needs one function per row: KARX_PROV_REPEAT(X) expands X(0) .. X(95).
 * KARX_PROV_ROW_THUNKS(op) makes the two arrays a table of operation op (cipher, digest) hands
 * to OpenSSL, newctx_of[i] and get_params_of[i], calling the file's own
 * ROW_NEWCTX(provctx, i) and ROW_GET_PARAMS(params, i) (macros defined before it), e.g.
 *   #define ROW_NEWCTX(pc, i) md_newctx(pc, i)
 *   #define ROW_GET_PARAMS(p, i) md_get_params(p, i)
 *   KARX_PROV_ROW_THUNKS(digest) */
#define KARX_PROV_MAX_ROWS 96
#define KARX_PROV_R8(X, b) X(b##0) X(b##1) X(b##2) X(b##3) X(b##4) X(b##5) X(b##6) X(b##7)
#define KARX_PROV_REPEAT(X)                                                                  \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) KARX_PROV_R10(X, 1) KARX_PROV_R10(X, 2)  \
    KARX_PROV_R10(X, 3) KARX_PROV_R10(X, 4) KARX_PROV_R10(X, 5) KARX_PROV_R10(X, 6)            \
    KARX_PROV_R10(X, 7) KARX_PROV_R10(X, 8) KARX_PROV_R6(X, 9)
#define KARX_PROV_R10(X, t) KARX_PROV_R8(X, t) X(t##8) X(t##9)
#define KARX_PROV_R6(X, t) X(t##0) X(t##1) X(t##2) X(t##3) X(t##4) X(t##5)

#define KARX_PROV_ROW_THUNK(i)                                                               \
    static void *karx_row_newctx_##i(void *pc) { return ROW_NEWCTX(pc, i); }                  \
    static int karx_row_get_params_##i(OSSL_PARAM p[]) { return ROW_GET_PARAMS(p, i); }
#define KARX_PROV_ROW_NEWCTX_PTR(i) karx_row_newctx_##i,
#define KARX_PROV_ROW_GETP_PTR(i) karx_row_get_params_##i,
#define KARX_PROV_ROW_THUNKS(op)                                                             \
    KARX_PROV_REPEAT(KARX_PROV_ROW_THUNK)                                                    \
    static OSSL_FUNC_##op##_newctx_fn *const newctx_of[] = {                                 \
        KARX_PROV_REPEAT(KARX_PROV_ROW_NEWCTX_PTR)};                                         \
    static OSSL_FUNC_##op##_get_params_fn *const get_params_of[] = {                         \
        KARX_PROV_REPEAT(KARX_PROV_ROW_GETP_PTR)};

#endif
