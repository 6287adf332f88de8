/* LSH-512 multi-buffer kernel, AVX-512: 8 messages at once, one per 64-bit lane of a zmm.
 * Vector w holds word w of every lane, so sigma and tau are register renaming and every
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
#define ROTB(k)                                                                                    \
    _mm512_broadcast_i32x4(_mm_setr_epi8(RB(k, 0), RB(k, 1), RB(k, 2), RB(k, 3), RB(k, 4),         \
                                         RB(k, 5), RB(k, 6), RB(k, 7), RB(k, 8), RB(k, 9),         \
                                         RB(k, 10), RB(k, 11), RB(k, 12), RB(k, 13), RB(k, 14),    \
                                         RB(k, 15)))

static inline __m512i load2x256(const uint8_t *lo, const uint8_t *hi)
{
    __m256i l = _mm256_loadu_si256((const __m256i *)(const void *)lo);
    __m256i h = _mm256_loadu_si256((const __m256i *)(const void *)hi);
    return _mm512_inserti64x4(_mm512_castsi256_si512(l), h, 1);
}

/* m[i] = word (off / 8 + i) of all 8 lanes, for i < 8: an 8x8 transpose. The loads do the
 * first stage (lane i in the low half, lane i + 4 in the high half of a register). */
static inline void load_words(V m[8], const uint8_t *const *blocks, size_t off)
{
    const V lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const V hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    V a[8];
    KARX_UNROLL for (int i = 0; i < 8; i++) {
        size_t o = off + 32 * (size_t)(i >> 2);
        a[i] = load2x256(blocks[i & 3] + o, blocks[(i & 3) + 4] + o);
    }
    KARX_UNROLL for (int h = 0; h < 8; h += 4) {
        V t0 = _mm512_unpacklo_epi64(a[h], a[h + 1]), t1 = _mm512_unpackhi_epi64(a[h], a[h + 1]);
        V t2 = _mm512_unpacklo_epi64(a[h + 2], a[h + 3]);
        V t3 = _mm512_unpackhi_epi64(a[h + 2], a[h + 3]);
        m[h] = _mm512_permutex2var_epi64(t0, lo, t2);
        m[h + 1] = _mm512_permutex2var_epi64(t1, lo, t3);
        m[h + 2] = _mm512_permutex2var_epi64(t0, hi, t2);
        m[h + 3] = _mm512_permutex2var_epi64(t1, hi, t3);
    }
}

#define ROL(x, r) _mm512_rol_epi64(x, r)
#define SET1(w) _mm512_set1_epi64((long long)(w))
#define SHUFB(x, m) _mm512_shuffle_epi8(x, m)
#define LOADV(p) _mm512_loadu_si512(p)
#define STOREV(p, v) _mm512_storeu_si512(p, v)
#define MB_WORD uint64_t
#define MB_FN karx_i_lsh512_avx512_mb
#define MB_FN_TAIL karx_i_lsh512_avx512_mb_tail
#define MB_CHUNK_WORDS 8
#define AND(a, b) _mm512_and_si512(a, b)
#define OR(a, b) _mm512_or_si512(a, b)
#define MB_STEPS KARX_LSH512_STEPS
#define MB_SC karx_lsh512_sc
#define MB_GAMMA karx_lsh512_gamma
#define MB_AE 23
#define MB_BE 59
#define MB_AO 7
#define MB_BO 3
#include "lsh_mb_template.h"
