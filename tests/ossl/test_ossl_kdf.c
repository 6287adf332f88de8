/* The provider's KDFs through EVP_KDF:
 *  - PBKDF2 over every LSH (every digest spelling): against karx_pbkdf2_hmac_lsh and against
 *    RFC 8018 computed here from the provider's EVP_MAC HMAC (whose own vectors test_ossl_mac
 *    checks), on random passwords and salts; the pkcs5 lower bounds; EVP_KDF_CTX_dup;
 *  - KBKDF: every TTAK.KO-12.0272 answer (tests/kat/ttak_kbkdf_cmac.txt) and every second-model
 *    vector (tests/kat/model_kbkdf.txt) in every mode, counter width and [L] form; OpenSSL's
 *    defaults (r = 32, 4-byte [L]) against karx_kbkdf on random inputs;
 *  - every refusal raising an OpenSSL error.
 * usage: test_ossl_kdf MODULES_DIR KAT_DIR */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "karx/karx.h"
#include "ossl_test.h"

static OSSL_LIB_CTX *lib;


/* Derives out_len bytes with the karx KDF `alg` under params; 1 on success. */
static int derive(const char *alg, const OSSL_PARAM *params, uint8_t *out, size_t out_len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(lib, alg, T_KARX);
    EVP_KDF_CTX *c = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    int ok = c != NULL && EVP_KDF_derive(c, out, out_len, params) == 1;
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    return ok;
}

static const char *const lsh_names[] = {NULL, "LSH-256-224", "LSH-256-256", "LSH-512-224",
                                        "LSH-512-256", "LSH-512-384", "LSH-512-512"};

/* ---- PBKDF2 ---- */

/* RFC 8018 section 5.2 from the provider's HMAC: a route that does not run karx's PBKDF2. */
static void ref_pbkdf2(const char *digest, const uint8_t *pw, size_t pl, const uint8_t *salt,
                       size_t sl, unsigned iter, uint8_t *out, size_t len)
{
    EVP_MAC *mac = EVP_MAC_fetch(lib, "HMAC", T_KARX);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0),
                       OSSL_PARAM_construct_end()};
    size_t h = 0;
    memset(out, 0, len);
    for (uint32_t block = 1, done = 0; c != NULL && done < len; block++) {
        uint8_t u[64], t[64] = {0}, be[4] = {(uint8_t)(block >> 24), (uint8_t)(block >> 16),
                                            (uint8_t)(block >> 8), (uint8_t)block};
        for (unsigned j = 0; j < iter; j++) {
            if (!EVP_MAC_init(c, pw, pl, ps))
                goto out;
            if (j == 0 ? !EVP_MAC_update(c, salt, sl) || !EVP_MAC_update(c, be, 4)
                       : !EVP_MAC_update(c, u, h))
                goto out;
            if (!EVP_MAC_final(c, u, &h, sizeof u))
                goto out;
            for (size_t k = 0; k < h; k++)
                t[k] ^= u[k];
        }
        size_t n = len - done < h ? len - done : h;
        memcpy(out + done, t, n);
        done += (uint32_t)n;
    }
out:
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
}

static int pbkdf2_evp(const char *digest, const uint8_t *pw, size_t pl, const uint8_t *salt,
                      size_t sl, uint64_t iter, uint8_t *out, size_t len)
{
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)digest, 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (void *)pw, pl),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, sl),
                       OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
                       OSSL_PARAM_construct_end()};
    return derive("PBKDF2", ps, out, len);
}

