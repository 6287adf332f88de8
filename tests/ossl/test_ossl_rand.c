/* EVP_RAND from karx: KARX-CTR-DRBG (LEA, HIGHT, CHAM, ARIA), KARX-HASH-DRBG and KARX-HMAC-DRBG
 * (LSH).
 *  - known answers through EVP with a TEST-RAND parent (ossl_rand_kat.h);
 *  - the same outputs as karx's own API on random inputs (every cipher and digest, df on/off,
 *    personalization, additional input, explicit and parent reseeds);
 *  - refusals with an OpenSSL error: generate before instantiate, a request over max_request
 *    (through the provider's own generate call: EVP splits long requests), a strength above the
 *    DRBG's, unknown cipher/digest/mac, a change of cipher on an instantiated DRBG, a weak parent;
 *  - params (state, strength, max_request, cipher, reseed counter), OS seeding without a parent,
 *    verify_zeroization, locking under threads, a DRBG of ours as parent of ours and of
 *    OpenSSL's, the parent's reseed followed by its children;
 *  - a library context whose primary DRBG is ours (RAND_set_DRBG_type): RAND_bytes_ex and
 *    RAND_priv_bytes_ex are served by our public and private DRBGs (their generate counts move);
 *  - karx activated before default: RAND_bytes_ex still works, from OpenSSL's own CTR-DRBG
 *    (karx has none of OpenSSL's DRBG names).
 * usage: test_ossl_rand MODULES_DIR KAT_DIR */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/rand.h>

#include "karx/karx.h"
#include "ossl_rand_kat.h"

/* ---------------------------------------------------------------- against karx's API */

/* A random DRBG through EVP (TEST-RAND parent) and through karx_drbg: the same bytes. */
static void cross_one(karx_drbg_type type, int alg, int df)
{
    karx_alg_info info;
    char name[48];
    karx_alg_by_id(type == KARX_DRBG_CTR ? KARX_KIND_CIPHER : KARX_KIND_HASH, alg, &info);
    snprintf(name, sizeof name, "%s%s", info.std_name, type == KARX_DRBG_CTR ? "-CTR" : "");
    for (char *p = name; *p; p++)
        *p = *p == '/' ? '-' : *p;
    size_t seed = type == KARX_DRBG_CTR ? karx_ctr_drbg_seed_bytes((karx_cipher_alg)alg) : 0;
    size_t strength = karx_drbg_strength_bytes(type, alg);
    uint8_t e[64], e2[64], n[32], pers[48], add[48], a[3000], b[3000];
    df = df || type != KARX_DRBG_CTR; /* the LSH DRBGs condition their input always */
    size_t en = df ? strength + t_rand64() % 16 : seed, nn = df ? strength / 2 + t_rand64() % 8 : 0;
    size_t pn = t_rand64() % (df ? 48 : seed + 1), an = t_rand64() % (df ? 48 : seed + 1);
    size_t len = 1 + t_rand64() % sizeof a;
    t_fill(e, sizeof e), t_fill(e2, sizeof e2), t_fill(n, sizeof n), t_fill(pers, sizeof pers);
    t_fill(add, sizeof add);

    karx_drbg k;
    memset(&k, 0, sizeof k);
    int ok = karx_drbg_instantiate(&k, type, alg, df && type == KARX_DRBG_CTR ? KARX_DRBG_USE_DF : 0,
                                   e, en, n, nn, pers, pn) == KARX_OK &&
             karx_drbg_generate(&k, a, len, add, an) == KARX_OK &&
             karx_drbg_reseed(&k, e2, en, add, an / 2) == KARX_OK &&
             karx_drbg_generate(&k, a + len / 2, len - len / 2, NULL, 0) == KARX_OK;
    CHECK(ok, "karx %s", name);

    EVP_RAND_CTX *par = t_test_parent();
    EVP_RAND_CTX *d = t_our_drbg(type == KARX_DRBG_CTR    ? "KARX-CTR-DRBG"
                                 : type == KARX_DRBG_HASH ? "KARX-HASH-DRBG"
                                                          : "KARX-HMAC-DRBG",
                                 par);
    OSSL_PARAM prm[4];
    int dfv = df;
    t_drbg_params(prm, type == KARX_DRBG_CTR ? OSSL_DRBG_PARAM_CIPHER : OSSL_DRBG_PARAM_DIGEST,
                  name, type == KARX_DRBG_CTR ? &dfv : NULL, NULL);
    ok = d && t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, e, en) &&
         t_parent_set(par, OSSL_RAND_PARAM_TEST_NONCE, n, nn) &&
         EVP_RAND_instantiate(d, 0, 0, pers, pn, prm) && EVP_RAND_generate(d, b, len, 0, 0, add, an) &&
         t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, e2, en) &&
         EVP_RAND_reseed(d, 0, NULL, 0, add, an / 2) &&
         EVP_RAND_generate(d, b + len / 2, len - len / 2, 0, 0, NULL, 0);
    CHECK(ok, "EVP %s df=%d", name, df);
    CHECK(ok && memcmp(a, b, len) == 0, "EVP and karx differ: %s df=%d len %zu", name, df, len);
    ERR_print_errors_fp(stderr);
    karx_drbg_uninstantiate(&k);
    EVP_RAND_CTX_free(d);
    EVP_RAND_CTX_free(par);
}

