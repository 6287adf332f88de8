/* karx's ciphers answer EVP's calls as OpenSSL's own AES does: the same call sequence is run on a
 * karx cipher and on the default provider's AES in the same mode, and every return code, length
 * and written-or-not is compared.
 *  - padding: EVP_CIPHER_CTX_set_padding at any time (before data, mid-stream, after final),
 *    followed by more data, final, and re-inits with and without the cipher; EVP's own
 *    EVP_CIPH_NO_PADDING flag and the provider's padding parameter must agree after every step.
 *    (The bug: karx refused the call after data, but EVP had already recorded it and applied it
 *    at the next init that made a new provider context, so a padded message decrypted to its
 *    padding included and a corrupt pad passed.) Every mode, both directions, and EVP_Cipher.
 *  - GCM / CCM: every AEAD control OpenSSL defines (EVP_CTRL_AEAD_SET_IVLEN, GET_IVLEN, SET_TAG,
 *    GET_TAG, SET_IV_FIXED, GCM_IV_GEN, GCM_SET_IV_INV, AEAD_TLS1_AAD, CCM_SET_L,
 *    CCM_SET_MSGLEN, SET_KEY_LENGTH, AEAD_SET_MAC_KEY) with several arguments, at each state
 *    (cipher only, key, key + IV, AAD, data, final, after SET_IV_FIXED) in both directions, for
 *    LEA-128-GCM / AES-128-GCM, LEA-128-CCM / AES-128-CCM and CHAM-128-256-GCM / AES-256-GCM:
 *    the control's return code, the return codes of the rest of the message after it, and the
 *    bytes the control wrote. The first answer that differs in a case is looked up in
 *    `deliberate` (the differences docs/OPENSSL.md lists): any other fails the test, and so does
 *    a listed one that no longer occurs. The TLS set (IV_FIXED, IV_GEN, SET_IV_INV, TLS1_AAD)
 *    must be refused by karx in every state, with nothing written. (The bug: IV_GEN returned 1
 *    and wrote nothing.) KARX_TEST_VERBOSE=1 prints every case that differs.
 * usage: test_ossl_vs_aes MODULES_DIR KAT_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "ossl_test.h"

static OSSL_LIB_CTX *libctx;

static EVP_CIPHER *fetch(const char *name, const char *prov)
{
    char q[64];
    snprintf(q, sizeof q, "provider=%s", prov);
    EVP_CIPHER *c = EVP_CIPHER_fetch(libctx, name, q);
    CHECK(c != NULL, "fetch %s from %s", name, prov);
    return c;
}

/* Fixed bytes (not the seeded generator): a tag byte can never happen to equal a sentinel by
 * the luck of a seed, so every answer below is the same on every run. */
static void pattern(uint8_t *p, size_t n, unsigned k)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(k * 31u + i * 7u + 1u);
}

/* ---- a trace: what one call sequence answered, compared item by item ---- */

enum { TRACE_MAX = 128 };
typedef struct {
    int v[TRACE_MAX];
    const char *what[TRACE_MAX];
    int n;
} trace;

static void rec(trace *t, const char *what, int v)
{
    if (t->n >= TRACE_MAX) {
        CHECK(0, "trace full at %s", what);
        return;
    }
    t->what[t->n] = what;
    t->v[t->n++] = v;
}

/* 1 when EVP's padding flag and the provider's padding parameter say the same. */
static int padding_agrees(EVP_CIPHER_CTX *ctx)
{
    unsigned pad = 7;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_PADDING, &pad),
                      OSSL_PARAM_construct_end()};
    int evp_off = EVP_CIPHER_CTX_test_flags(ctx, EVP_CIPH_NO_PADDING) != 0;
    int mode = EVP_CIPHER_CTX_get_mode(ctx);
    if (mode != EVP_CIPH_ECB_MODE && mode != EVP_CIPH_CBC_MODE)
        return 1; /* padding means nothing there (AES-XTS keeps 1 whatever EVP's flag says) */
    if (!EVP_CIPHER_CTX_get_params(ctx, p) || !OSSL_PARAM_modified(p))
        return 0;
    return (pad == 0) == evp_off;
}

/* The first answer recorded under `what` (-1000 if none). */
static int at(const trace *t, const char *what)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->what[i], what))
            return t->v[i];
    return -1000;
}

static int compare(const char *label, const trace *a, const trace *k)
{
    int same = a->n == k->n;
    for (int i = 0; same && i < a->n; i++)
        if (a->v[i] != k->v[i]) {
            printf("  %s: step %d (%s): AES %d, karx %d\n", label, i, a->what[i], a->v[i],
                   k->v[i]);
            same = 0;
        }
    if (a->n != k->n)
        printf("  %s: AES took %d steps, karx %d\n", label, a->n, k->n);
    return same;
}

