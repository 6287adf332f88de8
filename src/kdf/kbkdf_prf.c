/* The KBKDF PRF over the registry's MACs: a MAC id names a family and a primitive; CMAC and HMAC
 * are PRFs, anything else the registry knows (GMAC, whose tag depends on a nonce) is not. */
#include <string.h>

#include "karx/registry.h"
#include "kbkdf_prf.h"

karx_status karx_i_kbkdf_prf_lookup(int prf, int *family, size_t *h)
{
    karx_alg_info info;
    if (prf < 0 || karx_alg_by_id(KARX_KIND_MAC, prf, &info) != KARX_OK)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    *family = KARX_MAC_FAMILY(prf);
    if (*family != KARX_MAC_CMAC && *family != KARX_MAC_HMAC)
        return KARX_ERR_UNSUPPORTED;
    *h = info.output_bytes;
    return *h == 0 || *h > KARX_I_KBKDF_MAX_H ? KARX_ERR_UNSUPPORTED : KARX_OK;
}

karx_status karx_i_kbkdf_prf_init(karx_i_kbkdf_prf *f, int prf, const uint8_t *key,
                                  size_t key_len)
{
    memset(f, 0, sizeof *f);
    karx_status s = karx_i_kbkdf_prf_lookup(prf, &f->family, &f->h);
    if (s != KARX_OK)
        return s;
    if (f->family == KARX_MAC_CMAC &&
        key_len != karx_cipher_key_bytes((karx_cipher_alg)KARX_MAC_PRIM(prf)))
        s = KARX_ERR_KEY_LENGTH; /* also for an empty key, which cmac_init calls an argument error */
    else if (f->family == KARX_MAC_CMAC)
        s = karx_cmac_init(&f->keyed.cmac, (karx_cipher_alg)KARX_MAC_PRIM(prf), key, key_len);
    else
        s = karx_hmac_lsh_init(&f->keyed.hmac, (karx_lsh_alg)KARX_MAC_PRIM(prf), key, key_len);
    if (s != KARX_OK)
        karx_i_kbkdf_prf_wipe(f);
    return s;
}

karx_status karx_i_kbkdf_prf_call(karx_i_kbkdf_prf *f, uint8_t *out, const karx_i_part *parts,
                                  size_t nparts)
{
    karx_status s = KARX_OK;
    f->run = f->keyed;
    for (size_t i = 0; s == KARX_OK && i < nparts; i++) {
        const karx_i_part *q = &parts[i];
        if (q->n == 0)
            continue; /* an empty part may be NULL, which some updates would pass to memcpy */
        s = f->family == KARX_MAC_CMAC ? karx_cmac_update(&f->run.cmac, q->p, q->n)
                                       : karx_hmac_lsh_update(&f->run.hmac, q->p, q->n);
    }
    if (s == KARX_OK)
        s = f->family == KARX_MAC_CMAC ? karx_cmac_final(&f->run.cmac, out, f->h)
                                       : karx_hmac_lsh_final(&f->run.hmac, out, f->h);
    if (s != KARX_OK)
        karx_memzero(&f->run, sizeof f->run); /* a successful final has wiped it already */
    return s;
}

void karx_i_kbkdf_prf_wipe(karx_i_kbkdf_prf *f)
{
    karx_memzero(f, sizeof *f);
}
