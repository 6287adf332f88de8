/* The provider's MACs through EVP_MAC: HMAC-LSH (KISA vectors), CMAC-LEA (KISA vectors), GMAC-LEA
 * (Crypto++ answers), each through "HMAC"/"CMAC"/"GMAC" with a digest / cipher param (every
 * spelling) and through the fixed-primitive names ("HMAC-LSH-512-512"); every MAC of the
 * registry against karx's own API on random keys and messages fed at odd split points;
 * EVP_MAC_CTX_dup mid-stream; re-init with the kept key; sizes; and every refusal raising an
 * OpenSSL error. usage: test_ossl_mac MODULES_DIR KAT_DIR */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "karx/karx.h"
#include "ossl_test.h"

static OSSL_LIB_CTX *lib;

/* A registry name as the provider spells it: '/' (CHAM-64/128) made '-'. */
static void spell(const char *in, char *out, size_t cap)
{
    size_t i = 0;
    for (; in[i] && i + 1 < cap; i++)
        out[i] = in[i] == '/' ? '-' : in[i];
    out[i] = 0;
}

/* One MAC's inputs. pname/pval: the digest or cipher param (NULL: none). */
typedef struct mac_in {
    const char *alg, *pname, *pval;
    const uint8_t *key, *iv;
    size_t klen, ivlen;
} mac_in;

/* A keyed EVP_MAC_CTX, or NULL (the OpenSSL error left queued). */
static EVP_MAC_CTX *mac_start(const mac_in *in)
{
    EVP_MAC *mac = EVP_MAC_fetch(lib, in->alg, T_KARX);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    EVP_MAC_free(mac);
    if (c == NULL)
        return NULL;
    OSSL_PARAM ps[3], *p = ps;
    if (in->pname)
        *p++ = OSSL_PARAM_construct_utf8_string(in->pname, (char *)in->pval, 0);
    if (in->iv)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, (void *)in->iv, in->ivlen);
    *p = OSSL_PARAM_construct_end();
    if (!EVP_MAC_init(c, in->key, in->klen, ps)) {
        EVP_MAC_CTX_free(c);
        return NULL;
    }
    return c;
}

/* The tag of msg fed in pieces cut at `split` (0: one piece); its length, 0 on failure. */
static size_t mac_run(const mac_in *in, const uint8_t *msg, size_t len, size_t split, uint8_t *out)
{
    EVP_MAC_CTX *c = mac_start(in);
    size_t outl = 0, done = 0;
    int good = c != NULL;
    while (good && done < len) {
        size_t n = split && len - done > split ? split : len - done;
        good = EVP_MAC_update(c, msg + done, n);
        done += n;
    }
    good = good && EVP_MAC_final(c, out, &outl, 64);
    EVP_MAC_CTX_free(c);
    return good ? outl : 0;
}

/* ---- the KISA HMAC-LSH vectors ---- */
static void hmac_kat_one(const char *digest, const uint8_t *key, size_t kl, const uint8_t *msg,
                         size_t ml, const uint8_t *want, size_t wl)
{
    /* the standard name, the two aliases, and the fixed row */
    char alias1[32], alias2[32], fixed[40];
    snprintf(alias1, sizeof alias1, "LSH%s", digest + 4); /* LSH512-512 */
    for (size_t i = 0; (alias2[i] = (char)(alias1[i] | 0x20 * (alias1[i] >= 'A' && alias1[i] <= 'Z'))); i++)
        ;
    snprintf(fixed, sizeof fixed, "HMAC-%s", digest);
    const mac_in ins[] = {{"HMAC", OSSL_MAC_PARAM_DIGEST, digest, key, NULL, kl, 0},
                          {"HMAC", OSSL_MAC_PARAM_DIGEST, alias1, key, NULL, kl, 0},
                          {"HMAC", OSSL_MAC_PARAM_DIGEST, alias2, key, NULL, kl, 0},
                          {fixed, NULL, NULL, key, NULL, kl, 0}};
    for (size_t i = 0; i < 4; i++) {
        uint8_t out[64];
        size_t n = mac_run(&ins[i], msg, ml, 7, out);
        CHECK(n == wl && memcmp(out, want, wl) == 0, "HMAC %s (%s %s) key %zu: KISA vector",
              digest, ins[i].alg, ins[i].pval ? ins[i].pval : "", kl);
    }
}

