/* CTR_DRBG output on a thread pool. One generate request is at most 64 KiB, too little to split:
 * waking a second thread cost more than it saved (0.46-0.85x at 2 threads, issue 18's run). What
 * does split is a run of requests: out_len past the maximum is the consecutive full generate
 * calls karx_ctr_drbg_generate would make, and their state chain (additional-input update, V
 * advanced, closing update) needs none of their output. So the chain runs here, recording each
 * call's key and first counter (the GPU's plan, src/drbg/drbg_plan.c), and then every call's
 * keystream is made on the pool at once: the same bytes and the same final state as the serial
 * calls. In the approved mode (whose continuous test runs inside each serial generate) the
 * serial calls run. */
#include <stdlib.h>
#include <string.h>

#include "../approved/approved.h"
#include "../drbg/drbg_plan.h"
#include "karx/cipher.h"
#include "karx/drbg.h"
#include "karx/pool.h"

#define CALL_BYTES ((size_t)KARX_CTR_DRBG_MAX_REQUEST_BYTES)

typedef struct drbg_job {
    const karx_cipher_key *keys;
    const uint8_t *ctrs;
    uint8_t *out;
    size_t len, bl;
} drbg_job;

/* ctr += 1 mod 2^(8 bl), big-endian. */
static void ctr_inc(uint8_t *ctr, size_t bl)
{
    for (size_t i = bl; i-- > 0;)
        if (++ctr[i] != 0) break;
}

/* Call i's keystream: E(ctr), E(ctr + 1), ... The DRBG's V wraps mod 2^blocklen where
 * karx_ctr_xor refuses to (it would repeat a stream): that case, 2^-64 likely at worst, goes
 * block by block. */
static void call_task(void *arg, size_t i)
{
    const drbg_job *j = arg;
    size_t off = i * CALL_BYTES, n = j->len - off < CALL_BYTES ? j->len - off : CALL_BYTES;
    uint8_t ctr[KARX_MAX_BLOCK_BYTES], blk[KARX_MAX_BLOCK_BYTES];
    memcpy(ctr, j->ctrs + i * j->bl, j->bl);
    memset(j->out + off, 0, n);
    if (karx_ctr_xor(&j->keys[i], ctr, j->out + off, j->out + off, n) != KARX_OK) {
        memcpy(ctr, j->ctrs + i * j->bl, j->bl);
        for (size_t done = 0; done < n; done += j->bl) {
            karx_cipher_encrypt_block(&j->keys[i], blk, ctr);
            memcpy(j->out + off + done, blk, n - done < j->bl ? n - done : j->bl);
            ctr_inc(ctr, j->bl);
        }
    }
    karx_memzero(ctr, sizeof ctr);
    karx_memzero(blk, sizeof blk);
}

/* The serial calls (no pool, one thread, or the approved mode), after the same checks. */
static karx_status serial_calls(karx_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                const uint8_t *add, size_t add_len)
{
    karx_status st = KARX_OK;
    for (size_t off = 0; st == KARX_OK && off < out_len; off += CALL_BYTES) {
        size_t n = out_len - off < CALL_BYTES ? out_len - off : CALL_BYTES;
        st = karx_ctr_drbg_generate(drbg, out + off, n, add, add_len);
    }
    return st;
}

karx_status karx_ctr_drbg_generate_pool(karx_pool *pool, karx_ctr_drbg *drbg, uint8_t *out,
                                        size_t out_len, const uint8_t *additional,
                                        size_t add_len)
{
    if (out_len <= CALL_BYTES || out == NULL)
        return karx_ctr_drbg_generate(drbg, out, out_len, additional, add_len);
    /* every call may run now (ready, no prediction resistance, within the reseed interval),
     * else nothing changes */
    karx_status st = karx_i_drbg_plan_check(drbg, out_len, additional, add_len);
    if (st != KARX_OK)
        return st;
    if (karx_pool_threads(pool) < 2 || karx_i_approved_active())
        return serial_calls(drbg, out, out_len, additional, add_len);
    size_t calls = karx_i_drbg_plan_calls(out_len);
    size_t bl = karx_cipher_block_bytes((karx_cipher_alg)drbg->alg);
    karx_cipher_key *keys = calloc(calls, sizeof *keys);
    uint8_t *ctrs = calloc(calls, bl);
    if (!keys || !ctrs) {
        free(keys);
        free(ctrs);
        return KARX_ERR_NO_MEMORY;
    }
    karx_i_drbg_plan(drbg, out_len, additional, add_len, keys, ctrs);
    drbg_job j = {keys, ctrs, out, out_len, bl};
    (void)karx_pool_run(pool, calls, call_task, &j);
    karx_memzero(keys, calls * sizeof *keys);
    karx_memzero(ctrs, calls * bl);
    free(keys);
    free(ctrs);
    return KARX_OK;
}
