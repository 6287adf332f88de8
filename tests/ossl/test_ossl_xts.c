/* The provider's XTS ciphers through EVP, used as OpenSSL's AES-XTS is: key = data key ||
 * tweak key, IV = the 16-byte tweak, each update one whole data unit under that tweak.
 *  - the table: LEA-128/192/256-XTS and CHAM-128-128/256-XTS (and the CLI-style aliases), key
 *    twice the cipher key, IV 16, block 1, EVP_CIPH_XTS_MODE; none for 64-bit blocks;
 *  - tests/kat/model_xts.txt (the independent model's vectors; its ARIA rows are counted and
 *    skipped: ARIA is OpenSSL's own), single units and sectors (one init per unit, tweak + i);
 *  - against karx_xts_encrypt / decrypt on random keys, tweaks and lengths, in place, two units
 *    through one context, EVP_CIPHER_CTX_copy;
 *  - refusals with an OpenSSL error: a unit under 16 bytes, equal key halves (both directions),
 *    wrong key / IV length, no tweak.
 * usage: test_ossl_xts MODULES_DIR KAT_DIR */
#include "ossl_cipher_test.h"

#include "karx/xts.h"

static OSSL_LIB_CTX *libctx;

typedef struct {
    const char *std, *cli, *model; /* EVP names, the model file's cipher name */
    karx_cipher_alg alg;
    size_t key; /* the cipher's own key: EVP takes twice this */
} t_xts;

static const t_xts rows[] = {
    {"LEA-128-XTS", "LEA128-XTS", "lea128", KARX_CIPHER_LEA128, 16},
    {"LEA-192-XTS", "LEA192-XTS", "lea192", KARX_CIPHER_LEA192, 24},
    {"LEA-256-XTS", "LEA256-XTS", "lea256", KARX_CIPHER_LEA256, 32},
    {"CHAM-128-128-XTS", "CHAM128-128-XTS", "cham128-128", KARX_CIPHER_CHAM128_128, 16},
    {"CHAM-128-256-XTS", "CHAM128-256-XTS", "cham128-256", KARX_CIPHER_CHAM128_256, 32},
};
#define NROWS (sizeof rows / sizeof rows[0])

static EVP_CIPHER *fetch(const char *name)
{
    EVP_CIPHER *e = EVP_CIPHER_fetch(libctx, name, T_KARX);
    ERR_clear_error();
    return e;
}

static void table(void)
{
    for (size_t i = 0; i < NROWS; i++) {
        EVP_CIPHER *e = fetch(rows[i].std), *a = fetch(rows[i].cli);
        CHECK(e != NULL && a != NULL, "fetch %s / %s", rows[i].std, rows[i].cli);
        if (e != NULL) {
            CHECK(EVP_CIPHER_get_key_length(e) == (int)(2 * rows[i].key), "%s key", rows[i].std);
            CHECK(EVP_CIPHER_get_iv_length(e) == 16, "%s iv", rows[i].std);
            CHECK(EVP_CIPHER_get_block_size(e) == 1, "%s block", rows[i].std);
            CHECK(EVP_CIPHER_get_mode(e) == EVP_CIPH_XTS_MODE, "%s mode", rows[i].std);
            CHECK(a == NULL || EVP_CIPHER_is_a(a, rows[i].std), "%s alias", rows[i].cli);
        }
        EVP_CIPHER_free(e);
        EVP_CIPHER_free(a);
    }
    const char *absent[] = {"HIGHT-XTS", "CHAM-64-128-XTS", "CHAM64-128-XTS", "ARIA-128-XTS"};
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
        EVP_CIPHER *e = fetch(absent[i]);
        CHECK(e == NULL, "%s must not come from karx", absent[i]);
        EVP_CIPHER_free(e);
    }
}

