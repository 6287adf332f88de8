/* karx_gcm_seal_jobs / karx_gcm_open_jobs (and the _pool forms) against a loop of karx_gcm_seal /
 * karx_gcm_open, on every back end this machine runs: random mixes of ciphers (LEA-128/192/256,
 * CHAM-128/128 and /256 in lanes; ARIA by the loop), session keys shared by some jobs, 12- and
 * 16-byte IVs (and odd lengths), AAD 0..40 bytes, records 0 to several KiB, truncated tags, in
 * place and out of place at odd offsets, n = 0, 1 and the lane counts +- 1. Forged tags fail
 * alone (their out zero-filled, the others opened); bad jobs get their status and the others
 * still complete; jobs NULL with n > 0 is refused. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cpu.h"
#include "karx/gcm.h"
#include "karx/pool.h"
#include "test_util.h"

#define NKEYS 12
#define MAXJOBS 300
#define MAXREC 5000

static karx_gcm_key keys[NKEYS];
static const karx_cipher_alg key_alg[NKEYS] = {
    KARX_CIPHER_LEA128,      KARX_CIPHER_LEA128,      KARX_CIPHER_LEA128, KARX_CIPHER_LEA192,
    KARX_CIPHER_LEA256,      KARX_CIPHER_LEA256,      KARX_CIPHER_CHAM128_128,
    KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256, KARX_CIPHER_ARIA128,
    KARX_CIPHER_LEA128,      KARX_CIPHER_CHAM128_128};

typedef struct {
    uint8_t iv[64], aad[40], tag[16], rtag[16];
    uint8_t *pt, *ref, *buf; /* buf: MAXREC + 8 */
    size_t off;
    karx_status rst;
} rec;

static rec recs[MAXJOBS];
static karx_gcm_job jobs[MAXJOBS];

/* Draws job i: its key among keys[0 .. nk) (nk 1: one cipher for all), sizes, buffers. */
static void draw(size_t i, int nk, size_t maxlen, int inplace_mix)
{
    rec *r = &recs[i];
    karx_gcm_job *j = &jobs[i];
    static const size_t ivs[] = {12, 12, 12, 16, 1, 60};
    static const size_t tags[] = {16, 16, 12, 8, 4, 13, 14};
    memset(j, 0, sizeof *j);
    j->key = &keys[nk == 1 ? 0 : (size_t)(t_rand64() % (uint64_t)nk)];
    j->iv_len = ivs[t_rand64() % 6];
    t_fill(r->iv, j->iv_len);
    j->iv = r->iv;
    j->aad_len = (size_t)(t_rand64() % 41);
    t_fill(r->aad, j->aad_len);
    j->aad = r->aad;
    j->len = t_rand64() % 4 == 0 ? (size_t)(t_rand64() % (maxlen + 1))
                                 : (size_t)(t_rand64() % (maxlen < 200 ? maxlen + 1 : 201));
    t_fill(r->pt, j->len);
    j->tag_len = tags[t_rand64() % 7];
    j->tag = r->tag;
    r->off = (size_t)(t_rand64() % 8);
    int inplace = inplace_mix && (t_rand64() & 1);
    j->out = r->buf + r->off;
    if (inplace) {
        memcpy(j->out, r->pt, j->len);
        j->in = j->out;
    } else {
        j->in = r->pt;
    }
    j->status = (karx_status)12345; /* must be overwritten */
    r->rst = karx_gcm_seal(j->key, j->iv, j->iv_len, r->ref, r->rtag, j->tag_len, r->pt, j->len,
                           j->aad, j->aad_len);
}

/* Seals jobs[0 .. n) (pool p: NULL for the serial call) and checks every job against the loop;
 * then opens them, with the tags of the jobs in forged[] flipped. */
