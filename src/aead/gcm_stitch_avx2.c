/* Stitched GCM for the AVX2 back end (compiled with -mavx2 -mvpclmulqdq; called only after a
 * run-time check): CTR and GHASH in one pass. The data goes in chunks of GCM_ST_CHUNK blocks
 * through the back end's own CTR kernel (karx_block_kernels.ctr_xor: LEA, CHAM-128, ARIA alike);
 * between two kernel calls the GHASH of the chunk just written (seal) or about to be overwritten
 * (open) runs on VPCLMULQDQ ymm registers, two blocks per instruction, thirty-two blocks per
 * reduction, with the powers of H read from the key (no per-call set-up). The chunk is still in
 * L1, and the GHASH work (a few hundred independent uops) sits in the out-of-order window
 * beside the CTR kernel's ARX rounds, which leave vector ports idle on their dependency chains:
 * the two overlap instead of running as two passes over memory. */
#include <immintrin.h>
#include <string.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "aead/ghash_reduce.h"
#include "modes/modes_internal.h"

/* Blocks per CTR kernel call: large enough that the kernel's per-call set-up is small against
 * its rounds, small enough that the chunk is still in L1 when GHASH reads it. */
#define GCM_ST_CHUNK 256

static inline __m256i bswap256(__m256i x)
{
    const __m256i rev = _mm256_broadcastsi128_si256(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm256_shuffle_epi8(x, rev);
}

static inline __m256i ld256(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }

/* The state s times H^A plus blocks d[0..A) times H^A .. H^1 (A = KARX_I_GCM_STITCH_AGG), one
 * reduction. */
static inline __m128i ghash_group(const uint64_t *hs, __m128i s, const uint8_t *d)
{
    __m256i lo = _mm256_setzero_si256(), hi = lo, mid = lo;
    for (int i = 0; i < KARX_I_GCM_STITCH_AGG / 2; i++) {
        __m256i x = bswap256(ld256(d + 32 * i));
        if (i == 0)
            x = _mm256_xor_si256(x, _mm256_inserti128_si256(_mm256_setzero_si256(), s, 0));
        __m256i h = ld256(hs + 4 * i), hk = ld256(hs + 2 * KARX_I_GCM_STITCH_AGG + 4 * i);
        lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(x, h, 0x00));
        hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(x, h, 0x11));
        __m256i xk = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
        mid = _mm256_xor_si256(mid, _mm256_clmulepi64_epi128(xk, hk, 0x00));
    }
#define GCM_ST_FOLD(v) _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1))
    return karx_i_gh_reduce(GCM_ST_FOLD(lo), GCM_ST_FOLD(hi), GCM_ST_FOLD(mid));
#undef GCM_ST_FOLD
}

static inline __m128i ghash_run(const uint64_t *hs, __m128i s, const uint8_t *d, size_t nblocks)
{
    for (; nblocks != 0; nblocks -= KARX_I_GCM_STITCH_AGG, d += 16 * KARX_I_GCM_STITCH_AGG)
        s = ghash_group(hs, s, d);
    return s;
}

static inline void ctr_add32(uint8_t ctr[16], size_t n)
{
    uint32_t lo = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 |
                  ctr[15];
    lo += (uint32_t)n; /* inc32: the upper 96 bits never change */
    ctr[12] = (uint8_t)(lo >> 24);
    ctr[13] = (uint8_t)(lo >> 16);
    ctr[14] = (uint8_t)(lo >> 8);
    ctr[15] = (uint8_t)lo;
}

void karx_i_gcm_stitch_avx2(const karx_gcm_key *gk, uint8_t y[16], uint8_t ctr[16], uint8_t *out,
                            const uint8_t *in, size_t nblocks, int decrypt)
{
    const karx_i_cipher *c = karx_i_key_row(&gk->cipher);
    void (*ctr_xor)(const void *, uint8_t *, const uint8_t *, size_t, const uint8_t *) =
        karx_i_kernels(c)->ctr_xor;
    const void *ks = karx_i_ks(&gk->cipher);
    const uint64_t *hs = gk->hstitch;
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    const uint8_t *pend = NULL; /* seal: the ciphertext chunk written last, not yet hashed */
    size_t pend_n = 0;
    while (nblocks != 0) {
        size_t n = nblocks < GCM_ST_CHUNK ? nblocks : GCM_ST_CHUNK;
        if (decrypt)
            s = ghash_run(hs, s, in, n);
        ctr_xor(ks, out, in, n, ctr);
        ctr_add32(ctr, n);
        if (!decrypt) {
            s = ghash_run(hs, s, pend, pend_n);
            pend = out;
            pend_n = n;
        }
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    s = ghash_run(hs, s, pend, pend_n);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
}

void karx_i_gcm_ghash_avx2(const karx_gcm_key *gk, uint8_t y[16], const uint8_t *data,
                           size_t nblocks)
{
    __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    s = ghash_run(gk->hstitch, s, data, nblocks);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
}

/* GHASH on ymm VPCLMULQDQ for any run of blocks (the "ghash" part's avx2 impl): whole groups of
 * KARX_I_GCM_STITCH_AGG blocks with the stitched kernel's group code over a table of pairs of
 * powers made from htab for the call (1 KiB, wiped), the tail on PCLMULQDQ. */
void karx_i_ghash_blocks_vpclmul_ymm(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                     const uint8_t *data, size_t nblocks)
{
    size_t whole = nblocks - nblocks % KARX_I_GCM_STITCH_AGG;
    if (whole != 0) {
        uint64_t hs[KARX_I_GCM_STITCH_WORDS];
        karx_i_gcm_stitch_table(hs, htab);
        __m128i s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
        s = ghash_run(hs, s, data, whole);
        _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(s));
        karx_memzero(hs, sizeof hs);
        data += 16 * whole;
    }
    if (nblocks != whole)
        karx_i_ghash_blocks_pclmul(htab, y, data, nblocks - whole);
}

const karx_i_ghash_kernels karx_i_ghash_vpclmul_ymm = {
    "avx2-vpclmul", KARX_I_GCM_STITCH_AGG, karx_i_ghash_powers_pclmul,
    karx_i_ghash_blocks_vpclmul_ymm};

static inline uint32_t ld32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The stitched pass (the "gcm-pass" part's avx2 impl): runs of whole groups that do not wrap
 * the low 32 counter bits go through karx_i_gcm_stitch_avx2, the rest (under a group, or the
 * wrap near) through the chunked pass. */
static karx_status stitch_pass(const karx_gcm_key *gk, uint8_t ctr[16], uint8_t y[16],
                               uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    const size_t agg = KARX_I_GCM_STITCH_AGG;
    for (;;) {
        uint64_t to_wrap = ((uint64_t)1 << 32) - ld32_be(ctr + 12);
        size_t nb = len / 16;
        if ((uint64_t)nb > to_wrap)
            nb = (size_t)to_wrap;
        nb -= nb % agg;
        if (nb == 0)
            break;
        karx_i_gcm_stitch_avx2(gk, y, ctr, out, in, nb, !enc);
        out += nb * 16;
        in += nb * 16;
        len -= nb * 16;
    }
    return karx_i_gcm_chunked(gk, ctr, y, out, in, len, 0, enc);
}

const karx_i_gcm_pass karx_i_gcm_pass_stitch_avx2 = {"avx2-vpclmul", GCM_ST_CHUNK, stitch_pass};
