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

/* Word-sliced x to one block per 128-bit chunk (chunk l of r[j] is lane 4l + j's block). */
static inline void karx_i_lanes256_transpose(const __m256i *x, __m256i *r)
{
    __m256i t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpackhi_epi32(x[0], x[1]);
    __m256i t2 = _mm256_unpacklo_epi32(x[2], x[3]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
    r[0] = _mm256_unpacklo_epi64(t0, t2);
    r[1] = _mm256_unpackhi_epi64(t0, t2);
    r[2] = _mm256_unpacklo_epi64(t1, t3);
    r[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* The keystream x XORed into the live lanes: the transpose, then per lane a 16-byte load, XOR
 * and store. */
static inline void karx_i_lanes256_store_xor(const __m256i *x, uint8_t *const *out,
                                             const uint8_t *const *in, size_t off, uint32_t live)
{
    __m256i r[4];
    karx_i_lanes256_transpose(x, r);
    for (unsigned j = 0; j < 4; j++)
        for (unsigned l = 0; l < 2; l++) {
            unsigned e = 4 * l + j;
            if (!(live >> e & 1))
                continue;
            __m128i k = l ? _mm256_extracti128_si256(r[j], 1) : _mm256_castsi256_si128(r[j]);
            __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(in[e] + off));
            _mm_storeu_si128((__m128i *)(void *)(out[e] + off), _mm_xor_si128(k, d));
        }
}
#define LV_BSWAP32(v)                                                                          \
    _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11,  \
                                                                      10, 9, 8, 15, 14, 13, 12)))
#define LV_STORE_XOR(x, out, in, off, live) karx_i_lanes256_store_xor(x, out, in, off, live)

#endif
