/* karx bench sessions: a server's workload. S sessions, each keyed once (untimed) with its own
 * key; a round seals one record per session (12-byte IV or nonce, 13-byte AAD, 16-byte tag) and
 * is the timed call; records/s = S / the round's median time. Swept over --sessions (default 16,
 * 512, 4096, 65536) and --sizes (64, 576, 1500, 16384 bytes), skipping sweeps whose records
 * would pass 128 MiB. Ops: gcm-seal (one karx_gcm_seal a record), gcm-jobs (karx_gcm_seal_jobs
 * over the round), gcm-jobs-pool (the same on a pool of -T threads, default 2), ccm-seal,
 * ccm-jobs (the same for CCM), hmac (one keyed HMAC-LSH-256 context copied and run a record),
 * hmac-jobs (karx_hmac_lsh_jobs over the round); unless --alg names others, the ciphers a
 * session server would pick: a 16-byte block and key, and SIMD kernels (LEA-128, CHAM-128/128). The peers (OpenSSL AES-GCM, AES-CCM, ChaCha20-Poly1305 and HMAC-SHA256 with a
 * context per session, IPsec-MB's job API) are measured beside these by bench/sessions.py, which
 * runs this and bench/peers' sessions mode in one run. Records sit len + 64 bytes apart. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

enum { S_GCM_SEAL, S_GCM_JOBS, S_GCM_POOL, S_CCM_SEAL, S_CCM_JOBS, S_HMAC, S_HMAC_JOBS, S_OPS };
/* aligned_alloc wants a size that is a multiple of the alignment (C11 7.22.3.1) */
static void *alloc64(size_t n)
{
    return aligned_alloc(64, (n + 63) & ~(size_t)63);
}

/* The default ciphers, from the registry's data: a 16-byte block and key, and SIMD kernels
 * (more than the portable one), as the record jobs' lane kernels have. */
static int s_default_cipher(karx_cipher_alg alg)
{
    return karx_cipher_block_bytes(alg) == 16 && karx_cipher_key_bytes(alg) == 16 &&
           karx_alg_kernel_count(KARX_KIND_CIPHER, (int)alg) > 1;
}

static const char *s_name(int op)
{
    static const char *const n[S_OPS] = {"gcm-seal", "gcm-jobs", "gcm-jobs-pool", "ccm-seal",
                                          "ccm-jobs", "hmac",     "hmac-jobs"};
    return n[op];
}

#define S_AAD 13
#define S_MAX_BYTES ((size_t)128 << 20) /* the most bytes of records a round holds */

typedef struct {
    int op;
    size_t S, len, stride;
    karx_gcm_key *gk;
    karx_ccm_key *ck;
    karx_hmac_lsh_ctx *hk;
    karx_gcm_job *gj;
    karx_ccm_job *cj;
    karx_hmac_lsh_job *hj;
    uint8_t *in, *out, *tags;
    uint8_t iv[12], aad[S_AAD];
    karx_pool *pool;
    karx_status st;
} s_job;

static void run_s(void *job)
{
    s_job *j = job;
    karx_status st = KARX_OK;
    size_t S = j->S;
    switch (j->op) {
    case S_GCM_SEAL:
        for (size_t i = 0; i < S && st == KARX_OK; i++)
            st = karx_gcm_seal(&j->gk[i], j->iv, 12, j->out + i * j->stride, j->tags + 16 * i, 16,
                               j->in + i * j->stride, j->len, j->aad, S_AAD);
        break;
    case S_GCM_JOBS: st = karx_gcm_seal_jobs(j->gj, S); break;
    case S_GCM_POOL: st = karx_gcm_seal_jobs_pool(j->pool, j->gj, S); break;
    case S_CCM_SEAL:
        for (size_t i = 0; i < S && st == KARX_OK; i++)
            st = karx_ccm_seal(&j->ck[i].cipher, j->iv, 12, j->out + i * j->stride,
                               j->tags + 16 * i, 16, j->in + i * j->stride, j->len, j->aad, S_AAD);
        break;
    case S_CCM_JOBS: st = karx_ccm_seal_jobs(j->cj, S); break;
    case S_HMAC:
        for (size_t i = 0; i < S && st == KARX_OK; i++) {
            karx_hmac_lsh_ctx c = j->hk[i]; /* the session's keyed state, reused per record */
            st = karx_hmac_lsh_update(&c, j->in + i * j->stride, j->len);
            if (st == KARX_OK) st = karx_hmac_lsh_final(&c, j->tags + 32 * i, 32);
        }
        break;
    case S_HMAC_JOBS: st = karx_hmac_lsh_jobs(j->hj, S); break;
    }
    if (st != KARX_OK && j->st == KARX_OK) j->st = st;
    bench_sink ^= j->tags[0];
}

