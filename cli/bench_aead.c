/* karx bench aead: GCM, GMAC, CCM, CMAC, HMAC-LSH and CTR_DRBG, key setup untimed
 * GCM / CCM run through the scheduled-key calls (karx_gcm_seal/open, karx_ccm_seal/open), no
 * AAD, 16-byte tag, out of place. CMAC and HMAC key a context once; each call copies it (a fork,
 * as a server holding a keyed context does), absorbs the message and finalises. The HMAC rows on
 * the long message are timed alternately with the plain hash of the same message, the 1 MiB
 * DRBG rows alternately with karx_ctr_xor of the same cipher on 1 MiB, so the ratios printed
 * are from the same moments of the run. The GCM rows likewise run beside karx_ctr_xor of the
 * same cipher on the same buffers and length ("x ctr": GCM's speed over CTR's). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"


enum {
    AOP_GCM_SEAL, AOP_GCM_OPEN, AOP_CCM_SEAL, AOP_CCM_OPEN, AOP_CMAC, AOP_HMAC, AOP_HASH,
    AOP_DRBG, AOP_CTR, AOP_GMAC, AOP_KBKDF, AOP_HASH_DRBG, AOP_HMAC_DRBG
};
static const char *const aead_ops[] = {"gcm-seal", "gcm-open", "ccm-seal", "ccm-open", "cmac",
                                       "hmac",     "hash",     "drbg",     "ctr", "gmac", "kbkdf",
                                       "hash-drbg", "hmac-drbg"};

#define AEAD_IV_BYTES 12 /* GCM IV and CCM nonce */
#define AEAD_TAG_BYTES 16
#define DRBG_CHUNK ((size_t)KARX_CTR_DRBG_MAX_REQUEST_BYTES)

typedef struct {
    int op;
    int lsh_alg;                   /* AOP_HMAC / AOP_HASH */
    const karx_gcm_key *gk;        /* AOP_GCM_*, AOP_GMAC */
    const karx_cipher_key *ck;     /* AOP_CCM_*, AOP_CTR */
    const karx_cmac_ctx *cmac;     /* keyed once, copied per call */
    const karx_hmac_lsh_ctx *hmac; /* keyed once, copied per call */
    const karx_kbkdf_params *kb;   /* AOP_KBKDF: one key of len bytes from bench_key[0 .. ki_len) */
    size_t ki_len;
    karx_ctr_drbg *drbg;
    karx_drbg *lsh_drbg; /* AOP_HASH_DRBG, AOP_HMAC_DRBG */
    size_t len, tag_len;
    const uint8_t *in;
    uint8_t *out;
    uint8_t iv[KARX_MAX_BLOCK_BYTES]; /* GCM IV / CCM nonce / CTR counter */
    uint8_t tag[KARX_LSH_MAX_DIGEST_BYTES];
    karx_status st; /* first failure, if any */
} aead_job;

