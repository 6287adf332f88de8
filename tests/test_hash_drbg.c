/* Hash_DRBG and HMAC_DRBG over LSH.
 *  - known answers: tests/kat/cryptopp_lsh_drbg.txt (96 records: every LSH variant, both DRBGs,
 *    the four procedures of `karx drbg`, with and without personalization / additional input),
 *    computed by Crypto++ 8.7's templates (no official LSH DRBG vectors are public), at every
 *    back end; the differential test against Crypto++ on random inputs is test_drbg_cryptopp;
 *  - a long request (8 KiB: Hashgen's multi-buffer batches and more) equal at every back end;
 *  - sizes (seedlen, strength) and names (karx_drbg_from_name, all spellings);
 *  - errors: NULL pointers, unknown algorithm and flags, short entropy and nonce, a request over
 *    2^19 bits, the reseed interval, prediction resistance, use before instantiate and after
 *    uninstantiate; a refused call changes nothing and writes nothing; a failed instantiate
 *    leaves the state wiped;
 *  - the OS-seeded forms (any length, interval 1, PR). Fork safety: test_drbg_fork.c;
 *  - karx_drbg (any type): the same outputs as each DRBG's own calls, and its own errors;
 *  - Hashgen's counter V, V+1, ... across a carry out of its low 64-bit word and across the wrap
 *    mod 2^seedlen (V set by hand: random inputs never reach them), against Hash(V + i) computed
 *    here with a plain byte increment. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drbg_api.h"
#include "karx/cpu.h"
#include "karx/drbg.h"
#include "karx/lsh.h"
#include "lsh_drbg_kat.h"
#include "test_util.h"

#define MAXB 1024

static const karx_lsh_alg lsh_algs[] = {KARX_LSH256_224, KARX_LSH256_256, KARX_LSH512_224,
                                        KARX_LSH512_256, KARX_LSH512_384, KARX_LSH512_512};
#define N_LSH (sizeof lsh_algs / sizeof *lsh_algs)

/* ------------------------------------------------------------------ known answers */

typedef struct kat_rec {
    char name[40], mode[16];
    uint8_t f[LD_FIELDS][MAXB];
    size_t n[LD_FIELDS];
    int have[LD_FIELDS];
} kat_rec;

static const uint8_t *kp(const kat_rec *r, int i)
{
    return r->n[i] ? r->f[i] : NULL;
}

/* The procedure of `karx drbg` (cli/cmd_rand.c) through the API; 0 when both outputs match. */
static int kat_run(const kat_rec *r)
{
    karx_drbg_type type;
    int alg;
    t_drbg_state st;
    uint8_t o1[MAXB], o2[MAXB];
    size_t len = r->n[LD_O1];
    if (karx_drbg_from_name(r->name, &type, &alg) != KARX_OK || type == KARX_DRBG_CTR) return -1;
    const t_drbg *api = &t_drbgs[type - 1];
    int pr = strcmp(r->mode, "pr") == 0, rs = strcmp(r->mode, "reseed") == 0;
    karx_status s = api->inst(&st, alg, pr ? KARX_DRBG_PR : 0, kp(r, LD_E), r->n[LD_E], kp(r, LD_N),
                              r->n[LD_N], kp(r, LD_P), r->n[LD_P]);
    if (s == KARX_OK && strcmp(r->mode, "reseed-add") == 0)
        s = api->reseed(&st, kp(r, LD_RE), r->n[LD_RE], kp(r, LD_RA), r->n[LD_RA]);
    if (s == KARX_OK)
        s = pr ? api->gen_pr(&st, o1, len, kp(r, LD_PR1), r->n[LD_PR1], kp(r, LD_A1), r->n[LD_A1])
               : api->gen(&st, o1, len, kp(r, LD_A1), r->n[LD_A1]);
    if (s == KARX_OK && pr)
        s = api->gen_pr(&st, o2, len, kp(r, LD_PR2), r->n[LD_PR2], kp(r, LD_A2), r->n[LD_A2]);
    else if (s == KARX_OK && rs) {
        s = api->reseed(&st, kp(r, LD_RE), r->n[LD_RE], kp(r, LD_A2), r->n[LD_A2]);
        if (s == KARX_OK) s = api->gen(&st, o2, len, NULL, 0);
    } else if (s == KARX_OK) {
        s = api->gen(&st, o2, len, kp(r, LD_A2), r->n[LD_A2]);
    }
    api->uninst(&st);
    if (s != KARX_OK) return (int)s;
    return memcmp(o1, r->f[LD_O1], len) != 0 || memcmp(o2, r->f[LD_O2], len) != 0;
}

