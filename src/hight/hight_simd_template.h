/* HIGHT byte-sliced kernels for x86. An ISA file defines
 *   HT_F    HT_F_SHIFT (F0/F1 by 16-bit shifts and byte masks: SSE2), HT_F_PSHUFB (two nibble
 *           look-ups in registers: SSSE3 and up) or HT_F_GFNI (one gf2p8affineqb each)
 *   HT_TOP  its widest vector, 128, 256 or 512 bits (16, 32 or 64 blocks per batch)
 * then includes this file once and defines its table with HT_KERNELS("name"). This file then
 * includes itself once per width HT_W up to HT_TOP, narrowest first: a kernel hands a tail of
 * at most half its lanes to the next narrower one, and the 128-bit one pads its tail in a stack
 * buffer. Each width defines static hight_w<W>_{ecb_encrypt,ecb_decrypt,ctr_xor}; the widest
 * runs two batches side by side (HT_PAIR), and the AVX-512 files (HT_TOP 512) fuse three-way
 * xors with vpternlog at every width (HT_TERNLOG; VL for the narrower ones).
 *
 * Layout: a batch is 8 registers; register p holds byte p of every block of the batch (byte
 * lane j of it belongs to one block). Loading 8 consecutive vectors and a 4-stage unpack ladder
 * (8-, 16-, 32-, 64-bit interleaves, all within 128-bit lanes) slices them; a 3-stage ladder
 * (8-, 16-, 32-bit) puts lanes 2k, 2k+1 of each 128-bit lane back into vector k as whole blocks,
 * so for CTR the counter of byte lane (L, i) (128-bit lane L, byte i) is chosen as the block that
 * lands there, 2 * (W / 128) * (i / 2) + 2L + (i mod 2), and only the 3-stage ladder runs; ECB
 * adds one 64-bit interleave to undo the 4-stage one exactly. Subkeys are broadcast vectors on
 * the stack (key material is never an index or an address). */

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "../common/endian.h"
#include "../modes/block_kernels.h"
#include "hight_core.h"
#include "hight_internal.h"

#ifndef HT_TEMPLATE_ONCE
#define HT_TEMPLATE_ONCE
#define HT_INLINE static inline __attribute__((always_inline))
/* Batch functions start on a cache line: their straight-line bodies decode the same wherever
 * the code around them moves. */
#define HT_BATCH_ALIGN __attribute__((aligned(64)))
#define HT_F_SHIFT 1
#define HT_F_PSHUFB 2
#define HT_F_GFNI 3

/* gf2p8affineqb matrix of sum of rol_a, rol_b, rol_c: byte 7 - i of the qword is the row of
 * output bit i, and output bit i of rol_r(x) is input bit i - r. */
#define HT_GROW(i, a, b, c)                                                                    \
    ((uint64_t)((1u << (((i) - (a)) & 7)) | (1u << (((i) - (b)) & 7)) |                       \
                (1u << (((i) - (c)) & 7))) << (8 * (7 - (i))))
#define HT_GMAT(a, b, c)                                                                       \
    (HT_GROW(0, a, b, c) | HT_GROW(1, a, b, c) | HT_GROW(2, a, b, c) | HT_GROW(3, a, b, c) |   \
     HT_GROW(4, a, b, c) | HT_GROW(5, a, b, c) | HT_GROW(6, a, b, c) | HT_GROW(7, a, b, c))
#define HT_GF_F0 HT_GMAT(1, 2, 7)
#define HT_GF_F1 HT_GMAT(3, 4, 6)



/* CTR fast path: while bytes 0..6 of the counter are the same in every lane (only the low byte,
 * position 7, differs), most of the first eight rounds are the same in every lane. This runs
 * that uniform part once, in scalar code, for the counter's bytes 0..6 (hi = counter >> 8) and
 * returns the 11 values HT_CTR_FAST broadcasts; in round r, position p is variable s[(p - r)
 * mod 8] there, as in the vector code. The values depend on the counter only through hi, so a
 * kernel recomputes them once per 256 counters. */
static inline void ht_ctr_uniform(const karx_hight_key *key, uint64_t hi, uint8_t c[11])
{
    const uint8_t *k = key->sk, *wk = key->wk;
    uint8_t s[7];
    for (unsigned p = 0; p < 7; p++)
        s[p] = (uint8_t)(hi >> (8 * (6 - p)));
    s[0] = (uint8_t)(s[0] + wk[0]);
    s[2] ^= wk[1];
    s[4] = (uint8_t)(s[4] + wk[2]);
    s[6] ^= wk[3];
    /* round 0: only position 7 (the low counter byte) varies */
    s[1] = (uint8_t)(s[1] + (karx_hight_f1(s[0]) ^ k[0]));
    s[3] ^= (uint8_t)(karx_hight_f0(s[2]) + k[1]);
    s[5] = (uint8_t)(s[5] + (karx_hight_f1(s[4]) ^ k[2]));
    c[0] = (uint8_t)(karx_hight_f0(s[6]) + k[3]);
    /* round 1 */
    c[1] = s[0];
    s[2] ^= (uint8_t)(karx_hight_f0(s[1]) + k[5]);
    s[4] = (uint8_t)(s[4] + (karx_hight_f1(s[3]) ^ k[6]));
    s[6] ^= (uint8_t)(karx_hight_f0(s[5]) + k[7]);
    /* round 2 */
    c[2] = (uint8_t)(karx_hight_f1(s[6]) ^ k[8]);
    c[3] = s[1];
    s[3] = (uint8_t)(s[3] + (karx_hight_f1(s[2]) ^ k[10]));
    s[5] ^= (uint8_t)(karx_hight_f0(s[4]) + k[11]);
    /* round 3 */
    s[6] = (uint8_t)(s[6] + (karx_hight_f1(s[5]) ^ k[12]));
    c[4] = s[2];
    s[4] ^= (uint8_t)(karx_hight_f0(s[3]) + k[15]);
    /* round 4 */
    s[5] = (uint8_t)(s[5] + (karx_hight_f1(s[4]) ^ k[16]));
    c[5] = (uint8_t)(karx_hight_f0(s[6]) + k[17]);
    c[6] = s[3];
    /* round 5 */
    c[7] = s[4];
    s[6] ^= (uint8_t)(karx_hight_f0(s[5]) + k[21]);
    /* round 6 */
    c[8] = s[5];
    c[9] = (uint8_t)(karx_hight_f1(s[6]) ^ k[26]);
    /* round 7 */
    c[10] = s[6];
    karx_memzero(s, sizeof s);
}
#endif /* HT_TEMPLATE_ONCE */

