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
 * --measurements takes 1000000 or 1e6. Targets marked on_request run only when --target names
 * them. A target may name its own back end (the GCM targets marked [avx2 stitched]: the stitched
 * CTR + GHASH pass runs only under avx2 on a CPU with VPCLMULQDQ); one whose back end or CPU
 * features this machine lacks is printed as skipped, not measured. Every timed call's status is
 * checked against the one the target expects (a call that fails early measures nothing).
 *
 * Exit: 0 no leak, 1 a leak (|t| > 10), 2 usage, a call that did not return what its target
 * expects, or the harness could not see its own planted leak, 77 the back end cannot run on this
 * CPU (nothing measured). */
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
    for (size_t i = 0; i < n; i += 8) {
        uint64_t r = rnd();
        memcpy(p + i, &r, n - i < 8 ? n - i : 8);
    }
}

/* ---- targets ----
 * prep turns the secret input into whatever the timed call needs (a key schedule, a sealed
 * message) outside the timing; run is the timed call. Both get the measurement's slot in a
 * per-batch arena and return the call's status, which must be the target's expect (KARX_OK
 * unless it says otherwise): a call that fails early would time nothing, so a status that is
 * not the expected one stops the run as a harness error. */
typedef struct target {
    const char *name;
    size_t in_bytes;                                   /* secret bytes per measurement */
    size_t slot_bytes;                                 /* prepared state per measurement */
    karx_status (*prep)(const struct target *, uint8_t *slot, const uint8_t *in);
    karx_status (*run)(const struct target *, uint8_t *slot, const uint8_t *in);
    int alg;                                           /* cipher or LSH id */
    size_t len;                                        /* message bytes */
    int is_cipher;                                     /* alg is a karx_cipher_alg */
    int on_request;                                    /* runs only when --target names it */
    size_t parts;      /* messages (lane targets) or sectors (XTS): len / parts bytes each */
    int decrypt;       /* XTS: decrypt instead of encrypt */
    int secret_key;    /* lane targets: the secret is the key (else the messages) */
    karx_status expect;                                /* the status every run must return */
    const char *backend; /* NULL: the --backend one; else this back end, whatever --backend says */
    unsigned need;       /* CPU features the measured path needs (karx_cpu_features) */
    int uniform;         /* GCM jobs: 16 records of 64 B with a 13-byte AAD (the fused pass then
                            takes the AAD and length blocks too), not 64 and 400 B in turn */
    int same_output;     /* the output does not depend on the secret (check_secret_reaches) */
} target;

#define MAX_PARTS 64
static uint8_t pub_in[MAX_IN], pub_out[MAX_IN + 64], pub_tweak[16], xts_mask[64], fixed_key[64];
static const uint8_t zero_iv[12], zero_tag[16];
static karx_cipher_key fixed_sched;
static karx_xts_key fixed_xts;
static karx_gcm_key fixed_gcm;
static volatile uint8_t sink;

static karx_status no_prep(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)t, (void)slot, (void)in;
    return KARX_OK;
}

/* Cipher key schedule: the secret is the key. */
static karx_status run_set_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    return karx_cipher_set_key((karx_cipher_key *)slot, (karx_cipher_alg)t->alg, in,
                               karx_cipher_key_bytes((karx_cipher_alg)t->alg));
}

/* ECB under a fixed secret key: the secret is the message. */
static karx_status run_ecb_enc(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_status st = karx_ecb_encrypt(&fixed_sched, pub_out, in, t->len);
    sink ^= pub_out[0];
    return st;
}

static karx_status run_ecb_dec(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_status st = karx_ecb_decrypt(&fixed_sched, pub_out, in, t->len);
    sink ^= pub_out[0];
    return st;
}

/* CTR over a public message and counter: the secret is the key, scheduled outside the timing. */
static karx_status prep_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    return run_set_key(t, slot, in);
}

static karx_status run_ctr_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    uint8_t ctr[16] = {0};
    (void)in;
    karx_status st = karx_ctr_xor((const karx_cipher_key *)slot, ctr, pub_out, pub_in, t->len);
    sink ^= pub_out[0];
    return st;
}

/* CTR with a secret counter (GCM's J0 for an IV that is not 12 bytes): a fixed counter of zero
 * never carries inside the call, a random one sometimes does. A CTR counter is public
 * otherwise, and the kernels take a slower path where it carries, so this target runs only on
 * request (--target ctr-counter): it measures that exception, it does not gate. */
static karx_status run_ctr_counter(const target *t, uint8_t *slot, const uint8_t *in)
{
    uint8_t ctr[16];
    (void)slot;
    memcpy(ctr, in, sizeof ctr);
    ctr[0] &= 0x7f; /* stay clear of the all-ones end, which the call refuses */
    karx_status st = karx_ctr_xor(&fixed_sched, ctr, pub_out, pub_in, t->len);
    sink ^= pub_out[0];
    return st;
}

