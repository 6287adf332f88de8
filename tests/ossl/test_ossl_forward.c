/* Loading karx must never break what worked without it. OpenSSL 3.0 gives a fetch without a
 * property query the implementation of the provider activated FIRST, and karx has the generic
 * names HMAC, CMAC, GMAC, PBKDF2 and KBKDF: so here karx is loaded before default, and every
 * computation over a primitive karx lacks (SHA-256, SHA-512, AES) goes through karx's generic
 * algorithm, which must forward it to the default provider's and answer exactly as a library
 * context with the default provider alone does (and as the published vectors say). Also: the
 * param orders callers use, EVP_MAC_CTX_dup of a forwarding context mid-stream, OpenSSL's own
 * KBKDF and TLS1-PRF (which fetch "HMAC" inside), the settable lists, names nobody has, LSH
 * still served by karx's own code, and HMAC's digest-noinit refused where OpenSSL's HMAC would
 * free twice. usage: test_ossl_forward MODULES_DIR KAT_DIR */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "karx/karx.h"
#include "ossl_test.h"

static OSSL_LIB_CTX *both;  /* karx loaded first, then default */
static OSSL_LIB_CTX *plain; /* default only */
static const char *modules;

static const char *prov_of_mac(const EVP_MAC *m)
{
    return m ? OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(m)) : "(none)";
}


/* ---- MACs ---- */

/* alg with one name param (digest / cipher) and an optional IV, no property query; the tag, or
 * 0 on failure. how: 1 name by set_params then init(key), 2 key by
 * set_params first and the name later (init with no key), 3 name + key in one set_params and
 * no init (OpenSSL's MACs are keyed by it). */
static size_t mac_via(OSSL_LIB_CTX *lib, const char *alg, const char *pname, const char *pval,
                      const uint8_t *key, size_t kl, const uint8_t *iv, size_t ivl,
                      const uint8_t *msg, size_t ml, int how, uint8_t *out)
{
    EVP_MAC *mac = EVP_MAC_fetch(lib, alg, NULL);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM name[] = {OSSL_PARAM_construct_utf8_string(pname, (char *)pval, 0),
                         OSSL_PARAM_construct_end()};
    OSSL_PARAM keyed[] = {OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, kl),
                          OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
    OSSL_PARAM all[] = {name[0], keyed[0], OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
    if (iv != NULL)
        keyed[1] = all[2] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, (void *)iv, ivl);
    size_t outl = 0;
    int good = c != NULL;
    if (how == 1)
        good = good && EVP_MAC_CTX_set_params(c, name) && EVP_MAC_init(c, key, kl, keyed + 1);
    else if (how == 2)
        good = good && EVP_MAC_CTX_set_params(c, keyed) && EVP_MAC_CTX_set_params(c, name) &&
               EVP_MAC_init(c, NULL, 0, NULL);
    else
        good = good && EVP_MAC_CTX_set_params(c, all);
    good = good && EVP_MAC_update(c, msg, ml / 3) && EVP_MAC_update(c, msg + ml / 3, ml - ml / 3) &&
           EVP_MAC_final(c, out, &outl, 64);
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
    return good ? outl : 0;
}

/* As mac_via, and how 0: the name (and IV) in init's params, with the key. */
static size_t mac_one(OSSL_LIB_CTX *lib, const char *alg, const char *pname, const char *pval,
                      const uint8_t *key, size_t kl, const uint8_t *iv, size_t ivl,
                      const uint8_t *msg, size_t ml, int how, uint8_t *out)
{
    if (how != 0)
        return mac_via(lib, alg, pname, pval, key, kl, iv, ivl, msg, ml, how, out);
    EVP_MAC *mac = EVP_MAC_fetch(lib, alg, NULL);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(pname, (char *)pval, 0),
                       OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
    if (iv != NULL)
        ps[1] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, (void *)iv, ivl);
    size_t outl = 0;
    int good = c && EVP_MAC_init(c, key, kl, ps) && EVP_MAC_update(c, msg, ml) &&
               EVP_MAC_final(c, out, &outl, 64);
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
    return good ? outl : 0;
}

