/* The benchmark suites of `karx bench` (cli/bench_*.c) and what they share (bench_core.c):
 * timing, the run's settings and buffers, rates and the JSON record's common tail. */
#ifndef KARX_CLI_BENCH_H
#define KARX_CLI_BENCH_H

#include <stdio.h>

#include "bench_counts.h" /* bench_parse_counts */
#include "karx/karx.h"

#define MAX_REPS 31

extern volatile uint8_t bench_sink; /* every timed call folds a byte of its output in here */

typedef struct {
    double ns_per_call, ticks_per_call, spread_pct;
    int reps;
} timing;

typedef void (*bench_fn)(void *job);

typedef struct {
    const char *algs, *ops; /* comma-separated filters, NULL = all */
    FILE *json;
    double target_ns, core_ghz, tsc_ghz;
    int reps, quick;
    unsigned threads;  /* --threads: the most threads a scaling suite uses (0 = all CPUs) */
    const char *sessions, *sizes; /* the sessions suite's --sessions / --sizes lists, or NULL */
    const char *backends; /* --backend list as given, NULL = not given */
    char stamp[32];
    uint8_t *in, *out; /* 16 MiB each */
    uint8_t *ct;       /* 16 MiB for the aead suite (ciphertexts to open), else NULL */
} bench_env;

/* A measurement's derived figures. */
typedef struct {
    double gbps, cpb, tpb;
} rates;

/* One suite's run at one back end; rc turns EXIT_FAIL at the first failure. */
typedef struct {
    const bench_env *e;
    const char *bname;
    int rc;
} suite_ctx;

/* A cipher at the back end being measured: its key scheduled from bench_key (untimed), and the
 * kernel it runs there (a cipher without a kernel for the back end runs the widest lower one). */
typedef struct {
    karx_alg_info info;
    karx_cipher_key key;
    karx_kernel_info kernel;
} bench_cipher;

extern const uint8_t bench_key[KARX_MAX_KEY_BYTES];

/* Calls per rep chosen so a rep takes about target_ns; one warm-up rep, then reps timed. */
timing measure(bench_fn fn, void *job, double target_ns, int reps);
/* Two jobs timed in alternating reps; *ratio = median over the reps of time(b) / time(a). */
void measure_pair(bench_fn fa, void *ja, bench_fn fb, void *jb, double target_ns, int reps,
                  timing *ta, timing *tb, double *ratio);
rates rates_of(const bench_env *e, const timing *t, double bytes);
const char *json_esc(const char *s, char *buf, size_t cap);
/* The keys every record ends with, from ns_per_call to time, and the closing brace. */
void json_tail(const bench_env *e, const timing *t, const rates *r);
/* Is name in the comma-separated list (NULL list = everything)? */
int listed(const char *list, const char *name);
/* One line for a failed call ("bench OP ALG on BACKEND: why"); the run fails. */
void bench_failed(suite_ctx *x, const char *op, const char *aname, karx_status st);
/* Calls fn for every cipher --alg lists, in the registry's order. */
void each_cipher(suite_ctx *x, void (*fn)(void *ctx, const bench_cipher *c));

/* The suites: a header line, then one run per back end (bname) the command picks. */
void lsh_header(void);
int suite_lsh(const bench_env *e, const char *bname);
void cipher_header(void);
int suite_cipher(const bench_env *e, const char *bname);
void aead_header(void);
int suite_aead(const bench_env *e, const char *bname);
void threads_header(void);
int suite_threads(const bench_env *e, const char *bname);
void many_header(void);
void sessions_header(void);
int suite_sessions(const bench_env *e, const char *bname);
int suite_many(const bench_env *e, const char *bname);

#endif