static karx_status run_lsh(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_status st = karx_lsh((karx_lsh_alg)t->alg, pub_out,
                              karx_lsh_digest_bytes((karx_lsh_alg)t->alg), in, t->len);
    sink ^= pub_out[0];
    return st;
}

/* t->len bytes split into 16 equal messages: every lane of the widest batch kernel. */
static karx_status run_lsh_many(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_status st =
        karx_lsh_many((karx_lsh_alg)t->alg, pub_out, sizeof pub_out, in, t->len / 16, 16);
    sink ^= pub_out[0];
    return st;
}

/* GCM over a public message: the secret is the key (so H and the GHASH powers). */
static karx_status prep_gcm_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    return karx_gcm_set_key((karx_gcm_key *)slot, (karx_cipher_alg)t->alg, in,
                            karx_cipher_key_bytes((karx_cipher_alg)t->alg));
}

static karx_status run_gcm_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)in;
    karx_status st = karx_gcm_seal((const karx_gcm_key *)slot, zero_iv, sizeof zero_iv, pub_out,
                                   pub_out + t->len, 16, pub_in, t->len, NULL, 0);
    sink ^= pub_out[t->len];
    return st;
}

/* GCM open of a forged tag: the secret is the message; the tag compare must not stop early. */
static karx_status run_gcm_open(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    return karx_gcm_open(&fixed_gcm, zero_iv, sizeof zero_iv, pub_out, zero_tag, 16, in, t->len,
                         NULL, 0);
}

/* GCM seal under the fixed key: the secret is the plaintext. */
static karx_status run_gcm_seal_msg(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    karx_status st = karx_gcm_seal(&fixed_gcm, zero_iv, sizeof zero_iv, pub_out, pub_out + t->len,
                                   16, in, t->len, NULL, 0);
    sink ^= pub_out[t->len];
    return st;
}

/* GCM open that succeeds, secret key: the slot holds the key scheduled from the secret, then
 * the public message sealed under it (ciphertext, tag). */
static karx_status prep_gcm_sealed_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    karx_gcm_key *gk = (karx_gcm_key *)slot;
    uint8_t *ct = slot + sizeof *gk;
    karx_status st = prep_gcm_key(t, slot, in);
    if (st == KARX_OK)
        st = karx_gcm_seal(gk, zero_iv, sizeof zero_iv, ct, ct + t->len, 16, pub_in, t->len,
                           NULL, 0);
    return st;
}

static karx_status run_gcm_open_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    const karx_gcm_key *gk = (const karx_gcm_key *)slot;
    const uint8_t *ct = slot + sizeof *gk;
    (void)in;
    karx_status st = karx_gcm_open(gk, zero_iv, sizeof zero_iv, pub_out, ct + t->len, 16, ct,
                                   t->len, NULL, 0);
    sink ^= pub_out[0];
    return st;
}

/* GCM open that succeeds, secret plaintext: the slot holds it sealed under the fixed key. */
static karx_status prep_gcm_sealed_msg(const target *t, uint8_t *slot, const uint8_t *in)
{
    return karx_gcm_seal(&fixed_gcm, zero_iv, sizeof zero_iv, slot, slot + t->len, 16, in, t->len,
                         NULL, 0);
}

static karx_status run_gcm_open_msg(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)in;
    karx_status st = karx_gcm_open(&fixed_gcm, zero_iv, sizeof zero_iv, pub_out, slot + t->len, 16,
                                   slot, t->len, NULL, 0);
    sink ^= pub_out[0];
    return st;
}

/* GCM record jobs (the lane kernels): 16 records a call, 64 and 400 bytes in turn (the lane
 * GHASH of short records and the fused pass of long ones) or all 64 bytes with a 13-byte AAD
 * (uniform: one pass takes AAD, record and length block), sealed under 16 secret keys (slot,
 * set outside the timing) over public records, or under the fixed key over secret records. */
#define JOBS_N 16
#define JOBS_LEN(t, i) ((t)->uniform || (i) % 2 == 0 ? (size_t)64 : (size_t)400)
#define JOBS_BYTES (8 * 64 + 8 * 400)
_Static_assert(JOBS_BYTES + JOBS_N * 16 <= MAX_IN, "the jobs' outputs fit pub_out");
static karx_status prep_gcm_jobs_keys(const target *t, uint8_t *slot, const uint8_t *in)
{
    karx_status st = KARX_OK;
    size_t kb = karx_cipher_key_bytes((karx_cipher_alg)t->alg);
    for (size_t i = 0; i < JOBS_N && st == KARX_OK; i++)
        st = karx_gcm_set_key((karx_gcm_key *)(void *)(slot + i * sizeof(karx_gcm_key)), (karx_cipher_alg)t->alg,
                              in + i * kb, kb);
    return st;
}

