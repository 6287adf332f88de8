/* GMAC's fixed cost per message, A/B in one process: the GHASH kernel, this tree's GMAC and GCM,
 * and the GMAC and GCM of an earlier commit (its gmac.c and gcm.c, built alone with every symbol
 * they define renamed old_*), run in turn within each repetition so that the shared machine's
 * load hits all alike. Prints, per back end (portable, avx2 = PCLMULQDQ) and size, the minimum ns
 * per call over the repetitions and the median of the per-repetition ratios.
 *
 * build (from the top folder, after a build of the library in BUILD; REV the earlier commit):
 *   O=/tmp/gmac_ab; mkdir -p $O/inc && cp -r include/karx $O/inc/ &&
 *   git show REV:include/karx/gmac.h > $O/inc/karx/gmac.h &&
 *   for f in gmac gcm; do git show REV:src/aead/$f.c > $O/$f.c &&
 *     cc -O3 -DNDEBUG -fPIC -std=c11 -fvisibility=hidden -DKARX_BUILDING -DKARX_HAVE_X86_SIMD=1 \
 *        -DKARX_STATIC_DEFINE -I$O/inc -Isrc -c $O/$f.c -o $O/$f.o; done &&
 *   nm $O/gmac.o $O/gcm.o | awk '$2=="T"{print $3" old_"$3}' | sort -u > $O/redef &&
 *   for f in gmac gcm; do objcopy --redefine-syms=$O/redef $O/$f.o $O/$f-old.o; done &&
 *   cc -O2 -std=c11 -Iinclude -Isrc -Icli -DKARX_STATIC_DEFINE bench/gmac_ab.c \
 *      cli/bench_timer.c $O/gmac-old.o $O/gcm-old.o BUILD/libkarx.a -lpthread -o BUILD/gmac_ab
 * usage: BUILD/gmac_ab gmac|gcm [REPS]   (REPS default 31) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/ghash.h"
#include "bench_timer.h"
#include "karx/karx.h"

#define MAX_REPS 64

/* the earlier commit's calls; its contexts are at most this big */
typedef struct {
    _Alignas(16) uint8_t b[4096];
} old_ctx;
karx_status old_karx_gmac_init_key(void *ctx, const karx_gcm_key *gk, const uint8_t *iv,
                                   size_t iv_len);
karx_status old_karx_gmac_update(void *ctx, const uint8_t *in, size_t len);
karx_status old_karx_gmac_final(void *ctx, uint8_t *tag, size_t tag_len);
karx_status old_karx_gcm_seal(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len,
                              uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *in,
                              size_t len, const uint8_t *aad, size_t aad_len);
karx_status old_karx_gcm_init_key(void *ctx, const karx_gcm_key *gk, int encrypt,
                                  const uint8_t *iv, size_t iv_len);
karx_status old_karx_gcm_aad(void *ctx, const uint8_t *aad, size_t aad_len);
karx_status old_karx_gcm_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
karx_status old_karx_gcm_final(void *ctx, uint8_t *tag, size_t tag_len);

static volatile uint8_t sink;
static const karx_gcm_key *gk;
static const uint8_t *msg;
static uint8_t *out, iv[12], y[16], aad[16];

/* gmac: 0 GHASH, 1 GMAC, 2 old GMAC; gcm: 0 seal, 1 old seal, 2 stream, 3 old stream */
static int one(int gcm, int w, size_t len)
{
    int bad = 0;
    iv[11]++;
    if (!gcm && w == 0) {
        karx_i_ghash_blocks(gk->htab, y, msg, len / 16);
    } else if (!gcm && w == 1) {
        karx_gmac_ctx c;
        bad = karx_gmac_init_key(&c, gk, iv, 12) || karx_gmac_update(&c, msg, len) ||
              karx_gmac_final(&c, y, 16);
    } else if (!gcm) {
        old_ctx c;
        bad = old_karx_gmac_init_key(&c, gk, iv, 12) || old_karx_gmac_update(&c, msg, len) ||
              old_karx_gmac_final(&c, y, 16);
    } else if (w == 0) {
        bad = karx_gcm_seal(gk, iv, 12, out, y, 16, msg, len, aad, 16);
    } else if (w == 1) {
        bad = old_karx_gcm_seal(gk, iv, 12, out, y, 16, msg, len, aad, 16);
    } else if (w == 2) {
        karx_gcm_ctx c;
        bad = karx_gcm_init_key(&c, gk, KARX_ENCRYPT, iv, 12) || karx_gcm_aad(&c, aad, 16) ||
              karx_gcm_update(&c, out, msg, len) || karx_gcm_final(&c, y, 16);
    } else {
        old_ctx c;
        bad = old_karx_gcm_init_key(&c, gk, KARX_ENCRYPT, iv, 12) ||
              old_karx_gcm_aad(&c, aad, 16) || old_karx_gcm_update(&c, out, msg, len) ||
              old_karx_gcm_final(&c, y, 16);
    }
    sink ^= y[0];
    return bad;
}