typedef struct {
    suite_ctx *x;
    size_t S, len;
    karx_pool *pool;
    unsigned threads;
} s_run;

static void report(s_run *r, s_job *j, const char *aname)
{
    const bench_env *e = r->x->e;
    if (j->st != KARX_OK) {
        bench_failed(r->x, s_name(j->op), aname, j->st);
        return;
    }
    timing t = measure(run_s, j, e->target_ns, e->reps);
    if (j->st != KARX_OK) {
        bench_failed(r->x, s_name(j->op), aname, j->st);
        return;
    }
    rates rt = rates_of(e, &t, (double)(r->S * r->len));
    double per_s = (double)r->S / (t.ns_per_call * 1e-9);
    double cyc = rt.cpb * (double)r->len;
    printf("%-14s %-12s %-8s %7zu %6zu %10.3f %9.0f %8.3f %6.1f%%\n", s_name(j->op), aname,
           r->x->bname, r->S, r->len, per_s / 1e6, cyc, rt.gbps, t.spread_pct);
    fflush(stdout);
    if (e->json) {
        fprintf(e->json,
                "{\"suite\":\"sessions\",\"lib\":\"karx\",\"op\":\"%s\",\"alg\":\"%s\","
                "\"backend\":\"%s\",\"sessions\":%zu,\"bytes\":%zu,\"threads\":%u,"
                "\"records_per_s\":%.1f,\"cycles_per_record\":%.1f,\"gb_per_s\":%.4f,",
                s_name(j->op), aname, r->x->bname, r->S, r->len,
                j->op == S_GCM_POOL ? r->threads : 1u, per_s, cyc, rt.gbps);
        json_tail(e, &t, &rt);
    }
}

/* The AEAD ops of one cipher at one (S, len): keys set once, untimed. */
static void cipher_ops(s_run *r, s_job *base, karx_cipher_alg alg)
{
    const bench_env *e = r->x->e;
    const char *aname = karx_cipher_name(alg);
    size_t kb = karx_cipher_key_bytes(alg), S = r->S;
    uint8_t k[KARX_MAX_KEY_BYTES];
    int want_gcm = listed(e->ops, "gcm-seal") || listed(e->ops, "gcm-jobs") ||
                   listed(e->ops, "gcm-jobs-pool");
    int want_ccm = listed(e->ops, "ccm-seal") || listed(e->ops, "ccm-jobs");
    for (size_t i = 0; i < S; i++) {
        for (size_t b = 0; b < kb; b++) k[b] = (uint8_t)(bench_key[b] ^ (i * 131 + b * 7));
        if (want_gcm && karx_gcm_set_key(&base->gk[i], alg, k, kb) != KARX_OK) want_gcm = 0;
        if (want_ccm && karx_ccm_set_key(&base->ck[i], alg, k, kb) != KARX_OK) want_ccm = 0;
        base->gj[i] = (karx_gcm_job){&base->gk[i], base->iv, 12, base->aad, S_AAD,
                                     base->in + i * base->stride, base->out + i * base->stride,
                                     r->len, base->tags + 16 * i, 16, KARX_OK};
        base->cj[i] = (karx_ccm_job){&base->ck[i], base->iv, 12, base->aad, S_AAD,
                                     base->in + i * base->stride, base->out + i * base->stride,
                                     r->len, base->tags + 16 * i, 16, KARX_OK};
    }
    static const int ops[] = {S_GCM_SEAL, S_GCM_JOBS, S_GCM_POOL, S_CCM_SEAL, S_CCM_JOBS};
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        int op = ops[o];
        if (!listed(e->ops, s_name(op))) continue;
        if ((op <= S_GCM_POOL && !want_gcm) || (op >= S_CCM_SEAL && !want_ccm)) continue;
        s_job j = *base;
        j.op = op;
        j.pool = r->pool;
        report(r, &j, aname);
    }
    for (size_t i = 0; i < S; i++) {
        karx_gcm_key_wipe(&base->gk[i]);
        karx_ccm_key_wipe(&base->ck[i]);
    }
}

