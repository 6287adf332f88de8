/* Known answers through EVP_RAND: each vector's entropy and nonce are handed to our DRBG by a
 * TEST-RAND parent (set before the call that must draw them), so the whole path runs as in
 * use: instantiate/reseed pull from the parent, generate reseeds by itself when the reseed
 * interval or prediction resistance says so.
 *  - tests/kat/kcmvp_ctr_drbg_ttak_ko_12_0189.txt: TTAK.KO-12.0189 B.2, CTR_DRBG over LEA-128/
 *    192/256, HIGHT and ARIA (SEED cases skipped: karx has no SEED);
 *  - tests/kat/cryptopp_lsh_drbg.txt: Hash_DRBG / HMAC_DRBG over every LSH (Crypto++ 8.7). */
#ifndef KARX_OSSL_RAND_KAT_H
#define KARX_OSSL_RAND_KAT_H

#include <stdlib.h>
#include <string.h>

#include "karx/drbg.h"
#include "karx/registry.h"
#include "lsh_drbg_kat.h"
#include "ossl_rand_util.h"

#define KMAX 1024

typedef struct kbuf {
    uint8_t b[KMAX];
    size_t n;
} kbuf;

static unsigned long kat_ttak_done, kat_ttak_skipped, kat_lsh_done;

static int k_set(kbuf *b, const char *hex)
{
    long n = t_unhex(hex, b->b, sizeof b->b);
    b->n = n < 0 ? 0 : (size_t)n;
    return n >= 0;
}

/* Splits "Key = value" in place; 0 for other lines. */
static int k_split(char *line, char **key, char **val)
{
    char *s = t_trim(line), *eq = strchr(s, '=');
    if (s[0] == '#' || eq == NULL)
        return 0;
    *eq = 0;
    *key = t_trim(s);
    *val = t_trim(eq + 1);
    return 1;
}

/* ---------------------------------------------------------------- TTAK.KO-12.0189 B.2 */

typedef struct ttak_in {
    kbuf ent[3], nonce, pers, add[2];
} ttak_in;

typedef struct ttak_case {
    char alg[32];
    int input, df, pr, ps, ai, ri, line;
    kbuf out[2];
} ttak_case;

/* One generate call of a case; *ei is the next unused entropy string. */
static int ttak_generate(EVP_RAND_CTX *d, EVP_RAND_CTX *par, const ttak_in *in,
                         const ttak_case *c, int k, int *ei, uint8_t *got)
{
    /* the reseed counter is k+1 at call k: a reseed is due when it passes the interval */
    int reseeds = c->pr || (c->ri > 0 && k + 1 > c->ri);
    if (reseeds && !t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, in->ent[*ei].b, in->ent[*ei].n))
        return 0;
    *ei += reseeds;
    const uint8_t *a = c->ai ? in->add[k].b : NULL;
    size_t an = c->ai ? in->add[k].n : 0;
    return EVP_RAND_generate(d, got, c->out[k].n, 0, c->pr, a, an);
}

static void ttak_run(const ttak_in *in, const ttak_case *c)
{
    char cipher[48];
    snprintf(cipher, sizeof cipher, "%s-CTR", c->alg);
    EVP_RAND_CTX *par = t_test_parent();
    EVP_RAND_CTX *d = par ? t_our_drbg("KARX-CTR-DRBG", par) : NULL;
    OSSL_PARAM prm[4];
    int df = c->df;
    unsigned ri = (unsigned)c->ri;
    t_drbg_params(prm, OSSL_DRBG_PARAM_CIPHER, cipher, &df, c->ri > 0 ? &ri : NULL);
    int ok = d != NULL && t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, in->ent[0].b, in->ent[0].n) &&
             t_parent_set(par, OSSL_RAND_PARAM_TEST_NONCE, in->nonce.b, in->nonce.n) &&
             EVP_RAND_instantiate(d, 0, 0, c->ps ? in->pers.b : NULL, c->ps ? in->pers.n : 0, prm);
    CHECK(ok, "line %d %s instantiate", c->line, cipher);
    int ei = 1;
    for (int k = 0; ok && k < 2; k++) {
        uint8_t got[KMAX];
        CHECK(ttak_generate(d, par, in, c, k, &ei, got), "line %d generate %d", c->line, k + 1);
        CHECK(memcmp(got, c->out[k].b, c->out[k].n) == 0, "line %d %s df=%d pr=%d ri=%d Out%d",
              c->line, cipher, c->df, c->pr, c->ri, k + 1);
    }
    ERR_print_errors_fp(stderr);
    EVP_RAND_CTX_free(d);
    EVP_RAND_CTX_free(par);
    kat_ttak_done++;
}

