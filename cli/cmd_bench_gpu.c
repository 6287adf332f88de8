/* karx bench gpu: batch LSH on the CUDA device.
 *   copy        pinned host<->device bandwidth (the reference for end-to-end figures)
 *   kernel      data already on the device (karx_gpu_lsh*_many_device), outputs consumed
 *   end_to_end  pinned host memory in and out through the handle's pipeline (both copies)
 *   sweeps      threads per block, blocks (batch size), streams, as in the LSH GPU paper
 *   crossover   GPU end-to-end vs all CPU cores (karx_lsh*_many on every core) by batch size
 *   jobs        record jobs, a key each (karx_gpu_gcm_seal_jobs, karx_gpu_ctr_jobs) against the
 *               single-key CTR kernel on the same bytes and the CPU job calls on the same batch
 * Medians of repeated runs; JSON lines carry backend "gpu", scope, device and sm_clock_mhz. */
#define _GNU_SOURCE
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_timer.h"
#include "cli.h"
#include "karx/gpu.h"
#include "karx/karx.h"

typedef struct {
    karx_gpu *g;
    karx_gpu_info info;
    FILE *json;
    int reps, quick;
    char stamp[32];
    uint8_t *h_in, *h_out;       /* pinned */
    void *d_in, *d_out;
    size_t cap;                  /* bytes of each input buffer */
    unsigned sink;
} gb_env;

static karx_status run_lsh(gb_env *e, karx_lsh_alg a, int device, size_t len, size_t n)
{
    size_t d = karx_lsh_digest_bytes(a);
    int w256 = karx_lsh_block_bytes(a) == 128;
    if (device)
        return w256 ? karx_gpu_lsh256_many_device(e->g, e->d_out, d, e->d_in, len, n)
                    : karx_gpu_lsh512_many_device(e->g, e->d_out, d, e->d_in, len, n);
    return w256 ? karx_gpu_lsh256_many(e->g, e->h_out, d, e->h_in, len, n)
                : karx_gpu_lsh512_many(e->g, e->h_out, d, e->h_in, len, n);
}

/* Median seconds of one call; -1 on error (printed). */
static double time_lsh(gb_env *e, karx_lsh_alg a, int device, size_t len, size_t n)
{
    double t[32];
    karx_status st = run_lsh(e, a, device, len, n); /* warm-up (and buffer growth) */
    for (int r = 0; st == KARX_OK && r < e->reps; r++) {
        double t0 = bench_now_ns();
        st = run_lsh(e, a, device, len, n);
        t[r] = (bench_now_ns() - t0) * 1e-9;
    }
    if (st != KARX_OK) {
        char why[CLI_GPU_WHY_MAX];
        cli_error("bench gpu %s: %s", karx_lsh_alg_name(a),
                  cli_gpu_why(st, karx_gpu_last_error(e->g), why, sizeof why));
        return -1;
    }
    if (!device)
        e->sink += e->h_out[n * karx_lsh_digest_bytes(a) - 1];
    else {
        uint8_t last = 0;
        karx_gpu_memcpy_dtoh(e->g, &last, (uint8_t *)e->d_out + n * karx_lsh_digest_bytes(a) - 1, 1);
        e->sink += last; /* consume the output */
    }
    return bench_median(t, e->reps);
}

static void json_row(gb_env *e, const char *op, const char *alg, const char *scope, size_t msg,
                     size_t n, double per_s, double gbps, const char *extra)
{
    karx_gpu_config cfg;
    karx_gpu_get_config(e->g, &cfg);
    if (!e->json)
        return;
    fprintf(e->json,
            "{\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"gpu\",\"scope\":\"%s\",\"msg_bytes\":%zu,"
            "\"n\":%zu,\"threads_per_block\":%u,\"streams\":%u,\"per_s\":%.6g,\"hashes_per_s\":%.6g,"
            "\"gb_per_s\":%.4f,\"device\":\"%s\",\"sm_count\":%d,\"cc\":\"%d.%d\","
            "\"sm_clock_mhz\":%d,\"cuda_runtime\":%d,\"driver\":%d,\"commit\":\"%s\","
            "\"cpu\":\"%s\",\"compiler\":\"%s\",\"reps\":%d,\"timestamp\":\"%s\"%s}\n",
            op, alg, scope, msg, n, cfg.threads_per_block, cfg.streams, per_s, per_s, gbps,
            e->info.name, e->info.sm_count, e->info.cc_major, e->info.cc_minor,
            e->info.sm_clock_mhz, e->info.runtime_version, e->info.driver_version, bench_commit(),
            bench_cpu_name(), bench_compiler(), e->reps, e->stamp, extra ? extra : "");
}

static double copy_bw(gb_env *e, int to_device, size_t bytes)
{
    double t[32];
    for (int r = 0; r < e->reps; r++) {
        double t0 = bench_now_ns();
        karx_status st = to_device ? karx_gpu_memcpy_htod(e->g, e->d_in, e->h_in, bytes)
                                   : karx_gpu_memcpy_dtoh(e->g, e->h_out, e->d_in, bytes);
        t[r] = (bench_now_ns() - t0) * 1e-9;
        if (st != KARX_OK)
            return -1;
    }
    return bytes / bench_median(t, e->reps) * 1e-9;
}