static karx_status run_gcm_jobs(const target *t, uint8_t *slot, const uint8_t *in)
{
    uint8_t *out = pub_out, *tags = pub_out + JOBS_BYTES; /* fits: JOBS_BYTES + 256 <= MAX_IN */
    karx_gcm_job jobs[JOBS_N];
    size_t off = 0;
    for (size_t i = 0; i < JOBS_N; i++) {
        const karx_gcm_key *k =
            t->secret_key ? (const karx_gcm_key *)(const void *)(slot + i * sizeof(karx_gcm_key)) : &fixed_gcm;
        const uint8_t *msg = t->secret_key ? pub_in + off : in + off;
        static const uint8_t aad[13] = {1, 2, 3};
        jobs[i] = (karx_gcm_job){k, zero_iv, sizeof zero_iv, t->uniform ? aad : NULL,
                                 t->uniform ? sizeof aad : 0, msg, out + off,
                                 JOBS_LEN(t, i), tags + 16 * i, 16, KARX_OK};
        off += JOBS_LEN(t, i);
    }
    karx_status st = karx_gcm_seal_jobs(jobs, JOBS_N);
    sink ^= tags[0];
    return st;
}

/* GMAC through a scheduled key: the secret is the key (slot, prep_gcm_key) or the message. */
static karx_status gmac_run(const karx_gcm_key *gk, const uint8_t *msg, size_t len)
{
    karx_gmac_ctx c;
    karx_status st = karx_gmac_init_key(&c, gk, zero_iv, sizeof zero_iv);
    if (st == KARX_OK)
        st = karx_gmac_update(&c, msg, len);
    if (st == KARX_OK)
        st = karx_gmac_final(&c, pub_out, 16);
    sink ^= pub_out[0];
    return st;
}

static karx_status run_gmac_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)in;
    return gmac_run((const karx_gcm_key *)slot, pub_in, t->len);
}

static karx_status run_gmac_msg(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    return gmac_run(&fixed_gcm, in, t->len);
}

/* One-shot GMAC check of a forged tag: the secret is the message; the compare must not stop
 * early. */
static karx_status run_gmac_verify_msg(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    return karx_gmac_verify((karx_cipher_alg)t->alg, fixed_key,
                            karx_cipher_key_bytes((karx_cipher_alg)t->alg), zero_iv,
                            sizeof zero_iv, zero_tag, 16, in, t->len);
}

/* XTS key: data key || tweak key, the secret xored onto a public mask (the fixed class's
 * all-zero secret alone would be two equal halves, which karx_xts_set_key refuses). */
static karx_status prep_xts_key(const target *t, uint8_t *slot, const uint8_t *in)
{
    uint8_t k[64];
    size_t kb = 2 * karx_cipher_key_bytes((karx_cipher_alg)t->alg);
    for (size_t i = 0; i < kb; i++)
        k[i] = in[i] ^ xts_mask[i];
    karx_status st = karx_xts_set_key((karx_xts_key *)slot, (karx_cipher_alg)t->alg, k, kb);
    karx_memzero(k, sizeof k);
    return st;
}

/* XTS: the secret is the key (slot, prep_xts_key; public data) or the data (fixed key). One
 * data unit of t->len bytes, or t->parts sectors of t->len / t->parts. */
static karx_status run_xts(const target *t, uint8_t *slot, const uint8_t *in)
{
    const karx_xts_key *key = t->slot_bytes ? (const karx_xts_key *)slot : &fixed_xts;
    const uint8_t *data = t->slot_bytes ? pub_in : in;
    karx_status st;
    if (t->parts == 0)
        st = (t->decrypt ? karx_xts_decrypt : karx_xts_encrypt)(key, pub_tweak, pub_out, data,
                                                                t->len);
    else
        st = (t->decrypt ? karx_xts_decrypt_sectors : karx_xts_encrypt_sectors)(
            key, pub_tweak, t->len / t->parts, pub_out, data, t->len);
    sink ^= pub_out[0];
    return st;
}

/* The message table of a lane target: t->parts messages of t->len / t->parts bytes from src. */
static void lane_msgs(const target *t, const uint8_t *src, const uint8_t **msgs, size_t *lens)
{
    size_t m = t->len / t->parts;
    for (size_t i = 0; i < t->parts; i++) {
        msgs[i] = src + i * m;
        lens[i] = m;
    }
}

/* CBC of many messages under one key: the secret is the key (slot, prep_key; public messages)
 * or the messages (fixed key). The IVs are public, copied fresh each call (the call updates
 * them). */
static karx_status run_cbc_many(const target *t, uint8_t *slot, const uint8_t *in)
{
    const karx_cipher_key *key = t->secret_key ? (const karx_cipher_key *)slot : &fixed_sched;
    const uint8_t *msgs[MAX_PARTS];
    uint8_t *outs[MAX_PARTS], *ivp[MAX_PARTS], ivs[MAX_PARTS][16];
    size_t lens[MAX_PARTS];
    lane_msgs(t, t->secret_key ? pub_in : in, msgs, lens);
    for (size_t i = 0; i < t->parts; i++) {
        outs[i] = pub_out + (msgs[i] - (t->secret_key ? pub_in : in));
        memcpy(ivs[i], pub_tweak, 16);
        ivp[i] = ivs[i];
    }
    karx_status st = karx_cbc_encrypt_many(key, outs, msgs, lens, ivp, t->parts);
    sink ^= pub_out[0];
    return st;
}

