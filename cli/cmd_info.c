/* karx info: what the CPU has, which back ends this build can run, and which are active. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timer.h"
#include "../src/modes/block_kernels.h"
#include "cli.h"
#include "karx/gpu.h"
#include "karx/karx.h"

int cmd_info(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        puts("usage: karx info\nPrints the CPU, its features, the back ends and the active one.\n"
             "KARX_BACKEND=portable|sse2|ssse3|avx2|avx512|neon overrides the choice.");
        return EXIT_OK;
    }
    static const struct { unsigned bit; const char *name; } feats[] = {
        {KARX_CPU_SSE2, "sse2"},         {KARX_CPU_SSSE3, "ssse3"},
        {KARX_CPU_SSE41, "sse4.1"},      {KARX_CPU_AVX, "avx"},
        {KARX_CPU_AVX2, "avx2"},         {KARX_CPU_BMI2, "bmi2"},
        {KARX_CPU_AVX512F, "avx512f"},   {KARX_CPU_AVX512VL, "avx512vl"},
        {KARX_CPU_AVX512BW, "avx512bw"}, {KARX_CPU_AVX512VBMI, "avx512vbmi"},
        {KARX_CPU_AESNI, "aes"},         {KARX_CPU_PCLMUL, "pclmulqdq"},
        {KARX_CPU_VPCLMUL, "vpclmulqdq"}, {KARX_CPU_NEON, "neon"},
        {KARX_CPU_GFNI, "gfni"},         {KARX_CPU_AVX512VBMI2, "avx512vbmi2"},
    };
    unsigned f = karx_cpu_features();
    printf("karx %s\n", karx_version());
    printf("cpu: %s\n", bench_cpu_name());
    printf("features:");
    for (size_t i = 0; i < sizeof feats / sizeof feats[0]; i++)
        if (f & feats[i].bit) printf(" %s", feats[i].name);
    printf("\nback ends:");
    for (int b = 0; b < KARX_BACKEND_COUNT; b++)
        printf(" %s%s", karx_backend_name((karx_backend)b),
               karx_backend_supported((karx_backend)b) ? "" : "(no)");
    printf("\nbest: %s\n", karx_backend_name(karx_backend_best()));
    printf("active: %s\n", karx_backend_name(karx_get_backend()));
    const char *env = getenv("KARX_BACKEND");
    if (env && *env && strcmp(env, karx_backend_name(karx_get_backend())) != 0)
        printf("note: KARX_BACKEND=%s is unknown or unsupported here; using the best\n", env);
    printf("lsh256: %u lanes for _many\nlsh512: %u lanes for _many\n", karx_lsh256_lanes(),
           karx_lsh512_lanes());
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        const struct karx_block_kernels *k = cli_cipher_kernels(a);
        printf("%s: %s kernel, %u blocks per register\n", karx_cipher_name((karx_cipher_alg)a), k->name,
               k->lanes);
    }
    /* The GPU: opening it runs its self-test, so "gpu: NAME" means the kernels passed. */
    karx_gpu *g = NULL;
    karx_status st = karx_gpu_open(&g, 0);
    if (st == KARX_OK) {
        karx_gpu_info gi;
        karx_gpu_get_info(g, &gi);
        printf("gpu: %s, sm_%d%d, %d SMs, %d MHz, %zu MiB (self-test passed)\n", gi.name,
               gi.cc_major, gi.cc_minor, gi.sm_count, gi.sm_clock_mhz, gi.global_mem_bytes >> 20);
        karx_gpu_close(g);
    } else {
        if (!karx_gpu_built())
            printf("gpu: none (built without CUDA)\n");
        else
            printf("gpu: none (%s: %s)\n", karx_strerror(st), karx_gpu_open_error());
    }
    return EXIT_OK;
}
