/* Per-thread code of the GPU record-job kernels (karx_gpu_gcm_seal_jobs / open_jobs and
 * karx_gpu_ctr_jobs, gpu_jobs.c), written once for the device and for the CPU tests that emulate
 * every thread (tests/test_gpu_jobs_core.c). One thread runs one record under its own key.
 *
 * The host packs a batch into one input buffer: an array of record descriptors (the raw key,
 * and for GCM H and J0, derived on the host from the job's karx_gcm_key and IV), then the data
 * region. A GCM record's data is its AAD, zero-padded to 16 bytes, then its input, zero-padded
 * to 16 bytes, then a 16-byte slot; the output buffer has the data region's size and layout: the
 * record's output at the input's offset, its full 16-byte tag in the slot. A CTR record's data is
 * its input, zero-padded to the block size (64-bit blocks included: 16 bytes). Every record
 * starts 16-aligned, so whole blocks are word loads and stores, and the zero padding lets a final
 * partial block load whole and store whole (its bytes past the record masked to zero).
 *
 * GHASH is the portable library's constant-time carry-less multiplication (ghash_portable.c:
 * integer multiplications on operands with holes) on H in ghash.h's integer form, one block at a
 * time: no table indexed by H or data, nothing that needs per-thread memory. */
#ifndef KARX_GPU_JOBS_CORE_H
#define KARX_GPU_JOBS_CORE_H

#include "cipher_gpu_core.h"

/* One GCM record (seal or open), as the host packs it. */
typedef struct karx_gpu_gcm_rec {
    uint8_t key[32];   /* the cipher key as given (KARX_GPU_KEY_BYTES(shape) bytes used) */
    uint64_t h[2];     /* H as {lo, hi} big-endian halves (karx_gcm_key.htab[0..1]) */
    uint32_t j0[4];    /* J0 as the cipher's words (little-endian loads of its bytes) */
    uint64_t aad_off;  /* data region offsets: AAD, then input (output at the same offset) */
    uint64_t aad_len;
    uint64_t in_off;
    uint64_t len;      /* the tag slot is at in_off + len rounded up to 16 */
} karx_gpu_gcm_rec;

/* One CTR record. */
typedef struct karx_gpu_ctr_rec {
    uint8_t key[32];   /* the cipher key as given */
    uint8_t ctr[16];   /* the counter block (8 bytes used for 64-bit blocks) */
    uint64_t off;      /* data region offset (output at the same offset) */
    uint64_t len;
} karx_gpu_ctr_rec;

static inline KARX_HD uint64_t karx_gpu_round16(uint64_t x)
{
    return (x + 15) & ~(uint64_t)15;
}

/* ---- GHASH (ghash_portable.c's multiplication, host and device) ---- */

static inline KARX_HD uint64_t karx_gpu_bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = 0x1111111111111111ull, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static inline KARX_HD uint64_t karx_gpu_rev64(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return __brevll(x);
#else
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
    x = ((x >> 8) & 0x00ff00ff00ff00ffull) | ((x & 0x00ff00ff00ff00ffull) << 8);
    x = ((x >> 16) & 0x0000ffff0000ffffull) | ((x & 0x0000ffff0000ffffull) << 16);
    return (x >> 32) | (x << 32);
#endif
}

/* s = s * h in GF(2^128), GCM's polynomial, all as {lo, hi}. */
static inline KARX_HD void karx_gpu_gf_mul(uint64_t s[2], const uint64_t h[2])
{
    uint64_t a0 = s[0], a1 = s[1], b0 = h[0], b1 = h[1];
    uint64_t l0 = karx_gpu_bmul64(a0, b0);
    uint64_t l1 = karx_gpu_rev64(karx_gpu_bmul64(karx_gpu_rev64(a0), karx_gpu_rev64(b0))) >> 1;
    uint64_t h0 = karx_gpu_bmul64(a1, b1);
    uint64_t h1 = karx_gpu_rev64(karx_gpu_bmul64(karx_gpu_rev64(a1), karx_gpu_rev64(b1))) >> 1;
    uint64_t c = a0 ^ a1, d = b0 ^ b1;
    uint64_t m0 = karx_gpu_bmul64(c, d) ^ l0 ^ h0;
    uint64_t m1 = (karx_gpu_rev64(karx_gpu_bmul64(karx_gpu_rev64(c), karx_gpu_rev64(d))) >> 1) ^ l1 ^ h1;
    uint64_t w3 = h1, w2 = h0 ^ m1, w1 = l1 ^ m0, w0 = l0;
    w3 = (w3 << 1) | (w2 >> 63);
    w2 = (w2 << 1) | (w1 >> 63);
    w1 = (w1 << 1) | (w0 >> 63);
    w0 <<= 1;
    w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
    w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
    w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
    w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
    s[0] = w2;
    s[1] = w3;
}

