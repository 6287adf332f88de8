/* CTR record jobs (karx_ctr_jobs, karx_ctr_jobs_pool): many messages, each under its own cipher
 * and key. Every job is checked first and gets its status. Then, cipher by cipher, the short
 * jobs of a cipher with a lane kernel (lanes.h: LEA, CHAM-128) run a job per lane: each lane
 * builds its job's counter blocks, the kernel encrypts one block per lane per call, and a lane
 * whose job ends takes the next job of that cipher (the lanes' keys are then rescheduled, once
 * per call whatever the number of lanes refilled). When no job is left to start and few lanes
 * are busy, the rest of each busy job runs as one karx_ctr_xor, which fills the lanes of the
 * bulk kernel from one message. Long jobs and the ciphers without a lane kernel run as one
 * karx_ctr_xor each. */
#include <string.h>

#include "karx/cipher.h"
#include "lanes/jobs_lanes.h"
#include "modes/modes_internal.h"
#include "pool/par_jobs.h"

/* Jobs of at least this many bytes run alone on the bulk kernel, which fills its lanes from one
 * message as well as the job lanes would from many, without the per-job schedule. */
#define CJ_LONG 224

static karx_status cj_check(const karx_ctr_job *j)
{
    const size_t bb = karx_cipher_block_bytes(j->alg);
    if (bb == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (j->key == NULL || j->ctr == NULL || (j->len != 0 && (j->in == NULL || j->out == NULL)) ||
        karx_i_jobs_overlap(j->out, j->in, j->len))
        return KARX_ERR_ARGUMENT;
    if (karx_i_jobs_share(j->ctr, bb, j->out, j->len) || karx_i_jobs_share(j->ctr, bb, j->in, j->len))
        return KARX_ERR_ARGUMENT;
    if (j->key_len != karx_cipher_key_bytes(j->alg))
        return KARX_ERR_KEY_LENGTH;
    size_t blocks = j->len / bb + (j->len % bb != 0);
    return blocks > karx_i_ctr_capacity(j->ctr, bb) ? KARX_ERR_COUNTER_OVERFLOW : KARX_OK;
}

/* One job (or the rest of one: len bytes from ctr) as the one-record call. */
static void cj_single(const karx_ctr_job *j, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                      size_t len)
{
    karx_cipher_key k;
    if (karx_cipher_set_key(&k, j->alg, j->key, j->key_len) == KARX_OK)
        (void)karx_ctr_xor(&k, ctr, out, in, len);
    karx_cipher_key_wipe(&k);
}

/* A lane: its job, the bytes done, and its counter (as the lanes hold a block: 4 words). */
typedef struct {
    size_t job;
    size_t off;
    uint32_t c[4];
} cj_lane;

/* 1 if job i is one for the lanes of alg. */
static int cj_lane_job(const karx_ctr_job *j, karx_cipher_alg alg)
{
    return j->status == KARX_OK && j->alg == alg && j->len != 0 && j->len < CJ_LONG;
}

/* Moves *next to the next lane job of alg (n when none is left); 1 if there is one. */
static int cj_more(const karx_ctr_job *jobs, size_t n, size_t *next, karx_cipher_alg alg)
{
    while (*next < n && !cj_lane_job(&jobs[*next], alg))
        (*next)++;
    return *next < n;
}

/* That job, taken; n when none is left. */
static size_t cj_next(const karx_ctr_job *jobs, size_t n, size_t *next, karx_cipher_alg alg)
{
    return cj_more(jobs, n, next, alg) ? (*next)++ : n;
}

/* The lane jobs of alg in jobs [0, n), on kernel k. */
static void cj_lanes(const karx_i_lanes_kernel *k, karx_cipher_alg alg, karx_ctr_job *jobs,
                     size_t n)
{
    _Alignas(KARX_I_LANES_CTX_ALIGN) uint8_t ctx[KARX_I_LANES_CTX_BYTES];
    _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX];
    const uint8_t *keys[KARX_I_LANES_MAX];
    cj_lane lane[KARX_I_LANES_MAX];
    unsigned char busy[KARX_I_LANES_MAX];
    uint8_t ks[16];
    const unsigned L = k->lanes;
    size_t next = 0, active = 0, key_len = karx_cipher_key_bytes(alg);

    memset(busy, 0, sizeof busy);
    memset(lane, 0, sizeof lane);
    for (unsigned l = 0; l < L; l++) {
        size_t i = cj_next(jobs, n, &next, alg);
        if (i == n)
            break;
        busy[l] = 1;
        lane[l].job = i;
        lane[l].off = 0;
        karx_i_lanes_words(lane[l].c, jobs[i].ctr);
        karx_i_lanes_prefetch(jobs[i].in, jobs[i].out, jobs[i].len);
        active++;
    }
    if (active == 0)
        return;
    int dirty = 1, more = cj_more(jobs, n, &next, alg);
    while (active != 0 && (more || 4 * active > L)) {
        if (dirty) { /* idle lanes borrow a busy lane's key */
            const uint8_t *live = NULL;
            for (unsigned l = 0; l < L; l++)
                if (busy[l])
                    live = jobs[lane[l].job].key;
            for (unsigned l = 0; l < L; l++)
                keys[l] = busy[l] ? jobs[lane[l].job].key : live;
            k->schedule(ctx, keys, key_len);
            dirty = 0;
        }
        for (unsigned l = 0; l < L; l++) /* idle lanes: a stale counter, unused */
            for (unsigned q = 0; q < 4; q++)
                w[q * L + l] = lane[l].c[q];
        k->encrypt(ctx, w);
        for (unsigned l = 0; l < L; l++) {
            if (!busy[l])
                continue;
            cj_lane *ln = &lane[l];
            karx_ctr_job *j = &jobs[ln->job];
            const size_t left = j->len - ln->off;
            if (left >= 16) {
                karx_i_lanes_xor_block(j->out + ln->off, j->in + ln->off, w, L, l);
                ln->off += 16;
            } else {
                karx_i_lanes_get(w, L, l, ks);
                karx_i_xor(j->out + ln->off, j->in + ln->off, ks, left);
                ln->off += left;
            }
            karx_i_lanes_inc(ln->c);
            if (ln->off < j->len)
                continue;
            karx_i_lanes_bytes(j->ctr, ln->c);
            size_t i = cj_next(jobs, n, &next, alg);
            more = cj_more(jobs, n, &next, alg);
            dirty = 1;
            if (i < n) {
                ln->job = i;
                ln->off = 0;
                karx_i_lanes_words(ln->c, jobs[i].ctr);
                karx_i_lanes_prefetch(jobs[i].in, jobs[i].out, jobs[i].len);
            } else {
                busy[l] = 0;
                active--;
            }
        }
    }
    /* the last few jobs: their rest on the bulk kernel */
    for (unsigned l = 0; l < L; l++) {
        if (!busy[l])
            continue;
        karx_ctr_job *j = &jobs[lane[l].job];
        uint8_t c[16];
        karx_i_lanes_bytes(c, lane[l].c);
        cj_single(j, c, j->out + lane[l].off, j->in + lane[l].off, j->len - lane[l].off);
        memcpy(j->ctr, c, 16);
    }
    karx_i_lanes_wipe(ctx);
    karx_memzero(w, sizeof w);
    karx_memzero(ks, sizeof ks);
    karx_memzero(lane, sizeof lane);
}

