/* GCM (NIST SP 800-38D) over the 128-bit-block ciphers, written over the public cipher calls.
 *
 * The CTR part uses karx_ctr_xor, which steps the whole block as one big-endian counter and runs
 * many blocks at once on the SIMD back ends. GCM steps only the low 32 bits (inc32), so a call is
 * split where the low word would wrap and the next counter block is rebuilt by hand; between wraps
 * the two counters agree. That split is a branch on the counter, which is public only when J0 is
 * IV || 0^31 || 1 (a 12-byte IV). Any other IV length makes J0 = GHASH_H(IV), a secret, so
 * those messages build their counter blocks without branches (inc32 is a plain 32-bit add) and
 * encrypt them with the ECB kernel (gcm_ctr_secret). CTR and GHASH run through the selected GCM
 * pass kernel (gcm_crypt; the "gcm-pass" part of the registry, gcm_desc.c): the stitched kernel
 * (gcm_stitch_avx2.c) where it ranks highest, else cache-sized chunks of CTR then GHASH
 * (encryption) or GHASH then CTR (decryption). GHASH runs on the selected kernel of the "ghash"
 * part. karx_gcm_open checks the tag after
 * that pass and zero-fills the output on a mismatch before it returns. */
#include "karx/gcm.h"

#include <stdint.h>
#include <string.h>

#include "aead/aead_args.h"
#include "approved/approved.h"
#include "aead/gcm_parts.h"
#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "common/clear.h"
#include "common/endian.h"
#include "registry/registry.h"

#define GCM_B 16
#define GCM_MAX_LEN ((uint64_t)68719476704u)
#define GCM_MAX_AAD_IV ((uint64_t)1 << 61) /* exclusive: bit lengths must fit in 64 bits */

/* n >= limit, as a function: with a 32-bit size_t the comparison is always false, which gcc's
 * -Wtype-limits reports on the inline form (an error on armhf with -Werror). */
static inline int gcm_at_least(uint64_t n, uint64_t limit) { return n >= limit; }

size_t karx_gcm_block_bytes(void) { return KARX_GCM_BLOCK_BYTES; }
size_t karx_gcm_iv_bytes(void) { return KARX_GCM_IV_BYTES; }
size_t karx_gcm_tag_min_bytes(void) { return KARX_GCM_TAG_MIN_BYTES; }
size_t karx_gcm_tag_max_bytes(void) { return KARX_GCM_TAG_MAX_BYTES; }
size_t karx_gcm_max_payload_bytes(void)
{
    return (uint64_t)SIZE_MAX < GCM_MAX_LEN ? SIZE_MAX : (size_t)GCM_MAX_LEN;
}
int karx_gcm_tag_len_ok(size_t tag_len)
{
    return tag_len == 4 || tag_len == 8 || (tag_len >= 12 && tag_len <= 16);
}