/* ---- padding ---- */

/* Encrypts (or decrypts) in[0..len) with padding `pad`, into out; returns the length or -1. */
static int crypt_all(const EVP_CIPHER *c, int enc, int pad, const uint8_t *key, const uint8_t *iv,
                     const uint8_t *in, int len, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, f = 0;
    int ok = ctx && EVP_CipherInit_ex2(ctx, c, key, iv, enc, NULL) &&
             EVP_CIPHER_CTX_set_padding(ctx, pad) && EVP_CipherUpdate(ctx, out, &n, in, len) &&
             EVP_CipherFinal_ex(ctx, out + n, &f);
    EVP_CIPHER_CTX_free(ctx);
    return ok ? n + f : -1;
}

/* The message with its PKCS#7 pad, as a decryption without padding gives it back. */
static void padded_message(uint8_t out[112])
{
    pattern(out, 100, 3);
    memset(out + 100, 12, 12);
}

/* Decrypts ct[0..len) on ctx (already initialised) in two pieces; answers and total go in t, and
 * whether the bytes out are `want` (when given). */
static void decrypt_rest(trace *t, EVP_CIPHER_CTX *ctx, const uint8_t *ct, int len, int cut,
                         const uint8_t *want)
{
    uint8_t out[256];
    int n1 = 0, n2 = 0, f = 0;
    rec(t, "update 1", EVP_DecryptUpdate(ctx, out, &n1, ct, cut));
    rec(t, "update 2", EVP_DecryptUpdate(ctx, out + n1, &n2, ct + cut, len - cut));
    rec(t, "final", EVP_DecryptFinal_ex(ctx, out + n1 + n2, &f));
    rec(t, "plaintext length", n1 + n2 + f);
    if (want != NULL)
        rec(t, "plaintext = message + pad", n1 + n2 + f == len && memcmp(out, want, len) == 0);
    rec(t, "flag = param", padding_agrees(ctx));
    ERR_clear_error();
}