/* Messages per run: enough to fill the device many times over, within the buffers. */
static size_t batch_n(const gb_env *e, size_t len)
{
    size_t n = e->cap / (len ? len : 1);
    size_t most = e->quick ? (size_t)1 << 20 : (size_t)1 << 22;
    return n < most ? n : most;
}

/* ---- CPU side of the crossover: karx_lsh*_many split over every core ---- */
typedef struct {
    karx_lsh_alg a;
    const uint8_t *in;
    uint8_t *out;
    size_t len, n;
    karx_status st;
} cpu_part;

static void *cpu_worker(void *p)
{
    cpu_part *c = p;
    size_t d = karx_lsh_digest_bytes(c->a);
    c->st = karx_lsh_many(c->a, c->out, c->n * d, c->in, c->len, c->n);
    return NULL;
}

/* Seconds for n messages on every core (the median of reps), or -1 when a part failed. */
static double cpu_all_cores(karx_lsh_alg a, const uint8_t *in, uint8_t *out, size_t len, size_t n,
                            int threads, int reps)
{
    double t[32];
    size_t d = karx_lsh_digest_bytes(a);
    for (int r = 0; r < reps; r++) {
        pthread_t th[256];
        cpu_part parts[256];
        int used = 0, failed = 0;
        double t0 = bench_now_ns();
        for (int k = 0; k < threads; k++) {
            size_t lo = n * (size_t)k / (size_t)threads, hi = n * (size_t)(k + 1) / (size_t)threads;
            if (hi == lo)
                continue;
            parts[used] = (cpu_part){a, in + lo * len, out + lo * d, len, hi - lo, KARX_OK};
            if (pthread_create(&th[used], NULL, cpu_worker, &parts[used]) != 0) {
                cpu_worker(&parts[used]);
                if (parts[used].st != KARX_OK)
                    failed = 1;
                continue;
            }
            used++;
        }
        for (int k = 0; k < used; k++) {
            pthread_join(th[k], NULL);
            if (parts[k].st != KARX_OK)
                failed = 1;
        }
        if (failed)
            return -1;
        t[r] = (bench_now_ns() - t0) * 1e-9;
    }
    return bench_median(t, reps);
}

/* ---- LSH ---- */

/* The index-th registered algorithm when it is of kind and named in the --alg list (all when
 * there is none). */
static int registered(size_t index, karx_alg_kind kind, const char *algs, karx_alg_info *info)
{
    return karx_alg_get(index, info) == KARX_OK && info->kind == kind &&
           (!algs || strstr(algs, info->name));
}


/* Kernel-only and end-to-end rates of every registered hash (in the --alg list) by size. */
static int bench_lsh(gb_env *e, const char *algs, double h2d)
{
    static const size_t sizes[] = {64, 128, 256, 1024, 16384};
    printf("\n%-11s %7s %9s | %12s %9s | %12s %9s %7s\n", "variant", "msg B", "n", "kernel H/s",
           "GB/s", "end2end H/s", "GB/s", "% copy");
    karx_alg_info info;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        if (!registered(i, KARX_KIND_HASH, algs, &info))
            continue;
        const karx_lsh_alg a = (karx_lsh_alg)info.id;
        for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            size_t len = sizes[s], n = batch_n(e, len);
            double tk = time_lsh(e, a, 1, len, n), te = time_lsh(e, a, 0, len, n);
            if (tk < 0 || te < 0)
                return EXIT_FAIL;
            double gk = n * len / tk * 1e-9, ge = n * len / te * 1e-9;
            printf("%-11s %7zu %9zu | %12.4g %9.2f | %12.4g %9.2f %6.1f%%\n", info.name, len, n,
                   n / tk, gk, n / te, ge, 100.0 * ge / h2d);
            json_row(e, "lsh_many", info.name, "kernel", len, n, n / tk, gk, NULL);
            char extra[64];
            snprintf(extra, sizeof extra, ",\"copy_h2d_gb_per_s\":%.3f", h2d);
            json_row(e, "lsh_many", info.name, "end_to_end", len, n, n / te, ge, extra);
        }
    }
    return EXIT_OK;
}

/* The two hashes of the launch-shape sweeps and the crossover, as in the LSH GPU paper. */
static const char *const sweep_hashes[] = {"lsh256-256", "lsh512-512"};

/* Median seconds of msgs messages of len bytes (kernel only or end to end) under cfg;
 * the handle's configuration is restored after. */
static double time_lsh_with(gb_env *e, const karx_gpu_config *cfg, karx_lsh_alg a, int device,
                            size_t len, size_t msgs)
{
    karx_gpu_config keep;
    karx_gpu_get_config(e->g, &keep);
    karx_gpu_configure(e->g, cfg);
    double t = time_lsh(e, a, device, len, msgs);
    karx_gpu_configure(e->g, &keep);
    return t;
}