/* alg over pval in both contexts, every param order, = each other (and = want when given). */
static void mac_agrees(const char *alg, const char *pname, const char *pval, const uint8_t *key,
                       size_t kl, const uint8_t *iv, size_t ivl, const uint8_t *msg, size_t ml,
                       const char *want_hex)
{
    uint8_t want[64], ref[64], got[64];
    size_t rl = mac_one(plain, alg, pname, pval, key, kl, iv, ivl, msg, ml, 0, ref);
    CHECK(rl > 0, "%s-%s in the default-only context", alg, pval);
    if (want_hex != NULL) {
        long wl = t_unhex(want_hex, want, sizeof want);
        CHECK(wl == (long)rl && memcmp(ref, want, rl) == 0, "%s-%s: default = published", alg, pval);
    }
    for (int how = 0; how < 4; how++) {
        ERR_clear_error();
        size_t gl = mac_one(both, alg, pname, pval, key, kl, iv, ivl, msg, ml, how, got);
        CHECK(gl == rl && rl > 0 && memcmp(got, ref, rl) == 0,
              "%s-%s with karx loaded first (param order %d) = default's", alg, pval, how);
        if (gl == 0)
            ERR_print_errors_fp(stderr);
    }
}

static void macs_forwarded(void)
{
    /* RFC 4231, test case 2 */
    static const char jefe_msg[] = "what do ya want for nothing?";
    const uint8_t *jk = (const uint8_t *)"Jefe", *jm = (const uint8_t *)jefe_msg;
    mac_agrees("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA256", jk, 4, NULL, 0, jm, strlen(jefe_msg),
               "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    mac_agrees("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA512", jk, 4, NULL, 0, jm, strlen(jefe_msg),
               "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
               "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737");
    /* RFC 4493, AES-CMAC example 2 (the key of section 4, one 16-byte block) */
    uint8_t ck[16], cm[16];
    t_unhex("2b7e151628aed2a6abf7158809cf4f3c", ck, 16);
    t_unhex("6bc1bee22e409f96e93d7e117393172a", cm, 16);
    mac_agrees("CMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", ck, 16, NULL, 0, cm, 16,
               "070a16b46b4d4144f79bdd9dd04a287c");
    /* McGrew & Viega, "The Galois/Counter Mode of Operation", test case 1: zero key and IV,
     * nothing authenticated: the tag is GMAC of the empty message */
    static const uint8_t zero[16];
    mac_agrees("GMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-GCM", zero, 16, zero, 12, zero, 0,
               "58e2fccefa7e3061367f1d57a4e7455a");
    /* random keys and messages */
    uint8_t key[80], iv[12], msg[333];
    t_fill(key, sizeof key), t_fill(iv, sizeof iv), t_fill(msg, sizeof msg);
    mac_agrees("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA256", key, 80, NULL, 0, msg, sizeof msg, NULL);
    mac_agrees("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA512", key, 33, NULL, 0, msg, sizeof msg, NULL);
    mac_agrees("CMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", key, 16, NULL, 0, msg, sizeof msg, NULL);
    mac_agrees("GMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-GCM", key, 16, iv, 12, msg, sizeof msg, NULL);
}

/* The fetch the whole file is about: without a query, "HMAC" here is karx's. */
static void karx_is_first(void)
{
    EVP_MAC *m = EVP_MAC_fetch(both, "HMAC", NULL);
    CHECK(m && strcmp(prov_of_mac(m), "karx") == 0, "karx loaded first: plain HMAC is karx's (%s)",
          prov_of_mac(m));
    EVP_MAC_free(m);
}

/* A forwarding context copied mid-stream: both copies finish as the one-shot MAC. */
static void dup_midstream(void)
{
    uint8_t key[40], msg[200], want[64], a[64], b[64];
    size_t al = 0, bl = 0;
    t_fill(key, sizeof key), t_fill(msg, sizeof msg);
    size_t wl = mac_one(plain, "HMAC", OSSL_MAC_PARAM_DIGEST, "SHA256", key, 40, NULL, 0, msg, 200, 0, want);
    EVP_MAC *mac = EVP_MAC_fetch(both, "HMAC", NULL);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL, *d = NULL;
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
                       OSSL_PARAM_construct_end()};
    int good = c && EVP_MAC_init(c, key, 40, ps) && EVP_MAC_update(c, msg, 77) &&
               (d = EVP_MAC_CTX_dup(c)) != NULL;
    good = good && EVP_MAC_update(c, msg + 77, 123) && EVP_MAC_final(c, a, &al, 64) &&
           EVP_MAC_update(d, msg + 77, 123) && EVP_MAC_final(d, b, &bl, 64);
    CHECK(good && wl == 32 && al == wl && bl == wl && !memcmp(a, want, wl) && !memcmp(b, want, wl),
          "EVP_MAC_CTX_dup of a forwarding HMAC-SHA256 mid-stream");
    CHECK(c && EVP_MAC_CTX_get_mac_size(c) == 32, "a forwarding context's mac size");
    EVP_MAC_CTX_free(d);
    /* re-init with the kept key, after the dup */
    good = c && EVP_MAC_init(c, NULL, 0, NULL) && EVP_MAC_update(c, msg, 200) &&
           EVP_MAC_final(c, a, &al, 64) && al == wl && !memcmp(a, want, wl);
    CHECK(good, "a forwarding context re-initialised with its kept key");
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
}