static void ttak_input_line(ttak_in *ti, const char *key, const char *val, int line)
{
    int ok = 1;
    if (!strncmp(key, "Entropy", 7))
        ok = k_set(&ti->ent[atoi(key + 7) % 3], val);
    else if (!strcmp(key, "Nonce"))
        ok = k_set(&ti->nonce, val);
    else if (!strcmp(key, "Personalization"))
        ok = k_set(&ti->pers, val);
    else if (!strncmp(key, "AddIn", 5))
        ok = k_set(&ti->add[atoi(key + 5) % 2], val);
    CHECK(ok, "ttak line %d hex", line);
}

/* A case line; 1 when the case is complete (after Out2). */
static int ttak_case_line(ttak_case *c, const char *key, const char *val, int line)
{
    if (!strcmp(key, "Alg")) {
        snprintf(c->alg, sizeof c->alg, "%s", val);
        c->line = line;
    } else if (!strcmp(key, "Input")) c->input = atoi(val);
    else if (!strcmp(key, "DF")) c->df = atoi(val);
    else if (!strcmp(key, "PR")) c->pr = atoi(val);
    else if (!strcmp(key, "PS")) c->ps = atoi(val);
    else if (!strcmp(key, "AI")) c->ai = atoi(val);
    else if (!strcmp(key, "RI")) c->ri = atoi(val);
    else if (!strcmp(key, "Out1")) k_set(&c->out[0], val);
    else if (!strcmp(key, "Out2")) return k_set(&c->out[1], val);
    return 0;
}

static void run_ttak_evp(const char *dir)
{
    char line[2048], *key, *val;
    FILE *f = t_open_kat(dir, "kcmvp_ctr_drbg_ttak_ko_12_0189.txt");
    if (f == NULL)
        return;
    static ttak_in inputs[4];
    static ttak_case c;
    int section = -1, in_no = 0, lineno = 0; /* section: 0 inputs, 1 B.2 cases, 2 other */
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *s = t_trim(line);
        if (s[0] == '[') {
            section = !strncmp(s, "[INPUT ", 7) ? 0 : !strncmp(s, "[B.2 CASES]", 11) ? 1 : 2;
            if (section == 0)
                in_no = atoi(s + 7) & 3;
            continue;
        }
        if (!k_split(s, &key, &val))
            continue;
        if (section == 0)
            ttak_input_line(&inputs[in_no], key, val, lineno);
        else if (section == 1 && ttak_case_line(&c, key, val, lineno)) {
            karx_cipher_alg alg;
            if (karx_cipher_from_name(c.alg, &alg) != KARX_OK)
                kat_ttak_skipped++; /* SEED */
            else
                ttak_run(&inputs[c.input & 3], &c);
        }
    }
    fclose(f);
}

/* ---------------------------------------------------------------- LSH Hash/HMAC DRBG */

typedef struct lsh_rec {
    char name[40], mode[16];
    kbuf f[LD_FIELDS];
    int line;
} lsh_rec;

static const uint8_t *lp(const lsh_rec *r, int i)
{
    return r->f[i].n ? r->f[i].b : NULL;
}

/* The procedure of `karx drbg` (the file's header) through EVP. "reseed" draws its entropy
 * from the parent; "reseed-add" hands it to EVP_RAND_reseed itself: both paths are covered. */
