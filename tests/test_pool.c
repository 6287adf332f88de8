/* The pool itself: every index runs exactly once at 1, 2, 3 and 7 threads, NULL and 0 (= CPUs);
 * several threads sharing one pool; a task calling back into its own pool (runs serially, no
 * deadlock); a forked child using its parent's pool (serially, right answers); free(NULL). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "karx/pool.h"
#include "test_util.h"

#define N 10007

typedef struct sum_job {
    atomic_uint hits[N];
    atomic_ullong sum;
    karx_pool *nested; /* when set, each task also runs a small job on this pool */
} sum_job;

static void add_index(void *arg, size_t i)
{
    sum_job *j = arg;
    atomic_fetch_add(&j->hits[i], 1);
    atomic_fetch_add(&j->sum, (unsigned long long)i);
}

static void nested_task(void *arg, size_t i)
{
    sum_job *j = arg;
    add_index(j, i);
    if (i % 997 == 0) {
        static _Thread_local sum_job inner; /* per thread: tasks on different threads overlap */
        for (size_t k = 0; k < 100; k++)
            atomic_store(&inner.hits[k], 0);
        atomic_store(&inner.sum, 0);
        karx_status st = karx_pool_run(j->nested, 100, add_index, &inner);
        if (st != KARX_OK || atomic_load(&inner.sum) != 4950)
            atomic_fetch_add(&j->sum, 1ull << 60); /* spoils the outer sum: caught by the check */
    }
}

/* Runs one job of N indices on pool; 1 if every index ran exactly once. */
static int run_sum(karx_pool *pool, karx_pool_task task, karx_pool *nested)
{
    sum_job *j = calloc(1, sizeof *j);
    if (!j)
        return 0;
    j->nested = nested;
    karx_status st = karx_pool_run(pool, N, task, j);
    int ok = st == KARX_OK && atomic_load(&j->sum) == (unsigned long long)N * (N - 1) / 2;
    for (size_t i = 0; i < N && ok; i++)
        ok = atomic_load(&j->hits[i]) == 1;
    free(j);
    return ok;
}

static void *share_thread(void *pool)
{
    int ok = 1;
    for (int r = 0; r < 50; r++)
        ok &= run_sum(pool, add_index, NULL);
    return ok ? pool : NULL;
}

int main(void)
{
    const unsigned counts[] = {1, 2, 3, 7};
    CHECK(run_sum(NULL, add_index, NULL), "NULL pool");
    for (size_t c = 0; c < 4; c++) {
        karx_pool *p = NULL;
        CHECK(karx_pool_new(&p, counts[c]) == KARX_OK && karx_pool_threads(p) == counts[c],
              "new %u", counts[c]);
        for (int r = 0; r < 20; r++)
            CHECK(run_sum(p, add_index, NULL), "sum threads %u round %d", counts[c], r);
        CHECK(karx_pool_run(p, 0, add_index, NULL) == KARX_OK, "count 0");
        CHECK(karx_pool_run(p, 5, NULL, NULL) == KARX_ERR_ARGUMENT, "NULL task");
        /* a task that runs a job on its own pool: that pool is busy, so the inner job runs
         * serially in the task's thread */
        CHECK(run_sum(p, nested_task, p), "nested threads %u", counts[c]);
        karx_pool_free(p);
    }
    karx_pool *all = NULL;
    CHECK(karx_pool_new(&all, 0) == KARX_OK && karx_pool_threads(all) == karx_cpu_count(),
          "0 = cpu count (%u)", karx_cpu_count());
    CHECK(karx_cpu_count() >= 1, "cpu count");
    karx_pool_free(all);
    CHECK(karx_pool_new(NULL, 2) == KARX_ERR_ARGUMENT, "NULL out");
    CHECK(karx_pool_threads(NULL) == 1, "threads(NULL)");

    /* four threads share one 3-thread pool: whoever finds it busy runs serially */
    karx_pool *shared = NULL;
    CHECK(karx_pool_new(&shared, 3) == KARX_OK, "new shared");
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, share_thread, shared);
    for (int i = 0; i < 4; i++) {
        void *r = NULL;
        pthread_join(th[i], &r);
        CHECK(r == shared, "shared pool, caller %d", i);
    }

    /* a forked child: the pool's threads are not in it, the job runs serially there */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        int ok = run_sum(shared, add_index, NULL) && run_sum(shared, nested_task, shared);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
              WEXITSTATUS(status) == 0,
          "forked child");
    CHECK(run_sum(shared, add_index, NULL), "parent after fork");

    /* a forked child frees its copy of the pool: it must not wait on condition variables whose
     * waiters (the parent's workers) are not in it (glibc's pthread_cond_destroy blocked for ever
     * there); alarm() turns a hang into a failure */
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        alarm(10);
        karx_pool_free(shared);
        _exit(0);
    }
    status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
              WEXITSTATUS(status) == 0,
          "pool freed in a forked child (status %d)", status);
    CHECK(run_sum(shared, add_index, NULL), "parent after the child freed its copy");
    karx_pool_free(shared);
    karx_pool_free(NULL);
    return t_finish("pool");
}
