/* karx_cipher_update on a thread pool: the streaming context's bulk goes to the *_pool mode calls
 * (par_cipher.c) and only the edges go through karx_cipher_update itself, so the buffering,
 * padding hold-back and CTR spent-counter rules stay exactly the serial ones.
 *
 * An update runs on the pool only when it cannot fail (every check of the serial call passed
 * beforehand: otherwise the serial call runs and returns its status, changing nothing), the mode
 * has a parallel direction (ECB both ways, CTR, CBC and CFB decryption) and the input is at least
 * two tasks' worth. ECB and CBC with bytes held from the last update write ahead of the input, so
 * then out and in must not overlap at all; in place they run serially. */
#include <string.h>

#include "../modes/modes_internal.h"
#include "par_internal.h"

typedef struct stream_pos {
    karx_cipher_ctx *ctx;
    uint8_t *out;
    const uint8_t *in;
    size_t cap, done_in, done_out;
} stream_pos;

/* k bytes through the serial update (it cannot fail here: its checks were made up front). */
static void serial(stream_pos *p, size_t k)
{
    size_t n = 0;
    if (k == 0)
        return;
    (void)karx_cipher_update(p->ctx, p->out + p->done_out, p->cap - p->done_out, &n,
                             p->in + p->done_in, k);
    p->done_in += k;
    p->done_out += n;
}

static int is_block_mode(uint32_t mode) { return mode == KARX_MODE_ECB || mode == KARX_MODE_CBC; }

static int holds_last(const karx_cipher_ctx *ctx)
{
    return is_block_mode(ctx->mode) && !ctx->encrypt && ctx->padding == KARX_PAD_PKCS7;
}

/* What the serial update writes (stream.c's rule: whole blocks; decryption with padding keeps
 * the last block back). */
static size_t output_bytes(const karx_cipher_ctx *ctx, size_t B, size_t in_len)
{
    if (!is_block_mode(ctx->mode))
        return in_len;
    size_t avail = ctx->buffered + in_len;
    if (holds_last(ctx))
        return avail == 0 ? 0 : (avail - 1) / B * B;
    return avail / B * B;
}

static int parallel_mode(const karx_cipher_ctx *ctx)
{
    switch (ctx->mode) {
    case KARX_MODE_ECB:
    case KARX_MODE_CTR:
        return 1;
    case KARX_MODE_CBC:
    case KARX_MODE_CFB:
    case KARX_MODE_CFB8:
    case KARX_MODE_CFB64:
        return !ctx->encrypt;
    default:
        return 0;
    }
}

static int apart(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    return a + an <= b || b + bn <= a;
}

/* 1 when the update goes to the pool: every way the serial update can fail is ruled out. */
static int pool_ok(karx_pool *pool, const karx_cipher_ctx *ctx, const uint8_t *out,
                   size_t out_cap, const size_t *out_len, const uint8_t *in, size_t in_len)
{
    if (karx_pool_threads(pool) < 2 || ctx == NULL || out_len == NULL || in == NULL ||
        out == NULL || ctx->state != 1 /* running */ || !parallel_mode(ctx) ||
        in_len < 2 * KARX_PAR_MIN_BYTES)
        return 0;
    const karx_i_cipher *c = karx_i_key_row(&ctx->key);
    if (c == NULL)
        return 0;
    const size_t B = c->block_bytes;
    if (in_len > SIZE_MAX - 2 * B)
        return 0;
    size_t nout = output_bytes(ctx, B, in_len);
    if (nout > out_cap)
        return 0;
    if (ctx->mode == KARX_MODE_CTR) {
        size_t rest = in_len - (ctx->buffered < in_len ? ctx->buffered : in_len);
        if (rest / B + (rest % B != 0) > karx_i_ctr_capacity(ctx->reg, B))
            return 0;
    }
    if (is_block_mode(ctx->mode) && ctx->buffered != 0 && !apart(out, nout, in, in_len))
        return 0;
    return 1;
}

