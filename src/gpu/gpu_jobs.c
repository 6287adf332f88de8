/* The GPU record jobs, host side (every build; gpu_jobs.h): karx_gpu_gcm_seal_jobs /
 * open_jobs and karx_gpu_ctr_jobs check every job as the CPU job calls do (gcm_jobs.c,
 * ctr_jobs.c), pack the valid ones into one transfer, run one thread per record on the device
 * (gpu_jobs.cu; jobs_gpu_core.h), and unpack. The bad jobs never go to the GPU. */
#include <stdlib.h>
#include <string.h>

#include "aead/gcm_parts.h"
#include "approved/approved.h"
#include "gpu/gpu_jobs.h"
#include "gpu/jobs_gpu_core.h"
#include "lanes/jobs_lanes.h"
#include "modes/modes_internal.h"

/* The kernel shape of cipher id alg, 0 when none is compiled for it. */
static int shape_of(uint32_t alg)
{
    const karx_i_cipher *c = karx_i_cipher_desc(alg);
    return c ? karx_gpu_shape_of(c) : 0;
}

/* Every job's status from a call-wide failure (no device, approved mode, no memory). */
#define SET_ALL(jobs, n, st)              \
    do {                                  \
        for (size_t i_ = 0; i_ < (n); i_++) \
            (jobs)[i_].status = (st);     \
    } while (0)

/* ---- plans ---- */

/* Bytes a record takes in the data region (GCM: AAD, input and tag slot; CTR: input). */
static size_t gcm_rec_bytes(const karx_gcm_job *j)
{
    return (size_t)karx_gpu_round16(j->aad_len) + (size_t)karx_gpu_round16(j->len) + 16;
}

/* Groups the jobs whose shape[i] is non-zero, sizes the data region. */
static karx_status plan_groups(karx_i_gpu_jobs_plan *p, const int *shape, const size_t *bytes,
                               size_t n, size_t desc_size)
{
    size_t count[KARX_I_GPU_JOBS_GROUPS] = {0}, total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!shape[i])
            continue;
        size_t g = 0;
        while (g < p->ngroups && p->shape[g] != shape[i])
            g++;
        if (g == p->ngroups)
            p->shape[p->ngroups++] = shape[i]; /* at most one per compiled shape: fits */
        count[g]++;
        if (bytes[i] > SIZE_MAX - total)
            return KARX_ERR_DATA_LENGTH;
        total += bytes[i];
        p->n++;
    }
    p->first[0] = 0;
    for (size_t g = 0; g < p->ngroups; g++)
        p->first[g + 1] = p->first[g] + count[g];
    if (p->n > (SIZE_MAX - 16) / desc_size || total > SIZE_MAX - 16 - p->n * desc_size)
        return KARX_ERR_DATA_LENGTH;
    p->desc_bytes = (size_t)karx_gpu_round16(p->n * desc_size);
    p->data_bytes = total;
    p->job = (size_t *)malloc((p->n ? p->n : 1) * sizeof *p->job);
    if (!p->job)
        return KARX_ERR_NO_MEMORY;
    size_t at[KARX_I_GPU_JOBS_GROUPS];
    memcpy(at, p->first, sizeof at);
    for (size_t i = 0; i < n; i++) {
        if (!shape[i])
            continue;
        size_t g = 0;
        while (p->shape[g] != shape[i])
            g++;
        p->job[at[g]++] = i;
    }
    return KARX_OK;
}

/* shape[] and bytes[] scratch for n jobs. */
static karx_status plan_scratch(size_t n, int **shape, size_t **bytes)
{
    *shape = (int *)calloc(n, sizeof **shape);
    *bytes = (size_t *)calloc(n, sizeof **bytes);
    if (!*shape || !*bytes) {
        free(*shape);
        free(*bytes);
        return KARX_ERR_NO_MEMORY;
    }
    return KARX_OK;
}

karx_status karx_i_gpu_gcm_plan(karx_i_gpu_jobs_plan *p, karx_gcm_job *jobs, size_t n, int enc)
{
    memset(p, 0, sizeof *p);
    p->gcm = 1;
    p->enc = enc;
    int *shape;
    size_t *bytes;
    if (plan_scratch(n, &shape, &bytes) != KARX_OK) {
        SET_ALL(jobs, n, KARX_ERR_NO_MEMORY);
        return KARX_ERR_NO_MEMORY;
    }
    for (size_t i = 0; i < n; i++) {
        karx_gcm_job *j = &jobs[i];
        j->status = karx_i_gcm_job_check(j); /* the CPU job calls' rules */
        if (j->status != KARX_OK)
            continue;
        shape[i] = shape_of(j->key->alg);
        if (!shape[i])
            j->status = KARX_ERR_UNSUPPORTED; /* ARIA: no GPU kernel */
        bytes[i] = gcm_rec_bytes(j);
    }
    karx_status st = plan_groups(p, shape, bytes, n, sizeof(karx_gpu_gcm_rec));
    free(shape);
    free(bytes);
    return st;
}

