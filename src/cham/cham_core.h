/* Revised CHAM (ICISC 2019) round code, written once for the host and (through KARX_HD) a CUDA
 * device: key schedules and one block each way for CHAM-64 (16-bit words) and CHAM-128 (32-bit
 * words). Words are little-endian in the key and the block.
 *
 * Round i (0-based) on the state (x0, x1, x2, x3):
 *     even i: t = rol8((x0 ^ i) + (rol1(x1) ^ rk[i mod 2kw]))
 *     odd i:  t = rol1((x0 ^ i) + (rol8(x1) ^ rk[i mod 2kw]))
 * and the state becomes (x1, x2, x3, t). Four rounds bring every word back to its place, so the
 * code runs groups of four rounds and renames words instead of moving them. The round counts
 * (88, 112, 120) are multiples of four; the original 2017 CHAM (80, 80, 96 rounds) differs only in
 * the count, which is why rounds is a parameter (the tests run the original count too). */
#ifndef KARX_CHAM_CORE_H
#define KARX_CHAM_CORE_H

#include <stdint.h>

#include "../common/endian.h"
#include "../common/karx_hd.h"
#include "../common/rotate.h"

/* The block functions are always inlined and their round loops fully unrolled where the round
 * count is a constant at the call site (the one-block functions of cham_portable.c dispatch on it),
 * so that round numbers and round-key offsets become immediates: about 5 operations a round
 * instead of 7 to 8 with the loop's index arithmetic. */
#if defined(KARX_COMPACT) /* small-code builds (embedded/): rolled loops, ordinary calls */
#define KARX_CHAM_UNROLL
#elif defined(__CUDA_ARCH__) /* nvcc's device pass */
#define KARX_CHAM_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__) /* nvcc's host pass: its front end takes no GCC pragma */
#define KARX_CHAM_UNROLL
#elif defined(__clang__)
#define KARX_CHAM_UNROLL _Pragma("clang loop unroll(enable)")
#elif defined(__GNUC__)
#define KARX_CHAM_UNROLL _Pragma("GCC unroll 32")
#else
#define KARX_CHAM_UNROLL
#endif
#if defined(__GNUC__) && !defined(__CUDACC__) && !defined(KARX_COMPACT)
#define KARX_CHAM_FORCE_INLINE __attribute__((always_inline))
#else
#define KARX_CHAM_FORCE_INLINE /* nvcc inlines device functions itself */
#endif

static inline KARX_HD uint16_t karx_cham_rol16(uint16_t x, unsigned r)
{
    /* unsigned before shifting: with 16-bit int (AVR, MSP430) a uint16_t promotes to int */
    return (uint16_t)(((unsigned)x << (r & 15)) | ((unsigned)x >> ((16 - r) & 15)));
}

static inline KARX_HD uint32_t karx_cham_ror32(uint32_t x, unsigned r)
{
    return karx_rotl32(x, (32 - r) & 31);
}

static inline KARX_HD uint16_t karx_cham_load16_le(const uint8_t *p)
{
    return (uint16_t)(p[0] | ((unsigned)p[1] << 8));
}

