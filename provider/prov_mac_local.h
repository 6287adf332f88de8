/* What the MAC (prov_mac*.c) and KDF (prov_kdf*.c) parts of the provider share: turning the
 * digest and cipher names OpenSSL callers pass into karx ids, and secret byte buffers held by a
 * context. */
#ifndef KARX_PROV_MAC_LOCAL_H
#define KARX_PROV_MAC_LOCAL_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>

#include "prov.h"

/* The karx_lsh_alg an OSSL digest name stands for ("LSH-512-512", "LSH512-512",
 * "lsh512-512", any case), or 0 after raising an error naming it (a digest that is not LSH:
 * karx's HMAC is over LSH only). */
int karx_prov_lsh_param(const karx_prov_ctx *pc, const char *name);

/* The karx_cipher_alg an OSSL cipher name stands for: the cipher's own name ("LEA-128",
 * "CHAM128-128", "HIGHT") or that name with OpenSSL's mode suffix (mode_suffix, e.g. "-CBC" for
 * CMAC, "-GCM" for GMAC). 0 after raising an error naming it. */
int karx_prov_cipher_param(const karx_prov_ctx *pc, const char *name, const char *mode_suffix);

/* The same lookups without an error: 0 when karx does not have the primitive (the generic
 * algorithms then forward it: prov_forward.h). */
int karx_prov_lsh_id(const char *name);
int karx_prov_cipher_id(const char *name, const char *mode_suffix);
/* 1 when name is a karx cipher, with or without any mode suffix ("LEA-128-ECB"): karx's own
 * code then refuses a wrong mode rather than forwarding (OpenSSL 3.0's CMAC would run over an
 * ECB cipher and give a wrong tag). */
int karx_prov_cipher_ours(const char *name, const char *mode_suffix);

/* Reads a UTF-8 string param into buf (cap bytes); 0 after raising an error. */
int karx_prov_get_name(const karx_prov_ctx *pc, const OSSL_PARAM *p, char *buf, size_t cap);

/* A secret byte string owned by a context: set (replacing and wiping the old), copy, wipe. */
typedef struct karx_prov_buf {
    uint8_t *data; /* NULL when unset; a set empty string is a 1-byte allocation */
    size_t len;
} karx_prov_buf;

int karx_prov_buf_set(const karx_prov_ctx *pc, karx_prov_buf *b, const void *data, size_t len);
int karx_prov_buf_param(const karx_prov_ctx *pc, karx_prov_buf *b, const OSSL_PARAM *p);
int karx_prov_buf_dup(karx_prov_buf *dst, const karx_prov_buf *src);
void karx_prov_buf_wipe(karx_prov_buf *b);

#endif