/* Reads the records; each complete one is run. Returns the number run. */
static unsigned long run_kat(const char *path, unsigned long per_type[4])
{
    FILE *fp = fopen(path, "r");
    char line[4096];
    static kat_rec r;
    unsigned long done = 0;
    CHECK(fp != NULL, "open %s", path);
    if (!fp) return 0;
    memset(&r, 0, sizeof r);
    for (int more = 1; more;) {
        more = fgets(line, sizeof line, fp) != NULL;
        if (!more || line[0] == '[') {
            if (r.name[0]) {
                karx_drbg_type type = KARX_DRBG_CTR;
                int alg = 0;
                CHECK(r.have[LD_O1] && r.have[LD_O2] && r.n[LD_O1] == r.n[LD_O2], "%s: record", r.name);
                int rc = kat_run(&r);
                CHECK(rc == 0, "%s mode %s: %s", r.name, r.mode,
                      rc < 0 ? "unknown name" : rc == 1 ? "output differs" : "status");
                if (karx_drbg_from_name(r.name, &type, &alg) == KARX_OK) per_type[type]++;
                done++;
            }
            memset(&r, 0, sizeof r);
            if (more) sscanf(line, "[%39[^]]]", r.name);
            continue;
        }
        char *eq = strchr(line, '=');
        if (line[0] == '#' || !eq) continue;
        if (strncmp(line, "Mode", 4) == 0) {
            sscanf(eq + 1, " %15s", r.mode);
            continue;
        }
        for (int i = 0; i < LD_FIELDS; i++) {
            size_t kl = strlen(ld_names[i]);
            if (strncmp(line, ld_names[i], kl) == 0 && (line[kl] == ' ' || line[kl] == '=')) {
                long n = t_unhex(eq + 1, r.f[i], MAXB);
                CHECK(n >= 0, "%s: bad hex in %s", r.name, ld_names[i]);
                r.n[i] = n < 0 ? 0 : (size_t)n;
                r.have[i] = 1;
            }
        }
    }
    fclose(fp);
    return done;
}

/* ------------------------------------------------------------------ every back end */

static void long_request(const t_drbg *api, karx_lsh_alg alg, uint8_t *out, size_t n)
{
    uint8_t e[48], nonce[24], add[40];
    t_drbg_state st;
    for (size_t i = 0; i < sizeof e; i++) e[i] = (uint8_t)(3 * i + alg);
    memset(nonce, 0x5c, sizeof nonce);
    memset(add, 0xa3, sizeof add);
    CHECK(api->inst(&st, alg, 0, e, sizeof e, nonce, sizeof nonce, NULL, 0) == KARX_OK, "inst");
    CHECK(api->gen(&st, out, n, add, sizeof add) == KARX_OK, "long generate");
    api->uninst(&st);
}

static void backends(const char *kat)
{
    karx_backend best = karx_get_backend();
    static uint8_t ref[2][N_LSH][8192], got[8192];
    int first = 1;
    for (int be = 0; be < t_backend_count(); be++) {
        if (!karx_backend_supported((karx_backend)be)) continue;
        CHECK(karx_set_backend((karx_backend)be) == KARX_OK, "set backend %d", be);
        unsigned long per[4] = {0, 0, 0, 0};
        unsigned long n = run_kat(kat, per);
        CHECK(per[KARX_DRBG_HASH] == 48 && per[KARX_DRBG_HMAC] == 48, "records: %lu + %lu",
              per[KARX_DRBG_HASH], per[KARX_DRBG_HMAC]);
        for (int t = 0; t < 2; t++)
            for (size_t i = 0; i < N_LSH; i++) {
                long_request(&t_drbgs[1 + t], lsh_algs[i], first ? ref[t][i] : got,
                             sizeof got);
                if (!first)
                    CHECK(memcmp(got, ref[t][i], sizeof got) == 0,
                          "%s %s: 8 KiB at backend %s differs from %s", t_drbgs[1 + t].name,
                          karx_lsh_alg_name(lsh_algs[i]), karx_backend_name((karx_backend)be),
                          karx_backend_name((karx_backend)0));
            }
        printf("backend %-8s: %lu known answers (Crypto++), 8 KiB requests %s\n",
               karx_backend_name((karx_backend)be), n, first ? "(reference)" : "compared");
        first = 0;
    }
    karx_set_backend(best);
}