#ifndef HT_W
/* Included by the ISA file: every width up to HT_TOP. */
#define HT_TERNLOG (HT_TOP == 512)
#define HT_W 128
#include "hight_simd_template.h"
#if HT_TOP >= 256
#define HT_W 256
#include "hight_simd_template.h"
#endif
#if HT_TOP >= 512
#define HT_W 512
#include "hight_simd_template.h"
#endif
/* The table initializer of the widest kernels (name: the back end's, for tests and bench). */
#if HT_TOP == 128
#define HT_KERNELS(name) {name, 16, hight_w128_ecb_encrypt, hight_w128_ecb_decrypt, hight_w128_ctr_xor, NULL, NULL}
#elif HT_TOP == 256
#define HT_KERNELS(name) {name, 32, hight_w256_ecb_encrypt, hight_w256_ecb_decrypt, hight_w256_ctr_xor, NULL, NULL}
#elif HT_TOP == 512
#define HT_KERNELS(name) {name, 64, hight_w512_ecb_encrypt, hight_w512_ecb_decrypt, hight_w512_ctr_xor, NULL, NULL}
#else
#error "HT_TOP must be 128, 256 or 512"
#endif

#else /* HT_W: one width */
#define HT_PAIR (HT_W == HT_TOP)

/* ---- per-width operations ------------------------------------------------------------- */
#if HT_W == 128
#define HT_V __m128i
#define HT_LANES 16
#define HT_NAME(x) hight_w128_##x
#define HT_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define HT_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define HT_ADD(a, b) _mm_add_epi8(a, b)
#define HT_SUB(a, b) _mm_sub_epi8(a, b)
#define HT_XOR(a, b) _mm_xor_si128(a, b)
#define HT_AND(a, b) _mm_and_si128(a, b)
#define HT_SET1(c) _mm_set1_epi8((char)(c))
#define HT_SET1_64(q) _mm_set1_epi64x((long long)(q))
#define HT_SRLI16(a, n) _mm_srli_epi16(a, n)
#define HT_SLLI16(a, n) _mm_slli_epi16(a, n)
#define HT_UNPLO8(a, b) _mm_unpacklo_epi8(a, b)
#define HT_UNPHI8(a, b) _mm_unpackhi_epi8(a, b)
#define HT_UNPLO16(a, b) _mm_unpacklo_epi16(a, b)
#define HT_UNPHI16(a, b) _mm_unpackhi_epi16(a, b)
#define HT_UNPLO32(a, b) _mm_unpacklo_epi32(a, b)
#define HT_UNPHI32(a, b) _mm_unpackhi_epi32(a, b)
#define HT_UNPLO64(a, b) _mm_unpacklo_epi64(a, b)
#define HT_UNPHI64(a, b) _mm_unpackhi_epi64(a, b)
#define HT_CMPGT(a, b) _mm_cmpgt_epi8(a, b)
#define HT_TAB(t) _mm_loadu_si128((const __m128i *)(const void *)(t))
#define HT_SHUF(t, i) _mm_shuffle_epi8(t, i)
#define HT_GF(x, m) _mm_gf2p8affine_epi64_epi8(x, m, 0)
#if HT_TERNLOG
#define HT_XOR3(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0x96)
#endif
#elif HT_W == 256
#define HT_V __m256i
#define HT_LANES 32
#define HT_NAME(x) hight_w256_##x
#define HT_HALF(x) hight_w128_##x
#define HT_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define HT_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define HT_ADD(a, b) _mm256_add_epi8(a, b)
#define HT_SUB(a, b) _mm256_sub_epi8(a, b)
#define HT_XOR(a, b) _mm256_xor_si256(a, b)
#define HT_AND(a, b) _mm256_and_si256(a, b)
#define HT_SET1(c) _mm256_set1_epi8((char)(c))
#define HT_SET1_64(q) _mm256_set1_epi64x((long long)(q))
#define HT_SRLI16(a, n) _mm256_srli_epi16(a, n)
#define HT_SLLI16(a, n) _mm256_slli_epi16(a, n)
#define HT_UNPLO8(a, b) _mm256_unpacklo_epi8(a, b)
#define HT_UNPHI8(a, b) _mm256_unpackhi_epi8(a, b)
#define HT_UNPLO16(a, b) _mm256_unpacklo_epi16(a, b)
#define HT_UNPHI16(a, b) _mm256_unpackhi_epi16(a, b)
#define HT_UNPLO32(a, b) _mm256_unpacklo_epi32(a, b)
#define HT_UNPHI32(a, b) _mm256_unpackhi_epi32(a, b)
#define HT_UNPLO64(a, b) _mm256_unpacklo_epi64(a, b)
#define HT_UNPHI64(a, b) _mm256_unpackhi_epi64(a, b)
#define HT_CMPGT(a, b) _mm256_cmpgt_epi8(a, b)
#define HT_TAB(t) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(t)))
#define HT_SHUF(t, i) _mm256_shuffle_epi8(t, i)
#define HT_GF(x, m) _mm256_gf2p8affine_epi64_epi8(x, m, 0)
#if HT_TERNLOG
#define HT_XOR3(a, b, c) _mm256_ternarylogic_epi64(a, b, c, 0x96)
#endif
#elif HT_W == 512
#define HT_V __m512i
#define HT_LANES 64
#define HT_NAME(x) hight_w512_##x
#define HT_HALF(x) hight_w256_##x
#define HT_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define HT_STORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define HT_ADD(a, b) _mm512_add_epi8(a, b)
#define HT_SUB(a, b) _mm512_sub_epi8(a, b)
#define HT_XOR(a, b) _mm512_xor_si512(a, b)
#define HT_AND(a, b) _mm512_and_si512(a, b)
#define HT_SET1(c) _mm512_set1_epi8((char)(c))
#define HT_SET1_64(q) _mm512_set1_epi64((long long)(q))
#define HT_SRLI16(a, n) _mm512_srli_epi16(a, n)
#define HT_SLLI16(a, n) _mm512_slli_epi16(a, n)
#define HT_UNPLO8(a, b) _mm512_unpacklo_epi8(a, b)
#define HT_UNPHI8(a, b) _mm512_unpackhi_epi8(a, b)
#define HT_UNPLO16(a, b) _mm512_unpacklo_epi16(a, b)
#define HT_UNPHI16(a, b) _mm512_unpackhi_epi16(a, b)
#define HT_UNPLO32(a, b) _mm512_unpacklo_epi32(a, b)
#define HT_UNPHI32(a, b) _mm512_unpackhi_epi32(a, b)
#define HT_UNPLO64(a, b) _mm512_unpacklo_epi64(a, b)
#define HT_UNPHI64(a, b) _mm512_unpackhi_epi64(a, b)
#define HT_CMPGT(a, b) _mm512_movm_epi8(_mm512_cmpgt_epi8_mask(a, b))
#define HT_TAB(t) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(t)))
#define HT_SHUF(t, i) _mm512_shuffle_epi8(t, i)
#define HT_GF(x, m) _mm512_gf2p8affine_epi64_epi8(x, m, 0)
#define HT_XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
#else
#error "HT_W must be 128, 256 or 512"
#endif
#define HT_VB (HT_W / 8) /* bytes per vector */