static void run_batch(size_t n, karx_pool *p, const char *what)
{
    karx_status st = p ? karx_gcm_seal_jobs_pool(p, jobs, n) : karx_gcm_seal_jobs(jobs, n);
    karx_status want = KARX_OK;
    for (size_t i = 0; i < n; i++) {
        rec *r = &recs[i];
        karx_gcm_job *j = &jobs[i];
        if (want == KARX_OK && r->rst != KARX_OK)
            want = r->rst;
        CHECK(j->status == r->rst, "%s seal job %zu status %d want %d", what, i, j->status,
              r->rst);
        if (r->rst == KARX_OK)
            CHECK(memcmp(j->out, r->ref, j->len) == 0 && memcmp(j->tag, r->rtag, j->tag_len) == 0,
                  "%s seal job %zu (len %zu iv %zu aad %zu tag %zu alg %u)", what, i, j->len,
                  j->iv_len, j->aad_len, j->tag_len, (unsigned)j->key->cipher.alg);
    }
    CHECK(st == want, "%s seal returns the first failure: %d want %d", what, st, want);

    /* open: in place or not as sealed; every fifth valid job forged */
    want = KARX_OK;
    for (size_t i = 0; i < n; i++) {
        karx_gcm_job *j = &jobs[i];
        if (recs[i].rst != KARX_OK)
            continue;
        if (j->in != j->out)
            j->in = recs[i].ref;
        else
            memcpy(j->out, recs[i].ref, j->len);
        if (i % 5 == 3)
            j->tag[t_rand64() % j->tag_len] ^= (uint8_t)(1u << (t_rand64() % 8));
        if (want == KARX_OK)
            want = i % 5 == 3 ? KARX_ERR_AUTHENTICATION : KARX_OK;
    }
    st = p ? karx_gcm_open_jobs_pool(p, jobs, n) : karx_gcm_open_jobs(jobs, n);
    karx_status first = KARX_OK;
    for (size_t i = 0; i < n; i++) {
        karx_gcm_job *j = &jobs[i];
        karx_status w = recs[i].rst != KARX_OK ? recs[i].rst
                        : i % 5 == 3           ? KARX_ERR_AUTHENTICATION
                                               : KARX_OK;
        if (first == KARX_OK)
            first = w;
        CHECK(j->status == w, "%s open job %zu status %d want %d", what, i, j->status, w);
        if (w == KARX_OK)
            CHECK(memcmp(j->out, recs[i].pt, j->len) == 0, "%s open job %zu plaintext", what, i);
        if (w == KARX_ERR_AUTHENTICATION) {
            int zero = 1;
            for (size_t b = 0; b < j->len; b++)
                zero &= j->out[b] == 0;
            CHECK(zero, "%s forged job %zu: out zero-filled", what, i);
        }
    }
    CHECK(st == first, "%s open returns the first failure: %d want %d", what, st, first);
}

static void random_batches(const char *bname, karx_pool **pools, int npools)
{
    static const size_t ns[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100};
    char what[96];
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        for (int nk = 1; nk <= NKEYS; nk += NKEYS - 1) {
            for (size_t i = 0; i < ns[k]; i++)
                draw(i, nk, k % 3 == 0 ? MAXREC : 300, 1);
            snprintf(what, sizeof what, "%s n=%zu keys=%d", bname, ns[k], nk);
            run_batch(ns[k], NULL, what);
        }
    }
    /* one length for all (every lane refills at one step), one key class: with AAD of one block
     * at most the pass takes it (pre), and on whole blocks the length block too (post); a tail,
     * a longer AAD or a 16-byte IV in some lanes take the separate calls for those parts */
    static const struct {
        size_t len, max_aad;
        int iv16;
    } shapes[] = {{64, 16, 0}, {64, 40, 0}, {50, 16, 0}, {576, 13, 0}, {64, 16, 1}, {16, 0, 0},
                  {1, 16, 0}, {32, 17, 0}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        for (size_t i = 0; i < 64; i++) {
            draw(i, 1, 64, (int)(s & 1));
            size_t len = shapes[s].len;
            jobs[i].len = len;
            jobs[i].aad_len = (size_t)(t_rand64() % (shapes[s].max_aad + 1));
            if (s == 7) /* one lane a group over one AAD block */
                jobs[i].aad_len = i % 16 == 5 ? 17 : 16;
            jobs[i].iv_len = shapes[s].iv16 && i % 3 == 0 ? 16 : 12;
            jobs[i].tag_len = 16;
            t_fill(recs[i].pt, len);
            if (jobs[i].in == jobs[i].out)
                memcpy(jobs[i].out, recs[i].pt, len);
            recs[i].rst = karx_gcm_seal(jobs[i].key, jobs[i].iv, jobs[i].iv_len, recs[i].ref,
                                        recs[i].rtag, 16, recs[i].pt, len, jobs[i].aad,
                                        jobs[i].aad_len);
        }
        snprintf(what, sizeof what, "%s 64 x %zu B, AAD <= %zu", bname, shapes[s].len,
                 shapes[s].max_aad);
        run_batch(64, NULL, what);
    }
    for (int p = 0; p < npools; p++) {
        for (size_t i = 0; i < MAXJOBS; i++)
            draw(i, NKEYS, 600, 1);
        snprintf(what, sizeof what, "%s pool %d", bname, p);
        run_batch(MAXJOBS, pools[p], what);
    }
}