/* ---- parameters and keys ---- */
static karx_status gcm_check_params(const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                                    size_t aad_len, const void *out, const void *in, size_t len,
                                    const void *tag, size_t tag_len)
{
    if (karx_i_aead_pointers(iv, aad, aad_len, out, in, len, tag) != KARX_OK)
        return KARX_ERR_ARGUMENT;
    if (iv_len == 0 || gcm_at_least(iv_len, GCM_MAX_AAD_IV))
        return KARX_ERR_IV_LENGTH;
    if (!karx_gcm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    if (gcm_at_least(len, GCM_MAX_LEN + 1) || gcm_at_least(aad_len, GCM_MAX_AAD_IV))
        return KARX_ERR_DATA_LENGTH;
    return KARX_OK;
}

/* karx_gcm_set_key with only H^1 .. H^npowers prepared: enough for messages whose GHASH calls
 * are at most npowers blocks each (ghash.h: no kernel reads a power above its call's length). */
static karx_status gcm_set_key_powers(karx_gcm_key *gk, karx_cipher_alg alg, const uint8_t *key,
                                      size_t key_len, unsigned npowers)
{
    if (!karx_i_clear(gk, sizeof *gk))
        return KARX_ERR_ARGUMENT;
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_i_aead_alg(alg);
    if (st == KARX_OK)
        st = karx_cipher_set_key(&gk->cipher, alg, key, key_len);
    if (st != KARX_OK) {
        karx_memzero(gk, sizeof *gk);
        return st;
    }
    uint8_t h[GCM_B] = {0};
    st = karx_cipher_encrypt_block(&gk->cipher, h, h);
    if (st == KARX_OK) {
        memcpy(gk->raw, key, key_len); /* key_len <= 32: karx_cipher_set_key checked it */
        gk->raw_len = (uint32_t)key_len;
        gk->alg = (uint32_t)alg;
        karx_i_ghash_powers(gk->htab, h, npowers);
        gk->ready = 1;
    } else {
        karx_memzero(gk, sizeof *gk);
    }
    karx_memzero(h, sizeof h);
    return st;
}

karx_status karx_gcm_set_key(karx_gcm_key *gk, karx_cipher_alg alg, const uint8_t *key,
                             size_t key_len)
{
    return gcm_set_key_powers(gk, alg, key, key_len, KARX_I_GHASH_POWERS);
}

void karx_gcm_key_wipe(karx_gcm_key *gk) { karx_memzero(gk, sizeof *gk); }

static karx_status gcm_check_key(const karx_gcm_key *gk)
{
    if (gk == NULL)
        return KARX_ERR_ARGUMENT;
    if (gk->ready != 1 ||
        karx_cipher_block_bytes((karx_cipher_alg)gk->alg) != GCM_B)
        return KARX_ERR_STATE;
    /* a seal or open is a service: a key set earlier is refused in the error state */
    KARX_I_SERVICE(karx_i_cipher_approved(gk->alg));
    return KARX_OK;
}

/* ---- the pieces of SP 800-38D 7.1 ---- */
static inline void gcm_j0(const karx_gcm_key *gk, uint8_t j0[GCM_B], const uint8_t *iv,
                           size_t iv_len)
{
    if (iv_len == 12) {
        memcpy(j0, iv, 12);
        karx_store32_be(j0 + 12, 1);
        return;
    }
    uint8_t lenblk[GCM_B] = {0};
    memset(j0, 0, GCM_B);
    karx_i_ghash_bytes(gk->htab, j0, iv, iv_len);
    karx_store64_be(lenblk + 8, (uint64_t)iv_len * 8);
    karx_i_ghash_blocks(gk->htab, j0, lenblk, 1);
}

karx_status karx_i_gcm_iv_ok(const uint8_t *iv, size_t iv_len)
{
    if (iv == NULL)
        return KARX_ERR_ARGUMENT;
    return iv_len == 0 || gcm_at_least(iv_len, GCM_MAX_AAD_IV) ? KARX_ERR_IV_LENGTH : KARX_OK;
}

karx_status karx_i_gcm_j0(const karx_gcm_key *gk, uint8_t j0[GCM_B], const uint8_t *iv,
                          size_t iv_len)
{
    karx_status st = karx_i_gcm_iv_ok(iv, iv_len);
    if (st == KARX_OK)
        st = gcm_check_key(gk);
    if (st == KARX_OK)
        gcm_j0(gk, j0, iv, iv_len);
    return st;
}

/* GCTR and GHASH over len bytes: a public counter goes through the selected GCM pass kernel
 * (the stitched one where it runs), a secret one through the chunked pass. */
static karx_status gcm_crypt(const karx_gcm_key *gk, uint8_t ctr[GCM_B], uint8_t y[GCM_B],
                             uint8_t *out, const uint8_t *in, size_t len, int secret, int enc)
{
    if (secret)
        return karx_i_gcm_chunked(gk, ctr, y, out, in, len, 1, enc);
    return karx_i_gcm_pass_now()->crypt(gk, ctr, y, out, in, len, enc);
}

/* The length block len(A) || len(C) in bits, from byte counts. */
static void gcm_lenblock(uint8_t b[GCM_B], uint64_t aad_len, uint64_t len)
{
    karx_store64_be(b, aad_len * 8);
    karx_store64_be(b + 8, len * 8);
}

/* tag = E(J0) ^ GHASH(... || len(A) || len(C)), from the GHASH state y over A and C. */
static karx_status gcm_finish(const karx_gcm_key *gk, uint8_t y[GCM_B], const uint8_t j0[GCM_B],
                              uint64_t aad_len, uint64_t len, uint8_t full[GCM_B])
{
    uint8_t lenblk[GCM_B];
    gcm_lenblock(lenblk, aad_len, len);
    karx_i_ghash_blocks(gk->htab, y, lenblk, 1);
    karx_status st = karx_cipher_encrypt_block(&gk->cipher, full, j0);
    for (int i = 0; i < GCM_B; i++)
        full[i] ^= y[i];
    return st;
}

static void inc32(uint8_t ctr[GCM_B])
{
    karx_store32_be(ctr + 12, karx_load32_be(ctr + 12) + 1u);
}

/* The per-call state of seal and open: J0, the counter, the GHASH accumulator, the full tag. */
typedef struct gcm_call {
    uint8_t j0[GCM_B], ctr[GCM_B], y[GCM_B], full[GCM_B];
} gcm_call;

/* Checks the arguments, derives J0 and the first counter, and hashes the AAD. */
static karx_status gcm_call_start(gcm_call *g, const karx_gcm_key *gk, const uint8_t *iv,
                                  size_t iv_len, const uint8_t *aad, size_t aad_len,
                                  const void *out, const void *in, size_t len, const void *tag,
                                  size_t tag_len)
{
    karx_status st = gcm_check_params(iv, iv_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st == KARX_OK)
        st = gcm_check_key(gk);
    if (st != KARX_OK)
        return st;
    memset(g->y, 0, GCM_B);
    gcm_j0(gk, g->j0, iv, iv_len);
    karx_i_ghash_bytes(gk->htab, g->y, aad, aad_len);
    memcpy(g->ctr, g->j0, GCM_B);
    inc32(g->ctr);
    return KARX_OK;
}

/* Wipes the state, and out too unless the call succeeded (a caller ignoring the status reads
 * zeros, never unauthenticated plaintext). */
static karx_status gcm_call_end(gcm_call *g, karx_status st, uint8_t *out, size_t len)
{
    if (st != KARX_OK && len != 0)
        karx_memzero(out, len);
    karx_memzero(g, sizeof *g);
    return st;
}

/* ---- short records with a 12-byte IV: one counter pass and one GHASH call ----
 * A server's records are mostly short. For them the general path's fixed costs dominate: E(J0)
 * in a call of its own, and GHASH in three calls (AAD, record, length block), each reducing
 * alone. Here the counter pass starts at J0 over a zero block followed by the record (copied to
 * the stack), so E(J0) comes out of the same kernel call, and GHASH runs once over
 * A || 0* || C || 0* || len(A) || len(C) laid out on the stack. J0's low word is 1 and a record
 * is at most 16 blocks, so the whole-block counter of karx_ctr_xor steps exactly as inc32. */
#define GCM_SHORT 256

static int gcm_short_ok(size_t iv_len, size_t len, size_t aad_len)
{
    return iv_len == 12 && len <= GCM_SHORT && aad_len <= GCM_SHORT;
}

/* y = GHASH over A, C and the length block, in one kernel call. */
static void gcm_short_ghash(const karx_gcm_key *gk, uint8_t y[GCM_B], const uint8_t *aad,
                            size_t aad_len, const uint8_t *c, size_t len)
{
    uint8_t buf[2 * GCM_SHORT + GCM_B];
    size_t a = (aad_len + 15) & ~(size_t)15, b = (len + 15) & ~(size_t)15;
    memset(buf, 0, a + b);
    if (aad_len != 0)
        memcpy(buf, aad, aad_len);
    if (len != 0)
        memcpy(buf + a, c, len);
    gcm_lenblock(buf + a + b, aad_len, len);
    memset(y, 0, GCM_B);
    karx_i_ghash_blocks(gk->htab, y, buf, (a + b) / GCM_B + 1);
    karx_memzero(buf, a + b + GCM_B);
}

/* E(J0) into ek0 and the keystream XORed into out (from in). */
static karx_status gcm_short_ctr(const karx_gcm_key *gk, const uint8_t *iv, uint8_t ek0[GCM_B],
                                 uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t buf[GCM_B + GCM_SHORT], ctr[GCM_B];
    memset(buf, 0, GCM_B);
    if (len != 0)
        memcpy(buf + GCM_B, in, len);
    memcpy(ctr, iv, 12);
    karx_store32_be(ctr + 12, 1);
    karx_status st = karx_ctr_xor(&gk->cipher, ctr, buf, buf, GCM_B + len);
    memcpy(ek0, buf, GCM_B);
    if (st == KARX_OK && len != 0)
        memcpy(out, buf + GCM_B, len);
    karx_memzero(buf, GCM_B + len);
    return st;
}

static karx_status gcm_short_seal(const karx_gcm_key *gk, const uint8_t *iv, uint8_t *out,
                                  uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                                  const uint8_t *aad, size_t aad_len)
{
    uint8_t ek0[GCM_B], y[GCM_B];
    karx_status st = gcm_short_ctr(gk, iv, ek0, out, in, len);
    if (st == KARX_OK) {
        gcm_short_ghash(gk, y, aad, aad_len, out, len);
        for (int i = 0; i < GCM_B; i++)
            y[i] ^= ek0[i];
        memcpy(tag, y, tag_len);
    } else if (len != 0) {
        karx_memzero(out, len);
    }
    karx_memzero(ek0, sizeof ek0);
    karx_memzero(y, sizeof y);
    return st;
}

static karx_status gcm_short_open(const karx_gcm_key *gk, const uint8_t *iv, uint8_t *out,
                                  const uint8_t *tag, size_t tag_len, const uint8_t *in,
                                  size_t len, const uint8_t *aad, size_t aad_len)
{
    uint8_t ek0[GCM_B], y[GCM_B];
    gcm_short_ghash(gk, y, aad, aad_len, in, len); /* before out is written: in may be out */
    karx_status st = gcm_short_ctr(gk, iv, ek0, out, in, len);
    for (int i = 0; i < GCM_B; i++)
        y[i] ^= ek0[i];
    if (st == KARX_OK && karx_memcmp_ct(y, tag, tag_len) != 0)
        st = KARX_ERR_AUTHENTICATION;
    if (st != KARX_OK && len != 0)
        karx_memzero(out, len);
    karx_memzero(ek0, sizeof ek0);
    karx_memzero(y, sizeof y);
    return st;
}

/* Seal (enc 1) and open (enc 0) share the checks, the short path and the chunked pass; open
 * only reads the tag (the public open casts away its const). */
static karx_status gcm_seal_open(int enc, const karx_gcm_key *gk, const uint8_t *iv,
                                 size_t iv_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                 const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len)
{
    if (gcm_short_ok(iv_len, len, aad_len)) {
        karx_status st = karx_i_gcm_check(gk, iv, iv_len, aad, aad_len, out, in, len, tag, tag_len);
        if (st != KARX_OK)
            return st;
        return enc ? gcm_short_seal(gk, iv, out, tag, tag_len, in, len, aad, aad_len)
                   : gcm_short_open(gk, iv, out, tag, tag_len, in, len, aad, aad_len);
    }
    gcm_call g;
    karx_status st =
        gcm_call_start(&g, gk, iv, iv_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    /* open: one pass (GHASH of each chunk, then its decryption), then the tag check; on a
     * mismatch gcm_call_end zero-fills out before the call returns */
    st = gcm_crypt(gk, g.ctr, g.y, out, in, len, iv_len != 12, enc);
    if (st == KARX_OK)
        st = gcm_finish(gk, g.y, g.j0, aad_len, len, g.full);
    if (st == KARX_OK && enc)
        memcpy(tag, g.full, tag_len);
    else if (st == KARX_OK && karx_memcmp_ct(g.full, tag, tag_len) != 0)
        st = KARX_ERR_AUTHENTICATION;
    return gcm_call_end(&g, st, out, len);
}

karx_status karx_gcm_seal(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len, uint8_t *out,
                          uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                          const uint8_t *aad, size_t aad_len)
{
    return gcm_seal_open(1, gk, iv, iv_len, out, tag, tag_len, in, len, aad, aad_len);
}

karx_status karx_gcm_open(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len, uint8_t *out,
                          const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                          const uint8_t *aad, size_t aad_len)
{
    return gcm_seal_open(0, gk, iv, iv_len, out, (uint8_t *)(uintptr_t)tag, tag_len, in, len, aad,
                         aad_len);
}

/* ---- the checks the record jobs share (gcm_jobs.c) ---- */
karx_status karx_i_gcm_check(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len,
                             const uint8_t *aad, size_t aad_len, const void *out, const void *in,
                             size_t len, const void *tag, size_t tag_len)
{
    karx_status st = gcm_check_params(iv, iv_len, aad, aad_len, out, in, len, tag, tag_len);
    return st == KARX_OK ? gcm_check_key(gk) : st;
}

/* ---- the pieces gcm_pool.c runs by ranges (gcm_parts.h) ---- */
karx_status karx_i_gcm_start(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len,
                             const uint8_t *aad, size_t aad_len, const void *out, const void *in,
                             size_t len, const void *tag, size_t tag_len, uint8_t j0[GCM_B],
                             uint8_t y[GCM_B])
{
    gcm_call g;
    karx_status st =
        gcm_call_start(&g, gk, iv, iv_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st == KARX_OK) {
        memcpy(j0, g.j0, GCM_B);
        memcpy(y, g.y, GCM_B);
    }
    karx_memzero(&g, sizeof g);
    return st;
}

karx_status karx_i_gcm_crypt(const karx_gcm_key *gk, uint8_t ctr[GCM_B], uint8_t y[GCM_B],
                             uint8_t *out, const uint8_t *in, size_t len, int secret, int enc)
{
    return gcm_crypt(gk, ctr, y, out, in, len, secret, enc);
}

karx_status karx_i_gcm_tag(const karx_gcm_key *gk, uint8_t y[GCM_B], const uint8_t j0[GCM_B],
                           uint64_t aad_len, uint64_t len, uint8_t full[GCM_B])
{
    return gcm_finish(gk, y, j0, aad_len, len, full);
}

/* The one-shot calls: check, schedule a key for this call only, seal or open, wipe. */
static karx_status gcm_oneshot(int seal, karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                               const uint8_t *iv, size_t iv_len, uint8_t *out, uint8_t *tag,
                               size_t tag_len, const uint8_t *in, size_t len, const uint8_t *aad,
                               size_t aad_len)
{
    karx_status st = gcm_check_params(iv, iv_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    /* The key lives for this one message: only the powers its GHASH calls can reach (the IV's
     * blocks, the AAD's, the payload's and the two length blocks bound every call; a short
     * record needs a few of the 32, and preparing them was most of a small call's time). */
    size_t blocks = 2, max = KARX_I_GHASH_POWERS;
    const size_t parts[3] = {iv_len, aad_len, len};
    for (int i = 0; i < 3 && blocks < max; i++)
        blocks += parts[i] >= 16 * max ? max : (parts[i] + 15) / 16;
    karx_gcm_key gk;
    st = gcm_set_key_powers(&gk, alg, key, key_len, (unsigned)(blocks < max ? blocks : max));
    if (st == KARX_OK)
        st = seal ? karx_gcm_seal(&gk, iv, iv_len, out, tag, tag_len, in, len, aad, aad_len)
                  : karx_gcm_open(&gk, iv, iv_len, out, tag, tag_len, in, len, aad, aad_len);
    karx_memzero(&gk, sizeof gk);
    return st;
}

karx_status karx_gcm_encrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                             const uint8_t *iv, size_t iv_len, uint8_t *out, uint8_t *tag,
                             size_t tag_len, const uint8_t *in, size_t len, const uint8_t *aad,
                             size_t aad_len)
{
    return gcm_oneshot(1, alg, key, key_len, iv, iv_len, out, tag, tag_len, in, len, aad, aad_len);
}

karx_status karx_gcm_decrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                             const uint8_t *iv, size_t iv_len, uint8_t *out, const uint8_t *tag,
                             size_t tag_len, const uint8_t *in, size_t len, const uint8_t *aad,
                             size_t aad_len)
{
    /* open only reads the tag; the cast lets one helper serve both directions */
    return gcm_oneshot(0, alg, key, key_len, iv, iv_len, out, (uint8_t *)(uintptr_t)tag, tag_len,
                       in, len, aad, aad_len);
}

/* ---- streaming ---- */
void karx_gcm_ctx_wipe(karx_gcm_ctx *ctx) { karx_memzero(ctx, sizeof *ctx); }

/* The start of both init calls, in this order: the context (cleared), then the direction and IV. */
static karx_status gcm_init_args(karx_gcm_ctx *ctx, int encrypt, const uint8_t *iv, size_t iv_len)
{
    if (!karx_i_clear(ctx, sizeof *ctx))
        return KARX_ERR_ARGUMENT;
    if (iv == NULL || (encrypt != KARX_ENCRYPT && encrypt != KARX_DECRYPT))
        return KARX_ERR_ARGUMENT;
    if (iv_len == 0 || gcm_at_least(iv_len, GCM_MAX_AAD_IV))
        return KARX_ERR_IV_LENGTH;
    return KARX_OK;
}

karx_status karx_gcm_init_key(karx_gcm_ctx *ctx, const karx_gcm_key *gk, int encrypt,
                              const uint8_t *iv, size_t iv_len)
{
    karx_status st = gcm_init_args(ctx, encrypt, iv, iv_len);
    if (st == KARX_OK)
        st = gcm_check_key(gk);
    if (st != KARX_OK)
        return st;
    ctx->key = *gk;
    gcm_j0(&ctx->key, ctx->j0, iv, iv_len);
    memcpy(ctx->ctr, ctx->j0, GCM_B);
    inc32(ctx->ctr);
    ctx->secret_ctr = iv_len != 12;
    ctx->encrypt = (uint32_t)encrypt;
    ctx->state = 1;
    return KARX_OK;
}

karx_status karx_gcm_init(karx_gcm_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                          size_t key_len, int encrypt, const uint8_t *iv, size_t iv_len)
{
    karx_status st = gcm_init_args(ctx, encrypt, iv, iv_len);
    if (st != KARX_OK)
        return st;
    karx_gcm_key gk;
    st = karx_gcm_set_key(&gk, alg, key, key_len);
    if (st == KARX_OK)
        st = karx_gcm_init_key(ctx, &gk, encrypt, iv, iv_len);
    karx_memzero(&gk, sizeof gk);
    return st;
}

karx_status karx_i_gcm_absorb(const uint64_t *htab, uint8_t y[GCM_B], uint8_t part[GCM_B],
                              uint32_t *used, uint64_t *total, const uint8_t *in, size_t len)
{
    if ((uint64_t)len >= GCM_MAX_AAD_IV - *total)
        return KARX_ERR_DATA_LENGTH;
    *total += len;
    while (len != 0 && *used != 0) { /* fill the partial block first */
        part[(*used)++] = *in++;
        len--;
        if (*used == GCM_B) {
            karx_i_ghash_blocks(htab, y, part, 1);
            *used = 0;
        }
    }
    size_t full = len / GCM_B;
    if (full != 0) { /* in may be NULL when empty: no arithmetic on it then */
        karx_i_ghash_blocks(htab, y, in, full);
        in += full * GCM_B;
        len -= full * GCM_B;
    }
    if (len != 0) {
        memcpy(part, in, len);
        *used += (uint32_t)len;
    }
    return KARX_OK;
}

/* Zero-pads a partial block into GHASH and empties it. */
static void gcm_pad(const uint64_t *htab, uint8_t y[GCM_B], uint8_t part[GCM_B], uint32_t *used)
{
    if (*used != 0) {
        memset(part + *used, 0, GCM_B - *used);
        karx_i_ghash_blocks(htab, y, part, 1);
        *used = 0;
    }
}

void karx_i_gcm_close(const uint64_t *htab, uint8_t y[GCM_B], const uint8_t part[GCM_B],
                      uint32_t used, uint64_t aad_len, uint64_t len)
{
    uint8_t last[2 * GCM_B] = {0};
    size_t n = used != 0; /* the partial block, if any, then the length block */
    memcpy(last, part, used);
    gcm_lenblock(last + GCM_B * n, aad_len, len);
    karx_i_ghash_blocks(htab, y, last, n + 1); /* one kernel call: its set-up is most of it */
    karx_memzero(last, sizeof last);
}

karx_status karx_gcm_aad(karx_gcm_ctx *ctx, const uint8_t *aad, size_t aad_len)
{
    if (ctx == NULL || (aad_len != 0 && aad == NULL))
        return KARX_ERR_ARGUMENT;
    if (ctx->state != 1)
        return KARX_ERR_STATE;
    return karx_i_gcm_absorb(ctx->key.htab, ctx->y, ctx->part, &ctx->used, &ctx->aad_len, aad,
                             aad_len);
}

/* Ends the AAD phase: the partial AAD block is zero-padded into GHASH. */
static void gcm_aad_done(karx_gcm_ctx *ctx)
{
    if (ctx->state == 1) {
        gcm_pad(ctx->key.htab, ctx->y, ctx->part, &ctx->used);
        ctx->state = 2;
    }
}

karx_status karx_gcm_update(karx_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (ctx == NULL || (len != 0 && (out == NULL || in == NULL)))
        return KARX_ERR_ARGUMENT;
    if (ctx->state != 1 && ctx->state != 2)
        return KARX_ERR_STATE;
    if ((uint64_t)len > GCM_MAX_LEN - ctx->len)
        return KARX_ERR_DATA_LENGTH;
    if (len == 0)
        return KARX_OK; /* an empty update does not end the AAD phase */
    gcm_aad_done(ctx);
    ctx->len += len;
    const int enc = ctx->encrypt == KARX_ENCRYPT;
    /* finish the partial block with its saved keystream */
    while (len != 0 && ctx->used != 0) {
        uint8_t c = enc ? (uint8_t)(*in ^ ctx->ks[ctx->used]) : *in;
        *out++ = (uint8_t)(*in++ ^ ctx->ks[ctx->used]);
        ctx->part[ctx->used++] = c;
        len--;
        if (ctx->used == GCM_B) {
            karx_i_ghash_blocks(ctx->key.htab, ctx->y, ctx->part, 1);
            ctx->used = 0;
        }
    }
    /* whole blocks: one pass where the stitched kernel runs (gcm_crypt) */
    size_t whole = len - len % GCM_B;
    karx_status st = gcm_crypt(&ctx->key, ctx->ctr, ctx->y, out, in, whole, (int)ctx->secret_ctr,
                               enc);
    if (st != KARX_OK)
        return st;
    in += whole;
    out += whole;
    len -= whole;
    if (len != 0) { /* start a partial block: keep its keystream */
        st = karx_cipher_encrypt_block(&ctx->key.cipher, ctx->ks, ctx->ctr);
        if (st != KARX_OK)
            return st;
        inc32(ctx->ctr);
        for (size_t i = 0; i < len; i++) {
            uint8_t c = enc ? (uint8_t)(in[i] ^ ctx->ks[i]) : in[i];
            out[i] = (uint8_t)(in[i] ^ ctx->ks[i]);
            ctx->part[i] = c;
        }
        ctx->used = (uint32_t)len;
    }
    return KARX_OK;
}

/* The full 16-byte tag of the message so far; ends the stream. */
static karx_status gcm_stream_tag(karx_gcm_ctx *ctx, uint8_t full[GCM_B])
{
    gcm_aad_done(ctx);
    gcm_pad(ctx->key.htab, ctx->y, ctx->part, &ctx->used);
    return gcm_finish(&ctx->key, ctx->y, ctx->j0, ctx->aad_len, ctx->len, full);
}

/* What both finals check before the tag: a refused call leaves ctx as it was. */
static karx_status gcm_final_args(const karx_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len,
                                  int encrypt)
{
    if (ctx == NULL || tag == NULL || !karx_gcm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    if ((ctx->state != 1 && ctx->state != 2) || ctx->encrypt != (uint32_t)encrypt)
        return KARX_ERR_STATE;
    return KARX_OK;
}

karx_status karx_gcm_final(karx_gcm_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    karx_status st = gcm_final_args(ctx, tag, tag_len, KARX_ENCRYPT);
    if (st != KARX_OK)
        return st;
    uint8_t full[GCM_B];
    st = gcm_stream_tag(ctx, full);
    if (st == KARX_OK)
        memcpy(tag, full, tag_len);
    karx_memzero(full, sizeof full);
    karx_memzero(ctx, sizeof *ctx);
    return st;
}

karx_status karx_gcm_final_verify(karx_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    karx_status st = gcm_final_args(ctx, tag, tag_len, KARX_DECRYPT);
    if (st != KARX_OK)
        return st;
    uint8_t full[GCM_B];
    st = gcm_stream_tag(ctx, full);
    if (st == KARX_OK && karx_memcmp_ct(full, tag, tag_len) != 0)
        st = KARX_ERR_AUTHENTICATION;
    karx_memzero(full, sizeof full);
    karx_memzero(ctx, sizeof *ctx);
    return st;
}
