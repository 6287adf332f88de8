/* The block-mode cipher context: new/free/dup, encrypt/decrypt init (key, IV, params) and the
 * context parameters (key and IV length, padding, IV, updated IV, num). Key and IV lengths are
 * fixed per algorithm: any other length is refused with an error, never truncated. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "prov_cipher.h"

void *karx_pc_newctx(void *provctx, const karx_pc_row *row)
{
    karx_pc_ctx *c = row ? karx_prov_ctx_new(provctx, sizeof *c) : NULL;
    if (c == NULL)
        return NULL;
    c->pc = provctx;
    c->row = row;
    c->padding = 1;
    return c;
}

void karx_pc_freectx(void *vctx)
{
    karx_prov_ctx_free(vctx, sizeof(karx_pc_ctx)); /* key, schedule, IV, held data */
}

void *karx_pc_dupctx(void *vctx)
{
    const karx_pc_ctx *src = vctx;
    /* the karx states are plain copyable structs: the copy forks */
    return karx_prov_ctx_dup(src->pc, src, sizeof *src);
}

/* Switches a running ECB/CBC stream's padding (the next update and final follow it). The one
 * place the provider writes a field of karx_cipher_ctx: cipher.h has no call for it. */
static void stream_set_padding(karx_cipher_ctx *s, int padding)
{
    s->padding = padding ? KARX_PAD_PKCS7 : KARX_PAD_NONE;
}

int karx_pc_restart(karx_pc_ctx *c, int padding)
{
    const karx_pc_row *r = c->row;
    karx_status st;
    c->live = c->fresh = 0;
    c->via = 0;
    if (!c->have_key || (!c->have_iv && r->iv_bytes != 0))
        return 1; /* not yet: the rest comes with a later init */
    if (r->xts && c->xts_scheduled) {
        c->live = c->fresh = 1; /* a new tweak for the same key (one init per sector) */
        return 1;
    }
    if (r->xts && karx_memcmp_ct(c->key, c->key + r->key_bytes / 2, r->key_bytes / 2) == 0) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT,
                      "XTS key: the data and tweak halves are equal (refused, FIPS 140-3 IG C.I)");
        return 0;
    }
    if (r->xts)
        st = karx_xts_set_key(&c->u.x, r->alg, c->key, r->key_bytes);
    else
        st = karx_cipher_init(&c->u.c, r->alg, r->mode, c->encrypt ? KARX_ENCRYPT : KARX_DECRYPT,
                              padding ? KARX_PAD_PKCS7 : KARX_PAD_NONE, c->key, r->key_bytes,
                              r->iv_bytes ? c->iv : NULL, r->iv_bytes);
    if (!karx_prov_ok(c->pc, st, r->xts ? "XTS key" : "cipher init"))
        return 0;
    memcpy(c->last_iv, c->iv, sizeof c->iv);
    c->xts_scheduled = r->xts;
    c->live = c->fresh = 1;
    return 1;
}

static int init(karx_pc_ctx *c, int enc, const unsigned char *key, size_t keylen,
                const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[])
{
    const karx_pc_row *r = c->row;
    c->encrypt = enc;
    c->live = c->fresh = 0;
    if (!karx_pc_set_ctx_params(c, params))
        return 0;
    if (key != NULL && keylen != r->key_bytes) {
        karx_prov_err(c->pc, KARX_PROV_R_KEY_LENGTH, "%zu bytes, this cipher takes %zu", keylen,
                      r->key_bytes);
        return 0;
    }
    /* ECB takes no IV: one given with length 0 (openssl enc -iv) is ignored */
    if (iv != NULL && ivlen != r->iv_bytes && !(r->iv_bytes == 0 && ivlen == 0)) {
        karx_prov_err(c->pc, KARX_PROV_R_IV_LENGTH, "%zu bytes, this mode takes %zu", ivlen,
                      r->iv_bytes);
        return 0;
    }
    if (key != NULL) {
        memcpy(c->key, key, keylen);
        c->have_key = 1;
        c->xts_scheduled = 0;
    }
    if (iv != NULL && r->iv_bytes != 0) {
        memcpy(c->iv, iv, ivlen);
        c->have_iv = 1;
    }
    return karx_pc_restart(c, c->padding);
}

int karx_pc_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                  size_t ivlen, const OSSL_PARAM params[])
{
    return init(vctx, 1, key, keylen, iv, ivlen, params);
}

int karx_pc_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                  size_t ivlen, const OSSL_PARAM params[])
{
    return init(vctx, 0, key, keylen, iv, ivlen, params);
}

/* ---- context parameters ---- */

