/* LSH-256 multi-buffer kernel, AVX-512: 16 messages at once, one per 32-bit lane of a zmm.
 * Vector w holds word w of every lane, so sigma and tau are register renaming and every
 * rotation is by an immediate. alpha/beta rotations use vprold (port 0 only); the byte-multiple
 * gamma rotations use vpshufb (port 5) to keep the two vector ports balanced. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

#define LANES 16
typedef __m512i V;

#define ADD(a, b) _mm512_add_epi32(a, b)
#define XOR(a, b) _mm512_xor_si512(a, b)

/* vpshufb pattern rotating each 32-bit word left by k bytes. */
#define RB(k, i) (char)(((i) & 12) | (((i) - (k)) & 3))
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

/* m[i] = word (off / 4 + i) of all 16 lanes, for i < 8: half of a 16x16 transpose. The loads
 * do the first stage (lane i in the low half, lane i + 8 in the high half of a register), then
 * 8x8 transposes within each half, then the 128-bit rows are put in lane order. */
static inline void load_words(V m[8], const uint8_t *const *blocks, size_t off)
{
    const V lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const V hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    V a[8], s[8], p[8];
    KARX_UNROLL for (int i = 0; i < 8; i++)
        a[i] = load2x256(blocks[i] + off, blocks[i + 8] + off);
    KARX_UNROLL for (int i = 0; i < 8; i += 2) {
        s[i] = _mm512_unpacklo_epi32(a[i], a[i + 1]);
        s[i + 1] = _mm512_unpackhi_epi32(a[i], a[i + 1]);
    }
    /* p[4h + k] holds words k and k + 4 of lanes 4h..4h+3 and 4h+8..4h+11. */
    KARX_UNROLL for (int h = 0; h < 8; h += 4) {
        p[h] = _mm512_unpacklo_epi64(s[h], s[h + 2]);
        p[h + 1] = _mm512_unpackhi_epi64(s[h], s[h + 2]);
        p[h + 2] = _mm512_unpacklo_epi64(s[h + 1], s[h + 3]);
        p[h + 3] = _mm512_unpackhi_epi64(s[h + 1], s[h + 3]);
    }
    KARX_UNROLL for (int k = 0; k < 4; k++) {
        m[k] = _mm512_permutex2var_epi64(p[k], lo, p[k + 4]);
        m[k + 4] = _mm512_permutex2var_epi64(p[k], hi, p[k + 4]);
    }
}

#define ROL(x, r) _mm512_rol_epi32(x, r)
#define SET1(w) _mm512_set1_epi32((int)(w))
#define SHUFB(x, m) _mm512_shuffle_epi8(x, m)
#define LOADV(p) _mm512_loadu_si512(p)
#define STOREV(p, v) _mm512_storeu_si512(p, v)
#define MB_WORD uint32_t
#define MB_FN karx_i_lsh256_avx512_mb
#define MB_FN_TAIL karx_i_lsh256_avx512_mb_tail
#define MB_CHUNK_WORDS 8
#define AND(a, b) _mm512_and_si512(a, b)
#define OR(a, b) _mm512_or_si512(a, b)
#define MB_STEPS KARX_LSH256_STEPS
#define MB_SC karx_lsh256_sc
#define MB_GAMMA karx_lsh256_gamma
#define MB_AE 29
#define MB_BE 1
#define MB_AO 5
#define MB_BO 17
#include "lsh_mb_template.h"