static int hmac_kats(const char *dir)
{
    char path[1024], digest[32] = "";
    static char line[8192];
    static uint8_t key[4096], msg[256], want[64];
    long kl = -1, ml = -1;
    int n = 0;
    FILE *f = t_open_kat_path(dir, "kisa_hmac_lsh.txt", path, sizeof path);
    if (f == NULL)
        return 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "[HMAC-%31[^]]]", digest) == 1)
            kl = ml = -1;
        else if (!strncmp(line, "Key = ", 6))
            kl = t_unhex(line + 6, key, sizeof key);
        else if (!strncmp(line, "Msg = ", 6))
            ml = t_unhex(line + 6, msg, sizeof msg);
        else if (!strncmp(line, "Mac = ", 6)) {
            long wl = t_unhex(line + 6, want, sizeof want);
            CHECK(kl > 0 && ml >= 0 && wl > 0 && digest[0], "parse %s", path);
            if (kl > 0 && ml >= 0 && wl > 0)
                hmac_kat_one(digest, key, (size_t)kl, msg, (size_t)ml, want, (size_t)wl), n++;
        }
    }
    fclose(f);
    return n;
}

/* ---- the KISA LEA CMAC vectors ---- */
static void cmac_kat_one(const uint8_t *key, size_t kl, const uint8_t *msg, size_t ml,
                         const uint8_t *want, size_t wl, int odd)
{
    char cbc[24], plain[24], fixed[24];
    snprintf(plain, sizeof plain, "LEA-%zu", kl * 8);
    snprintf(cbc, sizeof cbc, "LEA-%zu-CBC", kl * 8);
    snprintf(fixed, sizeof fixed, "CMAC-LEA-%zu", kl * 8);
    const mac_in ins[] = {{"CMAC", OSSL_MAC_PARAM_CIPHER, odd ? plain : cbc, key, NULL, kl, 0},
                          {fixed, NULL, NULL, key, NULL, kl, 0}};
    for (size_t i = 0; i < 2; i++) {
        uint8_t out[64];
        size_t n = mac_run(&ins[i], msg, ml, odd ? 5 : 0, out);
        CHECK(n == 16 && wl <= 16 && memcmp(out, want, wl) == 0, "CMAC %s len %zu: KISA vector",
              ins[i].pval ? ins[i].pval : fixed, ml);
    }
}

static int cmac_kats(const char *dir)
{
    char path[1024];
    static char line[8192];
    static uint8_t key[64], msg[4096], tag[64];
    long kl = -1, ml = -1;
    int in_cmac = 0, n = 0;
    FILE *f = t_open_kat_path(dir, "kisa_lea_modes_vs.txt", path, sizeof path);
    if (f == NULL)
        return 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '[') {
            in_cmac = strstr(line, "CMAC") != NULL;
            kl = ml = -1;
        } else if (!in_cmac) {
            continue;
        } else if (!strncmp(line, "KEY = ", 6)) {
            kl = t_unhex(line + 6, key, sizeof key);
        } else if (!strncmp(line, "MSG =", 5)) {
            ml = t_unhex(line + 5, msg, sizeof msg);
        } else if (!strncmp(line, "TAG = ", 6)) {
            long tl = t_unhex(line + 6, tag, sizeof tag);
            CHECK(kl > 0 && ml >= 0 && tl > 0, "parse %s", path);
            if (kl > 0 && ml >= 0 && tl > 0)
                cmac_kat_one(key, (size_t)kl, msg, (size_t)ml, tag, (size_t)tl, n & 1), n++;
            kl = ml = -1;
        }
    }
    fclose(f);
    return n;
}

