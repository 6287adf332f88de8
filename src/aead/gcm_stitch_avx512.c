/* The GCM pass for the AVX-512 back end with VPCLMULQDQ (compiled with AVX-512 F/VL/BW +
 * VPCLMULQDQ flags; chosen by the registry only on a CPU that has them). A cipher whose avx512
 * kernel table has a gcm_xor (LEA: GHASH folded into its CTR rounds, src/lea/lea_gcm_avx512.c)
 * runs its whole groups through it, the rest chunked. Any other cipher runs the two passes (the
 * avx512 CTR kernel, then zmm GHASH, over 8 KiB chunks): a loop of CTR calls with zmm GHASH
 * between them (as the AVX2 pass does, gcm_stitch_avx2.c) measured no faster here, since the
 * two halves then run one after the other on the same vector pipes (docs/BENCHMARKS.md,
 * "Stitched GCM on AVX-512"). */
#include <immintrin.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "aead/ghash_zmm.h"
#include "common/endian.h"
#include "modes/modes_internal.h"

void karx_i_gcm_stitch_avx512(const karx_gcm_key *gk, const uint64_t *hs, uint8_t y[16],
                              uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                              int decrypt)
{
    const karx_block_kernels *k = karx_i_kernels(karx_i_key_row(&gk->cipher));
    k->gcm_xor(karx_i_ks(&gk->cipher), hs, y, out, in, nblocks, ctr, decrypt);
    karx_store32_be(ctr + 12, karx_load32_be(ctr + 12) + (uint32_t)nblocks); /* inc32 */
}

/* zmm GHASH alone over whole groups, the stitch table's layout: for bench/gcm_stitch_bound.c. */
void karx_i_gcm_ghash_avx512(const uint64_t *hs, uint8_t y[16], const uint8_t *data,
                             size_t nblocks)
{
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    s = karx_i_gh_zrun(hs, s, data, nblocks);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
}

static karx_status pass(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                        const uint8_t *in, size_t len, int enc)
{
    if (karx_i_kernels(karx_i_key_row(&gk->cipher))->gcm_xor == NULL)
        return karx_i_gcm_chunked(gk, ctr, y, out, in, len, 0, enc);
    return karx_i_gcm_stitch_pass(gk, ctr, y, out, in, len, enc, karx_i_gcm_stitch_avx512);
}

const karx_i_gcm_pass karx_i_gcm_pass_stitch_avx512 = {"avx512-vpclmul", 32, pass};
