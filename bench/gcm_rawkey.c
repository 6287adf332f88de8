/* The raw-key one-shots' cost per call (a key given with every message, as a server that keeps
 * no scheduled key per session does): karx_gcm_encrypt and karx_gmac over LEA-128, CHAM-128/128
 * and ARIA-128, beside OpenSSL's AES-128-GCM keyed afresh for every message (EVP_EncryptInit_ex
 * with the key, then the IV, the data and the tag), at 16 B to 8 KiB. Prints one line per row:
 * the minimum and median ns per call over REPS repetitions of N calls, and MB/s at the median.
 * For an A/B of two commits, link this file against each one's libkarx.a and run the two
 * binaries in turn (bench/results/20261205-gmac-rawkey-*.md shows how).
 *
 * build: cc -O2 -std=c11 -Iinclude -DKARX_STATIC_DEFINE bench/gcm_rawkey.c BUILD/libkarx.a \
 *          -lcrypto -lpthread -o BUILD/gcm_rawkey
 * usage: BUILD/gcm_rawkey [REPS]   (default 11) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>

#include "karx/karx.h"

#define MAX_REPS 64

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, iv[12] = {7};
static uint8_t in[8192], out[8192], tag[16];

/* one call of a row: 0 on success */
typedef int (*call_fn)(int alg, size_t len, EVP_CIPHER_CTX *ctx);

static int karx_gcm_row(int alg, size_t len, EVP_CIPHER_CTX *ctx)
{
    (void)ctx;
    iv[11]++;
    return karx_gcm_encrypt((karx_cipher_alg)alg, key, 16, iv, 12, out, tag, 16, in, len, NULL,
                            0) != KARX_OK;
}

static int karx_gmac_row(int alg, size_t len, EVP_CIPHER_CTX *ctx)
{
    (void)ctx;
    iv[11]++;
    return karx_gmac((karx_cipher_alg)alg, key, 16, iv, 12, tag, 16, in, len) != KARX_OK;
}

/* OpenSSL's AES-128-GCM keyed for this one message: the data as payload (gcm) or, with aad
 * set, as AAD with no payload (gmac). */
static int ossl_seal(size_t len, EVP_CIPHER_CTX *ctx, int aad)
{
    int n = 0, m = 0;
    iv[11]++;
    return !(EVP_EncryptInit_ex(ctx, NULL, NULL, key, iv) &&
             EVP_EncryptUpdate(ctx, aad ? NULL : out, &n, in, (int)len) &&
             EVP_EncryptFinal_ex(ctx, out + (aad ? 0 : n), &m) &&
             EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag));
}

static int ossl_gcm_row(int alg, size_t len, EVP_CIPHER_CTX *ctx)
{
    (void)alg;
    return ossl_seal(len, ctx, 0);
}

static int ossl_gmac_row(int alg, size_t len, EVP_CIPHER_CTX *ctx)
{
    (void)alg;
    return ossl_seal(len, ctx, 1);
}

static void row(const char *name, const char *alg_name, call_fn f, int alg, size_t len, int reps,
                EVP_CIPHER_CTX *ctx)
{
    double per[MAX_REPS];
    long n = len <= 256 ? 20000 : len <= 1024 ? 10000 : 2000;
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        for (long i = 0; i < n; i++)
            if (f(alg, len, ctx) != 0) {
                fprintf(stderr, "%s %s %zu: call failed\n", name, alg_name, len);
                exit(1);
            }
        per[r] = (now_ns() - t0) / (double)n;
    }
    qsort(per, (size_t)reps, sizeof per[0], cmp_double);
    double med = per[reps / 2];
    printf("%-10s %-12s %5zu B  min %8.1f ns  median %8.1f ns  %8.1f MB/s\n", name, alg_name, len,
           per[0], med, (double)len / med * 1e3);
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 11;
    if (reps < 1 || reps > MAX_REPS)
        reps = 11;
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 31 + 7);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL || !EVP_EncryptInit_ex(ctx, EVP_aes_128_gcm(), NULL, NULL, NULL))
        return 1;
    static const size_t lens[] = {16, 64, 256, 1024, 8192};
    static const struct {
        const char *name;
        karx_cipher_alg alg;
    } algs[] = {{"lea128", KARX_CIPHER_LEA128},
                {"cham128-128", KARX_CIPHER_CHAM128_128},
                {"aria128", KARX_CIPHER_ARIA128}};
    printf("back end %s; %d repetitions\n", karx_backend_name(karx_get_backend()), reps);
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
            row("gcm-raw", algs[a].name, karx_gcm_row, algs[a].alg, lens[l], reps, ctx);
            row("gmac-raw", algs[a].name, karx_gmac_row, algs[a].alg, lens[l], reps, ctx);
        }
        row("gcm-raw", "openssl-aes", ossl_gcm_row, 0, lens[l], reps, ctx);
        row("gmac-raw", "openssl-aes", ossl_gmac_row, 0, lens[l], reps, ctx);
    }
    EVP_CIPHER_CTX_free(ctx);
    return 0;
}
