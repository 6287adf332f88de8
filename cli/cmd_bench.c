/* karx bench: medians of repeated timed runs after a warm-up, per back end; prints a table and
 * optionally JSON lines. Speed is shown here, never asserted by a test.
 * Suites: lsh (one-shot and batched hashing), cipher (the block-cipher modes) and aead (GCM, CCM,
 * CMAC, HMAC-LSH, CTR_DRBG). They share the timing (measure, measure_pair), the back-end loop and
 * the JSON record's common tail. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bench_timer.h"
#include "cli.h"
#include "cli_opts.h"
#include "karx/karx.h"

#define BENCH_OPTS "json= backend= alg= op= quick T|threads= sessions= sizes= h|help"
enum { B_JSON, B_BACKEND, B_ALG, B_OP, B_QUICK, B_THREADS, B_SESSIONS, B_SIZES, B_HELP, B_N };
enum {
    SUITE_LSH = 1,
    SUITE_CIPHER = 2,
    SUITE_AEAD = 4,
    SUITE_THREADS = 8,
    SUITE_MANY = 16,
    SUITE_SESSIONS = 32 /* not in "all": minutes, and a sweep of its own */
};
#define SUITE_ALL (SUITE_LSH | SUITE_CIPHER | SUITE_AEAD | SUITE_THREADS | SUITE_MANY)

static void bench_usage(FILE *to)
{
    fputs("usage: karx bench [lsh|cipher|aead|threads|many|sessions|all ...] [--json FILE]\n"
          "                  [--backend B[,B...]] [--alg LIST] [--op LIST] [--quick] [-T N]\n"
          "                  [--sessions LIST] [--sizes LIST]\n"
          "       karx bench gpu [--json FILE] [--alg LIST] [--quick] [--no-sweep]  (CUDA device)\n"
          "  lsh             the LSH suite (default): one-shot at 64 B, 256 B, 4 KiB, 16 MiB and\n"
          "                  hash_many at 64 B and 256 B (ops hash, hash_many; hash_many_sweep,\n"
          "                  64 B in batches of 1, 2, 4 ... 4096, only when --op names it), for\n"
          "                  ",
          to);
    cli_put_names(to, KARX_KIND_HASH, NULL, 18, 18);
    fputs("  cipher          block ciphers on 16 MiB, out of place, key setup untimed: ops ctr,\n"
          "                  ecb, ecb-dec, cbc-enc, cbc-dec, xts, xts-dec (one data unit, 128-bit\n"
          "                  blocks) for\n"
          "                  ",
          to);
    cli_put_names(to, KARX_KIND_CIPHER, NULL, 18, 18);
    fputs("  aead            GCM, GMAC, CCM, CMAC, HMAC-LSH and CTR_DRBG, key setup untimed: ops\n"
          "                  gcm-seal, gcm-open (16 MiB, 16 KiB), ccm-seal, ccm-open (16 MiB - 16 B:\n"
          "                  a 12-byte nonce allows < 2^24 bytes), gmac (16 MiB, 16 KiB, 64 B) for\n"
          "                  the 128-bit-block ciphers (12-byte IV, 16-byte tag, no AAD); cmac (16 MiB, 64 B) for every\n"
          "                  cipher; hmac (16 MiB beside the plain hash, 64 B) for every LSH\n"
          "                  variant; drbg (with df: 64 B requests, 1 MiB as 16 x 64 KiB beside\n"
          "                  ctr on 1 MiB) for every cipher; kbkdf (32-byte keys per second,\n"
          "                  counter mode) over CMAC for every cipher and HMAC for every LSH\n"
          "                  variant; hash-drbg, hmac-drbg (64 B requests, 1 MiB as 16 x 64 KiB\n"
          "                  beside the hash of 1 MiB) for every LSH variant\n"
          "  threads         the *_pool calls at 1, 2, 4 ... up to -T threads (speed-up)\n"
          "  many            multi-message CBC encryption, CMAC and HMAC against one message a call\n"
          "  sessions        a server's records: S sessions keyed once, a round seals one record\n"
          "                  a session (13-byte AAD) and gives records/s: ops gcm-seal, gcm-jobs,\n"
          "                  gcm-jobs-pool (-T threads, default 2), ccm-seal, ccm-jobs (the\n"
          "                  ciphers with 16-byte block and key and SIMD kernels unless --alg),\n"
          "                  hmac, hmac-jobs (LSH-256-256); sessions\n"
          "                  16,512,4096,65536 x sizes 64,576,1500,16384 unless --sessions,\n"
          "                  --sizes (not in 'all'; peers beside it: bench/sessions.py)\n"
          "  all             every suite\n"
          "  --json FILE     also append one JSON object per measurement to FILE ('-' = stdout)\n"
          "  --backend LIST  only these back ends (default: every one this CPU runs); a cipher\n"
          "                  without a kernel for one runs the widest lower one ('kernel' column)\n"
          "  --alg LIST      only these variants (e.g. lsh512-512,lsh256-256,lea128,hight)\n"
          "  --op LIST       only these ops (e.g. hash,ctr,cbc-dec)\n"
          "  --quick         fewer, shorter repetitions (cipher, aead: 1 MiB) for smoke tests\n"
          "  -T, --threads N the most threads the threads suite uses (default 0: every CPU)\n",
          to);
}

