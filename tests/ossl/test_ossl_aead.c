/* The provider's AEAD ciphers (GCM and CCM over LEA-128/192/256 and CHAM-128/128, CHAM-128/256)
 * through EVP, as an application written for AES-GCM / AES-CCM drives them:
 *  - the names (and no ARIA / 64-bit-block AEAD from karx), mode, lengths and AEAD flag;
 *  - every LEA GCM and CCM vector of tests/kat/kisa_lea_modes_vs.txt, both ways;
 *  - equality with karx's own one-shot GCM / CCM on random keys, nonces, lengths, AAD and tag
 *    lengths, for all five ciphers, fed at odd split points, out of place and in place;
 *  - forgeries (a flipped bit in the tag, the ciphertext, the AAD) refused with an OpenSSL error:
 *    GCM by EVP_DecryptFinal_ex, CCM by EVP_DecryptUpdate with the output zeroed;
 *  - wrong key length, bad IV / nonce / tag lengths and out-of-order calls refused with an error;
 *  - EVP_CIPHER_CTX_copy in the middle of a GCM stream; a spent IV is not reused.
 * (OpenSSL 3.0's `openssl enc` has no AEAD, so there is no shell test.)
 * usage: test_ossl_aead MODULES_DIR KAT_DIR */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>

#include "karx/ccm.h"
#include "karx/gcm.h"
#include "ossl_test.h"

static OSSL_LIB_CTX *lib;

typedef struct {
    karx_cipher_alg alg;
    const char *std, *alias; /* "<std>-GCM" and "<alias>-GCM" (likewise CCM) */
    size_t key_bytes;
} alg_names;

static const alg_names ALGS[] = {
    {KARX_CIPHER_LEA128, "LEA-128", "LEA128", 16},
    {KARX_CIPHER_LEA192, "LEA-192", "LEA192", 24},
    {KARX_CIPHER_LEA256, "LEA-256", "LEA256", 32},
    {KARX_CIPHER_CHAM128_128, "CHAM-128-128", "CHAM128-128", 16},
    {KARX_CIPHER_CHAM128_256, "CHAM-128-256", "CHAM128-256", 32},
};
#define NALGS (sizeof ALGS / sizeof ALGS[0])

static EVP_CIPHER *fetch(const char *base, const char *mode)
{
    char name[64];
    snprintf(name, sizeof name, "%s-%s", base, mode);
    EVP_CIPHER *c = EVP_CIPHER_fetch(lib, name, T_KARX);
    CHECK(c != NULL, "fetch %s from karx", name);
    ERR_clear_error();
    return c;
}

static EVP_CIPHER *cipher_of(karx_cipher_alg alg, int ccm)
{
    for (size_t i = 0; i < NALGS; i++)
        if (ALGS[i].alg == alg)
            return fetch(ALGS[i].std, ccm ? "CCM" : "GCM");
    return NULL;
}

/* ---- EVP drivers: data fed in pieces of random sizes (split = 0: all at once) ---- */

static size_t piece(size_t left, int split)
{
    if (!split || left == 0)
        return left;
    size_t n = 1 + (size_t)(t_rand64() % 37);
    return n < left ? n : left;
}

static int feed(EVP_CIPHER_CTX *ctx, int enc, uint8_t *out, const uint8_t *in, size_t len, int split)
{
    size_t off = 0;
    do {
        size_t n = piece(len - off, split);
        int outl = -1;
        int ok = enc ? EVP_EncryptUpdate(ctx, out ? out + off : NULL, &outl, in + off, (int)n)
                     : EVP_DecryptUpdate(ctx, out ? out + off : NULL, &outl, in + off, (int)n);
        if (!ok || outl != (int)n)
            return 0;
        off += n;
    } while (off < len);
    return 1;
}

typedef struct {
    const uint8_t *key, *iv, *aad, *in;
    size_t ivlen, aadlen, len, taglen;
} msg;

static int gcm_start(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *c, const msg *m, int enc)
{
    return EVP_CipherInit_ex(ctx, c, NULL, NULL, NULL, enc) &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)m->ivlen, NULL) &&
           EVP_CipherInit_ex(ctx, NULL, NULL, m->key, m->iv, enc);
}

