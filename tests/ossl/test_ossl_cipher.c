/* The provider's block-mode ciphers through EVP (ECB CBC CTR CFB CFB8 OFB; XTS is
 * test_ossl_xts.c):
 *  - the table: every cipher x mode row fetches from karx under each of its names, with the key,
 *    IV and block sizes and the mode of karx's registry; ARIA and 64-bit-segment CFB of 128-bit
 *    ciphers are not offered;
 *  - the vendored vectors (LEA ECB CBC CTR OFB CFB-128 from KISA, LEA-128 CFB-8 from KCMVP,
 *    HIGHT ECB CBC CTR from the KISA package via Crypto++, revised CHAM ECB), both directions,
 *    in one update and cut at random points;
 *  - every row against karx's one-shot API on random keys, IVs and lengths: streaming at odd
 *    cuts, in place, padding on and off, EVP_CIPHER_CTX_copy mid-stream, decryption back;
 *  - refusals with an OpenSSL error: wrong key / IV length, a partial last block without
 *    padding, bad padding, no key; padding changed mid-stream applies at final; and the IV /
 *    num parameters.
 * usage: test_ossl_cipher MODULES_DIR KAT_DIR */
#include "ossl_cipher_test.h"

#include <openssl/core_dispatch.h>

#include "karx/cipher.h"

static OSSL_LIB_CTX *libctx;
static const char *kat_dir;

/* ---- the expected table, written out here (not taken from the provider) ---- */

typedef struct {
    const char *std, *cli; /* "CHAM-128-256", "CHAM128-256" */
    karx_cipher_alg alg;
    size_t block, key;
} t_cipher;

static const t_cipher ciphers[] = {
    {"LEA-128", "LEA128", KARX_CIPHER_LEA128, 16, 16},
    {"LEA-192", "LEA192", KARX_CIPHER_LEA192, 16, 24},
    {"LEA-256", "LEA256", KARX_CIPHER_LEA256, 16, 32},
    {"HIGHT", "HIGHT", KARX_CIPHER_HIGHT, 8, 16},
    {"CHAM-64-128", "CHAM64-128", KARX_CIPHER_CHAM64_128, 8, 16},
    {"CHAM-128-128", "CHAM128-128", KARX_CIPHER_CHAM128_128, 16, 16},
    {"CHAM-128-256", "CHAM128-256", KARX_CIPHER_CHAM128_256, 16, 32},
};
#define NCIPHERS (sizeof ciphers / sizeof ciphers[0])

typedef struct {
    const char *name;
    karx_mode mode;
    int evp_mode;
} t_mode;

static const t_mode modes[] = {
    {"ECB", KARX_MODE_ECB, EVP_CIPH_ECB_MODE}, {"CBC", KARX_MODE_CBC, EVP_CIPH_CBC_MODE},
    {"CTR", KARX_MODE_CTR, EVP_CIPH_CTR_MODE}, {"CFB", KARX_MODE_CFB, EVP_CIPH_CFB_MODE},
    {"CFB8", KARX_MODE_CFB8, EVP_CIPH_CFB_MODE}, {"OFB", KARX_MODE_OFB, EVP_CIPH_OFB_MODE},
};
#define NMODES (sizeof modes / sizeof modes[0])

static int blocky(karx_mode m)
{
    return m == KARX_MODE_ECB || m == KARX_MODE_CBC;
}

static EVP_CIPHER *fetch(const char *name)
{
    return EVP_CIPHER_fetch(libctx, name, T_KARX);
}

static EVP_CIPHER *fetch_row(const t_cipher *c, const t_mode *m)
{
    char name[64];
    snprintf(name, sizeof name, "%s-%s", c->std, m->name);
    EVP_CIPHER *e = fetch(name);
    CHECK(e != NULL, "fetch %s", name);
    ERR_clear_error();
    return e;
}

/* ---- the table ---- */

