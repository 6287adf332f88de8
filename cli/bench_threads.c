/* karx bench threads: the *_pool calls at 1, 2, 4, ... threads up to -T (0 = every CPU, the
 * largest count itself included), on 16 MiB (1 MiB with --quick), with the speed-up against one
 * thread. One pool per thread count, made before timing. Runs at the best back end only, unless
 * --backend names others. Ops: ctr, ecb, cbc-dec, xts, gcm-seal, gcm-open (LEA-128 unless --alg
 * names ciphers), lsh_many (64-byte messages; LSH-256-256 and LSH-512-512 unless --alg names LSH
 * variants) and drbg (CTR_DRBG LEA-128: the buffer as consecutive 64 KiB generate calls, one pool call).
 * Op overhead (only when --op names it): one karx_pool_run of an empty task per thread, back to
 * back, in nanoseconds per call: what a *_pool call pays before any work. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

enum { T_CTR, T_ECB, T_CBC_DEC, T_XTS, T_GCM_SEAL, T_GCM_OPEN, T_MANY, T_DRBG, T_OPS };
static const char *const t_ops[T_OPS] = {"ctr",      "ecb",      "cbc-dec",  "xts",
                                         "gcm-seal", "gcm-open", "lsh_many", "drbg"};

#define MANY_MSG 64
#define DRBG_REQ ((size_t)KARX_CTR_DRBG_MAX_REQUEST_BYTES)
#define MAX_COUNTS 16

typedef struct {
    int op;
    karx_pool *pool;
    const karx_cipher_key *key;
    const karx_xts_key *xkey;
    const karx_gcm_key *gkey;
    karx_ctr_drbg *drbg;
    karx_lsh_alg lsh;
    uint8_t iv[16], tag[16];
    size_t len;
    const uint8_t *in;
    uint8_t *out;
    karx_status st;
} t_job;

static void run_t(void *job)
{
    t_job *j = job;
    karx_status st = KARX_OK;
    switch (j->op) {
    case T_CTR: st = karx_ctr_xor_pool(j->pool, j->key, j->iv, j->out, j->in, j->len); break;
    case T_ECB: st = karx_ecb_encrypt_pool(j->pool, j->key, j->out, j->in, j->len); break;
    case T_CBC_DEC: st = karx_cbc_decrypt_pool(j->pool, j->key, j->iv, j->out, j->in, j->len); break;
    case T_XTS: st = karx_xts_encrypt_pool(j->pool, j->xkey, j->iv, j->out, j->in, j->len); break;
    case T_GCM_SEAL:
        st = karx_gcm_seal_pool(j->pool, j->gkey, j->iv, 12, j->out, j->tag, 16, j->in, j->len,
                                NULL, 0);
        break;
    case T_GCM_OPEN: /* in holds a sealed message and tag holds its tag */
        st = karx_gcm_open_pool(j->pool, j->gkey, j->iv, 12, j->out, j->tag, 16, j->in, j->len,
                                NULL, 0);
        break;
    case T_MANY:
        st = karx_lsh_many_pool(j->pool, j->lsh, j->out, j->len / MANY_MSG * 64, j->in,
                                MANY_MSG, j->len / MANY_MSG);
        break;
    case T_DRBG:
        /* the whole buffer in one call: its 64 KiB generate calls made side by side */
        st = karx_ctr_drbg_generate_pool(j->pool, j->drbg, j->out, j->len, NULL, 0);
        break;
    }
    if (st != KARX_OK && j->st == KARX_OK) j->st = st;
    bench_sink ^= j->out[0];
}

static volatile size_t overhead_sink;
static void empty_task(void *arg, size_t i)
{
    (void)arg;
    overhead_sink += i;
}

typedef struct {
    karx_pool *pool;
    size_t count;
} ov_job;

static void run_overhead(void *job)
{
    ov_job *j = job;
    (void)karx_pool_run(j->pool, j->count, empty_task, NULL);
}