/* The audit's scenario on a CBC cipher with a 16-byte key and block. */
static void padding_scenario(trace *t, const EVP_CIPHER *c)
{
    uint8_t key[16], iv[16], msg[100], ct[128], bad[128], out[256], whole[112];
    pattern(key, 16, 1), pattern(iv, 16, 2), pattern(msg, 100, 3);
    padded_message(whole);
    int clen = crypt_all(c, 1, 1, key, iv, msg, 100, ct);
    rec(t, "padded ciphertext length", clen);
    if (clen != 112)
        return;
    /* a ciphertext whose last block decrypts to a bad pad: 112 zero bytes encrypted unpadded */
    memset(bad, 0, sizeof bad);
    rec(t, "unpadded 112 bytes", crypt_all(c, 1, 0, key, iv, bad, 112, bad));
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, f = 0;
    /* 1. padding switched off after data: takes effect at this message's final */
    rec(t, "init", EVP_DecryptInit_ex2(ctx, c, key, iv, NULL));
    rec(t, "update 50", EVP_DecryptUpdate(ctx, out, &n, ct, 50));
    rec(t, "bytes out", n);
    rec(t, "set_padding(0) after data", EVP_CIPHER_CTX_set_padding(ctx, 0));
    rec(t, "flag = param", padding_agrees(ctx));
    int n2 = 0;
    rec(t, "update 62", EVP_DecryptUpdate(ctx, out + n, &n2, ct + 50, 62));
    rec(t, "final", EVP_DecryptFinal_ex(ctx, out + n + n2, &f));
    rec(t, "plaintext length", n + n2 + f);
    rec(t, "plaintext = message + pad", n + n2 + f == 112 && memcmp(out, whole, 112) == 0);
    ERR_clear_error();
    /* 2. a re-init naming the cipher (EVP makes a new provider context and passes the flag on)
     * and 3. one without (the provider context stays): both keep padding off */
    rec(t, "re-init with cipher", EVP_DecryptInit_ex2(ctx, c, key, iv, NULL));
    rec(t, "flag = param", padding_agrees(ctx));
    decrypt_rest(t, ctx, ct, 112, 37, whole);
    rec(t, "re-init without cipher", EVP_DecryptInit_ex2(ctx, NULL, key, iv, NULL));
    decrypt_rest(t, ctx, ct, 112, 64, whole);
    /* switched off after the last update: the block held back for the pad comes out at final */
    rec(t, "re-init", EVP_DecryptInit_ex2(ctx, NULL, key, iv, NULL));
    rec(t, "set_padding(1) before data", EVP_CIPHER_CTX_set_padding(ctx, 1));
    rec(t, "update 112", EVP_DecryptUpdate(ctx, out, &n, ct, 112));
    rec(t, "bytes out", n);
    rec(t, "set_padding(0) before final", EVP_CIPHER_CTX_set_padding(ctx, 0));
    f = 0;
    rec(t, "final", EVP_DecryptFinal_ex(ctx, out + n, &f));
    rec(t, "final bytes", f);
    rec(t, "plaintext = message + pad", n + f == 112 && memcmp(out, whole, 112) == 0);
    ERR_clear_error();
    /* 4. the corrupt pad: padding on again mid-stream is refused at final; off passes it */
    rec(t, "re-init", EVP_DecryptInit_ex2(ctx, NULL, key, iv, NULL));
    rec(t, "update 16", EVP_DecryptUpdate(ctx, out, &n, bad, 16));
    rec(t, "set_padding(1) after data", EVP_CIPHER_CTX_set_padding(ctx, 1));
    rec(t, "update 96", EVP_DecryptUpdate(ctx, out + n, &n2, bad + 16, 96));
    rec(t, "final, corrupt pad", EVP_DecryptFinal_ex(ctx, out + n + n2, &f));
    ERR_clear_error();
    rec(t, "re-init with cipher", EVP_DecryptInit_ex2(ctx, c, key, iv, NULL));
    decrypt_rest(t, ctx, bad, 112, 16, NULL);
    rec(t, "set_padding(0) after data", EVP_CIPHER_CTX_set_padding(ctx, 0));
    rec(t, "re-init with cipher", EVP_DecryptInit_ex2(ctx, c, key, iv, NULL));
    decrypt_rest(t, ctx, bad, 112, 100, NULL);
    /* 5. after final, then encryption: 20 bytes left over without padding fail at final; a
     * whole-block message passes without the padding block */
    rec(t, "set_padding(1) after final", EVP_CIPHER_CTX_set_padding(ctx, 1));
    rec(t, "flag = param", padding_agrees(ctx));
    rec(t, "encrypt init", EVP_EncryptInit_ex2(ctx, c, key, iv, NULL));
    rec(t, "update 36", EVP_EncryptUpdate(ctx, out, &n, msg, 36));
    rec(t, "bytes out", n);
    rec(t, "set_padding(0)", EVP_CIPHER_CTX_set_padding(ctx, 0));
    rec(t, "final, 4 left", EVP_EncryptFinal_ex(ctx, out + n, &f));
    ERR_clear_error();
    rec(t, "encrypt init", EVP_EncryptInit_ex2(ctx, NULL, key, iv, NULL));
    rec(t, "flag = param", padding_agrees(ctx));
    rec(t, "update 32", EVP_EncryptUpdate(ctx, out, &n, msg, 32));
    rec(t, "set_padding(1)", EVP_CIPHER_CTX_set_padding(ctx, 1));
    rec(t, "update 4", EVP_EncryptUpdate(ctx, out + n, &n2, msg + 32, 4));
    rec(t, "final, padded", EVP_EncryptFinal_ex(ctx, out + n + n2, &f));
    rec(t, "ciphertext length", n + n2 + f);
    EVP_CIPHER_CTX_free(ctx);
}

/* set_padding mid-stream in one mode: the call, then the rest of the message, both ways. */
static void padding_mode(trace *t, const EVP_CIPHER *c, int enc, int via_cipher)
{
    uint8_t key[64], iv[16], msg[64], out[128];
    int kl = EVP_CIPHER_get_key_length(c), n = 0, n2 = 0, f = 0;
    pattern(key, sizeof key, 4), pattern(iv, 16, 5), pattern(msg, 64, 6);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    (void)kl;
    rec(t, "init", EVP_CipherInit_ex2(ctx, c, key, iv, enc, NULL));
    if (via_cipher) {
        rec(t, "EVP_Cipher 32", EVP_Cipher(ctx, out, msg, 32));
        rec(t, "set_padding(1)", EVP_CIPHER_CTX_set_padding(ctx, 1));
        rec(t, "EVP_Cipher 32", EVP_Cipher(ctx, out + 32, msg + 32, 32));
        rec(t, "set_padding(0)", EVP_CIPHER_CTX_set_padding(ctx, 0));
        rec(t, "EVP_Cipher 16", EVP_Cipher(ctx, out, msg, 16));
    } else {
        rec(t, "update 32", EVP_CipherUpdate(ctx, out, &n, msg, 32));
        rec(t, "bytes out", n);
        rec(t, "set_padding(0)", EVP_CIPHER_CTX_set_padding(ctx, 0));
        rec(t, "flag = param", padding_agrees(ctx));
        rec(t, "update 16", EVP_CipherUpdate(ctx, out + n, &n2, msg + 32, 16));
        rec(t, "set_padding(1)", EVP_CIPHER_CTX_set_padding(ctx, 1));
        rec(t, "update 16", EVP_CipherUpdate(ctx, out + n + n2, &f, msg + 48, 16));
        rec(t, "bytes out", n + n2 + f);
        rec(t, "set_padding(0)", EVP_CIPHER_CTX_set_padding(ctx, 0));
        rec(t, "final", EVP_CipherFinal_ex(ctx, out + 64, &f));
        rec(t, "final bytes", f);
        rec(t, "set_padding(1) after final", EVP_CIPHER_CTX_set_padding(ctx, 1));
        rec(t, "re-init", EVP_CipherInit_ex2(ctx, NULL, key, iv, enc, NULL));
        rec(t, "flag = param", padding_agrees(ctx));
    }
    ERR_clear_error();
    EVP_CIPHER_CTX_free(ctx);
}