/* GCM encryption into out and tag; 1 on success. */
static int gcm_seal(const EVP_CIPHER *c, const msg *m, uint8_t *out, uint8_t *tag, int split)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl = -1;
    int ok = ctx && gcm_start(ctx, c, m, 1) && feed(ctx, 1, NULL, m->aad, m->aadlen, split) &&
             feed(ctx, 1, out, m->in, m->len, split) && EVP_EncryptFinal_ex(ctx, out, &outl) &&
             outl == 0 && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)m->taglen, tag);
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

/* GCM decryption of m->in with tag: the result of EVP_DecryptFinal_ex (-1: failed before it). */
static int gcm_open(const EVP_CIPHER *c, const msg *m, uint8_t *out, const uint8_t *tag, int split)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl = -1, r = -1;
    if (ctx && gcm_start(ctx, c, m, 0) && feed(ctx, 0, NULL, m->aad, m->aadlen, split) &&
        feed(ctx, 0, out, m->in, m->len, split) &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)m->taglen, (void *)tag))
        r = EVP_DecryptFinal_ex(ctx, out, &outl);
    EVP_CIPHER_CTX_free(ctx);
    return r;
}

/* CCM: lengths, key and nonce, total length, AAD (in pieces when split), payload in one call. */
static int ccm_start(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *c, const msg *m, int enc,
                     const uint8_t *tag, int split)
{
    int outl;
    return EVP_CipherInit_ex(ctx, c, NULL, NULL, NULL, enc) &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)m->ivlen, NULL) &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)m->taglen, (void *)tag) &&
           EVP_CipherInit_ex(ctx, NULL, NULL, m->key, m->iv, enc) &&
           EVP_CipherUpdate(ctx, NULL, &outl, NULL, (int)m->len) &&
           feed(ctx, enc, NULL, m->aad, m->aadlen, split);
}

static int ccm_seal(const EVP_CIPHER *c, const msg *m, uint8_t *out, uint8_t *tag, int split)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl = -1, outl2 = -1;
    int ok = ctx && ccm_start(ctx, c, m, 1, NULL, split) &&
             EVP_EncryptUpdate(ctx, out, &outl, m->in, (int)m->len) && outl == (int)m->len &&
             EVP_EncryptFinal_ex(ctx, out, &outl2) && outl2 == 0 &&
             EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)m->taglen, tag);
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

/* The result of the payload's EVP_DecryptUpdate (-1: failed before it); *final_ok that of
 * EVP_DecryptFinal_ex after it. */
static int ccm_open(const EVP_CIPHER *c, const msg *m, uint8_t *out, const uint8_t *tag,
                    int split, int *final_ok)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl = -1, r = -1;
    if (ctx && ccm_start(ctx, c, m, 0, tag, split)) {
        r = EVP_DecryptUpdate(ctx, out, &outl, m->in, (int)m->len);
        *final_ok = EVP_DecryptFinal_ex(ctx, out + m->len, &outl);
    }
    EVP_CIPHER_CTX_free(ctx);
    return r;
}

/* ---- names and fixed parameters ---- */

static void names(void)
{
    static const char *const modes[] = {"GCM", "CCM"};
    for (size_t i = 0; i < NALGS; i++)
        for (int m = 0; m < 2; m++) {
            EVP_CIPHER *a = fetch(ALGS[i].std, modes[m]), *b = fetch(ALGS[i].alias, modes[m]);
            if (a && b) {
                CHECK(EVP_CIPHER_is_a(a, EVP_CIPHER_get0_name(b)), "%s alias", ALGS[i].alias);
                CHECK(EVP_CIPHER_get_mode(a) == (m ? EVP_CIPH_CCM_MODE : EVP_CIPH_GCM_MODE),
                      "%s-%s mode", ALGS[i].std, modes[m]);
                CHECK(EVP_CIPHER_get_key_length(a) == (int)ALGS[i].key_bytes, "key length");
                CHECK(EVP_CIPHER_get_iv_length(a) == (m ? 7 : 12), "default iv length");
                CHECK(EVP_CIPHER_get_block_size(a) == 1, "block size");
                CHECK(EVP_CIPHER_get_flags(a) & EVP_CIPH_FLAG_AEAD_CIPHER, "AEAD flag");
            }
            EVP_CIPHER_free(a);
            EVP_CIPHER_free(b);
        }
    static const char *const none[] = {"ARIA-128-GCM", "ARIA-256-CCM", "HIGHT-GCM",
                                       "CHAM-64-128-CCM", "LEA-128-OCB"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        EVP_CIPHER *c = EVP_CIPHER_fetch(lib, none[i], T_KARX);
        CHECK(c == NULL, "karx offers no %s", none[i]);
        EVP_CIPHER_free(c);
        ERR_clear_error();
    }
}

