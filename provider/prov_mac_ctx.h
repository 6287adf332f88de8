/* One EVP_MAC context of the provider: HMAC-LSH, CMAC or GMAC over karx, with the primitive
 * either fixed by the table row ("HMAC-LSH-512-512") or chosen by a param ("HMAC" + digest). */
#ifndef KARX_PROV_MAC_CTX_H
#define KARX_PROV_MAC_CTX_H

#include <openssl/core_dispatch.h>

#include "karx/cmac.h"
#include "karx/gmac.h"
#include "karx/hmac.h"
#include "karx/registry.h"
#include "prov_mac_local.h"

typedef struct karx_mac_ctx {
    const karx_prov_ctx *pc;
    int family;      /* KARX_MAC_HMAC, KARX_MAC_CMAC or KARX_MAC_GMAC */
    int prim;        /* karx_lsh_alg (HMAC) or karx_cipher_alg; 0 until chosen */
    int fixed;       /* the row named the primitive: a param may not change it */
    int running;     /* the karx context below is keyed and takes data */
    karx_prov_buf key;
    karx_prov_buf iv; /* GMAC only */
    union {
        karx_hmac_lsh_ctx hmac;
        karx_cmac_ctx cmac;
        karx_gmac_ctx gmac;
    } u;
} karx_mac_ctx;

/* prim 0 with fixed 0: a generic row ("HMAC"). */
karx_mac_ctx *karx_mac_new(const karx_prov_ctx *pc, int family, int prim);

/* The operations every row shares, ending in {0, NULL}; each row adds its newctx and its
 * family's settable-params function. */
extern const OSSL_DISPATCH karx_mac_functions[];
OSSL_FUNC_mac_settable_ctx_params_fn *karx_mac_settable_of(int family);

#endif
