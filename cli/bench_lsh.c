/* karx bench lsh: one-shot hashing and the batched _many calls, per LSH variant. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

typedef struct {
    const char *op; /* "hash" or "hash_many" */
    karx_lsh_alg alg;
    size_t msg_bytes;
    size_t batch;   /* messages per call for hash_many */
    uint8_t *in;
    uint8_t *out;
} lsh_job;

static void run_lsh(void *job)
{
    const lsh_job *j = job;
    if (j->batch)
        karx_lsh_many(j->alg, j->out, j->batch * 64, j->in, j->msg_bytes, j->batch);
    else
        karx_lsh(j->alg, j->out, 64, j->in, j->msg_bytes);
    bench_sink ^= j->out[0]; /* consume the output */
}

#define LSH_BATCH 4096

/* Times one shape and prints its table line and JSON record. */
static void lsh_row(const bench_env *e, const char *bname, const char *aname, lsh_job *j,
                    unsigned lanes)
{
    const int many = j->batch != 0;
    timing t = measure(run_lsh, j, e->target_ns, e->reps);
    double msgs = many ? (double)j->batch : 1.0;
    rates r = rates_of(e, &t, msgs * (double)j->msg_bytes);
    double per_s = msgs * 1e9 / t.ns_per_call;
    char label[32]; /* sweep rows show their batch size, e.g. many/256 */
    if (strcmp(j->op, "hash_many_sweep") == 0)
        snprintf(label, sizeof label, "many/%zu", j->batch);
    else
        snprintf(label, sizeof label, "%s", j->op);
    printf("%-10s %-11s %-9s %9zu %6u %9.3f %8.2f %8.2f %13.0f %6.1f%%\n", label, aname, bname,
           j->msg_bytes, many ? lanes : 1, r.gbps, r.cpb, r.tpb, per_s, t.spread_pct);
    fflush(stdout);
    if (e->json) {
        fprintf(e->json,
                "{\"suite\":\"lsh\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                "\"lanes\":%u,\"msg_bytes\":%zu,\"batch\":%zu,\"gb_per_s\":%.4f,"
                "\"per_s\":%.1f,",
                j->op, aname, bname, many ? lanes : 1, j->msg_bytes, many ? j->batch : (size_t)1,
                r.gbps, per_s);
        json_tail(e, &t, &r);
    }
}

/* "hash_many_sweep": 64-byte messages in batches of 1, 2, 4, ... 4096 (the hashes/s against
 * batch size plot, bench/plot.py). Runs only when named in --op, since it is 13 rows. */
static void lsh_sweep(const bench_env *e, const char *bname, const char *aname, karx_lsh_alg alg,
                      unsigned lanes)
{
    if (e->ops == NULL || !listed(e->ops, "hash_many_sweep")) return;
    for (size_t batch = 1; batch <= LSH_BATCH; batch *= 2) {
        lsh_job j = {"hash_many_sweep", alg, 64, batch, e->in, e->out};
        lsh_row(e, bname, aname, &j, lanes);
    }
}

void lsh_header(void)
{
    printf("%-10s %-11s %-9s %9s %6s %9s %8s %8s %13s %7s\n", "op", "alg", "backend", "bytes",
           "lanes", "GB/s", "c/B", "tsc/B", "hashes/s", "spread");
}

int suite_lsh(const bench_env *e, const char *bname)
{
    static const struct { const char *op; size_t bytes; } shapes[] = {
        {"hash", 64}, {"hash", 256}, {"hash", 4096}, {"hash", 16u << 20},
        {"hash_many", 64}, {"hash_many", 256},
    };
    karx_alg_info h;
    for (size_t i = 0; cli_alg_next(KARX_KIND_HASH, NULL, &i, &h);) {
        const char *aname = h.name;
        if (!listed(e->algs, aname)) continue;
        karx_kernel_info k; /* the kernel karx_lsh_many runs at this back end: its lanes */
        cli_active_kernel(KARX_KIND_HASH, h.id, &k);
        const unsigned lanes = k.lanes;
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            if (!listed(e->ops, shapes[s].op)) continue;
            int many = strcmp(shapes[s].op, "hash_many") == 0;
            lsh_job j = {shapes[s].op, (karx_lsh_alg)h.id, shapes[s].bytes, many ? LSH_BATCH : 0,
                         e->in, e->out};
            lsh_row(e, bname, aname, &j, lanes);
        }
        lsh_sweep(e, bname, aname, (karx_lsh_alg)h.id, lanes);
    }
    return EXIT_OK;
}