/* One hash: threads per block, blocks (batch size) and streams. */
static int sweep_lsh(gb_env *e, karx_lsh_alg a, const char *name)
{
    karx_gpu_config keep, none = {0, 0, 0};
    karx_gpu_get_config(e->g, &keep);
    size_t n = batch_n(e, 64);
    printf("\n%s, 64-byte messages, kernel only: threads per block (n = %zu)\n", name, n);
    for (unsigned tpb = 32; tpb <= 1024; tpb *= 2) {
        karx_gpu_config cfg = {tpb, 0, 0};
        double t = time_lsh_with(e, &cfg, a, 1, 64, n);
        if (t < 0)
            return EXIT_FAIL;
        printf("  %4u threads: %.4g H/s\n", tpb, n / t);
        json_row(e, "sweep_threads", name, "kernel", 64, n, n / t, n * 64 / t * 1e-9, NULL);
    }
    printf("%s, 64-byte messages, kernel only: blocks of %u threads\n", name, keep.threads_per_block);
    for (size_t blocks = (size_t)e->info.sm_count; blocks * keep.threads_per_block <= n; blocks *= 2) {
        size_t m = blocks * keep.threads_per_block;
        double t = time_lsh_with(e, &none, a, 1, 64, m);
        if (t < 0)
            return EXIT_FAIL;
        printf("  %7zu blocks: %.4g H/s\n", blocks, m / t);
        json_row(e, "sweep_blocks", name, "kernel", 64, m, m / t, m * 64 / t * 1e-9, NULL);
    }
    printf("%s, 1 KiB messages, end to end: streams\n", name);
    for (unsigned sn = 1; sn <= KARX_GPU_MAX_STREAMS; sn *= 2) {
        karx_gpu_config cfg = {0, sn, 0};
        size_t m = batch_n(e, 1024);
        double t = time_lsh_with(e, &cfg, a, 0, 1024, m);
        if (t < 0)
            return EXIT_FAIL;
        printf("  %u streams: %.4g H/s, %.2f GB/s\n", sn, m / t, m * 1024.0 / t * 1e-9);
        json_row(e, "sweep_streams", name, "end_to_end", 1024, m, m / t, m * 1024.0 / t * 1e-9, NULL);
    }
    return EXIT_OK;
}

static int bench_lsh_sweeps(gb_env *e)
{
    karx_alg_info info;
    for (unsigned i = 0; i < sizeof sweep_hashes / sizeof sweep_hashes[0]; i++)
        if (karx_alg_find(KARX_KIND_HASH, sweep_hashes[i], &info) == KARX_OK &&
            sweep_lsh(e, (karx_lsh_alg)info.id, info.name) != EXIT_OK)
            return EXIT_FAIL;
    return EXIT_OK;
}

/* Crossover of one hash, 64-byte messages from pageable host memory (what a caller usually
 * has): the GPU end to end against every CPU core, by batch size. */
static int crossover(gb_env *e, karx_lsh_alg a, const char *name, const uint8_t *in, uint8_t *out,
                     int threads)
{
    size_t d = karx_lsh_digest_bytes(a), cross = 0;
    printf("%s, 64-byte messages from pageable memory: GPU end to end vs %d CPU threads (%s)\n",
           name, threads, karx_backend_name(karx_get_backend()));
    for (size_t n = 16; n <= ((size_t)1 << 20); n *= 4) {
        double tg[32];
        for (int r = 0; r < e->reps; r++) {
            double t0 = bench_now_ns();
            karx_status st = karx_gpu_lsh_many(e->g, a, out, d, in, 64, n);
            if (st != KARX_OK) {
                char why[CLI_GPU_WHY_MAX];
                cli_error("bench gpu %s: %s", name,
                          cli_gpu_why(st, karx_gpu_last_error(e->g), why, sizeof why));
                return EXIT_FAIL;
            }
            tg[r] = (bench_now_ns() - t0) * 1e-9;
        }
        double g = bench_median(tg, e->reps);
        double cpu = cpu_all_cores(a, in, out, 64, n, threads, e->reps);
        if (cpu < 0) { /* a failed CPU call would time as infinitely fast */
            cli_error("bench gpu %s: the CPU batch call failed", name);
            return EXIT_FAIL;
        }
        if (!cross && g < cpu)
            cross = n;
        printf("  n = %8zu: GPU %.4g H/s, CPU %.4g H/s\n", n, n / g, n / cpu);
        char extra[96];
        snprintf(extra, sizeof extra, ",\"cpu_threads\":%d,\"cpu_per_s\":%.6g", threads, n / cpu);
        json_row(e, "crossover", name, "end_to_end", 64, n, n / g, n * 64 / g * 1e-9, extra);
    }
    if (cross)
        printf("  the GPU is faster from n = %zu messages on\n", cross);
    else
        printf("  the GPU was not faster at any n up to 2^20\n");
    return EXIT_OK;
}

