/* What both AVX-512 lane vectors (lanes_vec_avx512.h: two ymm; lanes_vec_avx512z.h: one zmm)
 * share: the blocks of four lanes as one zmm (chunk l of register j is lane 4l + j's block, the
 * layout of their in-register transposes) loaded from and stored to the lanes' records, and
 * the counter pass's keystream XOR over them. The including header defines
 * karx_i_lanes512_transpose(x, r) for its LV first. */
#ifndef KARX_LANES_IO_AVX512_H
#define KARX_LANES_IO_AVX512_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* The blocks at off of lanes j, 4 + j, 8 + j, 12 + j (the layout of r[j]); zero for lanes not
 * live, which are not read. */
static inline __m512i karx_i_lanes512_load4(const uint8_t *const *p, unsigned j, size_t off,
                                            uint32_t live)
{
    __m128i b[4];
    for (unsigned l = 0; l < 4; l++)
        b[l] = live >> (4 * l + j) & 1
                   ? _mm_loadu_si128((const __m128i *)(const void *)(p[4 * l + j] + off))
                   : _mm_setzero_si128();
    __m512i v = _mm512_castsi128_si512(b[0]);
    v = _mm512_inserti32x4(v, b[1], 1);
    v = _mm512_inserti32x4(v, b[2], 2);
    return _mm512_inserti32x4(v, b[3], 3);
}

/* Stores the chunks of v to the live ones of lanes j, 4 + j, 8 + j, 12 + j at off. */
static inline void karx_i_lanes512_store4(uint8_t *const *p, unsigned j, size_t off,
                                          uint32_t live, __m512i v)
{
    if (live >> j & 1)
        _mm_storeu_si128((__m128i *)(void *)(p[j] + off), _mm512_castsi512_si128(v));
    if (live >> (4 + j) & 1)
        _mm_storeu_si128((__m128i *)(void *)(p[4 + j] + off), _mm512_extracti32x4_epi32(v, 1));
    if (live >> (8 + j) & 1)
        _mm_storeu_si128((__m128i *)(void *)(p[8 + j] + off), _mm512_extracti32x4_epi32(v, 2));
    if (live >> (12 + j) & 1)
        _mm_storeu_si128((__m128i *)(void *)(p[12 + j] + off), _mm512_extracti32x4_epi32(v, 3));
}

/* Keystream x XORed into the live lanes: a transpose in registers, then per lane a 16-byte
 * load, XOR and store. */
static inline void karx_i_lanes512_store_xor(const LV *x, uint8_t *const *out,
                                             const uint8_t *const *in, size_t off, uint32_t live)
{
    __m512i r[4];
    karx_i_lanes512_transpose(x, r);
    for (unsigned j = 0; j < 4; j++)
        karx_i_lanes512_store4(out, j, off, live,
                               _mm512_xor_si512(r[j], karx_i_lanes512_load4(in, j, off, live)));
}
#define LV_STORE_XOR(x, out, in, off, live) karx_i_lanes512_store_xor(x, out, in, off, live)

#endif
