/* LSH-256 multi-buffer kernel, NEON: four messages, one per 32-bit lane of a q register, from
 * the shared template (lsh_mb_template.h). */
#define LSH_BITS 256
#define LANES 4
#include "lsh_mb_neon.h"

/* m[i] = word off / 4 + i of the 4 lanes, i < 4: a 4x4 transpose of 16 bytes per lane. */
static inline void load_words(V m[4], const uint8_t *const *blocks, size_t off)
{
    V a = karx_neon_ld32(blocks[0] + off), b = karx_neon_ld32(blocks[1] + off);
    V c = karx_neon_ld32(blocks[2] + off), d = karx_neon_ld32(blocks[3] + off);
    uint32x4x2_t ab = vzipq_u32(a, b), cd = vzipq_u32(c, d); /* a0 b0 a1 b1 | a2 b2 a3 b3 */
    uint64x2_t ab01 = vreinterpretq_u64_u32(ab.val[0]), ab23 = vreinterpretq_u64_u32(ab.val[1]);
    uint64x2_t cd01 = vreinterpretq_u64_u32(cd.val[0]), cd23 = vreinterpretq_u64_u32(cd.val[1]);
    m[0] = vreinterpretq_u32_u64(karx_neon_lo64(ab01, cd01));
    m[1] = vreinterpretq_u32_u64(karx_neon_hi64(ab01, cd01));
    m[2] = vreinterpretq_u32_u64(karx_neon_lo64(ab23, cd23));
    m[3] = vreinterpretq_u32_u64(karx_neon_hi64(ab23, cd23));
}

#define MB_FN karx_i_lsh256_neon_mb
#define MB_FN_TAIL karx_i_lsh256_neon_mb_tail
#define MB_CHUNK_WORDS 4
#include "lsh_mb_template.h"
