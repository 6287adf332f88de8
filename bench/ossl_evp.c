/* The OpenSSL provider's cost: the same operation through karx's own API and through EVP with
 * karx.so, in one process, alternating repetitions, on 16 KiB, 64 KiB and 1 MiB buffers; and
 * AES-128-CTR/GCM and SHA-256/512 from OpenSSL's default provider on the same buffers as the
 * peer. Prints a Markdown table (medians; EVP / karx time and GB/s) and, with a file argument,
 * one JSON object per row.
 *
 * build (from the top folder, after a build with the provider in BUILD):
 *   cc -O2 -std=c11 -Iinclude -Icli bench/ossl_evp.c cli/bench_timer.c BUILD/libkarx.a \
 *      -lcrypto -lpthread -o BUILD/ossl_evp
 * usage: BUILD/ossl_evp BUILD/ossl-modules [REPS [JSON_FILE]]   (default 31 repetitions) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "bench_timer.h"
#include "karx/karx.h"

enum { MAXREPS = 201 };
static const size_t sizes[] = {16384, 65536, 1 << 20};

typedef struct job job;
typedef int (*run_fn)(job *j, size_t len); /* one timed operation; 1 on success */
struct job {
    const char *name;   /* OpenSSL name */
    const char *karx;   /* karx's name for the same operation, NULL for a peer */
    const char *props;  /* property query for EVP */
    run_fn karx_run, evp_run;
    EVP_MD *md;
    EVP_CIPHER *cipher;
    EVP_CIPHER_CTX *cctx;
    EVP_MD_CTX *mctx;
    karx_lsh_alg lsh;
    karx_cipher_key key;
    karx_gcm_key gk;
};

static uint8_t *in, *out, kbuf[64], ivbuf[16], tag[16];

static int karx_hash(job *j, size_t len)
{
    return karx_lsh(j->lsh, out, karx_lsh_digest_bytes(j->lsh), in, len) == KARX_OK;
}

static int evp_hash(job *j, size_t len)
{
    unsigned n;
    return EVP_DigestInit_ex2(j->mctx, j->md, NULL) && EVP_DigestUpdate(j->mctx, in, len) &&
           EVP_DigestFinal_ex(j->mctx, out, &n);
}

static int karx_ctr(job *j, size_t len)
{
    uint8_t ctr[16];
    memcpy(ctr, ivbuf, sizeof ctr);
    return karx_ctr_xor(&j->key, ctr, out, in, len) == KARX_OK;
}

/* Bulk cipher: the context keyed once (as a TLS record layer or a file tool keeps it), the IV
 * set per buffer. */
static int evp_cipher(job *j, size_t len)
{
    int n;
    return EVP_EncryptInit_ex2(j->cctx, NULL, NULL, ivbuf, NULL) &&
           EVP_EncryptUpdate(j->cctx, out, &n, in, (int)len);
}

static int karx_gcm(job *j, size_t len)
{
    return karx_gcm_seal(&j->gk, ivbuf, 12, out, tag, 16, in, len, NULL, 0) == KARX_OK;
}