static int bench_crossover(gb_env *e)
{
    int threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    threads = threads < 1 ? 1 : threads > 256 ? 256 : threads;
    uint8_t *in = malloc((size_t)64 << 20), *out = malloc((size_t)64 << 20);
    int rc = EXIT_OK;
    if (!in || !out) {
        cli_error("out of memory");
        rc = EXIT_FAIL;
    } else {
        memcpy(in, e->h_in, (size_t)64 << 20);
    }
    karx_alg_info info;
    for (unsigned i = 0; rc == EXIT_OK && i < sizeof sweep_hashes / sizeof sweep_hashes[0]; i++)
        if (karx_alg_find(KARX_KIND_HASH, sweep_hashes[i], &info) == KARX_OK)
            rc = crossover(e, (karx_lsh_alg)info.id, info.name, in, out, threads);
    free(in);
    free(out);
    return rc;
}

/* ---- block ciphers ---- */

typedef struct {
    gb_env *e;
    karx_cipher_key *k;
    int op;          /* 0 ctr device, 1 keystream device, 2 ctr host, 3 ecb device, 4 many device,
                        5 drbg host, 6 keystream host */
    size_t len, n;   /* bytes; records for op 4 */
    void *d_keys, *d_ctrs;
    karx_ctr_drbg *drbg;
} cop;

static karx_status run_cop(cop *c)
{
    uint8_t ctr[16] = {0};
    gb_env *e = c->e;
    switch (c->op) {
    case 0: return karx_gpu_ctr_xor_device(e->g, c->k, ctr, e->d_out, e->d_in, c->len);
    case 1: return karx_gpu_ctr_xor_device(e->g, c->k, ctr, e->d_out, NULL, c->len);
    case 2: return karx_gpu_ctr_xor(e->g, c->k, ctr, e->h_out, e->h_in, c->len);
    case 3: return karx_gpu_ecb_encrypt_device(e->g, c->k, e->d_out, e->d_in, c->len);
    case 4: return karx_gpu_ctr_xor_many_device(e->g, (karx_cipher_alg)c->k->alg, c->d_keys,
                                                karx_cipher_key_bytes((karx_cipher_alg)c->k->alg),
                                                c->d_ctrs, e->d_out, e->d_in, c->len / c->n, c->n);
    case 5: {
        karx_status st = karx_gpu_ctr_drbg_generate(e->g, c->drbg, e->h_out, c->len, NULL, 0);
        if (st == KARX_ERR_RESEED_REQUIRED) { /* benchmark seed material: fixed, not secret */
            uint8_t ent[64] = {1};
            karx_ctr_drbg_reseed(c->drbg, ent, 32, NULL, 0);
            st = karx_gpu_ctr_drbg_generate(e->g, c->drbg, e->h_out, c->len, NULL, 0);
        }
        return st;
    }
    default: return karx_gpu_ctr_xor(e->g, c->k, ctr, e->h_out, NULL, c->len);
    }
}

static double time_cop(cop *c)
{
    double t[32];
    karx_status st = run_cop(c);
    for (int r = 0; st == KARX_OK && r < c->e->reps; r++) {
        double t0 = bench_now_ns();
        st = run_cop(c);
        t[r] = (bench_now_ns() - t0) * 1e-9;
    }
    if (st != KARX_OK) {
        char why[CLI_GPU_WHY_MAX];
        cli_error("bench gpu cipher op %d: %s", c->op,
                  cli_gpu_why(st, karx_gpu_last_error(c->e->g), why, sizeof why));
        return -1;
    }
    uint8_t last = 0;
    if (c->op == 2 || c->op == 5 || c->op == 6)
        last = c->e->h_out[c->len - 1];
    else
        karx_gpu_memcpy_dtoh(c->e->g, &last, (uint8_t *)c->e->d_out + c->len - 1, 1);
    c->e->sink += last; /* consume the output */
    return bench_median(t, c->e->reps);
}

static void cipher_row(gb_env *e, const char *op, const char *alg, const char *scope, size_t len,
                       size_t n, double t, const char *extra)
{
    double gbps = len / t * 1e-9;
    printf("  %-14s %-11s %-10s %11zu B  %9.2f GB/s  %8.3f Tbps\n", op, alg, scope, len, gbps,
           gbps * 8e-3);
    json_row(e, op, alg, scope, len, n, n / t, gbps, extra);
}

/* A launch-shape sweep of one cipher op: threads per block (kernel only), or streams (end to
 * end); the handle's configuration is restored after. */
