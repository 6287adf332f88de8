/* Internal to the DRBG (and its callers inside the library; tests reach it through src/).
 *
 * CTR_DRBG generate split around a keystream made elsewhere (the GPU back end): begin (same
 * checks as karx_ctr_drbg_generate, so it also refuses with KARX_ERR_RESEED_REQUIRED after a
 * fork) runs the additional-input update and leaves the processed additional input in a; the
 * caller writes E_Key(V+1) || E_Key(V+2) || ... (out_len bytes, counter mod 2^blocklen) with
 * drbg->key and drbg->v; end moves V past those blocks, runs the closing update and wipes a.
 * begin + keystream + end == karx_ctr_drbg_generate. */
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
/* ctr (blocklen bytes) = V + 1 mod 2^blocklen, with no branch or index on V: the first counter
 * block of a generate whose keystream is made elsewhere. */
void karx_i_ctr_drbg_first_counter(const karx_ctr_drbg *d, uint8_t *ctr);

/* fork_guard.c: a value that changes in a child process after fork() (see there). */
uint64_t karx_i_fork_generation(void);
/* 1 when the second layer (a MADV_WIPEONFORK page) is active, for the tests. */
int karx_i_fork_guard_wipes(void);

/* os_entropy.c, tests only: make the OS sources fail (0 restores them). */
#define KARX_I_FAULT_GETRANDOM 1u /* getrandom() fails with ENOSYS */
#define KARX_I_FAULT_URANDOM 2u   /* open("/dev/urandom") fails with EACCES */
void karx_i_os_entropy_fault(unsigned faults);

#ifdef __cplusplus
}
#endif

#endif
