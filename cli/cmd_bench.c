/* karx bench: medians of repeated timed runs after a warm-up, per back end; prints a table and
 * optionally JSON lines. Speed is shown here, never asserted by a test. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_timer.h"
#include "cli.h"
#include "karx/karx.h"

#define MAX_REPS 31

typedef struct {
    const char *op; /* "hash" or "hash_many" */
    karx_lsh_alg alg;
    size_t msg_bytes;
    size_t batch;   /* messages per call for hash_many */
    uint8_t *in;
    uint8_t *out;
} lsh_job;

static volatile uint8_t sink;

static void run_lsh(const lsh_job *j)
{
    if (j->batch)
        karx_lsh_many(j->alg, j->out, j->batch * 64, j->in, j->msg_bytes, j->batch);
    else
        karx_lsh(j->alg, j->out, 64, j->in, j->msg_bytes);
    sink ^= j->out[0]; /* consume the output */
}

typedef struct {
    double ns_per_call, ticks_per_call, spread_pct;
    int reps;
} timing;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Calls per rep chosen so a rep takes about target_ns; one warm-up rep, then reps timed. */
static timing measure(const lsh_job *j, double target_ns, int reps)
{
    long calls = 1;
    for (;;) {
        double t0 = bench_now_ns();
        for (long i = 0; i < calls; i++) run_lsh(j);
        double dt = bench_now_ns() - t0;
        if (dt >= target_ns / 4 || calls > (1L << 40)) {
            calls = (long)((double)calls * target_ns / (dt > 1 ? dt : 1)) + 1;
            break;
        }
        calls *= 4;
    }
    double ns[MAX_REPS], ticks[MAX_REPS];
    for (int r = -1; r < reps; r++) {
        double t0 = bench_now_ns();
        uint64_t c0 = bench_ticks();
        for (long i = 0; i < calls; i++) run_lsh(j);
        uint64_t c1 = bench_ticks();
        double t1 = bench_now_ns();
        if (r < 0) continue; /* warm-up */
        ns[r] = (t1 - t0) / (double)calls;
        ticks[r] = (double)(c1 - c0) / (double)calls;
    }
    qsort(ns, (size_t)reps, sizeof ns[0], cmp_double);
    qsort(ticks, (size_t)reps, sizeof ticks[0], cmp_double);
    timing t = {ns[reps / 2], ticks[reps / 2], 100.0 * (ns[reps - 1] - ns[0]) / ns[reps / 2], reps};
    return t;
}

static void bench_usage(FILE *to)
{
    fputs("usage: karx bench [lsh] [--json FILE] [--backend B[,B...]] [--quick]\n"
          "  lsh             the LSH suite (default): one-shot at 64 B, 256 B, 4 KiB, 16 MiB and\n"
          "                  hash_many at 64 B and 256 B, all six variants\n"
          "  --json FILE     also append one JSON object per measurement to FILE ('-' = stdout)\n"
          "  --backend LIST  only these back ends (default: every one this CPU runs)\n"
          "  --alg LIST      only these variants (e.g. lsh512-512,lsh256-256)\n"
          "  --quick         fewer, shorter repetitions (for smoke tests)\n",
          to);
}

