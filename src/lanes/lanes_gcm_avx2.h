/* The ymm vector (8 lanes, two a register) of lanes_gcm_template.h: GCM's fused pass and lane
 * GHASH for the AVX2 lane kernels on CPUs with VPCLMULQDQ (Zen 3, Ice Lake and later). Compile
 * with AVX2 and VPCLMULQDQ flags. */
#ifndef KARX_LANES_GCM_AVX2_H
#define KARX_LANES_GCM_AVX2_H

#include "lanes_vec_avx2.h"

/* The blocks at off of lanes j and 4 + j (zero for lanes not live, which are not read). */
static inline __m256i karx_i_lanes256_load2(const uint8_t *const *p, unsigned j, size_t off,
                                            uint32_t live)
{
    __m128i a = live >> j & 1 ? _mm_loadu_si128((const __m128i *)(const void *)(p[j] + off))
                              : _mm_setzero_si128();
    __m128i b = live >> (4 + j) & 1
                    ? _mm_loadu_si128((const __m128i *)(const void *)(p[4 + j] + off))
                    : _mm_setzero_si128();
    return _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
}

static inline void karx_i_lanes256_store2(uint8_t *const *p, unsigned j, size_t off,
                                          uint32_t live, __m256i v)
{
    if (live >> j & 1)
        _mm_storeu_si128((__m128i *)(void *)(p[j] + off), _mm256_castsi256_si128(v));
    if (live >> (4 + j) & 1)
        _mm_storeu_si128((__m128i *)(void *)(p[4 + j] + off), _mm256_extracti128_si256(v, 1));
}

#define GV __m256i
#define GV_LANES 2
#define GV_ZERO() _mm256_setzero_si256()
#define GV_XOR(a, b) _mm256_xor_si256(a, b)
#define GV_OR(a, b) _mm256_or_si256(a, b)
#define GV_CLMUL(a, b, imm) _mm256_clmulepi64_epi128(a, b, imm)
#define GV_BSLLI(v, n) _mm256_bslli_epi128(v, n)
#define GV_BSRLI(v, n) _mm256_bsrli_epi128(v, n)
#define GV_SLLI64(v, n) _mm256_slli_epi64(v, n)
#define GV_SRLI64(v, n) _mm256_srli_epi64(v, n)
#define GV_SWAP64(v) _mm256_shuffle_epi32(v, 0x4e)
#define GV_BSWAP128(v)                                                                         \
    _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, \
                                                                    9, 10, 11, 12, 13, 14, 15)))
#define GV_TRANSPOSE(x, r) karx_i_lanes256_transpose(x, r)
#define GV_LOADN(p, j, off, live) karx_i_lanes256_load2(p, j, off, live)
#define GV_STOREN(p, j, off, live, v) karx_i_lanes256_store2(p, j, off, live, v)

#include "lanes_gcm_template.h"

/* The lane GHASH (lanes_gcm_avx2.c), the kernels' ghash member. */
void karx_i_lanes_ghash_avx2(uint8_t *const *y, const uint8_t *const *h,
                             const uint8_t *const *data, size_t nblocks, uint32_t live);

#endif