static inline KARX_HD void karx_cham_store16_le(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* ---- CHAM-64: 16-bit words, 128-bit key (8 words), 16 round keys -------------------------- */

static inline KARX_HD void karx_cham64_expand_key(uint16_t rk[16], const uint8_t key[16])
{
    for (unsigned i = 0; i < 8; i++) {
        uint16_t k = karx_cham_load16_le(key + 2 * i);
        uint16_t k1 = (uint16_t)(k ^ karx_cham_rol16(k, 1));
        rk[i] = (uint16_t)(k1 ^ karx_cham_rol16(k, 8));
        rk[(i + 8) ^ 1] = (uint16_t)(k1 ^ karx_cham_rol16(k, 11));
    }
}

/* One round's new word from x0 (the word leaving) and x1; i is the round number. */
static inline KARX_HD uint16_t karx_cham64_even(uint16_t x0, uint16_t x1, uint16_t rk, unsigned i)
{
    return karx_cham_rol16((uint16_t)((x0 ^ i) + (karx_cham_rol16(x1, 1) ^ rk)), 8);
}

static inline KARX_HD uint16_t karx_cham64_odd(uint16_t x0, uint16_t x1, uint16_t rk, unsigned i)
{
    return karx_cham_rol16((uint16_t)((x0 ^ i) + (karx_cham_rol16(x1, 8) ^ rk)), 1);
}

/* The inverses: x0 back from the new word t and x1. */
static inline KARX_HD uint16_t karx_cham64_even_inv(uint16_t t, uint16_t x1, uint16_t rk,
                                                     unsigned i)
{
    return (uint16_t)(((uint16_t)(karx_cham_rol16(t, 8) - (karx_cham_rol16(x1, 1) ^ rk))) ^ i);
}

static inline KARX_HD uint16_t karx_cham64_odd_inv(uint16_t t, uint16_t x1, uint16_t rk,
                                                    unsigned i)
{
    return (uint16_t)(((uint16_t)(karx_cham_rol16(t, 15) - (karx_cham_rol16(x1, 8) ^ rk))) ^ i);
}

#if defined(KARX_CHAM_ENCRYPT_WORDS_EXTERN) && !defined(__CUDACC__)
/* A target's own block encryption with the same contracts (embedded/: AVR assembly). */
void karx_cham64_encrypt_words_ext(uint16_t x[4], const uint16_t rk[16], unsigned rounds);
void karx_cham128_encrypt_words_ext(uint32_t x[4], const uint32_t *rk, unsigned rk_mask,
                                    unsigned rounds);
#define karx_cham64_encrypt_words karx_cham64_encrypt_words_ext
#define karx_cham128_encrypt_words karx_cham128_encrypt_words_ext
#else
/* rounds: a multiple of 4 (88 for revised CHAM-64/128). */
static inline KARX_HD KARX_CHAM_FORCE_INLINE void
karx_cham64_encrypt_words(uint16_t x[4], const uint16_t rk[16], unsigned rounds)
{
    uint16_t a = x[0], b = x[1], c = x[2], d = x[3];
    KARX_CHAM_UNROLL for (unsigned i = 0; i < rounds; i += 4) {
        a = karx_cham64_even(a, b, rk[i & 15], i);
        b = karx_cham64_odd(b, c, rk[(i + 1) & 15], i + 1);
        c = karx_cham64_even(c, d, rk[(i + 2) & 15], i + 2);
        d = karx_cham64_odd(d, a, rk[(i + 3) & 15], i + 3);
    }
    x[0] = a;
    x[1] = b;
    x[2] = c;
    x[3] = d;
}

#endif

static inline KARX_HD KARX_CHAM_FORCE_INLINE void
karx_cham64_decrypt_words(uint16_t x[4], const uint16_t rk[16], unsigned rounds)
{
    uint16_t a = x[0], b = x[1], c = x[2], d = x[3];
    KARX_CHAM_UNROLL for (unsigned i = rounds; i > 0; i -= 4) {
        d = karx_cham64_odd_inv(d, a, rk[(i - 1) & 15], i - 1);
        c = karx_cham64_even_inv(c, d, rk[(i - 2) & 15], i - 2);
        b = karx_cham64_odd_inv(b, c, rk[(i - 3) & 15], i - 3);
        a = karx_cham64_even_inv(a, b, rk[(i - 4) & 15], i - 4);
    }
    x[0] = a;
    x[1] = b;
    x[2] = c;
    x[3] = d;
}

/* One 8-byte block; out may equal in. */
static inline KARX_HD KARX_CHAM_FORCE_INLINE void
karx_cham64_crypt_block(const uint16_t rk[16], unsigned rounds, int decrypt, uint8_t out[8],
                        const uint8_t in[8])
{
    uint16_t x[4];
    for (unsigned w = 0; w < 4; w++)
        x[w] = karx_cham_load16_le(in + 2 * w);
    if (decrypt)
        karx_cham64_decrypt_words(x, rk, rounds);
    else
        karx_cham64_encrypt_words(x, rk, rounds);
    for (unsigned w = 0; w < 4; w++)
        karx_cham_store16_le(out + 2 * w, x[w]);
}

/* ---- CHAM-128: 32-bit words, 128-bit (4 words) or 256-bit (8 words) key ------------------- */

/* key_words 4 or 8; fills 2 * key_words round keys. */
static inline KARX_HD void karx_cham128_expand_key(uint32_t rk[16], const uint8_t *key,
                                                   unsigned key_words)
{
    for (unsigned i = 0; i < key_words; i++) {
        uint32_t k = karx_load32_le(key + 4 * i);
        uint32_t k1 = k ^ karx_rotl32(k, 1);
        rk[i] = k1 ^ karx_rotl32(k, 8);
        rk[(i + key_words) ^ 1] = k1 ^ karx_rotl32(k, 11);
    }
}

static inline KARX_HD uint32_t karx_cham128_even(uint32_t x0, uint32_t x1, uint32_t rk, unsigned i)
{
    return karx_rotl32((x0 ^ i) + (karx_rotl32(x1, 1) ^ rk), 8);
}

static inline KARX_HD uint32_t karx_cham128_odd(uint32_t x0, uint32_t x1, uint32_t rk, unsigned i)
{
    return karx_rotl32((x0 ^ i) + (karx_rotl32(x1, 8) ^ rk), 1);
}

static inline KARX_HD uint32_t karx_cham128_even_inv(uint32_t t, uint32_t x1, uint32_t rk,
                                                     unsigned i)
{
    return (karx_cham_ror32(t, 8) - (karx_rotl32(x1, 1) ^ rk)) ^ i;
}

static inline KARX_HD uint32_t karx_cham128_odd_inv(uint32_t t, uint32_t x1, uint32_t rk,
                                                    unsigned i)
{
    return (karx_cham_ror32(t, 1) - (karx_rotl32(x1, 8) ^ rk)) ^ i;
}

#if !(defined(KARX_CHAM_ENCRYPT_WORDS_EXTERN) && !defined(__CUDACC__))
/* rk_mask = round-key count - 1 (7 or 15); rounds a multiple of 4 (112 or 120). */
static inline KARX_HD KARX_CHAM_FORCE_INLINE void
karx_cham128_encrypt_words(uint32_t x[4], const uint32_t *rk, unsigned rk_mask, unsigned rounds)
{
    uint32_t a = x[0], b = x[1], c = x[2], d = x[3];
    KARX_CHAM_UNROLL for (unsigned i = 0; i < rounds; i += 4) {
        a = karx_cham128_even(a, b, rk[i & rk_mask], i);
        b = karx_cham128_odd(b, c, rk[(i + 1) & rk_mask], i + 1);
        c = karx_cham128_even(c, d, rk[(i + 2) & rk_mask], i + 2);
        d = karx_cham128_odd(d, a, rk[(i + 3) & rk_mask], i + 3);
    }
    x[0] = a;
    x[1] = b;
    x[2] = c;
    x[3] = d;
}

#endif

static inline KARX_HD KARX_CHAM_FORCE_INLINE void
karx_cham128_decrypt_words(uint32_t x[4], const uint32_t *rk, unsigned rk_mask, unsigned rounds)
{
    uint32_t a = x[0], b = x[1], c = x[2], d = x[3];
    KARX_CHAM_UNROLL for (unsigned i = rounds; i > 0; i -= 4) {
        d = karx_cham128_odd_inv(d, a, rk[(i - 1) & rk_mask], i - 1);
        c = karx_cham128_even_inv(c, d, rk[(i - 2) & rk_mask], i - 2);
        b = karx_cham128_odd_inv(b, c, rk[(i - 3) & rk_mask], i - 3);
        a = karx_cham128_even_inv(a, b, rk[(i - 4) & rk_mask], i - 4);
    }
    x[0] = a;
    x[1] = b;
    x[2] = c;
    x[3] = d;
}

/* One 16-byte block; out may equal in. */
static inline KARX_HD KARX_CHAM_FORCE_INLINE void
karx_cham128_crypt_block(const uint32_t *rk, unsigned rk_mask, unsigned rounds, int decrypt,
                         uint8_t out[16], const uint8_t in[16])
{
    uint32_t x[4];
    for (unsigned w = 0; w < 4; w++)
        x[w] = karx_load32_le(in + 4 * w);
    if (decrypt)
        karx_cham128_decrypt_words(x, rk, rk_mask, rounds);
    else
        karx_cham128_encrypt_words(x, rk, rk_mask, rounds);
    for (unsigned w = 0; w < 4; w++)
        karx_store32_le(out + 4 * w, x[w]);
}

#endif
