/* The LSH _many batches on a thread pool: the batch is cut into runs of whole lane groups
 * (karx_lsh256_lanes / karx_lsh512_lanes messages), each hashed by the serial _many call, so
 * every message is hashed by the same multi-buffer kernel as in the serial call and each digest
 * lands where the serial call puts it. */
#include <stdatomic.h>

#include "karx/lsh.h"
#include "par_internal.h"

typedef struct many_job {
    karx_lsh_alg alg;
    uint8_t *out;
    size_t d, per, tasks, n;
    const uint8_t *in; /* equal lengths */
    size_t msg_len;
    const uint8_t *const *msgs; /* or pointers and lengths */
    const size_t *lens;
    atomic_int status; /* the first failure of any task (none once the arguments are checked) */
} many_job;

static void many_task(void *arg, size_t i)
{
    many_job *j = arg;
    size_t first = i * j->per, cnt = i + 1 == j->tasks ? j->n - first : j->per;
    karx_status st =
        j->msgs != NULL
            ? karx_lsh_many_ptrs(j->alg, j->out + first * j->d, cnt * j->d, j->msgs + first,
                                 j->lens + first, cnt)
            : karx_lsh_many(j->alg, j->out + first * j->d, cnt * j->d, j->in + first * j->msg_len,
                            j->msg_len, cnt);
    int ok = KARX_OK;
    if (st != KARX_OK)
        atomic_compare_exchange_strong(&j->status, &ok, (int)st);
}

/* Messages per task for n messages of about avg bytes: whole lane groups, 0 = serial. */
static size_t many_per(karx_pool *pool, karx_lsh_alg alg, size_t n, size_t avg)
{
    size_t block = karx_lsh_block_bytes(alg);
    unsigned lanes = block == 128 ? karx_lsh256_lanes() : karx_lsh512_lanes();
    /* each message costs its bytes plus about a block of padding and finalization */
    return karx_i_par_units(pool, n, avg + block, lanes ? lanes : 1);
}

static karx_status run_many(karx_pool *pool, many_job *j)
{
    j->tasks = karx_i_par_tasks(j->n, j->per);
    atomic_init(&j->status, KARX_OK);
    (void)karx_pool_run(pool, j->tasks, many_task, j);
    return (karx_status)atomic_load(&j->status);
}

karx_status karx_lsh_many_pool(karx_pool *pool, karx_lsh_alg alg, uint8_t *out, size_t out_len,
                               const void *in, size_t msg_len, size_t n)
{
    size_t d = karx_lsh_digest_bytes(alg), per = 0;
    if (d != 0 && out != NULL && in != NULL && n != 0 && out_len / n >= d)
        per = many_per(pool, alg, n, msg_len);
    if (per == 0)
        return karx_lsh_many(alg, out, out_len, in, msg_len, n);
    many_job j = {.alg = alg, .out = out, .d = d, .per = per, .n = n, .in = in,
                  .msg_len = msg_len};
    return run_many(pool, &j);
}

karx_status karx_lsh_many_ptrs_pool(karx_pool *pool, karx_lsh_alg alg, uint8_t *out,
                                    size_t out_len, const uint8_t *const *msgs,
                                    const size_t *lens, size_t n)
{
    size_t d = karx_lsh_digest_bytes(alg), per = 0;
    if (d != 0 && out != NULL && msgs != NULL && lens != NULL && n != 0 && out_len / n >= d) {
        size_t total = 0;
        for (size_t i = 0; i < n; i++)
            total += lens[i] < SIZE_MAX - total ? lens[i] : 0;
        per = many_per(pool, alg, n, total / n);
    }
    if (per == 0)
        return karx_lsh_many_ptrs(alg, out, out_len, msgs, lens, n);
    many_job j = {.alg = alg, .out = out, .d = d, .per = per, .n = n, .msgs = msgs, .lens = lens};
    return run_many(pool, &j);
}