/* AEAD: one whole message per call, IV, data, final and tag. */
static int evp_gcm(job *j, size_t len)
{
    int n, m;
    return EVP_EncryptInit_ex2(j->cctx, NULL, NULL, ivbuf, NULL) &&
           EVP_EncryptUpdate(j->cctx, out, &n, in, (int)len) &&
           EVP_EncryptFinal_ex(j->cctx, out + n, &m) &&
           EVP_CIPHER_CTX_ctrl(j->cctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
}

static int setup(job *j, OSSL_LIB_CTX *ctx)
{
    if (j->evp_run == evp_hash) {
        j->md = EVP_MD_fetch(ctx, j->name, j->props);
        j->mctx = EVP_MD_CTX_new();
        if (j->karx && karx_lsh_alg_from_name(j->karx, &j->lsh) != KARX_OK)
            return 0;
        return j->md && j->mctx;
    }
    j->cipher = EVP_CIPHER_fetch(ctx, j->name, j->props);
    j->cctx = EVP_CIPHER_CTX_new();
    if (!j->cipher || !j->cctx ||
        !EVP_EncryptInit_ex2(j->cctx, j->cipher, kbuf, ivbuf, NULL))
        return 0;
    if (j->karx == NULL)
        return 1;
    karx_alg_info info;
    if (karx_alg_find(KARX_KIND_CIPHER, j->karx, &info) != KARX_OK)
        return 0;
    if (j->karx_run == karx_gcm)
        return karx_gcm_set_key(&j->gk, (karx_cipher_alg)info.id, kbuf, info.key_bytes) == KARX_OK;
    return karx_cipher_set_key(&j->key, (karx_cipher_alg)info.id, kbuf, info.key_bytes) == KARX_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: ossl_evp MODULES_DIR [REPS [JSON_FILE]]\n");
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 31;
    reps = reps < 3 ? 3 : reps > MAXREPS ? MAXREPS : reps;
    FILE *json = argc > 3 ? fopen(argv[3], "a") : NULL;
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    if (!ctx || !OSSL_PROVIDER_set_default_search_path(ctx, argv[1]) ||
        !OSSL_PROVIDER_load(ctx, "karx") || !OSSL_PROVIDER_load(ctx, "default")) {
        fprintf(stderr, "ossl_evp: cannot load karx.so from %s\n", argv[1]);
        return 1;
    }
    size_t cap = sizes[sizeof sizes / sizeof sizes[0] - 1] + 64;
    in = malloc(cap);
    out = malloc(cap);
    if (!in || !out)
        return 1;
    for (size_t i = 0; i < cap; i++)
        in[i] = (uint8_t)(i * 131 + 7);
    for (size_t i = 0; i < sizeof kbuf; i++)
        kbuf[i] = (uint8_t)(i * 17 + 3);
    job jobs[] = {
        {.name = "LSH-256-256", .karx = "lsh256-256", .props = "provider=karx", .karx_run = karx_hash, .evp_run = evp_hash},
        {.name = "LSH-512-512", .karx = "lsh512-512", .props = "provider=karx", .karx_run = karx_hash, .evp_run = evp_hash},
        {.name = "LEA-128-CTR", .karx = "lea128", .props = "provider=karx", .karx_run = karx_ctr, .evp_run = evp_cipher},
        {.name = "HIGHT-CTR", .karx = "hight", .props = "provider=karx", .karx_run = karx_ctr, .evp_run = evp_cipher},
        {.name = "CHAM128-128-CTR", .karx = "cham128-128", .props = "provider=karx", .karx_run = karx_ctr, .evp_run = evp_cipher},
        {.name = "LEA-128-GCM", .karx = "lea128", .props = "provider=karx", .karx_run = karx_gcm, .evp_run = evp_gcm},
        {.name = "SHA256", .karx = NULL, .props = "provider=default", .karx_run = NULL, .evp_run = evp_hash},
        {.name = "SHA512", .karx = NULL, .props = "provider=default", .karx_run = NULL, .evp_run = evp_hash},
        {.name = "AES-128-CTR", .karx = NULL, .props = "provider=default", .karx_run = NULL, .evp_run = evp_cipher},
        {.name = "AES-128-GCM", .karx = NULL, .props = "provider=default", .karx_run = NULL, .evp_run = evp_gcm},
    };
    printf("karx %s (%s), %s, OpenSSL %s, medians of %d\n\n", karx_version(), bench_commit(),
           bench_cpu_name(), OpenSSL_version(OPENSSL_VERSION_STRING), reps);
    printf("| operation | bytes | karx API GB/s | EVP + karx.so GB/s | EVP / API time |\n");
    printf("|---|---|---|---|---|\n");
    int rc = 0;
    for (size_t k = 0; k < sizeof jobs / sizeof jobs[0]; k++) {
        job *j = &jobs[k];
        if (!setup(j, ctx)) {
            fprintf(stderr, "ossl_evp: %s: cannot set up (not in the provider?)\n", j->name);
            rc = 1;
            continue;
        }
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            size_t len = sizes[s];
            double te[MAXREPS], tk[MAXREPS];
            int ok = 1;
            for (int r = 0; r < reps && ok; r++) { /* alternating: drift hits both alike */
                double t0 = bench_now_ns();
                ok = j->evp_run(j, len);
                te[r] = bench_now_ns() - t0;
                if (j->karx_run) {
                    t0 = bench_now_ns();
                    ok = ok && j->karx_run(j, len);
                    tk[r] = bench_now_ns() - t0;
                }
            }
            if (!ok) {
                fprintf(stderr, "ossl_evp: %s failed at %zu bytes\n", j->name, len);
                rc = 1;
                break;
            }
            double e = bench_median(te, reps), kk = j->karx_run ? bench_median(tk, reps) : 0;
            if (j->karx_run)
                printf("| %s | %zu | %.3f | %.3f | %.3f |\n", j->name, len, len / kk, len / e, e / kk);
            else
                printf("| %s (OpenSSL default provider) | %zu | | %.3f | |\n", j->name, len, len / e);
            if (json)
                fprintf(json,
                        "{\"bench\":\"ossl_evp\",\"op\":\"%s\",\"bytes\":%zu,\"evp_gb_per_s\":%.4f,"
                        "\"karx_gb_per_s\":%.4f,\"provider\":\"%s\",\"cpu\":\"%s\",\"commit\":\"%s\","
                        "\"openssl\":\"%s\",\"reps\":%d}\n",
                        j->name, len, len / e, j->karx_run ? len / kk : 0.0, j->props,
                        bench_cpu_name(), bench_commit(), OpenSSL_version(OPENSSL_VERSION_STRING), reps);
        }
        EVP_MD_free(j->md);
        EVP_MD_CTX_free(j->mctx);
        EVP_CIPHER_free(j->cipher);
        EVP_CIPHER_CTX_free(j->cctx);
        karx_cipher_key_wipe(&j->key);
        karx_gcm_key_wipe(&j->gk);
    }
    if (json)
        fclose(json);
    free(in);
    free(out);
    OSSL_LIB_CTX_free(ctx);
    return rc;
}
