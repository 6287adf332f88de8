/* LSH-512 single-message kernel for AVX2: cv_l and cv_r each live in two ymm (4 x u64; [0] holds
 * words 0..3 of the half, [1] words 4..7). Rotations are shift/shift/or, the gamma byte
 * rotations one vpshufb per ymm, and sigma four vpermq: each new ymm takes its four words from
 * one mixed ymm. The message expansion runs in registers beside the latency-bound step chain. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

static inline __m256i rotl64x4(__m256i x, int n)
{
    return _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - n));
}

/* Byte shuffles rotating words 0..3 left by {0, 16, 32, 48} and words 4..7 by {8, 24, 40, 56}. */
typedef struct {
    __m256i lo, hi;
} gamma512;

/* One step: mix the pairs (l, l + 8) of cv ^ m, then permute words by sigma. */
static inline void step512(__m256i l[2], __m256i r[2], const __m256i m[4], const uint64_t *sc,
                           int a, int b, const gamma512 *g)
{
    __m256i x0 = _mm256_xor_si256(l[0], m[0]), x1 = _mm256_xor_si256(l[1], m[1]);
    __m256i y0 = _mm256_xor_si256(r[0], m[2]), y1 = _mm256_xor_si256(r[1], m[3]);
    x0 = _mm256_add_epi64(x0, y0);
    x1 = _mm256_add_epi64(x1, y1);
    x0 = _mm256_xor_si256(rotl64x4(x0, a), _mm256_loadu_si256((const __m256i *)sc));
    x1 = _mm256_xor_si256(rotl64x4(x1, a), _mm256_loadu_si256((const __m256i *)(sc + 4)));
    y0 = rotl64x4(_mm256_add_epi64(y0, x0), b);
    y1 = rotl64x4(_mm256_add_epi64(y1, x1), b);
    x0 = _mm256_add_epi64(x0, y0);
    x1 = _mm256_add_epi64(x1, y1);
    y0 = _mm256_shuffle_epi8(y0, g->lo); /* gamma amounts are whole bytes */
    y1 = _mm256_shuffle_epi8(y1, g->hi);
    /* sigma: new cv_l = {x6,x4,x5,x7 | y4,y7,y6,y5}, new cv_r = {x2,x0,x1,x3 | y0,y3,y2,y1}. */
    l[0] = _mm256_permute4x64_epi64(x1, _MM_SHUFFLE(3, 1, 0, 2));
    l[1] = _mm256_permute4x64_epi64(y1, _MM_SHUFFLE(1, 2, 3, 0));
    r[0] = _mm256_permute4x64_epi64(x0, _MM_SHUFFLE(3, 1, 0, 2));
    r[1] = _mm256_permute4x64_epi64(y0, _MM_SHUFFLE(1, 2, 3, 0));
}

/* next = prev + tau(older), in place over older; tau maps words 0..3 and 4..7 of each half
 * onto themselves ({3,2,0,1} and {7,4,5,6}), so each ymm permutes alone. */
static inline void expand512(__m256i older[4], const __m256i prev[4])
{
    for (int k = 0; k < 4; k += 2) {
        older[k] = _mm256_add_epi64(prev[k],
                                    _mm256_permute4x64_epi64(older[k], _MM_SHUFFLE(1, 0, 2, 3)));
        older[k + 1] = _mm256_add_epi64(
            prev[k + 1], _mm256_permute4x64_epi64(older[k + 1], _MM_SHUFFLE(2, 1, 0, 3)));
    }
}

static void compress512_avx2(uint64_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    const gamma512 g = {
        _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 8, 9, 10, 11, 12, 13,
                         4, 5, 6, 7, 0, 1, 2, 3, 10, 11, 12, 13, 14, 15, 8, 9),
        _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 13, 14, 15, 8, 9, 10, 11, 12,
                         3, 4, 5, 6, 7, 0, 1, 2, 9, 10, 11, 12, 13, 14, 15, 8)};
    __m256i l[2], r[2];
    for (int k = 0; k < 2; k++) {
        l[k] = _mm256_loadu_si256((const __m256i *)(cv + 4 * k));
        r[k] = _mm256_loadu_si256((const __m256i *)(cv + 8 + 4 * k));
    }

    for (size_t i = 0; i < nblocks; i++, blocks += 256) {
        const __m256i *p = (const __m256i *)blocks;
        __m256i me[4], mo[4]; /* {left 0..3, left 4..7, right 0..3, right 4..7} */
        for (int k = 0; k < 4; k++) {
            me[k] = _mm256_loadu_si256(p + k);
            mo[k] = _mm256_loadu_si256(p + 4 + k);
        }
        for (int j = 0; j < KARX_LSH512_STEPS; j += 2) {
            step512(l, r, me, karx_lsh512_sc[j], 23, 59, &g);
            step512(l, r, mo, karx_lsh512_sc[j + 1], 7, 3, &g);
            expand512(me, mo);
            expand512(mo, me);
        }
        for (int k = 0; k < 2; k++) {
            l[k] = _mm256_xor_si256(l[k], me[k]);
            r[k] = _mm256_xor_si256(r[k], me[2 + k]);
        }
    }
    for (int k = 0; k < 2; k++) {
        _mm256_storeu_si256((__m256i *)(cv + 4 * k), l[k]);
        _mm256_storeu_si256((__m256i *)(cv + 8 + 4 * k), r[k]);
    }
}

const karx_lsh512_kernels karx_i_lsh512_avx2 = {"avx2", compress512_avx2, 4,
                                                 karx_i_lsh512_avx2_mb};
