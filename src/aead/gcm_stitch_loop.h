/* Internal: the chunk loop of a stitched GCM kernel over the back end's CTR kernel
 * (gcm_stitch_avx2.c, ymm GHASH). The data goes in chunks of GCM_ST_CHUNK blocks through the
 * back end's own CTR kernel (karx_block_kernels.ctr_xor: LEA, CHAM-128, ARIA alike); between
 * two kernel calls the GHASH of the chunk just written (seal) or about to be overwritten (open)
 * runs while the chunk is in L1, its carry-less products sitting in the out-of-order window
 * beside the CTR kernel's ARX rounds. Include only from a file compiled with the ISA flags of
 * the GHASH run it passes (a static inline function: the loop is inlined with it). */
#ifndef KARX_AEAD_GCM_STITCH_LOOP_H
#define KARX_AEAD_GCM_STITCH_LOOP_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash_reduce.h"
#include "common/endian.h"
#include "modes/modes_internal.h"

/* Blocks per CTR kernel call: large enough that the kernel's per-call set-up is small against
 * its rounds, small enough that the chunk is still in L1 when GHASH reads it. */
#define GCM_ST_CHUNK 256

/* GHASH state s over nblocks (a multiple of KARX_I_GCM_STITCH_AGG) of d; hs: the stitch table. */
typedef __m128i (*gcm_st_run_fn)(const uint64_t *hs, __m128i s, const uint8_t *d, size_t nblocks);

/* inc32 by n: the upper 96 bits never change. */
static inline void gcm_st_add32(uint8_t ctr[16], size_t n)
{
    karx_store32_be(ctr + 12, karx_load32_be(ctr + 12) + (uint32_t)n);
}

/* The karx_i_gcm_stitch_fn contract (gcm_stitch.h) over the GHASH run given, chunk blocks (a
 * multiple of KARX_I_GCM_STITCH_AGG) per CTR kernel call. */
__attribute__((always_inline)) static inline void
gcm_stitch_loop(gcm_st_run_fn run, size_t chunk, const karx_gcm_key *gk, const uint64_t *hs, uint8_t y[16],
                uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks, int decrypt)
{
    const karx_i_cipher *c = karx_i_key_row(&gk->cipher);
    void (*ctr_xor)(const void *, uint8_t *, const uint8_t *, size_t, const uint8_t *) =
        karx_i_kernels(c)->ctr_xor;
    const void *ks = karx_i_ks(&gk->cipher);
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    const uint8_t *pend = NULL; /* seal: the ciphertext chunk written last, not yet hashed */
    size_t pend_n = 0;
    while (nblocks != 0) {
        size_t n = nblocks < chunk ? nblocks : chunk;
        if (decrypt)
            s = run(hs, s, in, n);
        ctr_xor(ks, out, in, n, ctr);
        gcm_st_add32(ctr, n);
        if (!decrypt) {
            s = run(hs, s, pend, pend_n);
            pend = out;
            pend_n = n;
        }
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    s = run(hs, s, pend, pend_n);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
}

#endif