/* The suites named by the operands (none: lsh). 0, or EXIT_USAGE with one line printed. */
static int suites_of(int argc, char **argv, int first, int *suites)
{
    static const struct { const char *name; int bits; } known[] = {
        {"lsh", SUITE_LSH}, {"cipher", SUITE_CIPHER}, {"aead", SUITE_AEAD},
        {"threads", SUITE_THREADS}, {"many", SUITE_MANY}, {"sessions", SUITE_SESSIONS},
        {"all", SUITE_ALL}};
    *suites = 0;
    for (int i = first; i < argc; i++) {
        size_t k = 0;
        while (k < sizeof known / sizeof known[0] && strcmp(argv[i], known[k].name) != 0) k++;
        if (k == sizeof known / sizeof known[0]) {
            cli_error("unknown benchmark suite '%s' (available: lsh, cipher, aead, threads, many, all)", argv[i]);
            return EXIT_USAGE;
        }
        *suites |= known[k].bits;
    }
    if (*suites == 0) *suites = SUITE_LSH;
    return 0;
}

/* Every back end of --backend LIST known and usable here? 0, or an exit code with one line. */
static int check_backends(const char *list)
{
    karx_backend b;
    for (const char *p = list; p && *p;) {
        char one[32];
        size_t len = strcspn(p, ",");
        snprintf(one, sizeof one, "%.*s", (int)len, p);
        if (karx_backend_from_name(one, &b) != KARX_OK) {
            cli_error("unknown back end '%s'", one);
            return EXIT_USAGE;
        }
        if (!karx_backend_supported(b)) {
            cli_error("back end '%s' is not supported on this CPU or build", one);
            return EXIT_FAIL;
        }
        p += len + (p[len] == ',');
    }
    return 0;
}

#define BENCH_BUF_BYTES ((size_t)16 << 20) /* >= LSH_BATCH * 64 */

static void env_close(bench_env *e)
{
    if (e->json && e->json != stdout) fclose(e->json);
    free(e->in);
    free(e->out);
    free(e->ct);
}

/* The JSON file, the buffers (ct for the aead suite only) and the settings of --quick. 0, or
 * EXIT_FAIL with one line printed (and nothing left open). */