static void check_row(const t_cipher *c, const t_mode *m)
{
    char std[64], cli[64], cfb[2][64];
    snprintf(std, sizeof std, "%s-%s", c->std, m->name);
    snprintf(cli, sizeof cli, "%s-%s", c->cli, m->name);
    snprintf(cfb[0], sizeof cfb[0], "%s-CFB%zu", c->std, 8 * c->block);
    snprintf(cfb[1], sizeof cfb[1], "%s-CFB%zu", c->cli, 8 * c->block);
    EVP_CIPHER *e = fetch(std);
    CHECK(e != NULL, "fetch %s", std);
    if (e == NULL)
        return;
    size_t iv = m->mode == KARX_MODE_ECB ? 0 : c->block;
    CHECK(EVP_CIPHER_get_key_length(e) == (int)c->key, "%s key length", std);
    CHECK(EVP_CIPHER_get_iv_length(e) == (int)iv, "%s iv length", std);
    CHECK(EVP_CIPHER_get_block_size(e) == (blocky(m->mode) ? (int)c->block : 1), "%s block", std);
    CHECK(EVP_CIPHER_get_mode(e) == m->evp_mode, "%s mode %d", std, EVP_CIPHER_get_mode(e));
    CHECK(EVP_CIPHER_is_a(e, cli), "%s is also %s", std, cli);
    CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(e)), "karx") == 0, "%s", std);
    EVP_CIPHER *alias = fetch(cli);
    CHECK(alias != NULL, "fetch %s", cli);
    EVP_CIPHER_free(alias);
    if (m->mode == KARX_MODE_CFB)
        for (int i = 0; i < 2; i++) {
            EVP_CIPHER *x = fetch(cfb[i]);
            CHECK(x != NULL && EVP_CIPHER_is_a(x, std), "fetch %s as %s", cfb[i], std);
            EVP_CIPHER_free(x);
        }
    EVP_CIPHER_free(e);
}

static void count_rows(EVP_CIPHER *c, void *arg)
{
    if (strcmp(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)), "karx") == 0 &&
        EVP_CIPHER_get_mode(c) != EVP_CIPH_GCM_MODE && EVP_CIPHER_get_mode(c) != EVP_CIPH_CCM_MODE)
        ++*(int *)arg;
}

static void table(void)
{
    for (size_t i = 0; i < NCIPHERS; i++)
        for (size_t j = 0; j < NMODES; j++)
            check_row(&ciphers[i], &modes[j]);
    /* nothing else: 7 ciphers x 6 modes + XTS for the five 128-bit ones */
    int n = 0;
    EVP_CIPHER_do_all_provided(libctx, count_rows, &n);
    CHECK(n == (int)(NCIPHERS * NMODES + 5), "karx offers %d block-mode ciphers", n);
    const char *absent[] = {"ARIA-128-CBC", "LEA-128-CFB64", "LEA128-CFB64", "CHAM-128-128-CFB64"};
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
        EVP_CIPHER *e = fetch(absent[i]);
        CHECK(e == NULL, "%s must not come from karx", absent[i]);
        EVP_CIPHER_free(e);
        ERR_clear_error();
    }
}

/* ---- known answers ---- */

typedef struct {
    const char *name; /* the EVP name; NULL: from the record's section */
    int marks;        /* only records after this many mark comments (-1: any) */
    unsigned n;
} kat_spec;

/* "LEA-192 CFB-128 MMT (...)" -> "LEA-192-CFB"; "CHAM-64/128 revised" -> "CHAM-64-128-ECB";
 * "HIGHT/CTR" -> "HIGHT-CTR". 0 for sections without vectors for us (CCM GCM CMAC). */
