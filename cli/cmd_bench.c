/* karx bench: medians of repeated timed runs after a warm-up, per back end; prints a table and
 * optionally JSON lines. Speed is shown here, never asserted by a test.
 * Suites: lsh (one-shot and batched hashing), cipher (the block-cipher modes) and aead (GCM, CCM,
 * CMAC, HMAC-LSH, CTR_DRBG). They share the timing (measure, measure_pair), the back-end loop and
 * the JSON record's common tail. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_timer.h"
#include "cli.h"
#include "cli_opts.h"
#include "karx/karx.h"

#define MAX_REPS 31

static volatile uint8_t sink; /* every timed call folds a byte of its output in here */

/* ---- shared: timing, settings, JSON ---- */

typedef struct {
    double ns_per_call, ticks_per_call, spread_pct;
    int reps;
} timing;

typedef void (*bench_fn)(void *job);

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

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
    qsort(ns, (size_t)reps, sizeof ns[0], cmp_double);
    qsort(ticks, (size_t)reps, sizeof ticks[0], cmp_double);
    timing t = {ns[reps / 2], ticks[reps / 2], 100.0 * (ns[reps - 1] - ns[0]) / ns[reps / 2], reps};
    return t;
}

/* Calls per rep chosen so a rep takes about target_ns; one warm-up rep, then reps timed. */
static timing measure(bench_fn fn, void *job, double target_ns, int reps)
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
static void measure_pair(bench_fn fa, void *ja, bench_fn fb, void *jb, double target_ns,
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
    qsort(q, (size_t)reps, sizeof q[0], cmp_double);
    *ratio = q[reps / 2];
    *ta = median_of(ns_a, ticks_a, reps);
    *tb = median_of(ns_b, ticks_b, reps);
}

typedef struct {
    const char *algs, *ops; /* comma-separated filters, NULL = all */
    FILE *json;
    double target_ns, core_ghz, tsc_ghz;
    int reps, quick;
    char stamp[32];
    uint8_t *in, *out; /* 16 MiB each */
    uint8_t *ct;       /* 16 MiB for the aead suite (ciphertexts to open), else NULL */
} bench_env;

/* A measurement's derived figures. */
typedef struct {
    double gbps, cpb, tpb;
} rates;

static rates rates_of(const bench_env *e, const timing *t, double bytes)
{
    (void)e;
    double ghz = bench_core_ghz(); /* re-measured per row: load only makes it read low */
    rates r = {bytes / t->ns_per_call, ghz > 0 ? t->ns_per_call * ghz / bytes : 0,
               t->ticks_per_call / bytes};
    return r;
}

/* s as the inside of a JSON string. */
static const char *json_esc(const char *s, char *buf, size_t cap)
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
static void json_tail(const bench_env *e, const timing *t, const rates *r)
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

/* One suite's run at one back end; rc turns EXIT_FAIL at the first failure. */
typedef struct {
    const bench_env *e;
    const char *bname;
    int rc;
} suite_ctx;

/* One line for a failed call ("bench OP ALG on BACKEND: why"); the run fails. */
static void bench_failed(suite_ctx *x, const char *op, const char *aname, karx_status st)
{
    cli_error("bench %s %s on %s: %s", op, aname, x->bname, karx_strerror(st));
    x->rc = EXIT_FAIL;
}

static const uint8_t bench_key[KARX_MAX_KEY_BYTES] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};

/* A cipher at the back end being measured: its key scheduled from bench_key (untimed), and the
 * kernel it runs there (a cipher without a kernel for the back end runs the widest lower one). */
typedef struct {
    karx_alg_info info;
    karx_cipher_key key;
    karx_kernel_info kernel;
} bench_cipher;

/* Calls fn for every cipher --alg lists, in the registry's order. */
static void each_cipher(suite_ctx *x, void (*fn)(void *ctx, const bench_cipher *c))
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

/* ---- suite lsh ---- */

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
    sink ^= j->out[0]; /* consume the output */
}

#define LSH_BATCH 4096

static void lsh_header(void)
{
    printf("%-10s %-11s %-9s %9s %6s %9s %8s %8s %13s %7s\n", "op", "alg", "backend", "bytes",
           "lanes", "GB/s", "c/B", "tsc/B", "hashes/s", "spread");
}

static int suite_lsh(const bench_env *e, const char *bname)
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
            timing t = measure(run_lsh, &j, e->target_ns, e->reps);
            double msgs = many ? (double)LSH_BATCH : 1.0;
            rates r = rates_of(e, &t, msgs * (double)shapes[s].bytes);
            double per_s = msgs * 1e9 / t.ns_per_call;
            printf("%-10s %-11s %-9s %9zu %6u %9.3f %8.2f %8.2f %13.0f %6.1f%%\n", shapes[s].op,
                   aname, bname, shapes[s].bytes, many ? lanes : 1, r.gbps, r.cpb, r.tpb, per_s,
                   t.spread_pct);
            fflush(stdout);
            if (e->json) {
                fprintf(e->json,
                        "{\"suite\":\"lsh\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                        "\"lanes\":%u,\"msg_bytes\":%zu,\"batch\":%zu,\"gb_per_s\":%.4f,"
                        "\"per_s\":%.1f,",
                        shapes[s].op, aname, bname, many ? lanes : 1, shapes[s].bytes,
                        many ? (size_t)LSH_BATCH : (size_t)1, r.gbps, per_s);
                json_tail(e, &t, &r);
            }
        }
    }
    return EXIT_OK;
}