karx_status karx_i_gpu_ctr_plan(karx_i_gpu_jobs_plan *p, karx_ctr_job *jobs, size_t n)
{
    memset(p, 0, sizeof *p);
    int *shape;
    size_t *bytes;
    if (plan_scratch(n, &shape, &bytes) != KARX_OK) {
        SET_ALL(jobs, n, KARX_ERR_NO_MEMORY);
        return KARX_ERR_NO_MEMORY;
    }
    for (size_t i = 0; i < n; i++) {
        karx_ctr_job *j = &jobs[i];
        j->status = karx_i_ctr_job_check(j, 0); /* this call met the gate */
        if (j->status != KARX_OK)
            continue;
        shape[i] = shape_of((uint32_t)j->alg);
        if (!shape[i])
            j->status = KARX_ERR_UNSUPPORTED; /* ARIA: no GPU kernel */
        bytes[i] = (size_t)karx_gpu_round16(j->len);
    }
    karx_status st = plan_groups(p, shape, bytes, n, sizeof(karx_gpu_ctr_rec));
    free(shape);
    free(bytes);
    return st;
}

void karx_i_gpu_jobs_plan_free(karx_i_gpu_jobs_plan *p)
{
    free(p->job);
    p->job = NULL;
}

/* ---- packing ---- */

void karx_i_gpu_gcm_pack(const karx_i_gpu_jobs_plan *p, const karx_gcm_job *jobs, uint8_t *dst)
{
    karx_gpu_gcm_rec *d = (karx_gpu_gcm_rec *)(void *)dst;
    uint8_t *data = dst + p->desc_bytes;
    memset(dst + p->n * sizeof *d, 0, p->desc_bytes - p->n * sizeof *d);
    size_t off = 0;
    for (size_t r = 0; r < p->n; r++) {
        const karx_gcm_job *j = &jobs[p->job[r]];
        karx_gpu_gcm_rec rec;
        uint8_t j0[16];
        memset(&rec, 0, sizeof rec);
        memcpy(rec.key, j->key->raw, j->key->raw_len);
        rec.h[0] = j->key->htab[0];
        rec.h[1] = j->key->htab[1];
        (void)karx_i_gcm_j0(j->key, j0, j->iv, j->iv_len); /* checked in the plan */
        for (unsigned w = 0; w < 4; w++)
            rec.j0[w] = karx_load32_le(j0 + 4 * w);
        size_t a16 = (size_t)karx_gpu_round16(j->aad_len), l16 = (size_t)karx_gpu_round16(j->len);
        rec.aad_off = off;
        rec.aad_len = j->aad_len;
        rec.in_off = off + a16;
        rec.len = j->len;
        if (j->aad_len)
            memcpy(data + off, j->aad, j->aad_len);
        memset(data + off + j->aad_len, 0, a16 - j->aad_len);
        if (j->len)
            memcpy(data + rec.in_off, j->in, j->len);
        memset(data + rec.in_off + j->len, 0, l16 - j->len + 16);
        memcpy(&d[r], &rec, sizeof rec);
        karx_memzero(&rec, sizeof rec);
        karx_memzero(j0, sizeof j0);
        off += a16 + l16 + 16;
    }
}

void karx_i_gpu_ctr_pack(const karx_i_gpu_jobs_plan *p, const karx_ctr_job *jobs, uint8_t *dst)
{
    karx_gpu_ctr_rec *d = (karx_gpu_ctr_rec *)(void *)dst;
    uint8_t *data = dst + p->desc_bytes;
    memset(dst + p->n * sizeof *d, 0, p->desc_bytes - p->n * sizeof *d);
    size_t off = 0;
    for (size_t r = 0; r < p->n; r++) {
        const karx_ctr_job *j = &jobs[p->job[r]];
        karx_gpu_ctr_rec rec;
        memset(&rec, 0, sizeof rec);
        memcpy(rec.key, j->key, j->key_len);
        memcpy(rec.ctr, j->ctr, karx_cipher_block_bytes(j->alg));
        rec.off = off;
        rec.len = j->len;
        size_t l16 = (size_t)karx_gpu_round16(j->len);
        if (j->len)
            memcpy(data + off, j->in, j->len);
        memset(data + off + j->len, 0, l16 - j->len);
        memcpy(&d[r], &rec, sizeof rec);
        karx_memzero(&rec, sizeof rec);
        off += l16;
    }
}

/* ---- unpacking ---- */

static int tag_differs(const uint8_t *a, const uint8_t *b, size_t n)
{
    volatile uint8_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (uint8_t)(a[i] ^ b[i]);
    return diff != 0;
}

void karx_i_gpu_gcm_unpack(const karx_i_gpu_jobs_plan *p, karx_gcm_job *jobs, const uint8_t *res)
{
    size_t off = 0;
    for (size_t r = 0; r < p->n; r++) {
        karx_gcm_job *j = &jobs[p->job[r]];
        size_t a16 = (size_t)karx_gpu_round16(j->aad_len), l16 = (size_t)karx_gpu_round16(j->len);
        const uint8_t *o = res + off + a16, *tag = o + l16;
        if (p->enc) {
            if (j->len)
                memcpy(j->out, o, j->len);
            memcpy(j->tag, tag, j->tag_len);
        } else if (tag_differs(tag, j->tag, j->tag_len)) {
            if (j->len)
                memset(j->out, 0, j->len);
            j->status = KARX_ERR_AUTHENTICATION;
        } else if (j->len) {
            memcpy(j->out, o, j->len);
        }
        off += a16 + l16 + 16;
    }
}

