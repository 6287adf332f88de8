/* LSH-256 single-message kernel for AVX2: cv_l and cv_r each live in one ymm (8 x u32).
 * Rotations are shift/shift/or, the gamma byte rotations one vpshufb, and sigma four vpermd
 * and two blends (each new half takes four words from x and four from y). The message
 * expansion runs in registers beside the latency-bound step chain. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

static inline __m256i rotl32x8(__m256i x, int n)
{
    return _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - n));
}

/* Index vectors for sigma: new cv_l = {x6,x4,x5,x7,y4,y7,y6,y5}, new cv_r =
 * {x2,x0,x1,x3,y0,y3,y2,y1}; each vpermd fills the half its blend keeps. */
typedef struct {
    __m256i xl, yl, xr, yr;
} sigma256;

/* One step: mix the pairs (l, l + 8) of cv ^ m, then permute words by sigma. */
static inline void step256(__m256i *l, __m256i *r, __m256i ml, __m256i mr, const uint32_t *sc,
                           int a, int b, __m256i gamma, const sigma256 *sg)
{
    __m256i x = _mm256_xor_si256(*l, ml), y = _mm256_xor_si256(*r, mr);
    x = _mm256_add_epi32(x, y);
    x = _mm256_xor_si256(rotl32x8(x, a), _mm256_loadu_si256((const __m256i *)sc));
    y = rotl32x8(_mm256_add_epi32(y, x), b);
    x = _mm256_add_epi32(x, y);
    y = _mm256_shuffle_epi8(y, gamma); /* gamma amounts are whole bytes */
    *l = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(x, sg->xl),
                            _mm256_permutevar8x32_epi32(y, sg->yl), 0xf0);
    *r = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(x, sg->xr),
                            _mm256_permutevar8x32_epi32(y, sg->yr), 0xf0);
}

/* next[l] = prev[l] + older[tau(l)]; tau maps each 8-word half onto itself. */
static inline __m256i expand256(__m256i older, __m256i prev, __m256i tau)
{
    return _mm256_add_epi32(prev, _mm256_permutevar8x32_epi32(older, tau));
}

static void compress256_avx2(uint32_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    const __m256i tau = _mm256_setr_epi32(3, 2, 0, 1, 7, 4, 5, 6);
    const sigma256 sg = {
        _mm256_setr_epi32(6, 4, 5, 7, 6, 4, 5, 7), _mm256_setr_epi32(4, 7, 6, 5, 4, 7, 6, 5),
        _mm256_setr_epi32(2, 0, 1, 3, 2, 0, 1, 3), _mm256_setr_epi32(0, 3, 2, 1, 0, 3, 2, 1)};
    /* Byte shuffle rotating word l left by gamma = {0, 8, 16, 24, 24, 16, 8, 0} bits. */
    const __m256i gamma = _mm256_setr_epi8(0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12,
                                           1, 2, 3, 0, 6, 7, 4, 5, 11, 8, 9, 10, 12, 13, 14, 15);
    __m256i l = _mm256_loadu_si256((const __m256i *)cv);
    __m256i r = _mm256_loadu_si256((const __m256i *)(cv + 8));

    for (size_t i = 0; i < nblocks; i++, blocks += 128) {
        const __m256i *p = (const __m256i *)blocks;
        __m256i el = _mm256_loadu_si256(p), er = _mm256_loadu_si256(p + 1);
        __m256i ol = _mm256_loadu_si256(p + 2), orr = _mm256_loadu_si256(p + 3);
        for (int j = 0; j < KARX_LSH256_STEPS; j += 2) {
            step256(&l, &r, el, er, karx_lsh256_sc[j], 29, 1, gamma, &sg);
            step256(&l, &r, ol, orr, karx_lsh256_sc[j + 1], 5, 17, gamma, &sg);
            el = expand256(el, ol, tau);
            er = expand256(er, orr, tau);
            ol = expand256(ol, el, tau);
            orr = expand256(orr, er, tau);
        }
        l = _mm256_xor_si256(l, el);
        r = _mm256_xor_si256(r, er);
    }
    _mm256_storeu_si256((__m256i *)cv, l);
    _mm256_storeu_si256((__m256i *)(cv + 8), r);
}

const karx_lsh256_kernels karx_i_lsh256_avx2 = {"avx2", compress256_avx2, 8,
                                                 karx_i_lsh256_avx2_mb};
