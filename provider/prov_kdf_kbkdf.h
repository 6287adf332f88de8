/* The KBKDF context (prov_kdf_kbkdf.c) and its forwarding (prov_kdf_kbkdf_fwd.c). */
#ifndef KARX_PROV_KDF_KBKDF_H
#define KARX_PROV_KDF_KBKDF_H

#include <openssl/types.h>

#include "prov_kdf_local.h"

typedef struct kbkdf_ctx {
    const karx_prov_ctx *pc;
    int mode, mac, lsh, cipher; /* mac: KARX_MAC_HMAC / _CMAC, 0 unset */
    int r, l_bytes;
    karx_prov_buf key, label, context, iv;
    EVP_KDF_CTX *fwd; /* set: a primitive karx lacks, served by another provider's KBKDF */
} kbkdf_ctx;

/* The params of a set_ctx_params (or derive) call, seen first by the forwarding code: -1 after
 * an error; 1 when they went to another provider's KBKDF (a mac, or the digest / cipher that mac
 * uses, names something karx lacks, now or before: the context forwards until reset); 0 when
 * karx's own code takes them. */
int karx_kbkdf_fwd_params(kbkdf_ctx *k, const OSSL_PARAM params[]);

#endif
