/* karx bench many: the many-message calls (karx_cbc_encrypt_many, karx_cmac_many_ctx,
 * karx_hmac_lsh_many_ctx) against a loop of the single-message calls on the same messages, timed
 * in alternating reps (measure_pair). Both sides start from a prepared key: the scheduled cipher
 * key, a keyed CMAC / HMAC context forked per message in the loop, so the ratio is what the
 * lanes give, not key setup saved. Messages of 64 B and 4 KiB, a few thousand a call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

enum { OP_CBC, OP_CMAC, OP_HMAC, OP_COUNT };
static const char *const many_ops[OP_COUNT] = {"cbc-enc", "cmac", "hmac"};
/* Without --alg: the two ciphers the issue names, and both LSH widths. */
static const char *const default_algs = "lea128,hight,lsh256-256,lsh512-512";
static const size_t many_sizes[] = {64, 4096};

#define MANY_MAX 4096

typedef struct {
    int op;
    size_t n, len;
    const karx_cipher_key *key;
    const karx_cmac_ctx *cmac;
    const karx_hmac_lsh_ctx *hmac;
    size_t tag_len;
    const uint8_t *ins[MANY_MAX];
    uint8_t *outs[MANY_MAX], *ivs[MANY_MAX];
    size_t lens[MANY_MAX];
    uint8_t iv[MANY_MAX][KARX_MAX_BLOCK_BYTES];
    uint8_t tags[MANY_MAX * KARX_HMAC_LSH_MAX_BYTES];
    karx_status st;
} many_job;

static void job_status(many_job *j, karx_status st)
{
    if (st != KARX_OK && j->st == KARX_OK)
        j->st = st;
}

static void run_many(void *job)
{
    many_job *j = job;
    switch (j->op) {
    case OP_CBC: job_status(j, karx_cbc_encrypt_many(j->key, j->outs, j->ins, j->lens, j->ivs, j->n)); break;
    case OP_CMAC: job_status(j, karx_cmac_many_ctx(j->cmac, j->tags, j->tag_len, j->ins, j->lens, j->n)); break;
    default: job_status(j, karx_hmac_lsh_many_ctx(j->hmac, j->tags, j->tag_len, j->ins, j->lens, j->n)); break;
    }
    bench_sink ^= j->op == OP_CBC ? j->outs[j->n - 1][j->len - 1] : j->tags[j->n * j->tag_len - 1];
}

/* The same messages one call each: what a caller without the batch call writes. */
static void run_single(void *job)
{
    many_job *j = job;
    for (size_t i = 0; i < j->n; i++) {
        if (j->op == OP_CBC) {
            job_status(j, karx_cbc_encrypt(j->key, j->ivs[i], j->outs[i], j->ins[i], j->len));
        } else if (j->op == OP_CMAC) {
            karx_cmac_ctx c = *j->cmac;
            karx_cmac_update(&c, j->ins[i], j->len);
            job_status(j, karx_cmac_final(&c, j->tags + i * j->tag_len, j->tag_len));
        } else {
            karx_hmac_lsh_ctx h = *j->hmac;
            karx_hmac_lsh_update(&h, j->ins[i], j->len);
            job_status(j, karx_hmac_lsh_final(&h, j->tags + i * j->tag_len, j->tag_len));
        }
    }
    bench_sink ^= j->op == OP_CBC ? j->outs[j->n - 1][j->len - 1] : j->tags[j->n * j->tag_len - 1];
}

void many_header(void)
{
    printf("%-8s %-12s %-9s %6s %6s %9s %12s %10s %7s\n", "op", "alg", "backend", "bytes",
           "batch", "GB/s", "msgs/s", "single", "ratio");
}

