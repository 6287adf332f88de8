/* GHASH with VPCLMULQDQ on 256-bit registers (compiled with AVX2 + VPCLMULQDQ flags; chosen
 * by the registry only on a CPU that has them): the "ghash" part's avx2 impl. */
#include "aead/ghash.h"
#include "aead/ghash_ymm.h"

#include "karx/common.h"

/* Whole groups of KARX_I_GCM_STITCH_AGG blocks with the stitched kernel's group code, over a
 * table of pairs of powers made from htab for the call (1 KiB, wiped). Apart, so that a short
 * call (the AAD of a small message, a length block) pays no stack frame for that table. */
__attribute__((noinline)) static void ymm_groups(const uint64_t *htab, uint8_t y[16],
                                                 const uint8_t *data, size_t whole)
{
    uint64_t hs[KARX_I_GCM_STITCH_WORDS];
    karx_i_gcm_stitch_table(hs, htab);
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    s = ghash_run(hs, s, data, whole);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
    karx_memzero(hs, sizeof hs);
}

/* GHASH on ymm VPCLMULQDQ for any run of blocks (the "ghash" part's avx2 impl): whole groups
 * on ymm, the tail (or a short call) on PCLMULQDQ. */
void karx_i_ghash_blocks_vpclmul_ymm(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                     const uint8_t *data, size_t nblocks)
{
    size_t whole = nblocks - nblocks % KARX_I_GCM_STITCH_AGG;
    if (whole != 0) {
        ymm_groups(htab, y, data, whole);
        data += 16 * whole;
    }
    if (nblocks != whole)
        karx_i_ghash_blocks_pclmul(htab, y, data, nblocks - whole);
}

const karx_i_ghash_kernels karx_i_ghash_vpclmul_ymm = {
    "avx2-vpclmul", KARX_I_GCM_STITCH_AGG, karx_i_ghash_powers_pclmul,
    karx_i_ghash_blocks_vpclmul_ymm};
