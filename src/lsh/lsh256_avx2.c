/* LSH-256 single-message kernel for AVX2 (VEX-encoded xmm). The state is four xmm of 4 x u32,
 * one per block of positions {0-3, 4-7, 8-11, 12-15}, as in the AVX-512 kernel
 * (lsh256_avx512.c): sigma is a renaming of the registers, and the pshufb that rotates the y
 * outputs by gamma (whole bytes) also moves them into the x outputs' order, so the step's
 * chain is add/rotate/xor only. Rotations by alpha and beta are shift/shift/or.
 * tools/gen_lsh_layouts.py writes the tables and the unrolled step list below (the same as
 * the AVX-512 kernel's). */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

#define ROL32(x, n) _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))

/* Mix one register pair (left words l, right words r) of cv ^ m, lane-wise; the new right
 * words are rotated by beta, then by gamma and into the next layout with one pshufb. */
#define MIX(l, r, ml, mr, sc, yctl, alpha, beta)                                               \
    do {                                                                                       \
        __m128i x_ = _mm_xor_si128(l, ml), y_ = _mm_xor_si128(r, mr);                          \
        x_ = _mm_add_epi32(x_, y_);                                                            \
        x_ = _mm_xor_si128(ROL32(x_, alpha), _mm_loadu_si128((const __m128i *)(sc)));          \
        y_ = ROL32(_mm_add_epi32(y_, x_), beta);                                               \
        l = _mm_add_epi32(x_, y_);                                                             \
        r = _mm_shuffle_epi8(y_, _mm_loadu_si128((const __m128i *)(yctl)));                    \
    } while (0)

/* Step j on the registers holding positions 0-3 (a), 4-7 (b), 8-11 (c), 12-15 (d), all in
 * the step's layout, with the message words in it too. Afterwards a holds new 8-11, b 0-3,
 * c 12-15, d 4-7, all in the next step's layout. */
#define STEP(j, a, b, c, d, ma, mb, mc, md)                                                    \
    do {                                                                                       \
        if ((j) & 1) {                                                                         \
            MIX(a, c, ma, mc, sc_lay[j], y_ctl[(j) % Y_PERIOD][0], 5, 17);                         \
            MIX(b, d, mb, md, sc_lay[j] + 4, y_ctl[(j) % Y_PERIOD][1], 5, 17);                     \
        } else {                                                                               \
            MIX(a, c, ma, mc, sc_lay[j], y_ctl[(j) % Y_PERIOD][0], 29, 1);                         \
            MIX(b, d, mb, md, sc_lay[j] + 4, y_ctl[(j) % Y_PERIOD][1], 29, 1);                     \
        }                                                                                      \
    } while (0)

#include "lsh256_layout.h" /* per-step tables and the unrolled step list */

#include "lsh_layout_compress.h" /* compress(): the block loop */

/* The AVX2 back end: this kernel for single messages, the 8 lanes of lsh256_avx2_mb.c for
 * batches. Measured faster than the SSSE3 kernel it replaces here (~0.94 vs ~0.88 GB/s). */
const karx_lsh256_kernels karx_i_lsh256_avx2 = {"avx2", compress, 8, karx_i_lsh256_avx2_mb,
    karx_i_lsh256_avx2_mb_tail};
