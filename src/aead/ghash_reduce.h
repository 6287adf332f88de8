/* Internal: the GHASH reduction and byte order shared by the x86 carry-less-multiply kernels
 * (ghash_pclmul.c, ghash_vpclmul.c, gcm_stitch_avx2.c). Include only from files compiled with
 * at least SSSE3 (+ PCLMULQDQ for the products). */
#ifndef KARX_AEAD_GHASH_REDUCE_H
#define KARX_AEAD_GHASH_REDUCE_H

#include <immintrin.h>

/* Spec bytes <-> the integer form of ghash.h. */
static inline __m128i karx_i_gh_bswap128(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* The 256-bit Karatsuba product (lo, hi, mid; mid still holds lo ^ hi) reduced modulo the GCM
 * polynomial: the shift-and-xor form of ghash_portable.c on 64-bit lanes. */
static inline __m128i karx_i_gh_reduce(__m128i lo, __m128i hi, __m128i mid)
{
    mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
    __m128i l = _mm_xor_si128(lo, _mm_slli_si128(mid, 8)); /* [W0, W1] */
    __m128i h = _mm_xor_si128(hi, _mm_srli_si128(mid, 8)); /* [W2, W3] */
    /* shift the 256-bit value left by one */
    __m128i cl = _mm_srli_epi64(l, 63), ch = _mm_srli_epi64(h, 63);
    l = _mm_or_si128(_mm_slli_epi64(l, 1), _mm_slli_si128(cl, 8));
    h = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(h, 1), _mm_slli_si128(ch, 8)),
                     _mm_srli_si128(cl, 8));
    /* fold: W0's spill goes into W1 first, then both fold into W2:W3 */
    __m128i sp = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(l, 63), _mm_slli_epi64(l, 62)),
                               _mm_slli_epi64(l, 57));
    l = _mm_xor_si128(l, _mm_slli_si128(sp, 8));
    __m128i f = _mm_xor_si128(_mm_xor_si128(l, _mm_srli_epi64(l, 1)),
                              _mm_xor_si128(_mm_srli_epi64(l, 2), _mm_srli_epi64(l, 7)));
    return _mm_xor_si128(_mm_xor_si128(h, f), _mm_srli_si128(sp, 8));
}

#endif
