/* CCM contexts of the provider: EVP's CCM interface (as OpenSSL's AES-CCM answers it) over
 * karx's one-shot CCM (karx/ccm.h). The order OpenSSL sets for CCM: nonce and tag lengths, key
 * and nonce, the total payload length (update with in == out == NULL), the AAD (update with
 * out == NULL), then the whole payload in ONE update. Decryption checks the tag in that update,
 * before any plaintext is written (karx_ccm_open): a forgery fails there, with the output zeroed.
 * The AAD is kept until the payload arrives, so it may also come in several pieces. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "karx/ccm.h"
#include "prov_aead.h"

typedef struct ccm_ctx {
    karx_aead_base b; /* first: the generic layer's view (mode, provider, row, direction) */
    karx_cipher_key key;
    uint8_t nonce[KARX_CCM_NONCE_MAX_BYTES];
    uint8_t tag[KARX_CCM_TAG_MAX_BYTES]; /* decryption: expected; encryption: computed */
    size_t nonce_len, tag_len;
    uint8_t *aad;                        /* the message's AAD so far */
    size_t aad_len, aad_cap;
    uint64_t msg_len;                    /* the declared payload length (when len_set) */
    int iv_set, len_set;
    int tag_given; /* decryption: the application set the tag */
    int done;      /* the payload of this nonce's message went through */
    int failed;    /* ... and its tag did not match */
} ccm_ctx;

static void ccm_defaults(void *vctx)
{
    ccm_ctx *c = vctx;
    c->nonce_len = KARX_AEAD_CCM_NONCE_DEFAULT;
    c->tag_len = KARX_AEAD_CCM_TAG_DEFAULT;
}

static void drop_aad(ccm_ctx *c)
{
    if (c->aad != NULL)
        karx_memzero(c->aad, c->aad_cap);
    free(c->aad);
    c->aad = NULL;
    c->aad_len = c->aad_cap = 0;
}

static void ccm_cleanup(void *vctx)
{
    drop_aad(vctx); /* the rest (key schedule, tag) is wiped with the context */
}

static int ccm_dup_owned(void *vdst, const void *vsrc)
{
    ccm_ctx *d = vdst;
    const ccm_ctx *c = vsrc;
    uint8_t *aad = c->aad_cap != 0 ? malloc(c->aad_cap) : NULL;
    if (c->aad_cap != 0 && aad == NULL) {
        karx_prov_err(c->b.pc, KARX_PROV_R_INTERNAL, "out of memory");
        return 0;
    }
    if (aad != NULL && c->aad_len != 0)
        memcpy(aad, c->aad, c->aad_len);
    d->aad = aad; /* its own copy: either context may go on alone */
    return 1;
}

/* A new nonce starts a new message. */
static void new_message(ccm_ctx *c)
{
    drop_aad(c);
    c->len_set = c->done = c->failed = c->b.tag_ready = 0;
}

static int ccm_set_iv(void *vctx, const unsigned char *iv, size_t ivlen)
{
    ccm_ctx *c = vctx;
    if (iv == NULL)
        return 1;
    if (ivlen != c->nonce_len) {
        karx_prov_err(c->b.pc, KARX_PROV_R_IV_LENGTH,
                      "CCM nonce of %zu bytes where %zu are set (EVP_CTRL_AEAD_SET_IVLEN: 7..13)",
                      ivlen, c->nonce_len);
        return 0;
    }
    memcpy(c->nonce, iv, ivlen);
    c->iv_set = 1;
    new_message(c);
    return 1;
}

static karx_status ccm_set_key(void *vctx, const unsigned char *key, size_t keylen)
{
    ccm_ctx *c = vctx;
    return karx_cipher_set_key(&c->key, c->b.row->alg, key, keylen);
}

/* Key and nonce set, and this nonce's message not yet processed. */
static int ready(ccm_ctx *c)
{
    if (c->b.key_set && c->iv_set && !c->done)
        return 1;
    karx_prov_err(c->b.pc, KARX_PROV_R_NOT_INITIALIZED, "%s",
                  !c->b.key_set ? "no key set"
                              : "no fresh nonce set (each CCM message needs its own init)");
    return 0;
}