/* CMAC of many messages: the secret is the raw key (inside the timing: the call schedules it)
 * or the messages (fixed key). */
static karx_status run_cmac_many(const target *t, uint8_t *slot, const uint8_t *in)
{
    const uint8_t *msgs[MAX_PARTS];
    size_t lens[MAX_PARTS];
    (void)slot;
    lane_msgs(t, t->secret_key ? pub_in : in, msgs, lens);
    karx_status st = karx_cmac_many((karx_cipher_alg)t->alg, t->secret_key ? in : fixed_key,
                                    karx_cipher_key_bytes((karx_cipher_alg)t->alg), pub_out,
                                    karx_cipher_block_bytes((karx_cipher_alg)t->alg), msgs, lens,
                                    t->parts);
    sink ^= pub_out[0];
    return st;
}

/* HMAC-LSH of many messages: the secret is the 32-byte key or the messages (fixed key). */
static karx_status run_hmac_many(const target *t, uint8_t *slot, const uint8_t *in)
{
    const uint8_t *msgs[MAX_PARTS];
    size_t lens[MAX_PARTS];
    (void)slot;
    lane_msgs(t, t->secret_key ? pub_in : in, msgs, lens);
    karx_status st = karx_hmac_lsh_many((karx_lsh_alg)t->alg, t->secret_key ? in : fixed_key, 32,
                                        pub_out, 64, msgs, lens, t->parts);
    sink ^= pub_out[0];
    return st;
}

/* CTR_DRBG: the secret is the entropy input (so Key and V); instantiate outside the timing. */
static karx_status prep_drbg(const target *t, uint8_t *slot, const uint8_t *in)
{
    return karx_ctr_drbg_instantiate((karx_ctr_drbg *)slot, (karx_cipher_alg)t->alg, 0, in,
                                     karx_ctr_drbg_seed_bytes((karx_cipher_alg)t->alg), NULL, 0,
                                     NULL, 0);
}

static karx_status run_drbg(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)in;
    karx_status st = karx_ctr_drbg_generate((karx_ctr_drbg *)slot, pub_out, t->len, NULL, 0);
    sink ^= pub_out[0];
    return st;
}

/* The planted leak: an early-exit compare of the secret with the fixed value. Class 0 (equal)
 * always runs to the end, class 1 stops at once: the harness must see this. */
static karx_status run_selftest_leak(const target *t, uint8_t *slot, const uint8_t *in)
{
    (void)slot;
    size_t i = 0;
    while (i < t->len && ((volatile const uint8_t *)in)[i] == 0)
        i++;
    sink ^= (uint8_t)i;
    return KARX_OK;
}

#define KS sizeof(karx_cipher_key)
#define CIPHER_TARGETS(nm, a, kb, bl)                                                          \
    {.name = "keysched " nm, .in_bytes = kb, .slot_bytes = KS, .prep = no_prep,                 \
     .run = run_set_key, .alg = a, .is_cipher = 1},                                            \
    {.name = "ecb-enc " nm, .in_bytes = 64 * (bl), .prep = no_prep, .run = run_ecb_enc,         \
     .alg = a, .len = 64 * (bl), .is_cipher = 1},                                              \
    {.name = "ecb-dec " nm, .in_bytes = 64 * (bl), .prep = no_prep, .run = run_ecb_dec,         \
     .alg = a, .len = 64 * (bl), .is_cipher = 1},                                              \
    {.name = "ctr-key " nm, .in_bytes = kb, .slot_bytes = KS, .prep = prep_key,                 \
     .run = run_ctr_key, .alg = a, .len = 64 * (bl), .is_cipher = 1},                          \
    {.name = "ctr-counter " nm, .in_bytes = 16, .prep = no_prep, .run = run_ctr_counter,        \
     .alg = a, .len = 64 * (bl), .is_cipher = 1, .on_request = 1}

/* XTS with the fused kernel: a secret key (2 * kb bytes) over one public 4 KiB unit; secret
 * data: one 4 KiB unit each way, one unit of 4090 bytes (ciphertext stealing), and 4 KiB as
 * eight 512-byte sectors each way. */