/* ---- KISA vectors ---- */

typedef struct {
    karx_cipher_alg alg;
    int ccm;
    uint8_t key[32], iv[16], aad[128], pt[256], ct[256], tag[16];
    long klen, ivlen, aadlen, ptlen, ctlen, taglen;
} kat;

static long field(const char *line, const char *name, uint8_t *out, size_t cap)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0 || strncmp(line + n, " =", 2) != 0)
        return -2;
    return t_unhex(line + n + 2, out, cap);
}

static void run_kat(const kat *k)
{
    EVP_CIPHER *c = cipher_of(k->alg, k->ccm);
    if (c == NULL)
        return;
    msg m = {k->key, k->iv, k->aad, k->pt, (size_t)k->ivlen, (size_t)k->aadlen, (size_t)k->ptlen, 16};
    uint8_t out[256 + 16], tag[16];
    int ok = k->ccm ? ccm_seal(c, &m, out, tag, 0) : gcm_seal(c, &m, out, tag, 0);
    CHECK(ok && memcmp(out, k->ct, (size_t)k->ctlen) == 0 && memcmp(tag, k->tag, 16) == 0,
          "%s KAT encrypt (%s, %ld bytes)", k->ccm ? "CCM" : "GCM", karx_cipher_name(k->alg), k->ptlen);
    m.in = k->ct;
    memset(out, 0xee, sizeof out);
    int fin = 0;
    int r = k->ccm ? ccm_open(c, &m, out, k->tag, 0, &fin) : gcm_open(c, &m, out, k->tag, 0);
    CHECK(r == 1 && (!k->ccm || fin == 1) && memcmp(out, k->pt, (size_t)k->ptlen) == 0,
          "%s KAT decrypt (%s, %ld bytes)", k->ccm ? "CCM" : "GCM", karx_cipher_name(k->alg), k->ptlen);
    EVP_CIPHER_free(c);
}

static int kat_line(kat *k, const char *line)
{
    long r;
    if ((r = field(line, "KEY", k->key, sizeof k->key)) != -2) k->klen = r;
    else if ((r = field(line, "IV", k->iv, sizeof k->iv)) != -2) k->ivlen = r;
    else if ((r = field(line, "NONCE", k->iv, sizeof k->iv)) != -2) k->ivlen = r;
    else if ((r = field(line, "AAD", k->aad, sizeof k->aad)) != -2) k->aadlen = r;
    else if ((r = field(line, "ADATA", k->aad, sizeof k->aad)) != -2) k->aadlen = r;
    else if ((r = field(line, "PT", k->pt, sizeof k->pt)) != -2) k->ptlen = r;
    else if ((r = field(line, "CT", k->ct, sizeof k->ct)) != -2) k->ctlen = r;
    else if ((r = field(line, "TAG", k->tag, sizeof k->tag)) != -2) {
        k->taglen = r;
        return 1; /* the record is complete */
    }
    return 0;
}

static void kats(const char *dir)
{
    char path[1024], line[4096];
    snprintf(path, sizeof path, "%s/kisa_lea_modes_vs.txt", dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (f == NULL)
        return;
    kat k;
    memset(&k, 0, sizeof k);
    size_t n[2] = {0, 0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '[') {
            karx_cipher_alg alg = 0;
            if (!strncmp(line, "[LEA-128 ", 9)) alg = KARX_CIPHER_LEA128;
            if (!strncmp(line, "[LEA-192 ", 9)) alg = KARX_CIPHER_LEA192;
            if (!strncmp(line, "[LEA-256 ", 9)) alg = KARX_CIPHER_LEA256;
            int gcm = strstr(line, " GCM ") != NULL, ccm = strstr(line, " CCM ") != NULL;
            memset(&k, 0, sizeof k);
            k.alg = (gcm || ccm) ? alg : 0;
            k.ccm = ccm;
            continue;
        }
        if (k.alg == 0 || !kat_line(&k, line))
            continue;
        int good = k.klen > 0 && k.ivlen > 0 && k.aadlen >= 0 && k.ptlen >= 0 &&
                   k.ctlen == k.ptlen && k.taglen == 16;
        CHECK(good, "bad %s record %zu", k.ccm ? "CCM" : "GCM", n[k.ccm]);
        if (good) {
            run_kat(&k);
            n[k.ccm]++;
        }
        karx_cipher_alg alg = k.alg;
        int ccm = k.ccm;
        memset(&k, 0, sizeof k);
        k.alg = alg;
        k.ccm = ccm;
    }
    fclose(f);
    CHECK(n[0] == 30 && n[1] == 30, "30 GCM and 30 CCM vectors, parsed %zu and %zu", n[0], n[1]);
}

