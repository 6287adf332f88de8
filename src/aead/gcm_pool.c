/* GCM seal / open on a karx_pool: the data is cut into ranges (whole 16-byte blocks, the last
 * range takes the rest); each range runs GCTR from its own counter block (J0's low 32 bits plus
 * 1 + its first block, modulo 2^32: inc32) and GHASH from a zero state, on any thread. GHASH is
 * Horner's rule, so GHASH(A || B) = GHASH(A) * H^m ^ GHASH_0(B) for B of m blocks: the caller's
 * thread folds the AAD's state and the ranges' states in order, each multiplied by H to the
 * blocks of the next range (powers by square-and-multiply; all ranges but the last have one
 * size, so two powers serve), then closes with the length block as karx_gcm_seal does. */
#include <string.h>

#include "aead/gcm_parts.h"
#include "aead/ghash.h"
#include "common/endian.h"
#include "karx/gcm.h"
#include "karx/pool.h"

#define GP_MIN_RANGE ((size_t)64 << 10) /* bytes: a range amortizes its hand-off and set-up */
#define GP_MAX_RANGES 256               /* states kept on the stack: 4 KiB */

typedef struct {
    const karx_gcm_key *gk;
    uint8_t j0[16];
    uint8_t *out;
    const uint8_t *in;
    size_t len, range; /* range: bytes a range (a multiple of 16), the last one the rest */
    int secret, enc;
    uint8_t y[GP_MAX_RANGES][16];
    karx_status st[GP_MAX_RANGES];
} gcm_pool_job;

static void gcm_range(void *arg, size_t i)
{
    gcm_pool_job *j = arg;
    size_t off = i * j->range;
    size_t n = j->len - off < j->range ? j->len - off : j->range;
    uint8_t ctr[16];
    memcpy(ctr, j->j0, 16);
    uint32_t lo = (uint32_t)karx_load64_be(ctr + 8) + 1u + (uint32_t)(off / 16); /* inc32 */
    karx_store64_be(ctr + 8, (karx_load64_be(ctr + 8) & 0xffffffff00000000u) | lo);
    memset(j->y[i], 0, 16);
    j->st[i] = karx_i_gcm_crypt(j->gk, ctr, j->y[i], j->out + off, j->in + off, n, j->secret,
                                j->enc);
    karx_memzero(ctr, sizeof ctr);
}

/* r = a * b in GF(2^128), spec byte order: GHASH of the block a from a zero state with H = b. */
static void gf_mul(uint8_t r[16], const uint8_t a[16], const uint8_t b[16])
{
    uint64_t t[2 * KARX_I_GHASH_POWERS] = {0};
    t[0] = karx_load64_be(b + 8); /* the integer form of ghash.h: {lo, hi} */
    t[1] = karx_load64_be(b);
    uint8_t y[16] = {0};
    karx_i_ghash_blocks(t, y, a, 1);
    memcpy(r, y, 16);
    karx_memzero(t, sizeof t);
    karx_memzero(y, sizeof y);
}

/* p = H^k (k >= 1), square and multiply over the public exponent. */
static void h_pow(uint8_t p[16], const karx_gcm_key *gk, uint64_t k)
{
    uint8_t base[16], acc[16] = {0x80}; /* 0x80 || 0^15 is the field's one */
    karx_store64_be(base, gk->htab[1]);
    karx_store64_be(base + 8, gk->htab[0]);
    for (; k != 0; k >>= 1) {
        if (k & 1)
            gf_mul(acc, acc, base);
        gf_mul(base, base, base);
    }
    memcpy(p, acc, 16);
    karx_memzero(base, sizeof base);
    karx_memzero(acc, sizeof acc);
}

/* The ranges for len bytes on threads threads: enough to keep every thread busy a few times
 * over, none under GP_MIN_RANGE. */
static size_t gcm_range_bytes(size_t len, unsigned threads)
{
    size_t want = (size_t)threads * 4;
    if (want > GP_MAX_RANGES)
        want = GP_MAX_RANGES;
    size_t r = (len / want + 4095) & ~(size_t)4095;
    if (r < GP_MIN_RANGE)
        r = GP_MIN_RANGE;
    while ((len + r - 1) / r > GP_MAX_RANGES) /* only for lengths past 256 x GP_MIN_RANGE */
        r *= 2;
    return r;
}