static void pbkdf2_random(void)
{
    static const size_t lens[] = {1, 14, 31, 64, 65, 130};
    static const unsigned iters[] = {1, 2, 7, 50};
    for (int a = 1; a <= 6; a++) {
        for (size_t i = 0; i < 6; i++) {
            uint8_t pw[200], salt[40], got[131], want[131], ref[131];
            size_t pl = (size_t)(t_rand64() % sizeof pw), sl = (size_t)(t_rand64() % sizeof salt);
            unsigned it = iters[i % 4];
            t_fill(pw, sizeof pw), t_fill(salt, sizeof salt);
            /* the standard name, then "LSH512-512" and "lsh512-512" */
            char alias[24];
            snprintf(alias, sizeof alias, "%s%s", i % 3 == 2 ? "lsh" : "LSH", lsh_names[a] + 4);
            const char *dn = i % 3 == 0 ? lsh_names[a] : alias;
            memset(got, 0xee, sizeof got);
            CHECK(pbkdf2_evp(dn, pw, pl, salt, sl, it, got, lens[i]), "PBKDF2 %s", dn);
            CHECK(karx_pbkdf2_hmac_lsh((karx_lsh_alg)a, pw, pl, salt, sl, it, want, lens[i]) == KARX_OK, "karx");
            ref_pbkdf2(lsh_names[a], pw, pl, salt, sl, it, ref, lens[i]);
            CHECK(memcmp(got, want, lens[i]) == 0, "PBKDF2 %s = karx API (pw %zu salt %zu iter %u len %zu)",
                  dn, pl, sl, it, lens[i]);
            CHECK(memcmp(got, ref, lens[i]) == 0, "PBKDF2 %s = RFC 8018 over EVP HMAC (len %zu)", dn, lens[i]);
            CHECK(lens[i] == sizeof got || got[lens[i]] == 0xee, "PBKDF2 wrote past the key");
        }
    }
}

/* OpenSSL's own PBKDF2 (default provider) over karx's LSH-256 digests: a second implementation,
 * which agrees; over LSH-512 it fails (OpenSSL's HMAC stops at 144-byte blocks). */
static void pbkdf2_openssl(void)
{
    for (int a = 1; a <= 6; a++) {
        uint8_t pw[33], salt[16], got[70], want[70];
        uint64_t iter = 1 + t_rand64() % 40;
        t_fill(pw, sizeof pw), t_fill(salt, sizeof salt);
        OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)lsh_names[a], 0),
                           OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, pw, sizeof pw),
                           OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, salt, sizeof salt),
                           OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
                           OSSL_PARAM_construct_end()};
        EVP_KDF *kdf = EVP_KDF_fetch(lib, "PBKDF2", "provider=default");
        EVP_KDF_CTX *c = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
        int good = c && EVP_KDF_derive(c, got, sizeof got, ps) == 1;
        ERR_clear_error();
        karx_pbkdf2_hmac_lsh((karx_lsh_alg)a, pw, sizeof pw, salt, sizeof salt, (uint32_t)iter, want, sizeof want);
        if (a <= 2)
            CHECK(good && memcmp(got, want, sizeof got) == 0, "OpenSSL's PBKDF2 over karx's %s = karx's", lsh_names[a]);
        else
            CHECK(!good, "OpenSSL's PBKDF2 over %s (256-byte block) must fail", lsh_names[a]);
        EVP_KDF_CTX_free(c);
        EVP_KDF_free(kdf);
    }
}

/* Set once, derive twice (and from a dup): the same key; reset forgets the params. */
/* OPENSSL.md, PBKDF2 `iter`: default 2048, as OpenSSL's */
static void pbkdf2_default_iter(void)
{
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "LSH-256-256", 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, "pw", 2),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, "salt", 4),
                       OSSL_PARAM_construct_end()};
    uint8_t got[32], want[32];
    CHECK(derive("PBKDF2", ps, got, sizeof got) &&
              karx_pbkdf2_hmac_lsh(KARX_LSH256_256, "pw", 2, "salt", 4, 2048, want, sizeof want) == KARX_OK &&
              memcmp(got, want, sizeof got) == 0,
          "PBKDF2 without iter = 2048 iterations");
}

