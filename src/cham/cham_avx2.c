/* CHAM kernels for AVX2: 8 CHAM-128 or 16 CHAM-64 blocks per ymm (cham_simd.h); rotations by 8
 * bits are one vpshufb, by 1 bit add, shift and or. */
#include <immintrin.h>

#define CH_RC_BROADCAST
#define V __m256i
#define VBYTES 32
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define XOR _mm256_xor_si256
#define ADD32 _mm256_add_epi32
#define SUB32 _mm256_sub_epi32
#define ADD16 _mm256_add_epi16
#define SUB16 _mm256_sub_epi16
#define SET1_32(x) _mm256_set1_epi32(x)
#define SET1_16(x) _mm256_set1_epi16((short)(x))
#define UNPACKLO16 _mm256_unpacklo_epi16
#define UNPACKHI16 _mm256_unpackhi_epi16
#define UNPACKLO32 _mm256_unpacklo_epi32
#define UNPACKHI32 _mm256_unpackhi_epi32
#define UNPACKLO64 _mm256_unpacklo_epi64
#define UNPACKHI64 _mm256_unpackhi_epi64

#define CH_BYTES(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)                               \
    _mm256_setr_epi8(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, a, b, c, d, e, f, g, h, i, \
                     j, k, l, m, n, o, p)

static inline V rol32_1(V x)
{
    return _mm256_or_si256(_mm256_add_epi32(x, x), _mm256_srli_epi32(x, 31));
}
static inline V ror32_1(V x)
{
    return _mm256_or_si256(_mm256_slli_epi32(x, 31), _mm256_srli_epi32(x, 1));
}
static inline V rol32_8(V x)
{
    return _mm256_shuffle_epi8(x, CH_BYTES(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14));
}
static inline V ror32_8(V x)
{
    return _mm256_shuffle_epi8(x, CH_BYTES(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
}
static inline V bswap32(V x)
{
    return _mm256_shuffle_epi8(x, CH_BYTES(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
}
static inline V rol16_1(V x)
{
    return _mm256_or_si256(_mm256_add_epi16(x, x), _mm256_srli_epi16(x, 15));
}
static inline V ror16_1(V x)
{
    return _mm256_or_si256(_mm256_slli_epi16(x, 15), _mm256_srli_epi16(x, 1));
}
static inline V rol16_8(V x)
{
    return _mm256_shuffle_epi8(x, CH_BYTES(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
}

#ifndef CH_GROUPS
#define CH_GROUPS 2 /* two interleaved groups: see cham_simd.h */
#endif
#define CH_NAME "avx2"
#define CH_TABLE64 karx_i_cham64_avx2
#define CH_TABLE128 karx_i_cham128_avx2
/* Fused XTS (cham_simd.h; its vector operations are in modes/xts_kernel.h). */
#define CH_XTS 1

#include "cham_simd.h"
