/* KBKDF keys per second in thread CPU time (steady on a shared machine, unlike the wall-clock
 * rows of `karx bench aead --op kbkdf`): 32-byte keys, counter mode, 32-bit counter, TTAK [L],
 * 16-byte label and 18-byte context; best of 15 runs of 20000 keys per PRF.
 *   cc -O2 -Iinclude bench/kbkdf_rate.c build/libkarx.a -lpthread -o kbkdf_rate && ./kbkdf_rate */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "karx/karx.h"

static double thread_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    static const char *const prfs[] = {"cmac-lea128", "cmac-lea256", "cmac-hight", "cmac-cham64-128",
                                       "cmac-cham128-128", "cmac-aria128", "hmac-lsh256-256",
                                       "hmac-lsh512-256", "hmac-lsh512-512"};
    static const uint8_t ki[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    const int keys = argc > 1 ? 1 : 20000; /* any argument: one key each (a smoke run) */
    (void)argv;
    uint8_t out[32], sink = 0;
    printf("%-18s %12s %10s\n", "prf", "keys/s", "us/key");
    for (size_t i = 0; i < sizeof prfs / sizeof prfs[0]; i++) {
        karx_alg_info a;
        if (karx_alg_find(KARX_KIND_MAC, prfs[i], &a) != KARX_OK) return 1;
        karx_kbkdf_params p = {KARX_KBKDF_COUNTER, a.id, 32, 0, (const uint8_t *)"karx bench label",
                               16, (const uint8_t *)"karx bench context", 18, NULL, 0};
        const size_t ki_len = a.key_bytes ? a.key_bytes : 32;
        double best = 1e30;
        for (int run = 0; run < 15; run++) {
            double t0 = thread_s();
            for (int k = 0; k < keys; k++) {
                if (karx_kbkdf(&p, ki, ki_len, out, sizeof out) != KARX_OK) return 1;
                sink ^= out[0];
            }
            double dt = thread_s() - t0;
            if (dt < best) best = dt;
        }
        printf("%-18s %12.0f %10.3f\n", prfs[i], keys / best, 1e6 * best / keys);
    }
    return sink == 0xff; /* uses the output */
}