#define XK sizeof(karx_xts_key)
#define XTS_TARGETS(nm, a, kb)                                                                 \
    {.name = "xts-key " nm, .in_bytes = 2 * (kb), .slot_bytes = XK, .prep = prep_xts_key,       \
     .run = run_xts, .alg = a, .len = 4096, .is_cipher = 1},                                   \
    {.name = "xts-enc " nm, .in_bytes = 4096, .prep = no_prep, .run = run_xts, .alg = a,        \
     .len = 4096, .is_cipher = 1},                                                             \
    {.name = "xts-dec " nm, .in_bytes = 4096, .prep = no_prep, .run = run_xts, .alg = a,        \
     .len = 4096, .is_cipher = 1, .decrypt = 1},                                               \
    {.name = "xts-enc-steal " nm, .in_bytes = 4090, .prep = no_prep, .run = run_xts, .alg = a,  \
     .len = 4090, .is_cipher = 1},                                                             \
    {.name = "xts-enc-sectors " nm, .in_bytes = 4096, .prep = no_prep, .run = run_xts,          \
     .alg = a, .len = 4096, .is_cipher = 1, .parts = 8},                                       \
    {.name = "xts-dec-sectors " nm, .in_bytes = 4096, .prep = no_prep, .run = run_xts,          \
     .alg = a, .len = 4096, .is_cipher = 1, .parts = 8, .decrypt = 1}

/* GCM bulk (4072 bytes: seven 32-block groups of the wide GHASH kernel, a 30-block tail and a
 * partial block), GMAC over the same length. be: the back end (NULL: --backend); need: the
 * features of the path. */
#define GK sizeof(karx_gcm_key)
#define GCM_LEN 4072
#define GCM_TARGETS(nm, a, kb, be, nd)                                                         \
    {.name = "gcm-seal-key " nm, .in_bytes = kb, .slot_bytes = GK, .prep = prep_gcm_key,        \
     .run = run_gcm_key, .alg = a, .len = GCM_LEN, .is_cipher = 1, .backend = be, .need = nd}, \
    {.name = "gcm-seal-msg " nm, .in_bytes = GCM_LEN, .prep = no_prep,                          \
     .run = run_gcm_seal_msg, .alg = a, .len = GCM_LEN, .is_cipher = 1, .backend = be,          \
     .need = nd},                                                                              \
    {.name = "gcm-open-key " nm, .in_bytes = kb, .slot_bytes = GK + GCM_LEN + 16,               \
     .prep = prep_gcm_sealed_key, .run = run_gcm_open_key, .alg = a, .len = GCM_LEN,            \
     .is_cipher = 1, .backend = be, .need = nd, .same_output = 1},                             \
    {.name = "gcm-open-msg " nm, .in_bytes = GCM_LEN, .slot_bytes = GCM_LEN + 16,               \
     .prep = prep_gcm_sealed_msg, .run = run_gcm_open_msg, .alg = a, .len = GCM_LEN,            \
     .is_cipher = 1, .backend = be, .need = nd}
#define STITCH_NEED                                                                            \
    (KARX_CPU_AVX2 | KARX_CPU_VPCLMUL | KARX_CPU_PCLMUL | KARX_CPU_SSSE3 | KARX_CPU_SSE41)

#define GMAC_TARGETS(nm, a, kb)                                                                \
    {.name = "gmac-key " nm, .in_bytes = kb, .slot_bytes = GK, .prep = prep_gcm_key,            \
     .run = run_gmac_key, .alg = a, .len = GCM_LEN, .is_cipher = 1},                           \
    {.name = "gmac-msg " nm, .in_bytes = GCM_LEN, .prep = no_prep, .run = run_gmac_msg,         \
     .alg = a, .len = GCM_LEN, .is_cipher = 1},                                                \
    {.name = "gmac-verify-msg " nm, .in_bytes = GCM_LEN, .prep = no_prep,                       \
     .run = run_gmac_verify_msg, .alg = a, .len = GCM_LEN, .is_cipher = 1,                     \
     .expect = KARX_ERR_AUTHENTICATION}

/* Lane kernels: the secret key (scheduled outside the timing for CBC; the raw key inside the
 * call for CMAC and HMAC) over public messages, or secret messages under the fixed key. */
#define CBC_MANY_TARGETS(nm, a, kb)                                                            \
    {.name = "cbc-many-key " nm, .in_bytes = kb, .slot_bytes = KS, .prep = prep_key,            \
     .run = run_cbc_many, .alg = a, .len = 4096, .is_cipher = 1, .parts = 64,                  \
     .secret_key = 1},                                                                         \
    {.name = "cbc-many-msg " nm, .in_bytes = 4096, .prep = no_prep, .run = run_cbc_many,        \
     .alg = a, .len = 4096, .is_cipher = 1, .parts = 64}
#define CMAC_MANY_TARGETS(nm, a, kb)                                                           \
    {.name = "cmac-many-key " nm, .in_bytes = kb, .prep = no_prep, .run = run_cmac_many,        \
     .alg = a, .len = 4064, .is_cipher = 1, .parts = 32, .secret_key = 1},                     \
    {.name = "cmac-many-msg " nm, .in_bytes = 4064, .prep = no_prep, .run = run_cmac_many,      \
     .alg = a, .len = 4064, .is_cipher = 1, .parts = 32}
#define HMAC_MANY_TARGETS(nm, a)                                                               \
    {.name = "hmac-many-key " nm, .in_bytes = 32, .prep = no_prep, .run = run_hmac_many,        \
     .alg = a, .len = 4096, .parts = 32, .secret_key = 1},                                     \
    {.name = "hmac-many-msg " nm, .in_bytes = 4096, .prep = no_prep, .run = run_hmac_many,      \
     .alg = a, .len = 4096, .parts = 32}