/* LSH stays karx's own code: the fetched HMAC is karx's and equals karx_hmac_lsh. */
static void lsh_still_karx(void)
{
    uint8_t key[50], msg[150], want[64], got[64];
    t_fill(key, sizeof key), t_fill(msg, sizeof msg);
    CHECK(karx_hmac_lsh(KARX_LSH512_512, key, 50, want, 64, msg, 150) == KARX_OK, "karx_hmac_lsh");
    size_t gl = mac_one(both, "HMAC", OSSL_MAC_PARAM_DIGEST, "LSH-512-512", key, 50, NULL, 0, msg,
                        150, 0, got);
    CHECK(gl == 64 && memcmp(got, want, 64) == 0, "HMAC-LSH-512-512 without a query = karx_hmac_lsh");
    /* a forwarding context switched to LSH by its digest param goes back to karx's own code
     * (OpenSSL's HMAC refuses LSH-512's 256-byte block) */
    EVP_MAC *mac = EVP_MAC_fetch(both, "HMAC", NULL);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM sha[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
                        OSSL_PARAM_construct_end()};
    OSSL_PARAM lsh[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "LSH-512-512", 0),
                        OSSL_PARAM_construct_end()};
    size_t l = 0;
    int good = c && EVP_MAC_init(c, key, 50, sha) && EVP_MAC_CTX_set_params(c, lsh) &&
               EVP_MAC_init(c, NULL, 0, NULL) && EVP_MAC_update(c, msg, 150) &&
               EVP_MAC_final(c, got, &l, 64);
    CHECK(prov_of_mac(mac) && strcmp(prov_of_mac(mac), "karx") == 0 && good && l == 64 &&
              memcmp(got, want, 64) == 0, "SHA256 then LSH-512-512 on one context = karx_hmac_lsh");
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
}

/* ---- KDFs ---- */

static int derive(OSSL_LIB_CTX *lib, const char *alg, const char *props, const OSSL_PARAM *ps,
                  uint8_t *out, size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(lib, alg, props);
    EVP_KDF_CTX *c = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    int good = c && EVP_KDF_derive(c, out, len, ps);
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    return good;
}

/* The same derivation in both contexts (props for the fetch in both): equal, and = want. */
static void kdf_agrees(const char *what, const char *alg, const char *props, const OSSL_PARAM *ps,
                       size_t len, const char *want_hex)
{
    uint8_t ref[100], got[100], want[100];
    ERR_clear_error();
    int r = derive(plain, alg, props, ps, ref, len), g = derive(both, alg, props, ps, got, len);
    if (!g)
        ERR_print_errors_fp(stderr);
    CHECK(r && g && memcmp(ref, got, len) == 0, "%s with karx loaded first = default's", what);
    if (want_hex != NULL)
        CHECK(t_unhex(want_hex, want, sizeof want) == (long)len && memcmp(ref, want, len) == 0,
              "%s: default = published", what);
}

