/* LSH-512 multi-buffer kernel, AVX-512: 8 messages at once, one per 64-bit lane of a zmm, from
 * the shared template (lsh_mb_template.h). */
#define LSH_BITS 512
#define LANES 8
#include "lsh_mb_avx512.h"

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

#define MB_FN karx_i_lsh512_avx512_mb
#define MB_FN_TAIL karx_i_lsh512_avx512_mb_tail
#define MB_CHUNK_WORDS 8
#include "lsh_mb_template.h"
