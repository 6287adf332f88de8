/* Stitched GCM for the AVX2 back end (compiled with -mavx2 -mvpclmulqdq; called only after a
 * run-time check): CTR and GHASH in one pass, the GHASH on
 * VPCLMULQDQ ymm registers, two blocks per instruction, thirty-two blocks per reduction. The
 * GHASH work (a few hundred independent uops a chunk) sits in the out-of-order window beside
 * the CTR kernel's ARX rounds, which leave vector ports idle on their dependency chains: the two
 * overlap instead of running as two passes over memory. */
#include <immintrin.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "aead/ghash_ymm.h"
#include "common/endian.h"
#include "modes/modes_internal.h"

/* Blocks per CTR kernel call: large enough that the kernel's per-call set-up is small against
 * its rounds, small enough that the chunk is still in L1 when GHASH reads it. */
#define GCM_ST_CHUNK 256

/* The data goes in chunks of GCM_ST_CHUNK blocks through the back end's own CTR kernel
 * (karx_block_kernels.ctr_xor: LEA, CHAM-128, ARIA alike); between two kernel calls the GHASH
 * of the chunk just written (seal) or about to be overwritten (open) runs while the chunk is in
 * L1. */
void karx_i_gcm_stitch_avx2(const karx_gcm_key *gk, const uint64_t *hs, uint8_t y[16],
                            uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                            int decrypt)
{
    const karx_i_cipher *c = karx_i_key_row(&gk->cipher);
    void (*ctr_xor)(const void *, uint8_t *, const uint8_t *, size_t, const uint8_t *) =
        karx_i_kernels(c)->ctr_xor;
    const void *ks = karx_i_ks(&gk->cipher);
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    const uint8_t *pend = NULL; /* seal: the ciphertext chunk written last, not yet hashed */
    size_t pend_n = 0;
    while (nblocks != 0) {
        size_t n = nblocks < GCM_ST_CHUNK ? nblocks : GCM_ST_CHUNK;
        if (decrypt)
            s = ghash_run(hs, s, in, n);
        ctr_xor(ks, out, in, n, ctr);
        karx_store32_be(ctr + 12, karx_load32_be(ctr + 12) + (uint32_t)n); /* inc32 */
        if (!decrypt) {
            s = ghash_run(hs, s, pend, pend_n);
            pend = out;
            pend_n = n;
        }
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    s = ghash_run(hs, s, pend, pend_n);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
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