/* ------------------------------------------------------------------ sizes and names */

static void sizes_and_names(void)
{
    static const size_t seed[N_LSH] = {55, 55, 55, 55, 111, 111};
    static const size_t strength[N_LSH] = {24, 32, 24, 32, 32, 32};
    for (size_t i = 0; i < N_LSH; i++) {
        CHECK(karx_hash_drbg_seed_bytes(lsh_algs[i]) == seed[i], "seedlen %zu", i);
        CHECK(karx_lsh_drbg_strength_bytes(lsh_algs[i]) == strength[i], "strength %zu", i);
    }
    CHECK(karx_hash_drbg_seed_bytes((karx_lsh_alg)0) == 0 &&
              karx_lsh_drbg_strength_bytes((karx_lsh_alg)7) == 0, "unknown alg sizes");

    static const struct { const char *name; karx_drbg_type type; int alg; } ok[] = {
        {"hash-lsh256-256", KARX_DRBG_HASH, KARX_LSH256_256},
        {"HASH-LSH-256-224", KARX_DRBG_HASH, KARX_LSH256_224},
        {"hash_lsh512_512", KARX_DRBG_HASH, KARX_LSH512_512},
        {"Hash-LSH512-384", KARX_DRBG_HASH, KARX_LSH512_384},
        {"hmac-lsh512-224", KARX_DRBG_HMAC, KARX_LSH512_224},
        {"HMAC-LSH-512-256", KARX_DRBG_HMAC, KARX_LSH512_256},
        {"hmaclsh256256", KARX_DRBG_HMAC, KARX_LSH256_256},
        {"ctr-lea128", KARX_DRBG_CTR, KARX_CIPHER_LEA128},
        {"CTR-LEA-256", KARX_DRBG_CTR, KARX_CIPHER_LEA256},
        {"ctr-cham128-256", KARX_DRBG_CTR, KARX_CIPHER_CHAM128_256},
    };
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        karx_drbg_type type = (karx_drbg_type)0;
        int alg = -1;
        CHECK(karx_drbg_from_name(ok[i].name, &type, &alg) == KARX_OK && type == ok[i].type &&
                  alg == ok[i].alg, "name %s: %d %d", ok[i].name, (int)type, alg);
    }
    static const char *const bad[] = {"hash", "hash-", "hmac-lea128", "hash-lsh256", "ctr-lsh256-256",
                                      "sha-lsh256-256", "lsh256-256", "hash-lsh256-257", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        karx_drbg_type type;
        int alg;
        CHECK(karx_drbg_from_name(bad[i], &type, &alg) == KARX_ERR_UNKNOWN_ALGORITHM, "bad name '%s'",
              bad[i]);
    }
    karx_drbg_type type;
    int alg;
    CHECK(karx_drbg_from_name(NULL, &type, &alg) == KARX_ERR_ARGUMENT &&
              karx_drbg_from_name("hash-lsh256-256", NULL, &alg) == KARX_ERR_ARGUMENT &&
              karx_drbg_from_name("hash-lsh256-256", &type, NULL) == KARX_ERR_ARGUMENT, "NULL names");
}

/* ------------------------------------------------------------------ errors */

static int all_byte(const uint8_t *p, size_t n, uint8_t v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v) return 0;
    return 1;
}

