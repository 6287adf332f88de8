/* Shared by the 128-bit CHAM kernels (cham_sse2.c, cham_ssse3.c): the vector operations
 * cham_simd.h needs, and the rotations both do with shifts. Each file adds its rotations by 8
 * bits and its 32-bit byte swap (shifts on SSE2, pshufb on SSSE3). */
#ifndef KARX_CHAM_SSE_DEFS_H
#define KARX_CHAM_SSE_DEFS_H

#include <emmintrin.h>

#define V __m128i
#define VBYTES 16
#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define LOADA(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define XOR _mm_xor_si128
#define ADD32 _mm_add_epi32
#define SUB32 _mm_sub_epi32
#define ADD16 _mm_add_epi16
#define SUB16 _mm_sub_epi16
#define SET1_32(x) _mm_set1_epi32(x)
#define SET1_16(x) _mm_set1_epi16((short)(x))
#define UNPACKLO16 _mm_unpacklo_epi16
#define UNPACKHI16 _mm_unpackhi_epi16
#define UNPACKLO32 _mm_unpacklo_epi32
#define UNPACKHI32 _mm_unpackhi_epi32
#define UNPACKLO64 _mm_unpacklo_epi64
#define UNPACKHI64 _mm_unpackhi_epi64

static inline V rol32_1(V x) { return _mm_or_si128(_mm_add_epi32(x, x), _mm_srli_epi32(x, 31)); }
static inline V ror32_1(V x) { return _mm_or_si128(_mm_slli_epi32(x, 31), _mm_srli_epi32(x, 1)); }
static inline V rol16_1(V x) { return _mm_or_si128(_mm_add_epi16(x, x), _mm_srli_epi16(x, 15)); }
static inline V ror16_1(V x) { return _mm_or_si128(_mm_slli_epi16(x, 15), _mm_srli_epi16(x, 1)); }

/* Fused XTS (cham_simd.h; its vector operations are in modes/xts_kernel.h). */
#define CH_XTS 1

#ifndef CH_GROUPS
#define CH_GROUPS 2 /* two interleaved groups: see cham_simd.h */
#endif

#endif
