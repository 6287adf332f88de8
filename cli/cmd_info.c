/* karx info: what the CPU has, which back ends this build can run, which are active, and every
 * cipher's, hash's and part's kernels (from the registry).
 * karx selftest: every self-test of the library (include/karx/selftest.h), one line each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timer.h"
#include "cli.h"
#include "karx/gpu.h"
#include "karx/karx.h"

static const struct { unsigned bit; const char *name; } cpu_feats[] = {
    {KARX_CPU_SSE2, "sse2"},         {KARX_CPU_SSSE3, "ssse3"},
    {KARX_CPU_SSE41, "sse4.1"},      {KARX_CPU_AVX, "avx"},
    {KARX_CPU_AVX2, "avx2"},         {KARX_CPU_BMI2, "bmi2"},
    {KARX_CPU_AVX512F, "avx512f"},   {KARX_CPU_AVX512VL, "avx512vl"},
    {KARX_CPU_AVX512BW, "avx512bw"}, {KARX_CPU_AVX512VBMI, "avx512vbmi"},
    {KARX_CPU_AESNI, "aes"},         {KARX_CPU_PCLMUL, "pclmulqdq"},
    {KARX_CPU_VPCLMUL, "vpclmulqdq"}, {KARX_CPU_NEON, "neon"},
    {KARX_CPU_GFNI, "gfni"},         {KARX_CPU_AVX512VBMI2, "avx512vbmi2"},
    {KARX_CPU_AVX512_FULL, "zmm-full-rate"},
};

/* The names of the feature bits in f, each after a space ("" for none). */
static const char *feature_names(unsigned f, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof cpu_feats / sizeof cpu_feats[0]; i++)
        if ((f & cpu_feats[i].bit) && n < cap)
            n += (size_t)snprintf(buf + n, cap - n, " %s", cpu_feats[i].name);
    return buf;
}

/* Whether argv asks for the usage (and prints it), or holds anything else (an error line). */
static int no_args(int argc, char **argv, const char *cmd, const char *usage, int *rc)
{
    *rc = EXIT_OK;
    if (argc < 2) return 1;
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    cli_error("%s: unexpected argument '%s' (try 'karx %s --help')", cmd, argv[1], cmd);
    *rc = EXIT_USAGE;
    return 0;
}

static void print_backends(void)
{
    printf("back ends:");
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++)
        printf(" %s%s", karx_backend_name((karx_backend)b),
               karx_backend_supported((karx_backend)b) ? "" : "(no)");
    printf("\nbest: %s\n", karx_backend_name(karx_backend_best()));
    printf("active: %s\n", karx_backend_name(karx_get_backend()));
    const char *env = getenv("KARX_BACKEND");
    if (env && *env && strcmp(env, karx_backend_name(karx_get_backend())) != 0)
        printf("note: KARX_BACKEND=%s is unknown or unsupported here; using the best\n", env);
}

/* One line: "lea128: avx2 kernel, 8 blocks per register (kernels: portable 1, avx2 8 active,
 * ...)": the one running now, then each with its lanes, marked active or unusable. */
static void print_kernel_line(karx_alg_kind kind, const karx_alg_info *a, const char *per)
{
    karx_kernel_info k;
    cli_active_kernel(kind, a->id, &k);
    printf("%s: %s kernel, %u %s (kernels:", a->name, k.name, k.lanes, per);
    size_t n = karx_alg_kernel_count(kind, a->id);
    for (size_t j = 0; j < n && karx_alg_kernel(kind, a->id, j, &k) == KARX_OK; j++)
        printf("%s %s %u%s", j ? "," : "", k.name, k.lanes,
               k.active ? " active" : k.usable ? "" : " unusable");
    printf(")\n");
}

static void print_kernels(karx_alg_kind kind, const char *per)
{
    karx_alg_info a;
    for (size_t i = 0; cli_alg_next(kind, NULL, &i, &a);)
        print_kernel_line(kind, &a, per);
}

/* The parts with kernels of their own (GHASH, the GCM pass), from id 0 until an unknown id. */
static void print_parts(void)
{
    karx_alg_info a;
    for (int id = 0; karx_alg_by_id(KARX_KIND_PART, id, &a) == KARX_OK; id++)
        print_kernel_line(KARX_KIND_PART, &a,
                          id == KARX_PART_GHASH ? "blocks per reduction" : "blocks per chunk");
}

/* Every mode, as karx enc -m takes it: "modes: ecb ... ofb gcm ccm xts". */
static void print_modes(void)
{
    char list[256];
    printf("modes: %s\n", cli_mode_names(" ", list, sizeof list));
}

/* The GPU: opening it runs its self-test, so "gpu: NAME" means the kernels passed. */
static void print_gpu(void)
{
    karx_gpu *g = NULL;
    karx_status st = karx_gpu_open(&g, 0);
    if (st == KARX_OK) {
        karx_gpu_info gi;
        karx_gpu_get_info(g, &gi);
        printf("gpu: %s, sm_%d%d, %d SMs, %d MHz, %zu MiB (self-test passed)\n", gi.name,
               gi.cc_major, gi.cc_minor, gi.sm_count, gi.sm_clock_mhz, gi.global_mem_bytes >> 20);
        karx_gpu_close(g);
    } else if (!karx_gpu_built()) {
        printf("gpu: none (built without CUDA)\n");
    } else {
        char why[CLI_GPU_WHY_MAX];
        printf("gpu: none (%s)\n", cli_gpu_why(st, karx_gpu_open_error(), why, sizeof why));
    }
}