/* ns per karx_pool_run at each thread count (count = threads: every thread gets one task). */
static void overhead_op(const bench_env *e, const char *bname, karx_pool *const *pools,
                        const unsigned *counts, size_t ncounts)
{
    for (size_t c = 0; c < ncounts; c++) {
        ov_job j = {pools[c], counts[c]};
        timing t = measure(run_overhead, &j, e->target_ns, e->reps);
        rates rt = rates_of(e, &t, 0);
        printf("%-8s %-12s %-9s %7u %9s %9s %12.0f %7.0fns %6.1f%%\n", "overhead", "-", bname,
               counts[c], "-", "-", 1e9 / t.ns_per_call, t.ns_per_call, t.spread_pct);
        fflush(stdout);
        if (e->json) {
            fprintf(e->json,
                    "{\"suite\":\"threads\",\"op\":\"overhead\",\"alg\":\"-\",\"backend\":\"%s\","
                    "\"threads\":%u,\"bytes\":0,\"per_s\":%.1f,",
                    bname, counts[c], 1e9 / t.ns_per_call);
            json_tail(e, &t, &rt);
        }
    }
}

void threads_header(void)
{
    printf("%-8s %-12s %-9s %7s %9s %9s %12s %8s %7s\n", "op", "alg", "backend", "threads", "bytes",
           "GB/s", "per_s", "speedup", "spread");
}

/* 1, 2, 4, ... below max, then max. */
static size_t thread_counts(unsigned max, unsigned *out)
{
    size_t n = 0;
    for (unsigned t = 1; t < max && n + 1 < MAX_COUNTS; t *= 2) out[n++] = t;
    out[n++] = max;
    return n;
}

typedef struct {
    suite_ctx *x;
    karx_pool *pools[MAX_COUNTS];
    unsigned counts[MAX_COUNTS];
    size_t ncounts, len;
} t_run;

/* One op at every thread count: a row each. per is the unit per_s counts (bytes per unit). */
static void scale(t_run *r, t_job *base, const char *aname, double per)
{
    const bench_env *e = r->x->e;
    double gb1 = 0;
    for (size_t c = 0; c < r->ncounts; c++) {
        t_job j = *base;
        j.pool = r->pools[c];
        run_t(&j); /* checks the call works before timing it */
        if (j.st != KARX_OK) {
            bench_failed(r->x, t_ops[j.op], aname, j.st);
            return;
        }
        timing t = measure(run_t, &j, e->target_ns, e->reps);
        if (j.st != KARX_OK) {
            bench_failed(r->x, t_ops[j.op], aname, j.st);
            return;
        }
        rates rt = rates_of(e, &t, (double)j.len);
        if (c == 0) gb1 = rt.gbps;
        double per_s = (double)j.len / per / (t.ns_per_call * 1e-9);
        double speedup = gb1 > 0 ? rt.gbps / gb1 : 0;
        printf("%-8s %-12s %-9s %7u %9zu %9.3f %12.0f %7.2fx %6.1f%%\n", t_ops[j.op], aname,
               r->x->bname, r->counts[c], j.len, rt.gbps, per_s, speedup, t.spread_pct);
        fflush(stdout);
        if (e->json) {
            fprintf(e->json,
                    "{\"suite\":\"threads\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                    "\"threads\":%u,\"bytes\":%zu,\"gb_per_s\":%.4f,\"per_s\":%.1f,"
                    "\"speedup\":%.4f,",
                    t_ops[j.op], aname, r->x->bname, r->counts[c], j.len, rt.gbps, per_s, speedup);
            json_tail(e, &t, &rt);
        }
    }
}