static int lsh_steps(EVP_RAND_CTX *d, EVP_RAND_CTX *par, const lsh_rec *r, uint8_t *o1, uint8_t *o2)
{
    size_t len = r->f[LD_O1].n;
    int pr = !strcmp(r->mode, "pr"), rs = !strcmp(r->mode, "reseed");
    if (!strcmp(r->mode, "reseed-add") &&
        !EVP_RAND_reseed(d, 0, lp(r, LD_RE), r->f[LD_RE].n, lp(r, LD_RA), r->f[LD_RA].n))
        return 0;
    if (pr && !t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, r->f[LD_PR1].b, r->f[LD_PR1].n))
        return 0;
    if (!EVP_RAND_generate(d, o1, len, 0, pr, lp(r, LD_A1), r->f[LD_A1].n))
        return 0;
    if (pr && !t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, r->f[LD_PR2].b, r->f[LD_PR2].n))
        return 0;
    if (rs) {
        if (!t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, r->f[LD_RE].b, r->f[LD_RE].n) ||
            !EVP_RAND_reseed(d, 0, NULL, 0, lp(r, LD_A2), r->f[LD_A2].n))
            return 0;
        return EVP_RAND_generate(d, o2, len, 0, 0, NULL, 0);
    }
    return EVP_RAND_generate(d, o2, len, 0, pr, lp(r, LD_A2), r->f[LD_A2].n);
}

static void lsh_run(const lsh_rec *r)
{
    karx_drbg_type type;
    int alg;
    karx_alg_info info;
    CHECK(karx_drbg_from_name(r->name, &type, &alg) == KARX_OK &&
          karx_alg_by_id(KARX_KIND_HASH, alg, &info) == KARX_OK, "name %s", r->name);
    EVP_RAND_CTX *par = t_test_parent();
    EVP_RAND_CTX *d = par ? t_our_drbg(type == KARX_DRBG_HASH ? "KARX-HASH-DRBG" : "KARX-HMAC-DRBG", par) : NULL;
    OSSL_PARAM prm[4];
    t_drbg_params(prm, OSSL_DRBG_PARAM_DIGEST, info.std_name, NULL, NULL);
    uint8_t o1[KMAX], o2[KMAX];
    int ok = d != NULL && t_parent_set(par, OSSL_RAND_PARAM_TEST_ENTROPY, r->f[LD_E].b, r->f[LD_E].n) &&
             t_parent_set(par, OSSL_RAND_PARAM_TEST_NONCE, r->f[LD_N].b, r->f[LD_N].n) &&
             EVP_RAND_instantiate(d, 0, 0, lp(r, LD_P), r->f[LD_P].n, prm) && lsh_steps(d, par, r, o1, o2);
    CHECK(ok, "line %d %s %s through EVP", r->line, r->name, r->mode);
    size_t len = r->f[LD_O1].n;
    CHECK(ok && memcmp(o1, r->f[LD_O1].b, len) == 0 && memcmp(o2, r->f[LD_O2].b, len) == 0,
          "line %d %s %s outputs", r->line, r->name, r->mode);
    ERR_print_errors_fp(stderr);
    EVP_RAND_CTX_free(d);
    EVP_RAND_CTX_free(par);
    kat_lsh_done++;
}

static void run_lsh_evp(const char *dir)
{
    char line[4096], *key, *val;
    FILE *f = t_open_kat(dir, "cryptopp_lsh_drbg.txt");
    if (f == NULL)
        return;
    static lsh_rec r;
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *s = t_trim(line);
        if (s[0] == '[') {
            memset(&r, 0, sizeof r);
            snprintf(r.name, sizeof r.name, "%.*s", (int)strcspn(s + 1, "]"), s + 1);
            r.line = lineno;
            continue;
        }
        if (!k_split(s, &key, &val))
            continue;
        if (!strcmp(key, "Mode"))
            snprintf(r.mode, sizeof r.mode, "%s", val);
        for (int i = 0; i < LD_FIELDS; i++)
            if (!strcmp(key, ld_names[i]))
                CHECK(k_set(&r.f[i], val), "line %d hex", lineno);
        if (!strcmp(key, "ReturnedBits2"))
            lsh_run(&r);
    }
    fclose(f);
}

#endif
