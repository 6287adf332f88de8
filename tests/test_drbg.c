/* CTR_DRBG tests.
 *  - TTAK.KO-12.0189 Appendix B.2 reference outputs for LEA-128/192/256 and HIGHT (24 each);
 *    and ARIA-128/192/256 (24 each); the SEED entries (SEED is not registered) and the B.1
 *    SEED walk-through are skipped and counted;
 *  - three KCMVP-format CTR_DRBG(LEA-256) response files (no df / df / df+PR, 60 cases each);
 *  - CHAM has no official vectors: a second route, written here from single-block cipher calls
 *    straight from SP 800-90A (Update, Block_Cipher_df with a materialised S, generate block by
 *    block), is first checked against the LEA/HIGHT vectors and then compared with the library
 *    for every cipher (CHAM-64/128, CHAM-128/128, CHAM-128/256 included), with/without df and PR;
 *  - every back end; reseed interval, over-long request, wrong lengths, use before instantiate
 *    and after uninstantiate, instantiate_os / generate_os, V wrapping mod 2^blocklen and V's
 *    carry from its low into its high 64-bit word. Fork safety and OS entropy failure:
 *    test_drbg_fork.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cpu.h"
#include "karx/drbg.h"
#include "test_util.h"

#define MAXV 512

/* ------------------------------------------------------------------ the second route (model) */

typedef struct model {
    karx_cipher_alg alg;
    size_t kl, bl, sl;
    int df;
    uint8_t K[32], V[16];
    uint64_t ctr;
} model;

/* E(key, blk) by single-block calls; the last schedule is cached (test speed only). */
static void m_enc(const model *m, const uint8_t *key, uint8_t *blk)
{
    static karx_cipher_key k;
    static uint8_t last[32];
    static karx_cipher_alg last_alg;
    if (last_alg != m->alg || memcmp(last, key, m->kl) != 0) {
        karx_status st = karx_cipher_set_key(&k, m->alg, key, m->kl);
        if (st != KARX_OK) abort();
        memcpy(last, key, m->kl);
        last_alg = m->alg;
    }
    karx_cipher_encrypt_block(&k, blk, blk);
}

static void m_inc(uint8_t *v, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (++v[i] != 0) break;
}

static void m_update(model *m, const uint8_t *data)
{
    uint8_t t[64];
    for (size_t o = 0; o < m->sl; o += m->bl) {
        m_inc(m->V, m->bl);
        memcpy(t + o, m->V, m->bl);
        m_enc(m, m->K, t + o);
    }
    for (size_t i = 0; i < m->sl; i++) t[i] ^= data[i];
    memcpy(m->K, t, m->kl);
    memcpy(m->V, t + m->kl, m->bl);
}

/* Block_Cipher_df(a || b || c, sl) with S materialised. */
static void m_df(const model *m, const uint8_t *a, size_t an, const uint8_t *b, size_t bn,
                 const uint8_t *c, size_t cn, uint8_t *out)
{
    size_t L = an + bn + cn, slen = 8 + L + 1;
    while (slen % m->bl) slen++;
    uint8_t *S = calloc(1, m->bl + slen); /* IV || S */
    if (!S) abort();
    uint8_t *s = S + m->bl;
    s[0] = (uint8_t)(L >> 24); s[1] = (uint8_t)(L >> 16); s[2] = (uint8_t)(L >> 8); s[3] = (uint8_t)L;
    s[7] = (uint8_t)m->sl;
    if (an) memcpy(s + 8, a, an);
    if (bn) memcpy(s + 8 + an, b, bn);
    if (cn) memcpy(s + 8 + an + bn, c, cn);
    s[8 + L] = 0x80;
    uint8_t K0[32], temp[64];
    for (size_t i = 0; i < m->kl; i++) K0[i] = (uint8_t)i;
    for (uint32_t i = 0; i * m->bl < m->kl + m->bl; i++) {
        memset(S, 0, m->bl);
        S[3] = (uint8_t)i;
        uint8_t x[16] = {0};
        for (size_t o = 0; o < m->bl + slen; o += m->bl) {
            for (size_t j = 0; j < m->bl; j++) x[j] ^= S[o + j];
            m_enc(m, K0, x);
        }
        memcpy(temp + i * m->bl, x, m->bl);
    }
    uint8_t *X = temp + m->kl;
    for (size_t o = 0; o < m->sl; o += m->bl) {
        m_enc(m, temp, X);
        memcpy(out + o, X, m->sl - o < m->bl ? m->sl - o : m->bl);
    }
    free(S);
}

