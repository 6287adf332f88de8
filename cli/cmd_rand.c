/* karx rand: random bytes from an OS-seeded DRBG (CTR_DRBG with the derivation function by
 * default; Hash_DRBG or HMAC_DRBG over LSH with --drbg), streamed.
 * karx drbg: the KCMVP / CAVP DRBG known-answer procedure on explicit inputs, for any of them.
 * DRBG states, entropy and outputs are wiped on every path. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "karx/drbg.h"
#include "karx/karx.h"

#define RAND_CHUNK ((size_t)1 << 16)
/* -T N > 1: 64 generate calls per step, their keystreams made on the pool at once */
#define RAND_POOL_CHUNK ((size_t)4 << 20)
#define RAND_DEFAULT_CIPHER "lea256"

#define RAND_OPTS "n|bytes= hex c|cipher= drbg= device= h|help T|threads= base64"
enum { R_BYTES, R_HEX, R_CIPHER, R_DRBG, R_DEVICE, R_HELP, R_THREADS, R_BASE64, R_N };

/* The DRBG a command runs: its type and algorithm (a karx_cipher_alg or karx_lsh_alg). */
typedef struct {
    karx_drbg_type type;
    int alg;
} drbg_choice;

/* c's name, as --drbg takes it (ctr-lea128, hash-lsh256-256), in buf. */
static const char *drbg_choice_name(const drbg_choice *c, char *buf, size_t cap)
{
    if (c->type == KARX_DRBG_CTR)
        snprintf(buf, cap, "ctr-%s", karx_cipher_name((karx_cipher_alg)c->alg));
    else
        snprintf(buf, cap, "%s-%s", c->type == KARX_DRBG_HASH ? "hash" : "hmac",
                 karx_lsh_alg_name((karx_lsh_alg)c->alg));
    return buf;
}

/* An OS-seeded instantiate that failed, in one line with its real reason: the OS source
 * (KARX_ERR_ENTROPY), or else what the library said of the DRBG (the approved mode's refusal,
 * its error state). */
static void seed_error(const drbg_choice *c, karx_status st)
{
    char name[64];
    if (st == KARX_ERR_ENTROPY)
        cli_error("rand: cannot seed from the operating system: %s", karx_strerror(st));
    else
        cli_error("rand: %s: %s", drbg_choice_name(c, name, sizeof name), karx_strerror(st));
}

/* NAME as a DRBG (karx_drbg_from_name): 0, or EXIT_USAGE with one line printed. */
static int drbg_name_arg(const char *name, drbg_choice *c)
{
    if (karx_drbg_from_name(name, &c->type, &c->alg) == KARX_OK)
        return 0;
    char ciphers[512], hashes[256];
    cli_error("%s: unknown DRBG (ctr-CIPHER, hash-HASH or hmac-HASH; CIPHER: %s; HASH: %s)", name,
              cli_alg_names(KARX_KIND_CIPHER, NULL, " ", ciphers, sizeof ciphers),
              cli_alg_names(KARX_KIND_HASH, NULL, " ", hashes, sizeof hashes));
    return EXIT_USAGE;
}

/* -c CIPHER or --drbg NAME (at most one; neither: def as a cipher). 0 or EXIT_USAGE. */
static int drbg_choice_arg(const char *cmd, const char *cipher, const char *drbg, const char *def,
                           drbg_choice *c)
{
    karx_alg_info info;
    int rc;
    if (cipher && drbg) {
        cli_error("%s: -c CIPHER and %s NAME: give one", cmd, def ? "--drbg" : "-a");
        return EXIT_USAGE;
    }
    if (drbg) return drbg_name_arg(drbg, c);
    if (!cipher && !def) {
        cli_error("%s: needs -a DRBG or -c CIPHER", cmd);
        return EXIT_USAGE;
    }
    if ((rc = cli_alg_arg(KARX_KIND_CIPHER, NULL, cipher ? cipher : def, "cipher", &info)) != 0)
        return rc;
    c->type = KARX_DRBG_CTR;
    c->alg = info.id;
    return 0;
}

/* ---- karx rand ---- */

