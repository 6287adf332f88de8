/* dudect-style statistical timing test (Reparaz, Balasch, Verbauwhede, "Dude, is my code
 * constant time?", 2017) for the kernels valgrind cannot run: by default the AVX-512 back end.
 *
 * For each target, every measurement times one call on a secret input that is either a fixed
 * value (class 0, all zero bytes) or fresh random bytes (class 1), the class drawn at random per
 * measurement. Welch's t-test then compares the two cycle-count distributions, on the raw
 * counts and on counts cropped at several upper percentiles (long outliers are mostly
 * interrupts). A constant-time target keeps |t| small however many measurements are taken;
 * |t| > 10 means the timing depends on the secret (a leak), 4.5 < |t| <= 10 is suspect
 * (re-run with more measurements).
 *
 *   dudect [--backend NAME] [--measurements N] [--target SUBSTRING] [--list]
 *
 * Targets marked on_request run only when --target names them.
 *
 * Exit: 0 no leak, 1 a leak (|t| > 10), 2 usage or the harness could not see its own planted
 * leak, 77 the back end cannot run on this CPU (nothing measured). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "karx/karx.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
/* lfence before and after keeps rdtsc from drifting into or out of the timed call. */
static inline uint64_t ticks(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
#else
static inline uint64_t ticks(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

#define BATCH 10000
#define NCROP 6
#define LEAK_T 10.0
#define SUSPECT_T 4.5
#define MAX_IN 4096

/* ---- Welch's t-test, online (Welford) ---- */
typedef struct {
    double mean[2], m2[2], n[2];
} ttest;

static void tt_push(ttest *t, int cls, double x)
{
    t->n[cls] += 1;
    double d = x - t->mean[cls];
    t->mean[cls] += d / t->n[cls];
    t->m2[cls] += d * (x - t->mean[cls]);
}

static double tt_value(const ttest *t)
{
    if (t->n[0] < 2 || t->n[1] < 2)
        return 0;
    double v0 = t->m2[0] / (t->n[0] - 1), v1 = t->m2[1] / (t->n[1] - 1);
    double den = sqrt(v0 / t->n[0] + v1 / t->n[1]);
    return den > 0 ? (t->mean[0] - t->mean[1]) / den : 0;
}

/* ---- random input: xoshiro256** seeded from the OS ---- */
static uint64_t rs[4];

static uint64_t rnd(void)
{
    uint64_t r = rs[1] * 5, t = rs[1] << 17;
    r = (r << 7 | r >> 57) * 9;
    rs[2] ^= rs[0];
    rs[3] ^= rs[1];
    rs[1] ^= rs[2];
    rs[0] ^= rs[3];
    rs[2] ^= t;
    rs[3] = rs[3] << 45 | rs[3] >> 19;
    return r;
}

static void rnd_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rnd() >> 56);
}

/* ---- targets ----
 * prep turns the secret input into whatever the timed call needs (a key schedule, say) outside
 * the timing; run is the timed call. Both get the measurement's slot in a per-batch arena. */
typedef struct target {
    const char *name;
    size_t in_bytes;                                   /* secret bytes per measurement */
    size_t slot_bytes;                                 /* prepared state per measurement */
    void (*prep)(const struct target *, uint8_t *slot, const uint8_t *in);
    void (*run)(const struct target *, uint8_t *slot, const uint8_t *in);
    int alg;                                           /* cipher or LSH id */
    size_t len;                                        /* message bytes */
    int is_cipher;                                     /* alg is a karx_cipher_alg */
    int on_request;                                    /* runs only when --target names it */
} target;

static uint8_t pub_in[MAX_IN], pub_out[MAX_IN], fixed_key[32];
static karx_cipher_key fixed_sched;
static volatile uint8_t sink;

static void no_prep(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)t, (void)slot, (void)in;
}

/* Cipher key schedule: the secret is the key. */
static void run_set_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    karx_cipher_set_key((karx_cipher_key *)slot, (karx_cipher_alg)t->alg, in,
                        karx_cipher_key_bytes((karx_cipher_alg)t->alg));
}

/* ECB under a fixed secret key: the secret is the message. */
static void run_ecb_enc(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_ecb_encrypt(&fixed_sched, pub_out, in, t->len);
    sink ^= pub_out[0];
}

static void run_ecb_dec(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_ecb_decrypt(&fixed_sched, pub_out, in, t->len);
    sink ^= pub_out[0];
}

/* CTR over a public message and counter: the secret is the key, scheduled outside the timing. */
static void prep_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    run_set_key(t, slot, in);
}

