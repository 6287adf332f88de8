/* The AVX-512 lane vector as one zmm (16 lanes) for lanes_template.h, for CPUs that run 512-bit
 * ops at full rate (KARX_CPU_AVX512_FULL: Intel's; not Zen 4, where lanes_vec_avx512.h's two
 * ymm win). On an Emerald Rapids Xeon the zmm form ran LEA's lane counter pass 1.4x faster than
 * two ymm (bench/results/20261205-xeon-lanes-zmm.md): the rounds issue half the ops, and GHASH
 * needs no join. Include only from files compiled with AVX-512 F/BW flags; the kernels built
 * on it register as the "avx512-zmm" impls (src/lanes/lanes.h). */
#ifndef KARX_LANES_VEC_AVX512Z_H
#define KARX_LANES_VEC_AVX512Z_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#define LV __m512i
#define LV_L 16
#define LV_LOAD(p) _mm512_load_si512((const void *)(p))
#define LV_STORE(p, v) _mm512_store_si512((void *)(p), v)
#define LV_SET1(x) _mm512_set1_epi32((int)(x))
#define LV_XOR(a, b) _mm512_xor_si512(a, b)
#define LV_ADD(a, b) _mm512_add_epi32(a, b)
#define LV_ROL(v, n) _mm512_rol_epi32(v, n)
#define LV_NAME "avx512"
#define LV_BSWAP32(v)                                                                          \
    _mm512_shuffle_epi8(v, _mm512_broadcast_i32x4(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11,     \
                                                                10, 9, 8, 15, 14, 13, 12)))

/* Word-sliced x (element i of x[w] = word w of lane i) to one block per 128-bit chunk: a 4x4
 * transpose inside each chunk; chunk l of r[j] is lane 4l + j's block. The transpose is its own
 * inverse: from four such registers of blocks it gives the words. */
static inline void karx_i_lanes512_transpose(const __m512i *x, __m512i *r)
{
    __m512i t0 = _mm512_unpacklo_epi32(x[0], x[1]), t1 = _mm512_unpackhi_epi32(x[0], x[1]);
    __m512i t2 = _mm512_unpacklo_epi32(x[2], x[3]), t3 = _mm512_unpackhi_epi32(x[2], x[3]);
    r[0] = _mm512_unpacklo_epi64(t0, t2);
    r[1] = _mm512_unpackhi_epi64(t0, t2);
    r[2] = _mm512_unpacklo_epi64(t1, t3);
    r[3] = _mm512_unpackhi_epi64(t1, t3);
}

#include "lanes_io_avx512.h"

/* Words 4g .. 4g + 3 of every lane's key as four vectors: a 16-byte load a lane and the
 * transpose, where the byte-wise path of lanes_template.h takes 64 scalar loads and stores. */
static inline void karx_i_lanes512z_key_words4(const uint8_t *const *keys, unsigned g, LV *t)
{
    __m512i r[4];
    for (unsigned j = 0; j < 4; j++)
        r[j] = karx_i_lanes512_load4(keys, j, 16 * g, 0xffffu);
    karx_i_lanes512_transpose(r, t);
}
#define LV_KEY_WORDS4(keys, g, t) karx_i_lanes512z_key_words4(keys, g, t)

#endif