static void errors(const t_drbg *api, karx_lsh_alg alg)
{
    const char *nm = api->name;
    size_t s = karx_lsh_drbg_strength_bytes(alg);
    uint8_t e[64], n[32], out[KARX_LSH_DRBG_MAX_REQUEST_BYTES + 1];
    t_drbg_state st, copy;
    memset(e, 0x42, sizeof e);
    memset(n, 0x24, sizeof n);

    /* instantiate: arguments and lengths; a failure leaves the state wiped */
    static const struct { int alg; unsigned flags; size_t en, nn; int null_e; karx_status want; } inst[] = {
        {0, 0, 32, 16, 0, KARX_ERR_UNKNOWN_ALGORITHM},
        {7, 0, 32, 16, 0, KARX_ERR_UNKNOWN_ALGORITHM},
        {-1, KARX_DRBG_USE_DF, 32, 16, 0, KARX_ERR_ARGUMENT},
        {-1, 4, 32, 16, 0, KARX_ERR_ARGUMENT},
        {-1, 0, 32, 16, 1, KARX_ERR_ARGUMENT},
        {-1, 0, 0, 16, 0, KARX_ERR_DATA_LENGTH},   /* entropy strength - 1 (below) */
        {-1, 0, 32, 0, 0, KARX_ERR_DATA_LENGTH},   /* nonce half strength - 1 */
    };
    for (size_t i = 0; i < sizeof inst / sizeof *inst; i++) {
        size_t en = i == 5 ? s - 1 : inst[i].en, nn = i == 6 ? s / 2 - 1 : inst[i].nn;
        memset(&st, 0x77, sizeof st);
        karx_status got = api->inst(&st, inst[i].alg < 0 ? (int)alg : inst[i].alg, inst[i].flags,
                                    inst[i].null_e ? NULL : e, en, n, nn, NULL, 0);
        CHECK(got == inst[i].want, "%s alg %d: instantiate case %zu: %d", nm, alg, i, got);
        CHECK(t_all_zero(&st, api->size), "%s: failed instantiate %zu left state", nm, i);
    }
    CHECK(api->inst(NULL, alg, 0, e, s, n, s / 2, NULL, 0) == KARX_ERR_ARGUMENT, "%s NULL", nm);
    CHECK(api->inst(&st, alg, 0, e, s, n, s / 2, NULL, 5) == KARX_ERR_ARGUMENT, "%s NULL pers", nm);
    CHECK(api->inst(&st, alg, 0, e, s, n, s / 2, NULL, 0) == KARX_OK, "%s minimum lengths", nm);

    /* refused calls change nothing and write nothing */
    memcpy(&copy, &st, sizeof st);
    memset(out, 0xa5, sizeof out);
    CHECK(api->gen(&st, out, sizeof out, NULL, 0) == KARX_ERR_DATA_LENGTH, "%s: 2^19 bits + 8", nm);
    CHECK(api->gen(&st, NULL, 4, NULL, 0) == KARX_ERR_ARGUMENT, "%s: NULL out", nm);
    CHECK(api->gen(&st, out, 4, NULL, 3) == KARX_ERR_ARGUMENT, "%s: NULL add", nm);
    CHECK(api->reseed(&st, e, s - 1, NULL, 0) == KARX_ERR_DATA_LENGTH, "%s: short reseed", nm);
    CHECK(api->reseed(&st, NULL, s, NULL, 0) == KARX_ERR_ARGUMENT, "%s: NULL reseed", nm);
    CHECK(api->gen_pr(&st, out, 4, e, s - 1, NULL, 0) == KARX_ERR_DATA_LENGTH, "%s: short PR", nm);
    CHECK(api->gen_pr(&st, out, sizeof out, e, s, NULL, 0) == KARX_ERR_DATA_LENGTH, "%s: long PR", nm);
    CHECK(api->interval(&st, 0) == KARX_ERR_ARGUMENT, "%s: interval 0", nm);
    CHECK(api->interval(&st, KARX_LSH_DRBG_MAX_RESEED_INTERVAL + 1) == KARX_ERR_ARGUMENT,
          "%s: interval 2^48 + 1", nm);
    CHECK(memcmp(&copy, &st, api->size) == 0, "%s: a refused call changed the state", nm);
    CHECK(all_byte(out, sizeof out, 0xa5), "%s: a refused call wrote output", nm);

    /* the largest request, and an empty one (allowed: it still moves the state) */
    CHECK(api->gen(&st, out, KARX_LSH_DRBG_MAX_REQUEST_BYTES, NULL, 0) == KARX_OK, "%s: 2^19", nm);
    memcpy(&copy, &st, sizeof st);
    CHECK(api->gen(&st, out, 0, NULL, 0) == KARX_OK && memcmp(&copy, &st, api->size) != 0,
          "%s: empty request", nm);

    /* reseed interval: 2 requests, then refused until reseeded */
    CHECK(api->reseed(&st, e, s, NULL, 0) == KARX_OK && api->interval(&st, 2) == KARX_OK, "%s", nm);
    CHECK(api->gen(&st, out, 16, NULL, 0) == KARX_OK && api->gen(&st, out, 16, NULL, 0) == KARX_OK,
          "%s: within the interval", nm);
    memcpy(&copy, &st, sizeof st);
    memset(out, 0xa5, 16);
    CHECK(api->gen(&st, out, 16, NULL, 0) == KARX_ERR_RESEED_REQUIRED, "%s: interval used up", nm);
    CHECK(all_byte(out, 16, 0xa5) && memcmp(&copy, &st, api->size) == 0, "%s: refused wrote", nm);
    CHECK(api->gen_pr(&st, out, 16, e, s, NULL, 0) == KARX_OK, "%s: generate_pr reseeds", nm);
    CHECK(api->gen(&st, out, 16, NULL, 0) == KARX_OK, "%s: after generate_pr", nm);
    api->uninst(&st);
    CHECK(t_all_zero(&st, api->size), "%s: uninstantiate wipes", nm);

    /* use before instantiate / after uninstantiate */
    memset(&st, 0, sizeof st);
    CHECK(api->gen(&st, out, 4, NULL, 0) == KARX_ERR_STATE && api->reseed(&st, e, s, NULL, 0) ==
              KARX_ERR_STATE && api->gen_pr(&st, out, 4, e, s, NULL, 0) == KARX_ERR_STATE &&
              api->interval(&st, 5) == KARX_ERR_STATE && api->reseed_os(&st, NULL, 0) ==
              KARX_ERR_STATE && api->gen_os(&st, out, 4, NULL, 0) == KARX_ERR_STATE,
          "%s: uninstantiated use", nm);
    CHECK(api->gen(NULL, out, 4, NULL, 0) == KARX_ERR_ARGUMENT && api->reseed(NULL, e, s, NULL, 0) ==
              KARX_ERR_ARGUMENT && api->gen_os(NULL, out, 4, NULL, 0) == KARX_ERR_ARGUMENT,
          "%s: NULL state", nm);
    api->uninst(NULL);

    /* prediction resistance: plain generate refused, generate_pr and generate_os serve */
    CHECK(api->inst(&st, alg, KARX_DRBG_PR, e, s, n, s / 2, NULL, 0) == KARX_OK, "%s PR", nm);
    CHECK(api->gen(&st, out, 16, NULL, 0) == KARX_ERR_RESEED_REQUIRED, "%s: PR plain generate", nm);
    CHECK(api->gen_pr(&st, out, 16, e, s, n, 3) == KARX_OK, "%s: PR generate_pr", nm);
    CHECK(api->gen_os(&st, out, 16, NULL, 0) == KARX_OK, "%s: PR generate_os", nm);
    api->uninst(&st);

    /* the other DRBG's state is not this one's */
    const t_drbg *other = api == T_DRBG_HASH ? T_DRBG_HMAC : T_DRBG_HASH;
    CHECK(other->inst(&st, alg, 0, e, s, n, s / 2, NULL, 0) == KARX_OK, "other");
    CHECK(api->gen(&st, out, 4, NULL, 0) == KARX_ERR_STATE, "%s: a %s state accepted", nm,
          other->name);
    other->uninst(&st);
}