static int name_of_section(const char *sec, char *out, size_t cap)
{
    char a[64] = "", b[64] = "";
    if (strncmp(sec, "CHAM-", 5) == 0 && sscanf(sec, "%63s", a) == 1) {
        for (char *p = a; *p; p++)
            *p = *p == '/' ? '-' : *p;
        snprintf(out, cap, "%s-ECB", a);
        return 1;
    }
    if (strncmp(sec, "HIGHT/", 6) == 0) {
        snprintf(out, cap, "HIGHT-%s", sec + 6);
        return 1;
    }
    if (sscanf(sec, "%63s %63s", a, b) != 2 || strncmp(a, "LEA-", 4) != 0)
        return 0;
    if (strcmp(b, "CFB-128") == 0)
        strcpy(b, "CFB");
    if (strcmp(b, "ECB") && strcmp(b, "CBC") && strcmp(b, "CTR") && strcmp(b, "OFB") &&
        strcmp(b, "CFB"))
        return 0;
    snprintf(out, cap, "%s-%s", a, b);
    return 1;
}

static void kat_one(const t_rec *r, void *arg)
{
    kat_spec *s = arg;
    char name[64];
    if (s->marks >= 0 && r->marks != s->marks)
        return;
    if (s->name != NULL)
        snprintf(name, sizeof name, "%s", s->name);
    else if (!name_of_section(r->section, name, sizeof name))
        return;
    size_t kl, ivl, pl, cl, got = 0, cuts[3];
    uint8_t *key = t_hex_field(r->key, &kl), *iv = t_hex_field(r->iv, &ivl);
    uint8_t *pt = t_hex_field(r->pt, &pl), *ct = t_hex_field(r->ct, &cl);
    uint8_t *out = malloc(pl + 32);
    EVP_CIPHER *e = fetch(name);
    CHECK(e != NULL && pl == cl, "%s: fetch, lengths", name);
    if (e != NULL && out != NULL && pl == cl) {
        CHECK(EVP_CIPHER_get_key_length(e) == (int)kl && EVP_CIPHER_get_iv_length(e) == (int)ivl,
              "%s: vector key %zu iv %zu", name, kl, ivl);
        int ok = t_evp_crypt(e, 1, 0, key, iv, pt, pl, out, &got, NULL, 0);
        CHECK(ok && got == cl && memcmp(out, ct, cl) == 0, "%s: encrypt %s", name, r->key);
        t_random_cuts(cl, cuts, 3);
        ok = t_evp_crypt(e, 0, 0, key, iv, ct, cl, out, &got, cuts, 3);
        CHECK(ok && got == pl && memcmp(out, pt, pl) == 0, "%s: decrypt (cut)", name);
        s->n++;
    }
    EVP_CIPHER_free(e);
    free(key), free(iv), free(pt), free(ct), free(out);
}

static void kat_file(const char *file, const char *name, const char *mark, int marks,
                     unsigned expect)
{
    kat_spec s = {name, marks, 0};
    long n = t_read_vectors(kat_dir, file, mark, kat_one, &s);
    CHECK(n > 0 && s.n == expect, "%s: %u vectors run, %u expected", file, s.n, expect);
}

static void kats(void)
{
    kat_file("kisa_lea_modes_vs.txt", NULL, NULL, -1, 150); /* 5 modes x 3 keys x 10 */
    kat_file("kcmvp_lea128_cfb_mmt.txt", "LEA-128-CFB8", "# LEA128(CFB8)MMT.txt", 1, 10);
    kat_file("cryptopp_hight.txt", NULL, NULL, -1, 75); /* 15 ECB, 8 CBC, 52 CTR */
    kat_file("revised_cham_kat.txt", NULL, NULL, -1, 3);
    kat_file("derived_revised_cham64_128_ecbvartxt.rsp", "CHAM64-128-ECB", NULL, -1, 64);
    kat_file("derived_revised_cham128_128_ecbvartxt.rsp", "CHAM128-128-ECB", NULL, -1, 128);
    kat_file("derived_revised_cham128_256_ecbvarkey.rsp", "CHAM128-256-ECB", NULL, -1, 256);
}

/* ---- against karx's one-shot API ---- */

