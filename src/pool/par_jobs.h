/* Internal: how the record-job *_pool calls (karx_hmac_lsh_jobs_pool, karx_ctr_jobs_pool,
 * karx_ccm_seal_jobs_pool and the others) cut a batch of jobs over a pool's threads.
 *
 * The batch is cut into runs of consecutive jobs of about equal work (a job weighs its bytes plus
 * a fixed cost for its key and tag), each run at least KARX_PAR_JOBS_MIN_BYTES of work, up to
 * KARX_PAR_SPREAD runs per thread and KARX_PAR_MAX_TASKS in all. Each run is then one call of
 * the serial job function on its part of the array, so a job's result never depends on the
 * thread count; the caller reads the first failing status afterwards. */
#ifndef KARX_PAR_JOBS_H
#define KARX_PAR_JOBS_H

#include <stddef.h>

#include "karx/pool.h"
#include "pool/par_internal.h"

#define KARX_PAR_JOBS_MIN_BYTES ((size_t)16 * 1024)
#define KARX_PAR_JOB_COST 256 /* bytes of work a job costs beyond its data (key, tag) */

/* The weight of job i of the array at jobs. */
typedef size_t (*karx_i_job_weight)(const void *jobs, size_t i);
/* Runs jobs [lo, hi) of the array at jobs, serially. */
typedef void (*karx_i_job_run)(void *jobs, size_t lo, size_t hi, void *arg);

/* Runs the n jobs at jobs: on the pool's threads in runs of about equal weight, or in one serial
 * call of run when the pool is NULL, has one thread or the batch is too small to split. */
void karx_i_jobs_pool(karx_pool *pool, void *jobs, size_t n, karx_i_job_weight weight,
                      karx_i_job_run run, void *arg);

#endif
