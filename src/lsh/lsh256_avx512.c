/* LSH-256 single-message kernel for AVX-512 (VL forms on ymm): cv_l and cv_r each live in one
 * ymm (8 x u32). A step is latency-bound, so its chain is kept to add/rotate/xor plus one
 * cross-lane permute: beta and gamma fold into one variable rotate for the cv_r half
 * (x <<< beta <<< gamma = x <<< (beta + gamma)), and sigma takes one permute per new half.
 * The message expansion runs in registers beside it. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* Per-step rotation amounts for vprolvd: alpha, beta, beta + gamma[l], and for the new cv_l
 * beta (lanes 0..3) or beta + gamma[sigma(l) - 8] (lanes 4..7). */
typedef struct {
    __m256i a, b, bg, bg_l;
} rot256;

/* One step: mix the pairs (l, l + 8) of cv ^ m, then permute words by sigma:
 * new cv_l = {x6,x4,x5,x7,y4,y7,y6,y5}, new cv_r = {x2,x0,x1,x3,y0,y3,y2,y1}. */
static inline void step256(__m256i *l, __m256i *r, __m256i ml, __m256i mr, const uint32_t *sc,
                           const rot256 *rot, __m256i sig_l, __m256i sig_r)
{
    __m256i x = _mm256_xor_si256(*l, ml), y = _mm256_xor_si256(*r, mr);
    x = _mm256_add_epi32(x, y);
    x = _mm256_xor_si256(_mm256_rolv_epi32(x, rot->a), _mm256_loadu_si256((const __m256i *)sc));
    y = _mm256_add_epi32(y, x);
    /* cv_l permutes y before rotating it (and adds its x share after), cv_r rotates first:
     * the two permutes then leave port 5 on different cycles yet finish together. */
    __m256i xs = _mm256_maskz_permutexvar_epi32(0x0f, sig_l, x);
    __m256i ys = _mm256_permutexvar_epi32(sig_l, y);
    __m256i yb = _mm256_rolv_epi32(y, rot->b);
    y = _mm256_rolv_epi32(y, rot->bg);
    x = _mm256_add_epi32(x, yb);
    *r = _mm256_permutex2var_epi32(x, sig_r, y);
    *l = _mm256_add_epi32(_mm256_rolv_epi32(ys, rot->bg_l), xs);
}

/* next[l] = prev[l] + older[tau(l)]; tau maps each 8-word half onto itself. */
static inline __m256i expand256(__m256i older, __m256i prev, __m256i tau)
{
    return _mm256_add_epi32(prev, _mm256_permutexvar_epi32(tau, older));
}

static void compress256_avx512(uint32_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    const __m256i tau = _mm256_setr_epi32(3, 2, 0, 1, 7, 4, 5, 6);
    const __m256i sig_l = _mm256_setr_epi32(6, 4, 5, 7, 12, 15, 14, 13);
    const __m256i sig_r = _mm256_setr_epi32(2, 0, 1, 3, 8, 11, 10, 9);
    /* gamma = {0, 8, 16, 24, 24, 16, 8, 0}; vprolvd takes the amounts mod 32. */
    const rot256 even = {_mm256_set1_epi32(29), _mm256_set1_epi32(1),
                         _mm256_setr_epi32(1, 9, 17, 25, 25, 17, 9, 1),
                         _mm256_setr_epi32(1, 1, 1, 1, 25, 1, 9, 17)};
    const rot256 odd = {_mm256_set1_epi32(5), _mm256_set1_epi32(17),
                        _mm256_setr_epi32(17, 25, 33, 41, 41, 33, 25, 17),
                        _mm256_setr_epi32(17, 17, 17, 17, 41, 17, 25, 33)};
    __m256i l = _mm256_loadu_si256((const __m256i *)cv);
    __m256i r = _mm256_loadu_si256((const __m256i *)(cv + 8));

    for (size_t i = 0; i < nblocks; i++, blocks += 128) {
        const __m256i *p = (const __m256i *)blocks;
        __m256i el = _mm256_loadu_si256(p), er = _mm256_loadu_si256(p + 1);
        __m256i ol = _mm256_loadu_si256(p + 2), orr = _mm256_loadu_si256(p + 3);
        for (int j = 0; j < KARX_LSH256_STEPS; j += 2) {
            step256(&l, &r, el, er, karx_lsh256_sc[j], &even, sig_l, sig_r);
            step256(&l, &r, ol, orr, karx_lsh256_sc[j + 1], &odd, sig_l, sig_r);
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

const karx_lsh256_kernels karx_i_lsh256_avx512 = {"avx512", compress256_avx512, 16,
                                                   karx_i_lsh256_avx512_mb};
