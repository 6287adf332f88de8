/* The context and parameter plumbing every operation of the provider shares (prov.h): new,
 * copy and wiping free of a context, and writing the common kinds of get parameters. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/params.h>

#include "prov.h"

void *karx_prov_ctx_new(const karx_prov_ctx *pc, size_t size)
{
    void *c = calloc(1, size);
    if (c == NULL)
        karx_prov_err(pc, KARX_PROV_R_INTERNAL, "out of memory");
    return c;
}

void *karx_prov_ctx_dup(const karx_prov_ctx *pc, const void *src, size_t size)
{
    void *c = malloc(size);
    if (c == NULL) {
        karx_prov_err(pc, KARX_PROV_R_INTERNAL, "out of memory");
        return NULL;
    }
    memcpy(c, src, size);
    return c;
}

void karx_prov_ctx_free(void *ctx, size_t size)
{
    if (ctx == NULL)
        return;
    karx_memzero(ctx, size);
    free(ctx);
}

int karx_prov_put_size(OSSL_PARAM params[], const char *key, size_t v)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    return p == NULL || OSSL_PARAM_set_size_t(p, v);
}

int karx_prov_put_uint(OSSL_PARAM params[], const char *key, unsigned v)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    return p == NULL || OSSL_PARAM_set_uint(p, v);
}

int karx_prov_put_octets(OSSL_PARAM *p, const void *v, size_t n)
{
    if (p->data_type == OSSL_PARAM_OCTET_PTR)
        return OSSL_PARAM_set_octet_ptr(p, v, n);
    return OSSL_PARAM_set_octet_string(p, v, n);
}

int karx_prov_bad_overlap(const unsigned char *out, const unsigned char *in, size_t n, size_t lag)
{
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;
    if (n == 0 || o == i || (lag != 0 && o + lag == i))
        return 0;
    return o < i ? i - o < n + lag : o - i < n;
}