static void rand_usage(FILE *to)
{
    fputs("usage: karx rand (-n BYTES | BYTES) [--hex | --base64] [-c CIPHER | --drbg NAME] [-T N]\n"
          "                  [--device cpu|gpu]\n"
          "  -n, --bytes BYTES  how many bytes (any size; streamed); or BYTES as the argument\n"
          "      --hex          print them as one line of hex instead of raw bytes\n"
          "      --base64       print them in base64 (RFC 4648), lines of 76 characters as\n"
          "                     base64(1) writes them\n"
          "  -c, --cipher C     the CTR_DRBG cipher (default " RAND_DEFAULT_CIPHER "):\n"
          "                     ",
          to);
    cli_put_names(to, KARX_KIND_CIPHER, NULL, 21, 21);
    fputs("      --drbg NAME    any DRBG: ctr-CIPHER, hash-HASH (Hash_DRBG) or hmac-HASH\n"
          "                     (HMAC_DRBG), HASH one of: ",
          to);
    cli_put_names(to, KARX_KIND_HASH, NULL, 47, 21);
    fputs("  -T, --threads N    threads making the CTR_DRBG's output (default 0 = every CPU):\n"
          "                     64 generate calls of 64 KiB at a time, their state chain\n"
          "                     run first and their keystreams made side by side (the same\n"
          "                     calls and output as one thread); the hash DRBGs are serial\n"
          "      --device gpu   the DRBG's output made on the CUDA device, 64 MiB per step (the\n"
          "                     same generate calls of 64 KiB; CTR_DRBG only; fails with one\n"
          "                     line if no GPU)\n"
          "SP 800-90A DRBGs (CTR_DRBG as TTAK.KO-12.0189, with the derivation function), seeded\n"
          "and reseeded from the operating system, reseeded in a forked child.\n"
          "Exit: 0 done, 1 OS source or write error, 2 usage.\n",
          to);
}

#define RAND_GPU_CHUNK ((size_t)64 << 20) /* 1024 generate calls of 64 KiB per GPU step */

/* How karx rand writes its bytes: raw, a line of hex, or base64 lines (a group of 3 bytes split
 * by two calls carried over). */
enum { OUT_RAW, OUT_HEX, OUT_BASE64 };
typedef struct {
    int fmt;
    uint8_t carry[2]; /* base64: the bytes of an unfinished group */
    size_t ncarry;
    unsigned col; /* base64: characters on the current line */
} rand_out;

#define BASE64_LINE 76 /* base64(1)'s default wrap */

/* base64 of the bytes p[0..n) (n a multiple of 3, or the last group: '=' padded) into *d, a '\n'
 * before each character that would pass the line's end. Returns the characters written. */
static size_t base64_put(rand_out *w, const uint8_t *p, size_t n, char *d)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *start = d;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                     (i + 2 < n ? p[i + 2] : 0);
        char q[4] = {abc[v >> 18], abc[v >> 12 & 63], i + 1 < n ? abc[v >> 6 & 63] : '=',
                     i + 2 < n ? abc[v & 63] : '='};
        for (int k = 0; k < 4; k++) {
            if (w->col == BASE64_LINE) {
                *d++ = '\n';
                w->col = 0;
            }
            *d++ = q[k];
            w->col++;
        }
    }
    return (size_t)(d - start);
}

#define OUT_STEP 3072 /* bytes encoded per write: hex 6144 characters, base64 4096 + newlines */

