/* Streaming XTS over one data unit of unknown length: whole blocks go out as they come, except
 * the last 16..31 bytes seen, which ciphertext stealing may need; final writes those. */
#include <string.h>

#include "xts_internal.h"
#include "common/clear.h"

/* Bytes a staged update runs at a time (a multiple of 16). */
#if KARX_MODES_CHUNK < 2048
#define XTS_STAGE KARX_MODES_CHUNK
#else
#define XTS_STAGE 2048
#endif

void karx_xts_ctx_wipe(karx_xts_ctx *ctx) { karx_memzero(ctx, sizeof *ctx); }

karx_status karx_xts_init(karx_xts_ctx *ctx, karx_cipher_alg alg, int encrypt, const uint8_t *k,
                          size_t key_len, const uint8_t tweak[16])
{
    if (!karx_i_clear(ctx, sizeof *ctx))
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_xts_set_key(&ctx->key, alg, k, key_len);
    if (st == KARX_OK && tweak == NULL)
        st = KARX_ERR_ARGUMENT;
    if (st != KARX_OK) {
        karx_xts_ctx_wipe(ctx);
        return st;
    }
    const karx_i_cipher *c = karx_i_xts_row(&ctx->key);
    karx_i_single(c)->ecb_encrypt(karx_i_ks(&ctx->key.tweak), ctx->t, tweak, 1);
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

/* The held bytes and the input form one stream S = held || in. With nothing held, whole blocks
 * go straight from in to out. Otherwise S runs through a stack stage: a chunk is read (with the
 * held-length look-ahead) before its output is written, so that out == in works at any split. */
static void stream_staged(karx_xts_ctx *ctx, const karx_i_cipher *c, uint8_t *out,
                          const uint8_t *in, size_t len, size_t write)
{
    uint8_t st[XTS_STAGE + 32];
    const size_t held0 = ctx->held, total = held0 + len;
    size_t have = held0, done = 0; /* st holds S[done .. done + have) */
    memcpy(st, ctx->buf, held0);
    while (done < write) {
        size_t n = write - done < XTS_STAGE ? write - done : XTS_STAGE;
        /* writing out[done .. done + n) overwrites S up to done + n + held0: read that first */
        size_t want = n + held0 < total - done ? n + held0 : total - done;
        memcpy(st + have, in + (done + have - held0), want - have);
        have = want;
        stream_blocks(ctx, c, out + done, st, n / 16);
        memmove(st, st + n, have - n);
        have -= n;
        done += n;
    }
    size_t rest = total - write; /* 16..31 bytes, or all of S when nothing was written */
    memcpy(ctx->buf, st, have);
    memcpy(ctx->buf + have, in + (write + have - held0), rest - have);
    ctx->held = rest;
    karx_memzero(st, sizeof st);
}

karx_status karx_xts_update(karx_xts_ctx *ctx, uint8_t *out, size_t out_cap, size_t *out_len,
                            const uint8_t *in, size_t len)
{
    if (ctx == NULL || out_len == NULL || (len != 0 && (in == NULL || out == NULL)))
        return KARX_ERR_ARGUMENT;
    *out_len = 0;
    if (ctx->state != 1)
        return KARX_ERR_STATE;
    if (len == 0) /* nothing held (at most 31 bytes) can go out; in may be NULL */
        return KARX_OK;
    if (len > SIZE_MAX - 32)
        return KARX_ERR_DATA_LENGTH;
    const karx_i_cipher *c = karx_i_xts_row(&ctx->key);
    size_t avail = ctx->held + len;
    size_t write = avail >= 32 ? (avail - 16) / 16 * 16 : 0; /* keep 16..31 back */
    if (out_cap < write)
        return KARX_ERR_OUTPUT_LENGTH;
    if (ctx->held == 0) {
        stream_blocks(ctx, c, out, in, write / 16);
        memcpy(ctx->buf, in + write, len - write);
        ctx->held = len - write;
    } else {
        stream_staged(ctx, c, out, in, len, write);
    }
    *out_len = write;
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
        karx_i_xts_unit(c, karx_i_kernels(c), &ctx->key.data, ctx->t, out, ctx->buf, ctx->held,
                        !ctx->encrypt);
        *out_len = ctx->held;
    }
    karx_xts_ctx_wipe(ctx);
    ctx->state = 2;
    return st;
}