static void run_ctr_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    uint8_t ctr[16] = {0};
    (void)in;
    karx_ctr_xor((const karx_cipher_key *)slot, ctr, pub_out, pub_in, t->len);
    sink ^= pub_out[0];
}

/* CTR with a secret counter (GCM's J0 for an IV that is not 12 bytes): a fixed counter of zero
 * never carries inside the call, a random one sometimes does. A CTR counter is public
 * otherwise, and the kernels take a slower path where it carries, so this target runs only on
 * request (--target ctr-counter): it measures that exception, it does not gate. */
static void run_ctr_counter(const target *t, uint8_t *slot, const uint8_t *in)
{
    uint8_t ctr[16];
    (void)slot;
    memcpy(ctr, in, sizeof ctr);
    ctr[0] &= 0x7f; /* stay clear of the all-ones end, which the call refuses */
    karx_ctr_xor(&fixed_sched, ctr, pub_out, pub_in, t->len);
    sink ^= pub_out[0];
}

static void run_lsh(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_lsh((karx_lsh_alg)t->alg, pub_out, karx_lsh_digest_bytes((karx_lsh_alg)t->alg), in,
             t->len);
    sink ^= pub_out[0];
}

/* t->len bytes split into 16 equal messages: every lane of the widest batch kernel. */
static void run_lsh_many(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_lsh_many((karx_lsh_alg)t->alg, pub_out, sizeof pub_out, in, t->len / 16, 16);
    sink ^= pub_out[0];
}

/* GCM over a public message: the secret is the key (so H and the GHASH powers). */
static void prep_gcm_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    karx_gcm_set_key((karx_gcm_key *)slot, (karx_cipher_alg)t->alg, in,
                     karx_cipher_key_bytes((karx_cipher_alg)t->alg));
}

static void run_gcm_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    uint8_t iv[12] = {0}, tag[16];
    (void)in;
    karx_gcm_seal((const karx_gcm_key *)slot, iv, sizeof iv, pub_out, tag, sizeof tag, pub_in,
                  t->len, NULL, 0);
    sink ^= tag[0];
}

/* GCM open of a forged tag: the secret is the message; the tag compare must not stop early. */
static void run_gcm_open(const target *t, uint8_t *slot, const uint8_t *in)
{
    static karx_gcm_key gk;
    uint8_t iv[12] = {0}, tag[16] = {0};
    (void)slot;
    if (!gk.ready)
        karx_gcm_set_key(&gk, (karx_cipher_alg)t->alg, fixed_key, 16);
    sink ^= (uint8_t)karx_gcm_open(&gk, iv, sizeof iv, pub_out, tag, 16, in, t->len, NULL, 0);
}

/* CTR_DRBG: the secret is the entropy input (so Key and V); instantiate outside the timing. */
static void prep_drbg(const target *t, uint8_t *slot, const uint8_t *in)
{
    karx_ctr_drbg_instantiate((karx_ctr_drbg *)slot, (karx_cipher_alg)t->alg, 0, in,
                              karx_ctr_drbg_seed_bytes((karx_cipher_alg)t->alg), NULL, 0, NULL, 0);
}

static void run_drbg(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)in;
    karx_ctr_drbg_generate((karx_ctr_drbg *)slot, pub_out, t->len, NULL, 0);
    sink ^= pub_out[0];
}

/* The planted leak: an early-exit compare of the secret with the fixed value. Class 0 (equal)
 * always runs to the end, class 1 stops at once: the harness must see this. */
static void run_selftest_leak(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    size_t i = 0;
    while (i < t->len && ((volatile const uint8_t *)in)[i] == 0)
        i++;
    sink ^= (uint8_t)i;
}

#define KS sizeof(karx_cipher_key)
#define CIPHER_TARGETS(nm, alg, kb, bl)                                                   \
    {"keysched " nm, kb, KS, no_prep, run_set_key, alg, 0, 1, 0},                         \
    {"ecb-enc " nm, 64 * (bl), 0, no_prep, run_ecb_enc, alg, 64 * (bl), 1, 0},            \
    {"ecb-dec " nm, 64 * (bl), 0, no_prep, run_ecb_dec, alg, 64 * (bl), 1, 0},            \
    {"ctr-key " nm, kb, KS, prep_key, run_ctr_key, alg, 64 * (bl), 1, 0},                 \
    {"ctr-counter " nm, 16, 0, no_prep, run_ctr_counter, alg, 64 * (bl), 1, 1}

