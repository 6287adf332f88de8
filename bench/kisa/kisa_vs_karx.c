/* karx's LSH against KISA's reference C code (AVX2, SSE2 and portable) and OpenSSL's SHA-256 /
 * SHA-512, in one process: alternating repetitions, every contender timed once per round in a
 * rotating order, so the machine's noise falls on all of them alike. Single messages only:
 * 16 MiB hashed in one call, and 64-byte messages hashed one call each (one-shot calls:
 * lsh*_digest for KISA, karx_lsh256/512 for karx, EVP_Digest for OpenSSL).
 * KISA's digests are checked against karx's first (random lengths 0..600 and 16 MiB); the run
 * stops on any difference. Times are the thread's CPU time, the fastest round of each contender
 * (the median goes to the JSON too).
 *
 * Built by bench/kisa/run.sh with KISA's C files (never part of karx) and BUILD/libkarx.a; with
 * KARX_BEFORE defined, also with an older karx whose symbols were renamed kb_* (rows
 * "karx-before", at that library's default back end).
 * usage: kisa_vs_karx [REPS [JSON_FILE]]   (default 15 rounds) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>

#include "bench_timer.h"
#include "karx/karx.h"

/* KISA's one-shot entry points (its headers are not included: their types are plain ints). */
typedef unsigned kisa_fn(unsigned algtype, const uint8_t *data, size_t databitlen, uint8_t *h);
kisa_fn lsh256_avx2_digest, lsh256_sse2_digest, lsh256_digest;
kisa_fn lsh512_avx2_digest, lsh512_sse2_digest, lsh512_digest;
#ifdef KARX_BEFORE
/* An older karx (run.sh's KARX_BEFORE), its symbols renamed kb_*: before and after in one run. */
karx_status kb_karx_lsh256(uint8_t *out, size_t digest_bytes, const void *in, size_t len);
karx_status kb_karx_lsh512(uint8_t *out, size_t digest_bytes, const void *in, size_t len);
#define BEFORE(family, impl) {impl, family, NULL, -3, NULL, NULL, {0}},
#else
#define BEFORE(family, impl)
#endif
#define KISA_LSH_256_256 0x0000020u
#define KISA_LSH_512_512 0x0010040u

enum { MAXREPS = 201, LONG_LEN = 16 << 20, SHORT_LEN = 64, SHORT_CALLS = 4000 };

typedef struct contender {
    const char *impl;  /* kisa-avx2, karx-default, ... */
    int family;        /* 256 or 512 */
    kisa_fn *kisa;     /* KISA's one-shot, or NULL */
    int karx;          /* -1: not karx; else the back end to force (-2: the default; -3: the
                        * older karx at its default) */
    const char *ossl;  /* OpenSSL digest name, or NULL */
    EVP_MD *md;
    double ns[MAXREPS];
} contender;

