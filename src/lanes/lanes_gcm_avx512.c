/* The lane GHASH for AVX-512 with VPCLMULQDQ (lanes.h: ghash): 16 lanes, each its own H and
 * state, four blocks a reduction; the GCM record jobs hash their short records with it. */
#include "karx/common.h"
#include "lanes.h"
#include "lanes_gcm_avx512.h"

/* GHASH alone in the 16 lanes, four blocks a reduction as in GL_GCM32. */
void karx_i_lanes_ghash_avx512(uint8_t *const *y, const uint8_t *const *h, const uint8_t *const *data,
                     size_t nblocks, uint32_t live)
{
    __m512i H[4][4], HK[4][4], Y[4];
    for (unsigned p = 0; p < 4; p++)
        for (unsigned j = 0; j < 4; j++) {
            H[p][j] = karx_i_lanes512_load4(h, j, 16 * p, live);
            HK[p][j] = _mm512_xor_si512(H[p][j], _mm512_shuffle_epi32(H[p][j], _MM_PERM_BADC));
        }
    for (unsigned j = 0; j < 4; j++)
        Y[j] = gl_bswap(karx_i_lanes512_load4((const uint8_t *const *)(const void *)y, j, 0, live));
    size_t b = 0;
    for (; b + 4 <= nblocks; b += 4) {
        for (unsigned j = 0; j < 4; j++) {
            __m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo;
            for (unsigned q = 0; q < 4; q++) {
                __m512i a = gl_bswap(karx_i_lanes512_load4(data, j, 16 * (b + q), live));
                if (q == 0)
                    a = _mm512_xor_si512(a, Y[j]);
                __m512i ak = _mm512_xor_si512(a, _mm512_shuffle_epi32(a, _MM_PERM_BADC));
                lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(a, H[3 - q][j], 0x00));
                hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(a, H[3 - q][j], 0x11));
                mid = _mm512_xor_si512(mid, _mm512_clmulepi64_epi128(ak, HK[3 - q][j], 0x00));
            }
            Y[j] = gl_reduce(lo, hi, mid);
        }
    }
    for (; b < nblocks; b++)
        for (unsigned j = 0; j < 4; j++)
            Y[j] = gl_mul(Y[j], gl_bswap(karx_i_lanes512_load4(data, j, 16 * b, live)), H[0][j],
                          HK[0][j]);
    for (unsigned j = 0; j < 4; j++)
        karx_i_lanes512_store4(y, j, 0, live, gl_bswap(Y[j]));
}