static void run_aead(void *job)
{
    aead_job *j = job;
    karx_status st = KARX_OK;
    switch (j->op) {
    case AOP_GCM_SEAL:
        j->iv[AEAD_IV_BYTES - 1]++; /* a fresh IV per message, as a caller must */
        st = karx_gcm_seal(j->gk, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_GCM_OPEN: /* j->in holds a valid ciphertext for the fixed IV and j->tag */
        st = karx_gcm_open(j->gk, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_CCM_SEAL:
        j->iv[AEAD_IV_BYTES - 1]++;
        st = karx_ccm_seal(j->ck, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_CCM_OPEN:
        st = karx_ccm_open(j->ck, j->iv, AEAD_IV_BYTES, j->out, j->tag, AEAD_TAG_BYTES, j->in,
                           j->len, NULL, 0);
        break;
    case AOP_CMAC: {
        karx_cmac_ctx c = *j->cmac;
        st = karx_cmac_update(&c, j->in, j->len);
        if (st == KARX_OK) st = karx_cmac_final(&c, j->tag, j->tag_len);
        karx_cmac_ctx_wipe(&c);
        break;
    }
    case AOP_HMAC: {
        karx_hmac_lsh_ctx h = *j->hmac;
        st = karx_hmac_lsh_update(&h, j->in, j->len);
        if (st == KARX_OK) st = karx_hmac_lsh_final(&h, j->tag, sizeof j->tag);
        karx_hmac_lsh_ctx_wipe(&h);
        break;
    }
    case AOP_HASH: st = karx_lsh((karx_lsh_alg)j->lsh_alg, j->tag, sizeof j->tag, j->in, j->len); break;
    case AOP_DRBG: /* requests of at most 64 KiB, as SP 800-90A allows */
        for (size_t off = 0; off < j->len && st == KARX_OK; off += DRBG_CHUNK) {
            size_t n = j->len - off < DRBG_CHUNK ? j->len - off : DRBG_CHUNK;
            st = karx_ctr_drbg_generate(j->drbg, j->out + off, n, NULL, 0);
        }
        break;
    case AOP_HASH_DRBG:
    case AOP_HMAC_DRBG:
        for (size_t off = 0; off < j->len && st == KARX_OK; off += DRBG_CHUNK) {
            size_t n = j->len - off < DRBG_CHUNK ? j->len - off : DRBG_CHUNK;
            st = karx_drbg_generate(j->lsh_drbg, j->out + off, n, NULL, 0);
        }
        break;
    case AOP_CTR: st = karx_ctr_xor(j->ck, j->iv, j->out, j->in, j->len); break;
    case AOP_KBKDF: st = karx_kbkdf(j->kb, bench_key, j->ki_len, j->out, j->len); break;
    case AOP_GMAC: { /* per message: a fresh IV, the context from the scheduled key */
        karx_gmac_ctx g;
        j->iv[AEAD_IV_BYTES - 1]++;
        st = karx_gmac_init_key(&g, j->gk, j->iv, AEAD_IV_BYTES);
        if (st == KARX_OK) st = karx_gmac_update(&g, j->in, j->len);
        if (st == KARX_OK) st = karx_gmac_final(&g, j->tag, AEAD_TAG_BYTES);
        karx_gmac_ctx_wipe(&g);
        break;
    }
    }
    if (st != KARX_OK && j->st == KARX_OK) j->st = st;
    bench_sink ^= (uint8_t)(j->tag[0] ^ (j->len ? j->out[j->len - 1] : 0)); /* consume the output */
}

void aead_header(void)
{
    printf("%-8s %-11s %-9s %-14s %9s %9s %8s %8s %12s %7s  %s\n", "op", "alg", "backend",
           "kernel", "bytes", "GB/s", "c/B", "tsc/B", "calls/s", "spread", "note");
}


/* Checks a job once before timing it; 0 (and an error printed) if it fails. */
static int aead_try(suite_ctx *ax, aead_job *j, const char *aname)
{
    run_aead(j);
    if (j->st == KARX_OK) return 1;
    bench_failed(ax, aead_ops[j->op], aname, j->st);
    return 0;
}

/* Prints and records one measured row; extra is a JSON fragment ending in ',' (or ""). */
static void aead_row(suite_ctx *ax, const aead_job *j, const char *aname, const char *kname,
                     const timing *t, const char *note, const char *extra)
{
    const bench_env *e = ax->e;
    if (j->st != KARX_OK) {
        bench_failed(ax, aead_ops[j->op], aname, j->st);
        return;
    }
    rates r = rates_of(e, t, (double)j->len);
    double per_s = 1e9 / t->ns_per_call;
    printf("%-8s %-11s %-9s %-14s %9zu %9.3f %8.2f %8.2f %12.0f %6.1f%%  %s\n", aead_ops[j->op],
           aname, ax->bname, kname, j->len, r.gbps, r.cpb, r.tpb, per_s, t->spread_pct, note);
    fflush(stdout);
    if (e->json) {
        fprintf(e->json,
                "{\"suite\":\"aead\",\"op\":\"%s\",\"alg\":\"%s\",\"backend\":\"%s\","
                "\"kernel\":\"%s\",\"msg_bytes\":%zu,\"gb_per_s\":%.4f,\"per_s\":%.1f,%s",
                aead_ops[j->op], aname, ax->bname, kname, j->len, r.gbps, per_s, extra);
        json_tail(e, t, &r);
    }
}

static void aead_one(suite_ctx *ax, aead_job *j, const char *aname, const char *kname)
{
    if (!aead_try(ax, j, aname)) return;
    timing t = measure(run_aead, j, ax->e->target_ns, ax->e->reps);
    aead_row(ax, j, aname, kname, &t, "", "");
}

static void aead_job_init(aead_job *j, int op, const bench_env *e, size_t len)
{
    memset(j, 0, sizeof *j);
    j->op = op;
    j->len = len;
    j->in = e->in;
    j->out = e->out;
    for (size_t i = 0; i < sizeof j->iv; i++) j->iv[i] = (uint8_t)(0xa0 + i);
}

/* 1 when st (a key or state set up for op) is KARX_OK; else "bench <op> <aname>: <why>" and
 * the suite fails. */
static int set_up(suite_ctx *ax, const char *op, const char *aname, karx_status st)
{
    if (st == KARX_OK) return 1;
    cli_error("bench %s %s: %s", op, aname, karx_strerror(st));
    ax->rc = EXIT_FAIL;
    return 0;
}

/* GMAC (the data as AAD, 12-byte IV, 16-byte tag) from a scheduled key: the long message, 16 KiB
 * and 64 B. Its per-byte cost is GHASH's: see bench/ghash_gmac.c for the two side by side. */
static void aead_gmac(suite_ctx *ax, karx_cipher_alg alg, const char *aname, const char *kname,
                      size_t big)
{
    const bench_env *e = ax->e;
    if (!listed(e->ops, "gmac")) return;
    karx_gcm_key gk;
    karx_status st = karx_gcm_set_key(&gk, alg, bench_key, karx_cipher_key_bytes(alg));
    if (!set_up(ax, "gmac", aname, st)) return;
    const size_t sizes[] = {big, 16u << 10, 64};
    for (size_t s = 0; s < 3; s++) {
        aead_job j;
        aead_job_init(&j, AOP_GMAC, e, sizes[s]);
        j.gk = &gk;
        aead_one(ax, &j, aname, kname);
    }
    karx_gcm_key_wipe(&gk);
}

/* One GCM row timed alternately with karx_ctr_xor of the same cipher on the same length, so
 * the ratio (GCM speed over CTR speed, rep by rep) comes from the same moments of the run. */
static void aead_gcm_vs_ctr(suite_ctx *ax, aead_job *j, const karx_cipher_key *ck,
                            const char *aname, const char *kname)
{
    const bench_env *e = ax->e;
    aead_job c;
    aead_job_init(&c, AOP_CTR, e, j->len);
    c.ck = ck;
    c.in = j->in;
    c.out = j->out;
    if (!aead_try(ax, &c, aname) || !aead_try(ax, j, aname)) return;
    timing tc, tg;
    double q;
    measure_pair(run_aead, &c, run_aead, j, e->target_ns, e->reps, &tc, &tg, &q);
    char note[80], extra[80];
    aead_row(ax, &c, aname, kname, &tc, "(reference for gcm)", "");
    snprintf(note, sizeof note, "%.3fx ctr", 1.0 / q);
    snprintf(extra, sizeof extra, "\"ctr_ratio\":%.4f,\"ctr_gb_per_s\":%.4f,", 1.0 / q,
             (double)c.len / tc.ns_per_call);
    aead_row(ax, j, aname, kname, &tg, note, extra);
}

/* GCM, GMAC and CCM for one 128-bit-block cipher. GCM seal and open each run beside CTR. */
static void aead_modes(suite_ctx *ax, karx_cipher_alg alg, const char *aname, const char *kname,
                       const karx_cipher_key *ck, size_t big)
{
    const bench_env *e = ax->e;
    const int want_gcm = listed(e->ops, "gcm-seal") || listed(e->ops, "gcm-open");
    if (want_gcm) {
        karx_gcm_key gk;
        karx_status st = karx_gcm_set_key(&gk, alg, bench_key, karx_cipher_key_bytes(alg));
        if (set_up(ax, "gcm", aname, st)) {
            const size_t sizes[] = {big, 16u << 10};
            for (size_t s = 0; s < 2; s++) {
                aead_job j;
                if (listed(e->ops, "gcm-seal")) {
                    aead_job_init(&j, AOP_GCM_SEAL, e, sizes[s]);
                    j.gk = &gk;
                    aead_gcm_vs_ctr(ax, &j, ck, aname, kname);
                }
                if (listed(e->ops, "gcm-open")) {
                    /* a valid (ciphertext, tag) for the fixed IV, in e->ct */
                    aead_job_init(&j, AOP_GCM_OPEN, e, sizes[s]);
                    j.gk = &gk;
                    st = karx_gcm_seal(&gk, j.iv, AEAD_IV_BYTES, e->ct, j.tag, AEAD_TAG_BYTES,
                                       e->in, j.len, NULL, 0);
                    j.in = e->ct;
                    if (st != KARX_OK) j.st = st;
                    aead_gcm_vs_ctr(ax, &j, ck, aname, kname);
                }
            }
            karx_gcm_key_wipe(&gk);
        }
    }
    aead_gmac(ax, alg, aname, kname, big);
    /* CCM with a 12-byte nonce carries at most 2^24 - 1 bytes: the long message is 16 MiB less
     * one block there. */
    size_t ccm_len = karx_ccm_max_payload_bytes(AEAD_IV_BYTES) & ~(size_t)15;
    if (ccm_len > big) ccm_len = big;
    aead_job j;
    if (listed(e->ops, "ccm-seal")) {
        aead_job_init(&j, AOP_CCM_SEAL, e, ccm_len);
        j.ck = ck;
        aead_one(ax, &j, aname, kname);
    }
    if (listed(e->ops, "ccm-open")) {
        aead_job_init(&j, AOP_CCM_OPEN, e, ccm_len);
        j.ck = ck;
        karx_status st = karx_ccm_seal(ck, j.iv, AEAD_IV_BYTES, e->ct, j.tag, AEAD_TAG_BYTES, e->in,
                                       j.len, NULL, 0);
        j.in = e->ct;
        if (st != KARX_OK) j.st = st;
        aead_one(ax, &j, aname, kname);
    }
}

/* CMAC, and CTR_DRBG against CTR, for one cipher. */
static void aead_cmac_drbg(suite_ctx *ax, karx_cipher_alg alg, const char *aname,
                           const char *kname, const karx_cipher_key *ck, size_t big)
{
    const bench_env *e = ax->e;
    if (listed(e->ops, "cmac")) {
        karx_cmac_ctx c;
        karx_status st = karx_cmac_init(&c, alg, bench_key, karx_cipher_key_bytes(alg));
        if (set_up(ax, "cmac", aname, st)) {
            const size_t sizes[] = {big, 64};
            for (size_t s = 0; s < 2; s++) {
                aead_job j;
                aead_job_init(&j, AOP_CMAC, e, sizes[s]);
                j.cmac = &c;
                j.tag_len = karx_cmac_tag_bytes(alg);
                aead_one(ax, &j, aname, kname);
            }
            karx_cmac_ctx_wipe(&c);
        }
    }
    if (listed(e->ops, "drbg")) {
        karx_ctr_drbg d;
        uint8_t nonce[16];
        for (size_t i = 0; i < sizeof nonce; i++) nonce[i] = (uint8_t)(0x20 + i);
        /* with df: entropy of 32 bytes (>= every strength), a 16-byte nonce */
        karx_status st = karx_ctr_drbg_instantiate(&d, alg, KARX_DRBG_USE_DF, bench_key,
                                                   sizeof bench_key, nonce, sizeof nonce, NULL, 0);
        if (!set_up(ax, "drbg", aname, st)) return;
        aead_job j, c;
        aead_job_init(&j, AOP_DRBG, e, 64);
        j.drbg = &d;
        aead_one(ax, &j, aname, kname);
        /* 1 MiB as 16 requests of 64 KiB, timed alternately with CTR on 1 MiB */
        aead_job_init(&j, AOP_DRBG, e, (size_t)1 << 20);
        j.drbg = &d;
        aead_job_init(&c, AOP_CTR, e, (size_t)1 << 20);
        c.ck = ck;
        c.out = e->ct;
        if (aead_try(ax, &j, aname) && aead_try(ax, &c, aname)) {
            timing td, tc;
            double q;
            measure_pair(run_aead, &c, run_aead, &j, e->target_ns, e->reps, &tc, &td, &q);
            double pct = 100.0 / q; /* DRBG speed as a % of CTR's, rep by rep */
            char note[80], extra[80];
            aead_row(ax, &c, aname, kname, &tc, "(reference for drbg)", "");
            snprintf(note, sizeof note, "%.1f%% of ctr", pct);
            snprintf(extra, sizeof extra, "\"ctr_pct\":%.2f,\"ctr_gb_per_s\":%.4f,", pct,
                     (double)c.len / tc.ns_per_call);
            aead_row(ax, &j, aname, kname, &td, note, extra);
        }
        karx_ctr_drbg_uninstantiate(&d);
    }
}

/* HMAC-LSH on the long message beside the plain hash, and on 64 bytes. */
static void aead_hmac(suite_ctx *ax, const karx_alg_info *hash, size_t big)
{
    const bench_env *e = ax->e;
    const char *aname = hash->name;
    if (!listed(e->algs, aname) || !listed(e->ops, "hmac")) return;
    karx_hmac_lsh_ctx h;
    karx_status st = karx_hmac_lsh_init(&h, (karx_lsh_alg)hash->id, bench_key, sizeof bench_key);
    if (!set_up(ax, "hmac", aname, st)) return;
    aead_job hm, hs;
    aead_job_init(&hm, AOP_HMAC, e, big);
    hm.hmac = &h;
    aead_job_init(&hs, AOP_HASH, e, big);
    hs.lsh_alg = hash->id;
    if (aead_try(ax, &hs, aname) && aead_try(ax, &hm, aname)) {
        timing ts, tm;
        double q;
        measure_pair(run_aead, &hs, run_aead, &hm, e->target_ns, e->reps, &ts, &tm, &q);
        double pct = 100.0 * (q - 1.0); /* extra time over the hash, rep by rep */
        char note[80], extra[80];
        aead_row(ax, &hs, aname, "-", &ts, "(reference for hmac)", "");
        snprintf(note, sizeof note, "overhead %+.2f%% vs hash", pct);
        snprintf(extra, sizeof extra, "\"overhead_pct\":%.3f,\"hash_gb_per_s\":%.4f,", pct,
                 (double)hs.len / ts.ns_per_call);
        aead_row(ax, &hm, aname, "-", &tm, note, extra);
    }
    aead_job_init(&hm, AOP_HMAC, e, 64);
    hm.hmac = &h;
    aead_one(ax, &hm, aname, "-");
    karx_hmac_lsh_ctx_wipe(&h);
}

/* Hash_DRBG and HMAC_DRBG over one LSH variant: 64 B requests, and 1 MiB as 16 requests of 64 KiB
 * timed alternately with the plain hash of 1 MiB (the ratio is from the same moments). */
static void aead_lsh_drbg(suite_ctx *ax, const karx_alg_info *hash)
{
    const bench_env *e = ax->e;
    static const int ops[2] = {AOP_HASH_DRBG, AOP_HMAC_DRBG};
    static const karx_drbg_type types[2] = {KARX_DRBG_HASH, KARX_DRBG_HMAC};
    uint8_t nonce[16];
    for (size_t i = 0; i < sizeof nonce; i++) nonce[i] = (uint8_t)(0x20 + i);
    for (int t = 0; t < 2; t++) {
        if (!listed(e->ops, aead_ops[ops[t]])) continue;
        karx_drbg d;
        /* entropy of 32 bytes (>= every strength), a 16-byte nonce */
        karx_status st = karx_drbg_instantiate(&d, types[t], hash->id, 0, bench_key,
                                               sizeof bench_key, nonce, sizeof nonce, NULL, 0);
        if (!set_up(ax, aead_ops[ops[t]], hash->name, st)) continue;
        aead_job j, h;
        aead_job_init(&j, ops[t], e, 64);
        j.lsh_drbg = &d;
        aead_one(ax, &j, hash->name, "-");
        aead_job_init(&j, ops[t], e, (size_t)1 << 20);
        j.lsh_drbg = &d;
        aead_job_init(&h, AOP_HASH, e, (size_t)1 << 20);
        h.lsh_alg = hash->id;
        if (aead_try(ax, &h, hash->name) && aead_try(ax, &j, hash->name)) {
            timing th, td;
            double q;
            measure_pair(run_aead, &h, run_aead, &j, e->target_ns, e->reps, &th, &td, &q);
            double pct = 100.0 / q; /* DRBG output rate as a % of the hash's input rate */
            char note[80], extra[80];
            aead_row(ax, &h, hash->name, "-", &th, "(reference for drbg)", "");
            snprintf(note, sizeof note, "%.1f%% of hash", pct);
            snprintf(extra, sizeof extra, "\"hash_pct\":%.2f,\"hash_gb_per_s\":%.4f,", pct,
                     (double)h.len / th.ns_per_call);
            aead_row(ax, &j, hash->name, "-", &td, note, extra);
        }
        karx_drbg_uninstantiate(&d);
    }
}

/* KBKDF keys per second (calls/s): one 32-byte key per call in counter mode (32-bit counter,
 * TTAK [L], 16- and 18-byte label and context) from the PRF MAC id prf, keyed with ki_len bytes. */
static void aead_kbkdf(suite_ctx *ax, int prf, const char *aname, const char *kname, size_t ki_len)
{
    static const char label[] = "karx bench label", context[] = "karx bench context";
    if (!listed(ax->e->ops, "kbkdf")) return;
    karx_kbkdf_params p = {KARX_KBKDF_COUNTER, prf, 32, 0, (const uint8_t *)label,
                           sizeof label - 1, (const uint8_t *)context, sizeof context - 1, NULL, 0};
    karx_alg_info mac;
    char note[64];
    aead_job j;
    aead_job_init(&j, AOP_KBKDF, ax->e, 32);
    j.kb = &p;
    j.ki_len = ki_len;
    if (!aead_try(ax, &j, aname)) return;
    timing t = measure(run_aead, &j, ax->e->target_ns, ax->e->reps);
    snprintf(note, sizeof note, "%s, counter, keys/s",
             karx_alg_by_id(KARX_KIND_MAC, prf, &mac) == KARX_OK ? mac.name : "?");
    aead_row(ax, &j, aname, kname, &t, note, "\"kbkdf_mode\":\"counter\",");
}

/* GCM and CCM (128-bit blocks), CMAC and CTR_DRBG for one cipher. */
static void aead_cipher(void *ctx, const bench_cipher *c)
{
    suite_ctx *ax = ctx;
    const size_t big = ax->e->quick ? (size_t)1 << 20 : (size_t)16 << 20;
    const karx_cipher_alg alg = (karx_cipher_alg)c->info.id;
    if (c->info.block_bytes == 16)
        aead_modes(ax, alg, c->info.name, c->kernel.name, &c->key, big);
    aead_cmac_drbg(ax, alg, c->info.name, c->kernel.name, &c->key, big);
    aead_kbkdf(ax, KARX_MAC_ID(KARX_MAC_CMAC, c->info.id), c->info.name, c->kernel.name,
               c->info.key_bytes);
}

int suite_aead(const bench_env *e, const char *bname)
{
    suite_ctx ax = {e, bname, EXIT_OK};
    const size_t big = e->quick ? (size_t)1 << 20 : (size_t)16 << 20;
    karx_alg_info h;
    each_cipher(&ax, aead_cipher);
    for (size_t i = 0; cli_alg_next(KARX_KIND_HASH, NULL, &i, &h);) {
        aead_hmac(&ax, &h, big);
        if (listed(e->algs, h.name)) aead_lsh_drbg(&ax, &h);
        if (listed(e->algs, h.name))
            aead_kbkdf(&ax, KARX_MAC_ID(KARX_MAC_HMAC, h.id), h.name, "-", 32);
    }
    return ax.rc;
}