static int declare_len(ccm_ctx *c, size_t len)
{
    if (len > karx_ccm_max_payload_bytes(c->nonce_len)) {
        karx_prov_err(c->b.pc, KARX_PROV_R_DATA_LENGTH,
                      "%zu bytes: a %zu-byte nonce allows at most %zu", len, c->nonce_len,
                      karx_ccm_max_payload_bytes(c->nonce_len));
        return 0;
    }
    c->msg_len = len;
    c->len_set = 1;
    return 1;
}

static int add_aad(ccm_ctx *c, const unsigned char *in, size_t len)
{
    if (len == 0)
        return 1;
    if (!c->len_set) { /* as OpenSSL: the length goes into the first block, before the AAD */
        karx_prov_err(c->b.pc, KARX_PROV_R_NOT_INITIALIZED,
                      "CCM needs the total payload length (update with in = out = NULL) before the AAD");
        return 0;
    }
    if (len > SIZE_MAX - c->aad_len) {
        karx_prov_err(c->b.pc, KARX_PROV_R_DATA_LENGTH, "AAD too long");
        return 0;
    }
    if (c->aad_len + len > c->aad_cap) {
        size_t cap = c->aad_len + len > SIZE_MAX / 2 ? c->aad_len + len : 2 * (c->aad_len + len);
        uint8_t *n = malloc(cap);
        if (n == NULL) {
            karx_prov_err(c->b.pc, KARX_PROV_R_INTERNAL, "out of memory");
            return 0;
        }
        size_t have = c->aad_len;
        if (have)
            memcpy(n, c->aad, have);
        drop_aad(c);
        c->aad = n;
        c->aad_len = have;
        c->aad_cap = cap;
    }
    memcpy(c->aad + c->aad_len, in, len);
    c->aad_len += len;
    return 1;
}

/* The whole payload: seal, or verify-then-decrypt (no plaintext released on a forgery). */
static int run_payload(ccm_ctx *c, unsigned char *out, const unsigned char *in, size_t len)
{
    if (c->len_set && c->msg_len != len) {
        karx_prov_err(c->b.pc, KARX_PROV_R_DATA_LENGTH,
                      "CCM takes the payload in one update: %llu bytes declared, %zu given",
                      (unsigned long long)c->msg_len, len);
        return 0;
    }
    if (!c->b.enc && !c->tag_given) {
        karx_prov_err(c->b.pc, KARX_PROV_R_TAG_LENGTH, "set the expected tag before the payload");
        return 0;
    }
    karx_status st = c->b.enc ? karx_ccm_seal(&c->key, c->nonce, c->nonce_len, out, c->tag,
                                            c->tag_len, in, len, c->aad, c->aad_len)
                            : karx_ccm_open(&c->key, c->nonce, c->nonce_len, out, c->tag,
                                            c->tag_len, in, len, c->aad, c->aad_len);
    if (st == KARX_ERR_ARGUMENT || st == KARX_ERR_DATA_LENGTH || st == KARX_ERR_IV_LENGTH) {
        karx_prov_status_err(c->b.pc, st, "CCM"); /* nothing written: the message may be retried */
        return 0;
    }
    c->done = 1; /* this nonce is used */
    c->b.tag_ready = c->b.enc && st == KARX_OK;
    c->failed = st != KARX_OK;
    c->tag_given = 0;
    drop_aad(c);
    return karx_prov_ok(c->b.pc, st, c->b.enc ? "CCM encrypt" : "CCM tag check");
}

static int ccm_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl)
{
    ccm_ctx *c = vctx;
    if (!karx_prov_outl_start(c->b.pc, outl))
        return 0;
    if (in == NULL && out != NULL) /* as OpenSSL: no input and an output is the final call */
        return 1;
    if (!karx_prov_out_room(c->b.pc, out, outsize, inl))
        return 0;
    if (!ready(c))
        return 0;
    int ok = in == NULL    ? declare_len(c, inl)
             : out == NULL ? add_aad(c, in, inl)
                           : run_payload(c, out, in, inl);
    if (ok)
        *outl = inl;
    return ok;
}

/* Nothing to output. Fails after a forged message (even if the update's failure was ignored);
 * processes a message whose payload is empty and was never passed (AAD only). */