/* One random message through EVP (cut, maybe in place) and through karx_cipher_encrypt. */
static void random_one(const t_cipher *c, const t_mode *m, EVP_CIPHER *e, int pad, int inplace)
{
    uint8_t key[32], iv[16], pt[300], ref[340], out[340], back[340];
    size_t B = c->block, len = (size_t)(t_rand64() % 260), n_ref = 0, n = 0, cuts[4];
    if (blocky(m->mode) && !pad)
        len -= len % B;
    size_t ivl = m->mode == KARX_MODE_ECB ? 0 : B;
    t_fill(key, sizeof key), t_fill(iv, sizeof iv), t_fill(pt, sizeof pt);
    karx_status st = karx_cipher_encrypt(c->alg, m->mode, pad ? KARX_PAD_PKCS7 : KARX_PAD_NONE,
                                         key, c->key, ivl ? iv : NULL, ivl, ref, sizeof ref,
                                         &n_ref, pt, len);
    CHECK(st == KARX_OK, "karx one-shot %s-%s", c->std, m->name);
    t_random_cuts(len, cuts, 4);
    uint8_t *dst = out;
    if (inplace) {
        memcpy(out, pt, len);
        dst = out; /* in = out */
    }
    int ok = t_evp_crypt(e, 1, pad, key, iv, inplace ? out : pt, len, dst, &n, cuts, 4);
    CHECK(ok && n == n_ref && memcmp(out, ref, n) == 0, "%s-%s pad %d len %zu inplace %d",
          c->std, m->name, pad, len, inplace);
    t_random_cuts(n_ref, cuts, 4);
    ok = t_evp_crypt(e, 0, pad, key, iv, ref, n_ref, back, &n, cuts, 4);
    CHECK(ok && n == len && memcmp(back, pt, len) == 0, "%s-%s decrypt pad %d len %zu", c->std,
          m->name, pad, len);
}

/* EVP_CIPHER_CTX_copy after a first part: both continue to the same, right answer. */
static void copy_mid(const t_cipher *c, const t_mode *m, EVP_CIPHER *e)
{
    uint8_t key[32], iv[16], pt[200], ref[240], o1[240], o2[240];
    size_t len = 150, split = 1 + (size_t)(t_rand64() % 149), n_ref = 0;
    size_t ivl = m->mode == KARX_MODE_ECB ? 0 : c->block;
    t_fill(key, sizeof key), t_fill(iv, sizeof iv), t_fill(pt, sizeof pt);
    karx_cipher_encrypt(c->alg, m->mode, KARX_PAD_PKCS7, key, c->key, ivl ? iv : NULL, ivl, ref,
                        sizeof ref, &n_ref, pt, len);
    EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new(), *b = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0, f1 = 0, f2 = 0, t1 = 0, t2 = 0;
    int ok = a && b && EVP_EncryptInit_ex2(a, e, key, iv, NULL) &&
             EVP_EncryptUpdate(a, o1, &l1, pt, (int)split) && EVP_CIPHER_CTX_copy(b, a);
    memcpy(o2, o1, (size_t)l1);
    ok = ok && EVP_EncryptUpdate(a, o1 + l1, &t1, pt + split, (int)(len - split)) &&
         EVP_EncryptUpdate(b, o2 + l1, &t2, pt + split, (int)(len - split)) &&
         EVP_EncryptFinal_ex(a, o1 + l1 + t1, &f1) && EVP_EncryptFinal_ex(b, o2 + l1 + t2, &f2);
    l2 = l1 + t2 + f2;
    l1 += t1 + f1;
    CHECK(ok && (size_t)l1 == n_ref && (size_t)l2 == n_ref && memcmp(o1, ref, n_ref) == 0 &&
              memcmp(o2, ref, n_ref) == 0,
          "%s-%s copy at %zu", c->std, m->name, split);
    EVP_CIPHER_CTX_free(a);
    EVP_CIPHER_CTX_free(b);
}