/* ---- the Crypto++ GMAC-LEA answers ---- */
static int gmac_kats(const char *dir)
{
    char line[4096], cipher[24] = "";
    static uint8_t key[32], iv[128], aad[512], tag[16];
    long kl = -1, il = -1, al = -1;
    int n = 0;
    FILE *f = t_open_kat(dir, "cryptopp_lea_gmac.txt");
    if (f == NULL)
        return 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "[%23[^]]]", cipher) == 1)
            kl = il = al = -1;
        else if (!strncmp(line, "KEY =", 5))
            kl = t_unhex(line + 5, key, sizeof key);
        else if (!strncmp(line, "IV =", 4))
            il = t_unhex(line + 4, iv, sizeof iv);
        else if (!strncmp(line, "AAD =", 5))
            al = t_unhex(line + 5, aad, sizeof aad);
        else if (!strncmp(line, "TAG =", 5)) {
            char gcm[32];
            uint8_t out[64];
            CHECK(t_unhex(line + 5, tag, sizeof tag) == 16 && kl > 0 && il > 0 && al >= 0, "parse");
            snprintf(gcm, sizeof gcm, "%s%s", cipher, n & 1 ? "" : "-GCM");
            mac_in in = {"GMAC", OSSL_MAC_PARAM_CIPHER, gcm, key, iv, (size_t)kl, (size_t)il};
            size_t got = mac_run(&in, aad, (size_t)al, n % 3 ? 3 : 0, out);
            CHECK(got == 16 && memcmp(out, tag, 16) == 0, "GMAC %s #%d: Crypto++ answer", gcm, n);
            n++;
        }
    }
    fclose(f);
    return n;
}

/* ---- every MAC of the registry against karx's API ---- */
static size_t karx_tag(const karx_alg_info *a, const uint8_t *key, size_t kl, const uint8_t *iv,
                       const uint8_t *msg, size_t ml, uint8_t *out)
{
    int fam = KARX_MAC_FAMILY(a->id), prim = KARX_MAC_PRIM(a->id);
    karx_status st = fam == KARX_MAC_HMAC
                         ? karx_hmac_lsh((karx_lsh_alg)prim, key, kl, out, 64, msg, ml)
                     : fam == KARX_MAC_CMAC
                         ? karx_cmac((karx_cipher_alg)prim, key, kl, out, a->output_bytes, msg, ml)
                         : karx_gmac((karx_cipher_alg)prim, key, kl, iv, 12, out, 16, msg, ml);
    return st == KARX_OK ? a->output_bytes : 0;
}

/* The generic row's param for a registry MAC: the primitive's standard name, with the OpenSSL
 * mode suffix every other time. */
static mac_in generic_in(const karx_alg_info *a, int odd, char *buf, size_t cap)
{
    int fam = KARX_MAC_FAMILY(a->id);
    karx_alg_info prim;
    karx_alg_by_id(fam == KARX_MAC_HMAC ? KARX_KIND_HASH : KARX_KIND_CIPHER, KARX_MAC_PRIM(a->id), &prim);
    char std[KARX_ALG_NAME_MAX];
    spell(prim.std_name, std, sizeof std);
    snprintf(buf, cap, "%s%s", std, !odd || fam == KARX_MAC_HMAC ? "" : fam == KARX_MAC_CMAC ? "-CBC" : "-GCM");
    mac_in in = {fam == KARX_MAC_HMAC ? "HMAC" : fam == KARX_MAC_CMAC ? "CMAC" : "GMAC",
                 fam == KARX_MAC_HMAC ? OSSL_MAC_PARAM_DIGEST : OSSL_MAC_PARAM_CIPHER, buf,
                 NULL, NULL, 0, 0};
    return in;
}

