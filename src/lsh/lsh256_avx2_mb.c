/* LSH-256 multi-buffer kernel, AVX2: 8 messages at once, one per 32-bit lane of a ymm, from the
 * shared template (lsh_mb_template.h). */
#define LSH_BITS 256
#define LANES 8
#include "lsh_mb_avx2.h"

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

#define MB_FN karx_i_lsh256_avx2_mb
#define MB_FN_TAIL karx_i_lsh256_avx2_mb_tail
#define MB_CHUNK_WORDS 4
#include "lsh_mb_template.h"
