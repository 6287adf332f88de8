/* Forwarding what karx does not implement. OpenSSL 3.0 gives a fetch without a property query
 * the provider activated first, so karx's generic HMAC, CMAC, GMAC, PBKDF2 and KBKDF may be
 * asked for SHA-256 or AES: then they fetch the same-named algorithm from another provider of
 * the same library context (property query "provider!=karx", plus the caller's "properties"
 * param) and pass every call through to it. */
#ifndef KARX_PROV_FORWARD_H
#define KARX_PROV_FORWARD_H

#include <openssl/core.h>
#include <openssl/types.h>

#include "prov.h"

/* A context of another provider's MAC / KDF `alg`, fetched with "provider!=karx" combined with
 * params' "properties" (if any). NULL after raising a karx error that names `what` (the
 * primitive that made karx forward, e.g. "digest \"SHA256\""). */
EVP_MAC_CTX *karx_fwd_mac_new(const karx_prov_ctx *pc, const char *alg, const OSSL_PARAM params[],
                              const char *what);
EVP_KDF_CTX *karx_fwd_kdf_new(const karx_prov_ctx *pc, const char *alg, const OSSL_PARAM params[],
                              const char *what);

/* Raises the karx error for an inner context that refused `what` (its provider's name said). */
void karx_fwd_refused(const karx_prov_ctx *pc, const char *alg, const OSSL_PROVIDER *prov,
                      const char *what);

/* "name \"value\"" of a UTF-8 param into buf, for the errors above. */
void karx_fwd_what(const OSSL_PARAM *p, char *buf, size_t cap);

/* A fresh inner KDF alg (as karx_fwd_kdf_new) primed with karx's state so far: `before`, the
 * caller's params, then `after` (what must follow the MAC's digest / cipher, e.g. KBKDF's key,
 * which OpenSSL's KBKDF keys its MAC with at once). Every key of before and after must be one the
 * inner KDF takes, else a karx error. NULL after an error naming `what` (nothing is kept). */
EVP_KDF_CTX *karx_fwd_kdf_start(const karx_prov_ctx *pc, const char *alg, const OSSL_PARAM before[],
                                const OSSL_PARAM params[], const OSSL_PARAM after[],
                                const char *what);

/* EVP_KDF_CTX_dup of an inner context, raising a karx error when its KDF cannot copy. */
EVP_KDF_CTX *karx_fwd_kdf_dup(const karx_prov_ctx *pc, EVP_KDF_CTX *src);

#endif