static void pbkdf2_ctx_ops(void)
{
    uint64_t iter = 3;
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "LSH-512-512", 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, "pw", 2),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, "salt", 4),
                       OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
                       OSSL_PARAM_construct_end()};
    uint8_t a[48], b[48], want[48];
    size_t size = 0;
    OSSL_PARAM get[] = {OSSL_PARAM_construct_size_t(OSSL_KDF_PARAM_SIZE, &size), OSSL_PARAM_construct_end()};
    EVP_KDF *kdf = EVP_KDF_fetch(lib, "PBKDF2", T_KARX);
    EVP_KDF_CTX *c = kdf ? EVP_KDF_CTX_new(kdf) : NULL, *d = NULL;
    CHECK(c && EVP_KDF_CTX_set_params(c, ps) && EVP_KDF_CTX_get_params(c, get) && size == SIZE_MAX, "params");
    d = c ? EVP_KDF_CTX_dup(c) : NULL;
    karx_pbkdf2_hmac_lsh(KARX_LSH512_512, "pw", 2, "salt", 4, 3, want, 48);
    CHECK(c && EVP_KDF_derive(c, a, 48, NULL) && memcmp(a, want, 48) == 0, "derive");
    CHECK(d && EVP_KDF_derive(d, b, 48, NULL) && memcmp(b, want, 48) == 0, "derive from the dup");
    CHECK(c && EVP_KDF_derive(c, a, 48, NULL) && memcmp(a, want, 48) == 0, "derive again");
    if (c)
        EVP_KDF_CTX_reset(c);
    ERR_clear_error();
    CHECK(c && !EVP_KDF_derive(c, a, 48, NULL) && t_ossl_error_says("no digest"), "reset forgets the digest");
    OSSL_PARAM no_pass[] = {ps[0], ps[2], OSSL_PARAM_construct_end()};
    CHECK(c && !EVP_KDF_derive(c, a, 48, no_pass) && t_ossl_error_says("no pass"), "reset forgets the password");
    EVP_KDF_CTX_free(c);
    EVP_KDF_CTX_free(d);
    EVP_KDF_free(kdf);
}

/* One PBKDF2 call that must fail with an error. */
static void pbkdf2_refused(const char *digest, int with_pw, int with_salt, size_t sl, uint64_t iter,
                           int pkcs5, size_t len, const char *what, const char *word)
{
    static const uint8_t salt[32];
    OSSL_PARAM ps[7], *p = ps;
    if (digest)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)digest, 0);
    if (pkcs5 >= 0)
        *p++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5);
    if (with_pw)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, "pw", 2);
    if (with_salt)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, sl);
    *p++ = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter);
    *p = OSSL_PARAM_construct_end();
    uint8_t out[64];
    ERR_clear_error();
    CHECK(!derive("PBKDF2", ps, out, len), "PBKDF2 %s: must be refused", what);
    CHECK(t_ossl_error_says(word), "PBKDF2 %s: an OpenSSL error saying \"%s\"", what, word);
}

static void pbkdf2_refusals(void)
{
    pbkdf2_refused(NULL, 1, 1, 16, 1000, -1, 32, "no digest", "no digest");
    pbkdf2_refused("NO-SUCH-DIGEST", 1, 1, 16, 1000, -1, 32, "a digest nobody has", "NO-SUCH-DIGEST");
    pbkdf2_refused("LSH-256-256", 0, 1, 16, 1000, -1, 32, "no pass", "no pass");
    pbkdf2_refused("LSH-256-256", 1, 0, 16, 1000, -1, 32, "no salt", "no salt");
    pbkdf2_refused("LSH-256-256", 1, 1, 16, 0, -1, 32, "iter 0", "iter 0");
    pbkdf2_refused("LSH-256-256", 1, 1, 16, (uint64_t)UINT32_MAX + 1, -1, 32, "iter 2^32", "iter 4294967296");
    pbkdf2_refused("LSH-256-256", 1, 1, 16, 1000, -1, 0, "key length 0", "PBKDF2");
    pbkdf2_refused("LSH-256-256", 1, 1, 15, 1000, 0, 32, "pkcs5=0, 15-byte salt", "SP 800-132");
    pbkdf2_refused("LSH-256-256", 1, 1, 16, 999, 0, 32, "pkcs5=0, 999 iterations", "iter 999");
    pbkdf2_refused("LSH-256-256", 1, 1, 16, 1000, 0, 13, "pkcs5=0, 13-byte key", "SP 800-132");
    /* the same bounds met, and short values without pkcs5=0 */
    static const uint8_t salt[16];
    uint8_t out[14], want[14];
    int pkcs5 = 0;
    uint64_t iter = 1000;
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "LSH-256-256", 0),
                       OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, "pw", 2),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, 16),
                       OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iter),
                       OSSL_PARAM_construct_end()};
    karx_pbkdf2_hmac_lsh(KARX_LSH256_256, "pw", 2, salt, 16, 1000, want, 14);
    CHECK(derive("PBKDF2", ps, out, 14) && memcmp(out, want, 14) == 0, "pkcs5=0 at the bounds");
    CHECK(pbkdf2_evp("LSH-256-256", (const uint8_t *)"p", 1, salt, 1, 1, out, 1), "no bounds by default");
}

