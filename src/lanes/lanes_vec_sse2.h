/* The lane vector (lanes_template.h) for SSE2: 4 lanes per xmm; a rotation is two shifts and an or. */
#ifndef KARX_LANES_VEC_SSE2_H
#define KARX_LANES_VEC_SSE2_H

#include <emmintrin.h>
#include <stdint.h>

#define LV __m128i
#define LV_L 4
#define LV_LOAD(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define LV_STORE(p, v) _mm_store_si128((__m128i *)(void *)(p), v)
#define LV_SET1(x) _mm_set1_epi32((int)(x))
#define LV_XOR(a, b) _mm_xor_si128(a, b)
#define LV_ADD(a, b) _mm_add_epi32(a, b)
#define LV_ROL(v, n) _mm_or_si128(_mm_slli_epi32(v, n), _mm_srli_epi32(v, 32 - (n)))
#define LV_NAME "sse2"

#endif
