/* LSH-512 multi-buffer kernel, NEON: two messages, one per 64-bit lane of a q register, from
 * the shared template (lsh_mb_template.h). */
#define LSH_BITS 512
#define LANES 2
#include "lsh_mb_neon.h"

/* m[0], m[1] = words off / 8 and off / 8 + 1 of both lanes. */
static inline void load_words(V m[2], const uint8_t *const *blocks, size_t off)
{
    V a = karx_neon_ld64(blocks[0] + off), b = karx_neon_ld64(blocks[1] + off);
    m[0] = karx_neon_lo64(a, b);
    m[1] = karx_neon_hi64(a, b);
}

#define MB_FN karx_i_lsh512_neon_mb
#define MB_FN_TAIL karx_i_lsh512_neon_mb_tail
#define MB_CHUNK_WORDS 2
#include "lsh_mb_template.h"