/* ---- random messages against karx's own one-shots ---- */

static const size_t GCM_TAGS[] = {4, 8, 12, 13, 14, 15, 16};
static const size_t GCM_IVS[] = {1, 12, 12, 13, 16, 64};

static void gcm_random(const alg_names *a, EVP_CIPHER *c)
{
    uint8_t key[32], iv[64], aad[80], pt[700], want[700], wtag[16], out[700], tag[16];
    for (int t = 0; t < 24; t++) {
        t_fill(key, sizeof key);
        t_fill(iv, sizeof iv);
        t_fill(aad, sizeof aad);
        t_fill(pt, sizeof pt);
        msg m = {key, iv, aad, pt, GCM_IVS[t % 6], t_rand64() % 81, t_rand64() % 701,
                 GCM_TAGS[t % 7]};
        if (t < 3)
            m.len = (size_t)t * 16; /* empty and whole blocks too */
        int split = t & 1, inplace = (t >> 1) & 1;
        CHECK(karx_gcm_encrypt(a->alg, key, a->key_bytes, iv, m.ivlen, want, wtag, m.taglen, pt,
                               m.len, aad, m.aadlen) == KARX_OK, "karx_gcm_encrypt");
        if (inplace)
            memcpy(out, pt, m.len), m.in = out;
        int ok = gcm_seal(c, &m, out, tag, split);
        CHECK(ok && memcmp(out, want, m.len) == 0 && memcmp(tag, wtag, m.taglen) == 0,
              "GCM %s = karx (iv %zu, aad %zu, len %zu, tag %zu, split %d, in place %d)", a->std,
              m.ivlen, m.aadlen, m.len, m.taglen, split, inplace);
        m.in = want;
        if (inplace)
            memcpy(out, want, m.len), m.in = out;
        else
            memset(out, 0, sizeof out);
        CHECK(gcm_open(c, &m, out, wtag, !split) == 1 && memcmp(out, pt, m.len) == 0,
              "GCM %s decrypt (len %zu)", a->std, m.len);
    }
}

static void ccm_random(const alg_names *a, EVP_CIPHER *c)
{
    uint8_t key[32], iv[13], aad[80], pt[700], want[700], wtag[16], out[700 + 1], tag[16];
    for (int t = 0; t < 24; t++) {
        t_fill(key, sizeof key);
        t_fill(iv, sizeof iv);
        t_fill(aad, sizeof aad);
        t_fill(pt, sizeof pt);
        msg m = {key, iv, aad, pt, 7 + (size_t)t % 7, t_rand64() % 81, t_rand64() % 701,
                 4 + 2 * ((size_t)t % 7)};
        if (t < 3)
            m.len = (size_t)t * 16;
        int split = t & 1, inplace = (t >> 1) & 1, fin = 0;
        CHECK(karx_ccm_encrypt(a->alg, key, a->key_bytes, iv, m.ivlen, want, wtag, m.taglen, pt,
                               m.len, aad, m.aadlen) == KARX_OK, "karx_ccm_encrypt");
        if (inplace)
            memcpy(out, pt, m.len), m.in = out;
        int ok = ccm_seal(c, &m, out, tag, split);
        CHECK(ok && memcmp(out, want, m.len) == 0 && memcmp(tag, wtag, m.taglen) == 0,
              "CCM %s = karx (nonce %zu, aad %zu, len %zu, tag %zu, split aad %d, in place %d)",
              a->std, m.ivlen, m.aadlen, m.len, m.taglen, split, inplace);
        m.in = want;
        if (inplace)
            memcpy(out, want, m.len), m.in = out;
        else
            memset(out, 0, sizeof out);
        CHECK(ccm_open(c, &m, out, wtag, split, &fin) == 1 && fin == 1 &&
                  memcmp(out, pt, m.len) == 0,
              "CCM %s decrypt (len %zu)", a->std, m.len);
    }
}

static void random_messages(void)
{
    for (size_t i = 0; i < NALGS; i++) {
        EVP_CIPHER *g = fetch(ALGS[i].std, "GCM"), *c = fetch(ALGS[i].alias, "CCM");
        if (g)
            gcm_random(&ALGS[i], g);
        if (c)
            ccm_random(&ALGS[i], c);
        EVP_CIPHER_free(g);
        EVP_CIPHER_free(c);
    }
}