#ifndef HT_XOR3
#define HT_XOR3(a, b, c) HT_XOR(HT_XOR(a, b), c)
#endif

/* ---- F0 / F1 --------------------------------------------------------------------------- */
#if HT_F == HT_F_GFNI
#define HT_FDECL                                                                               \
    const HT_V m_f0 = HT_SET1_64(HT_GF_F0), m_f1 = HT_SET1_64(HT_GF_F1)
#define HT_F0(x) HT_GF(x, m_f0)
#define HT_F1(x) HT_GF(x, m_f1)
#define HT_F1K(x, k) HT_XOR(HT_F1(x), k) /* F1(x) ^ k */
#elif HT_F == HT_F_PSHUFB
#define HT_FDECL                                                                               \
    const HT_V t0l = HT_TAB(karx_hight_f0_lo), t0h = HT_TAB(karx_hight_f0_hi), t1l = HT_TAB(karx_hight_f1_lo),         \
               t1h = HT_TAB(karx_hight_f1_hi), c0f = HT_SET1(0x0f)
/* x is always a variable here, so naming it twice is fine. */
#define HT_FLO(x, t) HT_SHUF(t, HT_AND(x, c0f))
#define HT_FHI(x, t) HT_SHUF(t, HT_AND(HT_SRLI16(x, 4), c0f))
#define HT_F0(x) HT_XOR(HT_FLO(x, t0l), HT_FHI(x, t0h))
#define HT_F1(x) HT_XOR(HT_FLO(x, t1l), HT_FHI(x, t1h))
#define HT_F1K(x, k) HT_XOR3(HT_FLO(x, t1l), HT_FHI(x, t1h), k)
#elif HT_F == HT_F_SHIFT
/* rol_r(x) = ((x << r) & byte mask) ^ ((x >> (8 - r)) & byte mask), on 16-bit lanes;
 * the shifts by 1 and 2 are byte adds. */
#define HT_FDECL                                                                               \
    const HT_V c80 = HT_SET1(0x80), c01 = HT_SET1(0x01), c03 = HT_SET1(0x03),                  \
               c7f = HT_SET1(0x7f), cf8 = HT_SET1(0xf8), c07 = HT_SET1(0x07),                  \
               cf0 = HT_SET1(0xf0), c0f = HT_SET1(0x0f), cc0 = HT_SET1(0xc0),                  \
               c3f = HT_SET1(0x3f)
static inline HT_V HT_NAME(f0_shift)(HT_V x, HT_V c80, HT_V c01, HT_V c03, HT_V c7f)
{
    HT_V l1 = HT_ADD(x, x), l2 = HT_ADD(l1, l1);
    HT_V l = HT_XOR(HT_XOR(l1, l2), HT_AND(HT_SLLI16(x, 7), c80));
    HT_V r = HT_XOR(HT_AND(HT_SRLI16(x, 7), c01), HT_AND(HT_SRLI16(x, 6), c03));
    return HT_XOR(HT_XOR(l, r), HT_AND(HT_SRLI16(x, 1), c7f));
}
static inline HT_V HT_NAME(f1_shift)(HT_V x, HT_V cf8, HT_V c07, HT_V cf0, HT_V c0f, HT_V cc0,
                                     HT_V c3f)
{
    HT_V l = HT_XOR(HT_AND(HT_SLLI16(x, 3), cf8), HT_AND(HT_SLLI16(x, 4), cf0));
    HT_V r = HT_XOR(HT_AND(HT_SRLI16(x, 5), c07), HT_AND(HT_SRLI16(x, 4), c0f));
    l = HT_XOR(l, HT_AND(HT_SLLI16(x, 6), cc0));
    r = HT_XOR(r, HT_AND(HT_SRLI16(x, 2), c3f));
    return HT_XOR(l, r);
}
#define HT_F0(x) HT_NAME(f0_shift)(x, c80, c01, c03, c7f)
#define HT_F1(x) HT_NAME(f1_shift)(x, cf8, c07, cf0, c0f, cc0, c3f)
#define HT_F1K(x, k) HT_XOR(HT_F1(x), k)
#else
#error "HT_F must be HT_F_SHIFT, HT_F_PSHUFB or HT_F_GFNI"
#endif