/* Writes n bytes in w's format; 0 or EXIT_FAIL with the message printed. */
static int emit(rand_out *w, const uint8_t *p, size_t n)
{
    char buf[2 * OUT_STEP + 1];
    int rc = 0;
    if (w->fmt == OUT_RAW) {
        rc = fwrite(p, 1, n, stdout) != n ? EXIT_FAIL : 0;
    } else if (w->fmt == OUT_HEX) {
        for (size_t i = 0; i < n && rc == 0; i += OUT_STEP) {
            size_t m = n - i < OUT_STEP ? n - i : OUT_STEP;
            cli_hex(p + i, m, buf);
            if (fputs(buf, stdout) == EOF) rc = EXIT_FAIL;
        }
    } else {
        /* the carried bytes first, completed from p */
        while (w->ncarry && w->ncarry < 3 && n) {
            if (w->ncarry == 2) {
                uint8_t g[3] = {w->carry[0], w->carry[1], *p++};
                n--;
                w->ncarry = 0;
                size_t k = base64_put(w, g, 3, buf);
                karx_memzero(g, sizeof g);
                if (fwrite(buf, 1, k, stdout) != k) rc = EXIT_FAIL;
            } else {
                w->carry[w->ncarry++] = *p++;
                n--;
            }
        }
        while (n >= 3 && rc == 0) {
            size_t m = n < OUT_STEP ? n - n % 3 : OUT_STEP;
            size_t k = base64_put(w, p, m, buf);
            if (fwrite(buf, 1, k, stdout) != k) rc = EXIT_FAIL;
            p += m;
            n -= m;
        }
        for (; n && rc == 0; n--) w->carry[w->ncarry++] = *p++;
    }
    karx_memzero(buf, sizeof buf);
    if (rc) cli_error("write error: %s", strerror(errno ? errno : EIO));
    return rc;
}

/* The end of the output: hex's newline; base64's last group and newline. */
static void emit_end(rand_out *w)
{
    if (w->fmt == OUT_HEX) putchar('\n');
    if (w->fmt != OUT_BASE64) return;
    char buf[8];
    size_t k = base64_put(w, w->carry, w->ncarry, buf);
    fwrite(buf, 1, k, stdout); /* a failure shows in cli_flush_stdout */
    if (w->col) putchar('\n');
    karx_memzero(w->carry, sizeof w->carry);
    karx_memzero(buf, sizeof buf);
}

/* Where a CTR_DRBG's generate calls run: on the GPU or on a pool. */
typedef struct {
    karx_gpu *gpu;
    karx_pool *pool;
} ctr_runner;

static karx_status ctr_generate(const ctr_runner *r, karx_ctr_drbg *d, uint8_t *out, size_t n)
{
    return r->gpu ? karx_gpu_ctr_drbg_generate(r->gpu, d, out, n, NULL, 0)
                  : karx_ctr_drbg_generate_pool(r->pool, d, out, n, NULL, 0);
}

/* total bytes from an OS-seeded CTR_DRBG, chunk bytes (buf) per step, reseeded from the OS
 * whenever a step would pass the reseed interval. 0, or EXIT_FAIL with one line printed. */
static int ctr_stream(const ctr_runner *r, karx_cipher_alg alg, unsigned long long total,
                      rand_out *out, uint8_t *buf, size_t chunk)
{
    int rc = 0;
    karx_ctr_drbg d;
    memset(&d, 0, sizeof d);
    karx_status st = karx_ctr_drbg_instantiate_os(&d, alg, KARX_DRBG_USE_DF, NULL, 0);
    if (st != KARX_OK)
        seed_error(&(drbg_choice){KARX_DRBG_CTR, (int)alg}, st);
    while (st == KARX_OK && total > 0 && rc == 0) {
        size_t n = total < chunk ? (size_t)total : chunk;
        st = ctr_generate(r, &d, buf, n);
        if (st == KARX_ERR_RESEED_REQUIRED && (st = karx_ctr_drbg_reseed_os(&d, NULL, 0)) == KARX_OK)
            st = ctr_generate(r, &d, buf, n);
        if (st != KARX_OK) {
            char why[CLI_GPU_WHY_MAX];
            cli_error("rand: %s", cli_gpu_why(st, r->gpu ? karx_gpu_last_error(r->gpu) : NULL,
                                              why, sizeof why));
            break;
        }
        rc = emit(out, buf, n);
        total -= n;
    }
    if (st != KARX_OK) rc = EXIT_FAIL;
    if (rc == 0) emit_end(out);
    karx_ctr_drbg_uninstantiate(&d);
    karx_memzero(buf, chunk);
    if (rc == 0) rc = cli_flush_stdout();
    return rc;
}

