/* Internal: the cipher-independent pieces of a fused SIMD XTS kernel (the xts_xor entry of
 * block_kernels.h), written once for the LEA and CHAM templates, with the vector operations
 * they need per ISA. Include it in the template's XTS section, one template a translation unit,
 * after defining XTS_V, XTS_XOR, XTS_LOADU, XTS_STOREU (the vector type, xor, unaligned load
 * and store) and XTS_NL (128-bit lanes a register: 1 SSE2 or NEON, 2 AVX2, 4 AVX-512). Tweaks
 * are little-endian 128-bit numbers, one per 128-bit lane. */
#ifndef KARX_XTS_KERNEL_H
#define KARX_XTS_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "karx/common.h"
#include "block_kernels.h"

#define XTS_INLINE static inline __attribute__((always_inline))

/* Per 64-bit element: XTS_SHL64, XTS_SHR64; XTS_SWAP64: swap the 64-bit halves of each 128-bit
 * lane; XTS_LO64(): all-ones in the low half of each; XTS_BSLLI, XTS_BSRLI (x86): byte shifts
 * of each 128-bit lane. */
#if defined(__ARM_NEON) || defined(__ARM_NEON__)
#define XTS_SHL64(v, n) vreinterpretq_u32_u64(vshlq_n_u64(vreinterpretq_u64_u32(v), n))
#define XTS_SHR64(v, n) vreinterpretq_u32_u64(vshrq_n_u64(vreinterpretq_u64_u32(v), n))
#define XTS_SWAP64(v)                                                                            \
    vreinterpretq_u32_u64(vextq_u64(vreinterpretq_u64_u32(v), vreinterpretq_u64_u32(v), 1))
#define XTS_AND(a, b) vandq_u32(a, b)
#define XTS_LO64() vreinterpretq_u32_u64(vcombine_u64(vcreate_u64(~0ull), vcreate_u64(0)))
#elif XTS_NL == 1
#define XTS_SHL64(v, n) _mm_slli_epi64(v, n)
#define XTS_SHR64(v, n) _mm_srli_epi64(v, n)
#define XTS_SWAP64(v) _mm_shuffle_epi32(v, 0x4e)
#define XTS_AND(a, b) _mm_and_si128(a, b)
#define XTS_LO64() _mm_set_epi32(0, 0, -1, -1)
#define XTS_BSLLI(v, n) _mm_slli_si128(v, n)
#define XTS_BSRLI(v, n) _mm_srli_si128(v, n)
#elif XTS_NL == 2
#define XTS_SHL64(v, n) _mm256_slli_epi64(v, n)
#define XTS_SHR64(v, n) _mm256_srli_epi64(v, n)
#define XTS_SWAP64(v) _mm256_shuffle_epi32(v, 0x4e)
#define XTS_AND(a, b) _mm256_and_si256(a, b)
#define XTS_LO64() _mm256_setr_epi32(-1, -1, 0, 0, -1, -1, 0, 0)
#define XTS_BSLLI(v, n) _mm256_bslli_epi128(v, n)
#define XTS_BSRLI(v, n) _mm256_bsrli_epi128(v, n)
#else
#define XTS_SHL64(v, n) _mm512_slli_epi64(v, n)
#define XTS_SHR64(v, n) _mm512_srli_epi64(v, n)
#define XTS_SWAP64(v) _mm512_shuffle_epi32(v, _MM_PERM_BADC)
#define XTS_AND(a, b) _mm512_and_si512(a, b)
#define XTS_LO64() _mm512_set_epi64(0, -1, 0, -1, 0, -1, 0, -1)
#define XTS_BSLLI(v, n) _mm512_bslli_epi128(v, n)
#define XTS_BSRLI(v, n) _mm512_bsrli_epi128(v, n)
#endif

/* t * x^k on each 128-bit lane, 1 <= k <= 56 (a constant expression): shift the lane left by
 * k, carrying across its 64-bit halves; the k bits shifted out of the top (c) come back into
 * the low half as c * (x^7 + x^2 + x + 1), i.e. c ^ c<<1 ^ c<<2 ^ c<<7 (no carries: c has k
 * bits). */
#define XTS_MUL64(t, k) karx_xts_fold64(XTS_SHL64(t, k), XTS_SWAP64(XTS_SHR64(t, 64 - (k))))
XTS_INLINE XTS_V karx_xts_fold64(XTS_V shifted, XTS_V cs)
{
    /* cs: high half = bits carried up from the low half, low half = c from the top */
    XTS_V c = XTS_AND(cs, XTS_LO64());
    XTS_V r = XTS_XOR(XTS_XOR(shifted, cs), XTS_SHL64(c, 1));
    return XTS_XOR(r, XTS_XOR(XTS_SHL64(c, 2), XTS_SHL64(c, 7)));
}
#ifdef XTS_BSLLI
/* k a multiple of 8: a byte shift of the lane, and c = its top k/8 bytes moved to the bottom
 * by the opposite byte shift (9 ops instead of 11). */
