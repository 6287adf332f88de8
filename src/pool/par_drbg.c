/* CTR_DRBG generate on a thread pool. Within one request the output is E(V+1) || E(V+2) || ...:
 * independent counter blocks, so the block range is cut into tasks, each writing its part of the
 * keystream from V advanced to its first block (karx_i_ctr_drbg_keystream_at, branch-free on the
 * secret V). The additional-input update before and the closing update after run in the caller
 * (karx_i_ctr_drbg_generate_begin / _end), so the output and the new state are the serial
 * call's. A request is at most KARX_CTR_DRBG_MAX_REQUEST_BYTES (64 KiB), so tasks here are
 * smaller than elsewhere: KARX_PAR_DRBG_MIN_BYTES. In the approved mode (whose continuous test
 * runs inside the serial generate) the serial call runs. */
#include <string.h>

#include "../approved/approved.h"
#include "../drbg/drbg_internal.h"
#include "par_internal.h"

#define KARX_PAR_DRBG_MIN_BYTES ((size_t)16 * 1024)

typedef struct drbg_job {
    const karx_ctr_drbg *d;
    uint8_t *out;
    size_t len, bl, per_blocks, tasks;
} drbg_job;

static void drbg_task(void *arg, size_t i)
{
    drbg_job *j = arg;
    size_t first = i * j->per_blocks, off = first * j->bl;
    size_t n = i + 1 == j->tasks ? j->len - off : j->per_blocks * j->bl;
    karx_i_ctr_drbg_keystream_at(j->d, (uint64_t)first, j->out + off, n);
}

karx_status karx_ctr_drbg_generate_pool(karx_pool *pool, karx_ctr_drbg *drbg, uint8_t *out,
                                        size_t out_len, const uint8_t *additional,
                                        size_t add_len)
{
    size_t bl = drbg != NULL ? karx_cipher_block_bytes((karx_cipher_alg)drbg->alg) : 0, per = 0;
    if (bl != 0 && out != NULL && !karx_i_approved_active())
        per = karx_i_par_units_min(pool, out_len / bl, bl, 1, KARX_PAR_DRBG_MIN_BYTES);
    if (per == 0)
        return karx_ctr_drbg_generate(drbg, out, out_len, additional, add_len);
    uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES];
    /* begin makes every check of the serial generate (state, sizes, reseed due) */
    karx_status st = karx_i_ctr_drbg_generate_begin(drbg, out_len, additional, add_len, a);
    if (st != KARX_OK)
        return st;
    drbg_job j = {drbg, out, out_len, bl, per, karx_i_par_tasks(out_len / bl, per)};
    (void)karx_pool_run(pool, j.tasks, drbg_task, &j);
    karx_i_ctr_drbg_generate_end(drbg, out_len, a);
    return KARX_OK;
}