static void m_instantiate(model *m, karx_cipher_alg alg, int df, const uint8_t *e, size_t en,
                          const uint8_t *n, size_t nn, const uint8_t *p, size_t pn)
{
    memset(m, 0, sizeof *m);
    m->alg = alg;
    m->kl = karx_cipher_key_bytes(alg);
    m->bl = karx_cipher_block_bytes(alg);
    m->sl = m->kl + m->bl;
    m->df = df;
    uint8_t sm[64] = {0};
    if (df) {
        m_df(m, e, en, n, nn, p, pn, sm);
    } else {
        if (pn) memcpy(sm, p, pn);
        for (size_t i = 0; i < m->sl; i++) sm[i] ^= e[i];
    }
    m_update(m, sm);
    m->ctr = 1;
}

static void m_reseed(model *m, const uint8_t *e, size_t en, const uint8_t *a, size_t an)
{
    uint8_t sm[64] = {0};
    if (m->df) {
        m_df(m, e, en, a, an, NULL, 0, sm);
    } else {
        if (an) memcpy(sm, a, an);
        for (size_t i = 0; i < m->sl; i++) sm[i] ^= e[i];
    }
    m_update(m, sm);
    m->ctr = 1;
}

static void m_generate(model *m, uint8_t *out, size_t n, const uint8_t *a, size_t an)
{
    uint8_t add[64] = {0}, blk[16];
    if (an) {
        if (m->df) m_df(m, a, an, NULL, 0, NULL, 0, add);
        else memcpy(add, a, an);
        m_update(m, add);
    }
    for (size_t o = 0; o < n; o += m->bl) {
        m_inc(m->V, m->bl);
        memcpy(blk, m->V, m->bl);
        m_enc(m, m->K, blk);
        memcpy(out + o, blk, n - o < m->bl ? n - o : m->bl);
    }
    m_update(m, add);
    m->ctr++;
}

/* ------------------------------------------------------------------ TTAK.KO-12.0189 B.2 */

typedef struct buf {
    uint8_t b[MAXV];
    size_t n;
} buf;

typedef struct ttak_input {
    buf ent[3], nonce, pers, add[2];
} ttak_input;

static int set_buf(buf *b, const char *hex)
{
    long n = t_unhex(hex, b->b, sizeof b->b);
    b->n = n < 0 ? 0 : (size_t)n;
    return n >= 0;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ')) s[--n] = 0;
    return s;
}

static unsigned long kat_done, kat_skipped, kat_reseeds;

/* One case on the library and on the model. */
static void ttak_case(karx_cipher_alg alg, const ttak_input *in, int df, int pr, int ps, int ai,
                      int ri, const buf *out1, const buf *out2, int lineno)
{
    karx_ctr_drbg d;
    model m;
    unsigned flags = (df ? KARX_DRBG_USE_DF : 0) | (pr ? KARX_DRBG_PR : 0);
    const buf *pers = ps ? &in->pers : NULL;
    karx_status st = karx_ctr_drbg_instantiate(&d, alg, flags, in->ent[0].b, in->ent[0].n,
                                               in->nonce.b, in->nonce.n, pers ? pers->b : NULL,
                                               pers ? pers->n : 0);
    CHECK(st == KARX_OK, "line %d instantiate %d", lineno, st);
    m_instantiate(&m, alg, df, in->ent[0].b, in->ent[0].n, in->nonce.b, in->nonce.n,
                  pers ? pers->b : NULL, pers ? pers->n : 0);
    if (ri > 0) CHECK(karx_ctr_drbg_set_reseed_interval(&d, (uint64_t)ri) == KARX_OK, "ri");
    int ei = 1;
    const buf *want[2] = {out1, out2};
    for (int k = 0; k < 2; k++) {
        uint8_t got[MAXV], mg[MAXV];
        size_t n = want[k]->n;
        const uint8_t *a = ai ? in->add[k].b : NULL;
        size_t an = ai ? in->add[k].n : 0;
        if (pr) {
            st = karx_ctr_drbg_generate_pr(&d, got, n, in->ent[ei].b, in->ent[ei].n, a, an);
            m_reseed(&m, in->ent[ei].b, in->ent[ei].n, a, an);
            m_generate(&m, mg, n, NULL, 0);
            ei++;
        } else {
            st = karx_ctr_drbg_generate(&d, got, n, a, an);
            int need = ri > 0 && m.ctr > (uint64_t)ri;
            CHECK((st == KARX_ERR_RESEED_REQUIRED) == need, "line %d reseed expectation %d", lineno, st);
            if (st == KARX_ERR_RESEED_REQUIRED) {
                kat_reseeds++;
                CHECK(karx_ctr_drbg_reseed(&d, in->ent[ei].b, in->ent[ei].n, a, an) == KARX_OK, "reseed");
                st = karx_ctr_drbg_generate(&d, got, n, NULL, 0);
            }
            if (need) {
                m_reseed(&m, in->ent[ei].b, in->ent[ei].n, a, an);
                m_generate(&m, mg, n, NULL, 0);
                ei++;
            } else {
                m_generate(&m, mg, n, a, an);
            }
        }
        CHECK(st == KARX_OK, "line %d generate %d", lineno, st);
        CHECK(memcmp(got, want[k]->b, n) == 0, "line %d Out%d (lib)", lineno, k + 1);
        CHECK(memcmp(mg, want[k]->b, n) == 0, "line %d Out%d (model)", lineno, k + 1);
    }
    karx_ctr_drbg_uninstantiate(&d);
    kat_done++;
}