/* ------------------------------------------------------------------ OS-seeded */

static void os_forms(const t_drbg *api, karx_lsh_alg alg)
{
    static uint8_t a[70000], b[70000]; /* past one request */
    t_drbg_state x, y;
    const uint8_t pers[] = "karx test";
    CHECK(api->inst_os(&x, alg, 0, pers, sizeof pers) == KARX_OK, "%s inst_os", api->name);
    CHECK(api->inst_os(&y, alg, 0, NULL, 0) == KARX_OK, "%s inst_os", api->name);
    CHECK(api->gen_os(&x, a, sizeof a, NULL, 0) == KARX_OK, "%s gen_os 70000", api->name);
    CHECK(api->gen_os(&y, b, sizeof b, pers, 4) == KARX_OK, "%s gen_os add", api->name);
    CHECK(memcmp(a, b, 64) != 0 && memcmp(a + sizeof a - 64, b + sizeof b - 64, 64) != 0,
          "%s: two OS-seeded instances agree", api->name);
    CHECK(memcmp(a, a + KARX_LSH_DRBG_MAX_REQUEST_BYTES, 64) != 0, "%s: requests repeat", api->name);
    CHECK(api->interval(&x, 1) == KARX_OK, "interval 1");
    for (int i = 0; i < 3; i++)
        CHECK(api->gen_os(&x, a, 100, NULL, 0) == KARX_OK, "%s: gen_os at interval 1", api->name);
    CHECK(api->reseed_os(&x, pers, 3) == KARX_OK && api->gen(&x, a, 16, NULL, 0) == KARX_OK,
          "%s: reseed_os", api->name);
    CHECK(api->inst_os(&x, 0, 0, NULL, 0) == KARX_ERR_UNKNOWN_ALGORITHM && t_all_zero(&x, api->size),
          "%s: inst_os unknown alg", api->name);
    CHECK(api->inst_os(&x, alg, KARX_DRBG_USE_DF, NULL, 0) == KARX_ERR_ARGUMENT, "%s: df flag",
          api->name);
    CHECK(api->inst_os(NULL, alg, 0, NULL, 0) == KARX_ERR_ARGUMENT, "%s: NULL", api->name);
    api->uninst(&x);
    api->uninst(&y);
}