/* karx rand --device gpu: the DRBG's state chain on the CPU, its output made on the GPU. */
static int rand_gpu(karx_cipher_alg alg, unsigned long long total, rand_out *out)
{
    ctr_runner r = {NULL, NULL};
    uint8_t *buf = NULL;
    char why[CLI_GPU_WHY_MAX];
    karx_status st = karx_gpu_open(&r.gpu, 0);
    if (st != KARX_OK) {
        cli_error("rand: --device gpu: %s", cli_gpu_why(st, karx_gpu_open_error(), why, sizeof why));
        return EXIT_FAIL;
    }
    if ((st = karx_gpu_host_alloc(r.gpu, (void **)&buf, RAND_GPU_CHUNK)) != KARX_OK) {
        cli_error("rand: --device gpu: %s", cli_gpu_why(st, karx_gpu_last_error(r.gpu), why, sizeof why));
        karx_gpu_close(r.gpu);
        return EXIT_FAIL;
    }
    int rc = ctr_stream(&r, alg, total, out, buf, RAND_GPU_CHUNK);
    karx_gpu_host_free(r.gpu, buf);
    karx_gpu_close(r.gpu);
    return rc;
}

/* karx rand -T N (N > 1) with a CTR_DRBG: each generate call's counter blocks made on the pool
 * (the same calls and state chain as one thread). */
static int rand_ctr_pool(karx_pool *pool, karx_cipher_alg alg, unsigned long long total,
                         rand_out *out)
{
    ctr_runner r = {NULL, pool};
    uint8_t *buf = malloc(RAND_POOL_CHUNK);
    if (!buf) {
        cli_error("rand: out of memory");
        return EXIT_FAIL;
    }
    int rc = ctr_stream(&r, alg, total, out, buf, RAND_POOL_CHUNK);
    free(buf);
    return rc;
}

/* karx rand on the CPU: the OS-seeded DRBG, RAND_CHUNK bytes per generate call. */
static int rand_cpu(const drbg_choice *c, unsigned long long total, rand_out *out)
{
    karx_drbg d;
    memset(&d, 0, sizeof d);
    uint8_t buf[RAND_CHUNK];
    int rc = 0;
    unsigned flags = c->type == KARX_DRBG_CTR ? KARX_DRBG_USE_DF : 0u;
    karx_status st = karx_drbg_instantiate_os(&d, c->type, c->alg, flags, NULL, 0);
    if (st != KARX_OK) {
        seed_error(c, st);
        return EXIT_FAIL;
    }
    while (total > 0 && rc == 0) {
        size_t n = total < RAND_CHUNK ? (size_t)total : RAND_CHUNK;
        st = karx_drbg_generate_os(&d, buf, n, NULL, 0);
        if (st != KARX_OK) {
            cli_error("rand: %s", karx_strerror(st));
            rc = EXIT_FAIL;
            break;
        }
        rc = emit(out, buf, n);
        total -= n;
    }
    if (rc == 0) emit_end(out);
    karx_drbg_uninstantiate(&d);
    karx_memzero(buf, sizeof buf);
    if (rc == 0) rc = cli_flush_stdout();
    return rc;
}