/* Absorbs one block given as the cipher's words (little-endian loads of its bytes). */
static inline KARX_HD void karx_gpu_ghash_words(uint64_t s[2], const uint64_t h[2], const uint32_t x[4])
{
    s[1] ^= ((uint64_t)karx_gpu_bswap32(x[0]) << 32) | karx_gpu_bswap32(x[1]);
    s[0] ^= ((uint64_t)karx_gpu_bswap32(x[2]) << 32) | karx_gpu_bswap32(x[3]);
    karx_gpu_gf_mul(s, h);
}

static inline KARX_HD void karx_gpu_ld_block(const uint8_t *p, uint32_t x[4])
{
    KARX_HD_UNROLL for (unsigned j = 0; j < 4; j++)
        x[j] = karx_gpu_ld32(p + 4 * j);
}

/* Bytes n.. of a block (as words) set to zero; n < 16. */
static inline KARX_HD void karx_gpu_mask_block(uint32_t x[4], unsigned n)
{
    KARX_HD_UNROLL for (unsigned j = 0; j < 4; j++) {
        unsigned keep = n <= 4 * j ? 0 : n - 4 * j >= 4 ? 4 : n - 4 * j;
        x[j] &= keep == 4 ? 0xffffffffu : (((uint32_t)1 << (8 * keep)) - 1u);
    }
}

/* ---- one GCM record ---- */

/* Record rec of a GCM batch of cipher shape `shape` (a 128-bit block cipher): in = the data
 * region, out = the output region. Seal: out gets the ciphertext and the tag slot the full tag;
 * open: out gets the plaintext (the host keeps it only when the tag matches) and the slot the
 * tag computed over the ciphertext. */
static inline KARX_HD void karx_gpu_gcm_record(int shape, const karx_gpu_gcm_rec *rec,
                                               const uint8_t *in, uint8_t *out, int enc)
{
    karx_gpu_many_key k;
    karx_gpu_many_set_key(shape, &k, rec->key);
    const uint64_t h[2] = {rec->h[0], rec->h[1]};
    uint64_t s[2] = {0, 0};
    const uint32_t c3 = karx_gpu_bswap32(rec->j0[3]); /* J0's 32-bit counter, big-endian value */
    uint32_t x[4];
    /* AAD: zero-padded in the region, so whole blocks */
    const uint8_t *a = in + rec->aad_off;
    for (uint64_t i = 0; i < rec->aad_len; i += 16) {
        karx_gpu_ld_block(a + i, x);
        karx_gpu_ghash_words(s, h, x);
    }
    const uint8_t *src = in + rec->in_off;
    uint8_t *dst = out + rec->in_off;
    for (uint64_t i = 0, b = 1; i < rec->len; i += 16, b++) {
        uint32_t w[4] = {rec->j0[0], rec->j0[1], rec->j0[2], karx_gpu_bswap32(c3 + (uint32_t)b)};
        karx_gpu_many_encrypt_words(shape, &k, w);
        karx_gpu_ld_block(src + i, x);
        uint32_t o[4];
        KARX_HD_UNROLL for (unsigned j = 0; j < 4; j++)
            o[j] = x[j] ^ w[j];
        if (rec->len - i < 16)
            karx_gpu_mask_block(o, (unsigned)(rec->len - i)); /* x is zero there already */
        karx_gpu_ghash_words(s, h, enc ? o : x);
        KARX_HD_UNROLL for (unsigned j = 0; j < 4; j++)
            karx_gpu_st32(dst + i + 4 * j, o[j]);
    }
    s[1] ^= rec->aad_len * 8;
    s[0] ^= rec->len * 8;
    karx_gpu_gf_mul(s, h);
    uint32_t t[4] = {rec->j0[0], rec->j0[1], rec->j0[2], rec->j0[3]};
    karx_gpu_many_encrypt_words(shape, &k, t);
    uint8_t *slot = dst + karx_gpu_round16(rec->len);
    karx_gpu_st32(slot, t[0] ^ karx_gpu_bswap32((uint32_t)(s[1] >> 32)));
    karx_gpu_st32(slot + 4, t[1] ^ karx_gpu_bswap32((uint32_t)s[1]));
    karx_gpu_st32(slot + 8, t[2] ^ karx_gpu_bswap32((uint32_t)(s[0] >> 32)));
    karx_gpu_st32(slot + 12, t[3] ^ karx_gpu_bswap32((uint32_t)s[0]));
    karx_memzero_hd(&k, sizeof k);
    karx_memzero_hd(s, sizeof s);
}

/* ---- one CTR record: the many-key CTR thread (karx_gpu_ctr_record) on the record's own key,
 * counter and data ---- */
static inline KARX_HD void karx_gpu_ctr_job_record(int shape, const karx_gpu_ctr_rec *rec,
                                                   const uint8_t *in, uint8_t *out)
{
    karx_gpu_ctr_record(shape, rec->key, 0, rec->ctr, out, in, rec->off, rec->len, 0);
}

#endif