/* The file's names ("LEA-128", "HIGHT", "ARIA-256") are the registry's standard names. */
static int alg_of(const char *name, karx_cipher_alg *alg)
{
    return karx_cipher_from_name(name, alg) == KARX_OK;
}

static void run_ttak(const char *dir, unsigned long per_alg[KARX_CIPHER_LAST + 1])
{
    char line[2048];
    FILE *f = t_open_kat(dir, "kcmvp_ctr_drbg_ttak_ko_12_0189.txt");
    if (!f) return;
    static ttak_input inputs[4];
    int cur_input = -1, in_cases = 0, lineno = 0, case_line = 0;
    char alg_name[64] = "";
    int input = 0, df = 0, pr = 0, ps = 0, ai = 0, ri = 0;
    buf out1, out2;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *s = trim(line);
        if (s[0] == '#' || s[0] == 0) continue;
        if (s[0] == '[') {
            if (!strncmp(s, "[INPUT ", 7)) {
                cur_input = atoi(s + 7);
                in_cases = 0;
            } else if (!strncmp(s, "[B.2 CASES]", 11)) {
                in_cases = 1;
            } else {
                in_cases = 2; /* B.1 SEED walk-through */
                kat_skipped++;
            }
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) continue;
        *eq = 0;
        char *key = trim(s), *val = trim(eq + 1);
        if (in_cases == 0 && cur_input >= 0 && cur_input < 4) {
            ttak_input *ti = &inputs[cur_input];
            int ok = 1;
            if (!strncmp(key, "Entropy", 7)) ok = set_buf(&ti->ent[atoi(key + 7) % 3], val);
            else if (!strcmp(key, "Nonce")) ok = set_buf(&ti->nonce, val);
            else if (!strcmp(key, "Personalization")) ok = set_buf(&ti->pers, val);
            else if (!strncmp(key, "AddIn", 5)) ok = set_buf(&ti->add[atoi(key + 5) % 2], val);
            CHECK(ok, "line %d hex", lineno);
        } else if (in_cases == 1) {
            if (!strcmp(key, "Alg")) {
                snprintf(alg_name, sizeof alg_name, "%s", val);
                case_line = lineno;
            } else if (!strcmp(key, "Input")) input = atoi(val);
            else if (!strcmp(key, "DF")) df = atoi(val);
            else if (!strcmp(key, "PR")) pr = atoi(val);
            else if (!strcmp(key, "PS")) ps = atoi(val);
            else if (!strcmp(key, "AI")) ai = atoi(val);
            else if (!strcmp(key, "RI")) ri = atoi(val);
            else if (!strcmp(key, "Out1")) set_buf(&out1, val);
            else if (!strcmp(key, "Out2")) {
                set_buf(&out2, val);
                karx_cipher_alg alg;
                if (!alg_of(alg_name, &alg)) {
                    kat_skipped++;
                } else if (input < 0 || input > 3) {
                    CHECK(0, "line %d bad input", lineno);
                } else {
                    ttak_case(alg, &inputs[input], df, pr, ps, ai, ri, &out1, &out2, case_line);
                    per_alg[alg]++;
                }
            }
        }
    }
    fclose(f);
}

/* ------------------------------------------------------------------ KCMVP-format .rsp */

typedef struct rsp_item {
    char key[32];
    buf v;
} rsp_item;

static unsigned long rsp_cases;