static void ctr_update(karx_pool *pool, stream_pos *p, size_t B, size_t in_len)
{
    karx_cipher_ctx *ctx = p->ctx;
    serial(p, ctx->buffered); /* the keystream left from the last update */
    /* Whole blocks but the last to the pool; the last block (and any tail) through the serial
     * update, which marks a counter that has reached all-ones as spent. */
    size_t m = ((in_len - p->done_in) / B - 1) * B;
    (void)karx_ctr_xor_pool(pool, &ctx->key, ctx->reg, p->out + p->done_out, p->in + p->done_in,
                            m);
    p->done_in += m;
    p->done_out += m;
}

static void cfb_update(karx_pool *pool, stream_pos *p, size_t B, size_t in_len)
{
    karx_cipher_ctx *ctx = p->ctx;
    size_t s = ctx->mode == KARX_MODE_CFB8 ? 1 : ctx->mode == KARX_MODE_CFB64 ? 8 : B;
    serial(p, (s - ctx->buffered) % s); /* finish the segment begun in the last update */
    size_t m = (in_len - p->done_in) / B * B;
    (void)karx_cfb_decrypt_pool(pool, &ctx->key, s, ctx->reg, p->out + p->done_out,
                                p->in + p->done_in, m);
    p->done_in += m;
    p->done_out += m;
}

static void block_update(karx_pool *pool, stream_pos *p, size_t B, size_t in_len)
{
    karx_cipher_ctx *ctx = p->ctx;
    if (ctx->buffered != 0 && ctx->buffered < B)
        serial(p, B - ctx->buffered); /* completes the held block (written, or held back) */
    if (ctx->buffered == B) {
        /* The block held back for the padding check is not the last one: write it as the
         * serial update would, and the context holds nothing (stream.c: buffered = held bytes). */
        uint8_t *o = p->out + p->done_out;
        if (ctx->mode == KARX_MODE_ECB)
            (void)karx_ecb_decrypt(&ctx->key, o, ctx->buf, B);
        else
            (void)karx_cbc_decrypt(&ctx->key, ctx->reg, o, ctx->buf, B);
        karx_memzero(ctx->buf, sizeof ctx->buf);
        ctx->buffered = 0;
        p->done_out += B;
    }
    size_t rest = in_len - p->done_in;
    size_t m = holds_last(ctx) ? (rest - 1) / B * B : rest / B * B;
    uint8_t *o = p->out + p->done_out;
    const uint8_t *i = p->in + p->done_in;
    if (ctx->mode == KARX_MODE_ECB)
        (void)(ctx->encrypt ? karx_ecb_encrypt_pool(pool, &ctx->key, o, i, m)
                            : karx_ecb_decrypt_pool(pool, &ctx->key, o, i, m));
    else
        (void)karx_cbc_decrypt_pool(pool, &ctx->key, ctx->reg, o, i, m);
    p->done_in += m;
    p->done_out += m;
}

karx_status karx_cipher_update_pool(karx_pool *pool, karx_cipher_ctx *ctx, uint8_t *out,
                                    size_t out_cap, size_t *out_len, const uint8_t *in,
                                    size_t in_len)
{
    if (!pool_ok(pool, ctx, out, out_cap, out_len, in, in_len))
        return karx_cipher_update(ctx, out, out_cap, out_len, in, in_len);
    const size_t B = karx_i_key_row(&ctx->key)->block_bytes;
    stream_pos p = {ctx, out, in, out_cap, 0, 0};
    if (ctx->mode == KARX_MODE_CTR)
        ctr_update(pool, &p, B, in_len);
    else if (is_block_mode(ctx->mode))
        block_update(pool, &p, B, in_len);
    else
        cfb_update(pool, &p, B, in_len);
    serial(&p, in_len - p.done_in);
    *out_len = p.done_out;
    return KARX_OK;
}
