/* The provider's EVP_KDF table: "PBKDF2" (prov_kdf_pbkdf2.c) and "KBKDF" (prov_kdf_kbkdf.c),
 * both over karx's own HMAC-LSH (and CMAC for KBKDF), never OpenSSL's HMAC: OpenSSL 3.0's
 * HMAC_Init_ex refuses digests whose block is over 144 bytes, and LSH-512's is 256. The names
 * are OpenSSL's own, so fetch them with the property query "provider=karx". A digest, cipher or
 * mac karx does not have is forwarded to another provider's KDF of the same name
 * (prov_forward.h): a plain fetch that finds karx first still derives over SHA-256 or AES.
 * What both KDFs share is in prov_kdf_params.c, below both (this file only lists them). */
#include "prov_kdf_local.h"

static const OSSL_ALGORITHM table[] = {
    {"PBKDF2", "provider=karx", karx_kdf_pbkdf2_functions, "karx PBKDF2 over HMAC-LSH"},
    {"KBKDF", "provider=karx", karx_kdf_kbkdf_functions,
     "karx KBKDF (SP 800-108, TTAK.KO-12.0272) over HMAC-LSH or CMAC"},
    {NULL, NULL, NULL, NULL}};

int karx_prov_kdfs_build(void)
{
    return 1; /* fixed rows: nothing to build */
}

const OSSL_ALGORITHM *karx_prov_kdfs(void)
{
    return table;
}