static double rep_ns(int gcm, int w, size_t len, long calls)
{
    double t0 = bench_now_ns();
    for (long i = 0; i < calls; i++)
        if (one(gcm, w, len) != 0)
            abort();
    return (bench_now_ns() - t0) / (double)calls;
}

/* One row: the ways in turn, reps times; min ns of each, median ratios 1/0, 2/0 (gmac) or
 * 0/1, 2/3 (gcm: new / old). */
static void row(int gcm, const char *bname, size_t len, int reps, double per_byte)
{
    int ways = gcm ? 4 : 3;
    double t[4][MAX_REPS], q1[MAX_REPS], q2[MAX_REPS], mn[4] = {1e30, 1e30, 1e30, 1e30};
    long calls = (long)(2e6 / ((double)len * per_byte + 300)) + 2; /* about 2 ms a way */
    for (int w = 0; w < ways; w++)
        rep_ns(gcm, w, len, calls);
    for (int r = 0; r < reps; r++) {
        for (int w = 0; w < ways; w++) {
            t[w][r] = rep_ns(gcm, w, len, calls);
            mn[w] = t[w][r] < mn[w] ? t[w][r] : mn[w];
        }
        q1[r] = gcm ? t[0][r] / t[1][r] : t[1][r] / t[0][r];
        q2[r] = gcm ? t[2][r] / t[3][r] : t[2][r] / t[0][r];
    }
    if (gcm)
        printf("%-8s %8zu %11.1f %11.1f %8.3f %11.1f %11.1f %8.3f\n", bname, len, mn[0], mn[1],
               bench_median(q1, reps), mn[2], mn[3], bench_median(q2, reps));
    else
        printf("%-8s %8zu %11.1f %11.1f %11.1f %8.3f %8.3f %8.3f %8.3f\n", bname, len, mn[0],
               mn[1], mn[2], mn[1] / mn[0], mn[2] / mn[0], bench_median(q1, reps),
               bench_median(q2, reps));
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int gcm = argc > 1 && strcmp(argv[1], "gcm") == 0;
    int reps = argc > 2 ? atoi(argv[2]) : 31;
    if (reps < 3 || reps > MAX_REPS)
        reps = 31;
    static const size_t sizes[] = {(size_t)1 << 20, 16384, 1024, 64};
    static const karx_backend backs[] = {KARX_BACKEND_PORTABLE, KARX_BACKEND_AVX2};
    uint8_t *in = malloc(sizes[0]), key[16] = {1, 2, 3};
    out = malloc(sizes[0]);
    if (in == NULL || out == NULL)
        return 1;
    for (size_t i = 0; i < sizes[0]; i++)
        in[i] = (uint8_t)(i * 131 + 7);
    msg = in;
    karx_gcm_key k;
    if (karx_gcm_set_key(&k, KARX_CIPHER_LEA128, key, sizeof key) != KARX_OK)
        return 1;
    gk = &k;
    printf("# %s-LEA-128, this tree against the old_* build; cpu %s; compiler %s; %d reps\n",
           gcm ? "GCM" : "GMAC", bench_cpu_name(), bench_compiler(), reps);
    if (gcm)
        printf("%-8s %8s %11s %11s %8s %11s %11s %8s\n", "backend", "bytes", "seal ns",
               "old seal", "new/old", "stream ns", "old stream", "new/old");
    else
        printf("%-8s %8s %11s %11s %11s %8s %8s %8s %8s\n", "backend", "bytes", "ghash ns",
               "gmac ns", "old gmac", "min", "old min", "median", "old med");
    for (size_t b = 0; b < sizeof backs / sizeof backs[0]; b++) {
        if (karx_set_backend(backs[b]) != KARX_OK)
            continue;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            row(gcm, karx_backend_name(backs[b]), sizes[s], reps,
                backs[b] == KARX_BACKEND_PORTABLE ? 4.0 : (gcm ? 0.6 : 0.2));
    }
    karx_gcm_key_wipe(&k);
    free(in);
    free(out);
    return 0;
}