static void rsp_case(const rsp_item *it, int n, int df, int pr, const char *file, int count)
{
    const buf *ent = NULL, *nonce = NULL, *pers = NULL, *eres = NULL, *ares = NULL, *want = NULL;
    const buf *add[2] = {NULL, NULL}, *epr[2] = {NULL, NULL};
    int na = 0, ne = 0;
    for (int i = 0; i < n; i++) {
        const char *k = it[i].key;
        if (!strcmp(k, "EntropyInput")) ent = &it[i].v;
        else if (!strcmp(k, "Nonce")) nonce = &it[i].v;
        else if (!strcmp(k, "PersonalizationString")) pers = &it[i].v;
        else if (!strcmp(k, "EntropyInputReseed")) eres = &it[i].v;
        else if (!strcmp(k, "AdditionalInputReseed")) ares = &it[i].v;
        else if (!strcmp(k, "AdditionalInput") && na < 2) add[na++] = &it[i].v;
        else if (!strcmp(k, "EntropyInputPR") && ne < 2) epr[ne++] = &it[i].v;
        else if (!strncmp(k, "ReturnedBits", 12)) want = &it[i].v;
    }
    int ok = ent && nonce && pers && want && na == 2 && (pr ? ne == 2 : (eres && ares));
    CHECK(ok, "%s COUNT %d incomplete", file, count);
    if (!ok) return;
    karx_ctr_drbg d;
    unsigned flags = (df ? KARX_DRBG_USE_DF : 0) | (pr ? KARX_DRBG_PR : 0);
    karx_status st = karx_ctr_drbg_instantiate(&d, KARX_CIPHER_LEA256, flags, ent->b, ent->n,
                                               nonce->b, nonce->n, pers->b, pers->n);
    CHECK(st == KARX_OK, "%s COUNT %d instantiate %d", file, count, st);
    uint8_t out[MAXV];
    if (pr) {
        for (int k = 0; k < 2 && st == KARX_OK; k++)
            st = karx_ctr_drbg_generate_pr(&d, out, want->n, epr[k]->b, epr[k]->n, add[k]->b,
                                           add[k]->n);
    } else {
        st = karx_ctr_drbg_reseed(&d, eres->b, eres->n, ares->b, ares->n);
        for (int k = 0; k < 2 && st == KARX_OK; k++)
            st = karx_ctr_drbg_generate(&d, out, want->n, add[k]->b, add[k]->n);
    }
    CHECK(st == KARX_OK, "%s COUNT %d status %d", file, count, st);
    CHECK(st == KARX_OK && memcmp(out, want->b, want->n) == 0, "%s COUNT %d output", file, count);
    karx_ctr_drbg_uninstantiate(&d);
    rsp_cases++;
}

static unsigned long run_rsp(const char *dir, const char *name)
{
    char line[2048];
    FILE *f = t_open_kat(dir, name);
    if (!f) return 0;
    static rsp_item items[16];
    int n = 0, df = 0, pr = 0, count = -1;
    unsigned long before = rsp_cases;
    while (fgets(line, sizeof line, f)) {
        char *s = trim(line);
        if (s[0] == '#' || s[0] == 0) continue;
        if (s[0] == '[') {
            if (strstr(s, "use DF")) df = 1;
            if (strstr(s, "no DF")) df = 0;
            if (strstr(s, "PredictionResistance")) pr = strstr(s, "TRUE") != NULL;
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) continue;
        *eq = 0;
        char *key = trim(s), *val = trim(eq + 1);
        if (!strcmp(key, "COUNT")) {
            count = atoi(val);
            n = 0;
            continue;
        }
        if (n >= 16) continue;
        snprintf(items[n].key, sizeof items[n].key, "%s", key);
        CHECK(set_buf(&items[n].v, val), "%s COUNT %d hex", name, count);
        n++;
        if (!strncmp(key, "ReturnedBits", 12)) {
            rsp_case(items, n, df, pr, name, count);
            n = 0;
        }
    }
    fclose(f);
    return rsp_cases - before;
}

/* ------------------------------------------------------------------ library vs model */

static const karx_cipher_alg all_algs[] = {
    KARX_CIPHER_LEA128,     KARX_CIPHER_LEA192,      KARX_CIPHER_LEA256,     KARX_CIPHER_HIGHT,
    KARX_CIPHER_CHAM64_128, KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256};

static size_t rnd(size_t lo, size_t hi)
{
    return lo + (size_t)(t_rand64() % (hi - lo + 1));
}

static unsigned long cross_runs;

static void cross_one(karx_cipher_alg alg, unsigned flags, int rounds)
{
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg), sl = kl + bl;
    int df = (flags & KARX_DRBG_USE_DF) != 0, pr = (flags & KARX_DRBG_PR) != 0;
    uint8_t e[128], n[64], p[128], a[128];
    size_t en = df ? rnd(kl, 100) : sl, nn = df ? rnd((kl + 1) / 2, 40) : 0;
    size_t pn = rnd(0, df ? 100 : sl);
    t_fill(e, en);
    t_fill(n, nn);
    t_fill(p, pn);
    karx_ctr_drbg d;
    model m;
    karx_status st = karx_ctr_drbg_instantiate(&d, alg, flags, e, en, n, nn, p, pn);
    CHECK(st == KARX_OK, "cross instantiate alg %d flags %u: %d", alg, flags, st);
    m_instantiate(&m, alg, df, e, en, n, nn, p, pn);
    uint64_t ri = rnd(1, 4);
    karx_ctr_drbg_set_reseed_interval(&d, ri);
    static const size_t lens[] = {0, 1, 7, 8, 15, 16, 17, 33, 100, 1000, 4096, 4097, 65536};
    for (int r = 0; r < rounds; r++) {
        size_t len = (r & 3) == 3 ? rnd(0, 70000) : lens[t_rand64() % (sizeof lens / sizeof *lens)];
        if (len > KARX_CTR_DRBG_MAX_REQUEST_BYTES) len = KARX_CTR_DRBG_MAX_REQUEST_BYTES;
        size_t an = (t_rand64() & 1) ? 0 : rnd(1, df ? 100 : sl);
        t_fill(a, an);
        uint8_t *got = malloc(len ? len : 1), *want = malloc(len ? len : 1);
        if (!got || !want) abort();
        if (pr) {
            en = df ? rnd(kl, 100) : sl;
            t_fill(e, en);
            st = karx_ctr_drbg_generate_pr(&d, got, len, e, en, an ? a : NULL, an);
            m_reseed(&m, e, en, a, an);
            m_generate(&m, want, len, NULL, 0);
        } else if (m.ctr > ri) {
            st = karx_ctr_drbg_generate(&d, got, len, a, an);
            CHECK(st == KARX_ERR_RESEED_REQUIRED, "cross expected reseed alg %d: %d", alg, st);
            en = df ? rnd(kl, 100) : sl;
            t_fill(e, en);
            CHECK(karx_ctr_drbg_reseed(&d, e, en, a, an) == KARX_OK, "cross reseed");
            m_reseed(&m, e, en, a, an);
            st = karx_ctr_drbg_generate(&d, got, len, NULL, 0);
            m_generate(&m, want, len, NULL, 0);
        } else {
            st = karx_ctr_drbg_generate(&d, got, len, an ? a : NULL, an);
            m_generate(&m, want, len, a, an);
        }
        CHECK(st == KARX_OK, "cross generate alg %d flags %u len %zu: %d", alg, flags, len, st);
        CHECK(memcmp(got, want, len) == 0, "cross output alg %d flags %u len %zu add %zu", alg,
              flags, len, an);
        free(got);
        free(want);
    }
    karx_ctr_drbg_uninstantiate(&d);
    cross_runs++;
}

