/* HMAC-LSH record jobs (karx_hmac_lsh_jobs, karx_hmac_lsh_verify_jobs and their _pool forms):
 * many messages, each under its own key, in the lanes of the LSH multi-buffer kernels. Every
 * job is checked first and gets its status; the jobs that passed then run, LSH-256 ones on the
 * 32-bit kernel and LSH-512 ones on the 64-bit kernel (hmac_jobs_lanes.h, once per width), each
 * lane from its own job's keyed chaining values. No message is copied. */
#include <string.h>

#include "../common/endian.h"
#include "approved/approved.h"
#include "karx/hmac.h"
#include "lsh/lsh_internal.h"
#include "pool/par_jobs.h"
#include "hmac_lane_block.h"

static int hj_alg(const karx_hmac_lsh_job *job)
{
    return job->ctx != NULL ? job->ctx->alg : (int)job->alg;
}

/* 1 for the LSH-512 variants (the 64-bit kernel). */
static int hj_wide(const karx_hmac_lsh_job *job)
{
    int a = hj_alg(job);
    return !(a == KARX_LSH256_224 || a == KARX_LSH256_256);
}

/* A job's checks, before anything is written. */
static karx_status hj_check(const karx_hmac_lsh_job *job, int verify)
{
    size_t d;
    if (job->ctx != NULL) {
        const karx_hmac_lsh_ctx *c = job->ctx;
        d = karx_lsh_digest_bytes((karx_lsh_alg)c->alg);
        if (c->alg == 0 || d == 0)
            return KARX_ERR_STATE;
        /* the lanes start from bare chaining values: held bytes would be lost */
        if (hj_wide(job) ? c->inner.u.s512.buffered != 0 || c->outer.u.s512.buffered != 0
                         : c->inner.u.s256.buffered != 0 || c->outer.u.s256.buffered != 0)
            return KARX_ERR_STATE;
    } else {
        if (job->key == NULL && job->key_len != 0)
            return KARX_ERR_ARGUMENT;
        d = karx_lsh_digest_bytes(job->alg);
        if (d == 0)
            return KARX_ERR_UNKNOWN_ALGORITHM;
    }
    /* a tag is a service: a context keyed earlier, or a key keyed in the lanes, meets the gate */
    KARX_I_SERVICE(karx_i_lsh_approved(hj_wide(job), d));
    if (job->tag == NULL || (job->msg == NULL && job->len != 0))
        return KARX_ERR_ARGUMENT;
    const size_t min = karx_hmac_lsh_min_tag_bytes((karx_lsh_alg)hj_alg(job));
    if (verify)
        return job->tag_len < min || job->tag_len > d ? KARX_ERR_ARGUMENT : KARX_OK;
    return job->tag_len < min ? KARX_ERR_OUTPUT_LENGTH : KARX_OK;
}

/* A finished job: its full digest (d bytes) written as its tag, or compared with it. */
static void hj_finish(karx_hmac_lsh_job *job, const uint8_t *full, size_t d, int verify)
{
    if (verify) {
        if (karx_memcmp_ct(full, job->tag, job->tag_len) != 0)
            job->status = KARX_ERR_AUTHENTICATION;
        return;
    }
    memcpy(job->tag, full, job->tag_len < d ? job->tag_len : d);
}

/* The IV of a variant: the chaining value of a fresh hash. */
static void hj256_iv(uint32_t cv[16], size_t d)
{
    karx_lsh256_ctx c;
    KARX_I_INNER(karx_lsh256_init(&c, d)); /* the job passed the gate (hj_check) */
    memcpy(cv, c.cv, sizeof c.cv);
}

static void hj512_iv(uint64_t cv[16], size_t d)
{
    karx_lsh512_ctx c;
    KARX_I_INNER(karx_lsh512_init(&c, d)); /* the job passed the gate (hj_check) */
    memcpy(cv, c.cv, sizeof c.cv);
}

#define HJ_W uint32_t
#define HJ_BLOCK KARX_LSH256_BLOCK_BYTES
#define HJ_IV hj256_iv
#define HJ_KERNELS karx_lsh256_kernels
#define HJ_STORE karx_store32_le
#define HJ_CV(lc) ((lc).u.s256.cv)
#define HJ_WIDE 0
#define HJ_FN(name) hj256_##name
#include "hmac_jobs_lanes.h"
#undef HJ_W
#undef HJ_BLOCK
#undef HJ_KERNELS
#undef HJ_STORE
#undef HJ_CV
#undef HJ_WIDE
#undef HJ_FN
#undef HJ_IV

#define HJ_W uint64_t
#define HJ_BLOCK KARX_LSH512_BLOCK_BYTES
#define HJ_IV hj512_iv
#define HJ_KERNELS karx_lsh512_kernels
#define HJ_STORE karx_store64_le
#define HJ_CV(lc) ((lc).u.s512.cv)
#define HJ_WIDE 1
#define HJ_FN(name) hj512_##name
#include "hmac_jobs_lanes.h"

/* Checks every job of [lo, hi), then runs the ones that passed. */
static void hj_run(void *p, size_t lo, size_t hi, void *arg)
{
    karx_hmac_lsh_job *jobs = (karx_hmac_lsh_job *)p + lo;
    const size_t n = hi - lo;
    const int verify = *(const int *)arg;
    int narrow = 0, wide = 0;
    for (size_t i = 0; i < n; i++) {
        jobs[i].status = hj_check(&jobs[i], verify);
        if (jobs[i].status == KARX_OK) {
            if (hj_wide(&jobs[i]))
                wide = 1;
            else
                narrow = 1;
        }
    }
    if (narrow)
        hj256_run(karx_i_lsh256_kernels(), jobs, n, verify);
    if (wide)
        hj512_run(karx_i_lsh512_kernels(), jobs, n, verify);
}

static size_t hj_weight(const void *p, size_t i)
{
    const karx_hmac_lsh_job *job = (const karx_hmac_lsh_job *)p + i;
    return job->len + (job->ctx == NULL ? job->key_len : 0);
}

static karx_status hj_call(karx_pool *pool, karx_hmac_lsh_job *jobs, size_t n, int verify)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    karx_i_jobs_pool(pool, jobs, n, hj_weight, hj_run, &verify);
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != KARX_OK)
            return jobs[i].status;
    return KARX_OK;
}

karx_status karx_hmac_lsh_jobs(karx_hmac_lsh_job *jobs, size_t n)
{
    return hj_call(NULL, jobs, n, 0);
}

karx_status karx_hmac_lsh_verify_jobs(karx_hmac_lsh_job *jobs, size_t n)
{
    return hj_call(NULL, jobs, n, 1);
}

karx_status karx_hmac_lsh_jobs_pool(karx_pool *pool, karx_hmac_lsh_job *jobs, size_t n)
{
    return hj_call(pool, jobs, n, 0);
}

karx_status karx_hmac_lsh_verify_jobs_pool(karx_pool *pool, karx_hmac_lsh_job *jobs, size_t n)
{
    return hj_call(pool, jobs, n, 1);
}
