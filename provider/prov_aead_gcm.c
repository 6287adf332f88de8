/* GCM contexts of the provider: EVP's AEAD interface (as OpenSSL's AES-GCM answers it) over
 * karx's streaming GCM (karx/gcm.h). AAD is an update with out == NULL, data any number of
 * updates at any split; the final call computes the tag (encryption) or checks the tag set with
 * EVP_CTRL_AEAD_SET_TAG (decryption), failing with an error on a mismatch. */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "karx/gcm.h"
#include "prov_aead.h"

enum { IV_NONE, IV_BUFFERED, IV_RUNNING, IV_FINISHED };

typedef struct gcm_ctx {
    karx_aead_base b; /* first: the generic layer's view (mode, provider, row, direction) */
    karx_gcm_key key; /* scheduled once per key; each message starts from it */
    karx_gcm_ctx st;  /* the running message */
    uint8_t iv[KARX_AEAD_GCM_IV_MAX];
    uint8_t tag[KARX_GCM_TAG_MAX_BYTES]; /* decryption: expected; encryption: computed */
    size_t ivlen, taglen;
    int iv_state;
    int tag_given; /* decryption: the application set the tag this message is checked against */
} gcm_ctx;

static void gcm_defaults(void *vctx)
{
    gcm_ctx *c = vctx;
    c->ivlen = KARX_AEAD_GCM_IV_DEFAULT;
}

static int gcm_set_iv(void *vctx, const unsigned char *iv, size_t ivlen)
{
    gcm_ctx *c = vctx;
    karx_gcm_ctx_wipe(&c->st); /* a message in progress is abandoned */
    if (c->iv_state == IV_RUNNING)
        c->iv_state = IV_FINISHED; /* its IV is spent: a new one is needed */
    if (iv == NULL)
        return 1;
    if (ivlen == 0 || ivlen > KARX_AEAD_GCM_IV_MAX) {
        karx_prov_err(c->b.pc, KARX_PROV_R_IV_LENGTH, "GCM iv of %zu bytes (1..%d)", ivlen,
                      KARX_AEAD_GCM_IV_MAX);
        return 0;
    }
    memcpy(c->iv, iv, ivlen);
    c->ivlen = ivlen;
    c->iv_state = IV_BUFFERED;
    c->b.tag_ready = 0;
    return 1;
}

static karx_status gcm_set_key(void *vctx, const unsigned char *key, size_t keylen)
{
    gcm_ctx *c = vctx;
    return karx_gcm_set_key(&c->key, c->b.row->alg, key, keylen);
}

/* Starts the message on first use: the key and the IV may come in separate init calls. */
static int gcm_start(gcm_ctx *c)
{
    if (!c->b.key_set || c->iv_state == IV_NONE || c->iv_state == IV_FINISHED) {
        karx_prov_err(c->b.pc, KARX_PROV_R_NOT_INITIALIZED, "%s",
                      !c->b.key_set ? "no key set" : "no fresh iv set (each message needs its own)");
        return 0;
    }
    if (c->iv_state == IV_RUNNING)
        return 1;
    karx_status st = karx_gcm_init_key(&c->st, &c->key, c->b.enc, c->iv, c->ivlen);
    if (!karx_prov_ok(c->b.pc, st, "GCM iv"))
        return 0;
    c->iv_state = IV_RUNNING;
    return 1;
}

static int gcm_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl)
{
    gcm_ctx *c = vctx;
    if (!karx_prov_outl_start(c->b.pc, outl))
        return 0;
    if (in == NULL && inl != 0) {
        karx_prov_err(c->b.pc, KARX_PROV_R_BAD_ARGUMENT, "NULL input of %zu bytes", inl);
        return 0;
    }
    if (inl == 0)
        return 1;
    if (!karx_prov_out_room(c->b.pc, out, outsize, inl))
        return 0;
    if (!gcm_start(c))
        return 0;
    /* out == NULL: the input is AAD (it must all come before the data) */
    karx_status st = out == NULL ? karx_gcm_aad(&c->st, in, inl)
                                 : karx_gcm_update(&c->st, out, in, inl);
    if (!karx_prov_ok(c->b.pc, st, out == NULL ? "GCM aad" : "GCM update"))
        return 0;
    *outl = inl; /* OpenSSL reports the AAD length too */
    return 1;
}