static void kdfs_forwarded(void)
{
    uint64_t one = 1, thousand = 1000;
    /* RFC 7914 section 11: PBKDF2-HMAC-SHA256, P "passwd", S "salt", c 1, dkLen 64 */
    OSSL_PARAM rfc[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
                        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, "passwd", 6),
                        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, "salt", 4),
                        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &one),
                        OSSL_PARAM_construct_end()};
    kdf_agrees("PBKDF2-HMAC-SHA256 (RFC 7914)", "PBKDF2", NULL, rfc, 64,
               "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
               "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783");
    uint8_t pw[23], salt[16], key[32], label[20], ctx[9];
    t_fill(pw, sizeof pw), t_fill(salt, sizeof salt), t_fill(key, sizeof key);
    t_fill(label, sizeof label), t_fill(ctx, sizeof ctx);
    OSSL_PARAM pb[] = {OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, pw, sizeof pw),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, salt, sizeof salt),
                       OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &thousand),
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA512", 0),
                       OSSL_PARAM_construct_end()};
    kdf_agrees("PBKDF2-HMAC-SHA512, digest last", "PBKDF2", NULL, pb, 70, NULL);
    OSSL_PARAM kh[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "HMAC", 0),
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, key, 32),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, label, sizeof label),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, ctx, sizeof ctx),
                       OSSL_PARAM_construct_end()};
    kdf_agrees("KBKDF counter HMAC-SHA256", "KBKDF", NULL, kh, 77, NULL);
    OSSL_PARAM kc[] = {OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, key, 16),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, label, sizeof label),
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "CMAC", 0),
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_CIPHER, "AES-128-CBC", 0),
                       OSSL_PARAM_construct_end()};
    kdf_agrees("KBKDF counter CMAC-AES-128", "KBKDF", NULL, kc, 40, NULL);
    /* OpenSSL's own KBKDF and TLS1-PRF fetch "HMAC" with no query inside: they get karx's,
     * which must forward SHA-256 to OpenSSL's HMAC */
    kdf_agrees("OpenSSL's own KBKDF over HMAC-SHA256", "KBKDF", "provider=default", kh, 77, NULL);
    OSSL_PARAM prf[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
                        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, key, 32),
                        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, label, sizeof label),
                        OSSL_PARAM_construct_end()};
    kdf_agrees("OpenSSL's own TLS1-PRF over SHA256", "TLS1-PRF", NULL, prf, 48, NULL);
}

/* A KDF context set in steps: the key first, then the foreign digest, then derive. */
static void kdf_in_steps(void)
{
    uint8_t key[32], ref[40], got[40];
    t_fill(key, sizeof key);
    OSSL_PARAM k1[] = {OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, key, 32),
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "HMAC", 0),
                       OSSL_PARAM_construct_end()};
    OSSL_PARAM k2[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA384", 0),
                       OSSL_PARAM_construct_end()};
    OSSL_PARAM all[] = {k1[1], k2[0], k1[0], OSSL_PARAM_construct_end()};
    EVP_KDF *kdf = EVP_KDF_fetch(both, "KBKDF", NULL);
    EVP_KDF_CTX *c = kdf ? EVP_KDF_CTX_new(kdf) : NULL, *d = NULL;
    int good = c && EVP_KDF_CTX_set_params(c, k1) && EVP_KDF_CTX_set_params(c, k2) &&
               derive(plain, "KBKDF", NULL, all, ref, 40);
    CHECK(good && EVP_KDF_derive(c, got, 40, NULL) && memcmp(ref, got, 40) == 0,
          "KBKDF: key and mac, then digest SHA384 = default's");
    /* a copy: OpenSSL 3.0's KBKDF has no dupctx (3.1's has): then karx must say so */
    ERR_clear_error();
    memset(got, 0, sizeof got);
    if (good && (d = EVP_KDF_CTX_dup(c)) != NULL)
        CHECK(EVP_KDF_derive(d, got, 40, NULL) && memcmp(ref, got, 40) == 0,
              "KBKDF: a copy of the forwarding context = default's");
    else
        CHECK(good && t_ossl_error_says("cannot copy"), "KBKDF: a refused copy says why");
    EVP_KDF_CTX_free(d);
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    /* LSH stays karx's: PBKDF2 over LSH-512 (OpenSSL's own would fail: the 144-byte limit) */
    uint64_t iter = 50;
    OSSL_PARAM pl[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "LSH-512-512", 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, key, 10),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, key + 10, 16),
                       OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
                       OSSL_PARAM_construct_end()};
    CHECK(karx_pbkdf2_hmac_lsh(KARX_LSH512_512, key, 10, key + 10, 16, 50, ref, 40) == KARX_OK &&
              derive(both, "PBKDF2", NULL, pl, got, 40) && memcmp(ref, got, 40) == 0,
          "PBKDF2 over LSH-512-512 without a query = karx_pbkdf2_hmac_lsh");
}

/* The caller's "properties" param goes into the forwarding fetch: naming default works, naming
 * karx itself for SHA-256 cannot (karx never forwards to itself). */