static void padding(void)
{
    EVP_CIPHER *aes = fetch("AES-128-CBC", "default"), *lea = fetch("LEA-128-CBC", "karx");
    if (aes == NULL || lea == NULL)
        goto done;
    trace ta = {0}, tk = {0};
    padding_scenario(&ta, aes);
    padding_scenario(&tk, lea);
    CHECK(compare("padding scenario, LEA-128-CBC vs AES-128-CBC", &ta, &tk),
          "set_padding after data: karx answers as AES");
    /* what AES answers, so that the comparison above compares something */
    CHECK(at(&ta, "set_padding(0) after data") == 1 && at(&ta, "plaintext length") == 112 &&
              at(&ta, "plaintext = message + pad") == 1,
          "AES: set_padding(0) after data accepted, the final keeps the pad");
    for (int i = 0; i < tk.n; i++)
        if (!strcmp(tk.what[i], "flag = param"))
            CHECK(tk.v[i] == 1, "step %d: EVP's padding flag and karx's parameter agree", i);
    static const char *const modes[] = {"ECB", "CBC", "CTR", "CFB", "CFB8", "OFB", "XTS"};
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        char an[32], kn[32];
        snprintf(an, sizeof an, "AES-128-%s", modes[m]);
        snprintf(kn, sizeof kn, "LEA-128-%s", modes[m]);
        EVP_CIPHER *a = fetch(an, "default"), *k = fetch(kn, "karx");
        for (int enc = 0; a && k && enc <= 1; enc++)
            for (int via = 0; via <= 1; via++) {
                trace x = {0}, y = {0};
                char label[80];
                snprintf(label, sizeof label, "%s %s%s", kn, enc ? "encrypt" : "decrypt",
                         via ? " (EVP_Cipher)" : "");
                padding_mode(&x, a, enc, via);
                padding_mode(&y, k, enc, via);
                CHECK(compare(label, &x, &y), "%s: set_padding answers as %s", label, an);
            }
        EVP_CIPHER_free(a);
        EVP_CIPHER_free(k);
    }
done:
    EVP_CIPHER_free(aes);
    EVP_CIPHER_free(lea);
}

/* ---- GCM / CCM controls ---- */

enum { P_NONE, P_IN, P_OUT };
typedef struct {
    int type, arg, ptr;
    const char *name;
} t_ctrl;