static int env_open(bench_env *e, const char *json_path, int need_ct)
{
    if (json_path) {
        e->json = strcmp(json_path, "-") == 0 ? stdout : fopen(json_path, "a");
        if (!e->json) {
            cli_error("%s: cannot open for writing", json_path);
            return EXIT_FAIL;
        }
    }
    e->in = malloc(BENCH_BUF_BYTES);
    e->out = malloc(BENCH_BUF_BYTES);
    e->ct = need_ct ? malloc(BENCH_BUF_BYTES) : NULL;
    if (!e->in || !e->out || (need_ct && !e->ct)) {
        cli_error("out of memory");
        env_close(e);
        return EXIT_FAIL;
    }
    for (size_t i = 0; i < BENCH_BUF_BYTES; i++) e->in[i] = (uint8_t)(i * 131 + 7);
    memset(e->out, 0, BENCH_BUF_BYTES);
    if (e->ct) memset(e->ct, 0, BENCH_BUF_BYTES);
    e->target_ns = e->quick ? 5e6 : 50e6;
    e->reps = e->quick ? 3 : 11;
    e->core_ghz = bench_core_ghz();
    e->tsc_ghz = bench_tsc_ghz();
    time_t now = time(NULL);
    strftime(e->stamp, sizeof e->stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    return 0;
}

/* Each chosen suite at each back end listed (NULL: all) that this CPU runs. */
static int run_suites(const bench_env *e, int suites, const char *backends)
{
    static const struct {
        int bit;
        void (*header)(void);
        int (*run)(const bench_env *, const char *);
    } all[] = {{SUITE_LSH, lsh_header, suite_lsh},
               {SUITE_CIPHER, cipher_header, suite_cipher},
               {SUITE_AEAD, aead_header, suite_aead},
               {SUITE_THREADS, threads_header, suite_threads},
               {SUITE_MANY, many_header, suite_many},
               {SUITE_SESSIONS, sessions_header, suite_sessions}};
    karx_backend keep = karx_get_backend();
    int rc = EXIT_OK, first = 1;
    for (size_t s = 0; s < sizeof all / sizeof all[0]; s++) {
        if (!(suites & all[s].bit)) continue;
        if (!first) putchar('\n');
        first = 0;
        all[s].header();
        const char *bname;
        for (int b = 0; (bname = karx_backend_name((karx_backend)b)) != NULL; b++) {
            if (!karx_backend_supported((karx_backend)b) || !listed(backends, bname)) continue;
            karx_set_backend((karx_backend)b);
            if (all[s].run(e, bname) != EXIT_OK) rc = EXIT_FAIL;
        }
    }
    karx_set_backend(keep);
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "gpu") == 0)
        return cmd_bench_gpu(argc - 1, argv + 1);
    cli_opt o[B_N];
    bench_env e;
    int first, suites;
    int rc = cli_parse_opts("bench", BENCH_OPTS, argc, argv, o, &first, bench_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = suites_of(argc, argv, first, &suites)) != 0) return rc;
    if ((rc = check_backends(o[B_BACKEND].val)) != 0) return rc;
    memset(&e, 0, sizeof e);
    e.algs = o[B_ALG].val;
    e.ops = o[B_OP].val;
    e.quick = o[B_QUICK].count > 0;
    e.backends = o[B_BACKEND].val;
    e.sessions = o[B_SESSIONS].val;
    e.sizes = o[B_SIZES].val;
    for (int l = B_SESSIONS; l <= B_SIZES; l++) {
        size_t tmp[16];
        if (o[l].val && bench_parse_counts(o[l].val, tmp, 16) == 0) {
            cli_error("bench: --%s wants up to 16 numbers like 16,4096, not '%s'",
                      l == B_SESSIONS ? "sessions" : "sizes", o[l].val);
            return EXIT_USAGE;
        }
    }
    if (o[B_THREADS].val) {
        char *end;
        unsigned long n = strtoul(o[B_THREADS].val, &end, 10);
        if (*o[B_THREADS].val < '0' || *o[B_THREADS].val > '9' || *end || n > 1024) {
            cli_error("bench: --threads wants a number from 0 to 1024, not '%s'", o[B_THREADS].val);
            return EXIT_USAGE;
        }
        e.threads = (unsigned)n;
    }
    if ((rc = env_open(&e, o[B_JSON].val, suites & (SUITE_AEAD | SUITE_THREADS))) != 0) return rc;
    printf("karx %s (%s), %s, core ~%.2f GHz (est.), TSC %.2f GHz, medians of %d\n",
           karx_version(), bench_commit(), bench_cpu_name(), e.core_ghz, e.tsc_ghz, e.reps);
    rc = run_suites(&e, suites, o[B_BACKEND].val);
    printf("(output checksum %02x)\n", (unsigned)bench_sink);
    env_close(&e);
    return rc;
}