/* Checks every job of [lo, hi), then runs the ones that passed. */
static void cj_run(void *p, size_t lo, size_t hi, void *arg)
{
    karx_ctr_job *jobs = (karx_ctr_job *)p + lo;
    const size_t n = hi - lo;
    unsigned seen = 0; /* bit a: a lane job of cipher a is waiting */
    (void)arg;
    for (size_t i = 0; i < n; i++) {
        karx_ctr_job *j = &jobs[i];
        j->status = cj_check(j);
        if (j->status != KARX_OK || j->len == 0)
            continue;
        if (j->len < CJ_LONG && karx_i_lanes_for(j->alg) != NULL)
            seen |= 1u << j->alg;
        else
            cj_single(j, j->ctr, j->out, j->in, j->len);
    }
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
        if (seen & (1u << a))
            cj_lanes(karx_i_lanes_for((karx_cipher_alg)a), (karx_cipher_alg)a, jobs, n);
}

static size_t cj_weight(const void *p, size_t i)
{
    return ((const karx_ctr_job *)p)[i].len;
}

karx_status karx_ctr_jobs_pool(karx_pool *pool, karx_ctr_job *jobs, size_t n)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    karx_i_jobs_pool(pool, jobs, n, cj_weight, cj_run, NULL);
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != KARX_OK)
            return jobs[i].status;
    return KARX_OK;
}

karx_status karx_ctr_jobs(karx_ctr_job *jobs, size_t n)
{
    return karx_ctr_jobs_pool(NULL, jobs, n);
}