/* One data unit through a context already holding the key: set the tweak, one update. */
static int unit(EVP_CIPHER_CTX *ctx, int enc, const uint8_t tweak[16], const uint8_t *in,
                size_t len, uint8_t *out)
{
    int n = 0, f = 0;
    int ok = EVP_CipherInit_ex2(ctx, NULL, NULL, tweak, enc, NULL) == 1 &&
             EVP_CipherUpdate(ctx, out, &n, in, (int)len) == 1 && (size_t)n == len &&
             EVP_CipherFinal_ex(ctx, out + n, &f) == 1 && f == 0;
    return ok;
}

static void tweak_add(uint8_t t[16], uint64_t k)
{
    for (int i = 0; i < 16 && k != 0; i++) {
        k += t[i];
        t[i] = (uint8_t)k;
        k >>= 8;
    }
}

/* The input as units of `sector` bytes (0: one unit), unit i under tweak + i. */
static int run_units(const EVP_CIPHER *e, int enc, const uint8_t *key, const uint8_t *tweak,
                     size_t sector, const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t t[16];
    memcpy(t, tweak, 16);
    int ok = ctx != NULL && EVP_CipherInit_ex2(ctx, e, key, NULL, enc, NULL) == 1;
    size_t step = sector ? sector : len;
    for (size_t pos = 0; ok && pos < len; pos += step, tweak_add(t, 1)) {
        size_t n = len - pos < step ? len - pos : step;
        ok = unit(ctx, enc, t, in + pos, n, out + pos);
    }
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

typedef struct {
    unsigned run, skipped;
} kat_count;

static void kat_one(const t_rec *r, void *arg)
{
    kat_count *k = arg;
    const t_xts *row = NULL;
    for (size_t i = 0; i < NROWS; i++)
        if (r->cipher && strcmp(r->cipher, rows[i].model) == 0)
            row = &rows[i];
    if (row == NULL) {
        k->skipped += r->cipher != NULL && strncmp(r->cipher, "aria", 4) == 0;
        return;
    }
    size_t kl, tl, pl, cl;
    uint8_t *key = t_hex_field(r->key, &kl), *tw = t_hex_field(r->iv, &tl);
    uint8_t *pt = t_hex_field(r->pt, &pl), *ct = t_hex_field(r->ct, &cl);
    uint8_t *out = malloc(pl + 1);
    size_t sector = r->sector ? strtoul(r->sector, NULL, 10) : 0;
    EVP_CIPHER *e = fetch(row->std);
    CHECK(e != NULL && out != NULL && kl == 2 * row->key && tl == 16 && pl == cl, "%s vector",
          row->std);
    if (e != NULL && out != NULL && kl == 2 * row->key && tl == 16 && pl == cl) {
        int ok = run_units(e, 1, key, tw, sector, pt, pl, out);
        CHECK(ok && memcmp(out, ct, cl) == 0, "%s encrypt %zu bytes sector %zu", row->std, pl,
              sector);
        memcpy(out, ct, cl);
        ok = run_units(e, 0, key, tw, sector, out, cl, out); /* in place */
        CHECK(ok && memcmp(out, pt, pl) == 0, "%s decrypt in place", row->std);
        k->run++;
    }
    EVP_CIPHER_free(e);
    free(key), free(tw), free(pt), free(ct), free(out);
}

static void kats(const char *dir)
{
    kat_count k = {0, 0};
    long n = t_read_vectors(dir, "model_xts.txt", NULL, kat_one, &k);
    CHECK(n == 64 && k.run == 40 && k.skipped == 24, "model_xts.txt: %ld records, %u run, %u "
          "ARIA skipped", n, k.run, k.skipped);
}

/* Random units against karx's one-shot XTS; two units through one context; a copy. */
static void against_karx(void)
{
    for (size_t i = 0; i < NROWS; i++) {
        EVP_CIPHER *e = fetch(rows[i].std);
        if (e == NULL) {
            CHECK(0, "fetch %s", rows[i].std);
            continue;
        }
        for (int r = 0; r < 8; r++) {
            uint8_t key[64], tw[16], pt[300], ref[300], out[300];
            size_t len = 16 + (size_t)(t_rand64() % 280);
            karx_xts_key xk;
            t_fill(key, sizeof key), t_fill(tw, sizeof tw), t_fill(pt, sizeof pt);
            CHECK(karx_xts_set_key(&xk, rows[i].alg, key, 2 * rows[i].key) == KARX_OK &&
                      karx_xts_encrypt(&xk, tw, ref, pt, len) == KARX_OK,
                  "karx xts");
            karx_xts_key_wipe(&xk);
            memcpy(out, pt, len);
            CHECK(run_units(e, 1, key, tw, 0, out, len, out) && memcmp(out, ref, len) == 0,
                  "%s %zu bytes in place", rows[i].std, len);
            CHECK(run_units(e, 0, key, tw, 0, ref, len, out) && memcmp(out, pt, len) == 0,
                  "%s decrypt %zu bytes", rows[i].std, len);
            /* one context, two updates: each is its own unit under the same tweak */
            EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new(), *b = EVP_CIPHER_CTX_new();
            uint8_t o1[300], o2[300];
            int n1 = 0, n2 = 0;
            int ok = a && b && EVP_EncryptInit_ex2(a, e, key, tw, NULL) &&
                     EVP_EncryptUpdate(a, o1, &n1, pt, (int)len) && EVP_CIPHER_CTX_copy(b, a) &&
                     EVP_EncryptUpdate(a, o2, &n2, pt, (int)len);
            CHECK(ok && memcmp(o1, ref, len) == 0 && memcmp(o2, ref, len) == 0,
                  "%s two units, same tweak", rows[i].std);
            ok = ok && EVP_EncryptUpdate(b, o2, &n2, pt, (int)len);
            CHECK(ok && memcmp(o2, ref, len) == 0, "%s copy", rows[i].std);
            EVP_CIPHER_CTX_free(a);
            EVP_CIPHER_CTX_free(b);
        }
        EVP_CIPHER_free(e);
    }
}

static void refusals(void)
{
    EVP_CIPHER *e = fetch("LEA-256-XTS");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t key[64], same[64], tw[16] = {1}, buf[64] = {0};
    int n = 0;
    if (e == NULL || ctx == NULL) {
        CHECK(0, "setup");
        goto done;
    }
    t_fill(key, sizeof key);
    memcpy(same, key, 32);
    memcpy(same + 32, key, 32);
    CHECK(EVP_EncryptInit_ex2(ctx, e, key, tw, NULL) == 1, "init");
    CHECK(EVP_EncryptUpdate(ctx, buf, &n, buf, 15) == 0, "15-byte unit refused");
    CHECK(t_ossl_error_says("invalid data length"), "with an error");
    CHECK(EVP_EncryptUpdate(ctx, buf, &n, buf, 16) == 1 && n == 16, "16-byte unit");
    for (int enc = 0; enc <= 1; enc++) {
        CHECK(EVP_CipherInit_ex2(ctx, e, same, tw, enc, NULL) == 0, "equal halves refused (%s)",
              enc ? "encrypt" : "decrypt");
        CHECK(t_ossl_error_says("XTS key: the data and tweak halves are equal"), "with an error");
    }
    CHECK(EVP_EncryptInit_ex2(ctx, e, NULL, NULL, NULL) == 1, "init, no key");
    CHECK(EVP_CIPHER_CTX_set_key_length(ctx, 32) == 0, "key length 32 refused (64 expected)");
    CHECK(t_ossl_error_says("invalid key length"), "with an error");
    CHECK(t_init_with_size(ctx, e, key, tw, OSSL_CIPHER_PARAM_IVLEN, 12) == 0, "ivlen 12 refused");
    CHECK(t_ossl_error_says("invalid iv length"), "with an error");
    CHECK(EVP_EncryptInit_ex2(ctx, e, key, NULL, NULL) == 1, "key, no tweak");
    CHECK(EVP_EncryptUpdate(ctx, buf, &n, buf, 32) == 0, "no tweak: refused");
    CHECK(t_ossl_error_says("not initialized"), "with an error");
done:
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(e);
}

static void all(char **argv)
{
    kats(argv[2]);
    table();
    against_karx();
    refusals();
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "test_ossl_xts", &libctx, all, NULL);
}
