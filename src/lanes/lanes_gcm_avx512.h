/* The zmm GHASH vector (16 lanes, four a register) of lanes_gcm_template.h: GCM's fused pass and
 * lane GHASH for the AVX-512 lane kernels. Compile with AVX-512 F/BW and VPCLMULQDQ flags. */
#ifndef KARX_LANES_GCM_AVX512_H
#define KARX_LANES_GCM_AVX512_H

/* the two-ymm vector unless the file chose the zmm one (lanes_vec_avx512z.h) first */
#ifndef LV
#include "lanes_vec_avx512.h"
#endif

#define GV __m512i
#define GV_LANES 4
#define GV_ZERO() _mm512_setzero_si512()
#define GV_XOR(a, b) _mm512_xor_si512(a, b)
#define GV_OR(a, b) _mm512_or_si512(a, b)
#define GV_CLMUL(a, b, imm) _mm512_clmulepi64_epi128(a, b, imm)
#define GV_BSLLI(v, n) _mm512_bslli_epi128(v, n)
#define GV_BSRLI(v, n) _mm512_bsrli_epi128(v, n)
#define GV_SLLI64(v, n) _mm512_slli_epi64(v, n)
#define GV_SRLI64(v, n) _mm512_srli_epi64(v, n)
#define GV_SWAP64(v) _mm512_shuffle_epi32(v, _MM_PERM_BADC)
#define GV_BSWAP128(v)                                                                         \
    _mm512_shuffle_epi8(v, _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,    \
                                                               10, 11, 12, 13, 14, 15)))
#define GV_TRANSPOSE(x, r) karx_i_lanes512_transpose(x, r)
#define GV_LOADN(p, j, off, live) karx_i_lanes512_load4(p, j, off, live)
#define GV_STOREN(p, j, off, live, v) karx_i_lanes512_store4(p, j, off, live, v)

#include "lanes_gcm_template.h"

/* The lane GHASH (lanes_gcm_avx512.c), the kernels' ghash member. */
void karx_i_lanes_ghash_avx512(uint8_t *const *y, const uint8_t *const *h,
                               const uint8_t *const *data, size_t nblocks, uint32_t live);

#endif
