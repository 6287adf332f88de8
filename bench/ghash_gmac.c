/* GMAC against the GHASH kernel it runs on, side by side: for each back end this CPU runs and
 * each message size, the internal GHASH call (karx_i_ghash_blocks, src/aead/ghash.h) over the
 * message, and the public GMAC calls over the same message (karx_gmac_init_key, _update,
 * _final from a scheduled key: J0, E_K(J0), the length block and the context copy included),
 * timed in alternating repetitions; the median ratio GMAC / GHASH is printed per row.
 * The CLI cannot reach GHASH (it uses the public headers only), hence this separate program.
 *
 * build (from the top folder, after a build of the library in BUILD):
 *   cc -O2 -std=c11 -Iinclude -Isrc -Icli -DKARX_STATIC_DEFINE \
 *      -DKARX_GIT_COMMIT="\"$(git rev-parse --short HEAD)\"" bench/ghash_gmac.c cli/bench_timer.c \
 *      BUILD/libkarx.a -lpthread -o BUILD/ghash_gmac
 * usage: BUILD/ghash_gmac [REPS]      (REPS: alternating repetitions per row, default 15) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/ghash.h"
#include "bench_timer.h"
#include "karx/karx.h"

#define MAX_REPS 64
#define TARGET_NS 20e6 /* about 20 ms a repetition */

typedef struct {
    const karx_gcm_key *gk;
    const uint8_t *in;
    size_t len;
    uint8_t iv[12], y[16];
    int gmac;
} job;

static volatile uint8_t sink;

static void run(job *j)
{
    if (j->gmac) {
        karx_gmac_ctx c;
        j->iv[11]++;
        if (karx_gmac_init_key(&c, j->gk, j->iv, sizeof j->iv) != KARX_OK ||
            karx_gmac_update(&c, j->in, j->len) != KARX_OK ||
            karx_gmac_final(&c, j->y, 16) != KARX_OK)
            abort();
    } else {
        karx_i_ghash_blocks(j->gk->htab, j->y, j->in, j->len / 16);
    }
    sink ^= j->y[0];
}

static double rep_ns(job *j, long calls)
{
    double t0 = bench_now_ns();
    for (long i = 0; i < calls; i++) run(j);
    return (bench_now_ns() - t0) / (double)calls;
}

static long calibrate(job *j)
{
    long calls = 1;
    for (;;) {
        double ns = rep_ns(j, calls) * (double)calls;
        if (ns >= TARGET_NS / 4) return (long)((double)calls * TARGET_NS / ns) + 1;
        calls *= 4;
    }
}

/* One row: GHASH and GMAC alternately, reps times each. */
static void row(const char *bname, const karx_gcm_key *gk, const uint8_t *in, size_t len, int reps)
{
    job h = {gk, in, len, {0}, {0}, 0}, g = {gk, in, len, {0}, {0}, 1};
    long ch = calibrate(&h), cg = calibrate(&g);
    double th[MAX_REPS], tg[MAX_REPS], q[MAX_REPS];
    rep_ns(&h, ch);
    rep_ns(&g, cg);
    for (int r = 0; r < reps; r++) {
        th[r] = rep_ns(&h, ch);
        tg[r] = rep_ns(&g, cg);
        q[r] = tg[r] / th[r];
    }
    double mq = bench_median(q, reps), mh = bench_median(th, reps), mg = bench_median(tg, reps);
    printf("%-9s %9zu %10.3f %10.3f %9.3f %+8.1f%%\n", bname, len, (double)len / mh,
           (double)len / mg, mq, 100.0 * (mq - 1.0));
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 15;
    if (reps < 3 || reps > MAX_REPS) reps = 15;
    static const size_t sizes[] = {(size_t)16 << 20, (size_t)1 << 20, 16384, 1024, 64};
    uint8_t *in = malloc(sizes[0]), key[16] = {1, 2, 3};
    if (in == NULL) return 1;
    for (size_t i = 0; i < sizes[0]; i++) in[i] = (uint8_t)(i * 131 + 7);
    karx_gcm_key gk;
    if (karx_gcm_set_key(&gk, KARX_CIPHER_LEA128, key, sizeof key) != KARX_OK) return 1;
    printf("# GMAC-LEA-128 vs the GHASH kernel; cpu %s; compiler %s; commit %s; %d reps\n",
           bench_cpu_name(), bench_compiler(), bench_commit(), reps);
    printf("%-9s %9s %10s %10s %9s %9s\n", "backend", "bytes", "ghash GB/s", "gmac GB/s",
           "gmac/gh", "overhead");
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
        if (!karx_backend_supported((karx_backend)b)) continue;
        karx_set_backend((karx_backend)b);
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            row(karx_backend_name((karx_backend)b), &gk, in, sizes[s], reps);
    }
    karx_gcm_key_wipe(&gk);
    free(in);
    return 0;
}
