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

/* The getters' shared failure: the param is there but not of a type that converts. */
static int bad_type(const karx_prov_ctx *pc, const OSSL_PARAM *p, const char *want)
{
    karx_prov_err(pc, KARX_PROV_R_BAD_PARAM, "%s: expected %s", p->key, want);
    return 0;
}

int karx_prov_get_int(const karx_prov_ctx *pc, const OSSL_PARAM *p, int *v)
{
    return OSSL_PARAM_get_int(p, v) || bad_type(pc, p, "an integer");
}

int karx_prov_get_uint(const karx_prov_ctx *pc, const OSSL_PARAM *p, unsigned *v)
{
    return OSSL_PARAM_get_uint(p, v) || bad_type(pc, p, "an unsigned integer");
}

int karx_prov_get_uint64(const karx_prov_ctx *pc, const OSSL_PARAM *p, uint64_t *v)
{
    return OSSL_PARAM_get_uint64(p, v) || bad_type(pc, p, "an unsigned integer");
}

int karx_prov_get_size(const karx_prov_ctx *pc, const OSSL_PARAM *p, size_t *v)
{
    return OSSL_PARAM_get_size_t(p, v) || bad_type(pc, p, "a size");
}
