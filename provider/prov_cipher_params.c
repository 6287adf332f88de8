/* The algorithm-level parameters of a cipher row, shared by the block-mode and AEAD tables. */
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "prov.h"

static const OSSL_PARAM cipher_param_types[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
    OSSL_PARAM_END};

const OSSL_PARAM *karx_prov_cipher_gettable_params(void *provctx)
{
    (void)provctx;
    return cipher_param_types;
}

static int set_int(OSSL_PARAM params[], const char *key, int v)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    return p == NULL || OSSL_PARAM_set_int(p, v);
}

static int set_size(OSSL_PARAM params[], const char *key, size_t v)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    return p == NULL || OSSL_PARAM_set_size_t(p, v);
}

int karx_prov_cipher_get_params(OSSL_PARAM params[], const karx_prov_cipher_shape *s)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE);
    if (p != NULL && !OSSL_PARAM_set_uint(p, s->evp_mode))
        return 0;
    return set_size(params, OSSL_CIPHER_PARAM_KEYLEN, s->key_bytes) &&
           set_size(params, OSSL_CIPHER_PARAM_IVLEN, s->iv_bytes) &&
           set_size(params, OSSL_CIPHER_PARAM_BLOCK_SIZE, s->block_bytes) &&
           set_int(params, OSSL_CIPHER_PARAM_AEAD, s->aead) &&
           set_int(params, OSSL_CIPHER_PARAM_CUSTOM_IV, s->custom_iv) &&
           set_int(params, OSSL_CIPHER_PARAM_CTS, 0) &&
           set_int(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0) &&
           set_int(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0);
}
