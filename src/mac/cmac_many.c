/* CMAC of many messages under one key: the CBC-MAC chains of up to a batch of messages run side
 * by side on the cipher's multi-block ECB kernel (src/modes/chain_many.h); the subkeys come
 * from karx_cmac_init, so each tag equals karx_cmac's. */
#include <string.h>

#include "karx/cmac.h"
#include "modes/chain_many.h"

#define CMAC_STATE_RUNNING 1u

/* The message arrays: NULL only when n is 0; a message may be NULL only when empty. */
static karx_status msgs_args(uint8_t *tags, const uint8_t *const *msgs, const size_t *lens,
                             size_t n, size_t tag_len)
{
    if (n == 0)
        return KARX_OK;
    if (tags == NULL || msgs == NULL || lens == NULL)
        return KARX_ERR_ARGUMENT;
    for (size_t i = 0; i < n; i++)
        if (msgs[i] == NULL && lens[i] != 0)
            return KARX_ERR_ARGUMENT;
    return n > SIZE_MAX / tag_len ? KARX_ERR_DATA_LENGTH : KARX_OK;
}

static karx_status tag_len_ok(size_t tag_len, size_t block_bytes)
{
    return tag_len < KARX_CMAC_MIN_TAG_BYTES || tag_len > block_bytes ? KARX_ERR_OUTPUT_LENGTH
                                                                      : KARX_OK;
}

karx_status karx_cmac_many_ctx(const karx_cmac_ctx *ctx, uint8_t *tags, size_t tag_len,
                               const uint8_t *const *msgs, const size_t *lens, size_t n)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = karx_i_key_row(&ctx->key);
    /* Keyed and nothing absorbed: update always holds back 1..B bytes, so buffered is 0 only
     * before the first update that brought data. */
    if (ctx->state != CMAC_STATE_RUNNING || c == NULL || c->block_bytes != ctx->block_bytes ||
        ctx->buffered != 0)
        return KARX_ERR_STATE;
    karx_status st = tag_len_ok(tag_len, ctx->block_bytes);
    if (st == KARX_OK)
        st = msgs_args(tags, msgs, lens, n, tag_len);
    if (st != KARX_OK)
        return st;
    const karx_i_chain_job job = {msgs, lens, n, NULL, NULL, ctx->k1, ctx->k2, tags, tag_len};
    karx_i_chain_many(&ctx->key, &job);
    return KARX_OK;
}

karx_status karx_cmac_many(karx_cipher_alg alg, const uint8_t *key, size_t key_len, uint8_t *tags,
                           size_t tag_len, const uint8_t *const *msgs, const size_t *lens,
                           size_t n)
{
    const size_t B = karx_cipher_block_bytes(alg);
    karx_status st = msgs_args(tags, msgs, lens, n, tag_len == 0 ? 1 : tag_len);
    if (st == KARX_OK && B == 0)
        st = KARX_ERR_UNKNOWN_ALGORITHM;
    if (st == KARX_OK)
        st = tag_len_ok(tag_len, B);
    karx_cmac_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    if (st == KARX_OK)
        st = karx_cmac_init(&ctx, alg, key, key_len);
    if (st == KARX_OK)
        st = karx_cmac_many_ctx(&ctx, tags, tag_len, msgs, lens, n);
    karx_cmac_ctx_wipe(&ctx);
    /* As karx_cmac does: no partial result is left behind. */
    if (st != KARX_OK && tags != NULL && tag_len != 0 && tag_len <= KARX_CMAC_MAX_TAG_BYTES &&
        n <= SIZE_MAX / tag_len)
        karx_memzero(tags, n * tag_len);
    return st;
}