void karx_i_gpu_ctr_unpack(const karx_i_gpu_jobs_plan *p, karx_ctr_job *jobs, const uint8_t *res)
{
    size_t off = 0;
    for (size_t r = 0; r < p->n; r++) {
        karx_ctr_job *j = &jobs[p->job[r]];
        if (j->len)
            memcpy(j->out, res + off, j->len);
        karx_gpu_ctr_advance(j->ctr, j->len, (unsigned)karx_cipher_block_bytes(j->alg));
        off += (size_t)karx_gpu_round16(j->len);
    }
}

/* ---- the calls ---- */

static karx_status gpu_service(void)
{
    KARX_I_SERVICE(KARX_I_NEVER_APPROVED); /* the GPU kernels are not self-tested: never approved */
    return KARX_OK;
}

static void pack_gcm(const karx_i_gpu_jobs_plan *p, const void *jobs, uint8_t *dst)
{
    karx_i_gpu_gcm_pack(p, (const karx_gcm_job *)jobs, dst);
}

static void pack_ctr(const karx_i_gpu_jobs_plan *p, const void *jobs, uint8_t *dst)
{
    karx_i_gpu_ctr_pack(p, (const karx_ctr_job *)jobs, dst);
}

/* Job i's status, of GCM jobs when gcm, else of CTR jobs: one call body serves both kinds. */
static karx_status *status_of(void *jobs, size_t i, int gcm)
{
    return gcm ? &((karx_gcm_job *)jobs)[i].status : &((karx_ctr_job *)jobs)[i].status;
}

/* Runs the p->n planned records in one device batch and unpacks the output into the jobs; the
 * transfer buffer is wiped. */
static karx_status run_planned(karx_gpu *g, const karx_i_gpu_jobs_plan *p, void *jobs, int gcm)
{
    uint8_t *res = (uint8_t *)malloc(p->data_bytes ? p->data_bytes : 1);
    if (res == NULL)
        return KARX_ERR_NO_MEMORY;
    karx_status st = karx_i_gpu_jobs_device(g, p, gcm ? pack_gcm : pack_ctr, jobs, res);
    if (st == KARX_OK && gcm)
        karx_i_gpu_gcm_unpack(p, (karx_gcm_job *)jobs, res);
    else if (st == KARX_OK)
        karx_i_gpu_ctr_unpack(p, (karx_ctr_job *)jobs, res);
    karx_memzero(res, p->data_bytes);
    free(res);
    return st;
}

/* A job call (GCM jobs when gcm, sealing when enc; else CTR jobs): checks, plans, runs the valid
 * jobs in one batch. Returns the first failing job's status, else KARX_OK. */
static karx_status run_jobs(karx_gpu *g, void *jobs, size_t n, int gcm, int enc)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    karx_status st = g ? gpu_service() : KARX_ERR_NO_DEVICE;
    if (st != KARX_OK) { /* a call-wide failure is every job's status */
        for (size_t i = 0; i < n; i++)
            *status_of(jobs, i, gcm) = st;
        return st;
    }
    karx_i_gpu_jobs_plan p;
    st = gcm ? karx_i_gpu_gcm_plan(&p, (karx_gcm_job *)jobs, n, enc)
             : karx_i_gpu_ctr_plan(&p, (karx_ctr_job *)jobs, n);
    if (st == KARX_OK && p.n)
        st = run_planned(g, &p, jobs, gcm);
    if (st != KARX_OK) { /* the batch failed: every job that was to run gets the call's status */
        if (p.job)
            for (size_t r = 0; r < p.n; r++)
                *status_of(jobs, p.job[r], gcm) = st;
        else /* the plan failed after the checks: the jobs that passed them */
            for (size_t i = 0; i < n; i++)
                if (*status_of(jobs, i, gcm) == KARX_OK)
                    *status_of(jobs, i, gcm) = st;
    }
    karx_i_gpu_jobs_plan_free(&p);
    for (size_t i = 0; i < n; i++)
        if (*status_of(jobs, i, gcm) != KARX_OK)
            return *status_of(jobs, i, gcm);
    return KARX_OK;
}

karx_status karx_gpu_gcm_seal_jobs(karx_gpu *g, karx_gcm_job *jobs, size_t n)
{
    return run_jobs(g, jobs, n, 1, 1);
}

karx_status karx_gpu_gcm_open_jobs(karx_gpu *g, karx_gcm_job *jobs, size_t n)
{
    return run_jobs(g, jobs, n, 1, 0);
}

karx_status karx_gpu_ctr_jobs(karx_gpu *g, karx_ctr_job *jobs, size_t n)
{
    return run_jobs(g, jobs, n, 0, 0);
}
