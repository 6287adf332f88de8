/* Internal: the stitched GCM kernels (CTR and GHASH in one pass over the data) and the table of
 * powers of H they read from the key (karx_gcm_key.hstitch). */
#ifndef KARX_AEAD_GCM_STITCH_H
#define KARX_AEAD_GCM_STITCH_H

#include <stddef.h>
#include <stdint.h>

#include "karx/gcm.h"

/* Blocks GHASHed per reduction by the stitched kernels; every call is a multiple of it. */
#define KARX_I_GCM_STITCH_AGG 32
/* uint64_t words of karx_gcm_key.hstitch */
#define KARX_I_GCM_STITCH_WORDS (4 * KARX_I_GCM_STITCH_AGG)

/* hstitch from htab (H^1 .. H^32 as ghash.h keeps them): the pairs (H^(A-2i), H^(A-1-2i)),
 * i < A/2 for A = KARX_I_GCM_STITCH_AGG, as 32-byte rows (the block pair at offset 2i of a group
 * meets row i), then the same rows of Karatsuba halves (lo ^ hi of each power in both words of
 * its lane). */
void karx_i_gcm_stitch_table(uint64_t hstitch[KARX_I_GCM_STITCH_WORDS], const uint64_t *htab);

#if defined(KARX_HAVE_X86_SIMD)
/* AVX2 + VPCLMULQDQ (gcm_stitch_avx2.c; called only after a run-time check): nblocks (a
 * multiple of KARX_I_GCM_STITCH_AGG) of GCTR from ctr with the key's back-end CTR kernel,
 * GHASH state y updated over the ciphertext (decrypt: hashed from in before the XOR, so out ==
 * in works). The low 32 bits of ctr must not wrap inside the call; ctr is advanced (inc32). */
void karx_i_gcm_stitch_avx2(const karx_gcm_key *gk, uint8_t y[16], uint8_t ctr[16], uint8_t *out,
                            const uint8_t *in, size_t nblocks, int decrypt);
/* The GHASH half of it alone (same contract for y and nblocks): for bench/gcm_stitch_bound.c,
 * which measures the two halves apart to give the bound of the stitched pass. */
void karx_i_gcm_ghash_avx2(const karx_gcm_key *gk, uint8_t y[16], const uint8_t *data,
                           size_t nblocks);
#endif

#endif
