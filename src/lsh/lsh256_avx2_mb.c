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

/* vpshufb pattern rotating each 32-bit word left by k bytes. */
#define RB(k, i) (char)(((i) & 12) | (((i) - (k)) & 3))
#define ROTB(k)                                                                                    \
    _mm256_broadcastsi128_si256(_mm_setr_epi8(RB(k, 0), RB(k, 1), RB(k, 2), RB(k, 3), RB(k, 4),    \
                                              RB(k, 5), RB(k, 6), RB(k, 7), RB(k, 8), RB(k, 9),    \
                                              RB(k, 10), RB(k, 11), RB(k, 12), RB(k, 13),          \
                                              RB(k, 14), RB(k, 15)))

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
    KARX_UNROLL for (int i = 0; i < 4; i++)
        a[i] = load2x128(blocks[i] + off, blocks[i + 4] + off);
    V s0 = _mm256_unpacklo_epi32(a[0], a[1]), s1 = _mm256_unpackhi_epi32(a[0], a[1]);
    V s2 = _mm256_unpacklo_epi32(a[2], a[3]), s3 = _mm256_unpackhi_epi32(a[2], a[3]);
    m[0] = _mm256_unpacklo_epi64(s0, s2);
    m[1] = _mm256_unpackhi_epi64(s0, s2);
    m[2] = _mm256_unpacklo_epi64(s1, s3);
    m[3] = _mm256_unpackhi_epi64(s1, s3);
}

#define SET1(w) _mm256_set1_epi32((int)(w))
#define SHUFB(x, m) _mm256_shuffle_epi8(x, m)
#define LOADV(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREV(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define MB_WORD uint32_t
#define MB_FN karx_i_lsh256_avx2_mb
#define MB_FN_TAIL karx_i_lsh256_avx2_mb_tail
#define MB_CHUNK_WORDS 4
#define AND(a, b) _mm256_and_si256(a, b)
#define OR(a, b) _mm256_or_si256(a, b)
#define MB_STEPS KARX_LSH256_STEPS
#define MB_SC karx_lsh256_sc
#define MB_GAMMA karx_lsh256_gamma
#define MB_AE 29
#define MB_BE 1
#define MB_AO 5
#define MB_BO 17
#include "lsh_mb_template.h"