static const target targets[] = {
    {"selftest-leak", 64, 0, no_prep, run_selftest_leak, 0, 64, 0, 0},
    CIPHER_TARGETS("lea128", KARX_CIPHER_LEA128, 16, 16),
    CIPHER_TARGETS("lea192", KARX_CIPHER_LEA192, 24, 16),
    CIPHER_TARGETS("lea256", KARX_CIPHER_LEA256, 32, 16),
    CIPHER_TARGETS("hight", KARX_CIPHER_HIGHT, 16, 8),
    CIPHER_TARGETS("cham64-128", KARX_CIPHER_CHAM64_128, 16, 8),
    CIPHER_TARGETS("cham128-128", KARX_CIPHER_CHAM128_128, 16, 16),
    CIPHER_TARGETS("cham128-256", KARX_CIPHER_CHAM128_256, 32, 16),
    {"lsh256 one message", 512, 0, no_prep, run_lsh, KARX_LSH256_256, 512, 0, 0},
    {"lsh512 one message", 1024, 0, no_prep, run_lsh, KARX_LSH512_512, 1024, 0, 0},
    {"lsh256 16 lanes", 4096, 0, no_prep, run_lsh_many, KARX_LSH256_256, 4096, 0, 0},
    {"lsh512 16 lanes", 4096, 0, no_prep, run_lsh_many, KARX_LSH512_512, 4096, 0, 0},
    {"gcm-key lea128 (GHASH)", 16, sizeof(karx_gcm_key), prep_gcm_key, run_gcm_key,
     KARX_CIPHER_LEA128, 1024, 0, 0},
    {"gcm-open-msg lea128", 1024, 0, no_prep, run_gcm_open, KARX_CIPHER_LEA128, 1024, 0, 0},
    {"drbg-generate lea128", 32, sizeof(karx_ctr_drbg), prep_drbg, run_drbg, KARX_CIPHER_LEA128,
     1024, 0, 0},
    {"drbg-generate hight", 24, sizeof(karx_ctr_drbg), prep_drbg, run_drbg, KARX_CIPHER_HIGHT,
     1024, 0, 0},
};
#define NTARGETS (sizeof targets / sizeof targets[0])