static void random_one(const karx_alg_info *a, int round)
{
    static uint8_t key[300], iv[12], msg[1500];
    uint8_t want[64], got[64];
    char pbuf[48], fixed[40];
    size_t kl = a->key_bytes ? a->key_bytes : (size_t)(t_rand64() % sizeof key);
    size_t ml = (size_t)(t_rand64() % sizeof msg), split = 1 + (size_t)(t_rand64() % 97);
    t_fill(key, sizeof key), t_fill(iv, sizeof iv), t_fill(msg, sizeof msg);
    int gm = KARX_MAC_FAMILY(a->id) == KARX_MAC_GMAC;
    size_t wl = karx_tag(a, key, kl, iv, msg, ml, want);
    CHECK(wl > 0, "%s: karx API", a->name);
    mac_in g = generic_in(a, round & 1, pbuf, sizeof pbuf);
    g.key = key, g.klen = kl, g.iv = gm ? iv : NULL, g.ivlen = gm ? 12 : 0;
    size_t n = mac_run(&g, msg, ml, split, got);
    CHECK(n == wl && memcmp(got, want, wl) == 0, "%s via %s %s: key %zu msg %zu split %zu", a->name,
          g.alg, pbuf, kl, ml, split);
    spell(a->std_name, fixed, sizeof fixed);
    mac_in f = {round & 1 ? a->name : fixed, NULL, NULL, key, g.iv, kl, g.ivlen};
    n = mac_run(&f, msg, ml, split + 13, got);
    CHECK(n == wl && memcmp(got, want, wl) == 0, "%s as %s: key %zu msg %zu", a->name, f.alg, kl, ml);
}

static int random_all(void)
{
    int n = 0;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        karx_alg_info a;
        if (karx_alg_get(i, &a) != KARX_OK || a.kind != KARX_KIND_MAC)
            continue;
        for (int r = 0; r < 4; r++)
            random_one(&a, r);
        n++;
    }
    return n;
}

/* ---- dup mid-stream, re-init, sizes ---- */
static void dup_midstream(void)
{
    uint8_t key[40], msg[700], want[64], t1[64], t2[64];
    size_t l1 = 0, l2 = 0;
    t_fill(key, sizeof key), t_fill(msg, sizeof msg);
    mac_in in = {"HMAC", OSSL_MAC_PARAM_DIGEST, "LSH-512-512", key, NULL, sizeof key, 0};
    EVP_MAC_CTX *a = mac_start(&in);
    CHECK(a != NULL, "HMAC LSH-512-512 init");
    if (a == NULL)
        return;
    CHECK(EVP_MAC_update(a, msg, 333), "update");
    EVP_MAC_CTX *b = EVP_MAC_CTX_dup(a);
    CHECK(b != NULL, "EVP_MAC_CTX_dup");
    CHECK(EVP_MAC_update(a, msg + 333, 367) && EVP_MAC_final(a, t1, &l1, sizeof t1), "finish a");
    CHECK(b && EVP_MAC_update(b, msg + 333, 100) && EVP_MAC_final(b, t2, &l2, sizeof t2), "finish b");
    karx_hmac_lsh(KARX_LSH512_512, key, sizeof key, want, 64, msg, 700);
    CHECK(l1 == 64 && memcmp(t1, want, 64) == 0, "original after dup");
    karx_hmac_lsh(KARX_LSH512_512, key, sizeof key, want, 64, msg, 433);
    CHECK(l2 == 64 && memcmp(t2, want, 64) == 0, "dup forks the stream");
    /* init with no key: a new message under the kept key */
    CHECK(EVP_MAC_init(a, NULL, 0, NULL) && EVP_MAC_update(a, msg, 433) &&
              EVP_MAC_final(a, t1, &l1, sizeof t1) && memcmp(t1, want, 64) == 0,
          "re-init keeps the key");
    /* the key as a param keys the context at once: data may follow with no EVP_MAC_init */
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, key, 19),
                       OSSL_PARAM_construct_end()};
    karx_hmac_lsh(KARX_LSH512_512, key, 19, want, 64, msg, 100);
    CHECK(EVP_MAC_CTX_set_params(a, ps) && EVP_MAC_update(a, msg, 100) &&
              EVP_MAC_final(a, t1, &l1, sizeof t1) && memcmp(t1, want, 64) == 0,
          "a key param starts a message");
    EVP_MAC_CTX_free(a);
    EVP_MAC_CTX_free(b);
}