int cmd_rand(int argc, char **argv)
{
    cli_opt o[R_N];
    drbg_choice c;
    unsigned long long total = 0;
    int first, rc = cli_parse_opts("rand", RAND_OPTS, argc, argv, o, &first, rand_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    /* the count: -n BYTES, or BYTES as the one argument (openssl rand N) */
    const char *count = o[R_BYTES].val;
    if (first < argc && count == NULL) count = argv[first++];
    if ((rc = cli_no_operands("rand", argc, argv, first,
                              o[R_BYTES].val ? " (the count is -n BYTES or BYTES, once)" : "")) != 0)
        return rc;
    const char *device = o[R_DEVICE].val ? o[R_DEVICE].val : "cpu";
    if (count == NULL) {
        cli_error("rand: how many bytes? (-n BYTES, or BYTES)");
        return EXIT_USAGE;
    }
    if ((rc = cli_count_arg(o[R_BYTES].val ? "-n" : "BYTES", count, 0, (unsigned long long)1 << 62,
                            &total)) != 0)
        return rc;
    if (o[R_HEX].count && o[R_BASE64].count) {
        cli_error("rand: --hex or --base64, not both");
        return EXIT_USAGE;
    }
    rand_out out = {o[R_HEX].count ? OUT_HEX : o[R_BASE64].count ? OUT_BASE64 : OUT_RAW, {0}, 0, 0};
    unsigned threads;
    if ((rc = cli_threads_arg(o[R_THREADS].val, &threads)) != 0) return rc;
    if ((rc = drbg_choice_arg("rand", o[R_CIPHER].val, o[R_DRBG].val, RAND_DEFAULT_CIPHER, &c)) != 0)
        return rc;
    if (strcmp(device, "cpu") == 0 && c.type == KARX_DRBG_CTR && threads > 1) {
        karx_pool *pool = NULL;
        if ((rc = cli_pool_open(threads, &pool)) == 0)
            rc = rand_ctr_pool(pool, (karx_cipher_alg)c.alg, total, &out);
        karx_pool_free(pool);
        return rc;
    }
    if (strcmp(device, "cpu") == 0)
        return rand_cpu(&c, total, &out);
    if (strcmp(device, "gpu") != 0) {
        cli_error("rand: unknown device '%s' (cpu, gpu)", device);
        return EXIT_USAGE;
    }
    if (c.type != KARX_DRBG_CTR) {
        cli_error("rand: --device gpu: only the CTR_DRBG runs on the GPU (-c CIPHER)");
        return EXIT_USAGE;
    }
    return rand_gpu((karx_cipher_alg)c.alg, total, &out);
}

/* ---- karx drbg ---- */

static void drbg_usage(FILE *to)
{
    fputs("usage: karx drbg -c CIPHER | -a DRBG --entropy HEX [--nonce HEX] [--pers HEX] [--no-df]\n"
          "                 [--pr] [--reseed-entropy HEX]... [--reseed-add HEX] [--add HEX]...\n"
          "                 -n BYTES\n"
          "  -c CIPHER            CTR_DRBG over CIPHER (-a ctr-CIPHER is the same)\n"
          "  -a DRBG              hash-HASH (Hash_DRBG) or hmac-HASH (HMAC_DRBG) over an LSH\n"
          "                       variant: hash-lsh256-256, hmac-lsh512-512, ... (entropy at least\n"
          "                       the strength, 24 bytes for a 224-bit digest, else 32; nonce at\n"
          "                       least half of it)\n"
          "The KCMVP / CAVP known-answer procedure: instantiate(entropy, nonce, pers), then two\n"
          "generate calls of BYTES bytes each (at most 65536), each printed as a line of hex.\n"
          "The first --add goes with the first call, the second with the second (default empty).\n"
          "  --pr                 prediction resistance: call k reseeds with the k-th\n"
          "                       --reseed-entropy and call k's additional input, then generates\n"
          "                       (two --reseed-entropy needed; CAVP EntropyInputPR)\n"
          "  without --pr, one --reseed-entropy E:\n"
          "    with --reseed-add A  reseed(E, A) right after instantiate, then both calls with\n"
          "                       their --add (CAVP .rsp EntropyInputReseed / AdditionalInputReseed)\n"
          "    without it         reseed(E, second --add) before the second call, which then\n"
          "                       uses no additional input (TTAK.KO-12.0189 B.2 with RI = 1)\n"
          "  --no-df              CTR_DRBG without the derivation function: entropy is exactly\n"
          "                       seedlen bytes, nonce ignored, pers / add at most seedlen bytes\n"
          "Exit: 0 done, 1 a library failure, 2 usage error (names, hex, lengths).\n",
          to);
}

#define DRBG_OPTS                                                                             \
    "c|cipher= a|alg= entropy= nonce= pers= no-df pr reseed-entropy= reseed-add= add= n|bytes= " \
    "h|help"
enum { D_CIPHER, D_ALG, D_ENTROPY, D_NONCE, D_PERS, D_NO_DF, D_PR, D_RESEED, D_RESEED_ADD, D_ADD, D_BYTES,
       D_HELP, D_N };

/* The decoded inputs, in the order of this list. */
enum { IN_ENTROPY, IN_NONCE, IN_PERS, IN_RESEED_ADD, IN_RESEED1, IN_RESEED2, IN_ADD1, IN_ADD2,
       IN_N };

typedef struct {
    drbg_choice c;
    int df, pr, n_res, reseed_add; /* n_res: --reseed-entropy given 0, 1 or 2 times */
    size_t n;                      /* bytes per generate call */
    uint8_t *b[IN_N];              /* each cli_free_secret'd */
    size_t bl[IN_N];
} drbg_job;

/* The options' combination, checked (the order of the checks is the order of the messages). */
static int drbg_check(const cli_opt *o, drbg_job *j)
{
    unsigned long long n;
    int rc;
    if ((!o[D_CIPHER].val && !o[D_ALG].val) || !o[D_ENTROPY].val || !o[D_BYTES].val) {
        cli_error("drbg: needs %s", !o[D_CIPHER].val && !o[D_ALG].val ? "-c CIPHER or -a DRBG"
                                    : !o[D_ENTROPY].val ? "--entropy HEX" : "-n BYTES");
        return EXIT_USAGE;
    }
    if ((rc = drbg_choice_arg("drbg", o[D_CIPHER].val, o[D_ALG].val, NULL, &j->c)) != 0)
        return rc;
    if ((rc = cli_count_arg("-n", o[D_BYTES].val, 1, KARX_CTR_DRBG_MAX_REQUEST_BYTES, &n)) != 0)
        return rc;
    if (o[D_NO_DF].count && j->c.type != KARX_DRBG_CTR) {
        cli_error("--no-df: only the CTR_DRBG has a derivation function to leave out");
        return EXIT_USAGE;
    }
    j->n = (size_t)n;
    j->df = !o[D_NO_DF].count;
    j->pr = o[D_PR].count > 0;
    j->n_res = o[D_RESEED].count;
    j->reseed_add = o[D_RESEED_ADD].val != NULL;
    if (o[D_RESEED].count > 2 || o[D_ADD].count > 2) {
        cli_error(o[D_RESEED].count > 2 ? "--reseed-entropy: given more than twice"
                                        : "--add: given more than twice (one per generate call)");
        return EXIT_USAGE;
    }
    if (j->pr && j->n_res != 2) {
        cli_error("drbg: --pr needs two --reseed-entropy (one per generate call), not %d",
                  j->n_res);
        return EXIT_USAGE;
    }
    const char *why = j->pr && j->reseed_add ? "--reseed-add: not with --pr (each call's --add "
                                               "goes to its reseed)"
                      : !j->pr && j->n_res > 1 ? "--reseed-entropy: without --pr there is at "
                                                 "most one reseed"
                      : j->reseed_add && j->n_res != 1 ? "--reseed-add: needs one --reseed-entropy"
                                                       : NULL;
    if (why) {
        cli_error("%s", why);
        return EXIT_USAGE;
    }
    return 0;
}

/* The hex inputs decoded into j->b. 0, or an exit code with one line printed. */
static int drbg_inputs(const cli_opt *o, drbg_job *j)
{
    /* each input: its option, whether it is that option's second value, the option's name */
    static const struct { int opt, second; const char *name; } in[IN_N] = {
        {D_ENTROPY, 0, "--entropy"}, {D_NONCE, 0, "--nonce"}, {D_PERS, 0, "--pers"},
        {D_RESEED_ADD, 0, "--reseed-add"}, {D_RESEED, 0, "--reseed-entropy"},
        {D_RESEED, 1, "--reseed-entropy"}, {D_ADD, 0, "--add"}, {D_ADD, 1, "--add"}};
    int rc = 0;
    for (int i = 0; i < IN_N && rc == 0; i++) {
        const cli_opt *p = &o[in[i].opt];
        const char *hex = !in[i].second ? p->first : p->count == 2 ? p->val : NULL;
        if (hex) rc = cli_hex_arg(in[i].name, hex, &j->b[i], &j->bl[i]);
    }
    return rc;
}

/* Generate call k (0 or 1) into out, with what comes before it: the reseed of --pr, or (no --pr,
 * one --reseed-entropy, no --reseed-add) the reseed before the second call. *step names the
 * call that failed. */
static karx_status drbg_call(const drbg_job *j, karx_drbg *d, int k, uint8_t *out,
                             const char **step)
{
    const uint8_t *add = j->b[IN_ADD1 + k];
    size_t add_len = j->bl[IN_ADD1 + k];
    *step = "generate";
    if (j->pr)
        return karx_drbg_generate_pr(d, out, j->n, j->b[IN_RESEED1 + k], j->bl[IN_RESEED1 + k],
                                     add, add_len);
    if (k == 1 && j->n_res == 1 && !j->reseed_add) {
        *step = "reseed";
        karx_status st = karx_drbg_reseed(d, j->b[IN_RESEED1], j->bl[IN_RESEED1], add, add_len);
        if (st != KARX_OK) return st;
        *step = "generate";
        return karx_drbg_generate(d, out, j->n, NULL, 0);
    }
    return karx_drbg_generate(d, out, j->n, add, add_len);
}

/* The known-answer procedure: instantiate, the reseed of --reseed-add, two generate calls each
 * printed as a line of hex. 0, or an exit code with one line printed. */
static int drbg_run(const drbg_job *j, uint8_t *out, char *hex)
{
    karx_drbg d;
    memset(&d, 0, sizeof d);
    int ctr = j->c.type == KARX_DRBG_CTR;
    unsigned flags = (ctr && j->df ? KARX_DRBG_USE_DF : 0u) | (j->pr ? KARX_DRBG_PR : 0u);
    const char *step = "instantiate";
    karx_status st = karx_drbg_instantiate(&d, j->c.type, j->c.alg, flags, j->b[IN_ENTROPY],
                                           j->bl[IN_ENTROPY], j->b[IN_NONCE], j->bl[IN_NONCE],
                                           j->b[IN_PERS], j->bl[IN_PERS]);
    if (st == KARX_OK && !j->pr && j->n_res == 1 && j->reseed_add) {
        step = "reseed";
        st = karx_drbg_reseed(&d, j->b[IN_RESEED1], j->bl[IN_RESEED1], j->b[IN_RESEED_ADD],
                              j->bl[IN_RESEED_ADD]);
    }
    for (int k = 0; k < 2 && st == KARX_OK; k++) {
        if ((st = drbg_call(j, &d, k, out, &step)) == KARX_OK) {
            cli_hex(out, j->n, hex);
            printf("%s\n", hex);
        }
    }
    karx_drbg_uninstantiate(&d);
    if (st == KARX_OK) return cli_flush_stdout();
    char hint[96] = "";
    size_t strength = karx_drbg_strength_bytes(j->c.type, j->c.alg);
    if (st == KARX_ERR_DATA_LENGTH && ctr)
        snprintf(hint, sizeof hint, " (%s: seedlen %zu, strength %zu bytes; see --help)",
                 j->df ? "with df" : "no df", karx_ctr_drbg_seed_bytes((karx_cipher_alg)j->c.alg),
                 strength);
    else if (st == KARX_ERR_DATA_LENGTH)
        snprintf(hint, sizeof hint, " (entropy at least %zu bytes, nonce at least %zu; see --help)",
                 strength, strength / 2);
    cli_error("drbg: %s: %s%s", step, karx_strerror(st), hint);
    return (st == KARX_ERR_DATA_LENGTH || st == KARX_ERR_ARGUMENT) ? EXIT_USAGE : EXIT_FAIL;
}

int cmd_drbg(int argc, char **argv)
{
    cli_opt o[D_N];
    drbg_job j;
    uint8_t *out = NULL;
    char *hex = NULL;
    memset(&j, 0, sizeof j);
    int first, rc = cli_parse_opts("drbg", DRBG_OPTS, argc, argv, o, &first, drbg_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = cli_no_operands("drbg", argc, argv, first, "")) != 0) return rc;
    if ((rc = drbg_check(o, &j)) != 0 || (rc = drbg_inputs(o, &j)) != 0) goto done;
    out = malloc(j.n);
    hex = malloc(2 * j.n + 1);
    if (out == NULL || hex == NULL) {
        cli_error("drbg: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    rc = drbg_run(&j, out, hex);

done:
    cli_opt_wipe(&o[D_ENTROPY]); /* the entropy's copies in argv, visible in /proc */
    cli_opt_wipe(&o[D_RESEED]);
    for (int i = 0; i < IN_N; i++) cli_free_secret(j.b[i], j.bl[i]);
    cli_free_secret(out, out ? j.n : 0);
    cli_free_secret((uint8_t *)hex, hex ? 2 * j.n + 1 : 0);
    return rc;
}
