/* Internal: CTR_DRBG generate split around a keystream made elsewhere (the GPU back end).
 * begin (same checks as karx_ctr_drbg_generate) runs the additional-input update and leaves the
 * processed additional input in a; the caller writes E_Key(V+1) || E_Key(V+2) || ... (out_len
 * bytes, counter mod 2^blocklen) with drbg->key and drbg->v; end moves V past those blocks, runs
 * the closing update and wipes a. begin + keystream + end == karx_ctr_drbg_generate. */
#ifndef KARX_DRBG_INTERNAL_H
#define KARX_DRBG_INTERNAL_H

#include "karx/drbg.h"

#ifdef __cplusplus
extern "C" {
#endif

karx_status karx_i_ctr_drbg_generate_begin(karx_ctr_drbg *d, size_t out_len, const uint8_t *add,
                                           size_t add_len, uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES]);
void karx_i_ctr_drbg_generate_end(karx_ctr_drbg *d, size_t out_len,
                                  uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES]);

#ifdef __cplusplus
}
#endif

#endif
