/* The caller-owned thread pool: threads - 1 workers, woken once per karx_pool_run, take indices
 * from one atomic counter and check in when the counter runs out. The caller waits for every
 * worker to check in, so no worker can still touch the job (its task, its arg, the counter) once
 * the call returns and the next job may reuse them.
 *
 * Waking a thread from a condition variable costs tens of microseconds, as much as encrypting
 * 100 KB, so both sides spin first (KARX_POOL_SPIN_NS): a worker that has just finished watches
 * the generation for the next job before it sleeps, and the caller watches the check-in count
 * before it sleeps. The condition variables are only signalled when someone sleeps on them.
 * Back-to-back calls (a server's, a benchmark's) then hand work to threads already awake. */
#define _GNU_SOURCE
#include "karx/pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define POOL_PAUSE() _mm_pause()
#elif defined(__aarch64__) || defined(__arm__)
#define POOL_PAUSE() __asm__ __volatile__("yield")
#else
#define POOL_PAUSE() ((void)0)
#endif

/* How long an idle worker, or a caller waiting for its workers, spins before it sleeps. */
#define KARX_POOL_SPIN_NS 50000

struct karx_pool {
    pthread_mutex_t lock;        /* guards everything below except next */
    pthread_cond_t wake;         /* workers: a new generation or stop */
    pthread_cond_t idle;         /* caller: every worker has checked in */
    pthread_mutex_t busy;        /* held by the one call using the pool */
    unsigned threads;            /* the caller's included */
    unsigned started;            /* workers actually running */
    pthread_t *workers;
    atomic_ulong generation;     /* written under lock; read by spinning workers */
    atomic_uint pending;         /* workers not yet checked in for this generation */
    unsigned sleepers;           /* workers waiting on wake (under lock) */
    atomic_int stop;
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

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Spins until done(ctx) or KARX_POOL_SPIN_NS have passed; returns done(ctx). */
static int spin_until(int (*done)(karx_pool *, unsigned long), karx_pool *pool, unsigned long v)
{
    uint64_t start = 0;
    for (unsigned i = 0;; i++) {
        if (done(pool, v)) return 1;
        if ((i & 63) == 63) { /* the clock only now and then */
            uint64_t t = now_ns();
            if (start == 0) start = t;
            else if (t - start > KARX_POOL_SPIN_NS) return done(pool, v);
        }
        if (i < 256)
            POOL_PAUSE();
        else
            sched_yield(); /* more runnable threads than cores: the one awaited may need this core */
    }
}

static int new_job(karx_pool *pool, unsigned long seen)
{
    return atomic_load_explicit(&pool->stop, memory_order_acquire) ||
           atomic_load_explicit(&pool->generation, memory_order_acquire) != seen;
}

static int all_in(karx_pool *pool, unsigned long unused)
{
    (void)unused;
    return atomic_load_explicit(&pool->pending, memory_order_acquire) == 0;
}

static void *worker(void *p)
{
    karx_pool *pool = p;
    unsigned long seen = 0;
    for (;;) {
        if (!spin_until(new_job, pool, seen)) {
            pthread_mutex_lock(&pool->lock);
            pool->sleepers++;
            while (!new_job(pool, seen)) pthread_cond_wait(&pool->wake, &pool->lock);
            pool->sleepers--;
            pthread_mutex_unlock(&pool->lock);
        }
        if (atomic_load_explicit(&pool->stop, memory_order_acquire)) break;
        /* the job's fields were written before the generation's release store */
        seen = atomic_load_explicit(&pool->generation, memory_order_acquire);
        drain(pool->task, pool->arg, pool->count, &pool->next);
        if (atomic_fetch_sub_explicit(&pool->pending, 1, memory_order_acq_rel) == 1) {
            pthread_mutex_lock(&pool->lock); /* the caller checks pending under it first */
            pthread_cond_signal(&pool->idle);
            pthread_mutex_unlock(&pool->lock);
        }
    }
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
    atomic_init(&pool->generation, 0);
    atomic_init(&pool->pending, 0);
    atomic_init(&pool->stop, 0);
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
        atomic_store_explicit(&pool->stop, 1, memory_order_release);
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
    atomic_store_explicit(&pool->pending, pool->started, memory_order_relaxed);
    /* publishes the fields above to workers that spin without the lock */
    atomic_fetch_add_explicit(&pool->generation, 1, memory_order_release);
    if (pool->sleepers) pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);

    drain(task, arg, count, &pool->next);

    if (!spin_until(all_in, pool, 0)) {
        pthread_mutex_lock(&pool->lock);
        while (!all_in(pool, 0)) pthread_cond_wait(&pool->idle, &pool->lock);
        pthread_mutex_unlock(&pool->lock);
    }
    pthread_mutex_unlock(&pool->busy);
    return KARX_OK;
}