static void cross_all(void)
{
    for (int rep = 0; rep < 3; rep++) {
        for (int c = KARX_CIPHER_FIRST; c <= KARX_CIPHER_LAST; c++) {
            cross_one(KARX_DRBG_CTR, c, 1);
            cross_one(KARX_DRBG_CTR, c, 0);
        }
        for (int h = KARX_LSH256_224; h <= KARX_LSH512_512; h++) {
            cross_one(KARX_DRBG_HASH, h, 1);
            cross_one(KARX_DRBG_HMAC, h, 1);
        }
    }
}

/* ---------------------------------------------------------------- refusals */

/* An OS-seeded LEA-128 CTR-DRBG (no parent), instantiated. */
static EVP_RAND_CTX *lea128_os(void)
{
    EVP_RAND_CTX *d = t_our_drbg("KARX-CTR-DRBG", NULL);
    OSSL_PARAM prm[4];
    t_drbg_params(prm, OSSL_DRBG_PARAM_CIPHER, "LEA-128-CTR", NULL, NULL);
    if (d == NULL || !EVP_RAND_instantiate(d, 128, 0, (const unsigned char *)"pers", 4, prm)) {
        ERR_print_errors_fp(stderr);
        EVP_RAND_CTX_free(d);
        return NULL;
    }
    return d;
}

static void refusals(void)
{
    uint8_t buf[64];
    EVP_RAND_CTX *d = t_our_drbg("KARX-CTR-DRBG", NULL);
    CHECK(d != NULL && EVP_RAND_get_state(d) == EVP_RAND_STATE_UNINITIALISED, "state before");
    CHECK(!EVP_RAND_generate(d, buf, 16, 0, 0, NULL, 0), "generate before instantiate");
    CHECK(t_ossl_error_raised(), "an error for generate before instantiate");
    CHECK(!EVP_RAND_reseed(d, 0, NULL, 0, NULL, 0) && t_ossl_error_raised(), "reseed before instantiate");
    OSSL_PARAM prm[4];
    t_drbg_params(prm, OSSL_DRBG_PARAM_CIPHER, "LEA-128-CTR", NULL, NULL);
    CHECK(!EVP_RAND_instantiate(d, 192, 0, NULL, 0, prm) && t_ossl_error_raised(),
          "instantiate asking 192 bits of LEA-128");
    CHECK(EVP_RAND_instantiate(d, 128, 0, NULL, 0, prm), "instantiate at 128 bits");
    CHECK(!EVP_RAND_instantiate(d, 128, 0, NULL, 0, prm) && t_ossl_error_raised(), "instantiate twice");
    CHECK(!EVP_RAND_generate(d, buf, 16, 256, 0, NULL, 0) && t_ossl_error_raised(),
          "generate asking 256 bits of LEA-128");
    t_drbg_params(prm, OSSL_DRBG_PARAM_CIPHER, "LEA-256-CTR", NULL, NULL);
    CHECK(!EVP_RAND_CTX_set_params(d, prm) && t_ossl_error_raised(), "cipher change when instantiated");
    CHECK(EVP_RAND_uninstantiate(d) && EVP_RAND_get_state(d) == EVP_RAND_STATE_UNINITIALISED, "uninstantiate");
    CHECK(EVP_RAND_verify_zeroization(d) == 1, "zeroized after uninstantiate");
    CHECK(!EVP_RAND_generate(d, buf, 16, 0, 0, NULL, 0) && t_ossl_error_raised(), "generate after uninstantiate");
    static const char *bad[][2] = {{"KARX-CTR-DRBG", "AES-128-CTR"}, {"KARX-CTR-DRBG", "LEA-512-CTR"},
                                   {"KARX-HASH-DRBG", "SHA256"}, {"KARX-HMAC-DRBG", "LSH-1024"}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        EVP_RAND_CTX *x = t_our_drbg(bad[i][0], NULL);
        t_drbg_params(prm, i < 2 ? OSSL_DRBG_PARAM_CIPHER : OSSL_DRBG_PARAM_DIGEST, bad[i][1], NULL, NULL);
        CHECK(x && !EVP_RAND_instantiate(x, 0, 0, NULL, 0, prm) && t_ossl_error_raised(), "%s %s",
              bad[i][0], bad[i][1]);
        EVP_RAND_CTX_free(x);
    }
    EVP_RAND_CTX *h = t_our_drbg("KARX-HMAC-DRBG", NULL);
    OSSL_PARAM mac[] = {OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_MAC, "CMAC", 0), OSSL_PARAM_construct_end()};
    CHECK(h && !EVP_RAND_CTX_set_params(h, mac) && t_ossl_error_raised(), "HMAC-DRBG mac CMAC");
    EVP_RAND_CTX_free(h);
    EVP_RAND_CTX_free(d);
}

