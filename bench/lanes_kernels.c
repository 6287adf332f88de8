/* The lane kernels' members one by one (src/lanes/lanes.h): for every lane impl of a cipher that
 * this CPU runs (both AVX-512 forms, two ymm and one zmm, whatever the tuning bit picks), the
 * ns per call of schedule, encrypt (one block a lane), ctr32_xor and gcm32_xor over 4 steps (a
 * 64-byte record a lane) and the lane GHASH over 1 and 4 blocks, all lanes live; the impls take
 * turns in every repetition, so a noisy machine moves them alike. Prints the median over REPS
 * and ns per lane. Internal headers: built from the tree, not the installed API.
 *
 * build: cc -O2 -std=c11 -Iinclude -Isrc -DKARX_STATIC_DEFINE bench/lanes_kernels.c \
 *          BUILD/libkarx.a -lpthread -o BUILD/lanes_kernels
 * usage: BUILD/lanes_kernels [lea128|lea256|cham128-128 ...] [--reps N]   (default lea128, 11) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "karx/karx.h"
#include "lanes/lanes.h"
#include "registry/registry.h"

enum { MEMBERS = 6, ITERS = 20000, MAXIMPL = 16, MAXREPS = 101 };
static const char *const member_names[MEMBERS] = {"schedule", "encrypt", "ctr32x4",
                                                  "gcm32x4",  "ghash1",  "ghash4"};

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static _Alignas(64) unsigned char ctx[KARX_I_LANES_CTX_BYTES];
static _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX], c[4 * KARX_I_LANES_MAX];
static uint8_t keybuf[KARX_I_LANES_MAX][32], rec[KARX_I_LANES_MAX][64], ys[KARX_I_LANES_MAX][16];
static uint64_t htab[KARX_I_LANES_MAX][8];
static const uint8_t *keys[KARX_I_LANES_MAX], *ins[KARX_I_LANES_MAX], *hs[KARX_I_LANES_MAX];
static uint8_t *outs[KARX_I_LANES_MAX], *yp[KARX_I_LANES_MAX];

/* ns per call of member m of k, ITERS calls; -1 where k has no such member */
static double time_member(const karx_i_lanes_kernel *k, int m, size_t key_len)
{
    uint32_t live = (uint32_t)((1ull << k->lanes) - 1);
    if ((m == 3 && k->gcm32_xor == NULL) || (m >= 4 && k->ghash == NULL))
        return -1;
    k->schedule(ctx, keys, key_len);
    double t0 = now_ns();
    for (int i = 0; i < ITERS; i++) {
        switch (m) {
        case 0: k->schedule(ctx, keys, key_len); break;
        case 1: k->encrypt(ctx, w); break;
        case 2: k->ctr32_xor(ctx, c, outs, ins, 0, 4, live); break;
        case 3: k->gcm32_xor(ctx, c, outs, ins, 0, 4, live, 1, yp, hs, NULL, NULL); break;
        case 4: k->ghash(yp, hs, ins, 1, live); break;
        default: k->ghash(yp, hs, ins, 4, live); break;
        }
    }
    return (now_ns() - t0) / ITERS;
}

int main(int argc, char **argv)
{
    const char *algs[8];
    int nalg = 0, reps = 11;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (nalg < 8)
            algs[nalg++] = argv[i];
    }
    if (nalg == 0)
        algs[nalg++] = "lea128";
    if (reps < 1 || reps > MAXREPS) {
        fprintf(stderr, "lanes_kernels: --reps 1..%d\n", MAXREPS);
        return 2;
    }
    for (int i = 0; i < KARX_I_LANES_MAX; i++) {
        for (int b = 0; b < 32; b++)
            keybuf[i][b] = (uint8_t)(i * 37 + b);
        for (int b = 0; b < 8; b++)
            htab[i][b] = 0x9e3779b97f4a7c15ull * (uint64_t)(i * 8 + b + 1);
        keys[i] = keybuf[i];
        ins[i] = rec[i];
        outs[i] = rec[i];
        yp[i] = ys[i];
        hs[i] = (const uint8_t *)(const void *)htab[i];
    }
    printf("%-12s %-20s %-9s %10s %10s\n", "alg", "impl", "member", "ns/call", "ns/lane");
    for (int a = 0; a < nalg; a++) {
        karx_cipher_alg alg;
        if (karx_cipher_from_name(algs[a], &alg) != KARX_OK) {
            fprintf(stderr, "lanes_kernels: unknown cipher %s\n", algs[a]);
            return 2;
        }
        const karx_i_cipher *d = karx_i_cipher_desc((uint32_t)alg);
        if (d == NULL || d->lane_impls == NULL) {
            fprintf(stderr, "lanes_kernels: %s has no lane kernel\n", algs[a]);
            return 2;
        }
        size_t key_len = karx_cipher_key_bytes(alg);
        const karx_i_impl *run[MAXIMPL];
        int nrun = 0;
        for (size_t i = 0; i < d->nlane_impls && nrun < MAXIMPL; i++) {
            unsigned needs = d->lane_impls[i].features & ~(unsigned)KARX_I_TUNING_FEATURES;
            if (karx_backend_supported(d->lane_impls[i].backend) &&
                (karx_cpu_features() & needs) == needs)
                run[nrun++] = &d->lane_impls[i];
        }
        static double t[MAXIMPL][MEMBERS][MAXREPS];
        for (int r = 0; r < reps; r++)
            for (int i = 0; i < nrun; i++)
                for (int m = 0; m < MEMBERS; m++)
                    t[i][m][r] = time_member((const karx_i_lanes_kernel *)run[i]->table, m, key_len);
        for (int i = 0; i < nrun; i++) {
            const karx_i_lanes_kernel *k = run[i]->table;
            for (int m = 0; m < MEMBERS; m++) {
                qsort(t[i][m], (size_t)reps, sizeof(double), cmp_double);
                double med = t[i][m][reps / 2];
                if (med < 0)
                    continue;
                printf("%-12s %-20s %-9s %10.1f %10.2f\n", algs[a], run[i]->name,
                       member_names[m], med, med / k->lanes);
            }
        }
    }
    return 0;
}