/* Runs the ranges and folds their GHASH states into y (the AAD's state on entry). */
static karx_status gcm_pool_pass(karx_pool *pool, gcm_pool_job *j, uint8_t y[16])
{
    size_t count = (j->len + j->range - 1) / j->range;
    karx_status st = karx_pool_run(pool, count, gcm_range, j);
    for (size_t i = 0; i < count && st == KARX_OK; i++)
        st = j->st[i];
    if (st != KARX_OK)
        return st;
    uint8_t hr[16], hl[16];
    size_t last = j->len - (count - 1) * j->range;
    h_pow(hr, j->gk, j->range / 16);
    h_pow(hl, j->gk, (last + 15) / 16);
    for (size_t i = 0; i < count; i++) {
        gf_mul(y, y, i + 1 == count ? hl : hr);
        for (int b = 0; b < 16; b++)
            y[b] ^= j->y[i][b];
    }
    karx_memzero(hr, sizeof hr);
    karx_memzero(hl, sizeof hl);
    return KARX_OK;
}

/* seal (enc 1: writes tag) or open (enc 0: compares with tag) by ranges. As in the serial
 * calls, argument errors return before anything is written, and any later failure zero-fills
 * out. Below two ranges' worth, or on one thread, it is the serial call (the same work without
 * the folding). */
static karx_status gcm_pool_call(karx_pool *pool, int enc, const karx_gcm_key *gk,
                                 const uint8_t *iv, size_t iv_len, uint8_t *out, uint8_t *tag,
                                 size_t tag_len, const uint8_t *in, size_t len,
                                 const uint8_t *aad, size_t aad_len)
{
    if (karx_pool_threads(pool) < 2 || len < 2 * GP_MIN_RANGE)
        return enc ? karx_gcm_seal(gk, iv, iv_len, out, tag, tag_len, in, len, aad, aad_len)
                   : karx_gcm_open(gk, iv, iv_len, out, tag, tag_len, in, len, aad, aad_len);
    gcm_pool_job *j = &(gcm_pool_job){0};
    uint8_t y[16], full[16];
    karx_status st = karx_i_gcm_start(gk, iv, iv_len, aad, aad_len, out, in, len, tag, tag_len,
                                      j->j0, y);
    if (st != KARX_OK)
        return st;
    j->gk = gk;
    j->out = out;
    j->in = in;
    j->len = len;
    j->range = gcm_range_bytes(len, karx_pool_threads(pool));
    j->secret = iv_len != 12;
    j->enc = enc;
    if (len != 0)
        st = gcm_pool_pass(pool, j, y);
    if (st == KARX_OK)
        st = karx_i_gcm_tag(gk, y, j->j0, aad_len, len, full);
    if (st == KARX_OK && !enc && karx_memcmp_ct(full, tag, tag_len) != 0)
        st = KARX_ERR_AUTHENTICATION;
    if (st == KARX_OK && enc)
        memcpy(tag, full, tag_len);
    if (st != KARX_OK)
        karx_memzero(out, len); /* never unauthenticated plaintext, nor half a ciphertext */
    karx_memzero(j, sizeof *j);
    karx_memzero(y, sizeof y);
    karx_memzero(full, sizeof full);
    return st;
}

karx_status karx_gcm_seal_pool(karx_pool *pool, const karx_gcm_key *gk, const uint8_t *iv,
                               size_t iv_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                               const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len)
{
    return gcm_pool_call(pool, 1, gk, iv, iv_len, out, tag, tag_len, in, len, aad, aad_len);
}

karx_status karx_gcm_open_pool(karx_pool *pool, const karx_gcm_key *gk, const uint8_t *iv,
                               size_t iv_len, uint8_t *out, const uint8_t *tag, size_t tag_len,
                               const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len)
{
    /* open only reads the tag; the cast lets one helper serve both directions */
    return gcm_pool_call(pool, 0, gk, iv, iv_len, out, (uint8_t *)(uintptr_t)tag, tag_len, in,
                         len, aad, aad_len);
}
