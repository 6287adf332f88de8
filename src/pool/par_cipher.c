/* The stateless block-cipher modes on a thread pool: ECB both ways, CTR, CBC and CFB decryption.
 *
 * Each task runs the single-threaded call itself on its byte range, with the register that range
 * starts from: CTR's counter advanced by the blocks before it; CBC's and CFB's the ciphertext
 * block just before the range, copied out before any task runs (in place, the task before it
 * overwrites that block). So every range produces exactly the bytes of the serial call, and the
 * register after the last range is the one the serial call returns. Ranges are whole blocks;
 * a final partial block or segment stays with the last range. */
#include <string.h>

#include "../modes/modes_internal.h"
#include "par_internal.h"

enum { OP_ECB_ENC, OP_ECB_DEC, OP_CTR, OP_CBC_DEC, OP_CFB_DEC };

typedef struct range_job {
    int op;
    const karx_cipher_key *key;
    size_t B, seg, per, tasks; /* per: bytes per task, a multiple of B */
    uint8_t *out;
    const uint8_t *in;
    size_t len;
    uint8_t start[KARX_PAR_MAX_TASKS][KARX_MAX_BLOCK_BYTES]; /* CBC/CFB: each range's register */
    uint8_t ctr[KARX_MAX_BLOCK_BYTES];                       /* CTR: the first range's counter */
    uint8_t end[KARX_MAX_BLOCK_BYTES];                       /* the register after the last */
} range_job;

static void range_task(void *arg, size_t i)
{
    range_job *j = arg;
    size_t off = i * j->per, n = i + 1 == j->tasks ? j->len - off : j->per;
    uint8_t reg[KARX_MAX_BLOCK_BYTES];
    uint8_t *out = j->out + off;
    const uint8_t *in = j->in + off;
    switch (j->op) {
    case OP_ECB_ENC:
        (void)karx_ecb_encrypt(j->key, out, in, n);
        return;
    case OP_ECB_DEC:
        (void)karx_ecb_decrypt(j->key, out, in, n);
        return;
    case OP_CTR:
        memcpy(reg, j->ctr, j->B);
        karx_i_ctr_add(reg, j->B, (uint64_t)(off / j->B));
        (void)karx_ctr_xor(j->key, reg, out, in, n);
        break;
    case OP_CBC_DEC:
        memcpy(reg, j->start[i], j->B);
        (void)karx_cbc_decrypt(j->key, reg, out, in, n);
        break;
    default:
        memcpy(reg, j->start[i], j->B);
        (void)karx_cfb_decrypt(j->key, j->seg, reg, out, in, n);
        break;
    }
    if (i + 1 == j->tasks)
        memcpy(j->end, reg, j->B);
    karx_memzero(reg, sizeof reg);
}

/* Runs the job over len bytes (arguments already checked) if it is worth the pool; returns 0
 * when the caller should run the serial call instead. reg is the IV / counter (NULL for ECB). */
static int run_ranges(karx_pool *pool, range_job *j, uint8_t *reg)
{
    size_t per_blocks = karx_i_par_units(pool, j->len / j->B, j->B, 1);
    if (per_blocks == 0)
        return 0;
    j->per = per_blocks * j->B;
    j->tasks = karx_i_par_tasks(j->len / j->B, per_blocks);
    if (j->op == OP_CTR)
        memcpy(j->ctr, reg, j->B);
    if (j->op == OP_CBC_DEC || j->op == OP_CFB_DEC) {
        memcpy(j->start[0], reg, j->B);
        for (size_t i = 1; i < j->tasks; i++)
            memcpy(j->start[i], j->in + i * j->per - j->B, j->B);
    }
    (void)karx_pool_run(pool, j->tasks, range_task, j);
    if (reg != NULL)
        memcpy(reg, j->end, j->B);
    return 1;
}

