/* One EVP_MAC context of the provider: HMAC-LSH, CMAC or GMAC over karx, with the primitive
 * either fixed by the table row ("HMAC-LSH-512-512") or chosen by a param ("HMAC" + digest). */
#ifndef KARX_PROV_MAC_CTX_H
#define KARX_PROV_MAC_CTX_H

#include <openssl/core_dispatch.h>
#include <openssl/types.h>

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
    EVP_MAC_CTX *fwd; /* set: a primitive karx lacks, served by another provider's MAC */
    union {
        karx_hmac_lsh_ctx hmac;
        karx_cmac_ctx cmac;
        karx_gmac_ctx gmac;
    } u;
} karx_mac_ctx;

/* prim 0 with fixed 0: a generic row ("HMAC"). */
karx_mac_ctx *karx_mac_new(const karx_prov_ctx *pc, int family, int prim);

/* "HMAC", "CMAC" or "GMAC". (Inline, as karx_mac_stop: prov_mac_ctx.c calls the forwarding
 * code in prov_mac_fwd.c, which uses these two; neither file calls the other back.) */
static inline const char *karx_mac_family_name(int family)
{
    return family == KARX_MAC_HMAC ? "HMAC" : family == KARX_MAC_CMAC ? "CMAC" : "GMAC";
}
/* Forgets (wipes) the keyed karx state: data must wait for the next init. */
static inline void karx_mac_stop(karx_mac_ctx *m)
{
    karx_memzero(&m->u, sizeof m->u);
    m->running = 0;
}

/* prov_mac_fwd.c. The params of a set_ctx_params (or init) call, seen first by the forwarding
 * code: -1 after an error; 1 when they went to the other provider's MAC (the primitive param
 * names one karx lacks, now or before); 0 when karx's own code takes them (a karx primitive
 * name drops the forwarding). */
int karx_mac_fwd_params(karx_mac_ctx *m, const OSSL_PARAM params[]);
/* The forwarded get_ctx_params (the size always answered: EVP checks the tag against it). */
int karx_mac_fwd_get(karx_mac_ctx *m, OSSL_PARAM params[]);
/* The forwarded init: the key kept (for a later switch back to karx) and passed on. */
int karx_mac_fwd_init(karx_mac_ctx *m, const unsigned char *key, size_t keylen);

/* The operations every row shares, ending in {0, NULL}; each row adds its newctx and its
 * family's settable-params function. */
extern const OSSL_DISPATCH karx_mac_functions[];
OSSL_FUNC_mac_settable_ctx_params_fn *karx_mac_settable_of(int family);

#endif
