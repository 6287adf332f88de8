/* LSH-512 multi-buffer kernel, AVX2: 4 messages at once, one per 64-bit lane of a ymm.
 * Vector w holds word w of every lane, so sigma and tau are register renaming and every
 * rotation is by an immediate: shift/shift/or for alpha and beta, and one vpshufb for the
 * byte-multiple gamma amounts (another port than the shifts). */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

#define LANES 4
typedef __m256i V;

#define ADD(a, b) _mm256_add_epi64(a, b)
#define XOR(a, b) _mm256_xor_si256(a, b)
#define ROL(x, r) _mm256_or_si256(_mm256_slli_epi64(x, r), _mm256_srli_epi64(x, 64 - (r)))

/* vpshufb pattern rotating each 64-bit word left by k bytes. */
#define RB(k, i) (char)(((i) & 8) | (((i) - (k)) & 7))
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

/* m[0], m[1] = words off / 8 and off / 8 + 1 of all 4 lanes: lanes 0 and 2 share one register,
 * lanes 1 and 3 the other, and one unpack each finishes the transpose. */
static inline void load_words(V m[2], const uint8_t *const *blocks, size_t off)
{
    V a = load2x128(blocks[0] + off, blocks[2] + off);
    V b = load2x128(blocks[1] + off, blocks[3] + off);
    m[0] = _mm256_unpacklo_epi64(a, b);
    m[1] = _mm256_unpackhi_epi64(a, b);
}

#define SET1(w) _mm256_set1_epi64x((long long)(w))
#define SHUFB(x, m) _mm256_shuffle_epi8(x, m)
#define LOADV(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREV(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define MB_WORD uint64_t
#define MB_FN karx_i_lsh512_avx2_mb
#define MB_FN_TAIL karx_i_lsh512_avx2_mb_tail
#define MB_CHUNK_WORDS 2
#define AND(a, b) _mm256_and_si256(a, b)
#define OR(a, b) _mm256_or_si256(a, b)
#define MB_STEPS KARX_LSH512_STEPS
#define MB_SC karx_lsh512_sc
#define MB_GAMMA karx_lsh512_gamma
#define MB_AE 23
#define MB_BE 59
#define MB_AO 7
#define MB_BO 3
#include "lsh_mb_template.h"
