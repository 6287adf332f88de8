/* LSH `_many` rates that survive a shared host: the fastest of many short batch calls (64
 * messages a call), in core cycles per hash, with the core clock measured by a dependent add
 * chain right before (one add per cycle). Run by bench/lsh_many_bound.py, which builds it
 * against libkarx.a; prints one JSON object per back end, variant and message size:
 *   lsh_many_min [BACKENDS (comma list, default avx2)] [REPS] */
#define _POSIX_C_SOURCE 200112L /* clock_gettime under -std=c11 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "karx/karx.h"

enum { N = 64, MAXLEN = 256 };

/* Core cycles per TSC tick: 4000 dependent adds, fastest of 2000 tries. */
static double core_per_tsc(void)
{
    uint64_t best = UINT64_MAX;
    for (int r = 0; r < 2000; r++) {
        uint64_t x = (uint64_t)r, t0 = __rdtsc();
        for (int i = 0; i < 1000; i++)
            __asm__ volatile("add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0" : "+r"(x));
        uint64_t t = __rdtsc() - t0;
        if (t < best)
            best = t;
    }
    return 4000.0 / (double)best;
}

/* TSC ticks of one TSC second, over 0.2 s of wall time. */
static double tsc_ghz(void)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    uint64_t t0 = __rdtsc();
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) < 2e8);
    double ns = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
    return (double)(__rdtsc() - t0) / ns;
}

int main(int argc, char **argv)
{
    const char *list = argc > 1 ? argv[1] : "avx2";
    int reps = argc > 2 ? atoi(argv[2]) : 3000;
    static uint8_t in[N * MAXLEN], out[N * 64];
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 131 + 7);
    const double tsc = tsc_ghz(), ratio = core_per_tsc();
    static const size_t lens[] = {64, 256};
    int bes[8], nbe = 0;
    char wanted[256];
    snprintf(wanted, sizeof wanted, ",%s,", list);
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL && nbe < 8; b++) {
        char key[32];
        snprintf(key, sizeof key, ",%s,", karx_backend_name((karx_backend)b));
        if (strstr(wanted, key) != NULL && karx_backend_supported((karx_backend)b))
            bes[nbe++] = b;
    }
    /* every configuration once per round, so all of them see the same moments of the host */
    uint64_t best[8][2][2];
    memset(best, 0xff, sizeof best);
    for (int r = 0; r < reps; r++)
        for (int e = 0; e < nbe; e++) {
            karx_set_backend((karx_backend)bes[e]);
            for (int w = 0; w < 2; w++)
                for (int li = 0; li < 2; li++) {
                    uint64_t t0 = __rdtsc();
                    if (w == 0)
                        karx_lsh256_many(out, 32, in, lens[li], N);
                    else
                        karx_lsh512_many(out, 64, in, lens[li], N);
                    uint64_t t = __rdtsc() - t0;
                    if (t < best[e][w][li])
                        best[e][w][li] = t;
                }
        }
    const double ghz = ratio * tsc;
    for (int e = 0; e < nbe; e++) {
        karx_set_backend((karx_backend)bes[e]);
        for (int w = 0; w < 2; w++)
            for (int li = 0; li < 2; li++) {
                double cyc = (double)best[e][w][li] * ratio / N;
                printf("{\"suite\":\"lsh_many_min\",\"alg\":\"%s\",\"backend\":\"%s\",\"lanes\":%u,"
                       "\"msg_bytes\":%zu,\"batch\":%d,\"reps\":%d,\"core_cycles_per_hash\":%.1f,"
                       "\"core_ghz\":%.3f,\"tsc_ghz\":%.3f,\"per_s\":%.1f}\n",
                       w ? "lsh512-512" : "lsh256-256", karx_backend_name((karx_backend)bes[e]),
                       w ? karx_lsh512_lanes() : karx_lsh256_lanes(), lens[li], N, reps, cyc, ghz,
                       tsc, ghz * 1e9 / cyc);
            }
    }
    return 0;
}