/* Times job both ways and prints / records the row. */
static void many_row(suite_ctx *x, many_job *j, const char *aname)
{
    const bench_env *e = x->e;
    run_many(j); /* checks the calls work before timing them */
    run_single(j);
    if (j->st != KARX_OK) {
        bench_failed(x, many_ops[j->op], aname, j->st);
        return;
    }
    timing tm, ts;
    double ratio;
    measure_pair(run_many, j, run_single, j, e->target_ns, e->reps, &tm, &ts, &ratio);
    const double bytes = (double)j->n * (double)j->len;
    rates r = rates_of(e, &tm, bytes), rs = rates_of(e, &ts, bytes);
    const double per_s = (double)j->n / tm.ns_per_call * 1e9;
    printf("%-8s %-12s %-9s %6zu %6zu %9.3f %12.0f %10.3f %6.2fx\n", many_ops[j->op], aname,
           x->bname, j->len, j->n, r.gbps, per_s, rs.gbps, ratio);
    fflush(stdout);
    if (e->json) {
        fprintf(e->json,
                "{\"suite\":\"many\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                "\"msg_bytes\":%zu,\"batch\":%zu,\"gb_per_s\":%.4f,\"per_s\":%.0f,"
                "\"single_gb_per_s\":%.4f,\"ratio_vs_single\":%.3f,",
                many_ops[j->op], aname, x->bname, j->len, j->n, r.gbps, per_s, rs.gbps, ratio);
        json_tail(e, &tm, &r);
    }
}

/* n messages of len bytes laid end to end in the run's buffers. */
static void job_messages(many_job *j, const bench_env *e, size_t len)
{
    j->len = len;
    j->n = (e->quick ? (size_t)1 << 20 : (size_t)8 << 20) / len;
    if (j->n > MANY_MAX)
        j->n = MANY_MAX;
    for (size_t i = 0; i < j->n; i++) {
        j->ins[i] = e->in + i * len;
        j->outs[i] = e->out + i * len;
        j->lens[i] = len;
        j->ivs[i] = j->iv[i];
    }
    memset(j->iv, 0xa5, sizeof j->iv);
}

static many_job the_job; /* large: static, one suite at a time */

static void many_cipher(void *ctx, const bench_cipher *c)
{
    suite_ctx *x = ctx;
    many_job *j = &the_job;
    karx_cmac_ctx cmac;
    if (karx_cmac_init(&cmac, (karx_cipher_alg)c->info.id, bench_key, c->info.key_bytes) !=
        KARX_OK)
        return;
    for (int op = OP_CBC; op <= OP_CMAC; op++) {
        if (!listed(x->e->ops, many_ops[op]))
            continue;
        for (size_t s = 0; s < sizeof many_sizes / sizeof many_sizes[0]; s++) {
            memset(j, 0, sizeof *j);
            j->op = op;
            j->key = &c->key;
            j->cmac = &cmac;
            j->tag_len = c->info.block_bytes;
            job_messages(j, x->e, many_sizes[s]);
            many_row(x, j, c->info.name);
        }
    }
    karx_cmac_ctx_wipe(&cmac);
}

static void many_hmac(suite_ctx *x, const char *algs)
{
    many_job *j = &the_job;
    for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++) {
        const char *name = karx_lsh_alg_name((karx_lsh_alg)a);
        if (!listed(algs, name))
            continue;
        karx_hmac_lsh_ctx h;
        if (karx_hmac_lsh_init(&h, (karx_lsh_alg)a, bench_key, 32) != KARX_OK)
            continue;
        for (size_t s = 0; s < sizeof many_sizes / sizeof many_sizes[0]; s++) {
            memset(j, 0, sizeof *j);
            j->op = OP_HMAC;
            j->hmac = &h;
            j->tag_len = karx_hmac_lsh_bytes((karx_lsh_alg)a);
            job_messages(j, x->e, many_sizes[s]);
            many_row(x, j, name);
        }
        karx_hmac_lsh_ctx_wipe(&h);
    }
}

int suite_many(const bench_env *e, const char *bname)
{
    bench_env mine = *e;
    if (mine.algs == NULL)
        mine.algs = default_algs;
    suite_ctx x = {&mine, bname, EXIT_OK};
    if (listed(e->ops, "cbc-enc") || listed(e->ops, "cmac"))
        each_cipher(&x, many_cipher);
    if (listed(e->ops, "hmac"))
        many_hmac(&x, mine.algs);
    return x.rc;
}
