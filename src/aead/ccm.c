/* CCM (NIST SP 800-38C): CBC-MAC over B0 || encoded AAD || padded payload, CTR with the counter
 * blocks A_i = flags' || nonce || [i]_q, and tag = MAC xor E(A_0), truncated.
 *
 * Written over the public mode calls, so the fast back ends apply:
 *  - CTR goes through karx_ctr_xor with A_1 as the counter. karx_ctr_xor increments the whole
 *    block big-endian; that equals CCM's q-byte counter as long as [i]_q does not wrap, which
 *    the payload bound len < 2^(8q) guarantees (at most 2^(8q)/16 + 1 counters are used).
 *  - CBC-MAC is a chain, so it runs one block at a time whatever the back end. It goes through
 *    karx_i_cbc_mac (single-block calls: measured 2-4% faster than karx_cbc_encrypt with a
 *    staging buffer on 4 KiB chunks, LEA-128 and CHAM-128/128, gcc -O2, x86-64).
 *
 * Everything runs through one streaming context (karx_ccm_init ... final / verify): the MAC
 * absorbs the AAD (with its length prefix) and the plaintext in any pieces, and the payload is
 * walked in 4 KiB chunks so that each chunk is MACed and CTR-processed while it is in L1.
 * Encryption MACs the plaintext chunk and then encrypts it (so in == out works); decryption
 * decrypts the chunk and then MACs that plaintext.
 *
 * The one-shot open verifies before it writes: CCM's MAC is over the plaintext, so a first pass
 * decrypts each chunk into a stack buffer only to MAC it; only when the tag matches does a second
 * CTR pass write the plaintext into out. The second pass costs one extra CTR over the payload,
 * small next to the serial CBC-MAC with a SIMD back end (about 12% of open's speed on AVX2; about
 * 50% on the portable back end, where CTR is as slow as the MAC; docs/API.md). */
#include <stdint.h>
#include <string.h>

#include "karx/ccm.h"

#include "aead/aead_args.h"
#include "aead/ccm_format.h"
#include "modes/modes_internal.h"
#include "common/clear.h"

#define CCM_B 16
#define CCM_CHUNK 4096 /* bytes per payload chunk (MAC and CTR while in L1); whole blocks */

enum { CCM_UNSET = 0, CCM_AAD = 1, CCM_DATA = 2 };

size_t karx_ccm_nonce_min_bytes(void) { return KARX_CCM_NONCE_MIN_BYTES; }
size_t karx_ccm_nonce_max_bytes(void) { return KARX_CCM_NONCE_MAX_BYTES; }
size_t karx_ccm_tag_min_bytes(void) { return KARX_CCM_TAG_MIN_BYTES; }
size_t karx_ccm_tag_max_bytes(void) { return KARX_CCM_TAG_MAX_BYTES; }

/* 2^(8q) - 1 with q = 15 - nonce_len, in 64 bits (q = 8: every 64-bit length). */
static uint64_t ccm_max_len64(size_t nonce_len)
{
    size_t q = 15 - nonce_len;
    return q >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * q)) - 1;
}

size_t karx_ccm_max_payload_bytes(size_t nonce_len)
{
    if (nonce_len < KARX_CCM_NONCE_MIN_BYTES || nonce_len > KARX_CCM_NONCE_MAX_BYTES)
        return 0;
    uint64_t m = ccm_max_len64(nonce_len);
    return m > (uint64_t)SIZE_MAX ? SIZE_MAX : (size_t)m;
}

static int ccm_tag_len_ok(size_t tag_len)
{
    return tag_len >= KARX_CCM_TAG_MIN_BYTES && tag_len <= KARX_CCM_TAG_MAX_BYTES &&
           (tag_len & 1) == 0;
}

