/* The record-job *_pool calls' split of a batch over a pool's threads (par_jobs.h). */
#include "pool/par_jobs.h"

typedef struct {
    void *jobs;
    const size_t *cut; /* run t is jobs [cut[t], cut[t + 1]) */
    karx_i_job_run run;
    void *arg;
} jobs_task;

static void jobs_task_run(void *p, size_t t)
{
    const jobs_task *jt = (const jobs_task *)p;
    jt->run(jt->jobs, jt->cut[t], jt->cut[t + 1], jt->arg);
}

void karx_i_jobs_pool(karx_pool *pool, void *jobs, size_t n, karx_i_job_weight weight,
                      karx_i_job_run run, void *arg)
{
    const unsigned threads = karx_pool_threads(pool);
    size_t total = 0;
    if (threads >= 2 && n >= 2)
        for (size_t i = 0; i < n; i++) {
            size_t w = weight(jobs, i) + KARX_PAR_JOB_COST;
            total = w > SIZE_MAX - total ? SIZE_MAX : total + w;
        }
    size_t want = (size_t)threads * KARX_PAR_SPREAD;
    if (want > KARX_PAR_MAX_TASKS)
        want = KARX_PAR_MAX_TASKS;
    size_t per = total / want;
    if (per < KARX_PAR_JOBS_MIN_BYTES)
        per = KARX_PAR_JOBS_MIN_BYTES;
    if (threads < 2 || n < 2 || total / 2 < KARX_PAR_JOBS_MIN_BYTES) {
        run(jobs, 0, n, arg);
        return;
    }
    /* cut where the running weight passes each multiple of per */
    size_t cut[KARX_PAR_MAX_TASKS + 1];
    size_t tasks = 0, acc = 0;
    cut[0] = 0;
    for (size_t i = 0; i < n; i++) {
        size_t w = weight(jobs, i) + KARX_PAR_JOB_COST;
        acc = w > SIZE_MAX - acc ? SIZE_MAX : acc + w;
        if (acc >= per && i + 1 < n && tasks + 1 < KARX_PAR_MAX_TASKS) {
            cut[++tasks] = i + 1;
            acc = 0;
        }
    }
    cut[++tasks] = n;
    jobs_task jt = {jobs, cut, run, arg};
    if (tasks < 2 || karx_pool_run(pool, tasks, jobs_task_run, &jt) != KARX_OK)
        run(jobs, 0, n, arg);
}
