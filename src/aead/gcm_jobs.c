/* GCM record jobs (karx_gcm_seal_jobs and the others, gcm.h): many records, a key each, in the
 * lanes of one lane kernel (src/lanes/lanes.h).
 *
 * Jobs are checked first; each gets its status, and the valid ones are run by class (cipher and
 * key length: the lanes of one kernel share a round count). A class with a lane kernel runs as
 * a stream of steps: every step encrypts one counter block in each lane; a lane whose job has
 * ended takes the next job of the class, and a step after any refill schedules the lanes' keys
 * anew (all lanes at once: with records of one length every lane refills at the same step).
 * A job's first step encrypts J0, whose output masks the tag; the next ones its counter blocks
 * (inc32, a 32-bit add, so a J0 derived from a secret IV takes no branch). GHASH runs per job
 * on the GHASH kernel of the key's H: AAD, record and length block from one stack buffer when
 * they are short (one aggregated reduction instead of three), over the ciphertext after the
 * record is sealed, or before it is opened (in place, the ciphertext is gone afterwards).
 * A class without a lane kernel (ARIA) loops over karx_gcm_seal / karx_gcm_open. */
#include <stdint.h>
#include <string.h>

#include "aead/gcm_parts.h"
#include "aead/ghash.h"
#include "common/endian.h"
#include "karx/gcm.h"
#include "karx/pool.h"
#include "lanes/lanes.h"

#define GJ_SHORT 480 /* AAD plus record bytes hashed from one stack buffer */
#define GJ_CLASSES 32

typedef struct {
    karx_gcm_job *job; /* NULL: idle */
    size_t pos;        /* record bytes done */
    uint32_t c[3];     /* J0's first three words, as the cipher reads them (little-endian) */
    uint32_t ctr;      /* the low 32 bits of the next counter block, big-endian value */
    int at_j0;         /* the next block is J0 */
    uint8_t ek0[16];   /* E(J0) */
    uint8_t y[16];     /* GHASH, open only: over AAD and ciphertext, length block included */
} gj_lane;

static int gj_overlap(const void *a, size_t alen, const void *b, size_t blen)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen != 0 && blen != 0 && x < y + blen && y < x + alen;
}

/* The checks of karx_gcm_seal / karx_gcm_open, and buffers that would corrupt each other. */
static karx_status gj_check(const karx_gcm_job *j)
{
    karx_status st = karx_i_gcm_check(j->key, j->iv, j->iv_len, j->aad, j->aad_len, j->out, j->in,
                                      j->len, j->tag, j->tag_len);
    if (st != KARX_OK)
        return st;
    if (j->in != j->out && gj_overlap(j->in, j->len, j->out, j->len))
        return KARX_ERR_ARGUMENT;
    if (gj_overlap(j->tag, j->tag_len, j->out, j->len) ||
        gj_overlap(j->tag, j->tag_len, j->in, j->len))
        return KARX_ERR_ARGUMENT;
    return KARX_OK;
}

/* y = GHASH_H(A || 0* || C || 0* || len(A) || len(C)) from a zero state. */
static void gj_ghash(const karx_gcm_key *gk, uint8_t y[16], const uint8_t *aad, size_t aad_len,
                     const uint8_t *c, size_t len)
{
    uint8_t lenblk[16];
    karx_store64_be(lenblk, (uint64_t)aad_len * 8);
    karx_store64_be(lenblk + 8, (uint64_t)len * 8);
    memset(y, 0, 16);
    if (aad_len + len <= GJ_SHORT) {
        uint8_t buf[GJ_SHORT + 48];
        size_t a = (aad_len + 15) & ~(size_t)15, b = (len + 15) & ~(size_t)15;
        memset(buf, 0, a + b);
        if (aad_len != 0)
            memcpy(buf, aad, aad_len);
        if (len != 0)
            memcpy(buf + a, c, len);
        memcpy(buf + a + b, lenblk, 16);
        karx_i_ghash_blocks(gk->htab, y, buf, (a + b) / 16 + 1);
        karx_memzero(buf, a + b + 16);
        return;
    }
    karx_i_ghash_bytes(gk->htab, y, aad, aad_len);
    karx_i_ghash_bytes(gk->htab, y, c, len);
    karx_i_ghash_blocks(gk->htab, y, lenblk, 1);
}