/* The nonce, tag and payload lengths; len in 64 bits, as the streaming calls declare it. */
static karx_status ccm_check_lengths(size_t nonce_len, size_t tag_len, uint64_t len)
{
    if (nonce_len < KARX_CCM_NONCE_MIN_BYTES || nonce_len > KARX_CCM_NONCE_MAX_BYTES)
        return KARX_ERR_IV_LENGTH;
    if (!ccm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    return len > ccm_max_len64(nonce_len) ? KARX_ERR_DATA_LENGTH : KARX_OK;
}

/* Checks everything but the key; shared by the one-shots (before the key schedule) and seal/open. */
static karx_status ccm_check_params(const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                    size_t aad_len, const void *out, const void *in, size_t len,
                                    const void *tag, size_t tag_len)
{
    if (karx_i_aead_pointers(nonce, aad, aad_len, out, in, len, tag) != KARX_OK)
        return KARX_ERR_ARGUMENT;
    return ccm_check_lengths(nonce_len, tag_len, len);
}

static karx_status ccm_check_key(const karx_cipher_key *key)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    size_t bb = karx_cipher_block_bytes((karx_cipher_alg)key->alg);
    if (bb == 0)
        return KARX_ERR_STATE; /* never set, or wiped */
    return bb == CCM_B ? KARX_OK : KARX_ERR_UNSUPPORTED;
}