static int gcm_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    gcm_ctx *c = vctx;
    (void)out;
    (void)outsize;
    if (!karx_prov_outl_start(c->b.pc, outl))
        return 0;
    if (!c->b.enc && !c->tag_given) {
        karx_prov_err(c->b.pc, KARX_PROV_R_TAG_LENGTH, "set the expected tag before the final call");
        return 0;
    }
    if (!gcm_start(c))
        return 0;
    c->iv_state = IV_FINISHED; /* never reuse this IV, whatever the outcome */
    karx_status st;
    if (c->b.enc) {
        st = karx_gcm_final(&c->st, c->tag, KARX_GCM_TAG_MAX_BYTES);
        c->b.tag_ready = st == KARX_OK;
        c->tag_given = 0;
        c->taglen = KARX_GCM_TAG_MAX_BYTES;
    } else {
        st = karx_gcm_final_verify(&c->st, c->tag, c->taglen);
        c->tag_given = 0; /* used up: the next message brings its own */
    }
    if (st != KARX_OK) {
        karx_gcm_ctx_wipe(&c->st);
        karx_prov_status_err(c->b.pc, st, c->b.enc ? "GCM final" : "GCM tag check");
        return 0;
    }
    return 1;
}

/* EVP_Cipher: in == NULL is the final call. */
static int gcm_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl)
{
    if (in == NULL)
        return gcm_final(vctx, out, outl, outsize);
    return gcm_update(vctx, out, outl, outsize, in, inl);
}

/* ---- parameters ---- */

static int gcm_set_tag(void *vctx, const OSSL_PARAM *p)
{
    gcm_ctx *c = vctx;
    if (c->b.enc) {
        karx_prov_err(c->b.pc, KARX_PROV_R_BAD_PARAM, "an encryption computes its tag: none to set");
        return 0;
    }
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data == NULL ||
        !karx_gcm_tag_len_ok(p->data_size)) {
        karx_prov_err(c->b.pc, KARX_PROV_R_TAG_LENGTH,
                      "GCM tag of %zu bytes (4, 8 or 12..16, as an octet string)", p->data_size);
        return 0;
    }
    memcpy(c->tag, p->data, p->data_size);
    c->taglen = p->data_size;
    c->tag_given = 1;
    c->b.tag_ready = 0;
    return 1;
}

static int gcm_set_ivlen(void *vctx, const OSSL_PARAM *p)
{
    gcm_ctx *c = vctx;
    size_t n;
    if (!OSSL_PARAM_get_size_t(p, &n) || n == 0 || n > KARX_AEAD_GCM_IV_MAX) {
        karx_prov_err(c->b.pc, KARX_PROV_R_IV_LENGTH, "GCM iv length must be 1..%d",
                      KARX_AEAD_GCM_IV_MAX);
        return 0;
    }
    if (n != c->ivlen) {
        c->ivlen = n; /* an IV of the old length no longer applies */
        if (c->iv_state != IV_NONE)
            c->iv_state = IV_FINISHED;
        karx_gcm_ctx_wipe(&c->st);
    }
    return 1;
}

static int gcm_get_tag(void *vctx, OSSL_PARAM *p)
{
    gcm_ctx *c = vctx;
    /* a shorter tag is the leading bytes of the full one (SP 800-38D) */
    if (p->data_type != OSSL_PARAM_OCTET_STRING || !karx_gcm_tag_len_ok(p->data_size)) {
        karx_prov_err(c->b.pc, KARX_PROV_R_TAG_LENGTH, "GCM tag of %zu bytes (4, 8 or 12..16)",
                      p->data_size);
        return 0;
    }
    return OSSL_PARAM_set_octet_string(p, c->tag, p->data_size);
}

static size_t gcm_ivlen(const void *vctx)
{
    return ((const gcm_ctx *)vctx)->ivlen;
}

static size_t gcm_taglen(const void *vctx)
{
    const gcm_ctx *c = vctx;
    return c->taglen ? c->taglen : KARX_GCM_TAG_MAX_BYTES;
}

static const unsigned char *gcm_iv(const void *vctx)
{
    const gcm_ctx *c = vctx;
    return c->iv_state == IV_NONE ? NULL : c->iv;
}

const karx_aead_mode karx_aead_gcm_mode = {
    .name = "GCM",
    .evp_mode = EVP_CIPH_GCM_MODE,
    .iv_default = KARX_AEAD_GCM_IV_DEFAULT,
    .ctx_size = sizeof(gcm_ctx),
    .defaults = gcm_defaults,
    .cleanup = NULL, /* all by value: the copy forks the stream */
    .dup_owned = NULL,
    .set_iv = gcm_set_iv,
    .set_key = gcm_set_key,
    .key_what = "GCM key",
    .update = gcm_update,
    .final = gcm_final,
    .cipher = gcm_cipher,
    .set_tag = gcm_set_tag,
    .set_ivlen = gcm_set_ivlen,
    .get_tag = gcm_get_tag,
    .ivlen = gcm_ivlen,
    .taglen = gcm_taglen,
    .iv = gcm_iv,
    .no_iv = "no iv set",
};
