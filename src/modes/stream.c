/* The streaming context: any split of the data, PKCS#7 padding, one-shot calls. The stateless
 * mode calls do the bulk work; this file only buffers partial blocks and segments.
 *
 * ctx->buffered means, per mode: ECB/CBC, input bytes held in buf (up to a whole block when
 * decrypting with padding, which holds the last block back); CTR/OFB, keystream bytes of buf not
 * used yet (at its end); CFB, bytes of the current segment done, whose ciphertext replaced the
 * keystream at the front of buf. */
#include <string.h>

#include "modes_internal.h"
#include "common/clear.h"

enum { ST_UNSET = 0, ST_RUNNING = 1, ST_SPENT = 2 };

static size_t segment_of(const karx_cipher_ctx *ctx, size_t B)
{
    return ctx->mode == KARX_MODE_CFB8 ? 1 : ctx->mode == KARX_MODE_CFB64 ? 8 : B;
}

static int is_block_mode(uint32_t mode) { return mode == KARX_MODE_ECB || mode == KARX_MODE_CBC; }

void karx_cipher_ctx_wipe(karx_cipher_ctx *ctx) { karx_memzero(ctx, sizeof *ctx); }

karx_status karx_cipher_init(karx_cipher_ctx *ctx, karx_cipher_alg alg, karx_mode mode,
                             int encrypt, int padding, const uint8_t *key, size_t key_len,
                             const uint8_t *iv, size_t iv_len)
{
    if (!karx_i_clear(ctx, sizeof *ctx))
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    if (c == NULL || karx_i_mode_desc((uint32_t)mode) == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if ((encrypt != KARX_ENCRYPT && encrypt != KARX_DECRYPT) ||
        (padding != KARX_PAD_NONE && padding != KARX_PAD_PKCS7))
        return KARX_ERR_ARGUMENT;
    size_t want_iv = karx_mode_iv_bytes(alg, mode);
    if (iv_len != want_iv)
        return KARX_ERR_IV_LENGTH;
    if (want_iv != 0 && iv == NULL)
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_cipher_set_key(&ctx->key, alg, key, key_len);
    if (st != KARX_OK) {
        karx_cipher_ctx_wipe(ctx);
        return st;
    }
    if (want_iv != 0)
        memcpy(ctx->reg, iv, want_iv);
    ctx->mode = (uint32_t)mode;
    ctx->encrypt = (uint32_t)encrypt;
    ctx->padding = is_block_mode(ctx->mode) ? (uint32_t)padding : KARX_PAD_NONE;
    ctx->state = ST_RUNNING;
    return KARX_OK;
}

/* Bytes this update will write, for the out_cap check made before anything changes. */
static size_t output_size(const karx_cipher_ctx *ctx, size_t B, size_t in_len)
{
    if (!is_block_mode(ctx->mode))
        return in_len;
    size_t avail = ctx->buffered + in_len;
    if (!ctx->encrypt && ctx->padding == KARX_PAD_PKCS7)
        return avail == 0 ? 0 : (avail - 1) / B * B; /* keep the last (maybe whole) block */
    return avail / B * B;
}

static karx_status block_bulk(karx_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    const karx_cipher_key *k = &ctx->key;
    if (ctx->mode == KARX_MODE_ECB)
        return ctx->encrypt ? karx_ecb_encrypt(k, out, in, len) : karx_ecb_decrypt(k, out, in, len);
    return ctx->encrypt ? karx_cbc_encrypt(k, ctx->reg, out, in, len)
                        : karx_cbc_decrypt(k, ctx->reg, out, in, len);
}

/* ECB/CBC: nout bytes (whole blocks) come from buf[0..buffered) followed by in. With nothing
 * held, blocks go straight from in to out. With c bytes held, the output runs c bytes ahead of
 * the input it consumes, so (in place) each chunk first saves the next c input bytes before it
 * writes over them. */
static void block_update(karx_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t in_len,
                         size_t nout)
{
    size_t c = ctx->buffered, ip = 0, op = 0;
    uint8_t carry[KARX_MAX_BLOCK_BYTES];
    memcpy(carry, ctx->buf, c);
    if (c == 0) {
        block_bulk(ctx, out, in, nout);
        ip = op = nout;
    } else {
        uint8_t tmp[KARX_MODES_CHUNK];
        while (op < nout) {
            size_t n = nout - op < sizeof tmp ? nout - op : sizeof tmp;
            memcpy(tmp, carry, c);
            memcpy(tmp + c, in + ip, n - c);
            ip += n - c;
            size_t keep = in_len - ip < c ? in_len - ip : c;
            memcpy(carry, in + ip, keep);
            ip += keep;
            block_bulk(ctx, tmp, tmp, n);
            memcpy(out + op, tmp, n);
            op += n;
            c = keep; /* smaller only when the input has run out */
        }
        karx_memzero(tmp, sizeof tmp);
    }
    /* What is left (less than a block, or the held-back block) waits in buf; op == ip here
     * whenever input remains, so in place it has not been overwritten. */
    memcpy(ctx->buf, carry, c);
    memcpy(ctx->buf + c, in + ip, in_len - ip);
    ctx->buffered = (uint32_t)(c + in_len - ip);
    karx_memzero(carry, sizeof carry);
}

/* CTR/OFB: unused keystream first, then whole blocks, then a tail that leaves keystream over. */
static karx_status keystream_update(karx_cipher_ctx *ctx, const karx_i_cipher *c, uint8_t *out,
                                    const uint8_t *in, size_t in_len)
{
    const size_t B = c->block_bytes;
    size_t have = ctx->buffered, n1 = have < in_len ? have : in_len;
    size_t full = (in_len - n1) / B, tail = (in_len - n1) % B, need = full + (tail != 0);
    if (ctx->mode == KARX_MODE_CTR && need != 0 &&
        (ctx->state == ST_SPENT || need > karx_i_ctr_capacity(ctx->reg, B)))
        return KARX_ERR_COUNTER_OVERFLOW;
    karx_i_xor(out, in, ctx->buf + B - have, n1);
    have -= n1;
    out += n1;
    in += n1;
    if (ctx->mode == KARX_MODE_CTR) {
        karx_i_ctr_blocks(c, &ctx->key, ctx->reg, out, in, full);
        if (tail != 0) {
            karx_i_single(c)->ecb_encrypt(karx_i_ks(&ctx->key), ctx->buf, ctx->reg, 1);
            karx_i_ctr_add(ctx->reg, B, 1);
        }
        if (need != 0) {
            uint8_t any = 0;
            for (size_t i = 0; i < B; i++)
                any |= ctx->reg[i];
            if (any == 0) /* the all-ones counter was used: the stream is spent */
                ctx->state = ST_SPENT;
        }
    } else {
        karx_ofb_xor(&ctx->key, ctx->reg, out, in, full * B);
        if (tail != 0) {
            karx_i_single(c)->ecb_encrypt(karx_i_ks(&ctx->key), ctx->reg, ctx->reg, 1);
            memcpy(ctx->buf, ctx->reg, B);
        }
    }
    if (tail != 0) {
        karx_i_xor(out + full * B, in + full * B, ctx->buf, tail);
        have = B - tail;
    }
    ctx->buffered = (uint32_t)have;
    return KARX_OK;
}

/* CFB: bytes of a segment one at a time; buf[0..done) collects the segment's ciphertext in
 * place of the keystream it used. */
static void cfb_bytes(karx_cipher_ctx *ctx, size_t B, size_t s, uint8_t *out, const uint8_t *in,
                      size_t n)
{
    size_t done = ctx->buffered;
    for (size_t j = 0; j < n; j++, done++) {
        uint8_t x = in[j], y = (uint8_t)(x ^ ctx->buf[done]);
        out[j] = y;
        ctx->buf[done] = ctx->encrypt ? y : x;
    }
    if (done == s) {
        karx_i_cfb_shift(ctx->reg, B, ctx->buf, s);
        done = 0;
    }
    ctx->buffered = (uint32_t)done;
}

static void cfb_update(karx_cipher_ctx *ctx, const karx_i_cipher *c, uint8_t *out,
                       const uint8_t *in, size_t in_len)
{
    const size_t B = c->block_bytes, s = segment_of(ctx, B);
    size_t pos = 0;
    if (ctx->buffered != 0) {
        pos = s - ctx->buffered < in_len ? s - ctx->buffered : in_len;
        cfb_bytes(ctx, B, s, out, in, pos);
    }
    size_t whole = (in_len - pos) / s * s;
    if (ctx->encrypt)
        karx_cfb_encrypt(&ctx->key, s, ctx->reg, out + pos, in + pos, whole);
    else
        karx_cfb_decrypt(&ctx->key, s, ctx->reg, out + pos, in + pos, whole);
    pos += whole;
    if (pos < in_len) {
        karx_i_single(c)->ecb_encrypt(karx_i_ks(&ctx->key), ctx->buf, ctx->reg, 1);
        cfb_bytes(ctx, B, s, out + pos, in + pos, in_len - pos);
    }
}

karx_status karx_cipher_update(karx_cipher_ctx *ctx, uint8_t *out, size_t out_cap,
                               size_t *out_len, const uint8_t *in, size_t in_len)
{
    if (out_len != NULL)
        *out_len = 0;
    if (ctx == NULL || out_len == NULL || (in == NULL && in_len != 0))
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = karx_i_key_row(&ctx->key);
    if (ctx->state == ST_UNSET || c == NULL)
        return KARX_ERR_STATE;
    const size_t B = c->block_bytes;
    if (in_len > SIZE_MAX - 2 * B)
        return KARX_ERR_DATA_LENGTH;
    size_t nout = output_size(ctx, B, in_len);
    if (nout > out_cap)
        return KARX_ERR_OUTPUT_LENGTH;
    if (out == NULL && nout != 0)
        return KARX_ERR_ARGUMENT;
    if (in_len == 0)
        return KARX_OK;
    if (is_block_mode(ctx->mode)) {
        block_update(ctx, out, in, in_len, nout);
    } else if (ctx->mode == KARX_MODE_CTR || ctx->mode == KARX_MODE_OFB) {
        karx_status st = keystream_update(ctx, c, out, in, in_len);
        if (st != KARX_OK)
            return st;
    } else {
        cfb_update(ctx, c, out, in, in_len);
    }
    *out_len = nout;
    return KARX_OK;
}

/* 1 if the block ends in valid PKCS#7 padding, in constant time; *pad gets its length. */
static unsigned pkcs7_ok(const uint8_t *blk, size_t B, size_t *pad)
{
    uint32_t p = blk[B - 1];
    uint32_t bad = ((p - 1) >> 31) | (((uint32_t)B - p) >> 31); /* p == 0 or p > B */
    for (uint32_t i = 0; i < (uint32_t)B; i++) {
        uint32_t in_pad = ((i - p) >> 31) & 1; /* i < p */
        uint32_t diff = (uint32_t)blk[B - 1 - i] ^ p;
        bad |= in_pad & ((diff | (0u - diff)) >> 31);
    }
    *pad = p;
    return bad == 0;
}

karx_status karx_cipher_final(karx_cipher_ctx *ctx, uint8_t *out, size_t out_cap,
                              size_t *out_len)
{
    if (out_len != NULL)
        *out_len = 0;
    if (ctx == NULL || out_len == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = karx_i_key_row(&ctx->key);
    if (ctx->state == ST_UNSET || c == NULL) {
        karx_cipher_ctx_wipe(ctx);
        return KARX_ERR_STATE;
    }
    const size_t B = c->block_bytes;
    karx_status st = KARX_OK;
    if (!is_block_mode(ctx->mode) || ctx->padding == KARX_PAD_NONE) {
        if (is_block_mode(ctx->mode) && ctx->buffered != 0)
            st = KARX_ERR_DATA_LENGTH; /* not whole blocks */
    } else if (ctx->encrypt) {
        if (out_cap < B || out == NULL)
            return out == NULL ? KARX_ERR_ARGUMENT : KARX_ERR_OUTPUT_LENGTH;
        size_t p = B - ctx->buffered;
        memset(ctx->buf + ctx->buffered, (int)p, p);
        block_bulk(ctx, out, ctx->buf, B);
        *out_len = B;
    } else if (ctx->buffered != B) {
        st = KARX_ERR_DATA_LENGTH; /* empty or truncated ciphertext */
    } else {
        /* Decrypt on copies, so that a too-small out leaves ctx as it was. */
        uint8_t blk[KARX_MAX_BLOCK_BYTES], reg[KARX_MAX_BLOCK_BYTES];
        size_t pad;
        memcpy(reg, ctx->reg, B);
        if (ctx->mode == KARX_MODE_ECB)
            karx_ecb_decrypt(&ctx->key, blk, ctx->buf, B);
        else
            karx_cbc_decrypt(&ctx->key, reg, blk, ctx->buf, B);
        if (!pkcs7_ok(blk, B, &pad)) {
            st = KARX_ERR_PADDING;
        } else if (B - pad > out_cap || (out == NULL && B - pad != 0)) {
            karx_memzero(blk, sizeof blk);
            return out == NULL ? KARX_ERR_ARGUMENT : KARX_ERR_OUTPUT_LENGTH;
        } else {
            memcpy(out, blk, B - pad);
            *out_len = B - pad;
        }
        karx_memzero(blk, sizeof blk);
    }
    karx_cipher_ctx_wipe(ctx);
    return st;
}

static karx_status oneshot(int encrypt, karx_cipher_alg alg, karx_mode mode, int padding,
                           const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
                           uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in,
                           size_t in_len)
{
    karx_cipher_ctx ctx;
    size_t n1 = 0, n2 = 0;
    if (out_len == NULL)
        return KARX_ERR_ARGUMENT;
    *out_len = 0;
    karx_status st = karx_cipher_init(&ctx, alg, mode, encrypt, padding, key, key_len, iv, iv_len);
    if (st == KARX_OK)
        st = karx_cipher_update(&ctx, out, out_cap, &n1, in, in_len);
    if (st == KARX_OK)
        st = karx_cipher_final(&ctx, out + n1, out_cap - n1, &n2);
    karx_cipher_ctx_wipe(&ctx);
    if (st != KARX_OK) {
        if (n1 != 0)
            karx_memzero(out, n1);
        return st;
    }
    *out_len = n1 + n2;
    return KARX_OK;
}

karx_status karx_cipher_encrypt(karx_cipher_alg alg, karx_mode mode, int padding,
                                const uint8_t *key, size_t key_len, const uint8_t *iv,
                                size_t iv_len, uint8_t *out, size_t out_cap, size_t *out_len,
                                const uint8_t *in, size_t in_len)
{
    return oneshot(KARX_ENCRYPT, alg, mode, padding, key, key_len, iv, iv_len, out, out_cap,
                   out_len, in, in_len);
}

karx_status karx_cipher_decrypt(karx_cipher_alg alg, karx_mode mode, int padding,
                                const uint8_t *key, size_t key_len, const uint8_t *iv,
                                size_t iv_len, uint8_t *out, size_t out_cap, size_t *out_len,
                                const uint8_t *in, size_t in_len)
{
    return oneshot(KARX_DECRYPT, alg, mode, padding, key, key_len, iv, iv_len, out, out_cap,
                   out_len, in, in_len);
}
