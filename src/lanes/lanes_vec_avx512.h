/* The AVX-512 lane vector (16 lanes per zmm) for lanes_template.h, shared by the plain kernel
 * and the ones with GCM's GHASH fused in (lanes_gcm_avx512.h). Include only from
 * files compiled with AVX-512 F/BW flags. */
#ifndef KARX_LANES_VEC_AVX512_H
#define KARX_LANES_VEC_AVX512_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* 16 lanes as two ymm registers with AVX-512VL's one-op rotation: on Zen 4, which splits a zmm
 * op in two, this ran the LEA lane kernel 1.4x faster than zmm (measured); the GHASH part
 * joins the halves into zmm for VPCLMULQDQ. CPUs with full-rate zmm take lanes_vec_avx512z.h. */
typedef struct {
    __m256i lo, hi;
} karx_i_lv512;
static inline karx_i_lv512 karx_i_lv512_make(__m256i lo, __m256i hi)
{
    karx_i_lv512 v = {lo, hi};
    return v;
}
#define LV karx_i_lv512
#define LV_L 16
#define LV_LOAD(p)                                                                             \
    karx_i_lv512_make(_mm256_load_si256((const __m256i *)(const void *)(p)),                   \
                      _mm256_load_si256((const __m256i *)(const void *)(p) + 1))
#define LV_STORE(p, v)                                                                         \
    do {                                                                                       \
        karx_i_lv512 v_ = (v);                                                                 \
        _mm256_store_si256((__m256i *)(void *)(p), v_.lo);                                     \
        _mm256_store_si256((__m256i *)(void *)(p) + 1, v_.hi);                                 \
    } while (0)
#define LV_SET1(x) karx_i_lv512_make(_mm256_set1_epi32((int)(x)), _mm256_set1_epi32((int)(x)))
#define LV_XOR(a, b) karx_i_lv512_make(_mm256_xor_si256((a).lo, (b).lo), _mm256_xor_si256((a).hi, (b).hi))
#define LV_ADD(a, b) karx_i_lv512_make(_mm256_add_epi32((a).lo, (b).lo), _mm256_add_epi32((a).hi, (b).hi))
#define LV_ROL(v, n) karx_i_lv512_make(_mm256_rol_epi32((v).lo, n), _mm256_rol_epi32((v).hi, n))
#define LV_NAME "avx512"
#define KARX_I_BSWAP32_256(v)                                                                  \
    _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11,  \
                                                                      10, 9, 8, 15, 14, 13, 12)))
#define LV_BSWAP32(v) karx_i_lv512_make(KARX_I_BSWAP32_256((v).lo), KARX_I_BSWAP32_256((v).hi))

/* Word-sliced x (element i of x[w] = word w of lane i) to one block per 128-bit chunk: a 4x4
 * transpose inside each chunk; chunk l of r[j] is lane 4l + j's block. */
static inline void karx_i_lanes512_transpose(const karx_i_lv512 *x, __m512i *r)
{
    __m256i t0 = _mm256_unpacklo_epi32(x[0].lo, x[1].lo), t1 = _mm256_unpackhi_epi32(x[0].lo, x[1].lo);
    __m256i t2 = _mm256_unpacklo_epi32(x[2].lo, x[3].lo), t3 = _mm256_unpackhi_epi32(x[2].lo, x[3].lo);
    __m256i u0 = _mm256_unpacklo_epi32(x[0].hi, x[1].hi), u1 = _mm256_unpackhi_epi32(x[0].hi, x[1].hi);
    __m256i u2 = _mm256_unpacklo_epi32(x[2].hi, x[3].hi), u3 = _mm256_unpackhi_epi32(x[2].hi, x[3].hi);
#define KARX_I_JOIN(a, b) _mm512_inserti64x4(_mm512_castsi256_si512(a), b, 1)
    r[0] = KARX_I_JOIN(_mm256_unpacklo_epi64(t0, t2), _mm256_unpacklo_epi64(u0, u2));
    r[1] = KARX_I_JOIN(_mm256_unpackhi_epi64(t0, t2), _mm256_unpackhi_epi64(u0, u2));
    r[2] = KARX_I_JOIN(_mm256_unpacklo_epi64(t1, t3), _mm256_unpacklo_epi64(u1, u3));
    r[3] = KARX_I_JOIN(_mm256_unpackhi_epi64(t1, t3), _mm256_unpackhi_epi64(u1, u3));
#undef KARX_I_JOIN
}

#include "lanes_io_avx512.h"

#endif