static const target targets[] = {
    {.name = "selftest-leak", .in_bytes = 64, .prep = no_prep, .run = run_selftest_leak,
     .len = 64},
    CIPHER_TARGETS("lea128", KARX_CIPHER_LEA128, 16, 16),
    CIPHER_TARGETS("lea192", KARX_CIPHER_LEA192, 24, 16),
    CIPHER_TARGETS("lea256", KARX_CIPHER_LEA256, 32, 16),
    CIPHER_TARGETS("hight", KARX_CIPHER_HIGHT, 16, 8),
    CIPHER_TARGETS("cham64-128", KARX_CIPHER_CHAM64_128, 16, 8),
    CIPHER_TARGETS("cham128-128", KARX_CIPHER_CHAM128_128, 16, 16),
    CIPHER_TARGETS("cham128-256", KARX_CIPHER_CHAM128_256, 32, 16),
    /* ARIA: its GFNI kernels where the CPU has GFNI, else the computed S-boxes */
    CIPHER_TARGETS("aria128", KARX_CIPHER_ARIA128, 16, 16),
    CIPHER_TARGETS("aria256", KARX_CIPHER_ARIA256, 32, 16),
    {.name = "lsh256 one message", .in_bytes = 512, .prep = no_prep, .run = run_lsh,
     .alg = KARX_LSH256_256, .len = 512},
    {.name = "lsh512 one message", .in_bytes = 1024, .prep = no_prep, .run = run_lsh,
     .alg = KARX_LSH512_512, .len = 1024},
    {.name = "lsh256 16 lanes", .in_bytes = 4096, .prep = no_prep, .run = run_lsh_many,
     .alg = KARX_LSH256_256, .len = 4096},
    {.name = "lsh512 16 lanes", .in_bytes = 4096, .prep = no_prep, .run = run_lsh_many,
     .alg = KARX_LSH512_512, .len = 4096},
    {.name = "gcm-key lea128 (GHASH)", .in_bytes = 16, .slot_bytes = GK, .prep = prep_gcm_key,
     .run = run_gcm_key, .alg = KARX_CIPHER_LEA128, .len = 1024, .is_cipher = 1},
    {.name = "gcm-open-forged lea128", .in_bytes = 1024, .prep = no_prep,
     .run = run_gcm_open, .alg = KARX_CIPHER_LEA128, .len = 1024, .is_cipher = 1,
     .expect = KARX_ERR_AUTHENTICATION},
    {.name = "drbg-generate lea128", .in_bytes = 32, .slot_bytes = sizeof(karx_ctr_drbg),
     .prep = prep_drbg, .run = run_drbg, .alg = KARX_CIPHER_LEA128, .len = 1024, .is_cipher = 1},
    {.name = "drbg-generate hight", .in_bytes = 24, .slot_bytes = sizeof(karx_ctr_drbg),
     .prep = prep_drbg, .run = run_drbg, .alg = KARX_CIPHER_HIGHT, .len = 1024, .is_cipher = 1},
    XTS_TARGETS("lea128", KARX_CIPHER_LEA128, 16),
    XTS_TARGETS("cham128-128", KARX_CIPHER_CHAM128_128, 16),
    GCM_TARGETS("lea128", KARX_CIPHER_LEA128, 16, NULL, 0),
    GCM_TARGETS("cham128-128", KARX_CIPHER_CHAM128_128, 16, NULL, 0),
    GCM_TARGETS("lea128 [avx2 stitched]", KARX_CIPHER_LEA128, 16, "avx2", STITCH_NEED),
    GCM_TARGETS("cham128-128 [avx2 stitched]", KARX_CIPHER_CHAM128_128, 16, "avx2", STITCH_NEED),
    GMAC_TARGETS("lea128", KARX_CIPHER_LEA128, 16),
    {.name = "gcm-jobs-key lea128", .in_bytes = JOBS_N * 16, .slot_bytes = JOBS_N * GK,
     .prep = prep_gcm_jobs_keys, .run = run_gcm_jobs, .alg = KARX_CIPHER_LEA128, .len = JOBS_BYTES,
     .is_cipher = 1, .secret_key = 1},
    {.name = "gcm-jobs-msg lea128", .in_bytes = JOBS_BYTES, .prep = no_prep, .run = run_gcm_jobs,
     .alg = KARX_CIPHER_LEA128, .len = JOBS_BYTES, .is_cipher = 1},
    {.name = "gcm-jobs-key cham128-128", .in_bytes = JOBS_N * 16, .slot_bytes = JOBS_N * GK,
     .prep = prep_gcm_jobs_keys, .run = run_gcm_jobs, .alg = KARX_CIPHER_CHAM128_128,
     .len = JOBS_BYTES, .is_cipher = 1, .secret_key = 1},
    {.name = "gcm-jobs-key lea128 64B", .in_bytes = JOBS_N * 16, .slot_bytes = JOBS_N * GK,
     .prep = prep_gcm_jobs_keys, .run = run_gcm_jobs, .alg = KARX_CIPHER_LEA128, .len = JOBS_N * 64,
     .is_cipher = 1, .secret_key = 1, .uniform = 1},
    {.name = "gcm-jobs-msg lea128 64B", .in_bytes = JOBS_N * 64, .prep = no_prep,
     .run = run_gcm_jobs, .alg = KARX_CIPHER_LEA128, .len = JOBS_N * 64, .is_cipher = 1,
     .uniform = 1},
    CBC_MANY_TARGETS("lea128", KARX_CIPHER_LEA128, 16),
    CBC_MANY_TARGETS("cham128-128", KARX_CIPHER_CHAM128_128, 16),
    CBC_MANY_TARGETS("hight", KARX_CIPHER_HIGHT, 16),
    CMAC_MANY_TARGETS("lea128", KARX_CIPHER_LEA128, 16),
    CMAC_MANY_TARGETS("hight", KARX_CIPHER_HIGHT, 16),
    HMAC_MANY_TARGETS("lsh256", KARX_LSH256_256),
    HMAC_MANY_TARGETS("lsh512", KARX_LSH512_512),
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
    karx_status *st;
} arena;