/* ------------------------------------------------------------------ karx_drbg */

static void any_type(void)
{
    static const struct { karx_drbg_type type; int alg; unsigned flags; } cases[] = {
        {KARX_DRBG_CTR, KARX_CIPHER_LEA256, KARX_DRBG_USE_DF},
        {KARX_DRBG_CTR, KARX_CIPHER_HIGHT, 0},
        {KARX_DRBG_HASH, KARX_LSH512_384, 0},
        {KARX_DRBG_HMAC, KARX_LSH256_224, 0},
    };
    uint8_t e[64], n[16], a[20], x[300], y[300];
    static uint8_t big[100000];
    for (size_t i = 0; i < sizeof e; i++) e[i] = (uint8_t)(7 * i + 1);
    memset(n, 0x3c, sizeof n);
    memset(a, 0x9d, sizeof a);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const t_drbg *api = &t_drbgs[cases[i].type - 1];
        size_t el = api->entropy_len(cases[i].alg);
        karx_drbg d;
        t_drbg_state own;
        CHECK(karx_drbg_instantiate(&d, cases[i].type, cases[i].alg, cases[i].flags, e, el, n,
                                    sizeof n, a, 5) == KARX_OK, "any %zu: instantiate", i);
        CHECK(api->inst(&own, cases[i].alg, cases[i].flags, e, el, n, sizeof n, a, 5) == KARX_OK,
              "own %zu", i);
        CHECK(karx_drbg_reseed(&d, e + 1, el, a, 3) == KARX_OK &&
                  api->reseed(&own, e + 1, el, a, 3) == KARX_OK, "reseed %zu", i);
        CHECK(karx_drbg_generate(&d, x, sizeof x, a, sizeof a) == KARX_OK &&
                  api->gen(&own, y, sizeof y, a, sizeof a) == KARX_OK && memcmp(x, y, sizeof x) == 0,
              "any %zu: generate = own", i);
        CHECK(karx_drbg_generate_pr(&d, x, 77, e, el, NULL, 0) == KARX_OK &&
                  api->gen_pr(&own, y, 77, e, el, NULL, 0) == KARX_OK && memcmp(x, y, 77) == 0,
              "any %zu: generate_pr = own", i);
        CHECK(karx_drbg_set_reseed_interval(&d, 1) == KARX_OK &&
                  karx_drbg_reseed(&d, e, el, NULL, 0) == KARX_OK && karx_drbg_generate(&d, x, 8, NULL, 0)
                  == KARX_OK && karx_drbg_generate(&d, x, 8, NULL, 0) == KARX_ERR_RESEED_REQUIRED,
              "any %zu: interval", i);
        CHECK(karx_drbg_reseed_os(&d, NULL, 0) == KARX_OK && karx_drbg_generate_os(&d, big, sizeof big, a, 2)
                  == KARX_OK, "any %zu: OS", i);
        CHECK(karx_drbg_strength_bytes(cases[i].type, cases[i].alg) ==
                  (cases[i].type == KARX_DRBG_CTR ? karx_ctr_drbg_strength_bytes((karx_cipher_alg)cases[i].alg)
                                                  : karx_lsh_drbg_strength_bytes((karx_lsh_alg)cases[i].alg)),
              "any %zu: strength", i);
        karx_drbg_uninstantiate(&d);
        CHECK(t_all_zero(&d, sizeof d), "any %zu: uninstantiate wipes", i);
        CHECK(karx_drbg_generate(&d, x, 8, NULL, 0) == KARX_ERR_STATE, "any %zu: after wipe", i);
        CHECK(karx_drbg_instantiate_os(&d, cases[i].type, cases[i].alg, cases[i].flags, NULL, 0) ==
                  KARX_OK && karx_drbg_generate_os(&d, x, 8, NULL, 0) == KARX_OK, "any %zu: os", i);
        karx_drbg_uninstantiate(&d);
        api->uninst(&own);
    }
    karx_drbg d;
    memset(&d, 0x55, sizeof d);
    CHECK(karx_drbg_instantiate(&d, (karx_drbg_type)9, 1, 0, e, 32, n, 16, NULL, 0) ==
              KARX_ERR_UNKNOWN_ALGORITHM && t_all_zero(&d, sizeof d), "any: unknown type");
    CHECK(karx_drbg_instantiate(&d, KARX_DRBG_HASH, KARX_LSH256_256, 0, e, 31, n, 16, NULL, 0) ==
              KARX_ERR_DATA_LENGTH && d.type == 0, "any: failed instantiate");
    CHECK(karx_drbg_instantiate_os(&d, (karx_drbg_type)0, 1, 0, NULL, 0) == KARX_ERR_UNKNOWN_ALGORITHM,
          "any: os unknown type");
    CHECK(karx_drbg_generate(NULL, x, 1, NULL, 0) == KARX_ERR_ARGUMENT &&
              karx_drbg_reseed_os(NULL, NULL, 0) == KARX_ERR_ARGUMENT &&
              karx_drbg_instantiate(NULL, KARX_DRBG_CTR, 1, 0, e, 32, n, 16, NULL, 0) == KARX_ERR_ARGUMENT,
          "any: NULL");
    CHECK(karx_drbg_strength_bytes((karx_drbg_type)0, 1) == 0, "any: strength of nothing");
    karx_drbg_uninstantiate(NULL);
}

