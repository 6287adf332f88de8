/* LSH-512 single-message kernel for AVX2. The state is four ymm of 4 x u64, one per block of
 * positions {0-3, 4-7, 8-11, 12-15}: lane k of the first pairs with lane k of the third, of
 * the second with the fourth. sigma moves whole blocks, so it is only a renaming of the four
 * registers; only the order of positions inside each register (the step's layout) changes,
 * and the y outputs are moved into the x outputs' order by one vpermq per pair. This is the
 * AVX-512 kernel's method (see lsh512_avx512.c) with AVX2 rotations. The step constants are
 * stored in each step's layout, and the message words are permuted into it off the chain.
 * tools/gen_lsh_layouts.py writes the tables and the unrolled step list below. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* In-lane qword permute (vpshufb, two ports where vpermq has one): result qword k takes
 * qword q_k of its own 128-bit half. */
#define QBYTES(q) 8 * (q), 8 * (q) + 1, 8 * (q) + 2, 8 * (q) + 3, 8 * (q) + 4, 8 * (q) + 5, \
                  8 * (q) + 6, 8 * (q) + 7
#define QSWAP(v, a, b, c, d) \
    _mm256_shuffle_epi8((v), _mm256_setr_epi8(QBYTES(a), QBYTES(b), QBYTES(c), QBYTES(d)))

/* y with its 128-bit halves swapped by vperm2i128 (3 cycles on Zen 3), in asm because
 * compilers turn the intrinsic into vpermq (6 cycles there). */
static inline __m256i swap_halves(__m256i y)
{
#if defined(__GNUC__) || defined(__clang__)
    __m256i t;
    __asm__("vperm2i128 $1, %1, %1, %0" : "=x"(t) : "x"(y));
    return t;
#else
    return _mm256_permute2x128_si256(y, y, 0x01);
#endif
}

#define ROL64(x, n) _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - (n)))

/* Mix one register pair (left words l, right words r) of cv ^ m, lane-wise. The new right
 * words, rotated by beta (shared with the left words' update), move to the next step's layout
 * (vpermq by imm) and rotate by gamma, a whole number of bytes (vpshufb). In the steps where
 * every word changes 128-bit half (swap), a swap of halves replaces the vpermq: one in three
 * steps, 3 cycles shorter on the chain, ~2% faster here (the other reorders need vpermq or
 * two more uops, and this kernel is as much throughput- as latency-bound). Folding beta + gamma
 * into a vpsllvq/vpsrlvq rotation instead, as the AVX-512 kernel does with vprolvq, is one
 * step shorter in latency but two uops more per pair, and measured slower with gcc (it spills).
 * Macros, not functions: the vpermq and shift counts must be constants even at -O0. */
#define MIX(l, r, ml, mr, sc, imm, yctl, swap, yhalf, alpha, beta)                                          \
    do {                                                                                       \
        __m256i x_ = _mm256_xor_si256(l, ml), y_ = _mm256_xor_si256(r, mr);                    \
        x_ = _mm256_add_epi64(x_, y_);                                                         \
        x_ = _mm256_xor_si256(ROL64(x_, alpha), _mm256_loadu_si256((const __m256i *)(sc)));    \
        y_ = ROL64(_mm256_add_epi64(y_, x_), beta);                                            \
        l = _mm256_add_epi64(x_, y_);                                                          \
        if (swap)                                                                              \
            r = _mm256_shuffle_epi8(swap_halves(y_), _mm256_loadu_si256((const __m256i *)(yhalf))); \
        else                                                                                   \
            r = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(y_, imm),                         \
                                    _mm256_loadu_si256((const __m256i *)(yctl)));              \
    } while (0)

/* Step j on the registers holding positions 0-3 (a), 4-7 (b), 8-11 (c), 12-15 (d), all in
 * the step's layout, with the message words in it too; imm moves the y outputs into the next
 * layout. Afterwards a holds new 8-11, b 0-3, c 12-15, d 4-7, all in the next layout. */
#define STEP(j, imm, a, b, c, d, ma, mb, mc, md)                                               \
    do {                                                                                       \
        const int sw_ = y_swap[(j) % Y_PERIOD];                                                \
        const uint8_t(*yc_)[32] = y_ctl[(j) % Y_PERIOD], (*yh_)[32] = y_half[(j) % Y_PERIOD];  \
        if ((j) & 1) {                                                                         \
            MIX(a, c, ma, mc, sc_lay[j], imm, yc_[0], sw_, yh_[0], 7, 3);                      \
            MIX(b, d, mb, md, sc_lay[j] + 4, imm, yc_[1], sw_, yh_[1], 7, 3);                  \
        } else {                                                                               \
            MIX(a, c, ma, mc, sc_lay[j], imm, yc_[0], sw_, yh_[0], 23, 59);                    \
            MIX(b, d, mb, md, sc_lay[j] + 4, imm, yc_[1], sw_, yh_[1], 23, 59);                \
        }                                                                                      \
    } while (0)

#include "lsh512_layout.h" /* per-step constants and the unrolled step list */

/* <generated by tools/gen_lsh_layouts.py> */
/* y outputs (already rotated by beta), after the vpermq into the next layout: vpshufb
 * rotating lane k by gamma bytes; [j][0] for pair 0, [j][1] for pair 1. Where y_swap[j],
 * y_half[j] does the move and rotation after a swap of halves instead.
 * The rows repeat every 3 steps, so one period is kept. */
#define Y_PERIOD 3
static const uint8_t y_ctl[3][2][32] = {
    {{2, 3, 4, 5, 6, 7, 0, 1, 12, 13, 14, 15, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 8, 9, 10, 11, 12, 13}, {1, 2, 3, 4, 5, 6, 7, 0, 11, 12, 13, 14, 15, 8, 9, 10, 7, 0, 1, 2, 3, 4, 5, 6, 13, 14, 15, 8, 9, 10, 11, 12}},
    {{4, 5, 6, 7, 0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 2, 3, 4, 5, 6, 7, 0, 1, 14, 15, 8, 9, 10, 11, 12, 13}, {3, 4, 5, 6, 7, 0, 1, 2, 15, 8, 9, 10, 11, 12, 13, 14, 1, 2, 3, 4, 5, 6, 7, 0, 13, 14, 15, 8, 9, 10, 11, 12}},
    {{0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 8, 9, 4, 5, 6, 7, 0, 1, 2, 3, 14, 15, 8, 9, 10, 11, 12, 13}, {7, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 15, 8, 3, 4, 5, 6, 7, 0, 1, 2, 13, 14, 15, 8, 9, 10, 11, 12}},
};
static const uint8_t y_swap[3] = {
    1,
    0,
    0,
};
static const uint8_t y_half[3][2][32] = {
    {{10, 11, 12, 13, 14, 15, 8, 9, 4, 5, 6, 7, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 8, 9, 10, 11, 12, 13}, {9, 10, 11, 12, 13, 14, 15, 8, 3, 4, 5, 6, 7, 0, 1, 2, 7, 0, 1, 2, 3, 4, 5, 6, 13, 14, 15, 8, 9, 10, 11, 12}},
    {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
};
/* </generated> */

#include "lsh_layout_compress.h" /* compress(): the block loop */

const karx_lsh512_kernels karx_i_lsh512_avx2 = {"avx2", compress, 4, karx_i_lsh512_avx2_mb,
    karx_i_lsh512_avx2_mb_tail};
