/* The provider's digests: one EVP_MD per LSH variant of the registry (KARX_KIND_HASH rows),
 * each a streaming karx_lsh_ctx. Names per row: the standard name ("LSH-512-512"), the same
 * without its first dash ("LSH512-512") and the CLI's short name ("lsh512-512"; OpenSSL
 * compares names without case, so it folds into the previous one). No OID: no registered
 * object identifier for LSH was found (docs/OPENSSL.md, Digests). */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "karx/karx.h"
#include "prov.h"

typedef struct md_row {
    karx_lsh_alg alg;
    size_t size;  /* digest bytes */
    size_t block; /* 128 for LSH-256, 256 for LSH-512 */
} md_row;

/* One digest operation. `live` is 1 between init and final: update or final outside that
 * window is refused (karx wipes the context at final). */
typedef struct md_ctx {
    karx_lsh_ctx lsh;
    const md_row *row;
    const karx_prov_ctx *pc;
    int live;
} md_ctx;

static md_row rows[KARX_PROV_MAX_ROWS];
static size_t nrows;

static void *md_newctx(void *provctx, size_t i)
{
    md_ctx *c = calloc(1, sizeof *c);
    if (c == NULL) {
        karx_prov_err(provctx, KARX_PROV_R_INTERNAL, "out of memory");
        return NULL;
    }
    c->row = &rows[i];
    c->pc = provctx;
    return c;
}

static void md_freectx(void *vctx)
{
    md_ctx *c = vctx;
    if (c == NULL)
        return;
    karx_memzero(c, sizeof *c); /* the hash state is derived from the (maybe secret) input */
    free(c);
}

static void *md_dupctx(void *vctx)
{
    const md_ctx *c = vctx;
    if (c == NULL)
        return NULL;
    md_ctx *d = malloc(sizeof *d);
    if (d == NULL) {
        karx_prov_err(c->pc, KARX_PROV_R_INTERNAL, "out of memory");
        return NULL;
    }
    *d = *c; /* karx_lsh_ctx is plain data: a copy forks the hash */
    return d;
}

/* A digest takes no parameters; the XOF length is the one a caller may try to set (through
 * EVP_DigestFinalXOF): say no, rather than let OpenSSL 3.0 fail without a reason. */
static int md_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    const md_ctx *c = vctx;
    if (params != NULL && OSSL_PARAM_locate_const(params, OSSL_DIGEST_PARAM_XOFLEN) != NULL) {
        karx_prov_err(c ? c->pc : NULL, KARX_PROV_R_UNSUPPORTED, "LSH is not an XOF");
        return 0;
    }
    return 1;
}

static const OSSL_PARAM *md_settable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM none[] = {OSSL_PARAM_END};
    (void)vctx;
    (void)provctx;
    return none;
}

static int md_init(void *vctx, const OSSL_PARAM params[])
{
    md_ctx *c = vctx;
    if (c == NULL) {
        karx_prov_err(NULL, KARX_PROV_R_BAD_ARGUMENT, "no digest context");
        return 0;
    }
    c->live = 0;
    karx_status st = karx_lsh_init(&c->lsh, c->row->alg);
    if (!karx_prov_ok(c->pc, st, "LSH init"))
        return 0;
    if (!md_set_ctx_params(c, params))
        return 0;
    c->live = 1;
    return 1;
}

static int md_update(void *vctx, const unsigned char *in, size_t inl)
{
    md_ctx *c = vctx;
    if (c == NULL || !c->live) {
        karx_prov_err(c ? c->pc : NULL, KARX_PROV_R_NOT_INITIALIZED, "digest update before init");
        return 0;
    }
    if (inl == 0)
        return 1;
    if (in == NULL) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT, "NULL input of %zu bytes", inl);
        return 0;
    }
    karx_status st = karx_lsh_update(&c->lsh, in, inl);
    return karx_prov_ok(c->pc, st, "LSH update");
}