/* ---- forgeries ---- */

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

/* which: 0 tag, 1 ciphertext, 2 AAD */
static void forge(int ccm, int which)
{
    static const char *const what[] = {"tag", "ciphertext", "AAD"};
    EVP_CIPHER *c = cipher_of(KARX_CIPHER_LEA256, ccm);
    if (c == NULL)
        return;
    uint8_t key[32], iv[12], aad[40], pt[100], ct[100], tag[16], out[101];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(pt, sizeof pt);
    msg m = {key, iv, aad, pt, ccm ? 12 : 12, sizeof aad, sizeof pt, 16};
    CHECK(ccm ? ccm_seal(c, &m, ct, tag, 0) : gcm_seal(c, &m, ct, tag, 0), "seal");
    size_t bit = (size_t)(t_rand64() % (which == 0 ? 128 : which == 1 ? 800 : 320));
    uint8_t *victim = which == 0 ? tag : which == 1 ? ct : aad;
    victim[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    m.in = ct;
    memset(out, 0x55, sizeof out);
    ERR_clear_error();
    if (ccm) {
        int fin = 1;
        int r = ccm_open(c, &m, out, tag, 0, &fin);
        CHECK(r == 0, "CCM forged %s: EVP_DecryptUpdate must fail (got %d)", what[which], r);
        CHECK(fin == 0, "CCM forged %s: EVP_DecryptFinal_ex must fail too", what[which]);
        CHECK(all_zero(out, sizeof pt), "CCM forged %s: output zeroed, no plaintext", what[which]);
    } else {
        int r = gcm_open(c, &m, out, tag, 1);
        CHECK(r == 0, "GCM forged %s: EVP_DecryptFinal_ex must fail (got %d)", what[which], r);
    }
    CHECK(t_ossl_error_says("tag mismatch"), "%s forged %s: karx's tag mismatch", ccm ? "CCM" : "GCM", what[which]);
    EVP_CIPHER_free(c);
}

/* ---- refusals ---- */

#define REFUSED(call, ...)                                   \
    do {                                                     \
        ERR_clear_error();                                   \
        int r_ = (call);                                     \
        CHECK(r_ <= 0, __VA_ARGS__);                         \
        CHECK(t_ossl_error_raised(), "an error for: " __VA_ARGS__); \
    } while (0)

/* the same, and the error says `why` (a text docs/OPENSSL.md quotes) */
#define REFUSED_SAYS(why, call, ...)                           \
    do {                                                       \
        ERR_clear_error();                                     \
        int r_ = (call);                                       \
        CHECK(r_ <= 0, __VA_ARGS__);                           \
        CHECK(t_ossl_error_says(why), "\"" why "\" for: " __VA_ARGS__); \
    } while (0)

static const uint8_t K32[32], IV16[16];

static void gcm_refusals(void)
{
    EVP_CIPHER *c = cipher_of(KARX_CIPHER_LEA128, 0);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (c == NULL || ctx == NULL)
        goto out;
    uint8_t buf[32], tag[16];
    int outl;
    CHECK(EVP_EncryptInit_ex(ctx, c, NULL, NULL, NULL), "init");
    REFUSED_SAYS("invalid key length", EVP_CIPHER_CTX_set_key_length(ctx, 24), "GCM LEA-128 with a 24-byte key");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 0, NULL), "GCM iv length 0");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 129, NULL), "GCM iv length 129");
    REFUSED(EVP_EncryptUpdate(ctx, buf, &outl, buf, 16), "GCM update with no key");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag), "GCM set tag on encrypt");
    CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, K32, NULL), "key only");
    /* no IV is generated (AES-GCM makes one): refused until one is set */
    REFUSED_SAYS("not initialized", EVP_EncryptUpdate(ctx, buf, &outl, buf, 16), "GCM update with no iv");
    uint8_t rec[13] = {0};
    REFUSED_SAYS("unsupported", EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, rec), "GCM TLS1_AAD");
    REFUSED_SAYS("unsupported", EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IV_FIXED, 4, rec), "GCM SET_IV_FIXED");
    CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, IV16), "iv");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag), "GCM tag before final");
    CHECK(EVP_EncryptUpdate(ctx, buf, &outl, buf, 16) && EVP_EncryptFinal_ex(ctx, buf, &outl),
          "a message");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 10, tag), "GCM tag of 10 bytes");
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 12, tag), "GCM tag of 12 bytes");
    REFUSED(EVP_EncryptUpdate(ctx, buf, &outl, buf, 16), "GCM: the spent IV again");
    REFUSED(EVP_EncryptFinal_ex(ctx, buf, &outl), "GCM: a second final on the spent IV");
    /* decryption */
    CHECK(EVP_DecryptInit_ex(ctx, c, NULL, K32, IV16), "decrypt init");
    static const int bad_tags[] = {0, 3, 5, 9, 11, 17};
    for (size_t i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++)
        REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, bad_tags[i], tag),
                "GCM tag length %d", bad_tags[i]);
    CHECK(EVP_DecryptUpdate(ctx, buf, &outl, buf, 16), "decrypt update");
    REFUSED(EVP_DecryptUpdate(ctx, NULL, &outl, buf, 4), "GCM AAD after data");
    REFUSED(EVP_DecryptFinal_ex(ctx, buf, &outl), "GCM final with no tag set");
out:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
}

static void ccm_refusals(void)
{
    EVP_CIPHER *c = cipher_of(KARX_CIPHER_CHAM128_256, 1);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (c == NULL || ctx == NULL)
        goto out;
    uint8_t buf[64], tag[16] = {0};
    int outl;
    CHECK(EVP_EncryptInit_ex(ctx, c, NULL, NULL, NULL), "init");
    REFUSED(EVP_CIPHER_CTX_set_key_length(ctx, 16), "CCM CHAM-128/256 with a 16-byte key");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 6, NULL), "CCM nonce 6");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 14, NULL), "CCM nonce 14");
    static const int bad_tags[] = {0, 2, 3, 5, 15, 18};
    for (size_t i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++)
        REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, bad_tags[i], NULL),
                "CCM tag length %d", bad_tags[i]);
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag), "CCM tag value on encrypt");
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 13, NULL), "nonce 13");
    REFUSED(EVP_EncryptUpdate(ctx, buf, &outl, buf, 16), "CCM update with no key");
    CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, K32, IV16), "key and nonce");
    REFUSED(EVP_EncryptUpdate(ctx, NULL, &outl, NULL, 65536), "CCM 65536 bytes with nonce 13");
    REFUSED(EVP_EncryptUpdate(ctx, NULL, &outl, buf, 8), "CCM AAD before the total length");
    CHECK(EVP_EncryptUpdate(ctx, NULL, &outl, NULL, 32), "total length");
    REFUSED(EVP_EncryptUpdate(ctx, buf, &outl, buf, 31), "CCM payload shorter than declared");
    CHECK(EVP_EncryptUpdate(ctx, buf, &outl, buf, 32) && outl == 32, "payload");
    REFUSED(EVP_EncryptUpdate(ctx, buf, &outl, buf, 32), "CCM a second payload on one nonce");
    REFUSED(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag), "CCM tag of the wrong length");
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 12, tag), "CCM tag (default 12)");
    CHECK(EVP_CIPHER_CTX_get_tag_length(ctx) == 12 && EVP_CIPHER_CTX_get_iv_length(ctx) == 13,
          "CCM tag length %d, nonce length %d", EVP_CIPHER_CTX_get_tag_length(ctx),
          EVP_CIPHER_CTX_get_iv_length(ctx));
    /* decryption without a tag */
    CHECK(EVP_DecryptInit_ex(ctx, NULL, NULL, K32, IV16), "decrypt init");
    REFUSED(EVP_DecryptUpdate(ctx, buf, &outl, buf, 32), "CCM decrypt with no tag set");
out:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
}

/* ---- streams: copy mid-way, IV reuse on one key, AAD-only CCM ---- */

