/* karx: a thread pool the caller owns and passes to the bulk calls (the *_pool functions).
 *
 * The library never starts a thread on its own: parallel work happens only on a pool the caller
 * made with karx_pool_new. A NULL pool everywhere means "this thread only", so every *_pool call
 * with NULL is exactly its single-threaded sibling. Results never depend on the thread count.
 *
 * One pool serves one call at a time. A call that finds the pool busy (another thread is using it,
 * or a task calls back into its own pool) runs its work serially in the calling thread instead of
 * waiting, so sharing a pool between threads is safe and cannot deadlock. In a child after fork()
 * the pool's threads do not exist: calls run serially there too, and karx_pool_free frees the
 * child's copy without waiting for them. Not in the compact (MCU) builds. */
#ifndef KARX_POOL_H
#define KARX_POOL_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct karx_pool karx_pool;

/* One unit of work: task(arg, index) for index in [0, count). */
typedef void (*karx_pool_task)(void *arg, size_t index);

/* threads = how many threads work on a call, the caller's own included (threads - 1 are started);
 * 0 = the CPUs this process may run on. 1 is valid (no thread is started). */
KARX_API karx_status karx_pool_new(karx_pool **pool, unsigned threads);

/* Stops and joins the threads. NULL is allowed. The pool must not be in use. */
KARX_API void karx_pool_free(karx_pool *pool);

/* The number of threads a call on this pool may use; 1 for NULL. */
KARX_API unsigned karx_pool_threads(const karx_pool *pool);

/* The CPUs this process may run on (sched_getaffinity, else the online count); at least 1. */
KARX_API unsigned karx_cpu_count(void);

/* Runs task(arg, i) for every i in [0, count) on the pool's threads and the caller's, and returns
 * when every task has finished. Tasks are handed out one index at a time from a shared counter, so
 * make each one large enough (tens of KiB of work) to amortize the hand-off. */
KARX_API karx_status karx_pool_run(karx_pool *pool, size_t count, karx_pool_task task, void *arg);

#ifdef __cplusplus
}
#endif
#endif
