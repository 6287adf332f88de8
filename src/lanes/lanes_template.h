/* What every lane kernel (lanes.h) shares, over any back end's vector. A family's file (e.g.
 * src/lea/lea_lanes_avx2.c) includes its back end's vector (lanes_vec_<isa>.h), defines LV_FN,
 * includes this, then its own schedule and rounds (src/<family>/<family>_lanes.h), which end
 * with LV_ENTRIES(prefix): the entry points over prefix##_ctx and prefix##_rounds. The vector
 * headers define:
 *
 *   LV                  vector of LV_L 32-bit words (LV_L = 4, 8 or 16)
 *   LV_LOAD(p)          load LV_L words from p (aligned to sizeof(LV)), LV_STORE(p, v)
 *   LV_SET1(x)          x in every element
 *   LV_XOR, LV_ADD      elementwise
 *   LV_ROL(v, n)        rotate every element left by the constant n, 0 < n < 32
 *   LV_NAME             the back end's name;  LV_FN(x)  a name of this back end's
 *
 *
 * Every element is one lane: its own key, its own block. The families' key schedules run on
 * vectors too: one vector op schedules LV_L keys, so a lane refilled with a new job needs no
 * stored schedule. Round keys are kept as vectors in the context, one per lane element, and
 * read as memory operands in the rounds. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../common/endian.h"
#include "../common/rotate.h"
#include "karx/common.h"
#include "lanes.h"

#define LV_ALIGNED _Alignas(sizeof(LV))
/* The rounds inline into each entry point, so their registers are scheduled with the loads and
 * stores around them (1.1x on the AVX2 counter pass, measured). */
#if defined(__GNUC__)
#define LV_ALWAYS_INLINE __attribute__((always_inline))
#else
#define LV_ALWAYS_INLINE
#endif

/* Word j of every lane's key, as a vector. */
static inline LV LV_FN(key_word)(const uint8_t *const *keys, unsigned j)
{
    LV_ALIGNED uint32_t t[LV_L];
    for (unsigned i = 0; i < LV_L; i++)
        t[i] = karx_load32_le(keys[i] + 4 * j);
    LV v = LV_LOAD(t);
    karx_memzero(t, sizeof t);
    return v;
}

/* Words 0 .. nkw - 1 of every lane's key into t. A back end may load four words at once
 * (LV_KEY_WORDS4(keys, g, t): words 4g .. 4g + 3, little-endian, as a transpose in registers);
 * the rest go word by word. */
static inline void LV_FN(key_words)(const uint8_t *const *keys, unsigned nkw, LV *t)
{
    unsigned j = 0;
#ifdef LV_KEY_WORDS4
    for (; j + 4 <= nkw; j += 4)
        LV_KEY_WORDS4(keys, j / 4, t + j);
#endif
    for (; j < nkw; j++)
        t[j] = LV_FN(key_word)(keys, j);
}

/* ---- the entry points, the same for every family ---- */

/* XORs the keystream blocks x (word-sliced) into the live lanes at off. A back end may bring
 * its own (LV_STORE_XOR: a transpose in registers, a 16-byte load-XOR-store a lane); this one
 * goes through memory, word by word, in either byte order. */
#ifndef LV_STORE_XOR
static inline void LV_FN(store_xor)(const LV *x, uint8_t *const *out, const uint8_t *const *in,
                                    size_t off, uint32_t live)
{
    LV_ALIGNED uint32_t t[4 * LV_L];
    for (unsigned j = 0; j < 4; j++)
        LV_STORE(t + j * LV_L, x[j]);
    for (unsigned i = 0; i < LV_L; i++) {
        if (!(live >> i & 1))
            continue;
        for (unsigned j = 0; j < 4; j++)
            karx_store32_le(out[i] + off + 4 * j,
                            karx_load32_le(in[i] + off + 4 * j) ^ t[j * LV_L + i]);
    }
}
#define LV_STORE_XOR(x, out, in, off, live) LV_FN(store_xor)(x, out, in, off, live)
#endif

static inline uint32_t LV_FN(bswap32)(uint32_t v)
{
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

/* Word 3 of step s: byte-swapped c3 + s, every lane. */
#ifndef LV_BSWAP32
static inline LV LV_FN(ctr_word3)(const uint32_t *c3, size_t s)
{
    LV_ALIGNED uint32_t t[LV_L];
    for (unsigned i = 0; i < LV_L; i++)
        t[i] = LV_FN(bswap32)(c3[i] + (uint32_t)s);
    return LV_LOAD(t);
}
#define LV_CTR_WORD3(c3v, c3, s) LV_FN(ctr_word3)(c3, s)
#else
#define LV_CTR_WORD3(c3v, c3, s) LV_BSWAP32(LV_ADD(c3v, LV_SET1((uint32_t)(s))))
#endif

#define LV_ENTRIES(cipher)                                                                     \
    static void LV_FN(cipher##_encrypt)(const void *vctx, uint32_t *w)                        \
    {                                                                                          \
        LV x[4];                                                                               \
        for (unsigned j = 0; j < 4; j++)                                                       \
            x[j] = LV_LOAD(w + j * LV_L);                                                      \
        LV_FN(cipher##_rounds)((const LV_FN(cipher##_ctx) *)vctx, x);                          \
        for (unsigned j = 0; j < 4; j++)                                                       \
            LV_STORE(w + j * LV_L, x[j]);                                                      \
    }                                                                                          \
    static void LV_FN(cipher##_ctr32_xor)(const void *vctx, const uint32_t *c,                 \
                                          uint8_t *const *out, const uint8_t *const *in,       \
                                          size_t off, size_t nsteps, uint32_t live)            \
    {                                                                                          \
        const LV_FN(cipher##_ctx) *ctx = (const LV_FN(cipher##_ctx) *)vctx;                    \
        LV c0 = LV_LOAD(c), c1 = LV_LOAD(c + LV_L), c2 = LV_LOAD(c + 2 * LV_L);                 \
        LV c3v = LV_LOAD(c + 3 * LV_L);                                                        \
        (void)c3v;                                                                             \
        for (size_t s = 0; s < nsteps; s++, off += 16) {                                       \
            LV x[4] = {c0, c1, c2, LV_CTR_WORD3(c3v, c + 3 * LV_L, s)};                        \
            LV_FN(cipher##_rounds)(ctx, x);                                                    \
            LV_STORE_XOR(x, out, in, off, live);                                               \
        }                                                                                      \
    }

/* The table of a family's kernel: LV_TABLE(name, prefix, gcm32_xor, ghash). */
#define LV_TABLE(name, prefix, gcm32, ghash)                                                   \
    const karx_i_lanes_kernel name = {LV_NAME,                  LV_L,  LV_FN(prefix##_schedule),  \
                                      LV_FN(prefix##_encrypt),  LV_FN(prefix##_ctr32_xor),        \
                                      gcm32,                    ghash}
