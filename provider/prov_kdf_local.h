/* The KDF implementations the table in prov_kdf.c lists. */
#ifndef KARX_PROV_KDF_LOCAL_H
#define KARX_PROV_KDF_LOCAL_H

#include "prov_mac_local.h"

/* The two KDFs (prov_kdf_pbkdf2.c, prov_kdf_kbkdf.c), listed by prov_kdf.c. */
extern const OSSL_DISPATCH karx_kdf_pbkdf2_functions[];
extern const OSSL_DISPATCH karx_kdf_kbkdf_functions[];

/* prov_kdf_params.c. KDF_PARAM_SIZE: both derive any length the caller asks for (within the
 * KDF's own bound). */
int karx_kdf_get_size(OSSL_PARAM params[]);
const OSSL_PARAM *karx_kdf_gettable(void *ctx, void *pc);

#endif
