/* LSH-512 multi-buffer kernel, SSE2: two messages, one per 64-bit lane of an xmm, from the
 * shared template (lsh_mb_template.h). No tail kernel: with so few lanes, padding in registers
 * measured slower than the front end's copy. */
#define LSH_BITS 512
#define LANES 2
#include "lsh_mb_sse2.h"

/* m[0], m[1] = words off / 8 and off / 8 + 1 of both lanes. */
static inline void load_words(V m[2], const uint8_t *const *blocks, size_t off)
{
    V a = LOADV(blocks[0] + off), b = LOADV(blocks[1] + off);
    m[0] = _mm_unpacklo_epi64(a, b);
    m[1] = _mm_unpackhi_epi64(a, b);
}

#define MB_FN karx_i_lsh512_sse2_mb
#define MB_CHUNK_WORDS 2
#include "lsh_mb_template.h"
