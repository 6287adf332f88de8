/* GCM contexts of the provider: EVP's AEAD interface (as OpenSSL's AES-GCM answers it) over
 * karx's streaming GCM (karx/gcm.h). AAD is an update with out == NULL, data any number of
 * updates at any split; the final call computes the tag (encryption) or checks the tag set with
 * EVP_CTRL_AEAD_SET_TAG (decryption), failing with an error on a mismatch. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "karx/gcm.h"
#include "prov_aead.h"

enum { IV_NONE, IV_BUFFERED, IV_RUNNING, IV_FINISHED };

typedef struct gcm_ctx {
    karx_prov_ctx *pc;
    const karx_aead_row *row;
    karx_gcm_key key; /* scheduled once per key; each message starts from it */
    karx_gcm_ctx st;  /* the running message */
    uint8_t iv[KARX_AEAD_GCM_IV_MAX];
    uint8_t tag[KARX_GCM_TAG_MAX_BYTES]; /* decryption: expected; encryption: computed */
    size_t ivlen, taglen;
    int key_set, iv_state, enc;
    int tag_given; /* decryption: the application set the tag this message is checked against */
    int tag_ready; /* encryption: the tag of the last message is in tag */
} gcm_ctx;

void *karx_aead_gcm_newctx(karx_prov_ctx *pc, const karx_aead_row *row)
{
    gcm_ctx *c = calloc(1, sizeof *c);
    if (c == NULL) {
        karx_prov_err(pc, KARX_PROV_R_INTERNAL, "out of memory");
        return NULL;
    }
    c->pc = pc;
    c->row = row;
    c->ivlen = KARX_AEAD_GCM_IV_DEFAULT;
    return c;
}

static void gcm_freectx(void *vctx)
{
    if (vctx == NULL)
        return;
    karx_memzero(vctx, sizeof(gcm_ctx)); /* key, H powers, counter, tag */
    free(vctx);
}

static void *gcm_dupctx(void *vctx)
{
    gcm_ctx *c = vctx, *d = malloc(sizeof *d);
    if (d == NULL) {
        karx_prov_err(c->pc, KARX_PROV_R_INTERNAL, "out of memory");
        return NULL;
    }
    memcpy(d, c, sizeof *d); /* all by value: the copy forks the stream */
    return d;
}

static int gcm_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int gcm_init(gcm_ctx *c, const unsigned char *key, size_t keylen, const unsigned char *iv,
                    size_t ivlen, const OSSL_PARAM params[], int enc)
{
    c->enc = enc;
    karx_gcm_ctx_wipe(&c->st); /* a message in progress is abandoned */
    if (c->iv_state == IV_RUNNING)
        c->iv_state = IV_FINISHED; /* its IV is spent: a new one is needed */
    if (iv != NULL) {
        if (ivlen == 0 || ivlen > KARX_AEAD_GCM_IV_MAX) {
            karx_prov_err(c->pc, KARX_PROV_R_IV_LENGTH, "GCM iv of %zu bytes (1..%d)", ivlen,
                          KARX_AEAD_GCM_IV_MAX);
            return 0;
        }
        memcpy(c->iv, iv, ivlen);
        c->ivlen = ivlen;
        c->iv_state = IV_BUFFERED;
        c->tag_ready = 0;
    }
    if (key != NULL) {
        if (keylen != c->row->key_bytes) {
            karx_prov_err(c->pc, KARX_PROV_R_KEY_LENGTH, "key of %zu bytes, this cipher takes %zu",
                          keylen, c->row->key_bytes);
            return 0;
        }
        karx_status st = karx_gcm_set_key(&c->key, c->row->alg, key, keylen);
        c->key_set = st == KARX_OK;
        if (st != KARX_OK) {
            karx_prov_status_err(c->pc, st, "GCM key");
            return 0;
        }
    }
    return gcm_set_ctx_params(c, params);
}

static int gcm_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                     size_t ivlen, const OSSL_PARAM params[])
{
    return gcm_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int gcm_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,
                     size_t ivlen, const OSSL_PARAM params[])
{
    return gcm_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* Starts the message on first use: the key and the IV may come in separate init calls. */
static int gcm_start(gcm_ctx *c)
{
    if (!c->key_set || c->iv_state == IV_NONE || c->iv_state == IV_FINISHED) {
        karx_prov_err(c->pc, KARX_PROV_R_NOT_INITIALIZED, "%s",
                      !c->key_set ? "no key set" : "no fresh iv set (each message needs its own)");
        return 0;
    }
    if (c->iv_state == IV_RUNNING)
        return 1;
    karx_status st = karx_gcm_init_key(&c->st, &c->key, c->enc, c->iv, c->ivlen);
    if (st != KARX_OK) {
        karx_prov_status_err(c->pc, st, "GCM iv");
        return 0;
    }
    c->iv_state = IV_RUNNING;
    return 1;
}

static int gcm_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl)
{
    gcm_ctx *c = vctx;
    if (outl == NULL || (in == NULL && inl != 0)) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT, "NULL input or output length");
        return 0;
    }
    *outl = 0;
    if (inl == 0)
        return 1;
    if (out != NULL && outsize < inl) {
        karx_prov_err(c->pc, KARX_PROV_R_OUTPUT_TOO_SMALL, "%zu bytes for %zu", outsize, inl);
        return 0;
    }
    if (!gcm_start(c))
        return 0;
    /* out == NULL: the input is AAD (it must all come before the data) */
    karx_status st = out == NULL ? karx_gcm_aad(&c->st, in, inl)
                                 : karx_gcm_update(&c->st, out, in, inl);
    if (st != KARX_OK) {
        karx_prov_status_err(c->pc, st, out == NULL ? "GCM aad" : "GCM update");
        return 0;
    }
    *outl = inl; /* OpenSSL reports the AAD length too */
    return 1;
}

