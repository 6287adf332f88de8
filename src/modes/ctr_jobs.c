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

/* Jobs of at least CJ_LONG(L) bytes run alone on the bulk kernel, which fills its lanes from one
 * message as well as the job lanes (L of them) would from many, without the per-job schedule:
 * 1.5 KiB for 16 lanes (AVX-512), 768 bytes for 8 (AVX2), 384 for 4. Measured, LEA-128 against a
 * loop of set_key + karx_ctr_xor: 576-byte jobs 1.2-1.3x on AVX-512 and AVX2, 1500-byte jobs
 * 1.0-1.1x with 1,024 sessions but 0.7x with 4,096 (16 lanes of records out of cache), 4 KiB
 * 0.65x; SSE2 breaks even near 576 bytes. */
#define CJ_LONG(L) ((size_t)96 * (L))

karx_status karx_i_ctr_job_check(const karx_ctr_job *j, int gate)
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
    /* the key is scheduled in the lanes, not by the cipher's set_key: the gate is met here */
    if (gate)
        KARX_I_SERVICE(karx_i_cipher_approved((uint32_t)j->alg));
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

/* A lane: its job, the bytes done, and its counter: the first three words as the lanes hold a
 * block, and the big-endian value of the last four bytes (ctr32_xor's form, lanes.h). */
typedef struct {
    size_t job;
    size_t off;
    uint32_t c[3];
    uint32_t low;
} cj_lane;

/* 1 if job i is one for the L lanes of alg. */
static int cj_lane_job(const karx_ctr_job *j, karx_cipher_alg alg, unsigned L)
{
    return j->status == KARX_OK && j->alg == alg && j->len != 0 && j->len < CJ_LONG(L);
}

/* Moves *next to the next lane job (n when none is left); 1 if there is one. */
static int cj_more(const karx_ctr_job *jobs, size_t n, size_t *next, karx_cipher_alg alg,
                   unsigned L)
{
    while (*next < n && !cj_lane_job(&jobs[*next], alg, L))
        (*next)++;
    return *next < n;
}

static void cj_lane_start(cj_lane *ln, const karx_ctr_job *jobs, size_t i)
{
    const karx_ctr_job *j = &jobs[i];
    ln->job = i;
    ln->off = 0;
    for (unsigned q = 0; q < 3; q++)
        ln->c[q] = karx_load32_le(j->ctr + 4 * q);
    ln->low = karx_i_lanes_bswap32(karx_load32_le(j->ctr + 12));
    karx_i_lanes_prefetch(j->in, j->out, j->len);
}

/* The counter's bytes. */
static void cj_lane_ctr(const cj_lane *ln, uint8_t ctr[16])
{
    for (unsigned q = 0; q < 3; q++)
        karx_store32_le(ctr + 4 * q, ln->c[q]);
    karx_store32_le(ctr + 12, karx_i_lanes_bswap32(ln->low));
}

/* Advances the counter by steps (at most up to the wrap of its low 32 bits, which carries). */
static void cj_lane_add(cj_lane *ln, size_t steps)
{
    ln->low += (uint32_t)steps;
    if (ln->low != 0 || steps == 0)
        return;
    for (int q = 2; q >= 0; q--) { /* the low 32 bits wrapped: carry into the words above */
        uint32_t v = karx_i_lanes_bswap32(ln->c[q]) + 1;
        ln->c[q] = karx_i_lanes_bswap32(v);
        if (v != 0)
            return;
    }
}

/* The lane jobs of alg in jobs [0, n), on kernel k. A round: refill the idle lanes (and
 * reschedule), run counter mode over as many whole blocks as every live lane has (and as no
 * lane's low 32 counter bits wrap within), then the partial last blocks, then hand back the
 * finished jobs' counters. When no job is left to start and few lanes are live, the rest of
 * each live job runs as one karx_ctr_xor. */