static void job_wipe(range_job *j)
{
    karx_memzero(j->start, j->tasks * sizeof j->start[0]);
    karx_memzero(j->ctr, sizeof j->ctr);
    karx_memzero(j->end, sizeof j->end);
}

static karx_status ecb_pool(karx_pool *pool, const karx_cipher_key *key, uint8_t *out,
                            const uint8_t *in, size_t len, int encrypt)
{
    const karx_i_cipher *c;
    if (karx_i_mode_args(key, out, in, len, &c) == KARX_OK && len % c->block_bytes == 0) {
        range_job j = {.op = encrypt ? OP_ECB_ENC : OP_ECB_DEC, .key = key,
                       .B = c->block_bytes, .out = out, .in = in, .len = len};
        if (run_ranges(pool, &j, NULL))
            return KARX_OK;
    }
    return encrypt ? karx_ecb_encrypt(key, out, in, len) : karx_ecb_decrypt(key, out, in, len);
}

karx_status karx_ecb_encrypt_pool(karx_pool *pool, const karx_cipher_key *key, uint8_t *out,
                                  const uint8_t *in, size_t len)
{
    return ecb_pool(pool, key, out, in, len, 1);
}

karx_status karx_ecb_decrypt_pool(karx_pool *pool, const karx_cipher_key *key, uint8_t *out,
                                  const uint8_t *in, size_t len)
{
    return ecb_pool(pool, key, out, in, len, 0);
}

karx_status karx_ctr_xor_pool(karx_pool *pool, const karx_cipher_key *key, uint8_t *ctr,
                              uint8_t *out, const uint8_t *in, size_t len)
{
    const karx_i_cipher *c;
    if (karx_i_chain_args(key, ctr, out, in, len, &c) == KARX_OK) {
        const size_t B = c->block_bytes;
        /* The overflow refusal is the serial call's: left to it, before anything is written. */
        if (len / B + (len % B != 0) <= karx_i_ctr_capacity(ctr, B)) {
            range_job j = {.op = OP_CTR, .key = key, .B = B, .out = out, .in = in, .len = len};
            int done = run_ranges(pool, &j, ctr);
            job_wipe(&j);
            if (done)
                return KARX_OK;
        }
    }
    return karx_ctr_xor(key, ctr, out, in, len);
}

karx_status karx_cbc_decrypt_pool(karx_pool *pool, const karx_cipher_key *key, uint8_t *iv,
                                  uint8_t *out, const uint8_t *in, size_t len)
{
    const karx_i_cipher *c;
    if (karx_i_cbc_args(key, iv, out, in, len, &c) == KARX_OK) {
        range_job j = {.op = OP_CBC_DEC, .key = key, .B = c->block_bytes, .out = out, .in = in,
                       .len = len};
        int done = run_ranges(pool, &j, iv);
        job_wipe(&j);
        if (done)
            return KARX_OK;
    }
    return karx_cbc_decrypt(key, iv, out, in, len);
}

karx_status karx_cfb_decrypt_pool(karx_pool *pool, const karx_cipher_key *key,
                                  size_t segment_bytes, uint8_t *iv, uint8_t *out,
                                  const uint8_t *in, size_t len)
{
    const karx_i_cipher *c;
    if (karx_i_chain_args(key, iv, out, in, len, &c) == KARX_OK &&
        (segment_bytes == 1 || segment_bytes == 8 || segment_bytes == c->block_bytes)) {
        /* Every range starts at a whole block (so a whole number of segments) at least a block
         * in, where the register is exactly the block of ciphertext before it. */
        range_job j = {.op = OP_CFB_DEC, .key = key, .B = c->block_bytes, .seg = segment_bytes,
                       .out = out, .in = in, .len = len};
        int done = run_ranges(pool, &j, iv);
        job_wipe(&j);
        if (done)
            return KARX_OK;
    }
    return karx_cfb_decrypt(key, segment_bytes, iv, out, in, len);
}