/* V near all-ones (high: 1) or with only its low 64 bits near all-ones (high: 0, so the carry
 * crosses from the low into the high 64-bit word without wrapping the block): output and the next
 * state must match the model, which increments byte by byte. The struct is crafted (V set
 * directly) on both. */
static void wrap_tests(karx_cipher_alg alg)
{
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg), sl = kl + bl;
    uint8_t e[64];
    t_fill(e, sl);
    static const size_t lens[] = {1, 16, 100, 4096, 5000, 65536};
    for (int k = 0; k < 12; k++) {
        int high = k / 6, back = k % 6;
        for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
            karx_ctr_drbg d;
            model m;
            karx_ctr_drbg_instantiate(&d, alg, 0, e, sl, NULL, 0, NULL, 0);
            m_instantiate(&m, alg, 0, e, sl, NULL, 0, NULL, 0);
            memset(m.V, 0xff, bl);
            for (size_t i = 0; !high && i + 8 < bl; i++)
                m.V[i] = (uint8_t)(0x35 + 11 * i); /* high word not all-ones */
            /* all-ones minus back (back 5: a few blocks into a 4096-byte chunk) */
            m.V[bl - 1] = (uint8_t)(0xff - (back == 5 ? 200 : back));
            memcpy(d.v, m.V, bl);
            size_t len = lens[li];
            uint8_t *got = malloc(len), *want = malloc(len);
            if (!got || !want) abort();
            CHECK(karx_ctr_drbg_generate(&d, got, len, NULL, 0) == KARX_OK, "wrap generate");
            m_generate(&m, want, len, NULL, 0);
            CHECK(memcmp(got, want, len) == 0, "wrap alg %d high %d back %d len %zu", alg, high,
                  back, len);
            CHECK(memcmp(d.v, m.V, bl) == 0, "wrap V alg %d high %d back %d len %zu", alg, high,
                  back, len);
            /* and one more request from the resulting state */
            CHECK(karx_ctr_drbg_generate(&d, got, 64 < len ? 64 : len, NULL, 0) == KARX_OK, "wrap 2");
            m_generate(&m, want, 64 < len ? 64 : len, NULL, 0);
            CHECK(memcmp(got, want, 64 < len ? 64 : len) == 0, "wrap next alg %d", alg);
            free(got);
            free(want);
            karx_ctr_drbg_uninstantiate(&d);
        }
    }
}

/* ------------------------------------------------------------------ errors and the OS source */