/* A request over max_request: EVP_RAND_generate splits those, so ask the provider's generate
 * directly (its dispatch table, from OSSL_PROVIDER_query_operation). */
static void over_max_request(void)
{
    OSSL_PROVIDER *prov = OSSL_PROVIDER_load(g_ctx, "karx");
    int nc = 0;
    const OSSL_ALGORITHM *a = prov ? OSSL_PROVIDER_query_operation(prov, OSSL_OP_RAND, &nc) : NULL;
    OSSL_FUNC_rand_newctx_fn *nw = NULL;
    OSSL_FUNC_rand_freectx_fn *fr = NULL;
    OSSL_FUNC_rand_instantiate_fn *in = NULL;
    OSSL_FUNC_rand_generate_fn *gen = NULL;
    for (; a && a->algorithm_names && strcmp(a->algorithm_names, "KARX-CTR-DRBG"); a++) {}
    for (const OSSL_DISPATCH *f = a && a->algorithm_names ? a->implementation : NULL; f && f->function_id; f++) {
        if (f->function_id == OSSL_FUNC_RAND_NEWCTX) nw = OSSL_FUNC_rand_newctx(f);
        if (f->function_id == OSSL_FUNC_RAND_FREECTX) fr = OSSL_FUNC_rand_freectx(f);
        if (f->function_id == OSSL_FUNC_RAND_INSTANTIATE) in = OSSL_FUNC_rand_instantiate(f);
        if (f->function_id == OSSL_FUNC_RAND_GENERATE) gen = OSSL_FUNC_rand_generate(f);
    }
    CHECK(nw && fr && in && gen, "CTR-DRBG dispatch");
    void *r = nw && fr && in && gen ? nw(OSSL_PROVIDER_get0_provider_ctx(prov), NULL, NULL) : NULL;
    size_t max = 0;
    EVP_RAND_CTX *d = lea128_os();
    OSSL_PARAM prm[] = {OSSL_PARAM_construct_size_t(OSSL_RAND_PARAM_MAX_REQUEST, &max), OSSL_PARAM_construct_end()};
    CHECK(d && EVP_RAND_CTX_get_params(d, prm) && max == 65536, "max_request %zu", max);
    uint8_t *big = malloc(max + 1);
    CHECK(r && big && in(r, 128, 0, NULL, 0, NULL), "instantiate through dispatch");
    CHECK(r && big && gen(r, big, max, 0, 0, NULL, 0) == 1, "max_request bytes");
    CHECK(r && big && gen(r, big, max + 1, 0, 0, NULL, 0) == 0 && t_ossl_error_raised(), "max_request + 1 refused");
    /* through EVP the same length is split and served */
    CHECK(d && big && EVP_RAND_generate(d, big, max + 1, 0, 0, NULL, 0), "EVP splits a long request");
    if (r)
        fr(r);
    free(big);
    EVP_RAND_CTX_free(d);
    OSSL_PROVIDER_unload(prov);
}

