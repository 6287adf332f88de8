/* Internal: GHASH on ymm VPCLMULQDQ, the group code the stitched GCM pass (gcm_stitch_avx2.c) and
 * the avx2 GHASH kernel (ghash_vpclmul_ymm.c) share. Include only from files compiled with AVX2
 * and VPCLMULQDQ flags. hs is a karx_i_gcm_stitch_table of the powers of H. */
#ifndef KARX_AEAD_GHASH_YMM_H
#define KARX_AEAD_GHASH_YMM_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash_reduce.h"

static inline __m256i bswap256(__m256i x)
{
    const __m256i rev = _mm256_broadcastsi128_si256(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm256_shuffle_epi8(x, rev);
}

static inline __m256i ld256(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }

/* The state s times H^A plus blocks d[0..A) times H^A .. H^1 (A = KARX_I_GCM_STITCH_AGG), one
 * reduction. */
static inline __m128i ghash_group(const uint64_t *hs, __m128i s, const uint8_t *d)
{
    __m256i lo = _mm256_setzero_si256(), hi = lo, mid = lo;
    for (int i = 0; i < KARX_I_GCM_STITCH_AGG / 2; i++) {
        __m256i x = bswap256(ld256(d + 32 * i));
        if (i == 0)
            x = _mm256_xor_si256(x, _mm256_inserti128_si256(_mm256_setzero_si256(), s, 0));
        __m256i h = ld256(hs + 4 * i), hk = ld256(hs + 2 * KARX_I_GCM_STITCH_AGG + 4 * i);
        lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(x, h, 0x00));
        hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(x, h, 0x11));
        __m256i xk = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
        mid = _mm256_xor_si256(mid, _mm256_clmulepi64_epi128(xk, hk, 0x00));
    }
#define GCM_ST_FOLD(v) _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1))
    return karx_i_gh_reduce(GCM_ST_FOLD(lo), GCM_ST_FOLD(hi), GCM_ST_FOLD(mid));
#undef GCM_ST_FOLD
}

static inline __m128i ghash_run(const uint64_t *hs, __m128i s, const uint8_t *d, size_t nblocks)
{
    for (; nblocks != 0; nblocks -= KARX_I_GCM_STITCH_AGG, d += 16 * KARX_I_GCM_STITCH_AGG)
        s = ghash_group(hs, s, d);
    return s;
}

#endif