static void against_karx(void)
{
    for (size_t i = 0; i < NCIPHERS; i++)
        for (size_t j = 0; j < NMODES; j++) {
            EVP_CIPHER *e = fetch_row(&ciphers[i], &modes[j]);
            if (e == NULL)
                continue;
            for (int k = 0; k < 12; k++)
                random_one(&ciphers[i], &modes[j], e, k & 1, (k >> 1) & 1);
            copy_mid(&ciphers[i], &modes[j], e);
            EVP_CIPHER_free(e);
        }
}

/* ---- refusals and parameters ---- */

static const uint8_t zeros[64];

static void wrong_lengths(void)
{
    EVP_CIPHER *e = fetch("LEA-128-CBC");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (e == NULL || ctx == NULL) {
        CHECK(0, "setup");
        return;
    }
    CHECK(EVP_EncryptInit_ex2(ctx, e, NULL, NULL, NULL) == 1, "init without key");
    CHECK(EVP_CIPHER_CTX_set_key_length(ctx, 24) == 0, "key length 24 refused");
    CHECK(t_ossl_error_says("invalid key length"), "with an error");
    CHECK(EVP_CIPHER_CTX_set_key_length(ctx, 16) == 1, "key length 16 (its own) accepted");
    CHECK(t_init_with_size(ctx, e, zeros, zeros, OSSL_CIPHER_PARAM_KEYLEN, 17) == 0,
          "init with keylen 17 refused");
    CHECK(t_ossl_error_says("invalid key length"), "with an error");
    CHECK(t_init_with_size(ctx, e, zeros, zeros, OSSL_CIPHER_PARAM_IVLEN, 12) == 0,
          "init with ivlen 12 refused");
    CHECK(t_ossl_error_says("invalid iv length"), "with an error");
    size_t badiv = 12;
    OSSL_PARAM ip[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &badiv),
                       OSSL_PARAM_construct_end()};
    CHECK(EVP_CIPHER_CTX_set_params(ctx, ip) == 0, "set ivlen 12 refused");
    CHECK(t_ossl_error_says("invalid iv length"), "with an error");
    /* update before any key: refused, not a crash */
    uint8_t out[64];
    int n = 0;
    CHECK(EVP_EncryptInit_ex2(ctx, e, NULL, NULL, NULL) == 1, "re-init");
    CHECK(EVP_EncryptUpdate(ctx, out, &n, zeros, 16) == 0, "update without key refused");
    CHECK(t_ossl_error_says("not initialized"), "with an error");
    CHECK(EVP_EncryptInit_ex2(ctx, NULL, zeros, NULL, NULL) == 1, "key, no IV yet");
    CHECK(EVP_EncryptUpdate(ctx, out, &n, zeros, 16) == 0, "update without IV refused");
    CHECK(t_ossl_error_says("not initialized"), "with an error");
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(e);
}

/* OPENSSL.md, "Data path" and "Output size": in place works, other overlaps are refused; the
 * provider's update refuses an outsize below what it would write (EVP always passes enough, so
 * the provider's own update is called here), writing nothing. */