/* ---- suite cipher: the stateless mode calls, out of place, key setup untimed ---- */

enum { OP_CTR, OP_ECB, OP_ECB_DEC, OP_CBC_ENC, OP_CBC_DEC, OP_XTS, OP_XTS_DEC, OP_COUNT };
static const char *const cipher_ops[OP_COUNT] = {"ctr",     "ecb", "ecb-dec", "cbc-enc",
                                                 "cbc-dec", "xts", "xts-dec"};

typedef struct {
    int op;
    const karx_cipher_key *key;
    const karx_xts_key *xkey;         /* XTS: the pair, one data unit of len bytes a call */
    uint8_t iv[KARX_MAX_BLOCK_BYTES]; /* CTR counter / CBC chain, carried from call to call */
    size_t len;
    const uint8_t *in;
    uint8_t *out;
    karx_status st; /* first failure, if any */
} cipher_job;

static void run_cipher(void *job)
{
    cipher_job *j = job;
    karx_status st = KARX_OK;
    switch (j->op) {
    case OP_CTR: st = karx_ctr_xor(j->key, j->iv, j->out, j->in, j->len); break;
    case OP_ECB: st = karx_ecb_encrypt(j->key, j->out, j->in, j->len); break;
    case OP_ECB_DEC: st = karx_ecb_decrypt(j->key, j->out, j->in, j->len); break;
    case OP_CBC_ENC: st = karx_cbc_encrypt(j->key, j->iv, j->out, j->in, j->len); break;
    case OP_CBC_DEC: st = karx_cbc_decrypt(j->key, j->iv, j->out, j->in, j->len); break;
    case OP_XTS: st = karx_xts_encrypt(j->xkey, j->iv, j->out, j->in, j->len); break;
    case OP_XTS_DEC: st = karx_xts_decrypt(j->xkey, j->iv, j->out, j->in, j->len); break;
    }
    if (st != KARX_OK && j->st == KARX_OK) j->st = st;
    sink ^= j->out[j->len - 1]; /* consume the output */
}


static void cipher_header(void)
{
    printf("%-8s %-12s %-9s %-14s %9s %6s %9s %8s %8s %7s\n", "op", "alg", "backend", "kernel",
           "bytes", "lanes", "GB/s", "c/B", "tsc/B", "spread");
}

static void cipher_row(const suite_ctx *x, const bench_cipher *c, int op, size_t len,
                       const timing *t)
{
    const bench_env *e = x->e;
    const char *aname = c->info.name, *kname = c->kernel.name;
    rates r = rates_of(e, t, (double)len);
    printf("%-8s %-12s %-9s %-14s %9zu %6u %9.3f %8.2f %8.2f %6.1f%%\n", cipher_ops[op], aname,
           x->bname, kname, len, c->kernel.lanes, r.gbps, r.cpb, r.tpb, t->spread_pct);
    fflush(stdout);
    if (e->json) {
        fprintf(e->json,
                "{\"suite\":\"cipher\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                "\"kernel\":\"%s\",\"lanes\":%u,\"msg_bytes\":%zu,\"gb_per_s\":%.4f,",
                cipher_ops[op], aname, x->bname, kname, c->kernel.lanes, len, r.gbps);
        json_tail(e, t, &r);
    }
}

/* Every listed op of one cipher. */
static void cipher_ops_of(void *ctx, const bench_cipher *c)
{
    suite_ctx *x = ctx;
    const size_t len = x->e->quick ? (size_t)1 << 20 : (size_t)16 << 20;
    /* XTS (128-bit blocks): data key bench_key, tweak key its complement. */
    uint8_t xk[2 * KARX_MAX_KEY_BYTES];
    karx_xts_key xkey;
    const size_t kb = c->info.key_bytes;
    for (size_t i = 0; i < kb; i++) {
        xk[i] = bench_key[i];
        xk[kb + i] = (uint8_t)~bench_key[i];
    }
    int have_xts = karx_xts_set_key(&xkey, (karx_cipher_alg)c->info.id, xk, 2 * kb) == KARX_OK;
    for (int op = 0; op < OP_COUNT; op++) {
        if (!listed(x->e->ops, cipher_ops[op])) continue;
        if ((op == OP_XTS || op == OP_XTS_DEC) && !have_xts) continue;
        cipher_job j;
        memset(&j, 0, sizeof j);
        j.op = op;
        j.key = &c->key;
        j.xkey = &xkey;
        j.len = len;
        j.in = x->e->in;
        j.out = x->e->out;
        for (size_t i = 0; i < sizeof j.iv; i++) j.iv[i] = (uint8_t)(0xf0 + i);
        run_cipher(&j); /* checks the call works before timing it */
        if (j.st != KARX_OK) {
            bench_failed(x, cipher_ops[op], c->info.name, j.st);
            continue;
        }
        timing t = measure(run_cipher, &j, x->e->target_ns, x->e->reps);
        if (j.st != KARX_OK)
            bench_failed(x, cipher_ops[op], c->info.name, j.st);
        else
            cipher_row(x, c, op, len, &t);
    }
    karx_xts_key_wipe(&xkey);
}

