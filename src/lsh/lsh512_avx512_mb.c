/* LSH-512 multi-buffer kernel, AVX-512: 8 messages at once, one per 64-bit lane of a zmm.
 * Vector w holds word w of every lane, so sigma and tau are plain register renaming and every
 * rotation is by an immediate. alpha/beta rotations use vprolq (port 0 only); the byte-multiple
 * gamma rotations use vpshufb (port 5) to keep the two vector ports balanced. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

#define LANES 8
typedef __m512i V;

#define ADD(a, b) _mm512_add_epi64(a, b)
#define XOR(a, b) _mm512_xor_si512(a, b)

/* vpshufb pattern rotating each 64-bit word left by k bytes. */
#define RB(k, i) (char)(((i) & 8) | (((i) - (k)) & 7))
#define ROTB(k)                                                                                 \
    _mm512_broadcast_i32x4(_mm_setr_epi8(RB(k, 0), RB(k, 1), RB(k, 2), RB(k, 3), RB(k, 4),      \
                                         RB(k, 5), RB(k, 6), RB(k, 7), RB(k, 8), RB(k, 9),      \
                                         RB(k, 10), RB(k, 11), RB(k, 12), RB(k, 13), RB(k, 14), \
                                         RB(k, 15)))

/* Mix_j on all 8 word pairs, then sigma. A and B must be immediates, hence a macro. */
#define DEFINE_STEP(name, A, B)                                                                 \
    static inline void name(V c[16], const V m[16], const uint64_t sc[8], const V g[8])        \
    {                                                                                           \
        V t[16];                                                                                \
        for (int l = 0; l < 8; l++) {                                                           \
            V x = XOR(c[l], m[l]), y = XOR(c[l + 8], m[l + 8]);                                 \
            x = XOR(_mm512_rol_epi64(ADD(x, y), A), _mm512_set1_epi64((long long)sc[l]));      \
            y = _mm512_rol_epi64(ADD(x, y), B);                                                 \
            t[l] = ADD(x, y);                                                                   \
            t[l + 8] = l ? _mm512_shuffle_epi8(y, g[l]) : y; /* gamma[0] = 0 */                 \
        }                                                                                       \
        for (int l = 0; l < 16; l++)                                                            \
            c[l] = t[karx_lsh_sigma[l]];                                                        \
    }

DEFINE_STEP(step_even, 23, 59)
DEFINE_STEP(step_odd, 7, 3)

/* older[l] = prev[l] + older[tau(l)]: the next message word set, written over the older one. */
static inline void expand(V older[16], const V prev[16])
{
    V t[16];
    for (int l = 0; l < 16; l++)
        t[l] = ADD(prev[l], older[karx_lsh_tau[l]]);
    for (int l = 0; l < 16; l++)
        older[l] = t[l];
}

/* m[i] = word (off / 8 + i) of all 8 lanes, for i < 8: an 8x8 transpose. The first stage is
 * done by the loads (lane i in the low half, lane i + 4 in the high half of a register). */
static inline void load_words(V m[8], const uint8_t *const *blocks, size_t off)
{
    const V lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const V hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    V a[8];
    for (int h = 0; h < 2; h++)
        for (int i = 0; i < 4; i++) {
            const uint8_t *p = blocks[i] + off + 32 * h, *q = blocks[i + 4] + off + 32 * h;
            a[4 * h + i] = _mm512_inserti64x4(
                _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)p)),
                _mm256_loadu_si256((const __m256i *)(const void *)q), 1);
        }
    for (int h = 0; h < 8; h += 4) {
        V t0 = _mm512_unpacklo_epi64(a[h], a[h + 1]), t1 = _mm512_unpackhi_epi64(a[h], a[h + 1]);
        V t2 = _mm512_unpacklo_epi64(a[h + 2], a[h + 3]);
        V t3 = _mm512_unpackhi_epi64(a[h + 2], a[h + 3]);
        m[h] = _mm512_permutex2var_epi64(t0, lo, t2);
        m[h + 1] = _mm512_permutex2var_epi64(t1, lo, t3);
        m[h + 2] = _mm512_permutex2var_epi64(t0, hi, t2);
        m[h + 3] = _mm512_permutex2var_epi64(t1, hi, t3);
    }
}

void karx_i_lsh512_avx512_mb(uint64_t *state, const uint8_t *const *blocks)
{
    const V g[8] = {_mm512_setzero_si512(), ROTB(2), ROTB(4), ROTB(6),
                    ROTB(1), ROTB(3), ROTB(5), ROTB(7)}; /* gamma = {0,16,32,48,8,24,40,56} */
    V c[16], me[16], mo[16];
    for (int w = 0; w < 16; w++)
        c[w] = _mm512_loadu_si512(state + w * LANES);
    for (int q = 0; q < 4; q++)
        load_words(q < 2 ? me + 8 * q : mo + 8 * (q - 2), blocks, (size_t)64 * q);

    step_even(c, me, karx_lsh512_sc[0], g);
    step_odd(c, mo, karx_lsh512_sc[1], g);
    for (int j = 2; j < KARX_LSH512_STEPS; j += 2) {
        expand(me, mo);
        step_even(c, me, karx_lsh512_sc[j], g);
        expand(mo, me);
        step_odd(c, mo, karx_lsh512_sc[j + 1], g);
    }
    expand(me, mo);
    for (int w = 0; w < 16; w++)
        _mm512_storeu_si512(state + w * LANES, XOR(c[w], me[w]));
}