#define XTS_MULB(t, k) karx_xts_fold(XTS_BSLLI(t, (k) / 8), XTS_BSRLI(t, 16 - (k) / 8))
XTS_INLINE XTS_V karx_xts_fold(XTS_V shifted, XTS_V c)
{
    XTS_V r = XTS_XOR(XTS_XOR(shifted, c), XTS_SHL64(c, 1));
    return XTS_XOR(r, XTS_XOR(XTS_SHL64(c, 2), XTS_SHL64(c, 7)));
}
#else
#define XTS_MULB(t, k) XTS_MUL64(t, k)
#endif

/* Block by block with the cipher's one-block function (calls shorter than a vector pass), unit
 * by unit (units of ub blocks, tweaks as xts_xor takes them). Inlined into its one caller, so
 * block is a direct call. */
typedef void (*karx_xts_block_fn)(const void *key, int decrypt, uint8_t b[16]);
XTS_INLINE void karx_xts_scalar(const void *key, karx_xts_block_fn block, uint8_t *out,
                                const uint8_t *in, size_t n, size_t ub, uint8_t *tweaks,
                                int decrypt)
{
    uint8_t b[16];
    for (size_t i = 0; i < n; i++) {
        uint8_t *tweak = tweaks + 16 * (i / ub);
        for (unsigned j = 0; j < 16; j++)
            b[j] = (uint8_t)(in[16 * i + j] ^ tweak[j]);
        block(key, decrypt, b);
        for (unsigned j = 0; j < 16; j++)
            out[16 * i + j] = (uint8_t)(b[j] ^ tweak[j]);
        karx_i_xts_mulx(tweak);
    }
    karx_memzero(b, sizeof b);
}

/* A unit's first group of tweaks from its tweak T, in two steps. karx_xts_prep: register 0's
 * tweaks, T * x^l in lane l (the XTS_NL - 1 doublings in scalar code, into s, 16 * XTS_NL
 * bytes the caller wipes once; with one lane T itself), returning where they are. Callers run
 * it one unit ahead of karx_xts_load4, so that the wide load does not wait on the scalar
 * stores (a failed store-to-load forward at the head of every unit's chain). karx_xts_load4:
 * register 0, and register k that times x^(XTS_NL*k) on every lane, k = 1..3. */
XTS_INLINE const uint8_t *karx_xts_prep(uint8_t *s, const uint8_t *tweak)
{
#if XTS_NL > 1
    memcpy(s, tweak, 16);
    for (unsigned l = 1; l < XTS_NL; l++) {
        memcpy(s + 16 * l, s + 16 * (l - 1), 16);
        karx_i_xts_mulx(s + 16 * l);
    }
    return s;
#else
    (void)s;
    return tweak;
#endif
}

XTS_INLINE void karx_xts_load4(XTS_V tw[4], const uint8_t *p)
{
    tw[0] = XTS_LOADU(p);
    tw[1] = XTS_MUL64(tw[0], XTS_NL);
    tw[2] = XTS_MUL64(tw[0], 2 * XTS_NL);
    tw[3] = XTS_MUL64(tw[0], 3 * XTS_NL);
}


/* The last 0 < n < 4 * XTS_NL blocks of a unit, whose tweaks are tw[0..3] (the next group's):
 * stored, whitened in a zero-padded stack buffer that ecb(ctx, buf, n) runs the cipher on, the
 * tweak of block n left in tw[0]'s first lane, where the caller reads the next one. */
typedef void (*karx_xts_ecb_fn)(void *ctx, uint8_t *buf, size_t n);
XTS_INLINE void karx_xts_tail(XTS_V tw[4], karx_xts_ecb_fn ecb, void *ctx, uint8_t *out,
                              const uint8_t *in, size_t n)
{
    uint8_t t[64 * XTS_NL], buf[64 * XTS_NL] = {0};
    XTS_STOREU(t, tw[0]);
    XTS_STOREU(t + 16 * XTS_NL, tw[1]);
    XTS_STOREU(t + 32 * XTS_NL, tw[2]);
    XTS_STOREU(t + 48 * XTS_NL, tw[3]);
    for (size_t i = 0; i < 16 * n; i++)
        buf[i] = (uint8_t)(in[i] ^ t[i]);
    ecb(ctx, buf, n);
    for (size_t i = 0; i < 16 * n; i++)
        out[i] = (uint8_t)(buf[i] ^ t[i]);
    memcpy(t, t + 16 * n, 16);
    tw[0] = XTS_LOADU(t);
    karx_memzero(t, sizeof t);
    karx_memzero(buf, sizeof buf);
}

#endif
