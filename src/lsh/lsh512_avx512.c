/* LSH-512 single-message kernel for AVX-512: cv_l and cv_r each live in one zmm (8 x u64).
 * A step is latency-bound, so its chain is kept to add/rotate/xor plus one cross-lane
 * permute: beta and gamma fold into one variable rotate for the cv_r half (x <<< beta <<< gamma
 * = x <<< (beta + gamma)), and sigma is two vpermt2q across the mixed halves. The message
 * expansion runs in registers beside it. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* Per-step rotation amounts (alpha, beta, beta + gamma[l]) as vectors for vprolvq. */
typedef struct {
    __m512i a, b, bg;
} rot512;

/* One step: mix the pairs (l, l + 8) of cv ^ m, then permute words by sigma. */
static inline void step512(__m512i *l, __m512i *r, __m512i ml, __m512i mr, const uint64_t *sc,
                           const rot512 *rot, __m512i sig_l, __m512i sig_r)
{
    __m512i x = _mm512_xor_si512(*l, ml), y = _mm512_xor_si512(*r, mr);
    x = _mm512_add_epi64(x, y);
    x = _mm512_xor_si512(_mm512_rolv_epi64(x, rot->a), _mm512_loadu_si512(sc));
    y = _mm512_add_epi64(y, x);
    /* new x = x + (y <<< beta) feeds the cv_l lanes 0..3 and cv_r lanes 0..3. cv_r waits for
     * it, but cv_l permutes y <<< beta at once and adds its share of the old x after, so the
     * two sigma permutes leave port 5 a cycle apart and finish together. */
    __m512i yb = _mm512_rolv_epi64(y, rot->b), xs = _mm512_permutexvar_epi64(sig_l, x);
    y = _mm512_rolv_epi64(y, rot->bg);
    __m512i pl = _mm512_permutex2var_epi64(yb, sig_l, y);
    x = _mm512_add_epi64(x, yb);
    /* sigma: new cv_l = {x6,x4,x5,x7,y4,y7,y6,y5}, new cv_r = {x2,x0,x1,x3,y0,y3,y2,y1}. */
    *l = _mm512_mask_add_epi64(pl, 0x0f, pl, xs);
    *r = _mm512_permutex2var_epi64(x, sig_r, y);
}

/* Byte permute for cv_l in the VBMI step: qword k takes word sigma(k) of y <<< beta, and for
 * k >= 4 (the cv_r words) rotates it left by gamma[sigma(k) - 8] bytes. */
static const uint8_t sigma_l_bytes[64] = {
    48, 49, 50, 51, 52, 53, 54, 55, 32, 33, 34, 35, 36, 37, 38, 39, /* words 6, 4 */
    40, 41, 42, 43, 44, 45, 46, 47, 56, 57, 58, 59, 60, 61, 62, 63, /* words 5, 7 */
    39, 32, 33, 34, 35, 36, 37, 38, 57, 58, 59, 60, 61, 62, 63, 56, /* 4 <<< 8, 7 <<< 56 */
    51, 52, 53, 54, 55, 48, 49, 50, 45, 46, 47, 40, 41, 42, 43, 44, /* 6 <<< 40, 5 <<< 24 */
};

/* The same step with VBMI: the cv_l permute is one vpermb of y <<< beta that also applies the
 * gamma byte rotations, so only cv_r needs y <<< (beta + gamma) and port 0 rotates once less
 * before the permutes. */
__attribute__((target("avx512vbmi,avx512vl,avx512bw,avx512f"))) static inline void
step512_vbmi(__m512i *l, __m512i *r, __m512i ml, __m512i mr, const uint64_t *sc,
             const rot512 *rot, __m512i sig_l, __m512i sig_lb, __m512i sig_r)
{
    __m512i x = _mm512_xor_si512(*l, ml), y = _mm512_xor_si512(*r, mr);
    x = _mm512_add_epi64(x, y);
    x = _mm512_xor_si512(_mm512_rolv_epi64(x, rot->a), _mm512_loadu_si512(sc));
    y = _mm512_add_epi64(y, x);
    __m512i yb = _mm512_rolv_epi64(y, rot->b), xs = _mm512_permutexvar_epi64(sig_l, x);
    __m512i pl = _mm512_permutexvar_epi8(sig_lb, yb);
    y = _mm512_rolv_epi64(y, rot->bg);
    x = _mm512_add_epi64(x, yb);
    *l = _mm512_mask_add_epi64(pl, 0x0f, pl, xs);
    *r = _mm512_permutex2var_epi64(x, sig_r, y);
}

/* next[l] = prev[l] + older[tau(l)]; tau maps each 8-word half onto itself. */
static inline __m512i expand512(__m512i older, __m512i prev, __m512i tau)
{
    return _mm512_add_epi64(prev, _mm512_permutexvar_epi64(tau, older));
}