static void error_tests(void)
{
    uint8_t e[100], out[100];
    t_fill(e, sizeof e);
    karx_ctr_drbg d;
    memset(&d, 0, sizeof d);
    /* use before instantiate */
    CHECK(karx_ctr_drbg_generate(&d, out, 16, NULL, 0) == KARX_ERR_STATE, "gen unset");
    CHECK(karx_ctr_drbg_reseed(&d, e, 32, NULL, 0) == KARX_ERR_STATE, "reseed unset");
    CHECK(karx_ctr_drbg_generate_pr(&d, out, 16, e, 32, NULL, 0) == KARX_ERR_STATE, "pr unset");
    CHECK(karx_ctr_drbg_set_reseed_interval(&d, 5) == KARX_ERR_STATE, "ri unset");
    CHECK(karx_ctr_drbg_generate_os(&d, out, 16, NULL, 0) == KARX_ERR_STATE, "gen_os unset");
    CHECK(karx_ctr_drbg_reseed_os(&d, NULL, 0) == KARX_ERR_STATE, "reseed_os unset");
    CHECK(karx_ctr_drbg_generate(NULL, out, 16, NULL, 0) == KARX_ERR_ARGUMENT, "gen NULL");

    /* instantiate argument checks (each leaves the struct wiped) */
    const karx_cipher_alg L = KARX_CIPHER_LEA128; /* kl 16, sl 32 */
    CHECK(karx_ctr_drbg_instantiate(&d, (karx_cipher_alg)0, 0, e, 32, NULL, 0, NULL, 0) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "alg 0");
    CHECK(karx_ctr_drbg_instantiate(&d, (karx_cipher_alg)(KARX_CIPHER_LAST + 1), 0, e, 32, NULL,
                                    0, NULL, 0) == KARX_ERR_UNKNOWN_ALGORITHM, "alg LAST + 1");
    CHECK(karx_ctr_drbg_instantiate(&d, L, 4, e, 32, NULL, 0, NULL, 0) == KARX_ERR_ARGUMENT, "flags");
    CHECK(karx_ctr_drbg_instantiate(&d, L, 0, NULL, 32, NULL, 0, NULL, 0) == KARX_ERR_ARGUMENT, "NULL e");
    CHECK(karx_ctr_drbg_instantiate(NULL, L, 0, e, 32, NULL, 0, NULL, 0) == KARX_ERR_ARGUMENT, "NULL d");
    CHECK(karx_ctr_drbg_instantiate(&d, L, 0, e, 31, NULL, 0, NULL, 0) == KARX_ERR_DATA_LENGTH, "nodf 31");
    CHECK(karx_ctr_drbg_instantiate(&d, L, 0, e, 33, NULL, 0, NULL, 0) == KARX_ERR_DATA_LENGTH, "nodf 33");
    CHECK(karx_ctr_drbg_instantiate(&d, L, 0, e, 32, NULL, 0, e, 33) == KARX_ERR_DATA_LENGTH, "nodf pers");
    CHECK(karx_ctr_drbg_instantiate(&d, L, KARX_DRBG_USE_DF, e, 15, e, 8, NULL, 0) ==
              KARX_ERR_DATA_LENGTH, "df e 15");
    CHECK(karx_ctr_drbg_instantiate(&d, L, KARX_DRBG_USE_DF, e, 16, e, 7, NULL, 0) ==
              KARX_ERR_DATA_LENGTH, "df nonce 7");
    CHECK(karx_ctr_drbg_instantiate(&d, KARX_CIPHER_LEA256, KARX_DRBG_USE_DF, e, 32, e, 15, NULL, 0) ==
              KARX_ERR_DATA_LENGTH, "df256 nonce 15");
    CHECK(karx_ctr_drbg_generate(&d, out, 16, NULL, 0) == KARX_ERR_STATE, "failed instantiate");
    CHECK(t_all_zero(&d, sizeof d), "failed instantiate wipes");
    CHECK(karx_ctr_drbg_instantiate(&d, L, KARX_DRBG_USE_DF, e, 16, e, 8, NULL, 0) == KARX_OK, "df min");
    CHECK(karx_ctr_drbg_instantiate(&d, L, 0, e, 32, NULL, 0, e, 32) == KARX_OK, "nodf ok");

    /* lengths after instantiate (no df): nothing changes on error */
    karx_ctr_drbg copy = d;
    memset(out, 0xaa, sizeof out);
    CHECK(karx_ctr_drbg_reseed(&d, e, 31, NULL, 0) == KARX_ERR_DATA_LENGTH, "reseed 31");
    CHECK(karx_ctr_drbg_reseed(&d, e, 32, e, 33) == KARX_ERR_DATA_LENGTH, "reseed add 33");
    CHECK(karx_ctr_drbg_generate(&d, out, 16, e, 33) == KARX_ERR_DATA_LENGTH, "gen add 33");
    CHECK(karx_ctr_drbg_generate(&d, NULL, 16, NULL, 0) == KARX_ERR_ARGUMENT, "gen NULL out");
    CHECK(karx_ctr_drbg_generate_pr(&d, out, 16, e, 33, NULL, 0) == KARX_ERR_DATA_LENGTH, "pr e 33");
    CHECK(karx_ctr_drbg_set_reseed_interval(&d, 0) == KARX_ERR_ARGUMENT, "ri 0");
    CHECK(karx_ctr_drbg_set_reseed_interval(&d, (1ull << 48) + 1) == KARX_ERR_ARGUMENT, "ri big");
    CHECK(memcmp(&copy, &d, sizeof d) == 0, "errors leave the state unchanged");

    /* over-long request */
    uint8_t *big = malloc(KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1);
    if (!big) abort();
    memset(big, 0x5c, KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1);
    CHECK(karx_ctr_drbg_generate(&d, big, KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1, NULL, 0) ==
              KARX_ERR_DATA_LENGTH, "over-long");
    CHECK(big[0] == 0x5c && big[KARX_CTR_DRBG_MAX_REQUEST_BYTES] == 0x5c, "over-long wrote");
    CHECK(memcmp(&copy, &d, sizeof d) == 0, "over-long changed state");
    CHECK(karx_ctr_drbg_generate(&d, big, KARX_CTR_DRBG_MAX_REQUEST_BYTES, NULL, 0) == KARX_OK, "max");
    CHECK(karx_ctr_drbg_max_request_bytes() == 65536, "max request");
    free(big);

    /* reseed interval reached */
    CHECK(karx_ctr_drbg_instantiate(&d, L, 0, e, 32, NULL, 0, NULL, 0) == KARX_OK, "inst");
    CHECK(karx_ctr_drbg_set_reseed_interval(&d, 3) == KARX_OK, "ri 3");
    for (int i = 0; i < 3; i++)
        CHECK(karx_ctr_drbg_generate(&d, out, 16, NULL, 0) == KARX_OK, "gen %d", i);
    memset(out, 0xaa, sizeof out);
    copy = d;
    CHECK(karx_ctr_drbg_generate(&d, out, 16, NULL, 0) == KARX_ERR_RESEED_REQUIRED, "reseed required");
    CHECK(out[0] == 0xaa && out[15] == 0xaa && memcmp(&copy, &d, sizeof d) == 0, "wrote on refusal");
    CHECK(karx_ctr_drbg_reseed(&d, e + 1, 32, NULL, 0) == KARX_OK, "reseed");
    CHECK(karx_ctr_drbg_generate(&d, out, 16, NULL, 0) == KARX_OK, "after reseed");
    /* generate_pr clears a pending reseed */
    for (int i = 0; i < 3; i++) karx_ctr_drbg_generate(&d, out, 16, NULL, 0);
    CHECK(karx_ctr_drbg_generate_pr(&d, out, 16, e, 32, NULL, 0) == KARX_OK, "pr on non-pr");

    /* PR instance: plain generate refuses */
    CHECK(karx_ctr_drbg_instantiate(&d, L, KARX_DRBG_PR | KARX_DRBG_USE_DF, e, 16, e, 8, NULL, 0) ==
              KARX_OK, "pr inst");
    CHECK(karx_ctr_drbg_generate(&d, out, 16, NULL, 0) == KARX_ERR_RESEED_REQUIRED, "pr plain");
    CHECK(karx_ctr_drbg_generate_pr(&d, out, 16, e, 15, NULL, 0) == KARX_ERR_DATA_LENGTH, "pr e 15");
    CHECK(karx_ctr_drbg_generate_pr(&d, out, 16, e, 16, NULL, 0) == KARX_OK, "pr ok");

    /* uninstantiate wipes everything */
    karx_ctr_drbg_uninstantiate(&d);
    CHECK(t_all_zero(&d, sizeof d), "uninstantiate wipes");
    CHECK(karx_ctr_drbg_generate(&d, out, 16, NULL, 0) == KARX_ERR_STATE, "gen after uninst");
    CHECK(karx_ctr_drbg_reseed(&d, e, 32, NULL, 0) == KARX_ERR_STATE, "reseed after uninst");
    karx_ctr_drbg_uninstantiate(NULL);

    /* sizes */
    CHECK(karx_ctr_drbg_seed_bytes(KARX_CIPHER_LEA128) == 32 && karx_ctr_drbg_seed_bytes(KARX_CIPHER_HIGHT) == 24 &&
              karx_ctr_drbg_seed_bytes(KARX_CIPHER_CHAM128_256) == 48 &&
              karx_ctr_drbg_seed_bytes((karx_cipher_alg)0) == 0, "seed bytes");
    CHECK(karx_ctr_drbg_strength_bytes(KARX_CIPHER_LEA192) == 24, "strength");
    CHECK(karx_ctr_drbg_max_seed_bytes() == KARX_CTR_DRBG_MAX_SEED_BYTES, "max seed");
    CHECK(karx_ctr_drbg_max_reseed_interval() == (1ull << 48), "max ri");
}

