/* Internal: how the *_pool calls (src/pool/par_*.c) cut a bulk job into tasks for karx_pool_run.
 *
 * A task is at least KARX_PAR_MIN_BYTES of work, so that the hand-off (a condition-variable wake
 * and one atomic add per task, a few microseconds) stays under a few per cent of the task; a job
 * of less than two such tasks runs serially without touching the pool. Up to KARX_PAR_SPREAD
 * tasks per thread even out threads that start late or share a core; at most KARX_PAR_MAX_TASKS
 * tasks, so that per-task state (CBC/CFB start registers) fits a fixed array in the job. */
#ifndef KARX_PAR_INTERNAL_H
#define KARX_PAR_INTERNAL_H

#include <stddef.h>

#include "karx/pool.h"

#define KARX_PAR_MIN_BYTES ((size_t)64 * 1024)
#define KARX_PAR_SPREAD 4
#define KARX_PAR_MAX_TASKS 256

/* Units per task (a multiple of align units) for total units of unit_bytes each, a task being at
 * least min_bytes; 0 when the job should run serially (no pool, one thread, or less than two
 * tasks' worth). */
static inline size_t karx_i_par_units_min(const karx_pool *pool, size_t total, size_t unit_bytes,
                                          size_t align, size_t min_bytes)
{
    unsigned threads = karx_pool_threads(pool);
    if (threads < 2 || total == 0 || unit_bytes == 0 || align == 0)
        return 0;
    size_t min = (min_bytes + unit_bytes - 1) / unit_bytes;
    if (total / 2 < min)
        return 0;
    size_t want = threads * (size_t)KARX_PAR_SPREAD;
    if (want > KARX_PAR_MAX_TASKS)
        want = KARX_PAR_MAX_TASKS;
    size_t per = (total + want - 1) / want;
    if (per < min)
        per = min;
    per = (per + align - 1) / align * align;
    /* never more than KARX_PAR_MAX_TASKS tasks, whatever min and align gave */
    size_t cap = (total + KARX_PAR_MAX_TASKS - 1) / KARX_PAR_MAX_TASKS;
    if (per < cap)
        per = (cap + align - 1) / align * align;
    return per < total ? per : 0;
}

/* The same with tasks of at least KARX_PAR_MIN_BYTES. */
static inline size_t karx_i_par_units(const karx_pool *pool, size_t total, size_t unit_bytes,
                                      size_t align)
{
    return karx_i_par_units_min(pool, total, unit_bytes, align, KARX_PAR_MIN_BYTES);
}

/* The number of tasks of per units that cover total. */
static inline size_t karx_i_par_tasks(size_t total, size_t per)
{
    return (total + per - 1) / per;
}

#endif
