/* Stitched GCM for the AVX-512 back end (compiled with AVX-512 F/VL/BW + VPCLMULQDQ flags;
 * chosen by the registry only on a CPU that has them): CTR and GHASH in one pass (the loop:
 * gcm_stitch_loop.h) over the avx512 CTR kernel, the GHASH on VPCLMULQDQ zmm registers, four
 * blocks per instruction, thirty-two blocks per reduction. A cipher whose avx512 table has a
 * gcm_xor (LEA: GHASH folded into its rounds, src/lea/lea_gcm_avx512.c) runs that instead: the
 * chunk loop cannot overlap the two halves (measured: docs/BENCHMARKS.md, "Stitched GCM on
 * AVX-512"), the rounds can. */
#include <immintrin.h>

#include "aead/gcm_stitch.h"
#include "aead/gcm_stitch_loop.h"
#include "aead/ghash.h"
#include "aead/ghash_zmm.h"


void karx_i_gcm_stitch_avx512(const karx_gcm_key *gk, const uint64_t *hs, uint8_t y[16],
                              uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                              int decrypt)
{
    const karx_block_kernels *k = karx_i_kernels(karx_i_key_row(&gk->cipher));
    if (k->gcm_xor != NULL) { /* the cipher folds GHASH into its rounds itself */
        k->gcm_xor(karx_i_ks(&gk->cipher), hs, y, out, in, nblocks, ctr, decrypt);
        gcm_st_add32(ctr, nblocks);
        return;
    }
    gcm_stitch_loop(karx_i_gh_zrun, GCM_ST_CHUNK, gk, hs, y, ctr, out, in, nblocks, decrypt);
}

void karx_i_gcm_ghash_avx512(const uint64_t *hs, uint8_t y[16], const uint8_t *data,
                             size_t nblocks)
{
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    s = karx_i_gh_zrun(hs, s, data, nblocks);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
}

static karx_status stitch_pass(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16],
                               uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    return karx_i_gcm_stitch_pass(gk, ctr, y, out, in, len, enc, karx_i_gcm_stitch_avx512);
}

const karx_i_gcm_pass karx_i_gcm_pass_stitch_avx512 = {"avx512-vpclmul", GCM_ST_CHUNK,
                                                       stitch_pass};