static const OSSL_PARAM gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
    OSSL_PARAM_END};

KARX_PROV_PARAM_LIST_FN(karx_pc_gettable_ctx_params, gettable)
KARX_PROV_PARAM_LIST_FN(karx_pc_settable_ctx_params, settable)

/* Keystream bytes of the current block already used (OpenSSL's "num"), from the karx stream
 * state: CTR/OFB count what is left of the block, CFB what is done of the segment. */
static unsigned num_of(const karx_pc_ctx *c)
{
    const karx_pc_row *r = c->row;
    if (!c->live || r->xts || r->mode == KARX_MODE_ECB || r->mode == KARX_MODE_CBC)
        return 0;
    size_t b = r->cipher_block, left = c->u.c.buffered;
    if (r->mode == KARX_MODE_CTR || r->mode == KARX_MODE_OFB)
        return (unsigned)((b - left) % b);
    return (unsigned)(left % b);
}

/* The chain / counter / register the next data continues from. */
static const uint8_t *updated_iv(const karx_pc_ctx *c)
{
    if (c->live && !c->row->xts && c->row->iv_bytes != 0)
        return c->u.c.reg;
    return c->live ? c->iv : c->last_iv;
}

int karx_pc_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    const karx_pc_ctx *c = vctx;
    const karx_pc_row *r = c->row;
    OSSL_PARAM *p;
    if (!karx_prov_put_size(params, OSSL_CIPHER_PARAM_KEYLEN, r->key_bytes) ||
        !karx_prov_put_size(params, OSSL_CIPHER_PARAM_IVLEN, r->iv_bytes) ||
        !karx_prov_put_uint(params, OSSL_CIPHER_PARAM_PADDING, (unsigned)c->padding) ||
        !karx_prov_put_uint(params, OSSL_CIPHER_PARAM_NUM, num_of(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) && !karx_prov_put_octets(p, c->iv, r->iv_bytes))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) &&
        !karx_prov_put_octets(p, updated_iv(c), r->iv_bytes))
        return 0;
    return 1;
}

/* A length parameter that may only restate the fixed value. */
static int fixed_len(const karx_pc_ctx *c, const OSSL_PARAM params[], const char *key,
                     size_t want, int reason)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, key);
    size_t v;
    if (p == NULL)
        return 1;
    if (!karx_prov_get_size(c->pc, p, &v))
        return 0;
    if (v != want) {
        karx_prov_err(c->pc, reason, "%zu bytes: this cipher's %s is fixed at %zu", v, key, want);
        return 0;
    }
    return 1;
}

static int set_padding(karx_pc_ctx *c, const OSSL_PARAM *p)
{
    unsigned v;
    if (!karx_prov_get_uint(c->pc, p, &v))
        return 0;
    int pad = v != 0;
    if (pad == c->padding)
        return 1;
    /* Accepted at any time, as OpenSSL's own ciphers do: EVP records the setting in its own flag
     * before it asks, and passes that flag on at the next init that makes a new context, so a
     * refusal here would leave EVP and the provider disagreeing. */
    c->padding = pad;
    if (!c->live)
        return 1; /* the karx stream takes it at init */
    if (c->fresh)
        return karx_pc_restart(c, pad);
    /* Mid-stream: what the stream holds back and its final follow the new setting from the next
     * call on (karx_pc_block_final flushes a block held for a padding check that is now off).
     * EVP_Cipher streams never pad, and XTS and the stream modes have no padding. */
    if (!c->row->xts && c->via != 2 &&
        (c->row->mode == KARX_MODE_ECB || c->row->mode == KARX_MODE_CBC))
        stream_set_padding(&c->u.c, pad);
    return 1;
}

/* num may only be restated: karx streams cannot jump within a block. */
static int set_num(karx_pc_ctx *c, const OSSL_PARAM *p)
{
    unsigned v;
    if (!karx_prov_get_uint(c->pc, p, &v))
        return 0;
    if (v != num_of(c)) {
        karx_prov_err(c->pc, KARX_PROV_R_UNSUPPORTED, "setting num (%u) is not supported", v);
        return 0;
    }
    return 1;
}

int karx_pc_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    karx_pc_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (params == NULL)
        return 1;
    if (!fixed_len(c, params, OSSL_CIPHER_PARAM_KEYLEN, c->row->key_bytes, KARX_PROV_R_KEY_LENGTH) ||
        !fixed_len(c, params, OSSL_CIPHER_PARAM_IVLEN, c->row->iv_bytes, KARX_PROV_R_IV_LENGTH))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING)) && !set_padding(c, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_NUM)) && !set_num(c, p))
        return 0;
    return 1;
}