static int suite_cipher(const bench_env *e, const char *bname)
{
    suite_ctx x = {e, bname, EXIT_OK};
    each_cipher(&x, cipher_ops_of);
    return x.rc;
}

/* ---- suite aead: GCM, GMAC, CCM, CMAC, HMAC-LSH and CTR_DRBG, key setup untimed ----
 * GCM / CCM run through the scheduled-key calls (karx_gcm_seal/open, karx_ccm_seal/open), no
 * AAD, 16-byte tag, out of place. CMAC and HMAC key a context once; each call copies it (a fork,
 * as a server holding a keyed context does), absorbs the message and finalises. The HMAC rows on
 * the long message are timed alternately with the plain hash of the same message, the 1 MiB
 * DRBG rows alternately with karx_ctr_xor of the same cipher on 1 MiB, so the ratios printed
 * are from the same moments of the run. */

enum {
    AOP_GCM_SEAL, AOP_GCM_OPEN, AOP_CCM_SEAL, AOP_CCM_OPEN, AOP_CMAC, AOP_HMAC, AOP_HASH,
    AOP_DRBG, AOP_CTR, AOP_GMAC, AOP_KBKDF, AOP_HASH_DRBG, AOP_HMAC_DRBG
};
static const char *const aead_ops[] = {"gcm-seal", "gcm-open", "ccm-seal", "ccm-open", "cmac",
                                       "hmac",     "hash",     "drbg",     "ctr", "gmac", "kbkdf",
                                       "hash-drbg", "hmac-drbg"};

#define AEAD_IV_BYTES 12 /* GCM IV and CCM nonce */
#define AEAD_TAG_BYTES 16
#define DRBG_CHUNK ((size_t)KARX_CTR_DRBG_MAX_REQUEST_BYTES)

typedef struct {
    int op;
    int lsh_alg;                   /* AOP_HMAC / AOP_HASH */
    const karx_gcm_key *gk;        /* AOP_GCM_*, AOP_GMAC */
    const karx_cipher_key *ck;     /* AOP_CCM_*, AOP_CTR */
    const karx_cmac_ctx *cmac;     /* keyed once, copied per call */
    const karx_hmac_lsh_ctx *hmac; /* keyed once, copied per call */
    const karx_kbkdf_params *kb;   /* AOP_KBKDF: one key of len bytes from bench_key[0 .. ki_len) */
    size_t ki_len;
    karx_ctr_drbg *drbg;
    karx_drbg *lsh_drbg; /* AOP_HASH_DRBG, AOP_HMAC_DRBG */
    size_t len, tag_len;
    const uint8_t *in;
    uint8_t *out;
    uint8_t iv[KARX_MAX_BLOCK_BYTES]; /* GCM IV / CCM nonce / CTR counter */
    uint8_t tag[KARX_LSH_MAX_DIGEST_BYTES];
    karx_status st; /* first failure, if any */
} aead_job;

