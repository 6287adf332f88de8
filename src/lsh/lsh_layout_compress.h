/* The block loop of the register-renaming kernels (lsh{256,512}_{avx2,avx512}.c), written once
 * for both ISAs: the state is four registers of four words, one per block of positions
 * {0-3, 4-7, 8-11, 12-15}, and so are each half of the message block, loaded as they are; the
 * generated step list LSH_BLOCK_STEPS (lsh{256,512}_layout.h, included before this file) does
 * the rest. LSH-256 keeps 32-bit words in xmm, LSH-512 64-bit words in ymm. */
#if defined(KARX_LSH256_LAYOUT_H)
#define LC_WORD uint32_t
#define LC_V __m128i
#define LC_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define LC_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#elif defined(KARX_LSH512_LAYOUT_H)
#define LC_WORD uint64_t
#define LC_V __m256i
#define LC_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define LC_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#else
#error "include lsh256_layout.h or lsh512_layout.h first"
#endif

#define LC_ROW (4 * sizeof(LC_WORD)) /* one register: four words */

static void compress(LC_WORD cv[16], const uint8_t *blocks, size_t nblocks)
{
    LC_V s[4], m[4][2];
    for (int b = 0; b < 4; b++)
        s[b] = LC_LOAD(cv + 4 * b);

    for (size_t i = 0; i < nblocks; i++, blocks += 8 * LC_ROW) {
        for (int b = 0; b < 4; b++) {
            m[b][0] = LC_LOAD(blocks + LC_ROW * b);
            m[b][1] = LC_LOAD(blocks + 4 * LC_ROW + LC_ROW * b);
        }
        LSH_BLOCK_STEPS(s, m);
    }
    for (int b = 0; b < 4; b++)
        LC_STORE(cv + 4 * b, s[b]);
}