/* A call that did not return what the target expects measured something else (an argument
 * check, say): stop rather than report it. */
static void harness_error(const target *t, const char *what)
{
    fprintf(stderr, "karx: dudect: %s: %s: the harness is wrong, nothing measured\n", t->name,
            what);
    exit(2);
}

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
        if (t->prep(t, a->slots + i * t->slot_bytes, in) != KARX_OK)
            harness_error(t, "prep failed");
    }
    for (size_t i = 0; i < BATCH; i++) {
        uint8_t *slot = a->slots + i * t->slot_bytes, *in = a->in + i * t->in_bytes;
        uint64_t t0 = ticks();
        a->st[i] = t->run(t, slot, in);
        a->cycles[i] = ticks() - t0;
    }
    for (size_t i = 0; i < BATCH; i++)
        if (a->st[i] != t->expect)
            harness_error(t, karx_strerror(a->st[i]));
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

/* The secret must reach the timed call, or the target measures nothing secret: the output (the
 * public out buffer, or the key schedule a keysched target writes) after the fixed input and
 * after a random one must differ. Exempt: the selftest, refused forged tags (the output is zero
 * either way) and targets marked same_output (a successful open of a public message under a
 * secret key). */
static void check_secret_reaches(const target *t)
{
    if (t->run == run_selftest_leak || t->expect != KARX_OK || t->same_output)
        return;
    size_t sb = t->slot_bytes ? t->slot_bytes : 1;
    uint8_t *in = calloc(1, t->in_bytes), *slot = calloc(1, sb);
    uint8_t *out[2] = {malloc(sizeof pub_out), malloc(sizeof pub_out)};
    uint8_t *sched[2] = {malloc(sb), malloc(sb)};
    if (in == NULL || slot == NULL || out[0] == NULL || out[1] == NULL || sched[0] == NULL ||
        sched[1] == NULL) {
        fprintf(stderr, "karx: dudect: out of memory\n");
        exit(2);
    }
    for (int c = 0; c < 2; c++) {
        if (c == 1)
            rnd_bytes(in, t->in_bytes);
        memset(pub_out, 0, sizeof pub_out);
        memset(slot, 0, sb);
        if (t->prep(t, slot, in) != KARX_OK || t->run(t, slot, in) != KARX_OK)
            harness_error(t, "the output check's call failed");
        memcpy(out[c], pub_out, sizeof pub_out);
        memcpy(sched[c], slot, sb);
    }
    int same = t->run == run_set_key ? memcmp(sched[0], sched[1], sb) == 0
                                     : memcmp(out[0], out[1], sizeof pub_out) == 0;
    karx_memzero(slot, sb), karx_memzero(sched[0], sb), karx_memzero(sched[1], sb);
    free(in), free(slot), free(out[0]), free(out[1]), free(sched[0]), free(sched[1]);
    if (same)
        harness_error(t, "the output does not depend on the secret");
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
    a.st = malloc(BATCH * sizeof *a.st);
    if (a.in == NULL || a.slots == NULL || a.cls == NULL || a.cycles == NULL || a.st == NULL) {
        fprintf(stderr, "karx: dudect: out of memory\n");
        exit(2);
    }
    one_batch(t, &a, &s, 1);
    *median_cycles = s.thr[0];
    for (size_t done = 0; done < measurements; done += BATCH)
        one_batch(t, &a, &s, 0);
    if (t->slot_bytes != 0) /* key schedules and DRBG states are secrets */
        karx_memzero(a.slots, BATCH * t->slot_bytes);
    free(a.in), free(a.slots), free(a.cls), free(a.cycles), free(a.st);
    return max_abs_t(&s);
}