static int md_final(void *vctx, unsigned char *out, size_t *outl, size_t outsz)
{
    md_ctx *c = vctx;
    if (c == NULL || !c->live) {
        karx_prov_err(c ? c->pc : NULL, KARX_PROV_R_NOT_INITIALIZED, "digest final before init");
        return 0;
    }
    if (out == NULL || outl == NULL) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT, "NULL output");
        return 0;
    }
    if (outsz < c->row->size) {
        karx_prov_err(c->pc, KARX_PROV_R_OUTPUT_TOO_SMALL, "digest is %zu bytes, room for %zu",
                      c->row->size, outsz);
        return 0;
    }
    karx_status st = karx_lsh_final(&c->lsh, out, outsz);
    c->live = 0;
    if (!karx_prov_ok(c->pc, st, "LSH final"))
        return 0;
    *outl = c->row->size;
    return 1;
}

static int md_get_params(OSSL_PARAM params[], size_t i)
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, rows[i].block))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, rows[i].size))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) != NULL && !OSSL_PARAM_set_int(p, 0))
        return 0;
    return 1;
}

static const OSSL_PARAM *md_gettable_params(void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
        OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL), OSSL_PARAM_END};
    (void)provctx;
    return list;
}

/* newctx and get_params carry no per-algorithm argument: one thunk per row (prov.h). */
#define ROW_NEWCTX(pc, i) md_newctx(pc, i)
#define ROW_GET_PARAMS(p, i) md_get_params(p, i)
KARX_PROV_ROW_THUNKS(digest)

#define FN(f) ((void (*)(void))(f))
#define MD_NFUNCS 11 /* the dispatch entries below, with the terminator */
static OSSL_DISPATCH dispatch[KARX_PROV_MAX_ROWS][MD_NFUNCS];
static OSSL_ALGORITHM table[KARX_PROV_MAX_ROWS + 1];

static void fill_dispatch(OSSL_DISPATCH *d, size_t i)
{
    const OSSL_DISPATCH fns[MD_NFUNCS] = {
        {OSSL_FUNC_DIGEST_NEWCTX, FN(newctx_of[i])},
        {OSSL_FUNC_DIGEST_FREECTX, FN(md_freectx)},
        {OSSL_FUNC_DIGEST_DUPCTX, FN(md_dupctx)},
        {OSSL_FUNC_DIGEST_INIT, FN(md_init)},
        {OSSL_FUNC_DIGEST_UPDATE, FN(md_update)},
        {OSSL_FUNC_DIGEST_FINAL, FN(md_final)},
        {OSSL_FUNC_DIGEST_GET_PARAMS, FN(get_params_of[i])},
        {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, FN(md_gettable_params)},
        {OSSL_FUNC_DIGEST_SET_CTX_PARAMS, FN(md_set_ctx_params)},
        {OSSL_FUNC_DIGEST_SETTABLE_CTX_PARAMS, FN(md_settable_ctx_params)},
        {0, NULL}};
    memcpy(d, fns, sizeof fns);
}

/* "LSH-512-512:LSH512-512" (+ the CLI name when it differs by more than case). */
static const char *row_names(const karx_alg_info *h)
{
    char std[KARX_PROV_NAME_MAX], nodash[KARX_PROV_NAME_MAX];
    karx_prov_std_spelling(h->std_name, std);
    strcpy(nodash, std);
    char *dash = strchr(nodash, '-');
    if (dash != NULL)
        memmove(dash, dash + 1, strlen(dash + 1) + 1);
    const char *names[] = {std, nodash, h->name};
    return karx_prov_names(names, 3);
}

static int add_row(const karx_alg_info *h)
{
    if (nrows == KARX_PROV_MAX_ROWS || h->output_bytes == 0 ||
        h->output_bytes > KARX_LSH_MAX_DIGEST_BYTES ||
        karx_lsh_digest_bytes((karx_lsh_alg)h->id) != h->output_bytes)
        return 0;
    const char *names = row_names(h);
    if (names == NULL)
        return 0;
    rows[nrows] = (md_row){(karx_lsh_alg)h->id, h->output_bytes, h->block_bytes};
    fill_dispatch(dispatch[nrows], nrows);
    table[nrows] = (OSSL_ALGORITHM){names, "provider=karx", dispatch[nrows],
                                    "LSH hash (KS X 3262), karx"};
    nrows++;
    return 1;
}

int karx_prov_digests_build(void)
{
    karx_alg_info h;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        if (karx_alg_get(i, &h) != KARX_OK)
            return 0;
        if (h.kind == KARX_KIND_HASH && !add_row(&h))
            return 0;
    }
    table[nrows] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
    return nrows > 0;
}

const OSSL_ALGORITHM *karx_prov_digests(void)
{
    return table;
}
