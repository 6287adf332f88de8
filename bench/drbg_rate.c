/* Output rate of the three DRBGs in thread CPU time (best of 15 runs of 64 KiB requests), which a
 * loaded shared machine disturbs less than the wall clock karx bench uses. Not built by CMake:
 *   cc -O2 -Iinclude bench/drbg_rate.c build/libkarx.a -o drbg_rate && ./drbg_rate
 * Each line: the DRBG's name, GB/s. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "karx/drbg.h"

#define REQ 65536

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
    static const char *const names[] = {"ctr-lea128", "ctr-lea256", "ctr-hight",
                                        "hash-lsh256-224", "hash-lsh256-256", "hash-lsh512-224",
                                        "hash-lsh512-256", "hash-lsh512-384", "hash-lsh512-512",
                                        "hmac-lsh256-224", "hmac-lsh256-256", "hmac-lsh512-224",
                                        "hmac-lsh512-256", "hmac-lsh512-384", "hmac-lsh512-512"};
    static uint8_t out[REQ];
    uint8_t e[32], n[16];
    for (int i = 0; i < 32; i++) e[i] = (uint8_t)i;
    for (int i = 0; i < 16; i++) n[i] = (uint8_t)(0x20 + i);
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        karx_drbg_type type;
        int alg;
        karx_drbg d;
        if (karx_drbg_from_name(names[k], &type, &alg) != KARX_OK ||
            karx_drbg_instantiate(&d, type, alg, type == KARX_DRBG_CTR ? KARX_DRBG_USE_DF : 0, e,
                                  sizeof e, n, sizeof n, NULL, 0) != KARX_OK)
            return 1;
        int reqs = type == KARX_DRBG_CTR ? 256 : type == KARX_DRBG_HASH ? 64 : 16;
        double best = 1e30;
        for (int r = 0; r < 15; r++) {
            double t0 = cpu_s();
            for (int i = 0; i < reqs; i++)
                if (karx_drbg_generate(&d, out, REQ, NULL, 0) != KARX_OK) return 1;
            double dt = cpu_s() - t0;
            if (dt < best) best = dt;
        }
        printf("%-16s %7.3f GB/s\n", names[k], (double)reqs * REQ / best / 1e9);
        karx_drbg_uninstantiate(&d);
    }
    return 0;
}
