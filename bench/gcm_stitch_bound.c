/* Stitched GCM against its bound, on the avx2 or the avx512 back end: for LEA-128/192/256 and
 * CHAM-128/128 at 16 KiB and 1 MiB, in alternating repetitions in one process, the minimum time of
 *   ctr    karx_ctr_xor over the message (the CTR kernel alone),
 *   ghash  the stitched kernel's GHASH half alone (karx_i_gcm_ghash_avx2, VPCLMULQDQ ymm;
 *          karx_i_gcm_ghash_avx512, zmm),
 *   seal   karx_gcm_seal, open  karx_gcm_open (the stitched pass, 12-byte IV, no AAD),
 *   2pass  the design each stitched pass replaced, rebuilt from its parts: 8 KiB chunks of
 *          karx_ctr_xor, then GHASH over each (avx2: the PCLMULQDQ xmm kernel of before issue
 *          18; avx512: the zmm GHASH kernel, karx_i_ghash_blocks_vpclmul, of before issue 28),
 * and the ratios seal/ctr, open/ctr, 2pass/ctr (speed over CTR's speed) beside the bound
 * t_ctr / (t_ctr + t_ghash): where the carry-less multiplies and the ARX rounds compete for the
 * same vector pipes (Zen 3), the stitched pass cannot beat the sum of its two halves. The
 * minimum is robust on a shared machine; the medians of `karx bench aead` are not.
 *
 * build (from the top folder, after a build of the library in BUILD):
 *   cc -O2 -std=c11 -Iinclude -Isrc -Icli -DKARX_STATIC_DEFINE -DKARX_HAVE_X86_SIMD \
 *      -DKARX_GIT_COMMIT="\"$(git rev-parse --short HEAD)\"" bench/gcm_stitch_bound.c \
 *      cli/bench_timer.c BUILD/libkarx.a -lpthread -o BUILD/gcm_stitch_bound
 * usage: BUILD/gcm_stitch_bound [REPS] [JSONL] [avx2|avx512]   (REPS per row, default 3000 for
 *        16 KiB, /64 for 1 MiB; JSONL: append one JSON object per row, "-" for none; the back
 *        end, default avx2) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "bench_timer.h"
#include "karx/karx.h"

enum { T_CTR, T_GHASH, T_SEAL, T_OPEN, T_2PASS, NT };

#define OLD_CHUNK 8192 /* the two-pass chunk of gcm.c before issue 18 */

static int wide; /* the avx512 back end: zmm GHASH halves */

