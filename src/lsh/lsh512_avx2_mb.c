/* LSH-512 multi-buffer kernel, AVX2: 4 messages at once, one per 64-bit lane of a ymm, from the
 * shared template (lsh_mb_template.h). */
#define LSH_BITS 512
#define LANES 4
#include "lsh_mb_avx2.h"

/* m[0], m[1] = words off / 8 and off / 8 + 1 of all 4 lanes: lanes 0 and 2 share one register,
 * lanes 1 and 3 the other, and one unpack each finishes the transpose. */
static inline void load_words(V m[2], const uint8_t *const *blocks, size_t off)
{
    V a = load2x128(blocks[0] + off, blocks[2] + off);
    V b = load2x128(blocks[1] + off, blocks[3] + off);
    m[0] = _mm256_unpacklo_epi64(a, b);
    m[1] = _mm256_unpackhi_epi64(a, b);
}

#define MB_FN karx_i_lsh512_avx2_mb
#define MB_FN_TAIL karx_i_lsh512_avx2_mb_tail
#define MB_CHUNK_WORDS 2
#include "lsh_mb_template.h"
