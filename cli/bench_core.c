/* What the benchmark suites share: timing (measure, measure_pair), rates, the JSON record's
 * common tail, the --alg filter and the cipher loop. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_timer.h"
#include "cli.h"

volatile uint8_t bench_sink;

/* Calls per rep so that a rep takes about target_ns. */
static long calibrate(bench_fn fn, void *job, double target_ns)
{
    long calls = 1;
    for (;;) {
        double t0 = bench_now_ns();
        for (long i = 0; i < calls; i++) fn(job);
        double dt = bench_now_ns() - t0;
        if (dt >= target_ns / 4 || calls > LONG_MAX / 8) /* long is 32 bits on armhf */
            return (long)((double)calls * target_ns / (dt > 1 ? dt : 1)) + 1;
        calls *= 4;
    }
}

/* One timed rep of calls calls: ns and ticks per call. */
static void timed_rep(bench_fn fn, void *job, long calls, double *ns, double *ticks)
{
    double t0 = bench_now_ns();
    uint64_t c0 = bench_ticks();
    for (long i = 0; i < calls; i++) fn(job);
    uint64_t c1 = bench_ticks();
    double t1 = bench_now_ns();
    *ns = (t1 - t0) / (double)calls;
    *ticks = (double)(c1 - c0) / (double)calls;
}

static timing median_of(double *ns, double *ticks, int reps)
{
    double mns = bench_median(ns, reps), mticks = bench_median(ticks, reps); /* ns sorted */
    timing t = {mns, mticks, 100.0 * (ns[reps - 1] - ns[0]) / mns, reps};
    return t;
}

/* Calls per rep chosen so a rep takes about target_ns; one warm-up rep, then reps timed. */
timing measure(bench_fn fn, void *job, double target_ns, int reps)
{
    long calls = calibrate(fn, job, target_ns);
    double ns[MAX_REPS], ticks[MAX_REPS], wns, wticks;
    timed_rep(fn, job, calls, &wns, &wticks); /* warm-up */
    for (int r = 0; r < reps; r++) timed_rep(fn, job, calls, &ns[r], &ticks[r]);
    return median_of(ns, ticks, reps);
}

/* Two jobs timed in alternating reps (a, b, a, b, ...), so that a ratio between them is not
 * skewed by the host's clock drifting between two separate measurements. *ratio is the median
 * over the reps of time(b) / time(a) within each adjacent pair. */
void measure_pair(bench_fn fa, void *ja, bench_fn fb, void *jb, double target_ns,
                         int reps, timing *ta, timing *tb, double *ratio)
{
    long ca = calibrate(fa, ja, target_ns), cb = calibrate(fb, jb, target_ns);
    double ns_a[MAX_REPS], ticks_a[MAX_REPS], ns_b[MAX_REPS], ticks_b[MAX_REPS], wns, wticks;
    timed_rep(fa, ja, ca, &wns, &wticks); /* warm-ups */
    timed_rep(fb, jb, cb, &wns, &wticks);
    for (int r = 0; r < reps; r++) {
        timed_rep(fa, ja, ca, &ns_a[r], &ticks_a[r]);
        timed_rep(fb, jb, cb, &ns_b[r], &ticks_b[r]);
    }
    double q[MAX_REPS];
    for (int r = 0; r < reps; r++) q[r] = ns_b[r] / ns_a[r];
    *ratio = bench_median(q, reps);
    *ta = median_of(ns_a, ticks_a, reps);
    *tb = median_of(ns_b, ticks_b, reps);
}

rates rates_of(const bench_env *e, const timing *t, double bytes)
{
    (void)e;
    double ghz = bench_core_ghz(); /* re-measured per row: load only makes it read low */
    rates r = {bytes / t->ns_per_call, ghz > 0 ? t->ns_per_call * ghz / bytes : 0,
               t->ticks_per_call / bytes};
    return r;
}

/* s as the inside of a JSON string. */
const char *json_esc(const char *s, char *buf, size_t cap)
{
    size_t n = 0;
    for (; *s && n + 7 < cap; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            buf[n++] = '\\';
            buf[n++] = (char)ch;
        } else if (ch < 0x20) {
            n += (size_t)snprintf(buf + n, cap - n, "\\u%04x", ch);
        } else {
            buf[n++] = (char)ch;
        }
    }
    buf[n] = '\0';
    return buf;
}

/* The keys every record ends with, from ns_per_call to time, and the closing brace. */
void json_tail(const bench_env *e, const timing *t, const rates *r)
{
    char cpu[256], cc[256];
    fprintf(e->json,
            "\"ns_per_call\":%.2f,\"cycles_per_byte\":%.3f,\"tsc_per_byte\":%.3f,"
            "\"spread_pct\":%.2f,\"reps\":%d,\"core_ghz_est\":%.3f,\"tsc_ghz\":%.3f,\"cpu\":\"%s\","
            "\"compiler\":\"%s\",\"commit\":\"%s\",\"version\":\"%s\",\"time\":\"%s\"}\n",
            t->ns_per_call, r->cpb, r->tpb, t->spread_pct, t->reps, bench_core_ghz_best(), e->tsc_ghz,
            json_esc(bench_cpu_name(), cpu, sizeof cpu), json_esc(bench_compiler(), cc, sizeof cc),
            bench_commit(), karx_version(), e->stamp);
    fflush(e->json);
}

/* Is name in the comma-separated list (NULL list = everything)? */
int listed(const char *list, const char *name)
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

/* One line for a failed call ("bench OP ALG on BACKEND: why"); the run fails. */
void bench_failed(suite_ctx *x, const char *op, const char *aname, karx_status st)
{
    cli_error("bench %s %s on %s: %s", op, aname, x->bname, karx_strerror(st));
    x->rc = EXIT_FAIL;
}

const uint8_t bench_key[KARX_MAX_KEY_BYTES] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};

/* Calls fn for every cipher --alg lists, in the registry's order. */
void each_cipher(suite_ctx *x, void (*fn)(void *ctx, const bench_cipher *c))
{
    bench_cipher c;
    for (size_t i = 0; cli_alg_next(KARX_KIND_CIPHER, NULL, &i, &c.info);) {
        if (!listed(x->e->algs, c.info.name)) continue;
        karx_status st = karx_cipher_set_key(&c.key, (karx_cipher_alg)c.info.id, bench_key,
                                             c.info.key_bytes);
        if (st != KARX_OK) {
            cli_error("bench %s: %s", c.info.name, karx_strerror(st));
            x->rc = EXIT_FAIL;
            continue;
        }
        cli_active_kernel(KARX_KIND_CIPHER, c.info.id, &c.kernel);
        fn(x, &c);
        karx_cipher_key_wipe(&c.key);
    }
}