static int sweep_cop(gb_env *e, cop *c, const char *name, int streams)
{
    karx_gpu_config keep;
    karx_gpu_get_config(e->g, &keep);
    const char *what = streams ? "streams" : "threads";
    printf("%s CTR, %zu MiB, %s: %s\n", name, c->len >> 20, streams ? "end to end" : "kernel only",
           streams ? "streams" : "threads per block");
    int rc = EXIT_OK;
    for (unsigned v = streams ? 1 : 64; rc == EXIT_OK && v <= (streams ? KARX_GPU_MAX_STREAMS : 1024); v *= 2) {
        karx_gpu_config cfg = {streams ? 0 : v, streams ? v : 0, 0};
        karx_gpu_configure(e->g, &cfg);
        double t = time_cop(c);
        if (t < 0) {
            rc = EXIT_FAIL;
            break;
        }
        printf("  %4u %s: %.2f GB/s\n", v, what, c->len / t * 1e-9);
        json_row(e, streams ? "sweep_streams_ctr" : "sweep_threads_ctr", name,
                 streams ? "end_to_end" : "kernel", c->len, c->len, c->len / t, c->len / t * 1e-9, NULL);
    }
    karx_gpu_configure(e->g, &keep);
    return rc;
}

static int bench_ciphers(gb_env *e, const char *algs, int sweep, double h2d)
{
    static const size_t sizes[] = {(size_t)16 << 20, (size_t)64 << 20, (size_t)256 << 20, (size_t)1 << 30};
    uint8_t raw[32] = {7};
    printf("\nblock ciphers: CTR / ECB under one key, many keys (1 KiB records), CTR_DRBG\n");
    karx_alg_info info;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        if (!registered(i, KARX_KIND_CIPHER, algs, &info))
            continue;
        const karx_cipher_alg a = (karx_cipher_alg)info.id;
        const char *name = info.name;
        karx_cipher_key k;
        karx_cipher_set_key(&k, a, raw, info.key_bytes);
        if (karx_gpu_ecb_encrypt(e->g, &k, NULL, NULL, 0) == KARX_ERR_UNSUPPORTED) {
            printf("  %-14s %-11s no GPU kernel in this build (skipped)\n", "", name);
            karx_cipher_key_wipe(&k);
            continue;
        }
        cop c = {e, &k, 0, 0, 0, NULL, NULL, NULL};
        for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            if (sizes[s] > e->cap)
                break;
            c.len = sizes[s];
            double t;
            c.op = 0;
            if ((t = time_cop(&c)) < 0) return EXIT_FAIL;
            cipher_row(e, "ctr", name, "kernel", c.len, c.len, t, NULL);
            c.op = 1;
            if ((t = time_cop(&c)) < 0) return EXIT_FAIL;
            cipher_row(e, "ctr_keystream", name, "kernel", c.len, c.len, t, NULL);
            c.op = 2;
            if ((t = time_cop(&c)) < 0) return EXIT_FAIL;
            char extra[64];
            snprintf(extra, sizeof extra, ",\"copy_h2d_gb_per_s\":%.3f", h2d);
            cipher_row(e, "ctr", name, "end_to_end", c.len, c.len, t, extra);
            c.op = 3;
            if ((t = time_cop(&c)) < 0) return EXIT_FAIL;
            cipher_row(e, "ecb", name, "kernel", c.len, c.len, t, NULL);
        }
        /* Many keys: 1 KiB records filling the buffer, keys and counters already on the device. */
        size_t kl = info.key_bytes, bl = info.block_bytes;
        c.n = e->cap / 1024 < ((size_t)1 << 20) ? e->cap / 1024 : ((size_t)1 << 20);
        c.len = c.n * 1024;
        if (karx_gpu_malloc(e->g, &c.d_keys, c.n * kl) == KARX_OK &&
            karx_gpu_malloc(e->g, &c.d_ctrs, c.n * bl) == KARX_OK) {
            karx_gpu_memcpy_htod(e->g, c.d_keys, e->h_in, c.n * kl);
            memset(e->h_out, 0, c.n * bl); /* counters from zero: never near the end */
            karx_gpu_memcpy_htod(e->g, c.d_ctrs, e->h_out, c.n * bl);
            c.op = 4;
            double t = time_cop(&c);
            if (t < 0) return EXIT_FAIL;
            c.op = 0;
            double t1 = time_cop(&c);
            char extra[96];
            snprintf(extra, sizeof extra, ",\"record_bytes\":1024,\"pct_of_single_key\":%.1f", 100.0 * t1 / t);
            cipher_row(e, "ctr_many_keys", name, "kernel", c.len, c.n, t, extra);
            printf("  %-14s %-11s %.1f %% of the single-key kernel on the same bytes\n", "", "", 100.0 * t1 / t);
        }
        karx_gpu_free(e->g, c.d_keys);
        karx_gpu_free(e->g, c.d_ctrs);
        c.d_keys = c.d_ctrs = NULL;
        /* CTR_DRBG bulk output against the plain keystream, both host memory end to end. */
        karx_ctr_drbg d;
        uint8_t ent[64] = {3}, nonce[16] = {4};
        karx_ctr_drbg_instantiate(&d, a, KARX_DRBG_USE_DF, ent, 32, nonce, 16, NULL, 0);
        c.drbg = &d;
        c.len = e->cap < ((size_t)256 << 20) ? e->cap : ((size_t)256 << 20);
        c.op = 5;
        double td = time_cop(&c);
        c.op = 6;
        double tk = time_cop(&c);
        karx_ctr_drbg_uninstantiate(&d);
        if (td < 0 || tk < 0) return EXIT_FAIL;
        char extra[64];
        snprintf(extra, sizeof extra, ",\"pct_of_keystream\":%.1f", 100.0 * tk / td);
        cipher_row(e, "drbg", name, "end_to_end", c.len, c.len, td, extra);
        cipher_row(e, "ctr_keystream", name, "end_to_end", c.len, c.len, tk, NULL);
        karx_cipher_key_wipe(&k);
    }
    if (sweep && karx_alg_find(KARX_KIND_CIPHER, "lea128", &info) == KARX_OK) {
        /* the paper's table 4: launch shape for LEA-128 CTR */
        karx_cipher_key k;
        karx_cipher_set_key(&k, (karx_cipher_alg)info.id, raw, info.key_bytes);
        cop c = {e, &k, 0, e->cap < ((size_t)256 << 20) ? e->cap : ((size_t)256 << 20), 0, NULL, NULL, NULL};
        int rc = sweep_cop(e, &c, info.name, 0);
        c.op = 2;
        if (rc == EXIT_OK)
            rc = sweep_cop(e, &c, info.name, 1);
        karx_cipher_key_wipe(&k);
        return rc;
    }
    return EXIT_OK;
}


