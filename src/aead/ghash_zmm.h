/* Internal: GHASH on zmm VPCLMULQDQ in pieces of four blocks, for the stitched GCM pass
 * (gcm_stitch_avx512.c) and the cipher kernels that fold GHASH into their CTR rounds (a
 * karx_block_kernels gcm_xor, e.g. src/lea/lea_avx512_vpclmul.c). A group of
 * KARX_I_GCM_STITCH_AGG (32) blocks is eight pieces summed unreduced, then one reduction, so the
 * pieces can be spread between other work. Include only from files compiled with AVX-512
 * F/VL/BW and VPCLMULQDQ flags. hs is a karx_i_gcm_stitch_table of the powers of H: the power of
 * block i of a group at word 2i, its Karatsuba half at 2A + 2i, so a piece's four powers are
 * one 64-byte load. */
#ifndef KARX_AEAD_GHASH_ZMM_H
#define KARX_AEAD_GHASH_ZMM_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash_reduce.h"

/* The unreduced Karatsuba sums of one group. */
typedef struct {
    __m512i lo, hi, mid;
} karx_i_gh_zacc;

static inline __m512i karx_i_gh_bswap512(__m512i x)
{
    const __m512i rev = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, rev);
}

static inline void karx_i_gh_zstart(karx_i_gh_zacc *a)
{
    a->lo = a->hi = a->mid = _mm512_setzero_si512();
}

/* Piece k (0..7) of the group at d: blocks 4k .. 4k+3 times their powers; piece 0 takes the
 * state s in. */
static inline void karx_i_gh_zpiece(karx_i_gh_zacc *a, const uint64_t *hs, const uint8_t *d,
                                    int k, __m128i s)
{
    __m512i x = karx_i_gh_bswap512(_mm512_loadu_si512((const void *)(d + 64 * k)));
    if (k == 0)
        x = _mm512_xor_si512(x, _mm512_zextsi128_si512(s));
    __m512i h = _mm512_loadu_si512((const void *)(hs + 8 * k));
    __m512i hk = _mm512_loadu_si512((const void *)(hs + 2 * KARX_I_GCM_STITCH_AGG + 8 * k));
    a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
    a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
    __m512i xk = _mm512_xor_si512(x, _mm512_shuffle_epi32(x, _MM_PERM_BADC));
    a->mid = _mm512_xor_si512(a->mid, _mm512_clmulepi64_epi128(xk, hk, 0x00));
}

static inline __m128i karx_i_gh_zfold4(__m512i v)
{
    __m256i a = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
}

/* The new state once all eight pieces are in. */
static inline __m128i karx_i_gh_zfinish(const karx_i_gh_zacc *a)
{
    return karx_i_gh_reduce(karx_i_gh_zfold4(a->lo), karx_i_gh_zfold4(a->hi),
                            karx_i_gh_zfold4(a->mid));
}

/* s over nblocks (a multiple of KARX_I_GCM_STITCH_AGG) of d. */
static inline __m128i karx_i_gh_zrun(const uint64_t *hs, __m128i s, const uint8_t *d,
                                     size_t nblocks)
{
    for (; nblocks != 0; nblocks -= KARX_I_GCM_STITCH_AGG, d += 16 * KARX_I_GCM_STITCH_AGG) {
        karx_i_gh_zacc a;
        karx_i_gh_zstart(&a);
        for (int k = 0; k < KARX_I_GCM_STITCH_AGG / 4; k++)
            karx_i_gh_zpiece(&a, hs, d, k, s);
        s = karx_i_gh_zfinish(&a);
    }
    return s;
}

#endif