static void compress512_avx512(uint64_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    const __m512i tau = _mm512_setr_epi64(3, 2, 0, 1, 7, 4, 5, 6);
    const __m512i sig_l = _mm512_setr_epi64(6, 4, 5, 7, 12, 15, 14, 13);
    const __m512i sig_r = _mm512_setr_epi64(2, 0, 1, 3, 8, 11, 10, 9);
    /* gamma = {0, 16, 32, 48, 8, 24, 40, 56}; vprolvq takes the amounts mod 64. */
    const rot512 even = {_mm512_set1_epi64(23), _mm512_set1_epi64(59),
                         _mm512_setr_epi64(59, 75, 91, 107, 67, 83, 99, 115)};
    const rot512 odd = {_mm512_set1_epi64(7), _mm512_set1_epi64(3),
                        _mm512_setr_epi64(3, 19, 35, 51, 11, 27, 43, 59)};
    __m512i l = _mm512_loadu_si512(cv), r = _mm512_loadu_si512(cv + 8);

    for (size_t i = 0; i < nblocks; i++, blocks += 256) {
        __m512i el = _mm512_loadu_si512(blocks), er = _mm512_loadu_si512(blocks + 64);
        __m512i ol = _mm512_loadu_si512(blocks + 128), orr = _mm512_loadu_si512(blocks + 192);
        for (int j = 0; j < KARX_LSH512_STEPS; j += 2) {
            step512(&l, &r, el, er, karx_lsh512_sc[j], &even, sig_l, sig_r);
            step512(&l, &r, ol, orr, karx_lsh512_sc[j + 1], &odd, sig_l, sig_r);
            el = expand512(el, ol, tau);
            er = expand512(er, orr, tau);
            ol = expand512(ol, el, tau);
            orr = expand512(orr, er, tau);
        }
        l = _mm512_xor_si512(l, el);
        r = _mm512_xor_si512(r, er);
    }
    _mm512_storeu_si512(cv, l);
    _mm512_storeu_si512(cv + 8, r);
}

__attribute__((target("avx512vbmi,avx512vl,avx512bw,avx512f"))) static void
compress512_vbmi(uint64_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    const __m512i tau = _mm512_setr_epi64(3, 2, 0, 1, 7, 4, 5, 6);
    const __m512i sig_l = _mm512_setr_epi64(6, 4, 5, 7, 12, 15, 14, 13);
    const __m512i sig_lb = _mm512_loadu_si512(sigma_l_bytes);
    const __m512i sig_r = _mm512_setr_epi64(2, 0, 1, 3, 8, 11, 10, 9);
    /* gamma = {0, 16, 32, 48, 8, 24, 40, 56}; vprolvq takes the amounts mod 64. */
    const rot512 even = {_mm512_set1_epi64(23), _mm512_set1_epi64(59),
                         _mm512_setr_epi64(59, 75, 91, 107, 67, 83, 99, 115)};
    const rot512 odd = {_mm512_set1_epi64(7), _mm512_set1_epi64(3),
                        _mm512_setr_epi64(3, 19, 35, 51, 11, 27, 43, 59)};
    __m512i l = _mm512_loadu_si512(cv), r = _mm512_loadu_si512(cv + 8);

    for (size_t i = 0; i < nblocks; i++, blocks += 256) {
        __m512i el = _mm512_loadu_si512(blocks), er = _mm512_loadu_si512(blocks + 64);
        __m512i ol = _mm512_loadu_si512(blocks + 128), orr = _mm512_loadu_si512(blocks + 192);
        for (int j = 0; j < KARX_LSH512_STEPS; j += 2) {
            step512_vbmi(&l, &r, el, er, karx_lsh512_sc[j], &even, sig_l, sig_lb, sig_r);
            step512_vbmi(&l, &r, ol, orr, karx_lsh512_sc[j + 1], &odd, sig_l, sig_lb, sig_r);
            el = expand512(el, ol, tau);
            er = expand512(er, orr, tau);
            ol = expand512(ol, el, tau);
            orr = expand512(orr, er, tau);
        }
        l = _mm512_xor_si512(l, el);
        r = _mm512_xor_si512(r, er);
    }
    _mm512_storeu_si512(cv, l);
    _mm512_storeu_si512(cv + 8, r);
}

static void compress512(uint64_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    if (karx_cpu_features() & KARX_CPU_AVX512VBMI)
        compress512_vbmi(cv, blocks, nblocks);
    else
        compress512_avx512(cv, blocks, nblocks);
}

const karx_lsh512_kernels karx_i_lsh512_avx512 = {"avx512", compress512, 8,
                                                   karx_i_lsh512_avx512_mb};