static void gj_lane_start(gj_lane *l, karx_gcm_job *j, int enc)
{
    uint8_t j0[16];
    if (j->iv_len == 12) {
        memcpy(j0, j->iv, 12);
        memset(j0 + 12, 0, 3);
        j0[15] = 1;
    } else {
        (void)karx_i_gcm_j0(j->key, j0, j->iv, j->iv_len); /* checked: cannot fail */
    }
    for (int i = 0; i < 3; i++)
        l->c[i] = karx_load32_le(j0 + 4 * i);
    l->ctr = (uint32_t)karx_load64_be(j0 + 8);
    karx_memzero(j0, sizeof j0);
    l->job = j;
    l->pos = 0;
    l->at_j0 = 1;
    if (!enc) /* before out is written: in may be out */
        gj_ghash(j->key, l->y, j->aad, j->aad_len, j->in, j->len);
}

/* The record is done: seal writes the tag, open checks it (zero-filling out on a mismatch). */
static void gj_lane_finish(gj_lane *l, int enc)
{
    karx_gcm_job *j = l->job;
    if (enc)
        gj_ghash(j->key, l->y, j->aad, j->aad_len, j->out, j->len);
    for (int i = 0; i < 16; i++)
        l->y[i] ^= l->ek0[i];
    if (enc) {
        memcpy(j->tag, l->y, j->tag_len);
    } else if (karx_memcmp_ct(l->y, j->tag, j->tag_len) != 0) {
        if (j->len != 0)
            karx_memzero(j->out, j->len);
        j->status = KARX_ERR_AUTHENTICATION;
    }
    karx_memzero(l, sizeof *l);
}

/* XORs lane i's keystream block (words w[i], w[L + i], ...) into the record at pos. */
static void gj_lane_xor(gj_lane *l, const uint32_t *w, unsigned i, unsigned L)
{
    karx_gcm_job *j = l->job;
    size_t n = j->len - l->pos < 16 ? j->len - l->pos : 16;
    const uint8_t *in = j->in + l->pos;
    uint8_t *out = j->out + l->pos;
    if (n == 16) {
        for (unsigned k = 0; k < 4; k++)
            karx_store32_le(out + 4 * k, karx_load32_le(in + 4 * k) ^ w[k * L + i]);
    } else {
        uint8_t ks[16];
        for (unsigned k = 0; k < 4; k++)
            karx_store32_le(ks + 4 * k, w[k * L + i]);
        for (size_t b = 0; b < n; b++)
            out[b] = (uint8_t)(in[b] ^ ks[b]);
        karx_memzero(ks, sizeof ks);
    }
    l->pos += n;
}

static int gj_in_class(const karx_gcm_job *j, uint32_t alg, uint32_t klen)
{
    return j->status == KARX_OK && j->key->cipher.alg == alg && j->key->raw_len == klen;
}

static uint32_t gj_bswap(uint32_t v)
{
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

/* Runs the jobs of one class (alg, key length) from index first on, through lane kernel k. */
static void gj_run_class(karx_gcm_job *jobs, size_t n, size_t first, int enc,
                         const karx_i_lanes_kernel *k, uint32_t alg, uint32_t klen)
{
    _Alignas(KARX_I_LANES_CTX_ALIGN) unsigned char ctx[KARX_I_LANES_CTX_BYTES];
    _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX];
    gj_lane lane[KARX_I_LANES_MAX];
    const uint8_t *keys[KARX_I_LANES_MAX];
    const unsigned L = k->lanes;
    memset(lane, 0, sizeof lane);
    memset(w, 0, sizeof w);
    size_t next = first;
    unsigned live = 0;
    for (;;) {
        int refilled = 0;
        for (unsigned i = 0; i < L && next < n; i++) {
            if (lane[i].job != NULL)
                continue;
            while (next < n && !gj_in_class(&jobs[next], alg, klen))
                next++;
            if (next == n)
                break;
            gj_lane_start(&lane[i], &jobs[next++], enc);
            live++;
            refilled = 1;
        }
        if (live == 0)
            break;
        if (refilled) {
            const uint8_t *any = NULL;
            for (unsigned i = 0; i < L && any == NULL; i++)
                if (lane[i].job != NULL)
                    any = lane[i].job->key->raw;
            for (unsigned i = 0; i < L; i++)
                keys[i] = lane[i].job != NULL ? lane[i].job->key->raw : any;
            k->schedule(ctx, keys, klen);
        }
        for (unsigned i = 0; i < L; i++) {
            gj_lane *l = &lane[i];
            if (l->job == NULL)
                continue;
            w[i] = l->c[0];
            w[L + i] = l->c[1];
            w[2 * L + i] = l->c[2];
            w[3 * L + i] = gj_bswap(l->ctr++); /* J0, then inc32 */
        }
        k->encrypt(ctx, w);
        for (unsigned i = 0; i < L; i++) {
            gj_lane *l = &lane[i];
            if (l->job == NULL)
                continue;
            if (l->at_j0) {
                for (unsigned b = 0; b < 4; b++)
                    karx_store32_le(l->ek0 + 4 * b, w[b * L + i]);
                l->at_j0 = 0;
            } else {
                gj_lane_xor(l, w, i, L);
            }
            if (!l->at_j0 && l->pos == l->job->len) {
                gj_lane_finish(l, enc);
                live--;
            }
        }
    }
    karx_i_lanes_wipe(ctx);
    karx_memzero(w, sizeof w);
    karx_memzero(lane, sizeof lane);
}

