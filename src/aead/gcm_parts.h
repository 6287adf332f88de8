/* Internal: the pieces of GCM (gcm.c) that GMAC (gmac.c) shares, so that GMAC can keep a context
 * of its own (H's powers and E_K(J0), no cipher key) without a second copy of GCM's code. */
#ifndef KARX_AEAD_GCM_PARTS_H
#define KARX_AEAD_GCM_PARTS_H

#include <stddef.h>
#include <stdint.h>

#include "karx/gcm.h"

/* iv NULL: KARX_ERR_ARGUMENT; length 0 or 2^61 and up: KARX_ERR_IV_LENGTH; else KARX_OK. */
karx_status karx_i_gcm_iv_ok(const uint8_t *iv, size_t iv_len);
/* Checks iv (NULL: KARX_ERR_ARGUMENT; length 0 or 2^61 and up: KARX_ERR_IV_LENGTH) and gk
 * (NULL: KARX_ERR_ARGUMENT; never set or wiped: KARX_ERR_STATE), in that order; on KARX_OK
 * writes J0 (SP 800-38D 7.1 step 2). */
karx_status karx_i_gcm_j0(const karx_gcm_key *gk, uint8_t j0[16], const uint8_t *iv,
                          size_t iv_len);

/* AAD in any pieces: *total counts the bytes so far (KARX_ERR_DATA_LENGTH, nothing changed, when
 * it would reach 2^61), part[0 .. *used) holds the partial block, whole blocks go to GHASH. */
karx_status karx_i_gcm_absorb(const uint64_t *htab, uint8_t y[16], uint8_t part[16],
                              uint32_t *used, uint64_t *total, const uint8_t *in, size_t len);
/* Ends a GHASH stream: the partial block part[0 .. used), zero-padded, then the length block
 * len(A) || len(C) (from byte counts), in one kernel call. */
void karx_i_gcm_close(const uint64_t *htab, uint8_t y[16], const uint8_t part[16], uint32_t used,
                      uint64_t aad_len, uint64_t len);

/* For karx_gcm_*_pool (gcm_pool.c), which runs GCM's pieces by ranges of the data:
 * karx_i_gcm_start checks the arguments as karx_gcm_seal does and writes J0 and the GHASH state
 * over the AAD; karx_i_gcm_crypt is GCTR + GHASH over one range from counter block ctr (state y,
 * over the ciphertext: out when enc, else in, hashed before the XOR), in one pass where the
 * stitched kernel runs; karx_i_gcm_tag closes GHASH with the length block and writes the full
 * 16-byte tag. */
karx_status karx_i_gcm_start(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len,
                             const uint8_t *aad, size_t aad_len, const void *out, const void *in,
                             size_t len, const void *tag, size_t tag_len, uint8_t j0[16],
                             uint8_t y[16]);
karx_status karx_i_gcm_crypt(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                             const uint8_t *in, size_t len, int secret, int enc);
karx_status karx_i_gcm_tag(const karx_gcm_key *gk, uint8_t y[16], const uint8_t j0[16],
                           uint64_t aad_len, uint64_t len, uint8_t full[16]);

/* The argument and key checks of karx_gcm_seal / karx_gcm_open, without the call (the record
 * jobs, gcm_jobs.c, check each job before it takes a lane). */
karx_status karx_i_gcm_check(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len,
                             const uint8_t *aad, size_t aad_len, const void *out, const void *in,
                             size_t len, const void *tag, size_t tag_len);

/* A GCM record job's checks (gcm_jobs.c): karx_i_gcm_check, and buffers that would corrupt each
 * other; the CPU and GPU job calls both run it. */
karx_status karx_i_gcm_job_check(const karx_gcm_job *j);

#endif