static void sizes(void)
{
    static const struct { const char *alg, *pname, *pval; size_t size, block; } s[] = {
        {"HMAC", OSSL_MAC_PARAM_DIGEST, "LSH-512-512", 64, 256},
        {"HMAC", OSSL_MAC_PARAM_DIGEST, "LSH-256-224", 28, 128},
        {"HMAC-LSH-512-384", NULL, NULL, 48, 256},
        {"CMAC", OSSL_MAC_PARAM_CIPHER, "HIGHT-CBC", 8, 8},
        {"CMAC", OSSL_MAC_PARAM_CIPHER, "CHAM64-128", 8, 8},
        {"CMAC", OSSL_MAC_PARAM_CIPHER, "ARIA-256-CBC", 16, 16},
        {"GMAC", OSSL_MAC_PARAM_CIPHER, "CHAM128-256-GCM", 16, 16}};
    /* OPENSSL.md: `size` is 0 until a primitive is chosen */
    static const char *const unset[] = {"HMAC", "CMAC", "GMAC"};
    for (size_t i = 0; i < 3; i++) {
        EVP_MAC *mac = EVP_MAC_fetch(lib, unset[i], T_KARX);
        EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
        size_t size = 99;
        OSSL_PARAM get[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size), OSSL_PARAM_construct_end()};
        CHECK(c && EVP_MAC_CTX_get_params(c, get) && size == 0, "%s, no primitive: size %zu", unset[i], size);
        EVP_MAC_CTX_free(c);
        EVP_MAC_free(mac);
    }
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        EVP_MAC *mac = EVP_MAC_fetch(lib, s[i].alg, T_KARX);
        EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
        size_t size = 0, block = 0;
        OSSL_PARAM set[] = {OSSL_PARAM_construct_utf8_string(s[i].pname ? s[i].pname : "x",
                                                             (char *)(s[i].pval ? s[i].pval : ""), 0),
                            OSSL_PARAM_construct_end()};
        OSSL_PARAM get[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
                            OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, &block),
                            OSSL_PARAM_construct_end()};
        CHECK(c && EVP_MAC_CTX_set_params(c, set) && EVP_MAC_CTX_get_params(c, get), "%s params", s[i].alg);
        CHECK(size == s[i].size && block == s[i].block, "%s %s: size %zu block %zu", s[i].alg,
              s[i].pval ? s[i].pval : "", size, block);
        CHECK(c && EVP_MAC_CTX_get_mac_size(c) == s[i].size, "EVP_MAC_CTX_get_mac_size");
        EVP_MAC_CTX_free(c);
        EVP_MAC_free(mac);
    }
}

/* ---- refusals: each fails and raises an OpenSSL error ---- */


/* in must be refused, with an error whose text holds `word`. */
static void refused_in(const mac_in *in, const char *what, const char *word)
{
    ERR_clear_error();
    EVP_MAC_CTX *c = mac_start(in);
    CHECK(c == NULL, "%s: must be refused", what);
    CHECK(t_ossl_error_says(word), "%s: an OpenSSL error saying \"%s\"", what, word);
    EVP_MAC_CTX_free(c);
}

