/* The KBKDF's PRF: one keyed MAC (CMAC over a cipher or HMAC over an LSH variant) that each PRF
 * call forks, so the key is scheduled once per derivation. */
#ifndef KARX_KBKDF_PRF_H
#define KARX_KBKDF_PRF_H

#include "karx/cmac.h"
#include "karx/hmac.h"

#define KARX_I_KBKDF_MAX_H KARX_HMAC_LSH_MAX_BYTES /* the widest PRF output (HMAC-LSH-512-512) */

typedef union karx_i_mac_ctx {
    karx_cmac_ctx cmac;
    karx_hmac_lsh_ctx hmac;
} karx_i_mac_ctx;

typedef struct karx_i_kbkdf_prf {
    karx_i_mac_ctx keyed; /* keyed once; never fed */
    karx_i_mac_ctx run;   /* the call in progress: a copy of keyed */
    int family;           /* KARX_MAC_CMAC or KARX_MAC_HMAC */
    size_t h;             /* output bytes */
} karx_i_kbkdf_prf;

/* The PRF's family and output bytes for a MAC id: KARX_OK, KARX_ERR_UNKNOWN_ALGORITHM (no such
 * MAC) or KARX_ERR_UNSUPPORTED (a MAC that is not a PRF here, e.g. GMAC). */
karx_status karx_i_kbkdf_prf_lookup(int prf, int *family, size_t *h);
/* Keys the PRF (KARX_ERR_KEY_LENGTH for a CMAC key of the wrong length; f is then wiped). */
karx_status karx_i_kbkdf_prf_init(karx_i_kbkdf_prf *f, int prf, const uint8_t *key,
                                  size_t key_len);
/* One PRF call over the concatenation of parts[0 .. nparts), written to out (f->h bytes). */
typedef struct karx_i_part {
    const uint8_t *p;
    size_t n;
} karx_i_part;
karx_status karx_i_kbkdf_prf_call(karx_i_kbkdf_prf *f, uint8_t *out, const karx_i_part *parts,
                                  size_t nparts);
void karx_i_kbkdf_prf_wipe(karx_i_kbkdf_prf *f);

#endif