static void properties_param(void)
{
    uint8_t key[20], msg[50], want[64], got[64];
    t_fill(key, sizeof key), t_fill(msg, sizeof msg);
    size_t wl = mac_one(plain, "HMAC", OSSL_MAC_PARAM_DIGEST, "SHA256", key, 20, NULL, 0, msg, 50, 0, want);
    static const char *const props[] = {"provider=default", "?provider=default", "provider=karx"};
    for (int i = 0; i < 3; i++) {
        EVP_MAC *mac = EVP_MAC_fetch(both, "HMAC", NULL);
        EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
        OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
                           OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, (char *)props[i], 0),
                           OSSL_PARAM_construct_end()};
        size_t gl = 0;
        ERR_clear_error();
        int good = c && EVP_MAC_init(c, key, 20, ps) && EVP_MAC_update(c, msg, 50) &&
                   EVP_MAC_final(c, got, &gl, 64);
        if (i < 2)
            CHECK(good && gl == wl && memcmp(got, want, wl) == 0, "HMAC-SHA256, properties %s", props[i]);
        else
            CHECK(!good && t_ossl_error_says("SHA256"), "HMAC-SHA256, properties %s: refused", props[i]);
        EVP_MAC_CTX_free(c);
        EVP_MAC_free(mac);
    }
}

/* ---- settable lists, and names nobody has ---- */

/* Every param the default provider's alg takes, karx's generic alg lists too (the openssl
 * command parses -macopt / -kdfopt with these lists). */
static void settable_union(void)
{
    static const char *const macs[] = {"HMAC", "CMAC", "GMAC"}, *const kdfs[] = {"PBKDF2", "KBKDF"};
    for (size_t i = 0; i < 5; i++) {
        const OSSL_PARAM *ours, *theirs;
        EVP_MAC *km = NULL, *dm = NULL;
        EVP_KDF *kk = NULL, *dk = NULL;
        if (i < 3) {
            km = EVP_MAC_fetch(both, macs[i], T_KARX), dm = EVP_MAC_fetch(plain, macs[i], NULL);
            ours = EVP_MAC_settable_ctx_params(km), theirs = EVP_MAC_settable_ctx_params(dm);
        } else {
            kk = EVP_KDF_fetch(both, kdfs[i - 3], T_KARX), dk = EVP_KDF_fetch(plain, kdfs[i - 3], NULL);
            ours = EVP_KDF_settable_ctx_params(kk), theirs = EVP_KDF_settable_ctx_params(dk);
        }
        const char *alg = i < 3 ? macs[i] : kdfs[i - 3];
        CHECK(ours != NULL && theirs != NULL, "%s: settable lists", alg);
        for (const OSSL_PARAM *t = theirs; t != NULL && t->key != NULL; t++) {
            const OSSL_PARAM *o = ours ? OSSL_PARAM_locate_const(ours, t->key) : NULL;
            CHECK(o != NULL && o->data_type == t->data_type, "karx's %s takes \"%s\" as OpenSSL's does",
                  alg, t->key);
        }
        EVP_MAC_free(km), EVP_MAC_free(dm), EVP_KDF_free(kk), EVP_KDF_free(dk);
    }
}

static void nobody_has_it(void)
{
    uint8_t key[16] = {1}, out[64];
    ERR_clear_error();
    CHECK(mac_one(both, "HMAC", OSSL_MAC_PARAM_DIGEST, "NO-SUCH-DIGEST", key, 16, NULL, 0, key, 16,
                  0, out) == 0 && t_ossl_error_says("NO-SUCH-DIGEST"), "HMAC over a digest nobody has");
    CHECK(mac_one(both, "CMAC", OSSL_MAC_PARAM_CIPHER, "NO-SUCH-CIPHER", key, 16, NULL, 0, key,
                  16, 0, out) == 0 && t_ossl_error_says("NO-SUCH-CIPHER"), "CMAC over a cipher nobody has");
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "NO-SUCH-DIGEST", 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, key, 16),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, key, 16),
                       OSSL_PARAM_construct_end()};
    CHECK(!derive(both, "PBKDF2", NULL, ps, out, 32) && t_ossl_error_says("NO-SUCH-DIGEST"),
          "PBKDF2 over a digest nobody has");
    /* karx alone (no other provider to forward to): SHA-256 is refused, saying so */
    OSSL_LIB_CTX *alone = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *k = alone && OSSL_PROVIDER_set_default_search_path(alone, modules)
                           ? OSSL_PROVIDER_load(alone, "karx") : NULL;
    CHECK(k != NULL, "karx alone");
    CHECK(k && mac_one(alone, "HMAC", OSSL_MAC_PARAM_DIGEST, "SHA256", key, 16, NULL, 0, key, 16,
                       0, out) == 0 && t_ossl_error_says("SHA256"), "karx alone: HMAC-SHA256 refused");
    OSSL_PROVIDER_unload(k);
    OSSL_LIB_CTX_free(alone);
}