static void refusals(void)
{
    static const uint8_t k16[16], k15[15], iv[12];
    const mac_in bad[] = {
        {"HMAC-LSH-256-256", OSSL_MAC_PARAM_DIGEST, "SHA256", k16, NULL, 16, 0},
        {"HMAC", OSSL_MAC_PARAM_DIGEST, "LSH-512-999", k16, NULL, 16, 0},
        {"HMAC", OSSL_MAC_PARAM_DIGEST, "LEA-128", k16, NULL, 16, 0},
        {"CMAC", OSSL_MAC_PARAM_CIPHER, "LSH-256-256", k16, NULL, 16, 0},
        {"HMAC", NULL, NULL, k16, NULL, 16, 0},
        {"HMAC", OSSL_MAC_PARAM_DIGEST, "LSH-256-256", NULL, NULL, 0, 0},
        {"HMAC-LSH-256-256", OSSL_MAC_PARAM_DIGEST, "LSH-512-512", k16, NULL, 16, 0},
        {"CMAC", OSSL_MAC_PARAM_CIPHER, "LEA-128-CBC", k15, NULL, 15, 0},
        {"CMAC-LEA-128", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", k16, NULL, 16, 0},
        {"CMAC", OSSL_MAC_PARAM_CIPHER, "LEA-128-ECB", k16, NULL, 16, 0},
        {"CMAC", OSSL_MAC_PARAM_CIPHER, "LEA-128", NULL, NULL, 0, 0},
        {"GMAC", OSSL_MAC_PARAM_CIPHER, "LEA-128-GCM", k16, NULL, 16, 0},
        {"GMAC", OSSL_MAC_PARAM_CIPHER, "LEA-128-GCM", k16, iv, 16, 0},
        {"GMAC", OSSL_MAC_PARAM_CIPHER, "HIGHT", k16, iv, 16, 12},
        {"GMAC", OSSL_MAC_PARAM_CIPHER, "LEA-256-GCM", k16, iv, 16, 12}};
    static const char *const why[] = {"fixed HMAC-LSH row over SHA256", "unknown digest", "HMAC over a cipher",
                                      "CMAC over a digest", "no digest", "no key",
                                      "fixed row, other digest", "CMAC 15-byte LEA key",
                                      "fixed CMAC-LEA row over AES", "CMAC over LEA-128-ECB", "CMAC no key",
                                      "GMAC no iv", "GMAC empty iv", "GMAC over HIGHT",
                                      "GMAC 16-byte key for LEA-256"};
    static const char *const says[] = {"LSH digest only", "LSH-512-999", "LEA-128", "LSH-256-256",
                                       "no digest", "no key",
                                       "fixed", "key length", "AES-128-CBC", "LEA-128-ECB",
                                       "no key", "no iv", "iv length", "128-bit block",
                                       "key length"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refused_in(&bad[i], why[i], says[i]);

    /* update / final before init, final into a buffer too small */
    EVP_MAC *mac = EVP_MAC_fetch(lib, "HMAC-LSH-512-512", T_KARX);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    uint8_t out[64];
    size_t outl = 0;
    ERR_clear_error();
    CHECK(c && !EVP_MAC_update(c, k16, 16) && t_ossl_error_says("before init"), "update before init");
    CHECK(c && EVP_MAC_init(c, k16, 16, NULL), "init");
    CHECK(c && !EVP_MAC_final(c, out, &outl, 63) && t_ossl_error_raised(), "final into 63 bytes");
    CHECK(c && EVP_MAC_final(c, out, &outl, 64) && outl == 64, "final after the refusal");
    CHECK(c && !EVP_MAC_update(c, k16, 16) && t_ossl_error_says("before init"), "update after final");
    /* an empty key is a key: HMAC under it, not "no key" nor the previous key (a zero key
     * would not tell: it pads to the same block as the empty one) */
    uint8_t want[64];
    karx_hmac_lsh(KARX_LSH512_512, NULL, 0, want, 64, k16, 16);
    CHECK(c && EVP_MAC_init(c, (const unsigned char *)"abc", 3, NULL), "init under abc");
    CHECK(c && EVP_MAC_init(c, (const unsigned char *)"", 0, NULL) && EVP_MAC_update(c, k16, 16) &&
              EVP_MAC_final(c, out, &outl, 64) && memcmp(out, want, 64) == 0,
          "HMAC under an empty key");
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
}

/* Which HMAC a fetch finds: with "provider=karx" ours; "HMAC-LSH-*" needs no query. */
static void fetch_rules(void)
{
    EVP_MAC *m = EVP_MAC_fetch(lib, "HMAC", T_KARX);
    CHECK(m && strcmp(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(m)), "karx") == 0, "HMAC from karx");
    EVP_MAC_free(m);
    m = EVP_MAC_fetch(lib, "HMAC-LSH-512-512", NULL);
    CHECK(m && strcmp(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(m)), "karx") == 0,
          "HMAC-LSH-512-512 without a property query");
    EVP_MAC_free(m);
    m = EVP_MAC_fetch(lib, "hmac-lsh256-224", NULL);
    CHECK(m != NULL, "the CLI's name");
    EVP_MAC_free(m);
}

