/* Stitched GCM for the AVX2 back end (compiled with -mavx2 -mvpclmulqdq; called only after a
 * run-time check): CTR and GHASH in one pass (the loop: gcm_stitch_loop.h), the GHASH on
 * VPCLMULQDQ ymm registers, two blocks per instruction, thirty-two blocks per reduction. The
 * GHASH work (a few hundred independent uops a chunk) sits in the out-of-order window beside
 * the CTR kernel's ARX rounds, which leave vector ports idle on their dependency chains: the two
 * overlap instead of running as two passes over memory. */
#include <immintrin.h>

#include "aead/gcm_stitch.h"
#include "aead/gcm_stitch_loop.h"
#include "aead/ghash.h"
#include "aead/ghash_ymm.h"

void karx_i_gcm_stitch_avx2(const karx_gcm_key *gk, const uint64_t *hs, uint8_t y[16],
                            uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                            int decrypt)
{
    gcm_stitch_loop(ghash_run, GCM_ST_CHUNK, gk, hs, y, ctr, out, in, nblocks, decrypt);
}

void karx_i_gcm_ghash_avx2(const uint64_t *hs, uint8_t y[16], const uint8_t *data,
                           size_t nblocks)
{
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    s = ghash_run(hs, s, data, nblocks);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
}

static karx_status stitch_pass(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16],
                               uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    return karx_i_gcm_stitch_pass(gk, ctr, y, out, in, len, enc, karx_i_gcm_stitch_avx2);
}

const karx_i_gcm_pass karx_i_gcm_pass_stitch_avx2 = {"avx2-vpclmul", GCM_ST_CHUNK, stitch_pass};