int cmd_info(int argc, char **argv)
{
    int rc;
    char usage[512], names[128];
    size_t n = 0;
    names[0] = '\0';
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL && n < sizeof names; b++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", b ? "|" : "",
                              karx_backend_name((karx_backend)b));
    snprintf(usage, sizeof usage,
             "usage: karx info\nPrints the CPU, its features, the back ends and the active "
             "one, and the kernels of each\ncipher, hash and part (GHASH, the GCM pass): lanes, "
             "which one runs, which this\nCPU cannot run.\nKARX_BACKEND=%s overrides the "
             "choice.\n",
             names);
    if (!no_args(argc, argv, "info", usage, &rc))
        return rc;
    char feats[256];
    printf("karx %s\n", karx_version());
    printf("cpu: %s\n", bench_cpu_name());
    printf("features:%s\n", feature_names(karx_cpu_features(), feats, sizeof feats));
    print_backends();
    print_kernels(KARX_KIND_CIPHER, "blocks per register");
    print_kernels(KARX_KIND_HASH, "messages side by side");
    print_parts();
    print_modes();
    print_gpu();
    return EXIT_OK;
}

/* ---- karx selftest ---- */

enum { ST_OK, ST_SKIPPED, ST_FAILED };

/* The results, copied out of the library's callback so that the timing covers the tests alone
 * and the lines print afterwards. */
#define ST_MAX 512
typedef struct {
    char name[KARX_ALG_NAME_MAX + 16];
    char kernel[24];
    karx_status status;
} st_line;

typedef struct {
    st_line *lines;
    size_t n;
} st_log;

static void st_collect(const karx_selftest_result *r, void *arg)
{
    st_log *log = arg;
    if (log->n == ST_MAX)
        return;
    st_line *l = &log->lines[log->n++];
    snprintf(l->name, sizeof l->name, "%s", r->name);
    snprintf(l->kernel, sizeof l->kernel, "%s", r->kernel);
    l->status = r->status;
}

/* Why a kernel was skipped: "CPU lacks avx512f ..." or "not in this build". */
static void skip_reason(const char *alg, const char *kernel, char *buf, size_t cap)
{
    karx_alg_info a;
    karx_kernel_info k;
    char lacks[256];
    snprintf(buf, cap, "not in this build");
    if (karx_alg_find(KARX_KIND_ANY, alg, &a) != KARX_OK &&
        karx_alg_find(KARX_KIND_PART, alg, &a) != KARX_OK)
        return;
    for (size_t i = 0; i < karx_alg_kernel_count(a.kind, a.id); i++)
        if (karx_alg_kernel(a.kind, a.id, i, &k) == KARX_OK && strcmp(k.name, kernel) == 0) {
            unsigned missing = k.cpu_features & ~karx_cpu_features();
            if (missing)
                snprintf(buf, cap, "CPU lacks%s", feature_names(missing, lacks, sizeof lacks));
            return;
        }
}

int cmd_selftest(int argc, char **argv)
{
    int rc;
    if (!no_args(argc, argv, "selftest",
                 "usage: karx selftest\nRuns every self-test of the library (karx_selftest_run): "
                 "the known answer of every\nkernel of every cipher and hash, whatever the active "
                 "back end, then of every\nconstruction (modes, CMAC, GMAC, GCM, CCM, HMAC, PBKDF2, "
                 "KBKDF, the DRBGs) on the\nactive kernels, then the OS entropy start-up health "
                 "test: one line each, 'ok',\n'skipped (why)' or 'FAILED', then a count and the "
                 "time. In the approved mode\n(KARX_APPROVED=1) a pass leaves the error state.\n"
                 "Exit: 0 none failed, 1 a test failed.\n",
                 &rc))
        return rc;
    static st_line lines[ST_MAX];
    st_log log = {lines, 0};
    double t0 = bench_now_ns();
    karx_status st = karx_selftest_run(st_collect, &log);
    double ms = (bench_now_ns() - t0) / 1e6;
    int count[3] = {0, 0, 0};
    for (size_t i = 0; i < log.n; i++) {
        const st_line *l = &lines[i];
        const char *sep = l->kernel[0] ? " " : "";
        if (l->status == KARX_OK) {
            printf("%s%s%s ok\n", l->name, sep, l->kernel);
            count[ST_OK]++;
        } else if (l->status == KARX_ERR_UNSUPPORTED) {
            char why[300];
            skip_reason(l->name, l->kernel, why, sizeof why);
            printf("%s%s%s skipped (%s)\n", l->name, sep, l->kernel, why);
            count[ST_SKIPPED]++;
        } else {
            printf("%s%s%s FAILED (%s)\n", l->name, sep, l->kernel, karx_strerror(l->status));
            count[ST_FAILED]++;
        }
    }
    printf("selftest: %d ok, %d skipped, %d failed in %.1f ms (approved mode %s)\n",
           count[ST_OK], count[ST_SKIPPED], count[ST_FAILED], ms,
           karx_approved_mode() ? "on" : "off");
    if (fflush(stdout) != 0) {
        cli_error("write error");
        return EXIT_FAIL;
    }
    if (st != KARX_OK || count[ST_FAILED]) {
        cli_error("selftest: %d test%s FAILED", count[ST_FAILED],
                  count[ST_FAILED] == 1 ? "" : "s");
        return EXIT_FAIL;
    }
    return EXIT_OK;
}
