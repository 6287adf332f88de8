/* karx bench cipher: the stateless mode calls, out of place, key setup untimed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

enum { OP_CTR, OP_ECB, OP_ECB_DEC, OP_CBC_ENC, OP_CBC_DEC, OP_XTS, OP_XTS_DEC, OP_COUNT };
static const char *const cipher_ops[OP_COUNT] = {"ctr",     "ecb", "ecb-dec", "cbc-enc",
                                                 "cbc-dec", "xts", "xts-dec"};

typedef struct {
    int op;
    const karx_cipher_key *key;
    const karx_xts_key *xkey;         /* XTS: the pair, one data unit of len bytes a call */
    uint8_t iv[KARX_MAX_BLOCK_BYTES]; /* CTR counter / CBC chain, carried from call to call */
    size_t len;
    const uint8_t *in;
    uint8_t *out;
    karx_status st; /* first failure, if any */
} cipher_job;

static void run_cipher(void *job)
{
    cipher_job *j = job;
    karx_status st = KARX_OK;
    switch (j->op) {
    case OP_CTR: st = karx_ctr_xor(j->key, j->iv, j->out, j->in, j->len); break;
    case OP_ECB: st = karx_ecb_encrypt(j->key, j->out, j->in, j->len); break;
    case OP_ECB_DEC: st = karx_ecb_decrypt(j->key, j->out, j->in, j->len); break;
    case OP_CBC_ENC: st = karx_cbc_encrypt(j->key, j->iv, j->out, j->in, j->len); break;
    case OP_CBC_DEC: st = karx_cbc_decrypt(j->key, j->iv, j->out, j->in, j->len); break;
    case OP_XTS: st = karx_xts_encrypt(j->xkey, j->iv, j->out, j->in, j->len); break;
    case OP_XTS_DEC: st = karx_xts_decrypt(j->xkey, j->iv, j->out, j->in, j->len); break;
    }
    if (st != KARX_OK && j->st == KARX_OK) j->st = st;
    bench_sink ^= j->out[j->len - 1]; /* consume the output */
}


void cipher_header(void)
{
    printf("%-8s %-12s %-9s %-14s %9s %6s %9s %8s %8s %7s\n", "op", "alg", "backend", "kernel",
           "bytes", "lanes", "GB/s", "c/B", "tsc/B", "spread");
}

static void cipher_row(const suite_ctx *x, const bench_cipher *c, int op, size_t len,
                       const timing *t)
{
    const bench_env *e = x->e;
    const char *aname = c->info.name, *kname = c->kernel.name;
    rates r = rates_of(e, t, (double)len);
    printf("%-8s %-12s %-9s %-14s %9zu %6u %9.3f %8.2f %8.2f %6.1f%%\n", cipher_ops[op], aname,
           x->bname, kname, len, c->kernel.lanes, r.gbps, r.cpb, r.tpb, t->spread_pct);
    fflush(stdout);
    if (e->json) {
        fprintf(e->json,
                "{\"suite\":\"cipher\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                "\"kernel\":\"%s\",\"lanes\":%u,\"msg_bytes\":%zu,\"gb_per_s\":%.4f,",
                cipher_ops[op], aname, x->bname, kname, c->kernel.lanes, len, r.gbps);
        json_tail(e, t, &r);
    }
}

/* Every listed op of one cipher. */
static void cipher_ops_of(void *ctx, const bench_cipher *c)
{
    suite_ctx *x = ctx;
    const size_t len = x->e->quick ? (size_t)1 << 20 : (size_t)16 << 20;
    /* XTS (128-bit blocks): data key bench_key, tweak key its complement. */
    uint8_t xk[2 * KARX_MAX_KEY_BYTES];
    karx_xts_key xkey;
    const size_t kb = c->info.key_bytes;
    for (size_t i = 0; i < kb; i++) {
        xk[i] = bench_key[i];
        xk[kb + i] = (uint8_t)~bench_key[i];
    }
    int have_xts = karx_xts_set_key(&xkey, (karx_cipher_alg)c->info.id, xk, 2 * kb) == KARX_OK;
    for (int op = 0; op < OP_COUNT; op++) {
        if (!listed(x->e->ops, cipher_ops[op])) continue;
        if ((op == OP_XTS || op == OP_XTS_DEC) && !have_xts) continue;
        cipher_job j;
        memset(&j, 0, sizeof j);
        j.op = op;
        j.key = &c->key;
        j.xkey = &xkey;
        j.len = len;
        j.in = x->e->in;
        j.out = x->e->out;
        for (size_t i = 0; i < sizeof j.iv; i++) j.iv[i] = (uint8_t)(0xf0 + i);
        run_cipher(&j); /* checks the call works before timing it */
        if (j.st != KARX_OK) {
            bench_failed(x, cipher_ops[op], c->info.name, j.st);
            continue;
        }
        timing t = measure(run_cipher, &j, x->e->target_ns, x->e->reps);
        if (j.st != KARX_OK)
            bench_failed(x, cipher_ops[op], c->info.name, j.st);
        else
            cipher_row(x, c, op, len, &t);
    }
    karx_xts_key_wipe(&xkey);
}

int suite_cipher(const bench_env *e, const char *bname)
{
    suite_ctx x = {e, bname, EXIT_OK};
    each_cipher(&x, cipher_ops_of);
    return x.rc;
}