/* OpenSSL's own HMAC (default provider) over karx's digests: it agrees for LSH-256 (128-byte
 * block) and fails at init for LSH-512 (256-byte block > HMAC_MAX_MD_CBLOCK_SIZE, 144). */
static void openssl_hmac_limit(void)
{
    static const char *const ds[] = {"LSH-256-256", "LSH-512-224", "LSH-512-512"};
    uint8_t key[20], msg[300], want[64], got[64];
    t_fill(key, sizeof key), t_fill(msg, sizeof msg);
    for (size_t i = 0; i < 3; i++) {
        mac_in ours = {"HMAC", OSSL_MAC_PARAM_DIGEST, ds[i], key, NULL, sizeof key, 0};
        size_t wl = mac_run(&ours, msg, sizeof msg, 0, want);
        EVP_MAC *m = EVP_MAC_fetch(lib, "HMAC", "provider=default");
        EVP_MAC_CTX *c = m ? EVP_MAC_CTX_new(m) : NULL;
        OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)ds[i], 0),
                           OSSL_PARAM_construct_end()};
        size_t gl = 0;
        int good = c && EVP_MAC_init(c, key, sizeof key, ps) && EVP_MAC_update(c, msg, sizeof msg) &&
                   EVP_MAC_final(c, got, &gl, sizeof got);
        if (i == 0)
            CHECK(good && gl == wl && memcmp(got, want, wl) == 0, "OpenSSL's HMAC over karx's %s = ours", ds[i]);
        else
            CHECK(!good, "OpenSSL's HMAC over %s (256-byte block) must fail", ds[i]);
        ERR_clear_error();
        EVP_MAC_CTX_free(c);
        EVP_MAC_free(m);
    }
}

/* Which "HMAC" a fetch without a property query finds, in the two set-ups docs/OPENSSL.md
 * recommends: the default provider activated first, or default properties "?provider=default". */
static void unqualified_fetch(const char *modules)
{
    for (int setup = 0; setup < 2; setup++) {
        OSSL_LIB_CTX *c = OSSL_LIB_CTX_new();
        OSSL_PROVIDER *first = NULL, *second = NULL;
        int loaded = c && OSSL_PROVIDER_set_default_search_path(c, modules);
        if (loaded) {
            first = OSSL_PROVIDER_load(c, setup == 0 ? "default" : "karx");
            second = OSSL_PROVIDER_load(c, setup == 0 ? "karx" : "default");
        }
        loaded = first && second && (setup == 0 || EVP_set_default_properties(c, "?provider=default"));
        CHECK(loaded, "set-up %d", setup);
        EVP_MAC *plain = loaded ? EVP_MAC_fetch(c, "HMAC", NULL) : NULL;
        EVP_MAC *ours = loaded ? EVP_MAC_fetch(c, "HMAC", T_KARX) : NULL;
        CHECK(plain && !strcmp(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(plain)), "default"),
              "set-up %d: plain \"HMAC\" is OpenSSL's", setup);
        CHECK(ours && !strcmp(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(ours)), "karx"),
              "set-up %d: \"HMAC\" with provider=karx is ours", setup);
        EVP_MAC_free(plain);
        EVP_MAC_free(ours);
        OSSL_PROVIDER_unload(second);
        OSSL_PROVIDER_unload(first);
        OSSL_LIB_CTX_free(c);
    }
}

static void all(char **argv)
{
    int h = hmac_kats(argv[2]), c = cmac_kats(argv[2]), g = gmac_kats(argv[2]);
    CHECK(h == 4 && c == 30 && g == 48, "vectors read: HMAC %d CMAC %d GMAC %d", h, c, g);
    int r = random_all();
    CHECK(r == 24, "registry MACs %d", r);
    dup_midstream();
    sizes();
    refusals();
    fetch_rules();
    openssl_hmac_limit();
    unqualified_fetch(argv[1]);
    printf("%d HMAC, %d CMAC, %d GMAC vectors; %d registry MACs against the karx API\n", h, c, g, r);
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "ossl_mac", &lib, all, NULL);
}
