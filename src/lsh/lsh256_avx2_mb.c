/* LSH-256 multi-buffer kernel, AVX2: 8 messages at once, one per 32-bit lane of a ymm.
 * Vector w holds word w of every lane, so sigma and tau are register renaming and every
 * rotation is by an immediate: shift/shift/or for alpha and beta, and one vpshufb for the
 * byte-multiple gamma amounts (another port than the shifts). */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

#define LANES 8
typedef __m256i V;

#define ADD(a, b) _mm256_add_epi32(a, b)
#define XOR(a, b) _mm256_xor_si256(a, b)
#define ROL(x, r) _mm256_or_si256(_mm256_slli_epi32(x, r), _mm256_srli_epi32(x, 32 - (r)))
#define UNROLL _Pragma("GCC unroll 16") /* word indices must be constants to stay in registers */

/* vpshufb pattern rotating each 32-bit word left by k bytes. */
#define RB(k, i) (char)(((i) & 12) | (((i) - (k)) & 3))
#define ROTB(k)                                                                                    \
    _mm256_broadcastsi128_si256(_mm_setr_epi8(RB(k, 0), RB(k, 1), RB(k, 2), RB(k, 3), RB(k, 4),    \
                                              RB(k, 5), RB(k, 6), RB(k, 7), RB(k, 8), RB(k, 9),    \
                                              RB(k, 10), RB(k, 11), RB(k, 12), RB(k, 13),          \
                                              RB(k, 14), RB(k, 15)))

/* Step j: the message words M_j = a + tau(b) are made pair by pair as Mix needs them (M_j = a
 * in the first two steps, EXP = 0), which keeps fewer registers live; then Mix_j and sigma, and
 * b gets M_j. A and B must be immediates, hence a macro. */
#define DEFINE_STEP(name, A, B, EXP)                                                               \
    static inline void name(V c[16], const V a[16], V b[16], const uint32_t sc[8],                 \
                            const V g[8])                                                          \
    {                                                                                              \
        V t[16], n[16];                                                                            \
        UNROLL for (int l = 0; l < 8; l++) {                                                       \
            n[l] = EXP ? ADD(a[l], b[karx_lsh_tau[l]]) : a[l];                                     \
            n[l + 8] = EXP ? ADD(a[l + 8], b[karx_lsh_tau[l + 8]]) : a[l + 8];                     \
            V x = XOR(c[l], n[l]), y = XOR(c[l + 8], n[l + 8]);                                    \
            x = XOR(ROL(ADD(x, y), A), _mm256_set1_epi32((int)sc[l]));                             \
            y = ROL(ADD(x, y), B);                                                                 \
            t[l] = ADD(x, y);                                                                      \
            t[l + 8] = l % 7 ? _mm256_shuffle_epi8(y, g[l]) : y; /* gamma[0, 7] = 0 */             \
        }                                                                                          \
        UNROLL for (int l = 0; l < 16; l++) {                                                      \
            c[l] = t[karx_lsh_sigma[l]];                                                           \
            b[l] = n[l];                                                                           \
        }                                                                                          \
    }

DEFINE_STEP(step0_even, 29, 1, 0)
DEFINE_STEP(step0_odd, 5, 17, 0)
DEFINE_STEP(step_even, 29, 1, 1)
DEFINE_STEP(step_odd, 5, 17, 1)

static inline __m256i load2x128(const uint8_t *lo, const uint8_t *hi)
{
    __m128i l = _mm_loadu_si128((const __m128i *)(const void *)lo);
    __m128i h = _mm_loadu_si128((const __m128i *)(const void *)hi);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1);
}

/* m[i] = word off / 4 + i of all 8 lanes, for i < 4: lane i and lane i + 4 share a register,
 * then a 4x4 transpose within each 128-bit half. */
static inline void load_words(V m[4], const uint8_t *const *blocks, size_t off)
{
    V a[4];
    UNROLL for (int i = 0; i < 4; i++)
        a[i] = load2x128(blocks[i] + off, blocks[i + 4] + off);
    V s0 = _mm256_unpacklo_epi32(a[0], a[1]), s1 = _mm256_unpackhi_epi32(a[0], a[1]);
    V s2 = _mm256_unpacklo_epi32(a[2], a[3]), s3 = _mm256_unpackhi_epi32(a[2], a[3]);
    m[0] = _mm256_unpacklo_epi64(s0, s2);
    m[1] = _mm256_unpackhi_epi64(s0, s2);
    m[2] = _mm256_unpacklo_epi64(s1, s3);
    m[3] = _mm256_unpackhi_epi64(s1, s3);
}

void karx_i_lsh256_avx2_mb(uint32_t *state, const uint8_t *const *blocks)
{
    const V g[8] = {_mm256_setzero_si256(), ROTB(1), ROTB(2), ROTB(3),
                    ROTB(3), ROTB(2), ROTB(1), _mm256_setzero_si256()}; /* gamma in bytes */
    V c[16], me[16], mo[16]; /* CV; the latest even- and odd-numbered message word sets */
    UNROLL for (int w = 0; w < 16; w++)
        c[w] = _mm256_loadu_si256((const __m256i *)(const void *)(state + w * LANES));
    UNROLL for (int k = 0; k < 4; k++) { /* words 4k..4k+3 of M_0 and of M_1 */
        load_words(me + 4 * k, blocks, (size_t)16 * k);
        load_words(mo + 4 * k, blocks, (size_t)16 * k + 64);
    }

    step0_even(c, me, me, karx_lsh256_sc[0], g);
    step0_odd(c, mo, mo, karx_lsh256_sc[1], g);
    for (int j = 2; j < KARX_LSH256_STEPS; j += 2) {
        step_even(c, mo, me, karx_lsh256_sc[j], g);
        step_odd(c, me, mo, karx_lsh256_sc[j + 1], g);
    }
    UNROLL for (int w = 0; w < 16; w++) /* CV ^= M_steps */
        _mm256_storeu_si256((__m256i *)(void *)(state + w * LANES),
                            XOR(c[w], ADD(mo[w], me[karx_lsh_tau[w]])));
}

/* The AVX2 back end: these lanes for batches, the SSSE3 kernel for single messages. */
const karx_lsh256_kernels karx_i_lsh256_avx2 = {"avx2", karx_i_lsh256_ssse3_compress, 8,
                                                karx_i_lsh256_avx2_mb};