/* The cipher ops for one cipher. */
static void cipher_ops(t_run *r, karx_cipher_alg alg)
{
    const bench_env *e = r->x->e;
    const char *aname = karx_cipher_name(alg);
    size_t kb = karx_cipher_key_bytes(alg);
    karx_cipher_key key;
    karx_xts_key xkey;
    karx_gcm_key gkey;
    uint8_t xk[2 * KARX_MAX_KEY_BYTES];
    for (size_t i = 0; i < kb; i++) {
        xk[i] = bench_key[i];
        xk[kb + i] = (uint8_t)~bench_key[i];
    }
    if (karx_cipher_set_key(&key, alg, bench_key, kb) != KARX_OK) return;
    int have_xts = karx_xts_set_key(&xkey, alg, xk, 2 * kb) == KARX_OK;
    int have_gcm = karx_gcm_set_key(&gkey, alg, bench_key, kb) == KARX_OK;
    for (int op = T_CTR; op <= T_GCM_OPEN; op++) {
        if (!listed(e->ops, t_ops[op])) continue;
        if ((op == T_XTS && !have_xts) || (op >= T_GCM_SEAL && !have_gcm)) continue;
        t_job j = {.op = op, .key = &key, .xkey = &xkey, .gkey = &gkey, .len = r->len,
                   .in = e->in, .out = e->out};
        for (size_t i = 0; i < sizeof j.iv; i++) j.iv[i] = (uint8_t)(0xa0 + i);
        if (op == T_GCM_OPEN) { /* a message to open: sealed once, untimed */
            if (karx_gcm_seal(&gkey, j.iv, 12, e->ct, j.tag, 16, e->in, r->len, NULL, 0) != KARX_OK)
                continue;
            j.in = e->ct;
        }
        scale(r, &j, aname, (double)r->len);
    }
    karx_cipher_key_wipe(&key);
    karx_xts_key_wipe(&xkey);
    karx_gcm_key_wipe(&gkey);
}

static void many_op(t_run *r, karx_lsh_alg alg)
{
    t_job j = {.op = T_MANY, .lsh = alg, .len = r->len, .in = r->x->e->in, .out = r->x->e->out};
    scale(r, &j, karx_lsh_alg_name(alg), MANY_MSG);
}

static void drbg_op(t_run *r)
{
    karx_ctr_drbg d;
    uint8_t ent[32] = {1}, nonce[16] = {2};
    if (karx_ctr_drbg_instantiate(&d, KARX_CIPHER_LEA128, KARX_DRBG_USE_DF, ent, 16, nonce, 16,
                                  NULL, 0) != KARX_OK)
        return;
    t_job j = {.op = T_DRBG, .drbg = &d, .len = r->len, .in = r->x->e->in, .out = r->x->e->out};
    scale(r, &j, "lea128", (double)DRBG_REQ);
    karx_ctr_drbg_uninstantiate(&d);
}

int suite_threads(const bench_env *e, const char *bname)
{
    suite_ctx x = {e, bname, EXIT_OK};
    /* The best back end only, unless --backend asked for this one. */
    if (e->backends == NULL && strcmp(bname, karx_backend_name(karx_backend_best())) != 0)
        return EXIT_OK;
    t_run r = {.x = &x, .len = e->quick ? (size_t)1 << 20 : (size_t)16 << 20};
    unsigned max = e->threads ? e->threads : karx_cpu_count();
    r.ncounts = thread_counts(max, r.counts);
    for (size_t c = 0; c < r.ncounts; c++)
        if (karx_pool_new(&r.pools[c], r.counts[c]) != KARX_OK) {
            fprintf(stderr, "karx: bench threads: cannot start a pool of %u threads\n",
                    r.counts[c]);
            for (size_t k = 0; k < c; k++) karx_pool_free(r.pools[k]);
            return EXIT_FAIL;
        }
    /* ciphers: those --alg lists, else LEA-128 */
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        const char *name = karx_cipher_name((karx_cipher_alg)a);
        if (e->algs ? !listed(e->algs, name) : a != KARX_CIPHER_LEA128) continue;
        cipher_ops(&r, (karx_cipher_alg)a);
    }
    if (listed(e->ops, t_ops[T_MANY])) {
        const karx_lsh_alg many[] = {KARX_LSH256_256, KARX_LSH512_512};
        for (karx_lsh_alg a = (karx_lsh_alg)1; karx_lsh_alg_name(a) != NULL; a = (karx_lsh_alg)(a + 1))
            if (e->algs ? listed(e->algs, karx_lsh_alg_name(a)) : (a == many[0] || a == many[1]))
                many_op(&r, a);
    }
    if (listed(e->ops, t_ops[T_DRBG]) && (e->algs == NULL || listed(e->algs, "lea128")))
        drbg_op(&r);
    if (e->ops != NULL && listed(e->ops, "overhead"))
        overhead_op(e, bname, r.pools, r.counts, r.ncounts);
    for (size_t c = 0; c < r.ncounts; c++) karx_pool_free(r.pools[c]);
    return x.rc;
}