/* ---- record jobs: a key each (issue 26) ---- */

/* Times one job call (median of reps; the jobs are rebuilt from the template each run). */
typedef karx_status (*gj_fn)(gb_env *e, void *jobs, size_t n);

static karx_status gj_gpu_seal(gb_env *e, void *jobs, size_t n)
{
    return karx_gpu_gcm_seal_jobs(e->g, (karx_gcm_job *)jobs, n);
}
static karx_status gj_cpu_seal(gb_env *e, void *jobs, size_t n)
{
    (void)e;
    return karx_gcm_seal_jobs((karx_gcm_job *)jobs, n);
}
static karx_status cj_gpu(gb_env *e, void *jobs, size_t n)
{
    return karx_gpu_ctr_jobs(e->g, (karx_ctr_job *)jobs, n);
}
static karx_status cj_cpu(gb_env *e, void *jobs, size_t n)
{
    (void)e;
    return karx_ctr_jobs((karx_ctr_job *)jobs, n);
}

static double time_jobs(gb_env *e, gj_fn f, void *jobs, size_t n, const char *what)
{
    double t[32];
    karx_status st = f(e, jobs, n);
    for (int r = 0; st == KARX_OK && r < e->reps; r++) {
        double t0 = bench_now_ns();
        st = f(e, jobs, n);
        t[r] = (bench_now_ns() - t0) * 1e-9;
    }
    if (st != KARX_OK) {
        char why[CLI_GPU_WHY_MAX];
        cli_error("bench gpu %s: %s", what, cli_gpu_why(st, karx_gpu_last_error(e->g), why, sizeof why));
        return -1;
    }
    e->sink += e->h_out[0];
    return bench_median(t, e->reps);
}

/* GCM seal jobs and CTR jobs with `sessions` keys, records of each size filling up to 64 MiB
 * (at most 262,144 records) for each registered cipher with 128-bit blocks and keys and a GPU
 * kernel (or each cipher in --alg with 128-bit blocks), in and out in pinned host memory (end to end: both copies), against
 * the single-key CTR kernel end to end on the same bytes (pct_of_single_key: the 85 %
 * goal) and the CPU job calls on this host (one thread). */