/* ---- KBKDF ---- */
#define MAXV 8192 /* the largest field of the vector files */

typedef struct kvec {
    char prf[48], mode[16];
    int r, l;
    size_t len, kl, ll, cl, il, ol;
    uint8_t ki[MAXV], label[MAXV], context[MAXV], iv[MAXV], ko[MAXV];
} kvec;

/* OpenSSL params for a karx PRF name ("cmac-lea128", "hmac-lsh512-256"): mac and digest or
 * cipher (with "-CBC" when cbc); the cipher / digest name goes into buf. */
static OSSL_PARAM *prf_params(const char *prf, int cbc, char *buf, size_t cap, OSSL_PARAM *p)
{
    karx_alg_info m, prim;
    if (karx_alg_find(KARX_KIND_MAC, prf, &m) != KARX_OK)
        return p;
    int hmac = KARX_MAC_FAMILY(m.id) == KARX_MAC_HMAC;
    karx_alg_by_id(hmac ? KARX_KIND_HASH : KARX_KIND_CIPHER, KARX_MAC_PRIM(m.id), &prim);
    size_t i = 0;
    for (; prim.std_name[i] && i + 5 < cap; i++)
        buf[i] = prim.std_name[i] == '/' ? '-' : prim.std_name[i];
    strcpy(buf + i, !hmac && cbc ? "-CBC" : "");
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, hmac ? "HMAC" : "CMAC", 0);
    *p++ = OSSL_PARAM_construct_utf8_string(hmac ? OSSL_KDF_PARAM_DIGEST : OSSL_KDF_PARAM_CIPHER, buf, 0);
    return p;
}

static void kbkdf_vec(kvec *v, const char *file, int index)
{
    char cname[40];
    OSSL_PARAM ps[12], *p = prf_params(v->prf, index & 1, cname, sizeof cname, ps);
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, v->mode, 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, v->ki, v->kl);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, v->label, v->ll);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, v->context, v->cl);
    if (v->il)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, v->iv, v->il);
    *p++ = OSSL_PARAM_construct_int("r", &v->r);
    *p++ = OSSL_PARAM_construct_int("karx-l-bytes", &v->l);
    *p = OSSL_PARAM_construct_end();
    static uint8_t out[MAXV + 1];
    memset(out, 0xa5, sizeof out);
    int ok = v->ol == v->len && derive("KBKDF", ps, out, v->len);
    CHECK(ok && memcmp(out, v->ko, v->len) == 0, "%s #%d (%s %s, %s, r %d, l %d, len %zu)", file,
          index, v->prf, cname, v->mode, v->r, v->l, v->len);
    CHECK(out[v->len] == 0xa5, "%s #%d: wrote past the key", file, index);
    if (!ok)
        ERR_print_errors_fp(stderr);
}

static int kvec_field(kvec *v, const char *key, const char *val)
{
    long n = 0;
    if (!strcmp(key, "prf")) snprintf(v->prf, sizeof v->prf, "%s", val);
    else if (!strcmp(key, "mode")) snprintf(v->mode, sizeof v->mode, "%s", val);
    else if (!strcmp(key, "counter_bits")) v->r = atoi(val);
    else if (!strcmp(key, "l_bytes")) v->l = atoi(val);
    else if (!strcmp(key, "len")) v->len = (size_t)atol(val);
    else if (!strcmp(key, "ki")) v->kl = (size_t)(n = t_unhex(val, v->ki, MAXV));
    else if (!strcmp(key, "label")) v->ll = (size_t)(n = t_unhex(val, v->label, MAXV));
    else if (!strcmp(key, "context")) v->cl = (size_t)(n = t_unhex(val, v->context, MAXV));
    else if (!strcmp(key, "iv")) v->il = (size_t)(n = t_unhex(val, v->iv, MAXV));
    else if (!strcmp(key, "ko")) v->ol = (size_t)(n = t_unhex(val, v->ko, MAXV));
    else return -1;
    return n < 0 ? -1 : 0;
}

