/* LSH-256 multi-buffer kernel, AVX-512: 16 messages at once, one per 32-bit lane of a zmm, from
 * the shared template (lsh_mb_template.h). */
#define LSH_BITS 256
#define LANES 16
#include "lsh_mb_avx512.h"

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

#define MB_FN karx_i_lsh256_avx512_mb
#define MB_FN_TAIL karx_i_lsh256_avx512_mb_tail
#define MB_CHUNK_WORDS 8
#include "lsh_mb_template.h"