/* ---- measuring ---- */
typedef struct {
    ttest raw, crop[NCROP];
    double thr[NCROP];
    int have_thr;
    double samples;
} stats;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Crop thresholds at upper percentiles of the first batch (dudect's scheme, fewer of them). */
static void set_thresholds(stats *s, const uint64_t *cycles, size_t n)
{
    static const double pct[NCROP] = {0.50, 0.75, 0.90, 0.95, 0.99, 0.999};
    uint64_t *sorted = malloc(n * sizeof *sorted);
    if (sorted == NULL)
        return;
    memcpy(sorted, cycles, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, cmp_u64);
    for (int i = 0; i < NCROP; i++)
        s->thr[i] = (double)sorted[(size_t)(pct[i] * (double)(n - 1))];
    s->have_thr = 1;
    free(sorted);
}

static double max_abs_t(const stats *s)
{
    double m = fabs(tt_value(&s->raw));
    for (int i = 0; i < NCROP; i++)
        if (s->crop[i].n[0] + s->crop[i].n[1] > 1000 && fabs(tt_value(&s->crop[i])) > m)
            m = fabs(tt_value(&s->crop[i]));
    return m;
}

typedef struct {
    uint8_t *in, *slots, *cls;
    uint64_t *cycles;
} arena;

/* One batch: draw classes and inputs, prepare, time each call, then feed the t-tests. The first
 * batch only warms up and sets the crop thresholds. */
static void one_batch(const target *t, arena *a, stats *s, int warmup)
{
    for (size_t i = 0; i < BATCH; i++) {
        uint8_t *in = a->in + i * t->in_bytes;
        a->cls[i] = (uint8_t)(rnd() & 1);
        if (a->cls[i] == 0)
            memset(in, 0, t->in_bytes);
        else
            rnd_bytes(in, t->in_bytes);
        t->prep(t, a->slots + i * t->slot_bytes, in);
    }
    for (size_t i = 0; i < BATCH; i++) {
        uint8_t *slot = a->slots + i * t->slot_bytes, *in = a->in + i * t->in_bytes;
        uint64_t t0 = ticks();
        t->run(t, slot, in);
        a->cycles[i] = ticks() - t0;
    }
    if (warmup) {
        set_thresholds(s, a->cycles, BATCH);
        return;
    }
    for (size_t i = 0; i < BATCH; i++) {
        double x = (double)a->cycles[i];
        tt_push(&s->raw, a->cls[i], x);
        for (int c = 0; c < NCROP && s->have_thr; c++)
            if (x <= s->thr[c])
                tt_push(&s->crop[c], a->cls[i], x);
        s->samples += 1;
    }
}

/* Measures one target; returns max |t| over the raw and cropped tests. */
static double measure(const target *t, size_t measurements, double *median_cycles)
{
    arena a;
    stats s;
    memset(&s, 0, sizeof s);
    a.in = malloc(BATCH * t->in_bytes);
    a.slots = malloc(BATCH * (t->slot_bytes ? t->slot_bytes : 1));
    a.cls = malloc(BATCH);
    a.cycles = malloc(BATCH * sizeof *a.cycles);
    if (a.in == NULL || a.slots == NULL || a.cls == NULL || a.cycles == NULL) {
        fprintf(stderr, "karx: dudect: out of memory\n");
        exit(2);
    }
    one_batch(t, &a, &s, 1);
    *median_cycles = s.thr[0];
    for (size_t done = 0; done < measurements; done += BATCH)
        one_batch(t, &a, &s, 0);
    if (t->slot_bytes != 0) /* key schedules and DRBG states are secrets */
        karx_memzero(a.slots, BATCH * t->slot_bytes);
    free(a.in), free(a.slots), free(a.cls), free(a.cycles);
    return max_abs_t(&s);
}

/* The fixed (secret, same for both classes) key of the cipher targets, scheduled once. */
static void set_fixed_key(const target *t)
{
    karx_cipher_alg alg = t->is_cipher ? (karx_cipher_alg)t->alg : KARX_CIPHER_LEA128;
    karx_cipher_set_key(&fixed_sched, alg, fixed_key, karx_cipher_key_bytes(alg));
}

static const char *verdict(double t)
{
    return t > LEAK_T ? "LEAK" : t > SUSPECT_T ? "suspect" : "ok";
}

static int usage(void)
{
    fprintf(stderr, "karx: usage: dudect [--backend NAME] [--measurements N] [--target SUBSTRING] "
                    "[--list]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *bname = "avx512", *filter = NULL;
    size_t measurements = 1000000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list") == 0) {
            for (size_t k = 0; k < NTARGETS; k++)
                printf("%s\n", targets[k].name);
            return 0;
        } else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            bname = argv[++i];
        } else if (strcmp(argv[i], "--measurements") == 0 && i + 1 < argc) {
            measurements = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--target") == 0 && i + 1 < argc) {
            filter = argv[++i];
        } else {
            return usage();
        }
    }
    karx_backend b;
    if (karx_backend_from_name(bname, &b) != KARX_OK || measurements < BATCH)
        return usage();
    if (karx_set_backend(b) != KARX_OK) {
        printf("dudect: back end %s cannot run on this CPU: nothing measured\n", bname);
        return 77;
    }
    uint8_t seed[sizeof rs];
    if (karx_os_random(seed, sizeof seed) != KARX_OK) {
        fprintf(stderr, "karx: dudect: no OS randomness\n");
        return 2;
    }
    memcpy(rs, seed, sizeof rs);
    rnd_bytes(fixed_key, sizeof fixed_key);
    rnd_bytes(pub_in, sizeof pub_in);

    printf("dudect: back end %s, %zu measurements a target, |t| > %.1f = leak, > %.1f = suspect\n",
           karx_backend_name(karx_get_backend()), measurements, LEAK_T, SUSPECT_T);
    int leaks = 0, planted_seen = 0;
    for (size_t k = 0; k < NTARGETS; k++) {
        const target *t = &targets[k];
        const int planted = k == 0;
        if (!planted && filter != NULL && strstr(t->name, filter) == NULL)
            continue;
        if (t->on_request && (filter == NULL || strstr(t->name, filter) == NULL))
            continue;
        set_fixed_key(t);
        double med, tmax = measure(t, planted ? BATCH * 10 : measurements, &med);
        printf("%-28s median %8.0f cycles  max|t| %7.2f  %s\n", t->name, med, tmax,
               planted ? (tmax > LEAK_T ? "(planted leak: seen)" : "(planted leak: NOT seen)")
                       : verdict(tmax));
        fflush(stdout);
        if (planted)
            planted_seen = tmax > LEAK_T;
        else
            leaks += tmax > LEAK_T;
    }
    karx_cipher_key_wipe(&fixed_sched);
    karx_memzero(fixed_key, sizeof fixed_key);
    if (!planted_seen) {
        printf("dudect: the harness did not see its planted leak: results are meaningless\n");
        return 2;
    }
    printf("dudect: %d leak%s\n", leaks, leaks == 1 ? "" : "s");
    return leaks ? 1 : 0;
}