static void bad_jobs(void)
{
    karx_gcm_key unset;
    memset(&unset, 0, sizeof unset);
    for (size_t i = 0; i < 12; i++)
        draw(i, NKEYS, 100, 0);
    /* a valid job's status is what the loop says; the bad ones: */
    jobs[1].key = NULL;
    recs[1].rst = KARX_ERR_ARGUMENT;
    jobs[2].key = &unset;
    recs[2].rst = KARX_ERR_STATE;
    jobs[3].tag_len = 3;
    recs[3].rst = KARX_ERR_ARGUMENT;
    jobs[4].iv_len = 0;
    recs[4].rst = KARX_ERR_IV_LENGTH;
    jobs[5].len = 10;
    jobs[5].out = NULL;
    recs[5].rst = KARX_ERR_ARGUMENT;
    jobs[6].len = 40; /* out one byte past in: overlapping */
    jobs[6].in = recs[6].buf;
    jobs[6].out = recs[6].buf + 1;
    recs[6].rst = KARX_ERR_ARGUMENT;
    jobs[7].tag = jobs[7].out + 2; /* the tag inside the output */
    jobs[7].len = 40;
    recs[7].rst = KARX_ERR_ARGUMENT;
    jobs[8].iv = NULL;
    recs[8].rst = KARX_ERR_ARGUMENT;
    jobs[9].aad = NULL;
    jobs[9].aad_len = 5;
    recs[9].rst = KARX_ERR_ARGUMENT;
    karx_status st = karx_gcm_seal_jobs(jobs, 12);
    CHECK(st == recs[1].rst, "the first failing job's status: %d", st);
    for (size_t i = 0; i < 12; i++) {
        CHECK(jobs[i].status == recs[i].rst, "bad job %zu: %d want %d", i, jobs[i].status,
              recs[i].rst);
        if (recs[i].rst == KARX_OK)
            CHECK(memcmp(jobs[i].out, recs[i].ref, jobs[i].len) == 0, "good job %zu sealed", i);
    }
    CHECK(karx_gcm_seal_jobs(NULL, 3) == KARX_ERR_ARGUMENT, "NULL jobs");
    CHECK(karx_gcm_open_jobs(NULL, 1) == KARX_ERR_ARGUMENT, "NULL jobs (open)");
    CHECK(karx_gcm_seal_jobs(NULL, 0) == KARX_OK, "n = 0");
    CHECK(karx_gcm_open_jobs_pool(NULL, NULL, 0) == KARX_OK, "n = 0 (pool)");
    CHECK(karx_gcm_seal_jobs_pool(NULL, NULL, 2) == KARX_ERR_ARGUMENT, "NULL jobs (pool)");
}

/* The bytes per session docs/API.md states, and the layout a record job relies on: the key as
 * given and H .. H^4 in the first two cache lines (a key at a 64-byte boundary). */
static void key_layout(void)
{
    CHECK(sizeof(karx_gcm_key) <= 48 + 512 + sizeof(karx_cipher_key),
          "sizeof(karx_gcm_key) %zu: no stitched table, no growth", sizeof(karx_gcm_key));
    CHECK(offsetof(karx_gcm_key, raw) + 32 <= 64, "the key as given in the first line");
    CHECK(offsetof(karx_gcm_key, htab) + 4 * 16 <= 128, "H .. H^4 within the first two lines");
#if UINTPTR_MAX == 0xffffffffffffffffu
    CHECK(sizeof(karx_gcm_key) == 1336, "1,336 bytes a session on LP64 (docs/API.md): %zu",
          sizeof(karx_gcm_key));
#endif
}

int main(void)
{
    key_layout();
    static uint8_t mem[MAXJOBS][3][MAXREC + 8];
    for (size_t i = 0; i < MAXJOBS; i++) {
        recs[i].pt = mem[i][0];
        recs[i].ref = mem[i][1];
        recs[i].buf = mem[i][2];
    }
    for (int k = 0; k < NKEYS; k++) {
        uint8_t kb[32];
        t_fill(kb, sizeof kb);
        size_t kl = karx_cipher_key_bytes(key_alg[k]);
        CHECK(karx_gcm_set_key(&keys[k], key_alg[k], kb, kl) == KARX_OK, "key %d", k);
    }
    karx_pool *pools[3] = {NULL, NULL, NULL};
    for (int p = 0; p < 3; p++)
        CHECK(karx_pool_new(&pools[p], (unsigned)p + 1) == KARX_OK, "pool %d", p + 1);
    karx_backend best = karx_get_backend();
    for (int b = 0; b < t_backend_count(); b++) {
        if (!karx_backend_supported((karx_backend)b))
            continue;
        CHECK(karx_set_backend((karx_backend)b) == KARX_OK, "backend %d", b);
        const char *bname = karx_backend_name((karx_backend)b);
        random_batches(bname, pools, (karx_backend)b == best ? 3 : 1);
        bad_jobs();
    }
    karx_set_backend(best);
    for (int p = 0; p < 3; p++)
        karx_pool_free(pools[p]);
    for (int k = 0; k < NKEYS; k++)
        karx_gcm_key_wipe(&keys[k]);
    return t_finish("gcm_jobs");
}