/* ---------------------------------------------------------------- behaviour */

static void os_seeded(void)
{
    uint8_t a[32], b[32];
    EVP_RAND_CTX *d = lea128_os();
    CHECK(d != NULL, "OS-seeded LEA-128 DRBG");
    if (d == NULL)
        return;
    CHECK(EVP_RAND_get_state(d) == EVP_RAND_STATE_READY, "ready");
    CHECK(EVP_RAND_get_strength(d) == 128, "strength %u", EVP_RAND_get_strength(d));
    char cipher[64] = "";
    OSSL_PARAM prm[] = {OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_CIPHER, cipher, sizeof cipher),
                        OSSL_PARAM_construct_end()};
    CHECK(EVP_RAND_CTX_get_params(d, prm) && strcmp(cipher, "LEA-128-CTR") == 0, "cipher %s", cipher);
    CHECK(EVP_RAND_generate(d, a, 32, 128, 0, NULL, 0) && EVP_RAND_generate(d, b, 32, 0, 1, NULL, 0),
          "generate, and with prediction resistance");
    CHECK(memcmp(a, b, 32) != 0, "two outputs differ");
    unsigned c0 = t_uint_param(d, OSSL_DRBG_PARAM_RESEED_COUNTER);
    CHECK(EVP_RAND_reseed(d, 0, NULL, 0, (const unsigned char *)"x", 1), "reseed from the OS");
    CHECK(t_uint_param(d, OSSL_DRBG_PARAM_RESEED_COUNTER) == c0 + 1, "reseed counted");
    CHECK(t_generates(d) == 2, "2 generate requests counted, got %llu", (unsigned long long)t_generates(d));
    EVP_RAND_CTX_free(d);
    /* "LEA-128" (no -CTR) and the CLI's "hight" are accepted too; OPENSSL.md: the digest as
     * LSH-512-256, LSH512-256 or lsh512-256 */
    static const struct { const char *rand, *param, *name; } spellings[] = {
        {"KARX-CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "LEA-128"},
        {"KARX-CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "hight"},
        {"KARX-CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "CHAM128-256-CTR"},
        {"KARX-CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "ARIA-256-CTR"},
        {"KARX-CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "lea128"},
        {"KARX-CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "cham128-256"},
        {"KARX-HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "LSH-512-256"},
        {"KARX-HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "LSH512-256"},
        {"KARX-HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "lsh512-256"}};
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        EVP_RAND_CTX *x = t_our_drbg(spellings[i].rand, NULL);
        OSSL_PARAM p2[4];
        t_drbg_params(p2, spellings[i].param, spellings[i].name, NULL, NULL);
        /* the message names the param: "cipher LEA-128", "digest lsh512-256" */
        CHECK(x && EVP_RAND_instantiate(x, 0, 0, NULL, 0, p2) && EVP_RAND_generate(x, a, 32, 0, 0, NULL, 0),
              "%s %s", spellings[i].param, spellings[i].name);
        EVP_RAND_CTX_free(x);
    }
    /* the table's defaults: LEA-256-CTR, LSH-512-512 */
    static const struct { const char *rand, *param, *want; } defs[] = {
        {"KARX-CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "LEA-256-CTR"},
        {"KARX-HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "LSH-512-512"},
        {"KARX-HMAC-DRBG", OSSL_DRBG_PARAM_DIGEST, "LSH-512-512"}};
    for (size_t i = 0; i < 3; i++) {
        EVP_RAND_CTX *x = t_our_drbg(defs[i].rand, NULL);
        char got[64] = "";
        OSSL_PARAM g[] = {OSSL_PARAM_construct_utf8_string(defs[i].param, got, sizeof got), OSSL_PARAM_construct_end()};
        CHECK(x && EVP_RAND_instantiate(x, 0, 0, NULL, 0, NULL) && EVP_RAND_CTX_get_params(x, g) &&
                  strcmp(got, defs[i].want) == 0,
              "%s default %s: %s", defs[i].rand, defs[i].param, got);
        EVP_RAND_CTX_free(x);
    }
}

/* A parent weaker than the child cannot seed it. */
static void weak_parent(void)
{
    EVP_RAND_CTX *par = t_test_parent();
    unsigned s = 112;
    OSSL_PARAM prm[] = {OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &s), OSSL_PARAM_construct_end()};
    uint8_t e[64] = {1};
    CHECK(par && EVP_RAND_CTX_set_params(par, prm) && t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, e, 64) &&
          t_parent_set(par, OSSL_RAND_PARAM_TEST_NONCE, e, 16), "parent of 112 bits");
    EVP_RAND_CTX *d = t_our_drbg("KARX-CTR-DRBG", par);
    OSSL_PARAM p2[4];
    t_drbg_params(p2, OSSL_DRBG_PARAM_CIPHER, "LEA-128-CTR", NULL, NULL);
    CHECK(d && !EVP_RAND_instantiate(d, 0, 0, NULL, 0, p2) && t_ossl_error_raised(), "112-bit parent refused");
    EVP_RAND_CTX_free(d);
    EVP_RAND_CTX_free(par);
}

/* Ours as a parent: of ours (get_seed) and of OpenSSL's own CTR-DRBG; a parent reseed makes the
 * child reseed before its next output (the reseed counter it reads). */
static void as_parent(void)
{
    EVP_RAND_CTX *p = lea128_os();
    CHECK(p && EVP_RAND_enable_locking(p), "parent with a lock");
    EVP_RAND_CTX *c = t_our_drbg("KARX-HMAC-DRBG", p), *o = NULL;
    OSSL_PARAM prm[4];
    t_drbg_params(prm, OSSL_DRBG_PARAM_DIGEST, "LSH-256-256", NULL, NULL);
    uint64_t before = p ? t_generates(p) : 0;
    uint8_t buf[48];
    /* LSH-256-256 HMAC-DRBG is 256-bit: a 128-bit LEA parent is too weak for it */
    CHECK(c && !EVP_RAND_instantiate(c, 0, 0, NULL, 0, prm) && t_ossl_error_raised(), "child stronger than parent");
    EVP_RAND_CTX_free(c);
    c = t_our_drbg("KARX-HASH-DRBG", p);
    t_drbg_params(prm, OSSL_DRBG_PARAM_DIGEST, "LSH-256-224", NULL, NULL); /* 192-bit: still too strong */
    CHECK(c && !EVP_RAND_instantiate(c, 0, 0, NULL, 0, prm) && t_ossl_error_raised(), "192 over 128");
    EVP_RAND_CTX_free(c);
    c = t_our_drbg("KARX-CTR-DRBG", p);
    t_drbg_params(prm, OSSL_DRBG_PARAM_CIPHER, "HIGHT-CTR", NULL, NULL);
    CHECK(c && EVP_RAND_instantiate(c, 0, 0, NULL, 0, prm) && EVP_RAND_generate(c, buf, 48, 0, 0, NULL, 0),
          "HIGHT child of a LEA parent");
    CHECK(p && t_generates(p) == before + 2, "the parent gave entropy and nonce: %llu -> %llu",
          (unsigned long long)before, (unsigned long long)(p ? t_generates(p) : 0));
    unsigned cc = c ? t_uint_param(c, OSSL_DRBG_PARAM_RESEED_COUNTER) : 0;
    CHECK(p && EVP_RAND_reseed(p, 0, NULL, 0, NULL, 0) && EVP_RAND_generate(c, buf, 16, 0, 0, NULL, 0),
          "parent reseed, child generate");
    CHECK(c && t_uint_param(c, OSSL_DRBG_PARAM_RESEED_COUNTER) == cc + 1, "the child followed the parent's reseed");
    EVP_RAND *os = EVP_RAND_fetch(g_ctx, "CTR-DRBG", "provider=default");
    o = os ? EVP_RAND_CTX_new(os, p) : NULL;
    EVP_RAND_free(os);
    OSSL_PARAM aes[] = {OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_CIPHER, "AES-128-CTR", 0),
                        OSSL_PARAM_construct_end()};
    CHECK(o && EVP_RAND_instantiate(o, 0, 0, NULL, 0, aes) && EVP_RAND_generate(o, buf, 48, 0, 0, NULL, 0),
          "OpenSSL's CTR-DRBG seeded by ours");
    /* and the other way round: ours seeded by OpenSSL's (its get_seed / clear_seed) */
    EVP_RAND_CTX *g = t_our_drbg("KARX-CTR-DRBG", o);
    t_drbg_params(prm, OSSL_DRBG_PARAM_CIPHER, "LEA-128-CTR", NULL, NULL);
    CHECK(g && EVP_RAND_instantiate(g, 0, 0, NULL, 0, prm) && EVP_RAND_generate(g, buf, 48, 0, 1, NULL, 0),
          "ours seeded by OpenSSL's CTR-DRBG, with prediction resistance");
    ERR_print_errors_fp(stderr);
    EVP_RAND_CTX_free(g);
    EVP_RAND_CTX_free(o);
    EVP_RAND_CTX_free(c);
    EVP_RAND_CTX_free(p);
}

/* One DRBG with a lock, four threads generating: every request counted once. */
static EVP_RAND_CTX *g_shared;
static void *hammer(void *arg)
{
    uint8_t b[16];
    long ok = 1;
    (void)arg;
    for (int i = 0; i < 500; i++)
        ok &= EVP_RAND_generate(g_shared, b, sizeof b, 0, 0, NULL, 0);
    return (void *)ok;
}

static void locking(void)
{
    g_shared = lea128_os();
    CHECK(g_shared && EVP_RAND_enable_locking(g_shared), "enable_locking");
    if (g_shared == NULL)
        return;
    pthread_t th[4];
    int all = 1;
    for (int i = 0; i < 4; i++)
        all &= pthread_create(&th[i], NULL, hammer, NULL) == 0;
    for (int i = 0; i < 4; i++) {
        void *ok = NULL;
        pthread_join(th[i], &ok);
        all &= ok != NULL;
    }
    CHECK(all, "threads");
    CHECK(t_generates(g_shared) == 2000, "2000 requests counted: %llu", (unsigned long long)t_generates(g_shared));
    EVP_RAND_CTX_free(g_shared);
}

/* ---------------------------------------------------------------- the library's primary DRBG */

/* RAND_bytes_ex of a context whose DRBG type is ours: the public DRBG (ours, a child of our
 * primary) serves it; RAND_priv_bytes_ex the private one. */
static void primary(const char *modules, const char *type, const char *cipher, const char *digest)
{
    OSSL_LIB_CTX *ctx = t_ossl_ctx(modules);
    /* no property query: the KARX- names are karx's alone */
    CHECK(ctx && RAND_set_DRBG_type(ctx, type, NULL, cipher, digest), "RAND_set_DRBG_type %s", type);
    uint8_t a[32], b[32];
    EVP_RAND_CTX *pri = ctx ? RAND_get0_primary(ctx) : NULL, *pub = ctx ? RAND_get0_public(ctx) : NULL;
    EVP_RAND_CTX *prv = ctx ? RAND_get0_private(ctx) : NULL;
    CHECK(pri && pub && prv, "primary, public, private DRBGs");
    ERR_print_errors_fp(stderr);
    if (pri && pub && prv) {
        CHECK(!strcmp(t_rand_provider(pri), "karx") && !strcmp(t_rand_provider(pub), "karx") &&
              !strcmp(t_rand_provider(prv), "karx"), "all three from karx (%s)", t_rand_provider(pri));
        CHECK(!strcmp(EVP_RAND_get0_name(EVP_RAND_CTX_get0_rand(pri)), type), "primary is %s", type);
        uint64_t n_pub = t_generates(pub), n_prv = t_generates(prv), n_pri = t_generates(pri);
        CHECK(n_pri >= 2, "the primary seeded both children (%llu requests)", (unsigned long long)n_pri);
        CHECK(RAND_bytes_ex(ctx, a, 32, 0) == 1 && t_generates(pub) == n_pub + 1, "RAND_bytes_ex served by our public DRBG");
        CHECK(RAND_priv_bytes_ex(ctx, b, 32, 0) == 1 && t_generates(prv) == n_prv + 1, "RAND_priv_bytes_ex by our private DRBG");
        CHECK(t_generates(pub) == n_pub + 1, "the public DRBG did not serve the private request");
        CHECK(memcmp(a, b, 32) != 0, "public and private outputs differ");
        /* OPENSSL.md: the config cannot set the intervals; OpenSSL sets them itself, 256
         * requests / 1 hour for the primary, 65536 / 7 minutes for the others */
        EVP_RAND_CTX *drbgs[] = {pri, pub, prv};
        for (int i = 0; i < 3; i++) {
            unsigned int req = 0;
            time_t secs = 0;
            OSSL_PARAM g[] = {OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, &req),
                              OSSL_PARAM_construct_time_t(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, &secs),
                              OSSL_PARAM_construct_end()};
            CHECK(EVP_RAND_CTX_get_params(drbgs[i], g) == 1 && req == (i == 0 ? 256u : 65536u) &&
                      secs == (i == 0 ? 3600 : 420),
                  "DRBG %d: reseed every %u requests / %lld s", i, req, (long long)secs);
        }
    }
    t_ossl_ctx_free(ctx);
}

/* Loading karx must not change what a program without it gets: karx activated FIRST, then
 * default (as `-provider karx -provider default`), and a fetch with no property query. OpenSSL
 * 3.0 then takes the first-activated provider's implementation of a name, so karx must have
 * none of OpenSSL's DRBG names: the primary DRBG stays OpenSSL's CTR-DRBG over AES. */
static void karx_loaded_first(const char *modules)
{
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *karx = NULL, *dflt = NULL;
    CHECK(ctx && OSSL_PROVIDER_set_default_search_path(ctx, modules) &&
          (karx = OSSL_PROVIDER_load(ctx, "karx")) != NULL &&
          (dflt = OSSL_PROVIDER_load(ctx, "default")) != NULL, "karx, then default");
    uint8_t a[32];
    CHECK(ctx && karx && dflt && RAND_bytes_ex(ctx, a, sizeof a, 0) == 1, "RAND_bytes_ex with karx first");
    ERR_print_errors_fp(stderr);
    EVP_RAND *r = ctx ? EVP_RAND_fetch(ctx, "CTR-DRBG", NULL) : NULL;
    CHECK(r && !strcmp(OSSL_PROVIDER_get0_name(EVP_RAND_get0_provider(r)), "default"),
          "plain CTR-DRBG is default's, not %s", r ? OSSL_PROVIDER_get0_name(EVP_RAND_get0_provider(r)) : "found");
    EVP_RAND_free(r);
    EVP_RAND_CTX *pri = ctx ? RAND_get0_primary(ctx) : NULL;
    CHECK(pri && !strcmp(t_rand_provider(pri), "default"), "primary DRBG from %s", t_rand_provider(pri));
    r = ctx ? EVP_RAND_fetch(ctx, "KARX-CTR-DRBG", NULL) : NULL;
    CHECK(r && !strcmp(OSSL_PROVIDER_get0_name(EVP_RAND_get0_provider(r)), "karx"), "KARX-CTR-DRBG is karx's");
    EVP_RAND_free(r);
    static const char *theirs[] = {"CTR-DRBG", "HASH-DRBG", "HMAC-DRBG"};
    for (size_t i = 0; ctx != NULL && i < 3; i++) {
        r = EVP_RAND_fetch(ctx, theirs[i], T_KARX);
        CHECK(r == NULL, "karx offers OpenSSL's name %s", theirs[i]);
        EVP_RAND_free(r);
    }
    ERR_clear_error();
    OSSL_PROVIDER_unload(dflt);
    OSSL_PROVIDER_unload(karx);
    OSSL_LIB_CTX_free(ctx);
}

static void all(char **argv)
{
    run_ttak_evp(argv[2]);
    CHECK(kat_ttak_done == 168 && kat_ttak_skipped == 24, "TTAK cases %lu run, %lu skipped (SEED)",
          kat_ttak_done, kat_ttak_skipped);
    run_lsh_evp(argv[2]);
    CHECK(kat_lsh_done == 96, "LSH DRBG records %lu", kat_lsh_done);
    cross_all();
    refusals();
    over_max_request();
    os_seeded();
    weak_parent();
    as_parent();
    locking();
}

/* each with a context of its own, whether or not the shared one loaded */
static void after(char **argv)
{
    karx_loaded_first(argv[1]);
    primary(argv[1], "KARX-CTR-DRBG", "LEA-128-CTR", NULL);
    primary(argv[1], "KARX-HASH-DRBG", NULL, "LSH-512-256");
    primary(argv[1], "KARX-HMAC-DRBG", NULL, "LSH-256-256");
    printf("TTAK CTR_DRBG %lu (SEED skipped %lu), LSH DRBG %lu, through EVP\n", kat_ttak_done,
           kat_ttak_skipped, kat_lsh_done);
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "ossl_rand", &g_ctx, all, after);
}
