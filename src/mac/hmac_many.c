/* HMAC-LSH of many messages under one key (karx_hmac_lsh_many): the key is processed once
 * (karx_hmac_lsh_init), then every message's inner and outer hash runs in the lanes of the LSH
 * multi-buffer kernel, from the keyed chaining values (hmac_many_lanes.h, once per LSH family).
 * No message is copied: the lanes read the messages in place. */
#include <string.h>

#include "../common/endian.h"
#include "karx/hmac.h"
#include "lsh/lsh_internal.h"
#include "hmac_lane_block.h"

/* The keyed chaining values and where the results go; shared by both widths. */
typedef struct {
    const void *cv_in, *cv_out; /* K^ipad and K^opad states (16 words) */
    size_t d;                   /* digest bytes */
    uint8_t *tags;
    size_t tag_len;
    const uint8_t *const *msgs;
    const size_t *lens;
    size_t n;
} hm_keys;

#define HM_W uint32_t
#define HM_BLOCK KARX_LSH256_BLOCK_BYTES
#define HM_KERNELS karx_lsh256_kernels
#define HM_STORE karx_store32_le
#define HM_FN(name) hm256_##name
#include "hmac_many_lanes.h"
#undef HM_W
#undef HM_BLOCK
#undef HM_KERNELS
#undef HM_STORE
#undef HM_FN

#define HM_W uint64_t
#define HM_BLOCK KARX_LSH512_BLOCK_BYTES
#define HM_KERNELS karx_lsh512_kernels
#define HM_STORE karx_store64_le
#define HM_FN(name) hm512_##name
#include "hmac_many_lanes.h"

static int is256(int alg) { return alg == KARX_LSH256_224 || alg == KARX_LSH256_256; }

static karx_status msgs_args(uint8_t *tags, size_t tag_len, size_t d, const uint8_t *const *msgs,
                             const size_t *lens, size_t n)
{
    if (n != 0 && (tags == NULL || msgs == NULL || lens == NULL))
        return KARX_ERR_ARGUMENT;
    for (size_t i = 0; i < n; i++)
        if (msgs[i] == NULL && lens[i] != 0)
            return KARX_ERR_ARGUMENT;
    if (tag_len < d)
        return KARX_ERR_OUTPUT_LENGTH;
    return n > SIZE_MAX / tag_len ? KARX_ERR_DATA_LENGTH : KARX_OK;
}

karx_status karx_hmac_lsh_many_ctx(const karx_hmac_lsh_ctx *ctx, uint8_t *tags, size_t tag_len,
                                   const uint8_t *const *msgs, const size_t *lens, size_t n)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    const size_t d = karx_lsh_digest_bytes((karx_lsh_alg)ctx->alg);
    if (ctx->alg == 0 || d == 0)
        return KARX_ERR_STATE;
    const int narrow = is256(ctx->alg);
    /* The lanes start from bare chaining values: bytes held back in either state would be lost. */
    if (narrow ? ctx->inner.u.s256.buffered != 0 || ctx->outer.u.s256.buffered != 0
               : ctx->inner.u.s512.buffered != 0 || ctx->outer.u.s512.buffered != 0)
        return KARX_ERR_STATE;
    karx_status st = msgs_args(tags, tag_len, d, msgs, lens, n);
    if (st != KARX_OK || n == 0)
        return st;
    hm_keys hk = {NULL, NULL, d, tags, tag_len, msgs, lens, n};
    if (narrow) {
        hk.cv_in = ctx->inner.u.s256.cv;
        hk.cv_out = ctx->outer.u.s256.cv;
        hm256_run(karx_i_lsh256_kernels(), &hk);
    } else {
        hk.cv_in = ctx->inner.u.s512.cv;
        hk.cv_out = ctx->outer.u.s512.cv;
        hm512_run(karx_i_lsh512_kernels(), &hk);
    }
    return KARX_OK;
}

karx_status karx_hmac_lsh_many(karx_lsh_alg alg, const void *key, size_t key_len, uint8_t *tags,
                               size_t tag_len, const uint8_t *const *msgs, const size_t *lens,
                               size_t n)
{
    if (key == NULL && key_len != 0)
        return KARX_ERR_ARGUMENT;
    const size_t d = karx_lsh_digest_bytes(alg);
    karx_status st = msgs_args(tags, tag_len, d == 0 ? 1 : d, msgs, lens, n);
    if (st == KARX_OK && d == 0)
        st = KARX_ERR_UNKNOWN_ALGORITHM;
    if (st != KARX_OK)
        return st;
    karx_hmac_lsh_ctx ctx;
    st = karx_hmac_lsh_init(&ctx, alg, key, key_len);
    if (st == KARX_OK)
        st = karx_hmac_lsh_many_ctx(&ctx, tags, tag_len, msgs, lens, n);
    karx_hmac_lsh_ctx_wipe(&ctx);
    return st;
}