#define C(t, a, p) {t, a, p, #t}
static const t_ctrl ctrls[] = {
    C(EVP_CTRL_AEAD_SET_IVLEN, 12, P_NONE), C(EVP_CTRL_AEAD_SET_IVLEN, 7, P_NONE),
    C(EVP_CTRL_AEAD_SET_IVLEN, 13, P_NONE), C(EVP_CTRL_AEAD_SET_IVLEN, 16, P_NONE),
    C(EVP_CTRL_AEAD_SET_IVLEN, 1, P_NONE), C(EVP_CTRL_AEAD_SET_IVLEN, 0, P_NONE),
    C(EVP_CTRL_AEAD_SET_IVLEN, -1, P_NONE), C(EVP_CTRL_AEAD_SET_IVLEN, 129, P_NONE),
    C(EVP_CTRL_GET_IVLEN, 0, P_OUT),
    C(EVP_CTRL_AEAD_SET_TAG, 16, P_IN), C(EVP_CTRL_AEAD_SET_TAG, 12, P_IN),
    C(EVP_CTRL_AEAD_SET_TAG, 8, P_IN), C(EVP_CTRL_AEAD_SET_TAG, 4, P_IN),
    C(EVP_CTRL_AEAD_SET_TAG, 1, P_IN), C(EVP_CTRL_AEAD_SET_TAG, 0, P_IN),
    C(EVP_CTRL_AEAD_SET_TAG, 17, P_IN), C(EVP_CTRL_AEAD_SET_TAG, 16, P_NONE),
    C(EVP_CTRL_AEAD_SET_TAG, 12, P_NONE), C(EVP_CTRL_AEAD_SET_TAG, 5, P_NONE),
    C(EVP_CTRL_AEAD_GET_TAG, 16, P_OUT), C(EVP_CTRL_AEAD_GET_TAG, 12, P_OUT),
    C(EVP_CTRL_AEAD_GET_TAG, 8, P_OUT), C(EVP_CTRL_AEAD_GET_TAG, 4, P_OUT),
    C(EVP_CTRL_AEAD_GET_TAG, 1, P_OUT), C(EVP_CTRL_AEAD_GET_TAG, 0, P_OUT),
    C(EVP_CTRL_AEAD_GET_TAG, 17, P_OUT),
    C(EVP_CTRL_AEAD_SET_IV_FIXED, -1, P_IN), C(EVP_CTRL_AEAD_SET_IV_FIXED, 4, P_IN),
    C(EVP_CTRL_AEAD_SET_IV_FIXED, 0, P_IN), C(EVP_CTRL_AEAD_SET_IV_FIXED, 12, P_IN),
    C(EVP_CTRL_GCM_IV_GEN, 0, P_OUT), C(EVP_CTRL_GCM_IV_GEN, 8, P_OUT),
    C(EVP_CTRL_GCM_IV_GEN, 12, P_OUT), C(EVP_CTRL_GCM_IV_GEN, -1, P_OUT),
    C(EVP_CTRL_GCM_SET_IV_INV, 8, P_IN), C(EVP_CTRL_GCM_SET_IV_INV, 0, P_IN),
    C(EVP_CTRL_AEAD_TLS1_AAD, 13, P_IN), C(EVP_CTRL_AEAD_TLS1_AAD, 5, P_IN),
    C(EVP_CTRL_CCM_SET_L, 8, P_NONE), C(EVP_CTRL_CCM_SET_L, 2, P_NONE),
    C(EVP_CTRL_CCM_SET_L, 4, P_NONE), C(EVP_CTRL_CCM_SET_L, 1, P_NONE),
    C(EVP_CTRL_CCM_SET_L, 9, P_NONE),
    C(EVP_CTRL_CCM_SET_MSGLEN, 32, P_NONE),
    C(EVP_CTRL_SET_KEY_LENGTH, 0, P_NONE), C(EVP_CTRL_SET_KEY_LENGTH, 24, P_NONE),
    C(EVP_CTRL_AEAD_SET_MAC_KEY, 16, P_IN),
};
#undef C
#define NCTRLS (sizeof ctrls / sizeof ctrls[0])
/* SET_KEY_LENGTH 0 stands for "the cipher's own key length" */

enum { S_CIPHER, S_KEY, S_IV, S_AAD, S_DATA, S_FINAL, S_FIXED, NSTATES };
static const char *const state_names[] = {"cipher only", "key", "key+iv", "aad", "data",
                                          "final", "iv-fixed"};

/* One side of a pair: the cipher and the message it encrypts (its own tag). */
typedef struct {
    EVP_CIPHER *c;
    int ccm, key_len;
    uint8_t key[32], iv[16], aad[8], pt[32], ct[32], tag[16];
} side;

static int side_setup(side *s, const char *name, const char *prov)
{
    memset(s, 0, sizeof *s);
    s->c = fetch(name, prov);
    if (s->c == NULL)
        return 0;
    s->ccm = EVP_CIPHER_get_mode(s->c) == EVP_CIPH_CCM_MODE;
    s->key_len = EVP_CIPHER_get_key_length(s->c);
    pattern(s->key, sizeof s->key, 7), pattern(s->iv, sizeof s->iv, 8);
    pattern(s->aad, sizeof s->aad, 9), pattern(s->pt, sizeof s->pt, 10);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, f = 0;
    int ok = ctx && EVP_EncryptInit_ex2(ctx, s->c, s->key, s->iv, NULL) &&
             (!s->ccm || EVP_EncryptUpdate(ctx, NULL, &n, NULL, 32)) &&
             EVP_EncryptUpdate(ctx, NULL, &n, s->aad, 8) &&
             EVP_EncryptUpdate(ctx, s->ct, &n, s->pt, 32) && EVP_EncryptFinal_ex(ctx, s->ct + n, &f) &&
             EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, s->ccm ? 12 : 16, s->tag) == 1;
    EVP_CIPHER_CTX_free(ctx);
    CHECK(ok, "%s: reference message", name);
    return ok;
}