static int kbkdf_file(const char *dir, const char *name)
{
    char path[1024];
    static char line[4 * MAXV];
    static kvec v;
    int n = 0, have = 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "open %s", path);
    if (f == NULL)
        return 0;
    memset(&v, 0, sizeof v);
    for (;;) {
        char *got = fgets(line, sizeof line, f), *eq = got ? strchr(line, '=') : NULL;
        if (got && line[0] == '#')
            continue;
        if (eq == NULL) {
            if (have)
                kbkdf_vec(&v, name, n++);
            memset(&v, 0, sizeof v), have = 0;
            if (!got)
                break;
            continue;
        }
        char *end = eq, *val = eq + 1;
        while (end > line && end[-1] == ' ')
            end--;
        *end = 0;
        while (*val == ' ')
            val++;
        val[strcspn(val, "\r\n")] = 0;
        CHECK(kvec_field(&v, line, val) == 0, "%s: bad line %s", name, line);
        have = 1;
    }
    fclose(f);
    return n;
}

/* OpenSSL's defaults (counter mode, r = 32, [L] in 4 bytes) against karx_kbkdf. */
static void kbkdf_random(void)
{
    for (int a = 1; a <= 6; a++) {
        uint8_t key[70], label[30], ctx[30], got[100], want[100];
        size_t kl = 1 + (size_t)(t_rand64() % sizeof key), len = 1 + (size_t)(t_rand64() % sizeof got);
        t_fill(key, sizeof key), t_fill(label, sizeof label), t_fill(ctx, sizeof ctx);
        OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "HMAC", 0),
                           OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)lsh_names[a], 0),
                           OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, key, kl),
                           OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, label, 30),
                           OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, ctx, 17),
                           OSSL_PARAM_construct_end()};
        karx_kbkdf_params kp = {KARX_KBKDF_COUNTER, KARX_MAC_ID(KARX_MAC_HMAC, a), 32, 4, label, 30,
                                ctx, 17, NULL, 0};
        CHECK(derive("KBKDF", ps, got, len), "KBKDF HMAC %s", lsh_names[a]);
        CHECK(karx_kbkdf(&kp, key, kl, want, len) == KARX_OK && memcmp(got, want, len) == 0,
              "KBKDF HMAC %s defaults = karx_kbkdf r 32 l 4 (key %zu, len %zu)", lsh_names[a], kl, len);
    }
}

/* One KBKDF call that must fail with an error: a CMAC-LEA-128 base plus one change. */
static void kbkdf_refused(const char *pname, const char *sval, int ival, size_t klen, const char *what,
                          const char *word)
{
    static const uint8_t key[32], seed[16];
    OSSL_PARAM ps[8], *p = ps;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "CMAC", 0);
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_CIPHER, "LEA-128-CBC", 0);
    if (klen)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key, klen);
    if (pname && sval)
        *p++ = OSSL_PARAM_construct_utf8_string(pname, (char *)sval, 0);
    else if (pname && !strcmp(pname, OSSL_KDF_PARAM_SEED))
        *p++ = OSSL_PARAM_construct_octet_string(pname, (void *)seed, 16);
    else if (pname)
        *p++ = OSSL_PARAM_construct_int(pname, &ival);
    *p = OSSL_PARAM_construct_end();
    /* params of one call are found by name: a repeated one must come first to count */
    if (pname && (!strcmp(pname, OSSL_KDF_PARAM_MAC) || !strcmp(pname, OSSL_KDF_PARAM_CIPHER))) {
        OSSL_PARAM t = ps[p - ps - 1];
        memmove(ps + 1, ps, (size_t)(p - ps - 1) * sizeof *ps);
        ps[0] = t;
    }
    uint8_t out[32];
    ERR_clear_error();
    CHECK(!derive("KBKDF", ps, out, 32), "KBKDF %s: must be refused", what);
    CHECK(t_ossl_error_says(word), "KBKDF %s: an OpenSSL error saying \"%s\"", what, word);
}

