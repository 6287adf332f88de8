/* LSH-256 single-message kernel for AVX-512 (VL forms on xmm). The state is four xmm of
 * 4 x u32, one per block of positions {0-3, 4-7, 8-11, 12-15}: lane k of the first pairs
 * with lane k of the third, of the second with the fourth. sigma moves whole blocks, so it
 * is mostly a renaming of the four registers; only the order of positions inside each
 * register (the step's layout) changes. Renaming alone would put the x and y outputs in
 * different orders, so the y outputs are moved into the x order by the pshufb that applies
 * their gamma rotation (whole bytes) anyway: the step's chain is add/rotate/xor only. The step
 * constants are stored in each step's layout, and the message words are permuted into it off
 * the chain. tools/gen_lsh_layouts.py writes the tables and the unrolled step list below. */
#include <immintrin.h>

#include "lsh_core.h"
#include "lsh_internal.h"

/* Mix one register pair (left words l, right words r) of cv ^ m, lane-wise; the new right
 * words are rotated by beta, then by gamma and into the next layout with one pshufb. */
static inline void mix256(__m128i *l, __m128i *r, __m128i ml, __m128i mr, const uint32_t *sc,
                          const uint8_t *yctl, int odd)
{
    __m128i x = _mm_xor_si128(*l, ml), y = _mm_xor_si128(*r, mr);
    x = _mm_add_epi32(x, y);
    x = odd ? _mm_rol_epi32(x, 5) : _mm_rol_epi32(x, 29);
    x = _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)sc));
    y = _mm_add_epi32(y, x);
    y = odd ? _mm_rol_epi32(y, 17) : _mm_rol_epi32(y, 1);
    *l = _mm_add_epi32(x, y);
    *r = _mm_shuffle_epi8(y, _mm_loadu_si128((const __m128i *)yctl));
}

/* Step j on the registers holding positions 0-3 (a), 4-7 (b), 8-11 (c), 12-15 (d), all in
 * the step's layout, with the message words in it too. Afterwards a holds new 8-11, b 0-3,
 * c 12-15, d 4-7, all in the next step's layout. */
#define STEP(j, a, b, c, d, ma, mb, mc, md)                                                    \
    do {                                                                                       \
        mix256(&(a), &(c), ma, mc, sc_lay[j], y_ctl[(j) % Y_PERIOD][0], (j) & 1);                  \
        mix256(&(b), &(d), mb, md, sc_lay[j] + 4, y_ctl[(j) % Y_PERIOD][1], (j) & 1);              \
    } while (0)

#include "lsh256_layout.h" /* per-step tables and the unrolled step list */

#include "lsh_layout_compress.h" /* compress(): the block loop */

const karx_lsh256_kernels karx_i_lsh256_avx512 = {"avx512", compress, 16,
                                                  karx_i_lsh256_avx512_mb,
                                                  karx_i_lsh256_avx512_mb_tail};
