/* EVP_KDF "PBKDF2" over karx's HMAC-LSH (karx_pbkdf2_hmac_lsh); a digest karx does not have
 * (SHA-256, ...) makes the context forward to another provider's PBKDF2 until reset
 * (prov_forward.h). Params as OpenSSL's PBKDF2:
 * digest (an LSH name; there is no default: OpenSSL's is SHA-1, which karx does not have), pass,
 * salt, iter (default 2048, as OpenSSL's) and pkcs5. Like OpenSSL's default provider, the
 * SP 800-132 lower bounds (key >= 112 bits, salt >= 16 bytes, iter >= 1000) are off unless the
 * caller sets pkcs5 = 0 (OpenSSL's spelling: pkcs5 = 1 means "plain PKCS#5, no checks"). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "karx/hmac.h"
#include "prov_forward.h"
#include "prov_kdf_local.h"

#define DEFAULT_ITER 2048 /* OpenSSL's PKCS5_DEFAULT_ITER */
#define MIN_KEY_BYTES 14  /* 112 bits */
#define MIN_SALT_BYTES 16
#define MIN_ITER 1000

typedef struct pbkdf2_ctx {
    const karx_prov_ctx *pc;
    int lsh; /* 0 until a digest is set */
    karx_prov_buf pass, salt;
    uint64_t iter;
    int checks; /* SP 800-132 lower bounds */
    EVP_KDF_CTX *fwd; /* set: a digest karx lacks, served by another provider's PBKDF2 */
} pbkdf2_ctx;

static void defaults(pbkdf2_ctx *k)
{
    k->lsh = 0;
    k->iter = DEFAULT_ITER;
    k->checks = 0;
}

static void wipe(pbkdf2_ctx *k)
{
    karx_prov_buf_wipe(&k->pass);
    karx_prov_buf_wipe(&k->salt);
}

static int copy(pbkdf2_ctx *k, const pbkdf2_ctx *src)
{
    k->lsh = src->lsh, k->iter = src->iter, k->checks = src->checks;
    return karx_prov_buf_dup(&k->pass, &src->pass) && karx_prov_buf_dup(&k->salt, &src->salt);
}

KARX_KDF_LIFECYCLE(pbkdf2)

static int set_iter(pbkdf2_ctx *k, const OSSL_PARAM *p)
{
    uint64_t iter;
    if (!karx_prov_get_uint64(k->pc, p, &iter))
        return 0;
    if (iter < (k->checks ? MIN_ITER : 1) || iter > UINT32_MAX) {
        karx_prov_err(k->pc, KARX_PROV_R_BAD_PARAM, "iter %llu: must be %d .. 2^32-1",
                      (unsigned long long)iter, k->checks ? MIN_ITER : 1);
        return 0;
    }
    k->iter = iter;
    return 1;
}

/* A digest karx lacks: a fresh inner PBKDF2 gets karx's settings so far, then params. */
static int forward(pbkdf2_ctx *k, const OSSL_PARAM *digest, const OSSL_PARAM params[])
{
    char what[KARX_PROV_NAME_MAX + 16];
    int pkcs5 = !k->checks;
    uint64_t iter = k->iter;
    OSSL_PARAM replay[5], *r = replay, none[] = {OSSL_PARAM_END};
    karx_fwd_what(digest, what, sizeof what);
    *r++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter);
    *r++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5);
    if (k->pass.data != NULL)
        *r++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, k->pass.data, k->pass.len);
    if (k->salt.data != NULL)
        *r++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, k->salt.data, k->salt.len);
    *r = OSSL_PARAM_construct_end();
    k->fwd = karx_fwd_kdf_start(k->pc, "PBKDF2", replay, params, none, what);
    return k->fwd != NULL;
}

static int pbkdf2_set_params(void *vk, const OSSL_PARAM params[])
{
    pbkdf2_ctx *k = vk;
    const OSSL_PARAM *p;
    char name[KARX_PROV_NAME_MAX];
    if (params == NULL)
        return 1;
    if (k->fwd != NULL)
        return EVP_KDF_CTX_set_params(k->fwd, params);
    p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_DIGEST);
    const char *dname = NULL;
    if (p != NULL && OSSL_PARAM_get_utf8_string_ptr(p, &dname) && dname != NULL &&
        karx_prov_lsh_id(dname) == 0)
        return forward(k, p, params);
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_DIGEST)) != NULL) {
        int lsh = karx_prov_get_name(k->pc, p, name, sizeof name) ? karx_prov_lsh_param(k->pc, name) : 0;
        if (lsh == 0)
            return 0;
        k->lsh = lsh;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_PKCS5)) != NULL) {
        int pkcs5;
        if (!karx_prov_get_int(k->pc, p, &pkcs5))
            return 0;
        k->checks = pkcs5 == 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_PASSWORD)) != NULL &&
        !karx_prov_buf_param(k->pc, &k->pass, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_SALT)) != NULL &&
        !karx_prov_buf_param(k->pc, &k->salt, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_ITER)) != NULL && !set_iter(k, p))
        return 0;
    return 1;
}

/* What must hold before deriving: 1, or 0 with the reason raised. */
static int ready(const pbkdf2_ctx *k, size_t keylen)
{
    const char *missing = k->lsh == 0 ? "digest" : k->pass.data == NULL ? "pass"
                          : k->salt.data == NULL ? "salt" : NULL;
    if (missing != NULL) {
        karx_prov_err(k->pc, KARX_PROV_R_NOT_INITIALIZED, "PBKDF2: no %s set", missing);
        return 0;
    }
    if (k->checks && (keylen < MIN_KEY_BYTES || k->salt.len < MIN_SALT_BYTES || k->iter < MIN_ITER)) {
        karx_prov_err(k->pc, KARX_PROV_R_BAD_PARAM,
                      "PBKDF2 with pkcs5=0 (SP 800-132): key >= %d bytes, salt >= %d bytes, "
                      "iter >= %d", MIN_KEY_BYTES, MIN_SALT_BYTES, MIN_ITER);
        return 0;
    }
    return 1;
}

static int pbkdf2_derive(void *vk, unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    pbkdf2_ctx *k = vk;
    if (!pbkdf2_set_params(k, params))
        return 0;
    if (k->fwd != NULL)
        return EVP_KDF_derive(k->fwd, key, keylen, NULL);
    if (!ready(k, keylen))
        return 0;
    karx_status st = karx_pbkdf2_hmac_lsh((karx_lsh_alg)k->lsh, k->pass.data, k->pass.len,
                                          k->salt.data, k->salt.len, (uint32_t)k->iter, key, keylen);
    return karx_prov_ok(k->pc, st, "PBKDF2");
}

static const OSSL_PARAM settable[] = {
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_PASSWORD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
    OSSL_PARAM_uint64(OSSL_KDF_PARAM_ITER, NULL),
    OSSL_PARAM_int(OSSL_KDF_PARAM_PKCS5, NULL),
    OSSL_PARAM_END};

static KARX_PROV_PARAM_LIST_FN(pbkdf2_settable, settable)

KARX_KDF_FUNCTIONS(pbkdf2)