static int bench_jobs(gb_env *e, const char *algs)
{
    static const size_t sizes[] = {64, 576, 1500, 16384};
    const size_t sessions = 4096;
    printf("\nrecord jobs, a key each (%zu sessions), end to end, 13-byte AAD: GPU vs the single-key "
           "CTR kernel and the CPU job calls\n", sessions);
    karx_gcm_key *keys = calloc(sessions, sizeof *keys);
    uint8_t *raw = malloc(sessions * 32), *ctrs = calloc(262144, 16), aad[13] = {5}, iv[12] = {9};
    karx_gcm_job *gj = calloc(262144, sizeof *gj);
    karx_ctr_job *cj = calloc(262144, sizeof *cj);
    uint8_t *tags = malloc(262144 * 16);
    int rc = EXIT_OK;
    if (!keys || !raw || !ctrs || !gj || !cj || !tags) {
        cli_error("bench gpu jobs: out of memory");
        rc = EXIT_FAIL;
        goto out;
    }
    for (size_t i = 0; i < sessions * 32; i++)
        raw[i] = (uint8_t)(i * 37 + 11);
    /* The registered ciphers with 128-bit blocks and keys that have a GPU kernel (or the --alg list). */
    for (size_t ai = 0; rc == EXIT_OK && ai < karx_alg_count(); ai++) {
        karx_alg_info info;
        if (!registered(ai, KARX_KIND_CIPHER, algs, &info) || info.block_bytes != 16 ||
            (!algs && info.key_bytes != 16))
            continue;
        const karx_cipher_alg alg = (karx_cipher_alg)info.id;
        if (karx_gcm_set_key(&keys[0], alg, raw, info.key_bytes) != KARX_OK)
            continue;
        karx_gcm_job probe = {&keys[0], iv, 12, NULL, 0, NULL, NULL, 0, tags, 16, KARX_OK};
        if (karx_gpu_gcm_seal_jobs(e->g, &probe, 1) == KARX_ERR_UNSUPPORTED)
            continue; /* no GPU kernel */
        for (size_t s = 0; s < sessions; s++)
            karx_gcm_set_key(&keys[s], alg, raw + 32 * s, info.key_bytes);
        karx_cipher_key k;
        karx_cipher_set_key(&k, alg, raw, info.key_bytes);
        for (unsigned z = 0; rc == EXIT_OK && z < sizeof sizes / sizeof sizes[0]; z++) {
            size_t len = sizes[z], cap = e->cap < ((size_t)64 << 20) ? e->cap : ((size_t)64 << 20);
            size_t n = cap / len < 262144 ? cap / len : 262144;
            for (size_t i = 0; i < n; i++) {
                karx_gcm_job j = {&keys[i % sessions], iv, 12, aad, 13, e->h_in + i * len,
                                  e->h_out + i * len, len, tags + 16 * i, 16, KARX_OK};
                gj[i] = j;
                karx_ctr_job c = {alg, raw + 32 * (i % sessions), info.key_bytes, ctrs + 16 * i,
                                  e->h_in + i * len, e->h_out + i * len, len, KARX_OK};
                cj[i] = c;
            }
            memset(ctrs, 0, 262144 * 16); /* counters from zero: never near the end */
            double tg = time_jobs(e, gj_gpu_seal, gj, n, "gcm seal jobs");
            double tc = time_jobs(e, cj_gpu, cj, n, "ctr jobs");
            cop one = {e, &k, 2, n * len, 0, NULL, NULL, NULL};
            double t1 = time_cop(&one);
            double tgc = time_jobs(e, gj_cpu_seal, gj, n, "cpu gcm seal jobs");
            double tcc = time_jobs(e, cj_cpu, cj, n, "cpu ctr jobs");
            if (tg < 0 || tc < 0 || t1 < 0 || tgc < 0 || tcc < 0) {
                rc = EXIT_FAIL;
                break;
            }
            char extra[160];
            printf("  %-11s %6zu B x %6zu: gcm jobs %9.0f rec/s (%.1f %% of single-key CTR, %.2fx the CPU), "
                   "ctr jobs %9.0f rec/s (%.1f %%, %.2fx the CPU)\n",
                   info.name, len, n, n / tg, 100.0 * t1 / tg, tgc / tg, n / tc, 100.0 * t1 / tc, tcc / tc);
            snprintf(extra, sizeof extra,
                     ",\"sessions\":%zu,\"pct_of_single_key\":%.1f,\"x_cpu_jobs\":%.3f,\"cpu_records_per_s\":%.1f",
                     sessions, 100.0 * t1 / tg, tgc / tg, n / tgc);
            json_row(e, "gcm_seal_jobs", info.name, "end_to_end", len, n, n / tg, n * len / tg * 1e-9, extra);
            snprintf(extra, sizeof extra,
                     ",\"sessions\":%zu,\"pct_of_single_key\":%.1f,\"x_cpu_jobs\":%.3f,\"cpu_records_per_s\":%.1f",
                     sessions, 100.0 * t1 / tc, tcc / tc, n / tcc);
            json_row(e, "ctr_jobs", info.name, "end_to_end", len, n, n / tc, n * len / tc * 1e-9, extra);
        }
        karx_cipher_key_wipe(&k);
        for (size_t s = 0; s < sessions; s++)
            karx_gcm_key_wipe(&keys[s]);
    }
out:
    free(keys);
    free(raw);
    free(ctrs);
    free(gj);
    free(cj);
    free(tags);
    return rc;
}

static void bench_gpu_usage(FILE *to)
{
    fputs("usage: karx bench gpu [--json FILE] [--alg LIST] [--suite lsh|cipher|jobs|all] [--quick]\n"
          "                      [--no-sweep]\n"
          "  Batch LSH on the CUDA device: copy bandwidth, kernel-only and end-to-end rates per\n"
          "  variant and message size (64 B .. 16 KiB), launch-shape sweeps, GPU/CPU crossover;\n"
          "  ciphers: CTR (16 MiB .. 1 GiB) kernel-only and end to end, ECB, many keys (1 KiB\n"
          "  records), CTR_DRBG against the plain keystream, launch-shape sweeps; jobs: GCM seal\n"
          "  and CTR record jobs with a key each (4,096 sessions; 64 B .. 16 KiB records) against\n"
          "  the single-key CTR kernel and the CPU job calls.\n",
          to);
}