static void gcm_copy(void)
{
    EVP_CIPHER *c = cipher_of(KARX_CIPHER_CHAM128_128, 0);
    EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new(), *b = EVP_CIPHER_CTX_new();
    if (c == NULL || a == NULL || b == NULL)
        goto out;
    uint8_t key[16], iv[12], aad[20], pt[2][100], want[100], wtag[16], ct[2][100], tag[2][16];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(pt[0], sizeof pt[0]);
    memcpy(pt[1], pt[0], 37);
    t_fill(pt[1] + 37, 63); /* same first 37 bytes, different rest */
    int l1, l2, l3;
    int ok = EVP_EncryptInit_ex(a, c, NULL, key, iv) && EVP_EncryptUpdate(a, NULL, &l1, aad, 20) &&
             EVP_EncryptUpdate(a, ct[0], &l2, pt[0], 37) && EVP_CIPHER_CTX_copy(b, a);
    CHECK(ok, "GCM stream and copy");
    EVP_CIPHER_CTX *ctx[2] = {a, b};
    for (int i = 0; i < 2 && ok; i++) {
        if (i == 1)
            memcpy(ct[1], ct[0], 37);
        CHECK(EVP_EncryptUpdate(ctx[i], ct[i] + 37, &l3, pt[i] + 37, 63) &&
                  EVP_EncryptFinal_ex(ctx[i], ct[i], &l3) &&
                  EVP_CIPHER_CTX_ctrl(ctx[i], EVP_CTRL_AEAD_GET_TAG, 16, tag[i]),
              "finish stream %d", i);
        CHECK(karx_gcm_encrypt(KARX_CIPHER_CHAM128_128, key, 16, iv, 12, want, wtag, 16, pt[i],
                               100, aad, 20) == KARX_OK, "karx");
        CHECK(memcmp(ct[i], want, 100) == 0 && memcmp(tag[i], wtag, 16) == 0,
              "GCM copied mid-stream: %s equals one-shot", i ? "copy" : "original");
    }
    /* a new IV on the same key: allowed, and right */
    uint8_t iv2[12], out[100], t2[16];
    t_fill(iv2, sizeof iv2);
    CHECK(EVP_EncryptInit_ex(a, NULL, NULL, NULL, iv2) && EVP_EncryptUpdate(a, out, &l1, pt[0], 100) &&
              EVP_EncryptFinal_ex(a, out, &l2) && EVP_CIPHER_CTX_ctrl(a, EVP_CTRL_AEAD_GET_TAG, 16, t2),
          "second message on the key");
    CHECK(karx_gcm_encrypt(KARX_CIPHER_CHAM128_128, key, 16, iv2, 12, want, wtag, 16, pt[0], 100,
                           NULL, 0) == KARX_OK && memcmp(out, want, 100) == 0 &&
              memcmp(t2, wtag, 16) == 0,
          "GCM second message (new IV, key kept) equals one-shot");
out:
    EVP_CIPHER_CTX_free(a);
    EVP_CIPHER_CTX_free(b);
    EVP_CIPHER_free(c);
}

/* The order docs/OPENSSL.md shows (key first, then the IV length, then the IV; init_ex2), and a
 * re-init with no IV in mid-message, which must not restart the message on the same IV. */
static void gcm_doc_order(void)
{
    EVP_CIPHER *c = cipher_of(KARX_CIPHER_LEA256, 0);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (c == NULL || ctx == NULL)
        goto out;
    uint8_t key[32], iv[16], aad[5], pt[40], out[40], tag[16], want[40], wtag[16];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(pt, sizeof pt);
    int n1, n2, n3;
    size_t taglen = 0;
    OSSL_PARAM q[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &taglen),
                      OSSL_PARAM_construct_end()};
    CHECK(EVP_EncryptInit_ex2(ctx, c, key, NULL, NULL) &&
              EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 16, NULL) &&
              EVP_EncryptInit_ex2(ctx, NULL, NULL, iv, NULL) &&
              EVP_CIPHER_CTX_get_iv_length(ctx) == 16 &&
              EVP_EncryptUpdate(ctx, NULL, &n1, aad, 5) && EVP_EncryptUpdate(ctx, out, &n2, pt, 40) &&
              EVP_EncryptFinal_ex(ctx, out + n2, &n3) &&
              EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag) &&
              EVP_CIPHER_CTX_get_params(ctx, q) && taglen == 16,
          "GCM in the documented order");
    CHECK(karx_gcm_encrypt(KARX_CIPHER_LEA256, key, 32, iv, 16, want, wtag, 16, pt, 40, aad, 5) ==
              KARX_OK && memcmp(out, want, 40) == 0 && memcmp(tag, wtag, 16) == 0,
          "documented order equals one-shot");
    t_fill(iv, sizeof iv);
    CHECK(EVP_EncryptInit_ex2(ctx, NULL, NULL, iv, NULL) && EVP_EncryptUpdate(ctx, out, &n1, pt, 20),
          "half a message");
    CHECK(EVP_EncryptInit_ex2(ctx, NULL, NULL, NULL, NULL), "re-init with nothing");
    REFUSED(EVP_EncryptUpdate(ctx, out, &n1, pt, 20), "GCM: restarting a message on its IV");
out:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
}

/* CCM copied after its AAD: both contexts finish the message as the one-shot does. */
static void ccm_copy(void)
{
    EVP_CIPHER *c = cipher_of(KARX_CIPHER_CHAM128_128, 1);
    EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new(), *b = EVP_CIPHER_CTX_new();
    if (c == NULL || a == NULL || b == NULL)
        goto out;
    uint8_t key[16], iv[11], aad[50], pt[77], want[77], wtag[12], ct[77], tag[12];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(pt, sizeof pt);
    int n;
    CHECK(EVP_EncryptInit_ex(a, c, NULL, NULL, NULL) &&
              EVP_CIPHER_CTX_ctrl(a, EVP_CTRL_AEAD_SET_IVLEN, 11, NULL) &&
              EVP_EncryptInit_ex(a, NULL, NULL, key, iv) &&
              EVP_EncryptUpdate(a, NULL, &n, NULL, 77) && EVP_EncryptUpdate(a, NULL, &n, aad, 20) &&
              EVP_CIPHER_CTX_copy(b, a),
          "CCM copy");
    CHECK(karx_ccm_encrypt(KARX_CIPHER_CHAM128_128, key, 16, iv, 11, want, wtag, 12, pt, 77, aad,
                           50) == KARX_OK, "karx");
    EVP_CIPHER_CTX *ctx[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        memset(ct, 0, sizeof ct);
        CHECK(EVP_EncryptUpdate(ctx[i], NULL, &n, aad + 20, 30) &&
                  EVP_EncryptUpdate(ctx[i], ct, &n, pt, 77) && EVP_EncryptFinal_ex(ctx[i], ct, &n) &&
                  EVP_CIPHER_CTX_ctrl(ctx[i], EVP_CTRL_AEAD_GET_TAG, 12, tag) &&
                  memcmp(ct, want, 77) == 0 && memcmp(tag, wtag, 12) == 0,
              "CCM %s after the copy equals one-shot", i ? "copy" : "original");
    }
out:
    EVP_CIPHER_CTX_free(a);
    EVP_CIPHER_CTX_free(b);
    EVP_CIPHER_free(c);
}

/* CCM with AAD and no payload call at all: the final call produces / checks the tag. */
static void ccm_aad_only(void)
{
    EVP_CIPHER *c = cipher_of(KARX_CIPHER_LEA192, 1);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (c == NULL || ctx == NULL)
        goto out;
    uint8_t key[24], iv[7], aad[33], tag[12], wtag[12], out[1];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    int l;
    CHECK(EVP_EncryptInit_ex(ctx, c, NULL, key, iv) && EVP_EncryptUpdate(ctx, NULL, &l, NULL, 0) &&
              EVP_EncryptUpdate(ctx, NULL, &l, aad, 33) && EVP_EncryptFinal_ex(ctx, out, &l) &&
              EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 12, tag),
          "CCM AAD only");
    CHECK(karx_ccm_encrypt(KARX_CIPHER_LEA192, key, 24, iv, 7, NULL, wtag, 12, NULL, 0, aad, 33) ==
              KARX_OK && memcmp(tag, wtag, 12) == 0,
          "CCM AAD-only tag equals one-shot");
    for (int forged = 0; forged < 2; forged++) {
        wtag[5] ^= (uint8_t)forged;
        ERR_clear_error();
        int ok = EVP_DecryptInit_ex(ctx, NULL, NULL, NULL, NULL) &&
                 EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 12, wtag) &&
                 EVP_DecryptInit_ex(ctx, NULL, NULL, key, iv) &&
                 EVP_DecryptUpdate(ctx, NULL, &l, NULL, 0) &&
                 EVP_DecryptUpdate(ctx, NULL, &l, aad, 33) && EVP_DecryptFinal_ex(ctx, out, &l);
        CHECK(ok == !forged, "CCM AAD-only decrypt, forged %d", forged);
        CHECK(t_ossl_error_raised() == forged, "an error exactly when forged (%d)", forged);
    }
out:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
}

static void all(char **argv)
{
    names();
    kats(argv[2]);
    random_messages();
    for (int which = 0; which < 3; which++) {
        forge(0, which);
        forge(1, which);
    }
    gcm_refusals();
    ccm_refusals();
    gcm_copy();
    gcm_doc_order();
    ccm_copy();
    ccm_aad_only();
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "ossl_aead", &lib, all, NULL);
}
