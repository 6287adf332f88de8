/* What both KDFs of the provider (prov_kdf_pbkdf2.c, prov_kdf_kbkdf.c) answer alike: the size
 * parameter, and the list of the parameters they get. */
#include <stdint.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "prov_kdf_local.h"

static const OSSL_PARAM gettable[] = {OSSL_PARAM_size_t(OSSL_KDF_PARAM_SIZE, NULL), OSSL_PARAM_END};

KARX_PROV_PARAM_LIST_FN(karx_kdf_gettable, gettable)

int karx_kdf_get_size(OSSL_PARAM params[])
{
    return karx_prov_put_size(params, OSSL_KDF_PARAM_SIZE, SIZE_MAX);
}