/* ------------------------------------------------------------------ Hashgen's counter */

static void be_inc(uint8_t *v, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (++v[i] != 0) break;
}

static void hashgen_carry(void)
{
    static const karx_lsh_alg algs[] = {KARX_LSH256_256, KARX_LSH512_224, KARX_LSH512_512};
    uint8_t e[32], n[16], out[100 * KARX_LSH_MAX_DIGEST_BYTES], want[KARX_LSH_MAX_DIGEST_BYTES];
    memset(e, 0x61, sizeof e);
    memset(n, 0x62, sizeof n);
    for (size_t a = 0; a < sizeof algs / sizeof *algs; a++)
        for (int wrap = 0; wrap < 2; wrap++) {
            karx_hash_drbg d;
            size_t sl = karx_hash_drbg_seed_bytes(algs[a]), dl = karx_lsh_digest_bytes(algs[a]);
            uint8_t v[KARX_HASH_DRBG_MAX_SEED_BYTES];
            CHECK(karx_hash_drbg_instantiate(&d, algs[a], 0, e, 32, n, 16, NULL, 0) == KARX_OK, "inst");
            /* low word 2^64 - 3: the carry comes at the 4th block; above it random or all ones */
            memset(d.v + sl - 8, 0xff, 8);
            d.v[sl - 1] = 0xfd;
            if (wrap) memset(d.v, 0xff, sl - 8);
            memcpy(v, d.v, sl);
            CHECK(karx_hash_drbg_generate(&d, out, 70 * dl + 5, NULL, 0) == KARX_OK, "generate");
            int ok = 1;
            for (size_t i = 0; i < 71; i++) {
                karx_lsh(algs[a], want, sizeof want, v, sl);
                size_t m = i < 70 ? dl : 5;
                ok &= memcmp(out + i * dl, want, m) == 0;
                be_inc(v, sl);
            }
            CHECK(ok, "%s: Hashgen across the %s", karx_lsh_alg_name(algs[a]),
                  wrap ? "wrap mod 2^seedlen" : "low word's carry");
            karx_hash_drbg_uninstantiate(&d);
        }
}

int main(int argc, char **argv)
{
    char kat[1024];
    snprintf(kat, sizeof kat, "%s/cryptopp_lsh_drbg.txt", argc > 1 ? argv[1] : "tests/kat");
    backends(kat);
    sizes_and_names();
    any_type();
    hashgen_carry();
    for (int t = 1; t <= 2; t++)
        for (size_t i = 0; i < N_LSH; i++) {
            errors(&t_drbgs[t], lsh_algs[i]);
            os_forms(&t_drbgs[t], lsh_algs[i]);
        }
    return t_finish("test_hash_drbg");
}