/* The fixed keys (secret, the same for both classes) of the target's cipher, scheduled under
 * the target's back end: the cipher key, the XTS pair and the GCM key, where the cipher has
 * them. */
static void set_fixed_keys(const target *t)
{
    karx_cipher_alg alg = t->is_cipher ? (karx_cipher_alg)t->alg : KARX_CIPHER_LEA128;
    size_t kb = karx_cipher_key_bytes(alg);
    karx_cipher_set_key(&fixed_sched, alg, fixed_key, kb);
    if (karx_cipher_block_bytes(alg) == 16) {
        if (karx_xts_set_key(&fixed_xts, alg, fixed_key, 2 * kb) != KARX_OK ||
            karx_gcm_set_key(&fixed_gcm, alg, fixed_key, kb) != KARX_OK)
            harness_error(t, "fixed key refused");
    }
}

static void wipe_fixed_keys(void)
{
    karx_cipher_key_wipe(&fixed_sched);
    karx_xts_key_wipe(&fixed_xts);
    karx_gcm_key_wipe(&fixed_gcm);
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

/* The CPU features the targets care about, for the record. */
static void print_features(void)
{
    static const struct {
        unsigned bit;
        const char *name;
    } f[] = {{KARX_CPU_AVX2, "avx2"},           {KARX_CPU_AVX512F, "avx512f"},
             {KARX_CPU_AVX512VL, "avx512vl"},   {KARX_CPU_AVX512BW, "avx512bw"},
             {KARX_CPU_AVX512VBMI2, "vbmi2"},   {KARX_CPU_PCLMUL, "pclmulqdq"},
             {KARX_CPU_VPCLMUL, "vpclmulqdq"}, {KARX_CPU_GFNI, "gfni"},
             {KARX_CPU_AVX512_FULL, "zmm-full-rate"}};
    unsigned have = karx_cpu_features();
    printf("dudect: cpu features:");
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (have & f[i].bit)
            printf(" %s", f[i].name);
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *bname = "avx512", *filter = NULL;
    size_t measurements = 1000000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list") == 0) {
            for (size_t k = 0; k < NTARGETS; k++)
                printf("%s%s\n", targets[k].name, targets[k].on_request ? " (on request)" : "");
            return 0;
        } else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            bname = argv[++i];
        } else if (strcmp(argv[i], "--measurements") == 0 && i + 1 < argc) {
            char *end;
            double m = strtod(argv[++i], &end); /* 1000000 or 1e6 */
            if (*end != '\0' || !(m >= 0 && m < 1e12))
                return usage();
            measurements = (size_t)m;
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
    rnd_bytes(pub_tweak, sizeof pub_tweak);
    rnd_bytes(xts_mask, sizeof xts_mask);

    printf("dudect: back end %s, %zu measurements a target, |t| > %.1f = leak, > %.1f = suspect\n",
           karx_backend_name(b), measurements, LEAK_T, SUSPECT_T);
    print_features();
    int leaks = 0, planted_seen = 0, skipped = 0;
    for (size_t k = 0; k < NTARGETS; k++) {
        const target *t = &targets[k];
        const int planted = k == 0;
        if (!planted && filter != NULL && strstr(t->name, filter) == NULL)
            continue;
        if (t->on_request && (filter == NULL || strstr(t->name, filter) == NULL))
            continue;
        /* A target with its own back end runs under it, then the --backend one comes back. */
        karx_backend tb = b;
        if (t->backend != NULL && karx_backend_from_name(t->backend, &tb) != KARX_OK)
            harness_error(t, "unknown back end");
        if (karx_set_backend(tb) != KARX_OK || (karx_cpu_features() & t->need) != t->need) {
            printf("%-44s skipped: this CPU cannot run its path (back end %s)\n", t->name,
                   karx_backend_name(tb));
            skipped++;
            karx_set_backend(b);
            continue;
        }
        set_fixed_keys(t);
        check_secret_reaches(t);
        double med, tmax = measure(t, planted ? BATCH * 10 : measurements, &med);
        wipe_fixed_keys();
        karx_set_backend(b);
        printf("%-44s median %8.0f cycles  max|t| %7.2f  %s\n", t->name, med, tmax,
               planted ? (tmax > LEAK_T ? "(planted leak: seen)" : "(planted leak: NOT seen)")
                       : verdict(tmax));
        fflush(stdout);
        if (planted)
            planted_seen = tmax > LEAK_T;
        else
            leaks += tmax > LEAK_T;
    }
    karx_memzero(fixed_key, sizeof fixed_key);
    karx_memzero(xts_mask, sizeof xts_mask);
    if (!planted_seen) {
        printf("dudect: the harness did not see its planted leak: results are meaningless\n");
        return 2;
    }
    printf("dudect: %d leak%s", leaks, leaks == 1 ? "" : "s");
    if (skipped)
        printf(", %d target%s skipped (not measured)", skipped, skipped == 1 ? "" : "s");
    printf("\n");
    return leaks ? 1 : 0;
}