/* Step `st` of a message (st: the state it reaches); rc of the call. */
static int step(EVP_CIPHER_CTX *ctx, const side *s, int enc, int st)
{
    uint8_t out[64];
    int n = 0, ok = 1;
    switch (st) {
    case S_CIPHER:
        return EVP_CipherInit_ex2(ctx, s->c, NULL, NULL, enc, NULL);
    case S_KEY:
        return EVP_CipherInit_ex2(ctx, NULL, s->key, NULL, -1, NULL);
    case S_IV:
        return EVP_CipherInit_ex2(ctx, NULL, NULL, s->iv, -1, NULL);
    case S_AAD:
        if (!enc)
            ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, s->ccm ? 12 : 16,
                                     (void *)s->tag) == 1;
        if (s->ccm)
            ok &= EVP_CipherUpdate(ctx, NULL, &n, NULL, 32) == 1;
        return ok & (EVP_CipherUpdate(ctx, NULL, &n, s->aad, 8) == 1);
    case S_DATA:
        return EVP_CipherUpdate(ctx, out, &n, enc ? s->pt : s->ct, 32);
    case S_FINAL:
        return EVP_CipherFinal_ex(ctx, out, &n);
    }
    return -1;
}

/* The tag of a finished encryption, read as OpenSSL's tests do: the tag length, then the tag. */
static int read_tag(EVP_CIPHER_CTX *ctx)
{
    uint8_t tag[16];
    size_t len = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &len),
                      OSSL_PARAM_construct_end()};
    if (!EVP_CIPHER_CTX_get_params(ctx, p) || len == 0 || len > 16)
        return -1;
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)len, tag);
}

/* Brings a fresh context to `state` (recording each step) on side s. */
static void reach(trace *t, EVP_CIPHER_CTX *ctx, const side *s, int enc, int state)
{
    static const char *const setup_names[] = {"setup: cipher", "setup: key", "setup: iv",
                                              "setup: aad", "setup: data", "setup: final"};
    int last = state == S_FIXED ? S_KEY : state;
    for (int st = S_CIPHER; st <= last; st++)
        rec(t, setup_names[st], step(ctx, s, enc, st) == 1);
    if (state == S_FIXED) {
        uint8_t fixed[4];
        memcpy(fixed, s->iv, 4);
        rec(t, "setup: SET_IV_FIXED 4",
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IV_FIXED, 4, fixed) == 1);
    }
    ERR_clear_error();
}

/* The rest of the message after a control at `state`: each later step's rc (then the tag). */
static void finish(trace *t, EVP_CIPHER_CTX *ctx, const side *s, int enc, int state)
{
    static const char *const then_names[] = {"then cipher", "then key", "then iv", "then aad",
                                             "then data", "then final"};
    int from = state == S_FIXED ? S_IV : state + 1;
    for (int st = from; st <= S_FINAL; st++)
        rec(t, then_names[st], step(ctx, s, enc, st) == 1);
    if (enc)
        rec(t, "then get tag", read_tag(ctx) == 1);
    ERR_clear_error();
}

/* The TLS-record controls: karx refuses every one of them, in every state (docs/OPENSSL.md). */
static int is_tls_ctrl(int type)
{
    return type == EVP_CTRL_AEAD_SET_IV_FIXED || type == EVP_CTRL_GCM_IV_GEN ||
           type == EVP_CTRL_GCM_SET_IV_INV || type == EVP_CTRL_AEAD_TLS1_AAD;
}

/* A TLS 1.2 record header as EVP_CTRL_AEAD_TLS1_AAD takes it: sequence number, type 23,
 * version 3.3, and the record length (explicit IV 8 + data 24 + tag 16). */
static void tls_aad(uint8_t h[13])
{
    pattern(h, 8, 11);
    h[8] = 23, h[9] = 3, h[10] = 3, h[11] = 0, h[12] = 48;
}

/* Runs control k at `state` on a fresh context: the setup steps, the control's return code, the
 * rest of the message, and the bytes the control wrote (over two runs with different
 * sentinels, so that no written byte can pass for untouched). Records all in t. */
static void run_ctrl(trace *t, const side *s, int enc, int state, const t_ctrl *k)
{
    int wrote = 0;
    uint8_t buf[2][64];
    for (int r = 0; r < 2; r++) {
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        trace scratch = {0};
        trace *tt = r == 0 ? t : &scratch;
        reach(tt, ctx, s, enc, state);
        memset(buf[r], r ? 0xff : 0x00, sizeof buf[r]);
        int arg = k->arg;
        if (k->type == EVP_CTRL_SET_KEY_LENGTH && arg == 0)
            arg = s->key_len;
        if (k->ptr == P_IN) { /* the data a caller would give: the real tag, a record, the IV */
            if (k->type == EVP_CTRL_AEAD_SET_TAG)
                memcpy(buf[r], s->tag, 16);
            else if (k->type == EVP_CTRL_AEAD_TLS1_AAD)
                tls_aad(buf[r]);
            else
                memcpy(buf[r], s->iv, 16);
        }
        rec(tt, "control", EVP_CIPHER_CTX_ctrl(ctx, k->type, arg, k->ptr == P_NONE ? NULL : buf[r]));
        ERR_clear_error();
        finish(tt, ctx, s, enc, state);
        EVP_CIPHER_CTX_free(ctx);
    }
    if (k->ptr == P_OUT)
        for (size_t i = 0; i < sizeof buf[0]; i++)
            wrote += buf[0][i] != 0x00 || buf[1][i] != 0xff;
    rec(t, "bytes written", wrote);
}

