/* LSH-256 single-message kernel, SSE2. cv_l and cv_r are two xmm each (words 0-3, 4-7 and
 * 8-11, 12-15). SSE2 has neither per-lane shifts nor byte shuffles, so the per-word gamma
 * rotations are built from one 16-bit shuffle, one 8-bit rotation and a shufps that picks each
 * word from whichever of the two already has its amount; sigma then absorbs that lane order. */
#include <emmintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

static inline __m128i rotl(__m128i x, int n)
{
    return _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - n));
}

/* Picks words 0 and 2 of a, then words 1 and 3 of b. */
static inline __m128i pick02_13(__m128i a, __m128i b)
{
    return _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b),
                                           _MM_SHUFFLE(3, 1, 2, 0)));
}

/* s = {L0, L1, R0, R1}. Mix on the pairs (l, l+8), then cv'[l] = t[sigma(l)]. */
static inline void step(__m128i s[4], const __m128i m[4], const uint32_t *sc, int a, int b)
{
    __m128i x0 = _mm_xor_si128(s[0], m[0]), x1 = _mm_xor_si128(s[1], m[1]);
    __m128i y0 = _mm_xor_si128(s[2], m[2]), y1 = _mm_xor_si128(s[3], m[3]);
    x0 = _mm_xor_si128(rotl(_mm_add_epi32(x0, y0), a), _mm_loadu_si128((const __m128i *)sc));
    x1 = _mm_xor_si128(rotl(_mm_add_epi32(x1, y1), a), _mm_loadu_si128((const __m128i *)sc + 1));
    y0 = rotl(_mm_add_epi32(x0, y0), b);
    y1 = rotl(_mm_add_epi32(x1, y1), b);
    x0 = _mm_add_epi32(x0, y0);
    x1 = _mm_add_epi32(x1, y1);

    /* gamma {0, 8, 16, 24}: words 2, 3 by 16 (pshufhw), then words 1, 3 from the copy rotated
     * by 8. Result word order is l = 0, 2, 1, 3. */
    __m128i h0 = _mm_shufflehi_epi16(y0, _MM_SHUFFLE(2, 3, 0, 1));
    y0 = pick02_13(h0, rotl(h0, 8));
    /* gamma {24, 16, 8, 0}: words 4, 5 by 16 (pshuflw), then words 4, 6 from the copy rotated
     * by 8. Result word order is l = 4, 6, 5, 7. */
    __m128i h1 = _mm_shufflelo_epi16(y1, _MM_SHUFFLE(2, 3, 0, 1));
    y1 = pick02_13(rotl(h1, 8), h1);

    /* sigma = {6,4,5,7, 12,15,14,13, 2,0,1,3, 8,11,10,9}; y0, y1 hold words 0,2,1,3 of
     * their group, so (0,3,2,1) becomes lanes (0,3,1,2). */
    s[0] = _mm_shuffle_epi32(x1, _MM_SHUFFLE(3, 1, 0, 2));
    s[1] = _mm_shuffle_epi32(y1, _MM_SHUFFLE(2, 1, 3, 0));
    s[2] = _mm_shuffle_epi32(x0, _MM_SHUFFLE(3, 1, 0, 2));
    s[3] = _mm_shuffle_epi32(y0, _MM_SHUFFLE(2, 1, 3, 0));
}

/* older[l] = prev[l] + older[tau(l)], tau = {3,2,0,1, 7,4,5,6, ...} per group of four. */
static inline void expand(__m128i older[4], const __m128i prev[4])
{
    older[0] = _mm_add_epi32(prev[0], _mm_shuffle_epi32(older[0], _MM_SHUFFLE(1, 0, 2, 3)));
    older[1] = _mm_add_epi32(prev[1], _mm_shuffle_epi32(older[1], _MM_SHUFFLE(2, 1, 0, 3)));
    older[2] = _mm_add_epi32(prev[2], _mm_shuffle_epi32(older[2], _MM_SHUFFLE(1, 0, 2, 3)));
    older[3] = _mm_add_epi32(prev[3], _mm_shuffle_epi32(older[3], _MM_SHUFFLE(2, 1, 0, 3)));
}

static void compress(uint32_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    __m128i s[4];
    for (int i = 0; i < 4; i++)
        s[i] = _mm_loadu_si128((const __m128i *)cv + i);
    for (; nblocks > 0; nblocks--, blocks += 128) {
        __m128i me[4], mo[4];
        for (int i = 0; i < 4; i++) {
            me[i] = _mm_loadu_si128((const __m128i *)blocks + i);
            mo[i] = _mm_loadu_si128((const __m128i *)blocks + i + 4);
        }
        for (int j = 0; j < KARX_LSH256_STEPS; j += 2) {
            step(s, me, karx_lsh256_sc[j], 29, 1);
            step(s, mo, karx_lsh256_sc[j + 1], 5, 17);
            expand(me, mo);
            if (j + 2 < KARX_LSH256_STEPS)
                expand(mo, me);
        }
        for (int i = 0; i < 4; i++)
            s[i] = _mm_xor_si128(s[i], me[i]);
    }
    for (int i = 0; i < 4; i++)
        _mm_storeu_si128((__m128i *)cv + i, s[i]);
}

const karx_lsh256_kernels karx_i_lsh256_sse2 = {"sse2", compress, 4, karx_i_lsh256_sse2_mb, NULL};