static void os_tests(void)
{
    for (size_t ai = 0; ai < sizeof all_algs / sizeof *all_algs; ai++) {
        for (unsigned flags = 0; flags < 4; flags++) {
            karx_ctr_drbg a, b;
            uint8_t x[100], y[100];
            karx_status st = karx_ctr_drbg_instantiate_os(&a, all_algs[ai], flags, (const uint8_t *)"karx", 4);
#if defined(__linux__)
            CHECK(st == KARX_OK, "instantiate_os alg %d flags %u: %d", all_algs[ai], flags, st);
#else
            CHECK(st == KARX_OK || st == KARX_ERR_UNSUPPORTED, "instantiate_os %d", st);
            if (st != KARX_OK) return;
#endif
            st = karx_ctr_drbg_instantiate_os(&b, all_algs[ai], flags, NULL, 0);
            CHECK(st == KARX_OK, "instantiate_os b");
            CHECK(karx_ctr_drbg_generate_os(&a, x, sizeof x, NULL, 0) == KARX_OK, "gen_os a");
            CHECK(karx_ctr_drbg_generate_os(&b, y, sizeof y, NULL, 0) == KARX_OK, "gen_os b");
            CHECK(memcmp(x, y, sizeof x) != 0, "two OS instances agree");
            CHECK(karx_ctr_drbg_reseed_os(&a, x, 10) == KARX_OK, "reseed_os");
            /* long request across many reseeds */
            karx_ctr_drbg_set_reseed_interval(&a, 1);
            size_t n = 3 * KARX_CTR_DRBG_MAX_REQUEST_BYTES + 77;
            uint8_t *big = calloc(1, n);
            if (!big) abort();
            CHECK(karx_ctr_drbg_generate_os(&a, big, n, (const uint8_t *)"ai", 2) == KARX_OK, "gen_os long");
            CHECK(!t_all_zero(big + n - 64, 64) && !t_all_zero(big, 64), "gen_os output");
            CHECK(a.reseed_counter == 2, "gen_os reseeded each request");
            free(big);
            karx_ctr_drbg_uninstantiate(&a);
            karx_ctr_drbg_uninstantiate(&b);
        }
    }
    uint8_t r1[32], r2[32];
    CHECK(karx_os_random(r1, 32) == KARX_OK && karx_os_random(r2, 32) == KARX_OK &&
              memcmp(r1, r2, 32) != 0, "os_random");
    CHECK(karx_os_random(NULL, 1) == KARX_ERR_ARGUMENT, "os_random NULL");
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    t_seed_from_env();
    static const char *rsps[] = {"kcmvpfmt_ctr_drbg_lea256_nodf_nopr.rsp",
                                 "kcmvpfmt_ctr_drbg_lea256_usedf_nopr.rsp",
                                 "kcmvpfmt_ctr_drbg_lea256_usedf_usepr.rsp"};
    karx_backend best = karx_get_backend();
    for (int be = 0; be < t_backend_count(); be++) {
        if (!karx_backend_supported((karx_backend)be)) continue;
        CHECK(karx_set_backend((karx_backend)be) == KARX_OK, "set backend %d", be);
        unsigned long per_alg[KARX_CIPHER_LAST + 1] = {0};
        kat_done = kat_skipped = kat_reseeds = 0;
        run_ttak(dir, per_alg);
        CHECK(per_alg[KARX_CIPHER_LEA128] == 24 && per_alg[KARX_CIPHER_LEA192] == 24 &&
                  per_alg[KARX_CIPHER_LEA256] == 24 && per_alg[KARX_CIPHER_HIGHT] == 24,
              "TTAK counts %lu %lu %lu %lu", per_alg[1], per_alg[2], per_alg[3], per_alg[4]);
        CHECK(per_alg[KARX_CIPHER_ARIA128] == 24 && per_alg[KARX_CIPHER_ARIA192] == 24 &&
                  per_alg[KARX_CIPHER_ARIA256] == 24, "TTAK ARIA counts %lu %lu %lu",
              per_alg[KARX_CIPHER_ARIA128], per_alg[KARX_CIPHER_ARIA192],
              per_alg[KARX_CIPHER_ARIA256]);
        unsigned long r[3];
        for (int i = 0; i < 3; i++) {
            r[i] = run_rsp(dir, rsps[i]);
            CHECK(r[i] == 60, "%s: %lu cases", rsps[i], r[i]);
        }
        cross_runs = 0;
        for (size_t ai = 0; ai < sizeof all_algs / sizeof *all_algs; ai++) {
            for (unsigned flags = 0; flags < 4; flags++)
                for (int rep = 0; rep < 3; rep++)
                    cross_one(all_algs[ai], flags, 12);
            wrap_tests(all_algs[ai]);
        }
        printf("backend %-8s: TTAK B.2 %lu cases (LEA-128 %lu, LEA-192 %lu, LEA-256 %lu, HIGHT %lu, "
               "ARIA %lu; %lu reseeds), skipped %lu (SEED/B.1); rsp %lu+%lu+%lu; model cross-checks "
               "%lu\n",
               karx_backend_name((karx_backend)be), kat_done, per_alg[1], per_alg[2], per_alg[3],
               per_alg[4], per_alg[KARX_CIPHER_ARIA128] + per_alg[KARX_CIPHER_ARIA192] +
                   per_alg[KARX_CIPHER_ARIA256],
               kat_reseeds, kat_skipped, r[0], r[1], r[2], cross_runs);
    }
    karx_set_backend(best);
    error_tests();
    os_tests();
    return t_finish("test_drbg");
}
