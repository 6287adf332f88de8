/* GHASH with PCLMULQDQ (compiled with -mpclmul -mssse3 -msse4.1; called only after a run-time
 * check). Blocks are byte-reversed into the integer form of ghash.h; sixteen blocks (then eight,
 * then the rest) are multiplied by H^16 .. H^1 (Karatsuba, three carry-less multiplies each),
 * summed unreduced, and reduced once.
 * The reduction (ghash_reduce.h) is the shift-and-xor form of ghash_portable.c on 64-bit lanes. */
#include "aead/ghash.h"
#include "aead/ghash_reduce.h"

#include <immintrin.h>

#include "karx/common.h"

#define bswap128 karx_i_gh_bswap128

/* Unreduced 255-bit product parts, Karatsuba: lo, hi, mid (mid still holds lo ^ hi). */
typedef struct {
    __m128i lo, hi, mid;
} acc128;

static inline void acc_mul(acc128 *a, __m128i x, __m128i h, __m128i hk)
{
    a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
    a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
    __m128i xk = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e));
    a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(xk, hk, 0x00));
}

/* Karatsuba helper of a power: lane 0 = lo ^ hi. */
static inline __m128i kara(__m128i h) { return _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e)); }

static inline __m128i reduce(const acc128 *a) { return karx_i_gh_reduce(a->lo, a->hi, a->mid); }

static inline __m128i gf_mul(__m128i a, __m128i b)
{
    acc128 acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    acc_mul(&acc, a, b, kara(b));
    return reduce(&acc);
}

void karx_i_ghash_powers_pclmul(uint64_t htab[2 * KARX_I_GHASH_POWERS], const uint8_t h[16],
                                unsigned n)
{
    __m128i h1 = bswap128(_mm_loadu_si128((const __m128i *)(const void *)h));
    __m128i p = h1;
    _mm_storeu_si128((__m128i *)(void *)htab, p);
    for (unsigned k = 1; k < n && k < KARX_I_GHASH_POWERS; k++) {
        p = gf_mul(p, h1);
        _mm_storeu_si128((__m128i *)(void *)(htab + 2 * k), p);
    }
}

#define GH_AGG 16 /* blocks per reduction in the main loop (at most KARX_I_GHASH_POWERS) */

static inline __m128i ld(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

void karx_i_ghash_blocks_pclmul(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                const uint8_t *data, size_t nblocks)
{
    /* only the powers this call uses: 16 for groups of 16, else 8, else one a block (a short
     * message reads 1-2 lines of the key's table, not 4) */
    __m128i hp[GH_AGG], hk[GH_AGG];
    int np = nblocks >= GH_AGG ? GH_AGG : nblocks >= 8 ? 8 : (int)nblocks;
    for (int k = 0; k < np; k++) {
        hp[k] = _mm_loadu_si128((const __m128i *)(const void *)(htab + 2 * k)); /* H^(k+1) */
        hk[k] = kara(hp[k]);
    }
    for (int k = np; k < GH_AGG; k++)
        hp[k] = hk[k] = _mm_setzero_si128();
    __m128i s = bswap128(ld(y));
    while (nblocks >= GH_AGG) {
        acc128 acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
        acc_mul(&acc, _mm_xor_si128(s, bswap128(ld(data))), hp[GH_AGG - 1], hk[GH_AGG - 1]);
        for (int i = 1; i < GH_AGG; i++)
            acc_mul(&acc, bswap128(ld(data + 16 * i)), hp[GH_AGG - 1 - i], hk[GH_AGG - 1 - i]);
        s = reduce(&acc);
        data += 16 * GH_AGG;
        nblocks -= GH_AGG;
    }
    while (nblocks >= 8) { /* 8..GH_AGG-1 left */
        acc128 acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
        acc_mul(&acc, _mm_xor_si128(s, bswap128(ld(data))), hp[7], hk[7]);
        for (int i = 1; i < 8; i++)
            acc_mul(&acc, bswap128(ld(data + 16 * i)), hp[7 - i], hk[7 - i]);
        s = reduce(&acc);
        data += 128;
        nblocks -= 8;
    }
    if (nblocks != 0) {
        size_t n = nblocks;
        acc128 acc = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
        acc_mul(&acc, _mm_xor_si128(s, bswap128(ld(data))), hp[n - 1], hk[n - 1]);
        for (size_t i = 1; i < n; i++)
            acc_mul(&acc, bswap128(ld(data + 16 * i)), hp[n - 1 - i], hk[n - 1 - i]);
        s = reduce(&acc);
    }
    _mm_storeu_si128((__m128i *)(void *)y, bswap128(s));
    karx_memzero(hp, sizeof hp);
    karx_memzero(hk, sizeof hk);
}

const karx_i_ghash_kernels karx_i_ghash_pclmul = {"pclmul", 16, karx_i_ghash_powers_pclmul,
                                                  karx_i_ghash_blocks_pclmul};
