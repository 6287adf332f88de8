/* The caller-owned thread pool: threads - 1 workers that sleep on a condition variable, woken once
 * per karx_pool_run, take indices from one atomic counter and check in when the counter runs out.
 * The caller waits for every worker to check in, so no worker can still touch the job (its task,
 * its arg, the counter) once the call returns and the next job may reuse them. */
#define _GNU_SOURCE
#include "karx/pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct karx_pool {
    pthread_mutex_t lock;        /* guards everything below except next */
    pthread_cond_t wake;         /* workers: a new generation or stop */
    pthread_cond_t idle;         /* caller: every worker has checked in */
    pthread_mutex_t busy;        /* held by the one call using the pool */
    unsigned threads;            /* the caller's included */
    unsigned started;            /* workers actually running */
    pthread_t *workers;
    unsigned long generation;
    unsigned pending;            /* workers not yet checked in for this generation */
    int stop;
    karx_pool_task task;
    void *arg;
    size_t count;
    atomic_size_t next;
    pid_t owner;                 /* the threads exist only in this process */
};

unsigned karx_cpu_count(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0) return (unsigned)n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1u;
}

static void drain(karx_pool_task task, void *arg, size_t count, atomic_size_t *next)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(next, 1, memory_order_relaxed);
        if (i >= count) return;
        task(arg, i);
    }
}

static void *worker(void *p)
{
    karx_pool *pool = p;
    unsigned long seen = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stop && pool->generation == seen) pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stop) break;
        seen = pool->generation;
        karx_pool_task task = pool->task;
        void *arg = pool->arg;
        size_t count = pool->count;
        pthread_mutex_unlock(&pool->lock);
        drain(task, arg, count, &pool->next);
        pthread_mutex_lock(&pool->lock);
        if (--pool->pending == 0) pthread_cond_signal(&pool->idle);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

karx_status karx_pool_new(karx_pool **out, unsigned threads)
{
    if (!out) return KARX_ERR_ARGUMENT;
    *out = NULL;
    if (threads == 0) threads = karx_cpu_count();
    if (threads > 1024) return KARX_ERR_ARGUMENT;
    karx_pool *pool = calloc(1, sizeof *pool);
    if (!pool) return KARX_ERR_NO_MEMORY;
    pool->threads = threads;
    pool->owner = getpid();
    atomic_init(&pool->next, 0);
    if (pthread_mutex_init(&pool->lock, NULL) != 0) goto no_lock;
    if (pthread_mutex_init(&pool->busy, NULL) != 0) goto no_busy;
    if (pthread_cond_init(&pool->wake, NULL) != 0) goto no_wake;
    if (pthread_cond_init(&pool->idle, NULL) != 0) goto no_idle;
    if (threads > 1) {
        pool->workers = calloc(threads - 1, sizeof *pool->workers);
        if (!pool->workers) {
            karx_pool_free(pool);
            return KARX_ERR_NO_MEMORY;
        }
        for (unsigned i = 0; i + 1 < threads; i++) {
            if (pthread_create(&pool->workers[i], NULL, worker, pool) != 0) {
                karx_pool_free(pool); /* joins the ones that started */
                return KARX_ERR_NO_MEMORY;
            }
            pool->started++;
        }
    }
    *out = pool;
    return KARX_OK;
no_idle:
    pthread_cond_destroy(&pool->wake);
no_wake:
    pthread_mutex_destroy(&pool->busy);
no_busy:
    pthread_mutex_destroy(&pool->lock);
no_lock:
    free(pool);
    return KARX_ERR_NO_MEMORY;
}

void karx_pool_free(karx_pool *pool)
{
    if (!pool) return;
    if (getpid() != pool->owner) {
        /* A forked child's copy: the workers waiting on its condition variables are the
         * parent's and not here, so destroying them would wait for ever (glibc). The memory
         * is this process's to free; the primitives are simply abandoned with it. */
        free(pool->workers);
        free(pool);
        return;
    }
    if (pool->started) {
        pthread_mutex_lock(&pool->lock);
        pool->stop = 1;
        pthread_cond_broadcast(&pool->wake);
        pthread_mutex_unlock(&pool->lock);
        for (unsigned i = 0; i < pool->started; i++) pthread_join(pool->workers[i], NULL);
    }
    free(pool->workers);
    pthread_cond_destroy(&pool->idle);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->busy);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

unsigned karx_pool_threads(const karx_pool *pool)
{
    return pool ? pool->threads : 1u;
}

karx_status karx_pool_run(karx_pool *pool, size_t count, karx_pool_task task, void *arg)
{
    if (!task) return KARX_ERR_ARGUMENT;
    if (count == 0) return KARX_OK;
    if (!pool || !pool->started || count == 1 || getpid() != pool->owner ||
        pthread_mutex_trylock(&pool->busy) != 0) {
        for (size_t i = 0; i < count; i++) task(arg, i);
        return KARX_OK;
    }
    pthread_mutex_lock(&pool->lock);
    pool->task = task;
    pool->arg = arg;
    pool->count = count;
    atomic_store_explicit(&pool->next, 0, memory_order_relaxed);
    pool->pending = pool->started;
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);

    drain(task, arg, count, &pool->next);

    pthread_mutex_lock(&pool->lock);
    while (pool->pending) pthread_cond_wait(&pool->idle, &pool->lock);
    pool->task = NULL;
    pool->arg = NULL;
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_unlock(&pool->busy);
    return KARX_OK;
}