/* A difference kept on purpose (docs/OPENSSL.md lists them): on GCM (1) / CCM (2) rows, for this
 * control (ANY: any) and argument (ANY: any), in these directions (1 encrypt, 2 decrypt), at
 * these states (bit mask; 0: any), the first answer that differs is `step` (NULL: any), where
 * AES answers `aes` and karx `karx` (ANY: any value). What follows the first difference in the
 * same case is its consequence. */
#define ANY (-99999)
typedef struct {
    int modes, type, arg, dirs;
    unsigned states;
    const char *step;
    int aes, karx;
    const char *why;
} t_deliberate;

#define ST(s) (1u << (s))
#define GCM 1
#define CCM 2
#define BOTH 3
static t_deliberate deliberate[] = {
    {BOTH, EVP_CTRL_AEAD_SET_IV_FIXED, ANY, BOTH, 0, "control", 1, 0,
     "the TLS record interface (fixed IV field, IV_GEN, SET_IV_INV, TLS1_AAD) is refused"},
    {GCM, ANY, ANY, BOTH, ST(S_FIXED), "setup: SET_IV_FIXED 4", 1, 0,
     "the state AES-GCM reaches with SET_IV_FIXED does not exist in karx (refused above)"},
    {BOTH, EVP_CTRL_AEAD_TLS1_AAD, ANY, BOTH, 0, NULL, ANY, ANY,
     "TLS1_AAD is refused: karx has no TLS record mode (AES enters it, then takes whole records only)"},
    {CCM, EVP_CTRL_GCM_SET_IV_INV, ANY, BOTH, 0, "control", 1, 0,
     "AES-CCM ignores SET_IV_INV (returns 1, does nothing); karx refuses it"},
    {CCM, EVP_CTRL_GCM_IV_GEN, ANY, BOTH, 0, "control", 1, 0,
     "AES-CCM ignores IV_GEN (returns 1, writes nothing); karx refuses it"},
    {BOTH, EVP_CTRL_SET_KEY_LENGTH, 24, BOTH, 0, "control", 1, 0,
     "AES's GCM/CCM ignore a key length (return 1, keep theirs); karx refuses one it cannot take"},
    {GCM, EVP_CTRL_AEAD_SET_TAG, 1, 2, 0, "control", 1, 0,
     "GCM tags of 4, 8, 12..16 bytes only (SP 800-38D); AES takes 1..16"},
    {GCM, EVP_CTRL_AEAD_GET_TAG, 1, 1, ST(S_FINAL), "control", 1, 0,
     "GCM tags of 4, 8, 12..16 bytes only (SP 800-38D); AES gives 1..16"},
    {CCM, ANY, ANY, BOTH, 0, "then final", 1, 0,
     "CCM final after a payload that failed or never came: AES returns 1, karx refuses"},
    {CCM, EVP_CTRL_AEAD_SET_TAG, ANY, 1, ST(S_KEY) | ST(S_IV) | ST(S_AAD), "then get tag", 0, 1,
     "CCM tag length set after the key: AES seals with the old length and then refuses the "
     "tag; karx seals with the length set"},
    {CCM, EVP_CTRL_AEAD_SET_TAG, ANY, 2, ST(S_CIPHER), "then data", 0, 1,
     "CCM tag length changed after the key (the tag set again at the AAD): AES checks with "
     "the length in force at the key, karx with the one set last"},
    {CCM, EVP_CTRL_AEAD_SET_IVLEN, ANY, 2, ST(S_KEY), "then data", 1, 0,
     "CCM nonce length set after the key: AES keeps the length in force at the key and reads "
     "only that many bytes of the nonce (so it opens the 7-byte-nonce message); karx uses them all"},
    {CCM, EVP_CTRL_CCM_SET_L, ANY, 2, ST(S_KEY), "then data", 1, 0,
     "the same through CCM_SET_L"},
};
#define NDELIB (sizeof deliberate / sizeof deliberate[0])
static int seen[NDELIB]; /* cases each explained */
static int verbose;      /* KARX_TEST_VERBOSE: print every case that differs, explained or not */

