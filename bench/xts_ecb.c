/* XTS against ECB on the same cipher and back end: for each back end this CPU runs and each
 * cipher with a 128-bit block, ECB and XTS (one data unit) over the same buffer, encryption and
 * decryption, and XTS as 512-byte and 4096-byte sectors both ways (against ECB / ECB-dec), timed
 * in alternating repetitions. The fastest repetition of each is kept (on a shared, loaded
 * machine the minimum is the repeatable figure; `karx bench` prints medians) and the ratio XTS
 * time / ECB time is printed as a Markdown table.
 *
 * build (from the top folder, after a build of the library in BUILD):
 *   cc -O2 -std=c11 -Iinclude bench/xts_ecb.c BUILD/libkarx.a -o BUILD/xts_ecb
 * usage: BUILD/xts_ecb [REPS [BYTES [BACKENDS [CIPHERS]]]]   (default 300 repetitions of 65536
 *        bytes; ARIA, some 60 times slower, on BYTES/16; BACKENDS, CIPHERS: comma lists of names
 *        to run, e.g. sse2,avx2 lea128,cham128-128; default all) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "karx/karx.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { ECB, XTS, ECB_DEC, XTS_DEC, XTS_S512, XTS_S4K, XTSD_S512, XTSD_S4K, NOPS };

/* Whether name is in the comma list (NULL: everything is). */
static int listed(const char *list, const char *name)
{
    if (list == NULL)
        return 1;
    size_t n = strlen(name);
    for (const char *p = list; *p != '\0';) {
        const char *e = strchr(p, ',');
        size_t m = e != NULL ? (size_t)(e - p) : strlen(p);
        if (m == n && strncmp(p, name, n) == 0)
            return 1;
        p += m + (e != NULL);
    }
    return 0;
}

/* The fastest of reps alternating runs of the four ops; best[op] in seconds. */
static void measure(const karx_cipher_key *ck, const karx_xts_key *xk, uint8_t *out,
                    const uint8_t *in, size_t len, int reps, double best[NOPS])
{
    static const uint8_t tweak[16] = {1, 2, 3, 4};
    for (int op = 0; op < NOPS; op++)
        best[op] = 1e30;
    for (int r = 0; r < reps; r++) {
        for (int op = 0; op < NOPS; op++) {
            double t0 = now();
            switch (op) {
            case ECB: karx_ecb_encrypt(ck, out, in, len); break;
            case XTS: karx_xts_encrypt(xk, tweak, out, in, len); break;
            case ECB_DEC: karx_ecb_decrypt(ck, out, in, len); break;
            case XTS_DEC: karx_xts_decrypt(xk, tweak, out, in, len); break;
            case XTS_S512: karx_xts_encrypt_sectors(xk, tweak, 512, out, in, len); break;
            case XTS_S4K: karx_xts_encrypt_sectors(xk, tweak, 4096, out, in, len); break;
            case XTSD_S512: karx_xts_decrypt_sectors(xk, tweak, 512, out, in, len); break;
            default: karx_xts_decrypt_sectors(xk, tweak, 4096, out, in, len); break;
            }
            double d = now() - t0;
            if (d < best[op])
                best[op] = d;
        }
    }
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 300;
    size_t len = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) / 16 * 16 : 65536;
    const char *only_b = argc > 3 ? argv[3] : NULL, *only_c = argc > 4 ? argv[4] : NULL;
    if (reps < 1 || len < 16) {
        fprintf(stderr, "usage: xts_ecb [REPS [BYTES [BACKENDS [CIPHERS]]]]\n");
        return 2;
    }
    uint8_t *in = malloc(len), *out = malloc(len), key[64];
    if (in == NULL || out == NULL)
        return 1;
    for (size_t i = 0; i < len; i++)
        in[i] = (uint8_t)(i * 131 + 7);
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 17 + 1);
    printf("| back end | cipher | ECB GB/s | XTS GB/s | XTS/ECB time | ECB-dec GB/s | XTS-dec GB/s "
           "| XTS/ECB dec | 512 B sectors / ECB | 4 KiB sectors / ECB | 512 B dec / ECB-dec "
           "| 4 KiB dec / ECB-dec |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    karx_backend orig = karx_get_backend();
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
        if (!listed(only_b, karx_backend_name((karx_backend)b)) ||
            karx_set_backend((karx_backend)b) != KARX_OK)
            continue;
        for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
            karx_cipher_alg alg = (karx_cipher_alg)a;
            size_t kb = karx_cipher_key_bytes(alg);
            karx_cipher_key ck;
            karx_xts_key xk;
            if (karx_cipher_block_bytes(alg) != 16 || !listed(only_c, karx_cipher_name(alg)) ||
                karx_cipher_set_key(&ck, alg, key, kb) != KARX_OK ||
                karx_xts_set_key(&xk, alg, key, 2 * kb) != KARX_OK)
                continue;
            const char *name = karx_cipher_name(alg);
            size_t n = strncmp(name, "aria", 4) == 0 && len >= 256 ? len / 16 : len;
            double t[NOPS];
            measure(&ck, &xk, out, in, n, reps, t);
            printf("| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f "
                   "| %.3f |\n",
                   karx_backend_name((karx_backend)b), name, (double)n / t[ECB] / 1e9,
                   (double)n / t[XTS] / 1e9, t[XTS] / t[ECB], (double)n / t[ECB_DEC] / 1e9,
                   (double)n / t[XTS_DEC] / 1e9, t[XTS_DEC] / t[ECB_DEC], t[XTS_S512] / t[ECB],
                   t[XTS_S4K] / t[ECB], t[XTSD_S512] / t[ECB_DEC], t[XTSD_S4K] / t[ECB_DEC]);
            fflush(stdout);
            karx_cipher_key_wipe(&ck);
            karx_xts_key_wipe(&xk);
        }
    }
    karx_set_backend(orig);
    free(in);
    free(out);
    return 0;
}
