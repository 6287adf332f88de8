/* Streaming XTS over one data unit of unknown length: whole blocks go out as they come, except
 * the last 16..31 bytes seen, which ciphertext stealing may need; final writes those. */
#include <string.h>

#include "xts_internal.h"

void karx_xts_ctx_wipe(karx_xts_ctx *ctx)
{
    if (ctx != NULL)
        karx_memzero(ctx, sizeof *ctx);
}

karx_status karx_xts_init(karx_xts_ctx *ctx, karx_cipher_alg alg, int encrypt, const uint8_t *k,
                          size_t key_len, const uint8_t tweak[16])
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    karx_xts_ctx_wipe(ctx);
    karx_status st = karx_xts_set_key(&ctx->key, alg, k, key_len);
    if (st == KARX_OK && tweak == NULL)
        st = KARX_ERR_ARGUMENT;
    if (st != KARX_OK) {
        karx_xts_ctx_wipe(ctx);
        return st;
    }
    const karx_i_cipher *c = karx_i_xts_row(&ctx->key);
    karx_i_portable(c)->ecb_encrypt(karx_i_ks(&ctx->key.tweak), ctx->t, tweak, 1);
    ctx->encrypt = encrypt != 0;
    ctx->state = 1;
    return KARX_OK;
}

/* n whole blocks at the context's tweak. */
static void stream_blocks(karx_xts_ctx *ctx, const karx_i_cipher *c, uint8_t *out,
                          const uint8_t *in, size_t n)
{
    karx_i_xts_blocks(karx_i_kernels(c), &ctx->key.data, ctx->t, out, in, n, !ctx->encrypt);
}

karx_status karx_xts_update(karx_xts_ctx *ctx, uint8_t *out, size_t out_cap, size_t *out_len,
                            const uint8_t *in, size_t len)
{
    if (ctx == NULL || out_len == NULL || (len != 0 && (in == NULL || out == NULL)))
        return KARX_ERR_ARGUMENT;
    *out_len = 0;
    if (ctx->state != 1)
        return KARX_ERR_STATE;
    if (len > SIZE_MAX - 32)
        return KARX_ERR_DATA_LENGTH;
    const karx_i_cipher *c = karx_i_xts_row(&ctx->key);
    size_t avail = ctx->held + len;
    size_t write = avail >= 32 ? (avail - 16) / 16 * 16 : 0; /* keep 16..31 back */
    if (out_cap < write)
        return KARX_ERR_OUTPUT_LENGTH;
    size_t done = 0;
    /* Held bytes first: top the buffer up to whole blocks, and write those that may go. */
    while (ctx->held > 0 && done < write) {
        size_t take = (16 - ctx->held % 16) % 16; /* to a block boundary: held 16 or 32 */
        take = take < len ? take : len;
        memcpy(ctx->buf + ctx->held, in, take);
        ctx->held += take;
        in += take;
        len -= take;
        stream_blocks(ctx, c, out + done, ctx->buf, 1);
        done += 16;
        ctx->held -= 16;
        memmove(ctx->buf, ctx->buf + 16, ctx->held);
    }
    /* Then straight from the input. */
    if (done < write) {
        size_t n = (write - done) / 16;
        stream_blocks(ctx, c, out + done, in, n);
        in += 16 * n;
        len -= 16 * n;
        done = write;
    }
    memcpy(ctx->buf + ctx->held, in, len);
    ctx->held += len;
    *out_len = done;
    return KARX_OK;
}

karx_status karx_xts_final(karx_xts_ctx *ctx, uint8_t *out, size_t out_cap, size_t *out_len)
{
    if (ctx == NULL || out == NULL || out_len == NULL)
        return KARX_ERR_ARGUMENT;
    *out_len = 0;
    if (ctx->state != 1)
        return KARX_ERR_STATE;
    karx_status st = KARX_OK;
    if (ctx->held < 16)
        st = KARX_ERR_DATA_LENGTH;
    else if (out_cap < ctx->held)
        return KARX_ERR_OUTPUT_LENGTH; /* the caller may retry with room */
    if (st == KARX_OK) {
        const karx_i_cipher *c = karx_i_xts_row(&ctx->key);
        karx_i_xts_unit(c, &ctx->key.data, ctx->t, out, ctx->buf, ctx->held, !ctx->encrypt);
        *out_len = ctx->held;
    }
    karx_xts_ctx_wipe(ctx);
    ctx->state = 2;
    return st;
}