static t_deliberate *excused(int ccm, const t_ctrl *k, int enc, int state, const char *what,
                             int aes, int karx)
{
    for (size_t i = 0; i < NDELIB; i++) {
        t_deliberate *d = &deliberate[i];
        if (!(d->modes & (ccm ? CCM : GCM)) || (d->type != ANY && d->type != k->type) ||
            (d->arg != ANY && d->arg != k->arg) || !(d->dirs & (enc ? 1 : 2)) ||
            (d->states != 0 && !(d->states & ST(state))) ||
            (d->step != NULL && strcmp(d->step, what) != 0) || (d->aes != ANY && d->aes != aes) ||
            (d->karx != ANY && d->karx != karx))
            continue;
        return d;
    }
    return NULL;
}

static const char *ptr_name(int ptr)
{
    return ptr == P_NONE ? "NULL" : ptr == P_IN ? "data" : "out";
}

static void aead_pair(const char *aes_name, const char *karx_name)
{
    side a, k;
    int differ = 0, kept = 0, compared = 0, tls_ok = 0;
    if (!side_setup(&a, aes_name, "default") || !side_setup(&k, karx_name, "karx"))
        goto done;
    for (int enc = 1; enc >= 0; enc--)
        for (int state = 0; state < NSTATES; state++) {
            if (state == S_FIXED && k.ccm)
                continue; /* AES-CCM's fixed IV is not followed by IV_GEN: nothing to compare */
            for (size_t i = 0; i < NCTRLS; i++) {
                const t_ctrl *c = &ctrls[i];
                trace ta = {0}, tk = {0};
                run_ctrl(&ta, &a, enc, state, c);
                run_ctrl(&tk, &k, enc, state, c);
                compared++;
                if (is_tls_ctrl(c->type) && state != S_FIXED)
                    tls_ok += at(&tk, "control") == 0 && at(&tk, "bytes written") == 0;
                int j = 0;
                while (j < ta.n && j < tk.n && ta.v[j] == tk.v[j])
                    j++;
                if (j == ta.n && j == tk.n)
                    continue;
                const char *what = j < ta.n ? ta.what[j] : "(steps)";
                int va = j < ta.n ? ta.v[j] : -1, vk = j < tk.n ? tk.v[j] : -1;
                t_deliberate *d = excused(k.ccm, c, enc, state, what, va, vk);
                if (d == NULL || verbose)
                    printf("  %s, %s, %s(%d, %s): %s: AES %d, karx %d  [%s]\n",
                           enc ? "encrypt" : "decrypt", state_names[state], c->name, c->arg,
                           ptr_name(c->ptr), what, va, vk, d ? d->why : "MISMATCH");
                if (d != NULL) {
                    seen[d - deliberate]++;
                    kept++;
                } else {
                    differ++;
                }
            }
        }
    printf("%s vs %s: %d cases, %d differ on purpose, %d otherwise\n", karx_name, aes_name,
           compared, kept, differ);
    CHECK(differ == 0, "%s vs %s: %d of %d control cases differ (listed above)", karx_name,
          aes_name, differ, compared);
    /* the TLS set is refused as a whole: never a success that does nothing */
    int tls_cases = 0;
    for (size_t i = 0; i < NCTRLS; i++)
        tls_cases += is_tls_ctrl(ctrls[i].type);
    CHECK(tls_ok == 2 * (NSTATES - 1) * tls_cases,
          "%s: IV_FIXED, IV_GEN, SET_IV_INV, TLS1_AAD refused, nothing written (%d of %d)",
          karx_name, tls_ok, 2 * (NSTATES - 1) * tls_cases);
done:
    EVP_CIPHER_free(a.c);
    EVP_CIPHER_free(k.c);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_ossl_vs_aes MODULES_DIR KAT_DIR\n");
        return 2;
    }
    verbose = getenv("KARX_TEST_VERBOSE") != NULL;
    libctx = t_ossl_ctx(argv[1]);
    CHECK(libctx != NULL, "load karx.so");
    if (libctx != NULL) {
        padding();
        aead_pair("AES-128-GCM", "LEA-128-GCM");
        aead_pair("AES-256-GCM", "CHAM-128-256-GCM");
        aead_pair("AES-128-CCM", "LEA-128-CCM");
        printf("deliberate differences (cases):\n");
        for (size_t i = 0; i < NDELIB; i++)
            printf("  %4d  %s\n", seen[i], deliberate[i].why);
        for (size_t i = 0; i < NDELIB; i++)
            CHECK(seen[i] > 0,
                  "deliberate difference %zu (%s) no longer occurs: update the list and the docs",
                  i, deliberate[i].why);
    }
    t_ossl_ctx_free(libctx);
    return t_finish("test_ossl_vs_aes");
}