int cmd_bench_gpu(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", required_argument, NULL, 'j'}, {"alg", required_argument, NULL, 'a'},
        {"quick", no_argument, NULL, 'q'},      {"no-sweep", no_argument, NULL, 's'},
        {"suite", required_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    const char *json_path = NULL, *algs = NULL, *suite = "all";
    int quick = 0, sweep = 1, c;
    optind = 0; /* a full getopt reset, as cli_parse_opts does */
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'j': json_path = optarg; break;
        case 'a': algs = optarg; break;
        case 'q': quick = 1; break;
        case 's': sweep = 0; break;
        case 'S': suite = optarg; break;
        case 'h': bench_gpu_usage(stdout); return EXIT_OK;
        default: bench_gpu_usage(stderr); return EXIT_USAGE;
        }
    }
    gb_env e;
    memset(&e, 0, sizeof e);
    e.quick = quick;
    e.reps = quick ? 3 : 9;
    char why[CLI_GPU_WHY_MAX];
    karx_status st = karx_gpu_open(&e.g, 0);
    if (st != KARX_OK) {
        cli_error("bench gpu: %s", cli_gpu_why(st, karx_gpu_open_error(), why, sizeof why));
        return EXIT_FAIL;
    }
    karx_gpu_get_info(e.g, &e.info);
    if (strcmp(suite, "all") && strcmp(suite, "lsh") && strcmp(suite, "cipher") && strcmp(suite, "jobs")) {
        cli_error("bench gpu: unknown suite '%s' (lsh, cipher, jobs, all)", suite);
        karx_gpu_close(e.g);
        return EXIT_USAGE;
    }
    int do_lsh = !strcmp(suite, "all") || !strcmp(suite, "lsh");
    int do_cipher = !strcmp(suite, "all") || !strcmp(suite, "cipher");
    int do_jobs = !strcmp(suite, "all") || !strcmp(suite, "jobs");
    e.cap = quick ? (size_t)64 << 20 : (size_t)1 << 30;
    int rc = EXIT_OK;
    if ((st = karx_gpu_host_alloc(e.g, (void **)&e.h_in, e.cap)) != KARX_OK ||
        (st = karx_gpu_host_alloc(e.g, (void **)&e.h_out, e.cap)) != KARX_OK ||
        (st = karx_gpu_malloc(e.g, &e.d_in, e.cap)) != KARX_OK ||
        (st = karx_gpu_malloc(e.g, &e.d_out, e.cap)) != KARX_OK) {
        cli_error("bench gpu: buffers: %s", cli_gpu_why(st, karx_gpu_last_error(e.g), why, sizeof why));
        rc = EXIT_FAIL;
        goto done;
    }
    if (json_path) {
        e.json = strcmp(json_path, "-") == 0 ? stdout : fopen(json_path, "a");
        if (!e.json) {
            cli_error("%s: cannot open for writing", json_path);
            rc = EXIT_FAIL;
            goto done;
        }
    }
    for (size_t i = 0; i < e.cap; i++)
        e.h_in[i] = (uint8_t)(i * 131 + 7);
    karx_gpu_memcpy_htod(e.g, e.d_in, e.h_in, e.cap);
    time_t now = time(NULL);
    strftime(e.stamp, sizeof e.stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    printf("karx %s (%s) on %s (sm_%d%d, %d SMs, %d MHz, CUDA runtime %d, driver %d), medians of %d\n",
           karx_version(), bench_commit(), e.info.name, e.info.cc_major, e.info.cc_minor,
           e.info.sm_count, e.info.sm_clock_mhz, e.info.runtime_version, e.info.driver_version, e.reps);

    double h2d = copy_bw(&e, 1, e.cap), d2h = copy_bw(&e, 0, e.cap);
    printf("\npinned copy bandwidth: host->device %.2f GB/s, device->host %.2f GB/s\n", h2d, d2h);
    json_row(&e, "copy", "-", "host_to_device", e.cap, 1, 0, h2d, NULL);
    json_row(&e, "copy", "-", "device_to_host", e.cap, 1, 0, d2h, NULL);

    if (do_lsh)
        rc = bench_lsh(&e, algs, h2d);
    if (rc == EXIT_OK && do_lsh && sweep)
        rc = bench_lsh_sweeps(&e);
    if (rc == EXIT_OK && do_lsh && sweep)
        rc = bench_crossover(&e);
    if (rc != EXIT_OK)
        goto done;
    if (do_cipher && bench_ciphers(&e, algs, sweep, h2d) != EXIT_OK)
        rc = EXIT_FAIL;
    if (rc == EXIT_OK && do_jobs && bench_jobs(&e, algs) != EXIT_OK)
        rc = EXIT_FAIL;
    printf("(output checksum %02x)\n", e.sink & 0xff);
done:
    if (e.json && e.json != stdout)
        fclose(e.json);
    karx_gpu_free(e.g, e.d_in);
    karx_gpu_free(e.g, e.d_out);
    karx_gpu_host_free(e.g, e.h_in);
    karx_gpu_host_free(e.g, e.h_out);
    karx_gpu_close(e.g);
    return rc;
}