/* What seal and open check before any work: the key, then the rest. */
static karx_status ccm_check_call(const karx_cipher_key *key, const uint8_t *nonce,
                                  size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                  const void *out, const void *in, size_t len, const void *tag,
                                  size_t tag_len)
{
    karx_status st = ccm_check_key(key);
    if (st == KARX_OK)
        st = ccm_check_params(nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    return st;
}

/* ---- the MAC: bytes in any pieces, whole blocks straight from the caller's buffer ---- */

static void ccm_mac_absorb(karx_ccm_ctx *c, const uint8_t *p, size_t n)
{
    while (n != 0 && c->used != 0) {
        c->part[c->used++] = *p++;
        n--;
        if (c->used == CCM_B) {
            karx_i_cbc_mac(&c->key, c->x, c->part, 1);
            c->used = 0;
        }
    }
    if (n == 0)
        return;
    size_t whole = n / CCM_B;
    karx_i_cbc_mac(&c->key, c->x, p, whole);
    p += whole * CCM_B;
    n -= whole * CCM_B;
    memcpy(c->part, p, n);
    c->used = (uint32_t)n;
}

/* Zero-pads the partial block into the MAC (nothing when there is none). */
static void ccm_mac_pad(karx_ccm_ctx *c)
{
    if (c->used == 0)
        return;
    memset(c->part + c->used, 0, CCM_B - c->used);
    karx_i_cbc_mac(&c->key, c->x, c->part, 1);
    c->used = 0;
}

/* ---- streaming ---- */

void karx_ccm_ctx_wipe(karx_ccm_ctx *ctx) { karx_memzero(ctx, sizeof *ctx); }

/* B0, the AAD length prefix (left in part), S_0 and A_1, for checked arguments. */
static void ccm_start(karx_ccm_ctx *c, const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                      uint64_t len, size_t tag_len)
{
    uint8_t blk[CCM_B];
    const size_t q = 15 - nonce_len;

    /* B0 = flags || N || [len]_q; flags = Adata << 6 | ((t - 2) / 2) << 3 | (q - 1). */
    blk[0] = (uint8_t)((aad_len != 0 ? 0x40 : 0) | (((tag_len - 2) / 2) << 3) | (q - 1));
    memcpy(blk + 1, nonce, nonce_len);
    for (size_t i = 0; i < q; i++)
        blk[CCM_B - 1 - i] = (uint8_t)(i < 8 ? len >> (8 * i) : 0);
    (void)karx_cipher_encrypt_block(&c->key, c->x, blk);

    if (aad_len != 0)
        c->used = (uint32_t)karx_i_ccm_aad_prefix(c->part, aad_len);

    /* A_0 = (q - 1) || N || 0^q gives S_0 for the tag; the payload starts at A_1. */
    memset(c->ctr, 0, CCM_B);
    c->ctr[0] = (uint8_t)(q - 1);
    memcpy(c->ctr + 1, nonce, nonce_len);
    (void)karx_cipher_encrypt_block(&c->key, c->s0, c->ctr);
    c->ctr[CCM_B - 1] = 1;
    karx_memzero(blk, sizeof blk);
}

karx_status karx_ccm_init_key(karx_ccm_ctx *ctx, const karx_cipher_key *key, int encrypt,
                              const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                              uint64_t len, size_t tag_len)
{
    if (!karx_i_clear(ctx, sizeof *ctx))
        return KARX_ERR_ARGUMENT;
    if (nonce == NULL || (encrypt != KARX_ENCRYPT && encrypt != KARX_DECRYPT))
        return KARX_ERR_ARGUMENT;
    karx_status st = ccm_check_key(key);
    if (st == KARX_OK)
        st = ccm_check_lengths(nonce_len, tag_len, len);
    if (st != KARX_OK)
        return st;
    ctx->key = *key;
    ccm_start(ctx, nonce, nonce_len, aad_len, len, tag_len);
    ctx->aad_left = aad_len;
    ctx->len_left = len;
    ctx->tag_len = (uint32_t)tag_len;
    ctx->encrypt = (uint32_t)encrypt;
    ctx->state = CCM_AAD;
    return KARX_OK;
}

karx_status karx_ccm_init(karx_ccm_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                          size_t key_len, int encrypt, const uint8_t *nonce, size_t nonce_len,
                          uint64_t aad_len, uint64_t len, size_t tag_len)
{
    if (!karx_i_clear(ctx, sizeof *ctx))
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_i_aead_alg(alg);
    if (st != KARX_OK)
        return st;
    karx_cipher_key k;
    st = karx_cipher_set_key(&k, alg, key, key_len);
    if (st == KARX_OK)
        st = karx_ccm_init_key(ctx, &k, encrypt, nonce, nonce_len, aad_len, len, tag_len);
    karx_cipher_key_wipe(&k);
    return st;
}

karx_status karx_ccm_aad(karx_ccm_ctx *ctx, const uint8_t *aad, size_t aad_len)
{
    if (ctx == NULL || (aad_len != 0 && aad == NULL))
        return KARX_ERR_ARGUMENT;
    if (ctx->state != CCM_AAD)
        return KARX_ERR_STATE;
    if ((uint64_t)aad_len > ctx->aad_left)
        return KARX_ERR_DATA_LENGTH;
    ctx->aad_left -= aad_len;
    ccm_mac_absorb(ctx, aad, aad_len);
    return KARX_OK;
}

/* Ends the AAD phase: its partial block is zero-padded into the MAC. */
static void ccm_aad_done(karx_ccm_ctx *c)
{
    if (c->state == CCM_AAD) {
        ccm_mac_pad(c);
        c->state = CCM_DATA;
    }
}

/* n < 16 bytes within one payload block (the keystream block ks is current when used != 0). */
static void ccm_update_bytes(karx_ccm_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
    const int enc = c->encrypt == KARX_ENCRYPT;
    for (size_t i = 0; i < n; i++) {
        if (c->used == 0) { /* a new block: its keystream, and the counter moves on */
            memset(c->ks, 0, CCM_B);
            (void)karx_ctr_xor(&c->key, c->ctr, c->ks, c->ks, CCM_B);
        }
        uint8_t x = in[i], y = (uint8_t)(x ^ c->ks[c->used]);
        out[i] = y;
        c->part[c->used++] = enc ? x : y; /* the plaintext byte */
        if (c->used == CCM_B) {
            karx_i_cbc_mac(&c->key, c->x, c->part, 1);
            c->used = 0;
        }
    }
}

karx_status karx_ccm_update(karx_ccm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (ctx == NULL || (len != 0 && (out == NULL || in == NULL)))
        return KARX_ERR_ARGUMENT;
    if (ctx->state != CCM_AAD && ctx->state != CCM_DATA)
        return KARX_ERR_STATE;
    if ((uint64_t)len > ctx->len_left || (len != 0 && ctx->aad_left != 0))
        return KARX_ERR_DATA_LENGTH;
    if (len == 0)
        return KARX_OK; /* an empty update does not end the AAD phase */
    ccm_aad_done(ctx);
    ctx->len_left -= len;
    size_t head = ctx->used == 0 ? 0 : CCM_B - ctx->used;
    if (head > len)
        head = len;
    ccm_update_bytes(ctx, out, in, head);
    out += head;
    in += head;
    len -= head;
    const int enc = ctx->encrypt == KARX_ENCRYPT;
    size_t whole = len - len % CCM_B;
    for (size_t off = 0; off < whole;) {
        size_t n = whole - off < CCM_CHUNK ? whole - off : CCM_CHUNK;
        if (enc)
            karx_i_cbc_mac(&ctx->key, ctx->x, in + off, n / CCM_B);
        (void)karx_ctr_xor(&ctx->key, ctx->ctr, out + off, in + off, n);
        if (!enc)
            karx_i_cbc_mac(&ctx->key, ctx->x, out + off, n / CCM_B);
        off += n;
    }
    ccm_update_bytes(ctx, out + whole, in + whole, len - whole);
    return KARX_OK;
}

/* The checks shared by final and verify, then the full tag; ends the stream on success. */
static karx_status ccm_stream_tag(karx_ccm_ctx *ctx, int encrypt, const uint8_t *tag,
                                  size_t tag_len, uint8_t full[CCM_B])
{
    if (ctx == NULL || tag == NULL)
        return KARX_ERR_ARGUMENT;
    if ((ctx->state != CCM_AAD && ctx->state != CCM_DATA) || ctx->encrypt != (uint32_t)encrypt)
        return KARX_ERR_STATE;
    if (tag_len != ctx->tag_len)
        return KARX_ERR_ARGUMENT;
    if (ctx->aad_left != 0 || ctx->len_left != 0)
        return KARX_ERR_DATA_LENGTH;
    ccm_aad_done(ctx);
    ccm_mac_pad(ctx);
    for (size_t i = 0; i < CCM_B; i++)
        full[i] = (uint8_t)(ctx->x[i] ^ ctx->s0[i]);
    return KARX_OK;
}

karx_status karx_ccm_final(karx_ccm_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    uint8_t full[CCM_B];
    karx_status st = ccm_stream_tag(ctx, KARX_ENCRYPT, tag, tag_len, full);
    if (st != KARX_OK)
        return st;
    memcpy(tag, full, tag_len);
    karx_memzero(full, sizeof full);
    karx_memzero(ctx, sizeof *ctx);
    return KARX_OK;
}

karx_status karx_ccm_final_verify(karx_ccm_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t full[CCM_B];
    karx_status st = ccm_stream_tag(ctx, KARX_DECRYPT, tag, tag_len, full);
    if (st != KARX_OK)
        return st;
    int bad = karx_memcmp_ct(full, tag, tag_len);
    karx_memzero(full, sizeof full);
    karx_memzero(ctx, sizeof *ctx);
    return bad ? KARX_ERR_AUTHENTICATION : KARX_OK;
}

/* ---- one-shot forms over the stream ---- */

karx_status karx_ccm_seal(const karx_cipher_key *key, const uint8_t *nonce, size_t nonce_len,
                          uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                          const uint8_t *aad, size_t aad_len)
{
    karx_status st =
        ccm_check_call(key, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    karx_ccm_ctx c;
    st = karx_ccm_init_key(&c, key, KARX_ENCRYPT, nonce, nonce_len, aad_len, len, tag_len);
    if (st == KARX_OK)
        st = karx_ccm_aad(&c, aad, aad_len);
    if (st == KARX_OK)
        st = karx_ccm_update(&c, out, in, len);
    if (st == KARX_OK)
        st = karx_ccm_final(&c, tag, tag_len);
    karx_memzero(&c, sizeof c);
    return st;
}

/* The tag check of open: decrypts chunk by chunk into a stack buffer only to MAC the plaintext.
 * ctr1 receives A_1 for the second pass. */
static karx_status ccm_open_check(const karx_cipher_key *key, const uint8_t *nonce,
                                  size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                  const uint8_t *in, size_t len, const uint8_t *tag,
                                  size_t tag_len, uint8_t ctr1[CCM_B])
{
    karx_ccm_ctx c;
    uint8_t buf[CCM_CHUNK];
    karx_status st =
        karx_ccm_init_key(&c, key, KARX_DECRYPT, nonce, nonce_len, aad_len, len, tag_len);
    if (st == KARX_OK) {
        memcpy(ctr1, c.ctr, CCM_B);
        st = karx_ccm_aad(&c, aad, aad_len);
    }
    for (size_t off = 0; st == KARX_OK && off < len; off += CCM_CHUNK) {
        size_t n = len - off < CCM_CHUNK ? len - off : CCM_CHUNK;
        st = karx_ccm_update(&c, buf, in + off, n);
    }
    if (st == KARX_OK)
        st = karx_ccm_final_verify(&c, tag, tag_len);
    karx_memzero(buf, sizeof buf);
    karx_memzero(&c, sizeof c);
    return st;
}

karx_status karx_ccm_open(const karx_cipher_key *key, const uint8_t *nonce, size_t nonce_len,
                          uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *in,
                          size_t len, const uint8_t *aad, size_t aad_len)
{
    karx_status st =
        ccm_check_call(key, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    uint8_t ctr[CCM_B];
    st = ccm_open_check(key, nonce, nonce_len, aad, aad_len, in, len, tag, tag_len, ctr);
    if (st == KARX_OK && len != 0)
        st = karx_ctr_xor(key, ctr, out, in, len); /* verified: now the plaintext goes out */
    if (st != KARX_OK && len != 0)
        karx_memzero(out, len); /* never plaintext; a caller ignoring the status reads zeros */
    karx_memzero(ctr, sizeof ctr);
    return st;
}

/* The one-shot calls: check, schedule a key for this call only, seal or open, wipe. */
static karx_status ccm_oneshot(int seal, karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                               const uint8_t *nonce, size_t nonce_len, uint8_t *out, uint8_t *tag,
                               size_t tag_len, const uint8_t *in, size_t len, const uint8_t *aad,
                               size_t aad_len)
{
    karx_status st = karx_i_aead_alg(alg);
    if (st == KARX_OK)
        st = ccm_check_params(nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    karx_cipher_key k;
    st = karx_cipher_set_key(&k, alg, key, key_len);
    if (st == KARX_OK)
        st = seal ? karx_ccm_seal(&k, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len)
                  : karx_ccm_open(&k, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len);
    karx_cipher_key_wipe(&k);
    return st;
}

karx_status karx_ccm_encrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                             const uint8_t *nonce, size_t nonce_len, uint8_t *out, uint8_t *tag,
                             size_t tag_len, const uint8_t *in, size_t len, const uint8_t *aad,
                             size_t aad_len)
{
    return ccm_oneshot(1, alg, key, key_len, nonce, nonce_len, out, tag, tag_len, in, len, aad,
                       aad_len);
}

karx_status karx_ccm_decrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                             const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                             const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                             const uint8_t *aad, size_t aad_len)
{
    /* open only reads the tag; the cast lets one helper serve both directions */
    return ccm_oneshot(0, alg, key, key_len, nonce, nonce_len, out, (uint8_t *)(uintptr_t)tag,
                       tag_len, in, len, aad, aad_len);
}

/* ---- the session key of the record jobs (ccm_jobs.c) ---- */

void karx_ccm_key_wipe(karx_ccm_key *ck) { karx_memzero(ck, sizeof *ck); }

karx_status karx_ccm_set_key(karx_ccm_key *ck, karx_cipher_alg alg, const uint8_t *key,
                             size_t key_len)
{
    if (!karx_i_clear(ck, sizeof *ck))
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_i_aead_alg(alg);
    if (st == KARX_OK && key == NULL)
        st = KARX_ERR_ARGUMENT;
    if (st == KARX_OK && key_len > sizeof ck->raw)
        st = KARX_ERR_KEY_LENGTH;
    if (st == KARX_OK)
        st = karx_cipher_set_key(&ck->cipher, alg, key, key_len);
    if (st != KARX_OK) {
        karx_memzero(ck, sizeof *ck);
        return st;
    }
    memcpy(ck->raw, key, key_len);
    ck->raw_len = (uint32_t)key_len;
    ck->alg = (uint32_t)alg;
    ck->ready = 1;
    return KARX_OK;
}