/* ---- rounds ----------------------------------------------------------------------------- */
/* One round on positions (a0..a7), OP HT_ADD (encryption) or HT_SUB (its inverse; see
 * KARX_HIGHT_ROUND); k: the round's 4 broadcast subkeys. */
#define HT_ROUND(OP, a0, a1, a2, a3, a4, a5, a6, a7, k)                                        \
    do {                                                                                       \
        a1 = OP(a1, HT_F1K(a0, (k)[0]));                                                       \
        a3 = HT_XOR(a3, HT_ADD(HT_F0(a2), (k)[1]));                                            \
        a5 = OP(a5, HT_F1K(a4, (k)[2]));                                                       \
        a7 = HT_XOR(a7, HT_ADD(HT_F0(a6), (k)[3]));                                            \
    } while (0)
#define HT_RND(a0, a1, a2, a3, a4, a5, a6, a7, k) HT_ROUND(HT_ADD, a0, a1, a2, a3, a4, a5, a6, a7, k)
#define HT_IRND(a0, a1, a2, a3, a4, a5, a6, a7, k) HT_ROUND(HT_SUB, a0, a1, a2, a3, a4, a5, a6, a7, k)
#define HT_ON(M, s, i0, i1, i2, i3, i4, i5, i6, i7, k)                                         \
    M(s##i0, s##i1, s##i2, s##i3, s##i4, s##i5, s##i6, s##i7, k)
/* One batch (set x), or two independent ones (x and y) round by round: the rounds are a long
 * dependency chain, and a second chain beside it keeps both vector ports busy. */
#define HT_R1(i0, i1, i2, i3, i4, i5, i6, i7, k)                                               \
    HT_ON(HT_RND, x, i0, i1, i2, i3, i4, i5, i6, i7, k)
#define HT_IR1(i0, i1, i2, i3, i4, i5, i6, i7, k)                                              \
    HT_ON(HT_IRND, x, i0, i1, i2, i3, i4, i5, i6, i7, k)
#define HT_R2(i0, i1, i2, i3, i4, i5, i6, i7, k)                                               \
    HT_ON(HT_RND, x, i0, i1, i2, i3, i4, i5, i6, i7, k);                                       \
    HT_ON(HT_RND, y, i0, i1, i2, i3, i4, i5, i6, i7, k)
#define HT_IR2(i0, i1, i2, i3, i4, i5, i6, i7, k)                                              \
    HT_ON(HT_IRND, x, i0, i1, i2, i3, i4, i5, i6, i7, k);                                      \
    HT_ON(HT_IRND, y, i0, i1, i2, i3, i4, i5, i6, i7, k)

/* ---- transposes ------------------------------------------------------------------------- */
/* Blocks (as loaded) -> byte-sliced. */
#define HT_SLICE(a0, a1, a2, a3, a4, a5, a6, a7)                                               \
    do {                                                                                       \
        HT_V t0 = HT_UNPLO8(a0, a1), t1 = HT_UNPHI8(a0, a1), t2 = HT_UNPLO8(a2, a3);           \
        HT_V t3 = HT_UNPHI8(a2, a3), t4 = HT_UNPLO8(a4, a5), t5 = HT_UNPHI8(a4, a5);           \
        HT_V t6 = HT_UNPLO8(a6, a7), t7 = HT_UNPHI8(a6, a7);                                   \
        HT_V u0 = HT_UNPLO16(t0, t2), u1 = HT_UNPHI16(t0, t2), u2 = HT_UNPLO16(t1, t3);        \
        HT_V u3 = HT_UNPHI16(t1, t3), u4 = HT_UNPLO16(t4, t6), u5 = HT_UNPHI16(t4, t6);        \
        HT_V u6 = HT_UNPLO16(t5, t7), u7 = HT_UNPHI16(t5, t7);                                 \
        t0 = HT_UNPLO32(u0, u2), t1 = HT_UNPHI32(u0, u2), t2 = HT_UNPLO32(u1, u3);             \
        t3 = HT_UNPHI32(u1, u3), t4 = HT_UNPLO32(u4, u6), t5 = HT_UNPHI32(u4, u6);             \
        t6 = HT_UNPLO32(u5, u7), t7 = HT_UNPHI32(u5, u7);                                      \
        a0 = HT_UNPLO64(t0, t4), a1 = HT_UNPHI64(t0, t4), a2 = HT_UNPLO64(t1, t5);             \
        a3 = HT_UNPHI64(t1, t5), a4 = HT_UNPLO64(t2, t6), a5 = HT_UNPHI64(t2, t6);             \
        a6 = HT_UNPLO64(t3, t7), a7 = HT_UNPHI64(t3, t7);                                      \
    } while (0)
/* Byte-sliced -> vector k holds byte lanes 2k, 2k+1 of each 128-bit lane as whole blocks. */
#define HT_UNSLICE(a0, a1, a2, a3, a4, a5, a6, a7)                                             \
    do {                                                                                       \
        HT_V s0 = HT_UNPLO8(a0, a1), s1 = HT_UNPHI8(a0, a1), s2 = HT_UNPLO8(a2, a3);           \
        HT_V s3 = HT_UNPHI8(a2, a3), s4 = HT_UNPLO8(a4, a5), s5 = HT_UNPHI8(a4, a5);           \
        HT_V s6 = HT_UNPLO8(a6, a7), s7 = HT_UNPHI8(a6, a7);                                   \
        HT_V q0 = HT_UNPLO16(s0, s2), q1 = HT_UNPHI16(s0, s2), q2 = HT_UNPLO16(s1, s3);        \
        HT_V q3 = HT_UNPHI16(s1, s3), q4 = HT_UNPLO16(s4, s6), q5 = HT_UNPHI16(s4, s6);        \
        HT_V q6 = HT_UNPLO16(s5, s7), q7 = HT_UNPHI16(s5, s7);                                 \
        a0 = HT_UNPLO32(q0, q4), a1 = HT_UNPHI32(q0, q4), a2 = HT_UNPLO32(q1, q5);             \
        a3 = HT_UNPHI32(q1, q5), a4 = HT_UNPLO32(q2, q6), a5 = HT_UNPHI32(q2, q6);             \
        a6 = HT_UNPLO32(q3, q7), a7 = HT_UNPHI32(q3, q7);                                      \
    } while (0)
/* After HT_UNSLICE, the block order HT_SLICE made: vectors (0,2), (1,3), (4,6), (5,7) hold
 * blocks (0,2 | 1,3), (4,6 | 5,7), ... of each 128-bit lane; one 64-bit interleave restores it. */
#define HT_UNSLICE_ECB(a0, a1, a2, a3, a4, a5, a6, a7)                                         \
    do {                                                                                       \
        HT_UNSLICE(a0, a1, a2, a3, a4, a5, a6, a7);                                            \
        HT_V e0 = HT_UNPLO64(a0, a2), e1 = HT_UNPHI64(a0, a2), e2 = HT_UNPLO64(a1, a3);        \
        HT_V e3 = HT_UNPHI64(a1, a3), e4 = HT_UNPLO64(a4, a6), e5 = HT_UNPHI64(a4, a6);        \
        HT_V e6 = HT_UNPLO64(a5, a7), e7 = HT_UNPHI64(a5, a7);                                 \
        a0 = e0, a1 = e1, a2 = e2, a3 = e3, a4 = e4, a5 = e5, a6 = e6, a7 = e7;                \
    } while (0)

#define HT_LOAD8(s, p)                                                                         \
    HT_V s##0 = HT_LOAD((p) + 0 * HT_VB), s##1 = HT_LOAD((p) + 1 * HT_VB),                     \
         s##2 = HT_LOAD((p) + 2 * HT_VB), s##3 = HT_LOAD((p) + 3 * HT_VB),                     \
         s##4 = HT_LOAD((p) + 4 * HT_VB), s##5 = HT_LOAD((p) + 5 * HT_VB),                     \
         s##6 = HT_LOAD((p) + 6 * HT_VB), s##7 = HT_LOAD((p) + 7 * HT_VB)
#define HT_STORE8(p, a0, a1, a2, a3, a4, a5, a6, a7)                                           \
    do {                                                                                       \
        HT_STORE((p) + 0 * HT_VB, a0), HT_STORE((p) + 1 * HT_VB, a1);                          \
        HT_STORE((p) + 2 * HT_VB, a2), HT_STORE((p) + 3 * HT_VB, a3);                          \
        HT_STORE((p) + 4 * HT_VB, a4), HT_STORE((p) + 5 * HT_VB, a5);                          \
        HT_STORE((p) + 6 * HT_VB, a6), HT_STORE((p) + 7 * HT_VB, a7);                          \
    } while (0)

/* kv[0..127]: subkeys, kv[128..135]: whitening keys, each broadcast to every byte lane. */
#define HT_NKV 136
static inline void HT_NAME(expand)(HT_V kv[HT_NKV], const karx_hight_key *key)
{
    for (unsigned i = 0; i < 128; i++)
        kv[i] = HT_SET1(key->sk[i]);
    for (unsigned i = 0; i < 8; i++)
        kv[128 + i] = HT_SET1(key->wk[i]);
}

/* ---- the steps of a batch, on set s (s0..s7) --------------------------------------------- */
#define HT_ENC_IN(s, p)                                                                        \
    HT_LOAD8(s, p);                                                                            \
    HT_SLICE(s##0, s##1, s##2, s##3, s##4, s##5, s##6, s##7);                                  \
    s##0 = HT_ADD(s##0, kv[128]), s##2 = HT_XOR(s##2, kv[129]);                                \
    s##4 = HT_ADD(s##4, kv[130]), s##6 = HT_XOR(s##6, kv[131])
/* After round 31, output position p is s[(p + 1) mod 8]. */
#define HT_ENC_OUT(s, p)                                                                       \
    do {                                                                                       \
        HT_V o0 = HT_ADD(s##1, kv[132]), o2 = HT_XOR(s##3, kv[133]);                           \
        HT_V o4 = HT_ADD(s##5, kv[134]), o6 = HT_XOR(s##7, kv[135]);                           \
        HT_UNSLICE_ECB(o0, s##2, o2, s##4, o4, s##6, o6, s##0);                                \
        HT_STORE8(p, o0, s##2, o2, s##4, o4, s##6, o6, s##0);                                  \
    } while (0)
#define HT_DEC_IN(s, p)                                                                        \
    HT_LOAD8(s, p);                                                                            \
    HT_SLICE(s##0, s##1, s##2, s##3, s##4, s##5, s##6, s##7);                                  \
    do { /* input position p goes to s[(p + 1) mod 8] */                                      \
        HT_V t0 = s##7, t1 = HT_SUB(s##0, kv[132]), t2 = s##1, t3 = HT_XOR(s##2, kv[133]);    \
        HT_V t4 = s##3, t5 = HT_SUB(s##4, kv[134]), t6 = s##5, t7 = HT_XOR(s##6, kv[135]);    \
        s##0 = t0, s##1 = t1, s##2 = t2, s##3 = t3, s##4 = t4, s##5 = t5, s##6 = t6;          \
        s##7 = t7;                                                                             \
    } while (0)
#define HT_DEC_OUT(s, p)                                                                       \
    do {                                                                                       \
        s##0 = HT_SUB(s##0, kv[128]), s##2 = HT_XOR(s##2, kv[129]);                            \
        s##4 = HT_SUB(s##4, kv[130]), s##6 = HT_XOR(s##6, kv[131]);                            \
        HT_UNSLICE_ECB(s##0, s##1, s##2, s##3, s##4, s##5, s##6, s##7);                        \
        HT_STORE8(p, s##0, s##1, s##2, s##3, s##4, s##5, s##6, s##7);                          \
    } while (0)

/* CTR, counters the same in bytes 0..6 of every lane (s7: low counter byte + lane index): rounds
 * 0..7 only on what differs between lanes; uc holds the uniform values (ht_ctr_uniform). */
#define HT_CTR_FAST(s)                                                                         \
    do {                                                                                       \
        s##7 = HT_XOR(s##7, uc[0]);                                                            \
        s##0 = HT_ADD(HT_F1K(s##7, kv[4]), uc[1]);                                             \
        s##7 = HT_ADD(s##7, uc[2]);                                                            \
        s##1 = HT_XOR(HT_ADD(HT_F0(s##0), kv[9]), uc[3]);                                      \
        s##0 = HT_XOR(s##0, HT_ADD(HT_F0(s##7), kv[13]));                                      \
        s##2 = HT_ADD(HT_F1K(s##1, kv[14]), uc[4]);                                            \
        s##7 = HT_XOR(s##7, uc[5]);                                                            \
        s##1 = HT_ADD(s##1, HT_F1K(s##0, kv[18]));                                             \
        s##3 = HT_XOR(HT_ADD(HT_F0(s##2), kv[19]), uc[6]);                                     \
        s##4 = HT_ADD(HT_F1K(s##3, kv[20]), uc[7]);                                            \
        s##0 = HT_ADD(s##0, HT_F1K(s##7, kv[22]));                                             \
        s##2 = HT_XOR(s##2, HT_ADD(HT_F0(s##1), kv[23]));                                      \
        s##3 = HT_ADD(s##3, HT_F1K(s##2, kv[24]));                                             \
        s##5 = HT_XOR(HT_ADD(HT_F0(s##4), kv[25]), uc[8]);                                     \
        s##7 = HT_ADD(s##7, uc[9]);                                                            \
        s##1 = HT_XOR(s##1, HT_ADD(HT_F0(s##0), kv[27]));                                      \
        s##2 = HT_ADD(s##2, HT_F1K(s##1, kv[28]));                                             \
        s##4 = HT_XOR(s##4, HT_ADD(HT_F0(s##3), kv[29]));                                      \
        s##6 = HT_ADD(HT_F1K(s##5, kv[30]), uc[10]);                                           \
        s##0 = HT_XOR(s##0, HT_ADD(HT_F0(s##7), kv[31]));                                      \
    } while (0)
/* Keystream of set s xored into in, to out. */
#define HT_CTR_OUT(s, out, in)                                                                 \
    do {                                                                                       \
        HT_V o0 = HT_ADD(s##1, kv[132]), o2 = HT_XOR(s##3, kv[133]);                           \
        HT_V o4 = HT_ADD(s##5, kv[134]), o6 = HT_XOR(s##7, kv[135]);                           \
        HT_UNSLICE(o0, s##2, o2, s##4, o4, s##6, o6, s##0);                                    \
        HT_STORE8(out, HT_XOR(o0, HT_LOAD((in) + 0 * HT_VB)),                                  \
                  HT_XOR(s##2, HT_LOAD((in) + 1 * HT_VB)), HT_XOR(o2, HT_LOAD((in) + 2 * HT_VB)), \
                  HT_XOR(s##4, HT_LOAD((in) + 3 * HT_VB)), HT_XOR(o4, HT_LOAD((in) + 4 * HT_VB)), \
                  HT_XOR(s##6, HT_LOAD((in) + 5 * HT_VB)), HT_XOR(o6, HT_LOAD((in) + 6 * HT_VB)), \
                  HT_XOR(s##0, HT_LOAD((in) + 7 * HT_VB)));                                    \
    } while (0)

/* ---- one batch of HT_LANES blocks, or two ------------------------------------------------ */
#define HT_BATCH_BYTES (8 * HT_LANES)

static inline HT_BATCH_ALIGN void HT_NAME(enc_batch)(const HT_V *kv, uint8_t *out, const uint8_t *in)
{
    HT_FDECL;
    HT_ENC_IN(x, in);
    KARX_HIGHT_GROUP(HT_R1, kv + 0);
    KARX_HIGHT_GROUP(HT_R1, kv + 32);
    KARX_HIGHT_GROUP(HT_R1, kv + 64);
    KARX_HIGHT_GROUP(HT_R1, kv + 96);
    HT_ENC_OUT(x, out);
}

static inline HT_BATCH_ALIGN void HT_NAME(dec_batch)(const HT_V *kv, uint8_t *out, const uint8_t *in)
{
    HT_FDECL;
    HT_DEC_IN(x, in);
    KARX_HIGHT_IGROUP(HT_IR1, kv + 96);
    KARX_HIGHT_IGROUP(HT_IR1, kv + 64);
    KARX_HIGHT_IGROUP(HT_IR1, kv + 32);
    KARX_HIGHT_IGROUP(HT_IR1, kv + 0);
    HT_DEC_OUT(x, out);
}

/* CTR: keystream for counters base + the block index of each byte lane (idx), xored into in.
 * uc: the uniform values for base >> 8, used only when the low counter byte does not carry
 * inside the batch. */
static inline HT_BATCH_ALIGN void HT_NAME(ctr_batch)(const HT_V *kv, const HT_V *uc, HT_V idx, uint64_t base,
                                      uint8_t *out, const uint8_t *in)
{
    HT_FDECL;
    const unsigned lo = (unsigned)(base & 0xff);
    HT_V x0, x1, x2, x3, x4, x5, x6, x7 = HT_ADD(HT_SET1(lo), idx);
    if (lo + HT_LANES - 1 <= 0xff) {
        HT_CTR_FAST(x);
    } else {
        /* The low byte wraps in some lanes: those carry into bytes 0..6 (counter values are
         * public, so branching on them is fine). */
        const uint64_t hi = base >> 8, hi1 = hi + 1;
        const HT_V carry = HT_CMPGT(idx, HT_SET1(0xff - lo));
#define HT_CB(p)                                                                               \
    HT_XOR(HT_SET1((uint8_t)(hi >> (8 * (6 - (p))))),                                          \
           HT_AND(HT_SET1((uint8_t)((hi ^ hi1) >> (8 * (6 - (p))))), carry))
        x0 = HT_ADD(HT_CB(0), kv[128]);
        x1 = HT_CB(1);
        x2 = HT_XOR(HT_CB(2), kv[129]);
        x3 = HT_CB(3);
        x4 = HT_ADD(HT_CB(4), kv[130]);
        x5 = HT_CB(5);
        x6 = HT_XOR(HT_CB(6), kv[131]);
#undef HT_CB
        KARX_HIGHT_GROUP(HT_R1, kv + 0);
    }
    KARX_HIGHT_GROUP(HT_R1, kv + 32);
    KARX_HIGHT_GROUP(HT_R1, kv + 64);
    KARX_HIGHT_GROUP(HT_R1, kv + 96);
    HT_CTR_OUT(x, out, in);
}

#if HT_PAIR
static inline HT_BATCH_ALIGN void HT_NAME(enc_batch2)(const HT_V *kv, uint8_t *out, const uint8_t *in)
{
    HT_FDECL;
    HT_ENC_IN(x, in);
    HT_ENC_IN(y, in + HT_BATCH_BYTES);
    KARX_HIGHT_GROUP(HT_R2, kv + 0);
    KARX_HIGHT_GROUP(HT_R2, kv + 32);
    KARX_HIGHT_GROUP(HT_R2, kv + 64);
    KARX_HIGHT_GROUP(HT_R2, kv + 96);
    HT_ENC_OUT(x, out);
    HT_ENC_OUT(y, out + HT_BATCH_BYTES);
}

static inline HT_BATCH_ALIGN void HT_NAME(dec_batch2)(const HT_V *kv, uint8_t *out, const uint8_t *in)
{
    HT_FDECL;
    HT_DEC_IN(x, in);
    HT_DEC_IN(y, in + HT_BATCH_BYTES);
    KARX_HIGHT_IGROUP(HT_IR2, kv + 96);
    KARX_HIGHT_IGROUP(HT_IR2, kv + 64);
    KARX_HIGHT_IGROUP(HT_IR2, kv + 32);
    KARX_HIGHT_IGROUP(HT_IR2, kv + 0);
    HT_DEC_OUT(x, out);
    HT_DEC_OUT(y, out + HT_BATCH_BYTES);
}

/* Two CTR batches (2 * HT_LANES blocks from base); the caller checks that the low counter byte
 * does not carry inside them (else it runs ctr_batch twice). */
static inline HT_BATCH_ALIGN void HT_NAME(ctr_batch2)(const HT_V *kv, const HT_V *uc, HT_V idx, uint64_t base,
                                       uint8_t *out, const uint8_t *in)
{
    HT_FDECL;
    HT_V x0, x1, x2, x3, x4, x5, x6, x7 = HT_ADD(HT_SET1(base & 0xff), idx);
    HT_V y0, y1, y2, y3, y4, y5, y6, y7 = HT_ADD(x7, HT_SET1(HT_LANES));
    HT_CTR_FAST(x);
    HT_CTR_FAST(y);
    KARX_HIGHT_GROUP(HT_R2, kv + 32);
    KARX_HIGHT_GROUP(HT_R2, kv + 64);
    KARX_HIGHT_GROUP(HT_R2, kv + 96);
    HT_CTR_OUT(x, out, in);
    HT_CTR_OUT(y, out + HT_BATCH_BYTES, in + HT_BATCH_BYTES);
}
#endif

/* ---- kernels ---------------------------------------------------------------------------- */

/* ---- kernels ---------------------------------------------------------------------------- */

static void HT_NAME(ecb)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
#ifdef HT_HALF
    if (nblocks <= HT_LANES / 2) {
        (enc ? HT_HALF(ecb_encrypt) : HT_HALF(ecb_decrypt))(ks, out, in, nblocks);
        return;
    }
#endif
    if (nblocks == 0)
        return;
    HT_V kv[HT_NKV];
    HT_NAME(expand)(kv, (const karx_hight_key *)ks);
    size_t i = 0;
#if HT_PAIR
    for (; i + 2 * HT_LANES <= nblocks; i += 2 * HT_LANES) {
        if (enc)
            HT_NAME(enc_batch2)(kv, out + 8 * i, in + 8 * i);
        else
            HT_NAME(dec_batch2)(kv, out + 8 * i, in + 8 * i);
    }
#endif
    for (; i + HT_LANES <= nblocks; i += HT_LANES) {
        if (enc)
            HT_NAME(enc_batch)(kv, out + 8 * i, in + 8 * i);
        else
            HT_NAME(dec_batch)(kv, out + 8 * i, in + 8 * i);
    }
    size_t rem = nblocks - i;
#ifdef HT_HALF
    if (rem != 0 && rem <= HT_LANES / 2) {
        (enc ? HT_HALF(ecb_encrypt) : HT_HALF(ecb_decrypt))(ks, out + 8 * i, in + 8 * i, rem);
        rem = 0;
    }
#endif
    if (rem != 0) {
        uint8_t buf[HT_BATCH_BYTES];
        memcpy(buf, in + 8 * i, 8 * rem);
        memset(buf + 8 * rem, 0, sizeof buf - 8 * rem);
        if (enc)
            HT_NAME(enc_batch)(kv, buf, buf);
        else
            HT_NAME(dec_batch)(kv, buf, buf);
        memcpy(out + 8 * i, buf, 8 * rem);
        karx_memzero(buf, sizeof buf);
    }
    karx_memzero(kv, sizeof kv);
}

static void HT_NAME(ecb_encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    HT_NAME(ecb)(ks, out, in, nblocks, 1);
}

static void HT_NAME(ecb_decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    HT_NAME(ecb)(ks, out, in, nblocks, 0);
}

static void HT_NAME(ctr_xor)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks,
                             const uint8_t *ctr)
{
#ifdef HT_HALF
    if (nblocks <= HT_LANES / 2) {
        HT_HALF(ctr_xor)(ks, out, in, nblocks, ctr);
        return;
    }
#endif
    if (nblocks == 0)
        return;
    const karx_hight_key *key = (const karx_hight_key *)ks;
    HT_V kv[HT_NKV], uc[11];
    HT_NAME(expand)(kv, key);
    /* Block index of each byte lane (see the layout note at the top). */
    uint8_t lane_block[HT_VB];
    for (unsigned j = 0; j < HT_VB; j++) {
        unsigned l = j / 16, b = j % 16;
        lane_block[j] = (uint8_t)(2 * (HT_W / 128) * (b >> 1) + 2 * l + (b & 1));
    }
    const HT_V idx = HT_LOAD(lane_block);
    const uint64_t c = karx_load64_be(ctr);
    uint64_t uc_hi = 0;
    int uc_valid = 0;
    size_t i = 0;
    for (;;) {
        const size_t left = nblocks - i;
        if (left == 0)
            break;
#ifdef HT_HALF
        if (left <= HT_LANES / 2) {
            uint8_t cb[8];
            karx_store64_be(cb, c + i);
            HT_HALF(ctr_xor)(ks, out + 8 * i, in + 8 * i, left, cb);
            break;
        }
#endif
        const uint64_t base = c + i;
        if ((base & 0xff) + HT_LANES - 1 <= 0xff && (!uc_valid || uc_hi != base >> 8)) {
            uint8_t u[11];
            ht_ctr_uniform(key, base >> 8, u);
            for (unsigned j = 0; j < 11; j++)
                uc[j] = HT_SET1(u[j]);
            karx_memzero(u, sizeof u);
            uc_hi = base >> 8;
            uc_valid = 1;
        }
#if HT_PAIR
        if (left >= 2 * HT_LANES && (base & 0xff) + 2 * HT_LANES - 1 <= 0xff) {
            HT_NAME(ctr_batch2)(kv, uc, idx, base, out + 8 * i, in + 8 * i);
            i += 2 * HT_LANES;
            continue;
        }
#endif
        if (left >= HT_LANES) {
            HT_NAME(ctr_batch)(kv, uc, idx, base, out + 8 * i, in + 8 * i);
            i += HT_LANES;
        } else {
            uint8_t buf[HT_BATCH_BYTES];
            memcpy(buf, in + 8 * i, 8 * left);
            memset(buf + 8 * left, 0, sizeof buf - 8 * left);
            HT_NAME(ctr_batch)(kv, uc, idx, base, buf, buf);
            memcpy(out + 8 * i, buf, 8 * left);
            karx_memzero(buf, sizeof buf);
            break;
        }
    }
    karx_memzero(kv, sizeof kv);
    karx_memzero(uc, sizeof uc);
}

/* ---- undefine everything per-width for the next inclusion --------------------------------- */
#undef HT_V
#undef HT_LANES
#undef HT_NAME
#undef HT_HALF
#undef HT_LOAD
#undef HT_STORE
#undef HT_ADD
#undef HT_SUB
#undef HT_XOR
#undef HT_AND
#undef HT_SET1
#undef HT_SET1_64
#undef HT_SRLI16
#undef HT_SLLI16
#undef HT_UNPLO8
#undef HT_UNPHI8
#undef HT_UNPLO16
#undef HT_UNPHI16
#undef HT_UNPLO32
#undef HT_UNPHI32
#undef HT_UNPLO64
#undef HT_UNPHI64
#undef HT_CMPGT
#undef HT_TAB
#undef HT_SHUF
#undef HT_GF
#undef HT_XOR3
#undef HT_VB
#undef HT_FDECL
#undef HT_F0
#undef HT_F1
#undef HT_F1K
#undef HT_FLO
#undef HT_FHI
#undef HT_RND
#undef HT_IRND
#undef HT_ROUND
#undef HT_ON
#undef HT_R1
#undef HT_IR1
#undef HT_R2
#undef HT_IR2
#undef HT_ENC_IN
#undef HT_ENC_OUT
#undef HT_DEC_IN
#undef HT_DEC_OUT
#undef HT_CTR_FAST
#undef HT_CTR_OUT
#undef HT_SLICE
#undef HT_UNSLICE
#undef HT_UNSLICE_ECB
#undef HT_LOAD8
#undef HT_STORE8
#undef HT_NKV
#undef HT_BATCH_BYTES
#undef HT_W
#undef HT_PAIR
#endif /* HT_W */