static int gcm_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    gcm_ctx *c = vctx;
    (void)out;
    (void)outsize;
    if (outl == NULL) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT, "NULL output length");
        return 0;
    }
    *outl = 0;
    if (!c->enc && !c->tag_given) {
        karx_prov_err(c->pc, KARX_PROV_R_TAG_LENGTH, "set the expected tag before the final call");
        return 0;
    }
    if (!gcm_start(c))
        return 0;
    c->iv_state = IV_FINISHED; /* never reuse this IV, whatever the outcome */
    karx_status st;
    if (c->enc) {
        st = karx_gcm_final(&c->st, c->tag, KARX_GCM_TAG_MAX_BYTES);
        c->tag_ready = st == KARX_OK;
        c->tag_given = 0;
        c->taglen = KARX_GCM_TAG_MAX_BYTES;
    } else {
        st = karx_gcm_final_verify(&c->st, c->tag, c->taglen);
        c->tag_given = 0; /* used up: the next message brings its own */
    }
    if (st != KARX_OK) {
        karx_gcm_ctx_wipe(&c->st);
        karx_prov_status_err(c->pc, st, c->enc ? "GCM final" : "GCM tag check");
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

static int set_tag(gcm_ctx *c, const OSSL_PARAM *p)
{
    if (c->enc) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_PARAM, "an encryption computes its tag: none to set");
        return 0;
    }
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data == NULL ||
        !karx_gcm_tag_len_ok(p->data_size)) {
        karx_prov_err(c->pc, KARX_PROV_R_TAG_LENGTH,
                      "GCM tag of %zu bytes (4, 8 or 12..16, as an octet string)", p->data_size);
        return 0;
    }
    memcpy(c->tag, p->data, p->data_size);
    c->taglen = p->data_size;
    c->tag_given = 1;
    c->tag_ready = 0;
    return 1;
}

static int set_ivlen(gcm_ctx *c, const OSSL_PARAM *p)
{
    size_t n;
    if (!OSSL_PARAM_get_size_t(p, &n) || n == 0 || n > KARX_AEAD_GCM_IV_MAX) {
        karx_prov_err(c->pc, KARX_PROV_R_IV_LENGTH, "GCM iv length must be 1..%d",
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

static int gcm_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    gcm_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (params == NULL)
        return 1;
    if (karx_aead_refuse_tls(c->pc, params))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) && !set_tag(c, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN)) && !set_ivlen(c, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
        !karx_aead_check_keylen(c->pc, p, c->row->key_bytes))
        return 0;
    return 1;
}

static int get_tag(gcm_ctx *c, OSSL_PARAM *p)
{
    if (!c->enc || !c->tag_ready) {
        karx_prov_err(c->pc, KARX_PROV_R_NOT_INITIALIZED, "no tag yet: finish an encryption first");
        return 0;
    }
    /* a shorter tag is the leading bytes of the full one (SP 800-38D) */
    if (p->data_type != OSSL_PARAM_OCTET_STRING || !karx_gcm_tag_len_ok(p->data_size)) {
        karx_prov_err(c->pc, KARX_PROV_R_TAG_LENGTH, "GCM tag of %zu bytes (4, 8 or 12..16)",
                      p->data_size);
        return 0;
    }
    return OSSL_PARAM_set_octet_string(p, c->tag, p->data_size);
}

static int put_size(OSSL_PARAM params[], const char *key, size_t v)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    return p == NULL || OSSL_PARAM_set_size_t(p, v);
}

static int gcm_get_iv(gcm_ctx *c, OSSL_PARAM params[], const char *key)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    if (p == NULL)
        return 1;
    if (c->iv_state == IV_NONE) {
        karx_prov_err(c->pc, KARX_PROV_R_NOT_INITIALIZED, "no iv set");
        return 0;
    }
    return karx_aead_put_iv(c->pc, p, c->iv, c->ivlen);
}

static int gcm_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    gcm_ctx *c = vctx;
    OSSL_PARAM *p;
    if (karx_aead_refuse_tls_get(c->pc, params))
        return 0;
    if (!put_size(params, OSSL_CIPHER_PARAM_IVLEN, c->ivlen) ||
        !put_size(params, OSSL_CIPHER_PARAM_KEYLEN, c->row->key_bytes) ||
        !put_size(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN,
                  c->taglen ? c->taglen : KARX_GCM_TAG_MAX_BYTES)) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_PARAM, "cannot write a length parameter");
        return 0;
    }
    if (!gcm_get_iv(c, params, OSSL_CIPHER_PARAM_IV) ||
        !gcm_get_iv(c, params, OSSL_CIPHER_PARAM_UPDATED_IV))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG)) && !get_tag(c, p))
        return 0;
    return 1;
}

const OSSL_DISPATCH karx_aead_gcm_functions[] = {
    {OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))gcm_freectx},
    {OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))gcm_dupctx},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))gcm_einit},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))gcm_dinit},
    {OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))gcm_update},
    {OSSL_FUNC_CIPHER_FINAL, (void (*)(void))gcm_final},
    {OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))gcm_cipher},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))gcm_get_ctx_params},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))gcm_set_ctx_params},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))karx_aead_gettable_ctx_params},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))karx_aead_settable_ctx_params},
    {0, NULL}};
