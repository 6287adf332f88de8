/* LSH-256 multi-buffer kernel, SSE2: four messages, one per 32-bit lane of an xmm, from the
 * shared template (lsh_mb_template.h). No tail kernel: with so few lanes, padding in registers
 * measured slower than the front end's copy. */
#define LSH_BITS 256
#define LANES 4
#include "lsh_mb_sse2.h"

/* m[i] = word off / 4 + i of the 4 lanes, i < 4: a 4x4 transpose of 16 bytes per lane. */
static inline void load_words(V m[4], const uint8_t *const *blocks, size_t off)
{
    V a = LOADV(blocks[0] + off), b = LOADV(blocks[1] + off);
    V c = LOADV(blocks[2] + off), d = LOADV(blocks[3] + off);
    V ab01 = _mm_unpacklo_epi32(a, b), cd01 = _mm_unpacklo_epi32(c, d);
    V ab23 = _mm_unpackhi_epi32(a, b), cd23 = _mm_unpackhi_epi32(c, d);
    m[0] = _mm_unpacklo_epi64(ab01, cd01);
    m[1] = _mm_unpackhi_epi64(ab01, cd01);
    m[2] = _mm_unpacklo_epi64(ab23, cd23);
    m[3] = _mm_unpackhi_epi64(ab23, cd23);
}

#define MB_FN karx_i_lsh256_sse2_mb
#define MB_CHUNK_WORDS 4
#include "lsh_mb_template.h"