/* One class without a lane kernel: the one-record calls. */
static void gj_run_loop(karx_gcm_job *jobs, size_t n, size_t first, int enc, uint32_t alg,
                        uint32_t klen)
{
    for (size_t i = first; i < n; i++) {
        karx_gcm_job *j = &jobs[i];
        if (!gj_in_class(j, alg, klen))
            continue;
        j->status = enc ? karx_gcm_seal(j->key, j->iv, j->iv_len, j->out, j->tag, j->tag_len,
                                        j->in, j->len, j->aad, j->aad_len)
                        : karx_gcm_open(j->key, j->iv, j->iv_len, j->out, j->tag, j->tag_len,
                                        j->in, j->len, j->aad, j->aad_len);
    }
}

static karx_status gj_first_failure(const karx_gcm_job *jobs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != KARX_OK)
            return jobs[i].status;
    return KARX_OK;
}

/* Every job of jobs[0 .. n) on this thread; statuses set, nothing returned. */
static void gj_run(karx_gcm_job *jobs, size_t n, int enc)
{
    struct {
        uint32_t alg, klen;
        size_t first;
    } cls[GJ_CLASSES];
    size_t ncls = 0;
    for (size_t i = 0; i < n; i++) {
        karx_gcm_job *j = &jobs[i];
        j->status = gj_check(j);
        if (j->status != KARX_OK)
            continue;
        size_t c = 0;
        while (c < ncls && !(cls[c].alg == j->key->cipher.alg && cls[c].klen == j->key->raw_len))
            c++;
        if (c == GJ_CLASSES) { /* cannot happen (8 classes exist); kept correct anyway */
            gj_run_loop(jobs, i + 1, i, enc, j->key->cipher.alg, j->key->raw_len);
            continue;
        }
        if (c == ncls) {
            cls[c].alg = j->key->cipher.alg;
            cls[c].klen = j->key->raw_len;
            cls[c].first = i;
            ncls++;
        }
    }
    for (size_t c = 0; c < ncls; c++) {
        const karx_i_lanes_kernel *k = karx_i_lanes_for((karx_cipher_alg)cls[c].alg);
        if (k != NULL)
            gj_run_class(jobs, n, cls[c].first, enc, k, cls[c].alg, cls[c].klen);
        else
            gj_run_loop(jobs, n, cls[c].first, enc, cls[c].alg, cls[c].klen);
    }
}

karx_status karx_gcm_seal_jobs(karx_gcm_job *jobs, size_t n)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    gj_run(jobs, n, 1);
    return gj_first_failure(jobs, n);
}

karx_status karx_gcm_open_jobs(karx_gcm_job *jobs, size_t n)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    gj_run(jobs, n, 0);
    return gj_first_failure(jobs, n);
}

/* ---- on a pool: slices of jobs, each a whole number of 16-lane groups ---- */
#define GJ_SLICE_MIN 64

typedef struct {
    karx_gcm_job *jobs;
    size_t n, slice;
    int enc;
} gj_pool_arg;

static void gj_pool_task(void *arg, size_t i)
{
    gj_pool_arg *a = arg;
    size_t off = i * a->slice;
    size_t cnt = a->n - off < a->slice ? a->n - off : a->slice;
    gj_run(a->jobs + off, cnt, a->enc);
}

static karx_status gj_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n, int enc)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    unsigned threads = pool != NULL ? karx_pool_threads(pool) : 1;
    if (threads <= 1 || n < 2 * GJ_SLICE_MIN) {
        gj_run(jobs, n, enc);
        return gj_first_failure(jobs, n);
    }
    /* a few slices a thread, so that one thread's slow slice does not hold the others */
    size_t slice = (n + 4 * (size_t)threads - 1) / (4 * (size_t)threads);
    slice = (slice + 15) & ~(size_t)15;
    if (slice < GJ_SLICE_MIN)
        slice = GJ_SLICE_MIN;
    gj_pool_arg a = {jobs, n, slice, enc};
    karx_status st = karx_pool_run(pool, (n + slice - 1) / slice, gj_pool_task, &a);
    return st != KARX_OK ? st : gj_first_failure(jobs, n);
}

karx_status karx_gcm_seal_jobs_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n)
{
    return gj_pool(pool, jobs, n, 1);
}

karx_status karx_gcm_open_jobs_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n)
{
    return gj_pool(pool, jobs, n, 0);
}