/* OpenSSL 3.0's HMAC with digest-noinit on shares its inner digest context between two
 * EVP_MD_CTXs and frees it twice (fuzz_provider found it): karx refuses the flag for a forwarded
 * digest (before the key, after it, and in init's params), accepts it off, and with LSH (its own
 * HMAC) still ignores it. A keyless init and free after the refusal run under ASan in CI. */
static void noinit_refused(void)
{
    static const char *const digests[] = {"SHA512", "LSH-256-256"};
    uint8_t key[25] = {7}, out[64];
    for (int d = 0; d < 2; d++)
        for (int on = 0; on <= 1; on++)
            for (int when = 0; when < 3; when++) {
                EVP_MAC *mac = EVP_MAC_fetch(both, "HMAC", NULL);
                EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
                OSSL_PARAM dg[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                                                    (char *)digests[d], 0),
                                   OSSL_PARAM_construct_end()};
                OSSL_PARAM fl[] = {OSSL_PARAM_construct_int(OSSL_MAC_PARAM_DIGEST_NOINIT, &on),
                                   OSSL_PARAM_construct_end()};
                int set = 0, good = c != NULL && EVP_MAC_CTX_set_params(c, dg);
                ERR_clear_error();
                if (good && when == 0)
                    set = EVP_MAC_CTX_set_params(c, fl) && EVP_MAC_init(c, key, sizeof key, NULL);
                else if (good && when == 1)
                    set = EVP_MAC_init(c, key, sizeof key, NULL) && EVP_MAC_CTX_set_params(c, fl);
                else if (good)
                    set = EVP_MAC_init(c, key, sizeof key, fl);
                int refused = on && d == 0;
                CHECK(good && set == !refused && (!refused || t_ossl_error_says("digest-noinit")),
                      "HMAC-%s, digest-noinit %d set %s: %s", digests[d], on,
                      when == 0 ? "before the key" : when == 1 ? "after the key" : "in init",
                      refused ? "refused" : "taken");
                /* the calls that freed twice: a keyless re-init, then free */
                size_t n = 0;
                (void)EVP_MAC_init(c, NULL, 0, NULL);
                if (!refused)
                    CHECK(EVP_MAC_update(c, key, 3) && EVP_MAC_final(c, out, &n, sizeof out) && n > 0,
                          "HMAC-%s after digest-noinit %d: a tag", digests[d], on);
                ERR_clear_error();
                EVP_MAC_CTX_free(c);
                EVP_MAC_free(mac);
            }
}

int main(int argc, char **argv)
{
    if (!t_ossl_args(argc, argv))
        return 2;
    modules = argv[1];
    /* the order is the point: karx activated first */
    both = OSSL_LIB_CTX_new(), plain = OSSL_LIB_CTX_new();
    int dirs = both && plain && OSSL_PROVIDER_set_default_search_path(both, argv[1]);
    OSSL_PROVIDER *k = dirs ? OSSL_PROVIDER_load(both, "karx") : NULL;
    OSSL_PROVIDER *d = k ? OSSL_PROVIDER_load(both, "default") : NULL;
    OSSL_PROVIDER *p = d ? OSSL_PROVIDER_load(plain, "default") : NULL;
    CHECK(p != NULL, "load karx then default; default alone");
    if (p != NULL) {
        karx_is_first();
        macs_forwarded();
        dup_midstream();
        lsh_still_karx();
        kdfs_forwarded();
        kdf_in_steps();
        properties_param();
        settable_union();
        nobody_has_it();
        noinit_refused();
    } else {
        ERR_print_errors_fp(stderr);
    }
    OSSL_PROVIDER_unload(p);
    OSSL_PROVIDER_unload(d);
    OSSL_PROVIDER_unload(k);
    OSSL_LIB_CTX_free(plain);
    OSSL_LIB_CTX_free(both);
    return t_finish("ossl_forward");
}