static void cj_lanes(const karx_i_lanes_kernel *k, karx_cipher_alg alg, karx_ctr_job *jobs,
                     size_t n)
{
    _Alignas(KARX_I_LANES_CTX_ALIGN) uint8_t ctx[KARX_I_LANES_CTX_BYTES];
    _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX];
    _Alignas(64) uint32_t c[4 * KARX_I_LANES_MAX];
    const uint8_t *keys[KARX_I_LANES_MAX];
    const uint8_t *ins[KARX_I_LANES_MAX];
    uint8_t *outs[KARX_I_LANES_MAX];
    cj_lane lane[KARX_I_LANES_MAX];
    uint8_t ks[16];
    const unsigned L = k->lanes;
    const size_t key_len = karx_cipher_key_bytes(alg);
    size_t next = 0;
    uint32_t live = 0;
    unsigned active = 0;

    memset(lane, 0, sizeof lane);
    memset(w, 0, sizeof w);
    memset(c, 0, sizeof c);
    for (;;) {
        uint32_t fresh = 0;
        for (unsigned l = 0; l < L; l++) {
            if ((live >> l & 1) || !cj_more(jobs, n, &next, alg, L))
                continue;
            cj_lane_start(&lane[l], jobs, next++);
            fresh |= 1u << l;
            active++;
        }
        live |= fresh;
        if (live == 0 || (!cj_more(jobs, n, &next, alg, L) && 4 * active <= L))
            break;
        if (fresh != 0) { /* idle lanes borrow a live lane's key */
            const uint8_t *any = NULL;
            for (unsigned l = 0; l < L && any == NULL; l++)
                if (live >> l & 1)
                    any = jobs[lane[l].job].key;
            for (unsigned l = 0; l < L; l++)
                keys[l] = live >> l & 1 ? jobs[lane[l].job].key : any;
            k->schedule(ctx, keys, key_len);
        }
        /* whole blocks: as many as every live lane has, short of a wrap of the low 32 bits */
        uint64_t steps = UINT64_MAX;
        for (unsigned l = 0; l < L; l++) {
            if (!(live >> l & 1))
                continue;
            const cj_lane *ln = &lane[l];
            uint64_t s = (jobs[ln->job].len - ln->off) / 16, wrap = ((uint64_t)1 << 32) - ln->low;
            s = s < wrap ? s : wrap;
            steps = s < steps ? s : steps;
        }
        if (steps != 0) {
            for (unsigned l = 0; l < L; l++) {
                cj_lane *ln = &lane[l];
                if (!(live >> l & 1)) {
                    ins[l] = NULL;
                    outs[l] = NULL;
                    continue;
                }
                c[l] = ln->c[0];
                c[L + l] = ln->c[1];
                c[2 * L + l] = ln->c[2];
                c[3 * L + l] = ln->low;
                ins[l] = jobs[ln->job].in + ln->off;
                outs[l] = jobs[ln->job].out + ln->off;
                ln->off += 16 * (size_t)steps;
                cj_lane_add(ln, (size_t)steps);
            }
            k->ctr32_xor(ctx, c, outs, ins, 0, (size_t)steps, live);
        }
        /* partial last blocks */
        uint32_t tail = 0;
        for (unsigned l = 0; l < L; l++) {
            cj_lane *ln = &lane[l];
            if (!(live >> l & 1))
                continue;
            size_t rem = jobs[ln->job].len - ln->off;
            if (rem != 0 && rem < 16) {
                tail |= 1u << l;
                w[l] = ln->c[0];
                w[L + l] = ln->c[1];
                w[2 * L + l] = ln->c[2];
                w[3 * L + l] = karx_i_lanes_bswap32(ln->low);
            }
        }
        if (tail != 0) {
            k->encrypt(ctx, w);
            for (unsigned l = 0; l < L; l++) {
                if (!(tail >> l & 1))
                    continue;
                cj_lane *ln = &lane[l];
                karx_ctr_job *j = &jobs[ln->job];
                karx_i_lanes_get(w, L, l, ks);
                karx_i_xor(j->out + ln->off, j->in + ln->off, ks, j->len - ln->off);
                ln->off = j->len;
                cj_lane_add(ln, 1);
            }
        }
        for (unsigned l = 0; l < L; l++) {
            cj_lane *ln = &lane[l];
            if ((live >> l & 1) && ln->off == jobs[ln->job].len) {
                cj_lane_ctr(ln, jobs[ln->job].ctr);
                live &= ~(1u << l);
                active--;
            }
        }
    }
    /* the last few jobs: their rest on the bulk kernel */
    for (unsigned l = 0; l < L; l++) {
        if (!(live >> l & 1))
            continue;
        karx_ctr_job *j = &jobs[lane[l].job];
        uint8_t ctr[16];
        cj_lane_ctr(&lane[l], ctr);
        cj_single(j, ctr, j->out + lane[l].off, j->in + lane[l].off, j->len - lane[l].off);
        memcpy(j->ctr, ctr, 16);
    }
    karx_i_lanes_wipe(ctx);
    karx_memzero(w, sizeof w);
    karx_memzero(c, sizeof c);
    karx_memzero(ks, sizeof ks);
    karx_memzero(lane, sizeof lane);
}

/* Checks every job of [lo, hi), then runs the ones that passed. */
static void cj_run(void *p, size_t lo, size_t hi, void *arg)
{
    karx_ctr_job *jobs = (karx_ctr_job *)p + lo;
    const size_t n = hi - lo;
    unsigned seen = 0; /* bit a: a lane job of cipher a is waiting */
    karx_i_lanes_cache lc = {{NULL}, 0};
    (void)arg;
    for (size_t i = 0; i < n; i++) {
        karx_ctr_job *j = &jobs[i];
        j->status = karx_i_ctr_job_check(j, 1);
        if (j->status != KARX_OK || j->len == 0)
            continue;
        const karx_i_lanes_kernel *k = karx_i_lanes_cached(&lc, j->alg);
        if (k != NULL && k->ctr32_xor != NULL && j->len < CJ_LONG(k->lanes))
            seen |= 1u << j->alg;
        else
            cj_single(j, j->ctr, j->out, j->in, j->len);
    }
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
        if (seen & (1u << a))
            cj_lanes(karx_i_lanes_cached(&lc, (karx_cipher_alg)a), (karx_cipher_alg)a, jobs, n);
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