static void overlap_and_outsize(void)
{
    EVP_CIPHER *e = fetch("LEA-128-CTR");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t buf[80], out[64];
    int n = 0;
    if (e == NULL || ctx == NULL) {
        CHECK(0, "setup");
        goto done;
    }
    memset(buf, 7, sizeof buf);
    CHECK(EVP_EncryptInit_ex2(ctx, e, zeros, zeros, NULL) && EVP_EncryptUpdate(ctx, buf, &n, buf, 32) == 1,
          "in place");
    CHECK(EVP_EncryptUpdate(ctx, buf + 1, &n, buf, 32) == 0, "out = in + 1 refused");
    CHECK(t_ossl_error_raised(), "with an error");
    CHECK(EVP_EncryptUpdate(ctx, buf, &n, buf + 1, 32) == 0, "out = in - 1 refused");
    CHECK(t_ossl_error_raised(), "with an error");
    OSSL_FUNC_cipher_update_fn *upd = NULL;
    OSSL_FUNC_cipher_newctx_fn *newctx = NULL;
    OSSL_FUNC_cipher_freectx_fn *freectx = NULL;
    OSSL_FUNC_cipher_encrypt_init_fn *einit = NULL;
    int no_cache = 0;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(EVP_CIPHER_get0_provider(e), OSSL_OP_CIPHER, &no_cache);
    for (; a && a->algorithm_names; a++) {
        if (strncmp(a->algorithm_names, "LEA-128-CTR:", 12) != 0)
            continue;
        for (const OSSL_DISPATCH *d = a->implementation; d->function_id; d++) {
            if (d->function_id == OSSL_FUNC_CIPHER_UPDATE) upd = OSSL_FUNC_cipher_update(d);
            if (d->function_id == OSSL_FUNC_CIPHER_NEWCTX) newctx = OSSL_FUNC_cipher_newctx(d);
            if (d->function_id == OSSL_FUNC_CIPHER_FREECTX) freectx = OSSL_FUNC_cipher_freectx(d);
            if (d->function_id == OSSL_FUNC_CIPHER_ENCRYPT_INIT) einit = OSSL_FUNC_cipher_encrypt_init(d);
        }
    }
    CHECK(upd && newctx && freectx && einit, "LEA-128-CTR's dispatch table");
    if (upd && newctx && freectx && einit) {
        void *pc = newctx(OSSL_PROVIDER_get0_provider_ctx(EVP_CIPHER_get0_provider(e)));
        size_t outl = 99;
        memset(out, 0xa5, sizeof out);
        CHECK(pc && einit(pc, zeros, 16, zeros, 16, NULL) == 1, "provider encrypt_init");
        CHECK(pc && upd(pc, out, &outl, 31, zeros, 32) == 0, "outsize 31 for 32 bytes refused");
        CHECK(t_ossl_error_raised(), "with an error");
        int untouched = 1;
        for (size_t i = 0; i < sizeof out; i++)
            untouched &= out[i] == 0xa5;
        CHECK(untouched, "nothing written");
        CHECK(pc && upd(pc, out, &outl, 32, zeros, 32) == 1 && outl == 32, "outsize 32 for 32 bytes");
        freectx(pc);
    }
done:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(e);
}

/* A partial block without padding, bad padding and a truncated ciphertext fail at final. */
static void bad_final(void)
{
    EVP_CIPHER *e = fetch("HIGHT-CBC");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t out[64], ct[32];
    int n = 0, f = 0;
    if (e == NULL || ctx == NULL) {
        CHECK(0, "setup");
        return;
    }
    CHECK(EVP_EncryptInit_ex2(ctx, e, zeros, zeros, NULL) && EVP_CIPHER_CTX_set_padding(ctx, 0) &&
              EVP_EncryptUpdate(ctx, out, &n, zeros, 13) == 1,
          "no padding, 13 bytes");
    CHECK(EVP_EncryptFinal_ex(ctx, out + n, &f) == 0, "13 bytes without padding refused at final");
    CHECK(t_ossl_error_says("invalid data length"), "with an error");
    /* a ciphertext whose last block decrypts to a bad pad: encrypt 16 zero bytes unpadded */
    size_t len = 0;
    CHECK(t_evp_crypt(e, 1, 0, zeros, zeros, zeros, 16, ct, &len, NULL, 0) && len == 16, "ct");
    /* the padding setting outlives a re-init of the same context, as in OpenSSL */
    CHECK(EVP_DecryptInit_ex2(ctx, e, zeros, zeros, NULL) && EVP_CIPHER_CTX_set_padding(ctx, 1) &&
              EVP_DecryptUpdate(ctx, out, &n, ct, 16) == 1,
          "padded decrypt update");
    CHECK(EVP_DecryptFinal_ex(ctx, out + n, &f) == 0, "bad padding refused at final");
    CHECK(t_ossl_error_says("bad decrypt"), "with an error (bad decrypt)");
    CHECK(EVP_DecryptInit_ex2(ctx, e, zeros, zeros, NULL) &&
              EVP_DecryptUpdate(ctx, out, &n, ct, 12) == 1,
          "truncated ciphertext update");
    CHECK(EVP_DecryptFinal_ex(ctx, out + n, &f) == 0, "truncated ciphertext refused at final");
    CHECK(t_ossl_error_says("invalid data length"), "with an error");
    /* padding changed once data went through: accepted, as OpenSSL's ciphers do, and applied
     * at this message's final (test_ossl_vs_aes.c compares it all with AES) */
    CHECK(EVP_EncryptInit_ex2(ctx, e, zeros, zeros, NULL) &&
              EVP_EncryptUpdate(ctx, out, &n, zeros, 5) == 1,
          "5 bytes in");
    CHECK(EVP_CIPHER_CTX_set_padding(ctx, 0) == 1, "padding changed mid-stream accepted");
    CHECK(EVP_EncryptFinal_ex(ctx, out + n, &f) == 0, "and applied: 5 bytes unpadded refused");
    CHECK(t_ossl_error_says("invalid data length"), "with an error");
    /* CTR: a message that would take the counter past all-ones is refused (OPENSSL.md, "CTR
     * counter"): CHAM-64-128's 8-byte counter at ff..ff has one block left */
    EVP_CIPHER *ctr = fetch("CHAM-64-128-CTR");
    uint8_t ones[8];
    memset(ones, 0xff, sizeof ones);
    CHECK(ctr != NULL && EVP_EncryptInit_ex2(ctx, ctr, zeros, ones, NULL) &&
              EVP_EncryptUpdate(ctx, out, &n, zeros, 8) == 1 && n == 8,
          "CTR: the last counter value serves one block");
    CHECK(EVP_EncryptUpdate(ctx, out, &n, zeros, 1) == 0, "CTR: a byte past the last counter refused");
    CHECK(t_ossl_error_says("counter would wrap"), "with karx's reason");
    EVP_CIPHER_free(ctr);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(e);
}