/* The same contenders for each family: KISA's three, karx's, then OpenSSL's SHA-2 of that size. */
#define FAMILY(n)                                                                            \
    {"kisa-avx2", n, lsh##n##_avx2_digest, -1, NULL, NULL, {0}},                             \
    {"kisa-sse2", n, lsh##n##_sse2_digest, -1, NULL, NULL, {0}},                             \
    {"kisa-portable", n, lsh##n##_digest, -1, NULL, NULL, {0}},                              \
    {"karx-default", n, NULL, -2, NULL, NULL, {0}},                                          \
    {"karx-avx2", n, NULL, KARX_BACKEND_AVX2, NULL, NULL, {0}},                              \
    BEFORE(n, "karx-before")                                                                 \
    {"openssl-sha" #n, n, NULL, -1, "SHA" #n, NULL, {0}},
static contender all[] = {FAMILY(256) FAMILY(512)};
enum { NALL = sizeof all / sizeof all[0] };

static karx_backend default_backend;

static void select_backend(const contender *c)
{
    if (c->karx >= -2)
        karx_set_backend(c->karx == -2 ? default_backend : (karx_backend)c->karx);
}

/* One hash of len bytes at p into out; 0 on failure. */
static int hash_once(const contender *c, const uint8_t *p, size_t len, uint8_t *out)
{
    if (c->kisa != NULL)
        return c->kisa(c->family == 256 ? KISA_LSH_256_256 : KISA_LSH_512_512, p, len * 8,
                       out) == 0;
#ifdef KARX_BEFORE
    if (c->karx == -3)
        return (c->family == 256 ? kb_karx_lsh256(out, 32, p, len)
                                 : kb_karx_lsh512(out, 64, p, len)) == KARX_OK;
#endif
    if (c->karx != -1)
        return (c->family == 256 ? karx_lsh256(out, 32, p, len) : karx_lsh512(out, 64, p, len)) ==
               KARX_OK;
    unsigned int n = 0;
    return EVP_Digest(p, len, out, &n, c->md, NULL) == 1;
}

static void die(const char *msg, const contender *c, size_t len)
{
    fprintf(stderr, "kisa_vs_karx: %s (%s LSH-%d, %zu bytes)\n", msg, c->impl, c->family, len);
    exit(1);
}

/* KISA's and karx's (every back end this CPU runs) digests agree on the same inputs. */
static void check_digests(const uint8_t *buf)
{
    static const size_t big = LONG_LEN;
    for (int i = 0; i < NALL; i++) {
        contender *c = &all[i];
        if (c->kisa == NULL)
            continue;
        for (size_t len = 0; len <= 601; len = len < 601 ? len + 1 : big + 1) {
            size_t n = len > 601 ? big : len;
            const uint8_t *p = buf + (n % 7); /* unaligned starts too */
            uint8_t ref[64], got[64];
            if (!hash_once(c, p, n, ref))
                die("KISA's call failed", c, n);
            for (int j = 0; j < NALL; j++)
                if (all[j].karx == -3 && all[j].family == c->family &&
                    (!hash_once(&all[j], p, n, got) || memcmp(ref, got, c->family / 8) != 0))
                    die("KISA's digest differs from the older karx's", c, n);
            for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
                if (!karx_backend_supported((karx_backend)b))
                    continue;
                karx_set_backend((karx_backend)b);
                int ok = c->family == 256 ? karx_lsh256(got, 32, p, n) == KARX_OK
                                          : karx_lsh512(got, 64, p, n) == KARX_OK;
                if (!ok || memcmp(ref, got, c->family / 8) != 0)
                    die("KISA's digest differs from karx's", c, n);
            }
        }
    }
    karx_set_backend(default_backend);
}

/* The thread's CPU time, not the wall clock: on a shared machine the time this thread spends
 * descheduled is not counted (cache and SMT interference still are). */
static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The core clock from a dependent chain of 1-cycle adds, timed in thread CPU time (the wall
 * clock version in bench_timer.c reads low while the thread is descheduled); the best of several
 * tries over the run. */
static double core_ghz(void)
{
    static double best;
#if defined(__x86_64__)
    for (int rep = 0; rep < 5; rep++) {
        uint64_t x = 0, n = 100000, inc = (uint64_t)rep | 1;
        double t0 = cpu_ns();
        __asm__ volatile("1:\n\t.rept 64\n\tadd %2, %0\n\t.endr\n\tdec %1\n\tjnz 1b"
                         : "+r"(x), "+r"(n)
                         : "r"(inc)
                         : "cc");
        double g = 100000.0 * 64.0 / (cpu_ns() - t0);
        best = g > best ? g : best;
    }
#else
    best = bench_core_ghz();
#endif
    return best;
}

static double time_one(const contender *c, const uint8_t *buf, size_t len, int calls,
                       uint8_t *sink)
{
    uint8_t out[64];
    select_backend(c);
    double t0 = cpu_ns();
    for (int k = 0; k < calls; k++) {
        if (!hash_once(c, buf, len, out))
            die("hash call failed", c, len);
        sink[0] ^= out[0]; /* keeps the calls alive */
    }
    return (cpu_ns() - t0) / calls;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median_of(const double *v, int n)
{
    double s[MAXREPS];
    memcpy(s, v, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_d);
    return s[n / 2];
}

static double min_of(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        m = v[i] < m ? v[i] : m;
    return m;
}

static contender *find(int family, const char *impl)
{
    for (int i = 0; i < NALL; i++)
        if (all[i].family == family && strcmp(all[i].impl, impl) == 0)
            return &all[i];
    return NULL;
}

static void json_head(FILE *js, int family, size_t len)
{
    fprintf(js, "{\"suite\":\"lsh-kisa\",\"alg\":\"lsh-%d-%d\",\"bytes\":%zu,", family, family,
            len);
}

static void json_tail(FILE *js, int reps)
{
    fprintf(js, "\"reps\":%d,\"cpu\":\"%s\",\"compiler\":\"%s\",\"commit\":\"%s\"}\n", reps,
            bench_cpu_name(), bench_compiler(), bench_commit());
}

/* One message size: every contender of both families, rounds alternating, then the table. */
static void run_size(const uint8_t *buf, size_t len, int reps, FILE *js)
{
    const int calls = len == SHORT_LEN ? SHORT_CALLS : 1;
    uint8_t sink[1] = {0};
    core_ghz(); /* the clock estimate keeps its best of several tries: noise only lowers it */
    for (int i = 0; i < NALL; i++) /* warm-up: caches, clocks, lazy dispatch */
        time_one(&all[i], buf, len, calls, sink);
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < NALL; k++) {
            contender *c = &all[(k + r) % NALL];
            c->ns[r] = time_one(c, buf, len, calls, sink);
        }
    karx_set_backend(default_backend);
    double ghz = core_ghz();
    printf("\n%zu-byte messages, %s (fastest of %d rounds: the machine is shared; cycles at "
           "%.2f GHz est.)\n",
           len, calls > 1 ? "one call each" : "one call", reps, ghz);
    printf("%-8s %-15s %12s %10s %9s %8s %11s\n", "alg", "impl", "ns/call", "MB/s", "c/B",
           "c/step", "x kisa-avx2");
    for (int i = 0; i < NALL; i++) {
        contender *c = &all[i];
        double best = min_of(c->ns, reps), mbps = len / best * 1e3;
        double kisa = min_of(find(c->family, "kisa-avx2")->ns, reps);
        /* cycles per LSH step: 26 per 128-byte block (LSH-256), 28 per 256 bytes (LSH-512);
         * shown for long messages, where the steps are nearly all the work */
        double steps = len == LONG_LEN ? (double)len / (c->family == 256 ? 128 : 256) *
                                             (c->family == 256 ? 26 : 28)
                                       : 0;
        printf("LSH-%-4d %-15s %12.1f %10.1f %9.3f %8.2f %11.3f\n", c->family, c->impl, best,
               mbps, ghz > 0 ? best * ghz / len : 0.0,
               steps > 0 && c->ossl == NULL ? best * ghz / steps : 0.0, kisa / best);
        if (js) {
            json_head(js, c->family, len);
            fprintf(js, "\"impl\":\"%s\",\"ns_per_call\":%.2f,\"ns_median\":%.2f,"
                        "\"MBps\":%.1f,\"cpb\":%.4f,\"x_kisa_avx2\":%.4f,"
                        "\"calls_per_rep\":%d,",
                    c->impl, best, median_of(c->ns, reps), mbps,
                    ghz > 0 ? best * ghz / len : 0.0, kisa / best, calls);
            json_tail(js, reps);
        }
    }
    for (int f = 256; f <= 512; f += 256) {
        contender *b = find(f, "karx-before");
        if (b == NULL)
            continue;
        double r = min_of(b->ns, reps) / min_of(find(f, "karx-default")->ns, reps);
        printf("karx LSH-%d now / before: %.3f\n", f, r);
        if (js) {
            json_head(js, f, len);
            fprintf(js, "\"ratio\":\"karx-default/karx-before\",\"value\":%.4f,", r);
            json_tail(js, reps);
        }
    }
    double sha = min_of(find(256, "openssl-sha256")->ns, reps);
    double karx = min_of(find(256, "karx-default")->ns, reps);
    printf("karx LSH-256 / OpenSSL SHA-256: %.3f\n", sha / karx);
    if (js) {
        json_head(js, 256, len);
        fprintf(js, "\"ratio\":\"karx-default/openssl-sha256\",\"value\":%.4f,", sha / karx);
        json_tail(js, reps);
    }
    if (sink[0] == 0x5a)
        printf(" \n"); /* the sink is read, so no call is dead */
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 15;
    if (reps < 1 || reps > MAXREPS) {
        fprintf(stderr, "kisa_vs_karx: REPS must be 1..%d\n", MAXREPS);
        return 2;
    }
    FILE *js = NULL;
    if (argc > 2 && (js = fopen(argv[2], "a")) == NULL) {
        perror(argv[2]);
        return 2;
    }
    default_backend = karx_get_backend();
    for (int i = 0; i < NALL; i++)
        if (all[i].ossl != NULL && (all[i].md = EVP_MD_fetch(NULL, all[i].ossl, NULL)) == NULL) {
            fprintf(stderr, "kisa_vs_karx: OpenSSL has no %s\n", all[i].ossl);
            return 1;
        }
    uint8_t *buf = malloc(LONG_LEN + 64);
    if (buf == NULL)
        return 1;
    for (size_t i = 0; i < LONG_LEN + 64; i++)
        buf[i] = (uint8_t)(i * 131 + (i >> 9) * 7 + 1);
    check_digests(buf);
    printf("digests: KISA (avx2, sse2, portable) = karx (every back end here), lengths 0..601 "
           "and 16 MiB\n");
    printf("cpu: %s; karx default back end: %s; compiler: %s; commit: %s\n", bench_cpu_name(),
           karx_backend_name(default_backend), bench_compiler(), bench_commit());
    run_size(buf, LONG_LEN, reps, js);
    run_size(buf, SHORT_LEN, reps, js);
    free(buf);
    for (int i = 0; i < NALL; i++)
        EVP_MD_free(all[i].md);
    if (js)
        fclose(js);
    return 0;
}