/* Is name in the comma-separated list (NULL list = everything)? */
static int listed(const char *list, const char *name)
{
    if (list == NULL) return 1;
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0) return 1;
        if (!comma) break;
        p = comma + 1;
    }
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", required_argument, NULL, 'j'},
        {"backend", required_argument, NULL, 'b'},
        {"alg", required_argument, NULL, 'a'},
        {"quick", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *json_path = NULL, *backends = NULL, *algs = NULL;
    int quick = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'j': json_path = optarg; break;
        case 'b': backends = optarg; break;
        case 'a': algs = optarg; break;
        case 'q': quick = 1; break;
        case 'h': bench_usage(stdout); return EXIT_OK;
        default: bench_usage(stderr); return EXIT_USAGE;
        }
    }
    for (int i = optind; i < argc; i++) {
        if (strcmp(argv[i], "lsh") != 0) {
            cli_error("unknown benchmark suite '%s' (available: lsh)", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (backends) {
        karx_backend b;
        for (const char *p = backends; *p;) {
            char one[32];
            size_t len = strcspn(p, ",");
            snprintf(one, sizeof one, "%.*s", (int)len, p);
            if (karx_backend_from_name(one, &b) != KARX_OK) {
                cli_error("unknown back end '%s'", one);
                return EXIT_USAGE;
            }
            if (!karx_backend_supported(b)) {
                cli_error("back end '%s' is not supported on this CPU or build", one);
                return EXIT_FAIL;
            }
            p += len + (p[len] == ',');
        }
    }
    FILE *json = NULL;
    if (json_path) {
        json = strcmp(json_path, "-") == 0 ? stdout : fopen(json_path, "a");
        if (!json) {
            cli_error("%s: cannot open for writing", json_path);
            return EXIT_FAIL;
        }
    }

    const size_t big = 16u << 20, batch = 4096;
    uint8_t *in = malloc(big), *out = malloc(batch * 64);
    if (!in || !out) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    for (size_t i = 0; i < big; i++) in[i] = (uint8_t)(i * 131 + 7);

    double target = quick ? 5e6 : 50e6;
    int reps = quick ? 3 : 11;
    double core = bench_core_ghz(), tsc = bench_tsc_ghz();
    karx_backend keep = karx_get_backend();
    time_t now = time(NULL);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    printf("karx %s (%s), %s, core ~%.2f GHz (est.), TSC %.2f GHz, medians of %d\n",
           karx_version(), bench_commit(), bench_cpu_name(), core, tsc, reps);
    printf("%-10s %-11s %-9s %9s %6s %9s %8s %8s %13s %7s\n", "op", "alg", "backend", "bytes",
           "lanes", "GB/s", "c/B", "tsc/B", "hashes/s", "spread");

    struct { const char *op; size_t bytes; } shapes[] = {
        {"hash", 64}, {"hash", 256}, {"hash", 4096}, {"hash", 16u << 20},
        {"hash_many", 64}, {"hash_many", 256},
    };
    for (int b = 0; b < KARX_BACKEND_COUNT; b++) {
        const char *bname = karx_backend_name((karx_backend)b);
        if (!karx_backend_supported((karx_backend)b) || !listed(backends, bname)) continue;
        karx_set_backend((karx_backend)b);
        for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++) {
            const char *aname = karx_lsh_alg_name((karx_lsh_alg)a);
            if (!listed(algs, aname)) continue;
            unsigned lanes = a <= KARX_LSH256_256 ? karx_lsh256_lanes() : karx_lsh512_lanes();
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
                int many = strcmp(shapes[s].op, "hash_many") == 0;
                lsh_job j = {shapes[s].op, (karx_lsh_alg)a, shapes[s].bytes, many ? batch : 0, in, out};
                timing t = measure(&j, target, reps);
                double msgs = many ? (double)batch : 1.0;
                double bytes = msgs * (double)shapes[s].bytes;
                double gbps = bytes / t.ns_per_call;
                double per_s = msgs * 1e9 / t.ns_per_call;
                double cpb = core > 0 ? t.ns_per_call * core / bytes : 0;
                double tpb = t.ticks_per_call / bytes;
                printf("%-10s %-11s %-9s %9zu %6u %9.3f %8.2f %8.2f %13.0f %6.1f%%\n", shapes[s].op,
                       aname, bname, shapes[s].bytes, many ? lanes : 1, gbps, cpb, tpb, per_s,
                       t.spread_pct);
                fflush(stdout);
                if (json)
                    fprintf(json,
                            "{\"suite\":\"lsh\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                            "\"lanes\":%u,\"msg_bytes\":%zu,\"batch\":%zu,\"gb_per_s\":%.4f,"
                            "\"per_s\":%.1f,\"ns_per_call\":%.2f,\"cycles_per_byte\":%.3f,"
                            "\"tsc_per_byte\":%.3f,\"spread_pct\":%.2f,\"reps\":%d,"
                            "\"core_ghz_est\":%.3f,\"tsc_ghz\":%.3f,\"cpu\":\"%s\","
                            "\"compiler\":\"%s\",\"commit\":\"%s\",\"version\":\"%s\","
                            "\"time\":\"%s\"}\n",
                            shapes[s].op, aname, bname, many ? lanes : 1, shapes[s].bytes,
                            many ? batch : (size_t)1, gbps, per_s, t.ns_per_call, cpb, tpb,
                            t.spread_pct, t.reps, core, tsc, bench_cpu_name(), bench_compiler(),
                            bench_commit(), karx_version(), stamp);
            }
        }
    }
    karx_set_backend(keep);
    if (json && json != stdout) fclose(json);
    free(in);
    free(out);
    return EXIT_OK;
}