/* The IV parameters as OpenSSL defines them: the original IV, and the chain / counter the
 * stream continues from (whole blocks through); num counts used keystream bytes. */
static void iv_params(void)
{
    EVP_CIPHER *cbc = fetch("LEA-256-CBC"), *ctr = fetch("CHAM-64-128-CTR");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t key[32], iv[16], pt[64], out[96], got[16], want[16];
    int n = 0;
    t_fill(key, sizeof key), t_fill(iv, sizeof iv), t_fill(pt, sizeof pt);
    if (cbc == NULL || ctr == NULL || ctx == NULL) {
        CHECK(0, "setup");
        goto done;
    }
    CHECK(EVP_EncryptInit_ex2(ctx, cbc, key, iv, NULL) && EVP_EncryptUpdate(ctx, out, &n, pt, 48) &&
              n == 48,
          "cbc 48 bytes");
    CHECK(EVP_CIPHER_CTX_get_updated_iv(ctx, got, 16) && memcmp(got, out + 32, 16) == 0,
          "CBC updated IV = last ciphertext block");
    CHECK(EVP_CIPHER_CTX_get_original_iv(ctx, got, 16) && memcmp(got, iv, 16) == 0, "original IV");
    /* CTR over 8-byte blocks: 3 blocks and 3 bytes used -> counter + 4, num 3 */
    iv[7] = 0xfe;
    CHECK(EVP_EncryptInit_ex2(ctx, ctr, key, iv, NULL) && EVP_EncryptUpdate(ctx, out, &n, pt, 27),
          "ctr 27 bytes");
    memcpy(want, iv, 8);
    unsigned carry = 4;
    for (int i = 7; i >= 0; i--) {
        carry += want[i];
        want[i] = (uint8_t)carry;
        carry >>= 8;
    }
    CHECK(EVP_CIPHER_CTX_get_updated_iv(ctx, got, 8) && memcmp(got, want, 8) == 0,
          "CTR updated IV = counter + 4");
    CHECK(EVP_CIPHER_CTX_get_num(ctx) == 3, "num %d", EVP_CIPHER_CTX_get_num(ctx));
    CHECK(EVP_CIPHER_CTX_set_num(ctx, 5) == 0, "num cannot jump");
    ERR_clear_error();
    unsigned pad = 7;
    OSSL_PARAM pp[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_PADDING, &pad),
                       OSSL_PARAM_construct_end()};
    CHECK(EVP_CIPHER_CTX_get_params(ctx, pp) && pad == 1, "padding on by default (%u)", pad);
done:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(cbc);
    EVP_CIPHER_free(ctr);
}

/* EVP_Cipher never pads and takes whole ECB/CBC blocks; a re-init with only a new IV keeps the
 * key; a final without updates of padded ECB is one block of padding. */
static void evp_cipher_and_reinit(void)
{
    EVP_CIPHER *e = fetch("CHAM128-256-CBC"), *ecb = fetch("LEA-192-ECB");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t key[32], iv[16], iv2[16], pt[48], out[80], ref[80];
    size_t n_ref = 0;
    int n = 0, f = 0;
    t_fill(key, sizeof key), t_fill(iv, sizeof iv), t_fill(iv2, sizeof iv2), t_fill(pt, sizeof pt);
    if (e == NULL || ecb == NULL || ctx == NULL) {
        CHECK(0, "setup");
        goto done;
    }
    karx_cipher_encrypt(KARX_CIPHER_CHAM128_256, KARX_MODE_CBC, KARX_PAD_NONE, key, 32, iv, 16,
                        ref, sizeof ref, &n_ref, pt, 48);
    CHECK(EVP_EncryptInit_ex2(ctx, e, key, iv, NULL) && EVP_Cipher(ctx, out, pt, 32) == 32 &&
              EVP_Cipher(ctx, out + 32, pt + 32, 16) == 16 && memcmp(out, ref, 48) == 0,
          "EVP_Cipher CBC = unpadded CBC");
    /* decryption too: nothing held back for a padding check */
    CHECK(EVP_DecryptInit_ex2(ctx, NULL, key, iv, NULL) && EVP_Cipher(ctx, out, ref, 48) == 48 &&
              memcmp(out, pt, 48) == 0,
          "EVP_Cipher CBC decrypt, whole");
    CHECK(EVP_Cipher(ctx, out, pt, 5) <= 0, "EVP_Cipher of a partial block refused");
    CHECK(t_ossl_error_raised(), "with an error");
    karx_cipher_encrypt(KARX_CIPHER_CHAM128_256, KARX_MODE_CBC, KARX_PAD_PKCS7, key, 32, iv2, 16,
                        ref, sizeof ref, &n_ref, pt, 20);
    CHECK(EVP_EncryptInit_ex2(ctx, NULL, NULL, iv2, NULL) &&
              EVP_EncryptUpdate(ctx, out, &n, pt, 20) && EVP_EncryptFinal_ex(ctx, out + n, &f) &&
              (size_t)(n + f) == n_ref && memcmp(out, ref, n_ref) == 0,
          "new IV, same key");
    karx_cipher_encrypt(KARX_CIPHER_LEA192, KARX_MODE_ECB, KARX_PAD_PKCS7, key, 24, NULL, 0, ref,
                        sizeof ref, &n_ref, pt, 0);
    CHECK(EVP_EncryptInit_ex2(ctx, ecb, key, NULL, NULL) && EVP_EncryptFinal_ex(ctx, out, &f) &&
              f == 16 && n_ref == 16 && memcmp(out, ref, 16) == 0,
          "empty padded ECB");
done:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(e);
    EVP_CIPHER_free(ecb);
}

/* In order; each fetches from libctx, kats() reads kat_dir. */
static void (*const tests[])(void) = {table,     kats,          against_karx,
                                      wrong_lengths, bad_final, overlap_and_outsize,
                                      iv_params, evp_cipher_and_reinit};

static void all(char **argv)
{
    kat_dir = argv[2];
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        tests[i]();
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "test_ossl_cipher", &libctx, all, NULL);
}