/* CMAC ignores a digest param (and HMAC a cipher), even one karx lacks, as OpenSSL's KBKDF. */
static void kbkdf_other_kind_ignored(void)
{
    static const uint8_t key[16] = {7};
    uint8_t a[32], b[32];
    OSSL_PARAM ps[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "CMAC", 0),
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_CIPHER, "LEA-128-CBC", 0),
                       OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key, 16),
                       OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
                       OSSL_PARAM_construct_end()};
    CHECK(derive("KBKDF", ps, a, 32), "KBKDF CMAC-LEA-128 with a SHA256 digest param");
    ps[3] = OSSL_PARAM_construct_end();
    CHECK(derive("KBKDF", ps, b, 32) && memcmp(a, b, 32) == 0, "the digest param is ignored by CMAC");
}

static void kbkdf_refusals(void)
{
    kbkdf_refused(OSSL_KDF_PARAM_KBKDF_USE_L, NULL, 0, 16, "use-l 0", "always writes");
    kbkdf_refused(OSSL_KDF_PARAM_KBKDF_USE_SEPARATOR, NULL, 0, 16, "use-separator 0", "always writes");
    kbkdf_refused("r", NULL, 12, 16, "r 12", "r = 12");
    kbkdf_refused("r", NULL, 0, 16, "r 0 in counter mode", "KBKDF");
    kbkdf_refused("karx-l-bytes", NULL, 5, 16, "[L] in 5 bytes", "karx-l-bytes = 5");
    kbkdf_refused(OSSL_KDF_PARAM_MODE, "bogus", 0, 16, "mode bogus", "bogus");
    kbkdf_refused(OSSL_KDF_PARAM_MAC, "NO-SUCH-MAC", 0, 16, "a mac nobody has", "NO-SUCH-MAC");
    kbkdf_refused(OSSL_KDF_PARAM_CIPHER, "NO-SUCH-CIPHER", 0, 16, "a cipher nobody has", "NO-SUCH-CIPHER");
    kbkdf_refused(OSSL_KDF_PARAM_CIPHER, "LEA-128-ECB", 0, 16, "cipher LEA-128-ECB", "LEA-128-ECB");
    kbkdf_refused(OSSL_KDF_PARAM_SEED, NULL, 0, 16, "seed in counter mode", "feedback mode only");
    kbkdf_refused(NULL, NULL, 0, 15, "15-byte CMAC-LEA-128 key", "key length");
    kbkdf_refused(NULL, NULL, 0, 0, "no key", "no key");
    /* no mac at all, HMAC without a digest */
    uint8_t out[16];
    OSSL_PARAM none[] = {OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, out, 16),
                         OSSL_PARAM_construct_end()};
    ERR_clear_error();
    CHECK(!derive("KBKDF", none, out, 16) && t_ossl_error_says("no mac"), "KBKDF without a mac");
    OSSL_PARAM nodigest[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "HMAC", 0),
                             OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, out, 16),
                             OSSL_PARAM_construct_end()};
    CHECK(!derive("KBKDF", nodigest, out, 16) && t_ossl_error_says("no digest"), "KBKDF HMAC without a digest");
}

static void all(char **argv)
{
    pbkdf2_random();
    pbkdf2_ctx_ops();
    pbkdf2_default_iter();
    pbkdf2_openssl();
    pbkdf2_refusals();
    int t = kbkdf_file(argv[2], "ttak_kbkdf_cmac.txt"), m = kbkdf_file(argv[2], "model_kbkdf.txt");
    CHECK(t == 56 && m == 99, "KBKDF vectors read: TTAK %d, model %d", t, m);
    kbkdf_random();
    kbkdf_refusals();
    kbkdf_other_kind_ignored();
    printf("KBKDF: %d TTAK, %d model vectors\n", t, m);
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "ossl_kdf", &lib, all, NULL);
}
