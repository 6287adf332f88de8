/* The lane vector (lanes_template.h) for AVX2: 8 lanes per ymm; a rotation is two shifts and an or. */
#ifndef KARX_LANES_VEC_AVX2_H
#define KARX_LANES_VEC_AVX2_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#define LV __m256i
#define LV_L 8
#define LV_LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define LV_STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), v)
#define LV_SET1(x) _mm256_set1_epi32((int)(x))
#define LV_XOR(a, b) _mm256_xor_si256(a, b)
#define LV_ADD(a, b) _mm256_add_epi32(a, b)
#define LV_ROL(v, n) _mm256_or_si256(_mm256_slli_epi32(v, n), _mm256_srli_epi32(v, 32 - (n)))
#define LV_NAME "avx2"

/* The keystream blocks, word-sliced in x, become one block per 128-bit chunk by a 4x4
 * transpose inside each chunk (chunk l of r[j] is lane 4l + j's block), and each live lane
 * gets a 16-byte load, XOR and store. */
static inline void lanes256_store_xor(const __m256i *x, uint8_t *const *out, const uint8_t *const *in,
                                    size_t off, uint32_t live)
{
    __m256i t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpackhi_epi32(x[0], x[1]);
    __m256i t2 = _mm256_unpacklo_epi32(x[2], x[3]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
    __m256i r[4] = {_mm256_unpacklo_epi64(t0, t2), _mm256_unpackhi_epi64(t0, t2), _mm256_unpacklo_epi64(t1, t3), _mm256_unpackhi_epi64(t1, t3)};
#define LANE_XOR(j, l)                                                                         \
    if (live >> (4 * (l) + (j)) & 1) {                                                          \
        __m128i k_ = _mm256_extracti128_si256(r[j], l);                                                       \
        __m128i d_ = _mm_loadu_si128((const __m128i *)(const void *)(in[4 * (l) + (j)] + off)); \
        _mm_storeu_si128((__m128i *)(void *)(out[4 * (l) + (j)] + off), _mm_xor_si128(k_, d_)); \
    }
    LANE_XOR(0, 0) LANE_XOR(1, 0) LANE_XOR(2, 0) LANE_XOR(3, 0)
    LANE_XOR(0, 1) LANE_XOR(1, 1) LANE_XOR(2, 1) LANE_XOR(3, 1)
#undef LANE_XOR
}
#define LV_BSWAP32(v)                                                                          \
    _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11,  \
                                                                      10, 9, 8, 15, 14, 13, 12)))
#define LV_STORE_XOR(x, out, in, off, live) lanes256_store_xor(x, out, in, off, live)

#endif