static void row(FILE *json, const char *aname, karx_cipher_alg alg, size_t len, int reps,
                uint8_t *in, uint8_t *out, uint8_t *ct)
{
    uint8_t key[32] = {7}, iv[12] = {1}, tag[16], ctr[16], y[16] = {0};
    karx_gcm_key gk;
    karx_cipher_key ck;
    if (karx_gcm_set_key(&gk, alg, key, karx_cipher_key_bytes(alg)) != KARX_OK ||
        karx_cipher_set_key(&ck, alg, key, karx_cipher_key_bytes(alg)) != KARX_OK ||
        karx_gcm_seal(&gk, iv, 12, ct, tag, 16, in, len, NULL, 0) != KARX_OK) {
        fprintf(stderr, "gcm_stitch_bound: %s: key or seal failed\n", aname);
        exit(1);
    }
    uint64_t hs[KARX_I_GCM_STITCH_WORDS]; /* the table the stitched pass builds per call */
    karx_i_gcm_stitch_table(hs, gk.htab);
    double best[NT] = {1e30, 1e30, 1e30, 1e30, 1e30};
    for (int r = 0; r < reps; r++) {
        for (int op = 0; op < NT; op++) {
            karx_status st = KARX_OK;
            double t0 = bench_now_ns();
            switch (op) {
            case T_CTR:
                memset(ctr, 0, sizeof ctr);
                st = karx_ctr_xor(&ck, ctr, out, in, len);
                break;
            case T_GHASH:
                if (wide)
                    karx_i_gcm_ghash_avx512(hs, y, ct, len / 16);
                else
                    karx_i_gcm_ghash_avx2(hs, y, ct, len / 16);
                break;
            case T_SEAL: st = karx_gcm_seal(&gk, iv, 12, out, tag, 16, in, len, NULL, 0); break;
            case T_OPEN: st = karx_gcm_open(&gk, iv, 12, out, tag, 16, ct, len, NULL, 0); break;
            case T_2PASS:
                memset(ctr, 0, sizeof ctr);
                for (size_t off = 0; off < len && st == KARX_OK; off += OLD_CHUNK) {
                    st = karx_ctr_xor(&ck, ctr, out + off, in + off, OLD_CHUNK);
                    if (wide)
                        karx_i_ghash_blocks_vpclmul(gk.htab, y, out + off, OLD_CHUNK / 16);
                    else
                        karx_i_ghash_blocks_pclmul(gk.htab, y, out + off, OLD_CHUNK / 16);
                }
                break;
            }
            double t = bench_now_ns() - t0;
            if (st != KARX_OK) {
                fprintf(stderr, "gcm_stitch_bound: %s op %d failed: %d\n", aname, op, (int)st);
                exit(1);
            }
            if (t < best[op]) best[op] = t;
        }
    }
    double gbs[NT], bound = best[T_CTR] / (best[T_CTR] + best[T_GHASH]);
    for (int op = 0; op < NT; op++) gbs[op] = (double)len / best[op];
    double rs = best[T_CTR] / best[T_SEAL], ro = best[T_CTR] / best[T_OPEN];
    double r2 = best[T_CTR] / best[T_2PASS];
    printf("%-12s %8zu %8.3f %8.3f %8.3f %8.3f %9.3f %9.3f %9.3f %7.3f\n", aname, len,
           gbs[T_CTR], gbs[T_GHASH], gbs[T_SEAL], gbs[T_OPEN], rs, ro, r2, bound);
    if (json)
        fprintf(json,
                "{\"suite\":\"gcm_stitch_bound\",\"alg\":\"%s\",\"backend\":\"%s\","
                "\"msg_bytes\":%zu,\"ctr_gb_per_s\":%.4f,\"ghash_gb_per_s\":%.4f,"
                "\"seal_gb_per_s\":%.4f,\"open_gb_per_s\":%.4f,\"seal_ctr_ratio\":%.4f,"
                "\"open_ctr_ratio\":%.4f,\"twopass_ctr_ratio\":%.4f,\"bound\":%.4f,\"reps\":%d,"
                "\"stat\":\"min\","
                "\"cpu\":\"%s\",\"compiler\":\"%s\",\"commit\":\"%s\"}\n",
                aname, wide ? "avx512" : "avx2", len, gbs[T_CTR], gbs[T_GHASH], gbs[T_SEAL],
                gbs[T_OPEN], rs, ro, r2, bound,
                reps, bench_cpu_name(), bench_compiler(), bench_commit());
    karx_gcm_key_wipe(&gk);
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 3000;
    FILE *json = argc > 2 && strcmp(argv[2], "-") != 0 ? fopen(argv[2], "a") : NULL;
    wide = argc > 3 && strcmp(argv[3], "avx512") == 0;
    unsigned need = KARX_CPU_AVX2 | KARX_CPU_VPCLMUL | KARX_CPU_PCLMUL | KARX_CPU_SSE41;
    if (wide)
        need |= KARX_CPU_AVX512F | KARX_CPU_AVX512VL | KARX_CPU_AVX512BW;
    if (reps < 64 || (karx_cpu_features() & need) != need ||
        karx_set_backend(wide ? KARX_BACKEND_AVX512 : KARX_BACKEND_AVX2) != KARX_OK) {
        fprintf(stderr, "gcm_stitch_bound: needs REPS >= 64 and a CPU with %s + VPCLMULQDQ\n",
                wide ? "AVX-512" : "AVX2");
        return 2;
    }
    const size_t big = (size_t)1 << 20;
    uint8_t *in = calloc(big, 1), *out = calloc(big, 1), *ct = calloc(big, 1);
    if (!in || !out || !ct) return 2;
    for (size_t i = 0; i < big; i++) in[i] = (uint8_t)(i * 131u);
    printf("%s, %s, commit %s, %s back end; GB/s from the minimum of %d alternating reps\n",
           bench_cpu_name(), bench_compiler(), bench_commit(), wide ? "avx512" : "avx2", reps);
    printf("%-12s %8s %8s %8s %8s %8s %9s %9s %9s %7s\n", "alg", "bytes", "ctr", "ghash", "seal",
           "open", "seal/ctr", "open/ctr", "2pass/ctr", "bound");
    static const struct { const char *name; karx_cipher_alg alg; } algs[] = {
        {"lea128", KARX_CIPHER_LEA128}, {"lea192", KARX_CIPHER_LEA192},
        {"lea256", KARX_CIPHER_LEA256}, {"cham128-128", KARX_CIPHER_CHAM128_128}};
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        row(json, algs[a].name, algs[a].alg, 16u << 10, reps, in, out, ct);
        row(json, algs[a].name, algs[a].alg, big, reps / 64, in, out, ct);
    }
    if (json) fclose(json);
    free(in);
    free(out);
    free(ct);
    return 0;
}