static int ccm_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    ccm_ctx *c = vctx;
    (void)outsize;
    if (!karx_prov_outl_start(c->b.pc, outl))
        return 0;
    if (c->done && c->failed) {
        karx_prov_err(c->b.pc, KARX_PROV_R_TAG_MISMATCH, "CCM: the message was not authentic");
        return 0;
    }
    if (c->done)
        return 1;
    if (!ready(c))
        return 0;
    if (c->len_set && c->msg_len != 0) {
        karx_prov_err(c->b.pc, KARX_PROV_R_DATA_LENGTH, "CCM: the declared payload never came");
        return 0;
    }
    static const unsigned char none[1];
    return run_payload(c, out, none, 0);
}

/* ---- parameters ---- */

static int ccm_set_tag(void *vctx, const OSSL_PARAM *p)
{
    ccm_ctx *c = vctx;
    size_t n = p->data_size;
    if (p->data_type != OSSL_PARAM_OCTET_STRING || n < 4 || n > 16 || (n & 1)) {
        karx_prov_err(c->b.pc, KARX_PROV_R_TAG_LENGTH,
                      "CCM tag of %zu bytes (4, 6, ..., 16, as an octet string)", n);
        return 0;
    }
    if (p->data != NULL) { /* NULL: the length alone (encryption) */
        if (c->b.enc) {
            karx_prov_err(c->b.pc, KARX_PROV_R_BAD_PARAM,
                          "an encryption computes its tag: set only its length (NULL data)");
            return 0;
        }
        memcpy(c->tag, p->data, n);
        c->tag_given = 1;
    }
    if (n != c->tag_len)
        c->b.tag_ready = 0; /* a computed tag of the old length is not the one asked for now */
    c->tag_len = n;
    return 1;
}

static int ccm_set_nonce_len(void *vctx, const OSSL_PARAM *p)
{
    ccm_ctx *c = vctx;
    size_t n;
    if (!OSSL_PARAM_get_size_t(p, &n) || n < KARX_CCM_NONCE_MIN_BYTES ||
        n > KARX_CCM_NONCE_MAX_BYTES) {
        karx_prov_err(c->b.pc, KARX_PROV_R_IV_LENGTH, "CCM nonce length must be 7..13");
        return 0;
    }
    if (n != c->nonce_len) {
        c->nonce_len = n;
        c->iv_set = 0; /* a nonce of the old length no longer applies */
    }
    return 1;
}

static int ccm_get_tag(void *vctx, OSSL_PARAM *p)
{
    ccm_ctx *c = vctx;
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != c->tag_len) {
        karx_prov_err(c->b.pc, KARX_PROV_R_TAG_LENGTH, "asked for %zu tag bytes, the tag has %zu",
                      p->data_size, c->tag_len);
        return 0;
    }
    if (!OSSL_PARAM_set_octet_string(p, c->tag, c->tag_len))
        return 0;
    c->b.tag_ready = 0; /* as OpenSSL: once read, the next message needs a new nonce */
    c->iv_set = 0;
    return 1;
}

static size_t ccm_nonce_len(const void *vctx)
{
    return ((const ccm_ctx *)vctx)->nonce_len;
}

static size_t ccm_tag_len(const void *vctx)
{
    return ((const ccm_ctx *)vctx)->tag_len;
}

static const unsigned char *ccm_nonce(const void *vctx)
{
    const ccm_ctx *c = vctx;
    return c->iv_set ? c->nonce : NULL;
}

const karx_aead_mode karx_aead_ccm_mode = {
    .name = "CCM",
    .evp_mode = EVP_CIPH_CCM_MODE,
    .iv_default = KARX_AEAD_CCM_NONCE_DEFAULT,
    .ctx_size = sizeof(ccm_ctx),
    .defaults = ccm_defaults,
    .cleanup = ccm_cleanup,
    .dup_owned = ccm_dup_owned,
    .set_iv = ccm_set_iv,
    .set_key = ccm_set_key,
    .key_what = "CCM key",
    .update = ccm_update,
    .final = ccm_final,
    .cipher = ccm_update, /* EVP_Cipher is an update: in == NULL with out set is the final call */
    .set_tag = ccm_set_tag,
    .set_ivlen = ccm_set_nonce_len,
    .get_tag = ccm_get_tag,
    .ivlen = ccm_nonce_len,
    .taglen = ccm_tag_len,
    .iv = ccm_nonce,
    .no_iv = "no nonce set",
};
