/* GCM's chunked pass (the "gcm-pass" part's portable impl, and the path of a secret counter):
 * GCTR over cache-sized chunks with GHASH of each, and the GHASH of a byte string that GCM's J0
 * and AAD use. It calls the selected GHASH kernel (ghash_desc.c) and the cipher's selected
 * CTR / ECB kernels through the mode calls, never a pass kernel, so the pass kernels can fall
 * back to it. Also the driver of the stitched passes (karx_i_gcm_stitch_pass), which runs the
 * stitched kernel it is handed over whole groups and this pass over the rest. */
#include <stdint.h>
#include <string.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "common/endian.h"

#define GCM_B 16
#define GCM_CHUNK 8192 /* bytes of CTR output GHASHed while still in L1 */

/* GHASH over len bytes, the last partial block zero-padded. */
void karx_i_ghash_bytes(const uint64_t *htab, uint8_t y[16], const uint8_t *data, size_t len)
{
    size_t full = len / GCM_B, tail = len % GCM_B;
    karx_i_ghash_blocks(htab, y, data, full);
    if (tail != 0) {
        uint8_t buf[GCM_B] = {0};
        memcpy(buf, data + full * GCM_B, tail);
        karx_i_ghash_blocks(htab, y, buf, 1);
        karx_memzero(buf, sizeof buf);
    }
}

/* GCTR for a secret J0: counter blocks upper96 || (low + i) mod 2^32 built GCM_SECRET_CHUNK
 * bytes at a time and encrypted by the ECB kernel. No branch or address depends on the counter;
 * the loop bounds depend on len only. */
#define GCM_SECRET_CHUNK 1024

/* x, opaque to the optimizer: a counter passed through it cannot become the loop's induction
 * variable, so the loop exit stays a test on the public index (gcc otherwise compares the
 * secret counter with its end value, a branch on the secret as far as any checker can tell). */
static inline uint32_t gcm_opaque32(uint32_t x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

static karx_status gcm_ctr_secret(const karx_gcm_key *gk, uint8_t ctr[GCM_B], uint8_t *out,
                                  const uint8_t *in, size_t len)
{
    uint8_t ks[GCM_SECRET_CHUNK];
    uint32_t low = karx_load32_be(ctr + 12);
    karx_status st = KARX_OK;
    while (len != 0 && st == KARX_OK) {
        size_t n = len < sizeof ks ? len : sizeof ks;
        size_t nb = (n + GCM_B - 1) / GCM_B;
        for (size_t i = 0; i < nb; i++) {
            memcpy(ks + i * GCM_B, ctr, 12);
            karx_store32_be(ks + i * GCM_B + 12, low);
            low = gcm_opaque32(low + 1u);
        }
        st = karx_ecb_encrypt(&gk->cipher, ks, ks, nb * GCM_B);
        for (size_t i = 0; i < n; i++)
            out[i] = (uint8_t)(in[i] ^ ks[i]);
        out += n;
        in += n;
        len -= n;
    }
    karx_store32_be(ctr + 12, low);
    karx_memzero(ks, sizeof ks);
    return st;
}

/* GCTR from counter block ctr (advanced by inc32 per block): len bytes, the last call of a
 * message may end mid-block. With a public counter (secret == 0) bulk runs go to karx_ctr_xor;
 * a run stops where the low 32 bits wrap, and the counter is then rebuilt with the upper 96 bits
 * unchanged. */
static karx_status gcm_ctr(const karx_gcm_key *gk, uint8_t ctr[GCM_B], uint8_t *out,
                           const uint8_t *in, size_t len, int secret)
{
    if (secret)
        return gcm_ctr_secret(gk, ctr, out, in, len);
    while (len != 0) {
        uint64_t to_wrap = ((uint64_t)1 << 32) - karx_load32_be(ctr + 12); /* blocks, 1 .. 2^32 */
        uint64_t nblk = ((uint64_t)len + GCM_B - 1) / GCM_B;
        size_t seg = len;
        if (nblk >= to_wrap) {
            seg = (uint64_t)len < to_wrap * GCM_B ? len : (size_t)(to_wrap * GCM_B);
            nblk = to_wrap;
        }
        uint8_t upper[12];
        memcpy(upper, ctr, 12);
        karx_status st = karx_ctr_xor(&gk->cipher, ctr, out, in, seg);
        if (st != KARX_OK)
            return st;
        if (nblk == to_wrap) { /* the low word wrapped: inc32 leaves the upper 96 bits alone */
            memcpy(ctr, upper, 12);
            karx_store32_be(ctr + 12, 0);
        }
        out += seg;
        in += seg;
        len -= seg;
    }
    return KARX_OK;
}

/* The chunked pass: cache-sized chunks of CTR then GHASH (encryption) or GHASH then CTR
 * (decryption), GHASH state y over the ciphertext, which is out when encrypting and in when
 * decrypting (hashed before the XOR, so out == in works). */
karx_status karx_i_gcm_chunked(const karx_gcm_key *gk, uint8_t ctr[GCM_B], uint8_t y[GCM_B],
                               uint8_t *out, const uint8_t *in, size_t len, int secret, int enc)
{
    karx_status st = KARX_OK;
    for (size_t done = 0; done < len && st == KARX_OK;) {
        size_t n = len - done < GCM_CHUNK ? len - done : GCM_CHUNK;
        if (!enc)
            karx_i_ghash_bytes(gk->htab, y, in + done, n);
        st = gcm_ctr(gk, ctr, out + done, in + done, n, secret);
        if (enc)
            karx_i_ghash_bytes(gk->htab, y, out + done, n); /* n is whole blocks except at the end */
        done += n;
    }
    return st;
}

static karx_status gcm_pass_chunked(const karx_gcm_key *gk, uint8_t ctr[GCM_B], uint8_t y[GCM_B],
                                    uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    return karx_i_gcm_chunked(gk, ctr, y, out, in, len, 0, enc);
}

const karx_i_gcm_pass karx_i_gcm_pass_chunked = {"two-pass", GCM_CHUNK / GCM_B,
                                                 gcm_pass_chunked};

karx_status karx_i_gcm_stitch_pass(const karx_gcm_key *gk, uint8_t ctr[GCM_B], uint8_t y[GCM_B],
                                   uint8_t *out, const uint8_t *in, size_t len, int enc,
                                   karx_i_gcm_stitch_fn *kernel)
{
    const size_t agg = KARX_I_GCM_STITCH_AGG;
    uint64_t hs[KARX_I_GCM_STITCH_WORDS];
    int have_hs = 0; /* built at the first group: a message under one group never needs it */
    for (;;) {
        uint64_t to_wrap = ((uint64_t)1 << 32) - karx_load32_be(ctr + 12);
        size_t nb = len / GCM_B;
        if ((uint64_t)nb > to_wrap)
            nb = (size_t)to_wrap;
        nb -= nb % agg;
        if (nb == 0)
            break;
        if (!have_hs) {
            karx_i_gcm_stitch_table(hs, gk->htab);
            have_hs = 1;
        }
        kernel(gk, hs, y, ctr, out, in, nb, !enc);
        out += nb * GCM_B;
        in += nb * GCM_B;
        len -= nb * GCM_B;
    }
    if (have_hs)
        karx_memzero(hs, sizeof hs);
    return karx_i_gcm_chunked(gk, ctr, y, out, in, len, 0, enc);
}
