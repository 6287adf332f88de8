/* GHASH with VPCLMULQDQ on 512-bit registers (compiled with AVX-512 F/VL/BW + VPCLMULQDQ flags;
 * called only after a run-time check). 32 blocks per reduction: eight registers of four blocks,
 * multiplied lane by lane by H^32 .. H^1 (Karatsuba), summed unreduced, folded to one 128-bit
 * product and reduced once, so the serial chain through the GHASH state is paid once per 512
 * bytes. Fewer than 32 blocks go to the PCLMULQDQ kernel. */
#include "aead/ghash.h"
#include "aead/ghash_reduce.h"

#include <immintrin.h>

#include "karx/common.h"

static inline __m512i bswap512(__m512i x)
{
    const __m512i rev = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, rev);
}

#define bswap128 karx_i_gh_bswap128

static inline __m128i xor4(__m512i v)
{
    __m256i a = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
}

#define reduce karx_i_gh_reduce

void karx_i_ghash_blocks_vpclmul(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                 const uint8_t *data, size_t nblocks)
{
    if (nblocks >= 32) {
        /* p[k] lanes 0..3 = H^(32-4k) .. H^(29-4k): block 4k + j of a group meets H^(32-4k-j) */
        uint64_t rt[2 * KARX_I_GHASH_POWERS];
        for (int i = 0; i < KARX_I_GHASH_POWERS; i++) {
            rt[2 * i] = htab[2 * (KARX_I_GHASH_POWERS - 1 - i)];
            rt[2 * i + 1] = htab[2 * (KARX_I_GHASH_POWERS - 1 - i) + 1];
        }
        __m512i p[8], pk[8];
        for (int k = 0; k < 8; k++) {
            p[k] = _mm512_loadu_si512((const void *)(rt + 8 * k));
            pk[k] = _mm512_xor_si512(p[k], _mm512_shuffle_epi32(p[k], _MM_PERM_BADC));
        }
        __m128i s = bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
        while (nblocks >= 32) {
            __m512i lo = _mm512_setzero_si512(), hi = lo, mid = lo;
            for (int k = 0; k < 8; k++) {
                __m512i x = bswap512(_mm512_loadu_si512((const void *)(data + 64 * k)));
                if (k == 0)
                    x = _mm512_xor_si512(x, _mm512_inserti32x4(_mm512_setzero_si512(), s, 0));
                lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(x, p[k], 0x00));
                hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(x, p[k], 0x11));
                __m512i xk = _mm512_xor_si512(x, _mm512_shuffle_epi32(x, _MM_PERM_BADC));
                mid = _mm512_xor_si512(mid, _mm512_clmulepi64_epi128(xk, pk[k], 0x00));
            }
            s = reduce(xor4(lo), xor4(hi), xor4(mid));
            data += 512;
            nblocks -= 32;
        }
        _mm_storeu_si128((__m128i *)(void *)y, bswap128(s));
        karx_memzero(rt, sizeof rt);
        karx_memzero(p, sizeof p);
        karx_memzero(pk, sizeof pk);
    }
    if (nblocks != 0)
        karx_i_ghash_blocks_pclmul(htab, y, data, nblocks);
}

const karx_i_ghash_kernels karx_i_ghash_vpclmul_zmm = {
    "avx512-vpclmul", 32, karx_i_ghash_powers_pclmul, karx_i_ghash_blocks_vpclmul};
