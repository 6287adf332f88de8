/* Internal: the stitched GCM kernels (CTR and GHASH in one pass over the data) and the table of
 * powers of H they read, built from the key's powers once per call (a long message's: the
 * stitched pass runs on groups of 512 bytes and more), not kept in every session's key. */
#ifndef KARX_AEAD_GCM_STITCH_H
#define KARX_AEAD_GCM_STITCH_H

#include <stddef.h>
#include <stdint.h>

#include "karx/gcm.h"

/* Blocks GHASHed per reduction by the stitched kernels; every call is a multiple of it. */
#define KARX_I_GCM_STITCH_AGG 32
/* uint64_t words of the stitched table */
#define KARX_I_GCM_STITCH_WORDS (4 * KARX_I_GCM_STITCH_AGG)

/* hstitch from htab (H^1 .. H^32 as ghash.h keeps them): the pairs (H^(A-2i), H^(A-1-2i)),
 * i < A/2 for A = KARX_I_GCM_STITCH_AGG, as 32-byte rows (the block pair at offset 2i of a group
 * meets row i), then the same rows of Karatsuba halves (lo ^ hi of each power in both words of
 * its lane). */
void karx_i_gcm_stitch_table(uint64_t hstitch[KARX_I_GCM_STITCH_WORDS], const uint64_t *htab);

/* A GCM pass kernel: GCTR from ctr (inc32, public: a 12-byte IV) and GHASH (state y) over len
 * bytes of payload (whole blocks except at the end of a message); the ciphertext GHASH reads is
 * out when encrypting and in when decrypting (hashed before the XOR, so out == in works). The
 * "gcm-pass" part's impls (gcm_desc.c) are selected like every kernel. */
typedef struct karx_i_gcm_pass {
    const char *name;
    unsigned lanes; /* blocks per chunk: GHASHed while still in L1 */
    karx_status (*crypt)(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                         const uint8_t *in, size_t len, int enc);
} karx_i_gcm_pass;

/* Two passes over cache-sized chunks, CTR then GHASH (seal) or GHASH then CTR (open), on the
 * selected CTR and GHASH kernels (gcm.c); secret != 0 for a secret counter (J0 = GHASH(IV)). */
extern const karx_i_gcm_pass karx_i_gcm_pass_chunked;
karx_status karx_i_gcm_chunked(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16],
                               uint8_t *out, const uint8_t *in, size_t len, int secret, int enc);

/* The pass calls use now (gcm_desc.c). */
const karx_i_gcm_pass *karx_i_gcm_pass_now(void);

/* A stitched kernel: nblocks (a multiple of KARX_I_GCM_STITCH_AGG) of GCTR from ctr with the
 * key's back-end CTR kernel, GHASH state y updated over the ciphertext; hs:
 * karx_i_gcm_stitch_table of the key. The low 32 bits of ctr must not wrap inside the call; ctr
 * is advanced (inc32). */
typedef void karx_i_gcm_stitch_fn(const karx_gcm_key *gk, const uint64_t *hs, uint8_t y[16],
                                  uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                  size_t nblocks, int decrypt);

/* A stitched pass over any payload (gcm_pass.c): runs of whole groups that do not wrap the low
 * 32 counter bits go through kernel (the table of powers built at the first group, wiped at
 * the end), the rest (under a group, or the wrap near) through the chunked pass. */
karx_status karx_i_gcm_stitch_pass(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16],
                                   uint8_t *out, const uint8_t *in, size_t len, int enc,
                                   karx_i_gcm_stitch_fn *kernel);

#if defined(KARX_HAVE_X86_SIMD)
/* The stitched passes: AVX2 + VPCLMULQDQ, ymm GHASH between the back end's CTR kernel calls
 * (gcm_stitch_avx2.c); AVX-512 + VPCLMULQDQ, the cipher kernel's gcm_xor (GHASH in its rounds)
 * where it has one, else the chunked pass (gcm_stitch_avx512.c; karx_i_gcm_stitch_avx512
 * needs a gcm_xor). */
extern const karx_i_gcm_pass karx_i_gcm_pass_stitch_avx2;
extern const karx_i_gcm_pass karx_i_gcm_pass_stitch_avx512;
karx_i_gcm_stitch_fn karx_i_gcm_stitch_avx2, karx_i_gcm_stitch_avx512;
/* The GHASH half of each alone (same contract for y and nblocks): for bench/gcm_stitch_bound.c,
 * which measures the two halves apart to give the bound of the stitched pass. */
void karx_i_gcm_ghash_avx2(const uint64_t *hs, uint8_t y[16], const uint8_t *data,
                           size_t nblocks);
void karx_i_gcm_ghash_avx512(const uint64_t *hs, uint8_t y[16], const uint8_t *data,
                             size_t nblocks);
#endif

#endif