static void run_aead(void *job)
{
    aead_job *j = job;
    karx_status st = KARX_OK;
    switch (j->op) {
    case AOP_GCM_SEAL:
        j->iv[AEAD_IV_BYTES - 1]++; /* a fresh IV per message, as a caller must */
        st = karx_gcm_seal(j->gk, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_GCM_OPEN: /* j->in holds a valid ciphertext for the fixed IV and j->tag */
        st = karx_gcm_open(j->gk, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_CCM_SEAL:
        j->iv[AEAD_IV_BYTES - 1]++;
        st = karx_ccm_seal(j->ck, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_CCM_OPEN:
        st = karx_ccm_open(j->ck, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_CMAC: {
        karx_cmac_ctx c = *j->cmac;
        st = karx_cmac_update(&c, j->in, j->len);
        if (st == KARX_OK) st = karx_cmac_final(&c, j->tag, j->tag_len);
        karx_cmac_ctx_wipe(&c);
        break;
    }
    case AOP_HMAC: {
        karx_hmac_lsh_ctx h = *j->hmac;
        st = karx_hmac_lsh_update(&h, j->in, j->len);
        if (st == KARX_OK) st = karx_hmac_lsh_final(&h, j->tag, sizeof j->tag);
        karx_hmac_lsh_ctx_wipe(&h);
        break;
    }
    case AOP_HASH: st = karx_lsh((karx_lsh_alg)j->lsh_alg, j->tag, sizeof j->tag, j->in, j->len); break;
    case AOP_DRBG: /* requests of at most 64 KiB, as SP 800-90A allows */
        for (size_t off = 0; off < j->len && st == KARX_OK; off += DRBG_CHUNK) {
            size_t n = j->len - off < DRBG_CHUNK ? j->len - off : DRBG_CHUNK;
            st = karx_ctr_drbg_generate(j->drbg, j->out + off, n, NULL, 0);
        }
        break;
    case AOP_HASH_DRBG:
    case AOP_HMAC_DRBG:
        for (size_t off = 0; off < j->len && st == KARX_OK; off += DRBG_CHUNK) {
            size_t n = j->len - off < DRBG_CHUNK ? j->len - off : DRBG_CHUNK;
            st = karx_drbg_generate(j->lsh_drbg, j->out + off, n, NULL, 0);
        }
        break;
    case AOP_CTR: st = karx_ctr_xor(j->ck, j->iv, j->out, j->in, j->len); break;
    case AOP_KBKDF: st = karx_kbkdf(j->kb, bench_key, j->ki_len, j->out, j->len); break;
    case AOP_GMAC: { /* per message: a fresh IV, the context from the scheduled key */
        karx_gmac_ctx g;
        j->iv[AEAD_IV_BYTES - 1]++;
        st = karx_gmac_init_key(&g, j->gk, j->iv, AEAD_IV_BYTES);
        if (st == KARX_OK) st = karx_gmac_update(&g, j->in, j->len);
        if (st == KARX_OK) st = karx_gmac_final(&g, j->tag, AEAD_TAG_BYTES);
        karx_gmac_ctx_wipe(&g);
        break;
    }
    }
    if (st != KARX_OK && j->st == KARX_OK) j->st = st;
    sink ^= (uint8_t)(j->tag[0] ^ (j->len ? j->out[j->len - 1] : 0)); /* consume the output */
}

static void aead_header(void)
{
    printf("%-8s %-11s %-9s %-14s %9s %9s %8s %8s %12s %7s  %s\n", "op", "alg", "backend",
           "kernel", "bytes", "GB/s", "c/B", "tsc/B", "calls/s", "spread", "note");
}


/* Checks a job once before timing it; 0 (and an error printed) if it fails. */
static int aead_try(suite_ctx *ax, aead_job *j, const char *aname)
{
    run_aead(j);
    if (j->st == KARX_OK) return 1;
    bench_failed(ax, aead_ops[j->op], aname, j->st);
    return 0;
}

/* Prints and records one measured row; extra is a JSON fragment ending in ',' (or ""). */
static void aead_row(suite_ctx *ax, const aead_job *j, const char *aname, const char *kname,
                     const timing *t, const char *note, const char *extra)
{
    const bench_env *e = ax->e;
    if (j->st != KARX_OK) {
        bench_failed(ax, aead_ops[j->op], aname, j->st);
        return;
    }
    rates r = rates_of(e, t, (double)j->len);
    double per_s = 1e9 / t->ns_per_call;
    printf("%-8s %-11s %-9s %-14s %9zu %9.3f %8.2f %8.2f %12.0f %6.1f%%  %s\n", aead_ops[j->op],
           aname, ax->bname, kname, j->len, r.gbps, r.cpb, r.tpb, per_s, t->spread_pct, note);
    fflush(stdout);
    if (e->json) {
        fprintf(e->json,
                "{\"suite\":\"aead\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                "\"kernel\":\"%s\",\"msg_bytes\":%zu,\"gb_per_s\":%.4f,\"per_s\":%.1f,%s",
                aead_ops[j->op], aname, ax->bname, kname, j->len, r.gbps, per_s, extra);
        json_tail(e, t, &r);
    }
}

static void aead_one(suite_ctx *ax, aead_job *j, const char *aname, const char *kname)
{
    if (!aead_try(ax, j, aname)) return;
    timing t = measure(run_aead, j, ax->e->target_ns, ax->e->reps);
    aead_row(ax, j, aname, kname, &t, "", "");
}

static void aead_job_init(aead_job *j, int op, const bench_env *e, size_t len)
{
    memset(j, 0, sizeof *j);
    j->op = op;
    j->len = len;
    j->in = e->in;
    j->out = e->out;
    for (size_t i = 0; i < sizeof j->iv; i++) j->iv[i] = (uint8_t)(0xa0 + i);
}

/* GMAC (the data as AAD, 12-byte IV, 16-byte tag) from a scheduled key: the long message, 16 KiB
 * and 64 B. Its per-byte cost is GHASH's: see bench/ghash_gmac.c for the two side by side. */
static void aead_gmac(suite_ctx *ax, karx_cipher_alg alg, const char *aname, const char *kname,
                      size_t big)
{
    const bench_env *e = ax->e;
    if (!listed(e->ops, "gmac")) return;
    karx_gcm_key gk;
    karx_status st = karx_gcm_set_key(&gk, alg, bench_key, karx_cipher_key_bytes(alg));
    if (st != KARX_OK) {
        cli_error("bench gmac %s: %s", aname, karx_strerror(st));
        ax->rc = EXIT_FAIL;
        return;
    }
    const size_t sizes[] = {big, 16u << 10, 64};
    for (size_t s = 0; s < 3; s++) {
        aead_job j;
        aead_job_init(&j, AOP_GMAC, e, sizes[s]);
        j.gk = &gk;
        aead_one(ax, &j, aname, kname);
    }
    karx_gcm_key_wipe(&gk);
}

/* GCM, GMAC and CCM for one 128-bit-block cipher. */
static void aead_modes(suite_ctx *ax, karx_cipher_alg alg, const char *aname, const char *kname,
                       const karx_cipher_key *ck, size_t big)
{
    const bench_env *e = ax->e;
    const int want_gcm = listed(e->ops, "gcm-seal") || listed(e->ops, "gcm-open");
    if (want_gcm) {
        karx_gcm_key gk;
        karx_status st = karx_gcm_set_key(&gk, alg, bench_key, karx_cipher_key_bytes(alg));
        if (st != KARX_OK) {
            cli_error("bench gcm %s: %s", aname, karx_strerror(st));
            ax->rc = EXIT_FAIL;
        } else {
            const size_t sizes[] = {big, 16u << 10};
            for (size_t s = 0; s < 2; s++) {
                aead_job j;
                if (listed(e->ops, "gcm-seal")) {
                    aead_job_init(&j, AOP_GCM_SEAL, e, sizes[s]);
                    j.gk = &gk;
                    aead_one(ax, &j, aname, kname);
                }
                if (listed(e->ops, "gcm-open")) {
                    /* a valid (ciphertext, tag) for the fixed IV, in e->ct */
                    aead_job_init(&j, AOP_GCM_OPEN, e, sizes[s]);
                    j.gk = &gk;
                    st = karx_gcm_seal(&gk, j.iv, AEAD_IV_BYTES, e->ct, j.tag, AEAD_TAG_BYTES,
                                       e->in, j.len, NULL, 0);
                    j.in = e->ct;
                    if (st != KARX_OK) j.st = st;
                    aead_one(ax, &j, aname, kname);
                }
            }
            karx_gcm_key_wipe(&gk);
        }
    }
    aead_gmac(ax, alg, aname, kname, big);
    /* CCM with a 12-byte nonce carries at most 2^24 - 1 bytes: the long message is 16 MiB less
     * one block there. */
    size_t ccm_len = karx_ccm_max_payload_bytes(AEAD_IV_BYTES) & ~(size_t)15;
    if (ccm_len > big) ccm_len = big;
    aead_job j;
    if (listed(e->ops, "ccm-seal")) {
        aead_job_init(&j, AOP_CCM_SEAL, e, ccm_len);
        j.ck = ck;
        aead_one(ax, &j, aname, kname);
    }
    if (listed(e->ops, "ccm-open")) {
        aead_job_init(&j, AOP_CCM_OPEN, e, ccm_len);
        j.ck = ck;
        karx_status st = karx_ccm_seal(ck, j.iv, AEAD_IV_BYTES, e->ct, j.tag, AEAD_TAG_BYTES, e->in,
                                       j.len, NULL, 0);
        j.in = e->ct;
        if (st != KARX_OK) j.st = st;
        aead_one(ax, &j, aname, kname);
    }
}

/* CMAC, and CTR_DRBG against CTR, for one cipher. */
static void aead_cmac_drbg(suite_ctx *ax, karx_cipher_alg alg, const char *aname,
                           const char *kname, const karx_cipher_key *ck, size_t big)
{
    const bench_env *e = ax->e;
    if (listed(e->ops, "cmac")) {
        karx_cmac_ctx c;
        karx_status st = karx_cmac_init(&c, alg, bench_key, karx_cipher_key_bytes(alg));
        if (st != KARX_OK) {
            cli_error("bench cmac %s: %s", aname, karx_strerror(st));
            ax->rc = EXIT_FAIL;
        } else {
            const size_t sizes[] = {big, 64};
            for (size_t s = 0; s < 2; s++) {
                aead_job j;
                aead_job_init(&j, AOP_CMAC, e, sizes[s]);
                j.cmac = &c;
                j.tag_len = karx_cmac_tag_bytes(alg);
                aead_one(ax, &j, aname, kname);
            }
            karx_cmac_ctx_wipe(&c);
        }
    }
    if (listed(e->ops, "drbg")) {
        karx_ctr_drbg d;
        uint8_t nonce[16];
        for (size_t i = 0; i < sizeof nonce; i++) nonce[i] = (uint8_t)(0x20 + i);
        /* with df: entropy of 32 bytes (>= every strength), a 16-byte nonce */
        karx_status st = karx_ctr_drbg_instantiate(&d, alg, KARX_DRBG_USE_DF, bench_key,
                                                   sizeof bench_key, nonce, sizeof nonce, NULL, 0);
        if (st != KARX_OK) {
            cli_error("bench drbg %s: %s", aname, karx_strerror(st));
            ax->rc = EXIT_FAIL;
            return;
        }
        aead_job j, c;
        aead_job_init(&j, AOP_DRBG, e, 64);
        j.drbg = &d;
        aead_one(ax, &j, aname, kname);
        /* 1 MiB as 16 requests of 64 KiB, timed alternately with CTR on 1 MiB */
        aead_job_init(&j, AOP_DRBG, e, (size_t)1 << 20);
        j.drbg = &d;
        aead_job_init(&c, AOP_CTR, e, (size_t)1 << 20);
        c.ck = ck;
        c.out = e->ct;
        if (aead_try(ax, &j, aname) && aead_try(ax, &c, aname)) {
            timing td, tc;
            double q;
            measure_pair(run_aead, &c, run_aead, &j, e->target_ns, e->reps, &tc, &td, &q);
            double pct = 100.0 / q; /* DRBG speed as a % of CTR's, rep by rep */
            char note[80], extra[80];
            aead_row(ax, &c, aname, kname, &tc, "(reference for drbg)", "");
            snprintf(note, sizeof note, "%.1f%% of ctr", pct);
            snprintf(extra, sizeof extra, "\"ctr_pct\":%.2f,\"ctr_gb_per_s\":%.4f,", pct,
                     (double)c.len / tc.ns_per_call);
            aead_row(ax, &j, aname, kname, &td, note, extra);
        }
        karx_ctr_drbg_uninstantiate(&d);
    }
}

/* HMAC-LSH on the long message beside the plain hash, and on 64 bytes. */
static void aead_hmac(suite_ctx *ax, const karx_alg_info *hash, size_t big)
{
    const bench_env *e = ax->e;
    const char *aname = hash->name;
    if (!listed(e->algs, aname) || !listed(e->ops, "hmac")) return;
    karx_hmac_lsh_ctx h;
    karx_status st = karx_hmac_lsh_init(&h, (karx_lsh_alg)hash->id, bench_key, sizeof bench_key);
    if (st != KARX_OK) {
        cli_error("bench hmac %s: %s", aname, karx_strerror(st));
        ax->rc = EXIT_FAIL;
        return;
    }
    aead_job hm, hs;
    aead_job_init(&hm, AOP_HMAC, e, big);
    hm.hmac = &h;
    aead_job_init(&hs, AOP_HASH, e, big);
    hs.lsh_alg = hash->id;
    if (aead_try(ax, &hs, aname) && aead_try(ax, &hm, aname)) {
        timing ts, tm;
        double q;
        measure_pair(run_aead, &hs, run_aead, &hm, e->target_ns, e->reps, &ts, &tm, &q);
        double pct = 100.0 * (q - 1.0); /* extra time over the hash, rep by rep */
        char note[80], extra[80];
        aead_row(ax, &hs, aname, "-", &ts, "(reference for hmac)", "");
        snprintf(note, sizeof note, "overhead %+.2f%% vs hash", pct);
        snprintf(extra, sizeof extra, "\"overhead_pct\":%.3f,\"hash_gb_per_s\":%.4f,", pct,
                 (double)hs.len / ts.ns_per_call);
        aead_row(ax, &hm, aname, "-", &tm, note, extra);
    }
    aead_job_init(&hm, AOP_HMAC, e, 64);
    hm.hmac = &h;
    aead_one(ax, &hm, aname, "-");
    karx_hmac_lsh_ctx_wipe(&h);
}

/* Hash_DRBG and HMAC_DRBG over one LSH variant: 64 B requests, and 1 MiB as 16 requests of 64 KiB
 * timed alternately with the plain hash of 1 MiB (the ratio is from the same moments). */
static void aead_lsh_drbg(suite_ctx *ax, const karx_alg_info *hash)
{
    const bench_env *e = ax->e;
    static const int ops[2] = {AOP_HASH_DRBG, AOP_HMAC_DRBG};
    static const karx_drbg_type types[2] = {KARX_DRBG_HASH, KARX_DRBG_HMAC};
    uint8_t nonce[16];
    for (size_t i = 0; i < sizeof nonce; i++) nonce[i] = (uint8_t)(0x20 + i);
    for (int t = 0; t < 2; t++) {
        if (!listed(e->ops, aead_ops[ops[t]])) continue;
        karx_drbg d;
        /* entropy of 32 bytes (>= every strength), a 16-byte nonce */
        karx_status st = karx_drbg_instantiate(&d, types[t], hash->id, 0, bench_key,
                                               sizeof bench_key, nonce, sizeof nonce, NULL, 0);
        if (st != KARX_OK) {
            cli_error("bench %s %s: %s", aead_ops[ops[t]], hash->name, karx_strerror(st));
            ax->rc = EXIT_FAIL;
            continue;
        }
        aead_job j, h;
        aead_job_init(&j, ops[t], e, 64);
        j.lsh_drbg = &d;
        aead_one(ax, &j, hash->name, "-");
        aead_job_init(&j, ops[t], e, (size_t)1 << 20);
        j.lsh_drbg = &d;
        aead_job_init(&h, AOP_HASH, e, (size_t)1 << 20);
        h.lsh_alg = hash->id;
        if (aead_try(ax, &h, hash->name) && aead_try(ax, &j, hash->name)) {
            timing th, td;
            double q;
            measure_pair(run_aead, &h, run_aead, &j, e->target_ns, e->reps, &th, &td, &q);
            double pct = 100.0 / q; /* DRBG output rate as a % of the hash's input rate */
            char note[80], extra[80];
            aead_row(ax, &h, hash->name, "-", &th, "(reference for drbg)", "");
            snprintf(note, sizeof note, "%.1f%% of hash", pct);
            snprintf(extra, sizeof extra, "\"hash_pct\":%.2f,\"hash_gb_per_s\":%.4f,", pct,
                     (double)h.len / th.ns_per_call);
            aead_row(ax, &j, hash->name, "-", &td, note, extra);
        }
        karx_drbg_uninstantiate(&d);
    }
}

/* KBKDF keys per second (calls/s): one 32-byte key per call in counter mode (32-bit counter,
 * TTAK [L], 16- and 18-byte label and context) from the PRF MAC id prf, keyed with ki_len bytes. */
static void aead_kbkdf(suite_ctx *ax, int prf, const char *aname, const char *kname, size_t ki_len)
{
    static const char label[] = "karx bench label", context[] = "karx bench context";
    if (!listed(ax->e->ops, "kbkdf")) return;
    karx_kbkdf_params p = {KARX_KBKDF_COUNTER, prf, 32, 0, (const uint8_t *)label,
                           sizeof label - 1, (const uint8_t *)context, sizeof context - 1, NULL, 0};
    karx_alg_info mac;
    char note[64];
    aead_job j;
    aead_job_init(&j, AOP_KBKDF, ax->e, 32);
    j.kb = &p;
    j.ki_len = ki_len;
    if (!aead_try(ax, &j, aname)) return;
    timing t = measure(run_aead, &j, ax->e->target_ns, ax->e->reps);
    snprintf(note, sizeof note, "%s, counter, keys/s",
             karx_alg_by_id(KARX_KIND_MAC, prf, &mac) == KARX_OK ? mac.name : "?");
    aead_row(ax, &j, aname, kname, &t, note, "\"kbkdf_mode\":\"counter\",");
}

/* GCM and CCM (128-bit blocks), CMAC and CTR_DRBG for one cipher. */
static void aead_cipher(void *ctx, const bench_cipher *c)
{
    suite_ctx *ax = ctx;
    const size_t big = ax->e->quick ? (size_t)1 << 20 : (size_t)16 << 20;
    const karx_cipher_alg alg = (karx_cipher_alg)c->info.id;
    if (c->info.block_bytes == 16)
        aead_modes(ax, alg, c->info.name, c->kernel.name, &c->key, big);
    aead_cmac_drbg(ax, alg, c->info.name, c->kernel.name, &c->key, big);
    aead_kbkdf(ax, KARX_MAC_ID(KARX_MAC_CMAC, c->info.id), c->info.name, c->kernel.name,
               c->info.key_bytes);
}

static int suite_aead(const bench_env *e, const char *bname)
{
    suite_ctx ax = {e, bname, EXIT_OK};
    const size_t big = e->quick ? (size_t)1 << 20 : (size_t)16 << 20;
    karx_alg_info h;
    each_cipher(&ax, aead_cipher);
    for (size_t i = 0; cli_alg_next(KARX_KIND_HASH, NULL, &i, &h);) {
        aead_hmac(&ax, &h, big);
        if (listed(e->algs, h.name)) aead_lsh_drbg(&ax, &h);
        if (listed(e->algs, h.name))
            aead_kbkdf(&ax, KARX_MAC_ID(KARX_MAC_HMAC, h.id), h.name, "-", 32);
    }
    return ax.rc;
}

/* ---- the command ---- */

#define BENCH_OPTS "json= backend= alg= op= quick h|help"
enum { B_JSON, B_BACKEND, B_ALG, B_OP, B_QUICK, B_HELP, B_N };
enum { SUITE_LSH = 1, SUITE_CIPHER = 2, SUITE_AEAD = 4 };

static void bench_usage(FILE *to)
{
    fputs("usage: karx bench [lsh|cipher|aead|all ...] [--json FILE] [--backend B[,B...]] [--alg LIST]\n"
          "                  [--op LIST] [--quick]\n"
          "       karx bench gpu [--json FILE] [--alg LIST] [--quick] [--no-sweep]  (CUDA device)\n"
          "  lsh             the LSH suite (default): one-shot at 64 B, 256 B, 4 KiB, 16 MiB and\n"
          "                  hash_many at 64 B and 256 B (ops hash, hash_many), for\n"
          "                  ",
          to);
    cli_put_names(to, KARX_KIND_HASH, NULL, 18, 18);
    fputs("  cipher          block ciphers on 16 MiB, out of place, key setup untimed: ops ctr,\n"
          "                  ecb, ecb-dec, cbc-enc, cbc-dec, xts, xts-dec (one data unit, 128-bit\n"
          "                  blocks) for\n"
          "                  ",
          to);
    cli_put_names(to, KARX_KIND_CIPHER, NULL, 18, 18);
    fputs("  aead            GCM, GMAC, CCM, CMAC, HMAC-LSH and CTR_DRBG, key setup untimed: ops\n"
          "                  gcm-seal, gcm-open (16 MiB, 16 KiB), ccm-seal, ccm-open (16 MiB - 16 B:\n"
          "                  a 12-byte nonce allows < 2^24 bytes), gmac (16 MiB, 16 KiB, 64 B) for\n"
          "                  the 128-bit-block ciphers (12-byte IV, 16-byte tag, no AAD); cmac (16 MiB, 64 B) for every\n"
          "                  cipher; hmac (16 MiB beside the plain hash, 64 B) for every LSH\n"
          "                  variant; drbg (with df: 64 B requests, 1 MiB as 16 x 64 KiB beside\n"
          "                  ctr on 1 MiB) for every cipher; kbkdf (32-byte keys per second,\n"
          "                  counter mode) over CMAC for every cipher and HMAC for every LSH\n"
          "                  variant; hash-drbg, hmac-drbg (64 B requests, 1 MiB as 16 x 64 KiB\n"
          "                  beside the hash of 1 MiB) for every LSH variant\n"
          "  all             every suite\n"
          "  --json FILE     also append one JSON object per measurement to FILE ('-' = stdout)\n"
          "  --backend LIST  only these back ends (default: every one this CPU runs); a cipher\n"
          "                  without a kernel for one runs the widest lower one ('kernel' column)\n"
          "  --alg LIST      only these variants (e.g. lsh512-512,lsh256-256,lea128,hight)\n"
          "  --op LIST       only these ops (e.g. hash,ctr,cbc-dec)\n"
          "  --quick         fewer, shorter repetitions (cipher, aead: 1 MiB) for smoke tests\n",
          to);
}

/* The suites named by the operands (none: lsh). 0, or EXIT_USAGE with one line printed. */
static int suites_of(int argc, char **argv, int first, int *suites)
{
    static const struct { const char *name; int bits; } known[] = {
        {"lsh", SUITE_LSH}, {"cipher", SUITE_CIPHER}, {"aead", SUITE_AEAD},
        {"all", SUITE_LSH | SUITE_CIPHER | SUITE_AEAD}};
    *suites = 0;
    for (int i = first; i < argc; i++) {
        size_t k = 0;
        while (k < sizeof known / sizeof known[0] && strcmp(argv[i], known[k].name) != 0) k++;
        if (k == sizeof known / sizeof known[0]) {
            cli_error("unknown benchmark suite '%s' (available: lsh, cipher, aead, all)", argv[i]);
            return EXIT_USAGE;
        }
        *suites |= known[k].bits;
    }
    if (*suites == 0) *suites = SUITE_LSH;
    return 0;
}

/* Every back end of --backend LIST known and usable here? 0, or an exit code with one line. */
static int check_backends(const char *list)
{
    karx_backend b;
    for (const char *p = list; p && *p;) {
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
    return 0;
}

#define BENCH_BUF_BYTES ((size_t)16 << 20) /* >= LSH_BATCH * 64 */

static void env_close(bench_env *e)
{
    if (e->json && e->json != stdout) fclose(e->json);
    free(e->in);
    free(e->out);
    free(e->ct);
}

/* The JSON file, the buffers (ct for the aead suite only) and the settings of --quick. 0, or
 * EXIT_FAIL with one line printed (and nothing left open). */
static int env_open(bench_env *e, const char *json_path, int need_ct)
{
    if (json_path) {
        e->json = strcmp(json_path, "-") == 0 ? stdout : fopen(json_path, "a");
        if (!e->json) {
            cli_error("%s: cannot open for writing", json_path);
            return EXIT_FAIL;
        }
    }
    e->in = malloc(BENCH_BUF_BYTES);
    e->out = malloc(BENCH_BUF_BYTES);
    e->ct = need_ct ? malloc(BENCH_BUF_BYTES) : NULL;
    if (!e->in || !e->out || (need_ct && !e->ct)) {
        cli_error("out of memory");
        env_close(e);
        return EXIT_FAIL;
    }
    for (size_t i = 0; i < BENCH_BUF_BYTES; i++) e->in[i] = (uint8_t)(i * 131 + 7);
    memset(e->out, 0, BENCH_BUF_BYTES);
    if (e->ct) memset(e->ct, 0, BENCH_BUF_BYTES);
    e->target_ns = e->quick ? 5e6 : 50e6;
    e->reps = e->quick ? 3 : 11;
    e->core_ghz = bench_core_ghz();
    e->tsc_ghz = bench_tsc_ghz();
    time_t now = time(NULL);
    strftime(e->stamp, sizeof e->stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    return 0;
}

/* Each chosen suite at each back end listed (NULL: all) that this CPU runs. */
static int run_suites(const bench_env *e, int suites, const char *backends)
{
    static const struct {
        int bit;
        void (*header)(void);
        int (*run)(const bench_env *, const char *);
    } all[] = {{SUITE_LSH, lsh_header, suite_lsh},
               {SUITE_CIPHER, cipher_header, suite_cipher},
               {SUITE_AEAD, aead_header, suite_aead}};
    karx_backend keep = karx_get_backend();
    int rc = EXIT_OK, first = 1;
    for (size_t s = 0; s < sizeof all / sizeof all[0]; s++) {
        if (!(suites & all[s].bit)) continue;
        if (!first) putchar('\n');
        first = 0;
        all[s].header();
        const char *bname;
        for (int b = 0; (bname = karx_backend_name((karx_backend)b)) != NULL; b++) {
            if (!karx_backend_supported((karx_backend)b) || !listed(backends, bname)) continue;
            karx_set_backend((karx_backend)b);
            if (all[s].run(e, bname) != EXIT_OK) rc = EXIT_FAIL;
        }
    }
    karx_set_backend(keep);
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "gpu") == 0)
        return cmd_bench_gpu(argc - 1, argv + 1);
    cli_opt o[B_N];
    bench_env e;
    int first, suites;
    int rc = cli_parse_opts("bench", BENCH_OPTS, argc, argv, o, &first, bench_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = suites_of(argc, argv, first, &suites)) != 0) return rc;
    if ((rc = check_backends(o[B_BACKEND].val)) != 0) return rc;
    memset(&e, 0, sizeof e);
    e.algs = o[B_ALG].val;
    e.ops = o[B_OP].val;
    e.quick = o[B_QUICK].count > 0;
    if ((rc = env_open(&e, o[B_JSON].val, suites & SUITE_AEAD)) != 0) return rc;
    printf("karx %s (%s), %s, core ~%.2f GHz (est.), TSC %.2f GHz, medians of %d\n",
           karx_version(), bench_commit(), bench_cpu_name(), e.core_ghz, e.tsc_ghz, e.reps);
    rc = run_suites(&e, suites, o[B_BACKEND].val);
    printf("(output checksum %02x)\n", (unsigned)sink);
    env_close(&e);
    return rc;
}