static void hmac_ops(s_run *r, s_job *base)
{
    const bench_env *e = r->x->e;
    karx_lsh_alg alg = KARX_LSH256_256;
    const char *aname = karx_lsh_alg_name(alg);
    if (e->algs && !listed(e->algs, aname)) return;
    uint8_t k[32];
    for (size_t i = 0; i < r->S; i++) {
        for (size_t b = 0; b < sizeof k; b++) k[b] = (uint8_t)(bench_key[b] ^ (i * 37 + b));
        if (karx_hmac_lsh_init(&base->hk[i], alg, k, sizeof k) != KARX_OK) return;
        base->hj[i] = (karx_hmac_lsh_job){&base->hk[i], alg, NULL, 0,
                                          base->in + i * base->stride, r->len,
                                          base->tags + 32 * i, 32, KARX_OK};
    }
    for (int op = S_HMAC; op <= S_HMAC_JOBS; op++) {
        if (!listed(e->ops, s_name(op))) continue;
        s_job j = *base;
        j.op = op;
        report(r, &j, aname);
    }
    for (size_t i = 0; i < r->S; i++) karx_hmac_lsh_ctx_wipe(&base->hk[i]);
}

void sessions_header(void)
{
    printf("%-14s %-12s %-8s %7s %6s %10s %9s %8s %7s\n", "op", "alg", "backend", "sessions",
           "bytes", "Mrec/s", "cyc/rec", "GB/s", "spread");
}

int suite_sessions(const bench_env *e, const char *bname)
{
    suite_ctx x = {e, bname, EXIT_OK};
    /* The best back end only, unless --backend asked for this one. */
    if (e->backends == NULL && strcmp(bname, karx_backend_name(karx_backend_best())) != 0)
        return EXIT_OK;
    size_t sessions[16], sizes[16], ns, nz;
    static const size_t def_s[] = {16, 512, 4096, 65536}, quick_s[] = {16, 256};
    static const size_t def_z[] = {64, 576, 1500, 16384}, quick_z[] = {64, 576};
    /* the lists were checked by cmd_bench (bench_parse_counts) */
    if (e->sessions) {
        ns = bench_parse_counts(e->sessions, sessions, 16);
    } else {
        ns = e->quick ? 2 : 4;
        memcpy(sessions, e->quick ? quick_s : def_s, ns * sizeof sessions[0]);
    }
    if (e->sizes) {
        nz = bench_parse_counts(e->sizes, sizes, 16);
    } else {
        nz = e->quick ? 2 : 4;
        memcpy(sizes, e->quick ? quick_z : def_z, nz * sizeof sizes[0]);
    }
    unsigned threads = e->threads ? e->threads : 2;
    karx_pool *pool = NULL;
    if (karx_pool_new(&pool, threads) != KARX_OK) {
        fprintf(stderr, "karx: bench sessions: cannot start a pool of %u threads\n", threads);
        return EXIT_FAIL;
    }
    for (size_t si = 0; si < ns; si++) {
        for (size_t zi = 0; zi < nz; zi++) {
            size_t S = sessions[si], len = sizes[zi], stride = (len + 64 + 63) & ~(size_t)63;
            if (S * stride > S_MAX_BYTES) continue;
            s_job b;
            memset(&b, 0, sizeof b);
            b.S = S;
            b.len = len;
            b.stride = stride;
            b.gk = alloc64(S * sizeof *b.gk);
            b.ck = alloc64(S * sizeof *b.ck);
            b.hk = alloc64(S * sizeof *b.hk);
            b.gj = malloc(S * sizeof *b.gj);
            b.cj = malloc(S * sizeof *b.cj);
            b.hj = malloc(S * sizeof *b.hj);
            b.in = malloc(S * stride);
            b.out = malloc(S * stride);
            b.tags = malloc(S * 32);
            if (!b.gk || !b.ck || !b.hk || !b.gj || !b.cj || !b.hj || !b.in || !b.out || !b.tags) {
                fprintf(stderr, "karx: bench sessions: out of memory at %zu sessions\n", S);
                x.rc = EXIT_FAIL;
            } else {
                for (size_t i = 0; i < S * stride; i++) b.in[i] = (uint8_t)(i * 131 + 7);
                memset(b.out, 0, S * stride);
                for (size_t i = 0; i < 12; i++) b.iv[i] = (uint8_t)(0xa0 + i);
                for (size_t i = 0; i < S_AAD; i++) b.aad[i] = (uint8_t)(0x30 + i);
                s_run r = {&x, S, len, pool, threads};
                for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
                    karx_cipher_alg alg = (karx_cipher_alg)a;
                    const char *name = karx_cipher_name(alg);
                    if (e->algs ? !listed(e->algs, name) : !s_default_cipher(alg))
                        continue;
                    if (karx_cipher_block_bytes(alg) != 16) continue;
                    cipher_ops(&r, &b, alg);
                }
                hmac_ops(&r, &b);
            }
            free(b.gk);
            free(b.ck);
            free(b.hk);
            free(b.gj);
            free(b.cj);
            free(b.hj);
            free(b.in);
            free(b.out);
            free(b.tags);
        }
    }
    karx_pool_free(pool);
    return x.rc;
}
