/* karx rand: random bytes from an OS-seeded CTR_DRBG (with the derivation function), streamed.
 * karx drbg: the KCMVP / CAVP CTR_DRBG known-answer procedure on explicit inputs.
 * DRBG states, entropy and outputs are wiped on every path. */
#include <errno.h>
#include <stdint.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "karx/drbg.h"
#include "karx/karx.h"

#define RAND_CHUNK ((size_t)1 << 16)

static int opt_error(const char *cmd, int c, char **argv)
{
    if (c == ':')
        cli_error("%s: option '%s' needs a value (try 'karx %s --help')", cmd, argv[optind - 1],
                  cmd);
    else
        cli_error("%s: unknown option '%s' (try 'karx %s --help')", cmd, argv[optind - 1], cmd);
    return EXIT_USAGE;
}

static int parse_cipher(const char *cmd, const char *name, karx_cipher_alg *alg)
{
    if (karx_cipher_from_name(name, alg) != KARX_OK) {
        cli_error("%s: unknown cipher '%s' (lea128, lea192, lea256, hight, cham64-128, "
                  "cham128-128, cham128-256)", cmd, name);
        return EXIT_USAGE;
    }
    return 0;
}

static int flush_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("write error: %s", strerror(errno ? errno : EIO));
        return EXIT_FAIL;
    }
    return 0;
}

/* ---- karx rand ---- */

static void rand_usage(FILE *to)
{
    fputs("usage: karx rand -n BYTES [--hex] [-c CIPHER] [--device cpu|gpu]\n"
          "  -n, --bytes BYTES  how many bytes (any size; streamed)\n"
          "      --hex          print them as one line of hex instead of raw bytes\n"
          "  -c, --cipher C     the CTR_DRBG cipher (default lea256; lea128 lea192 hight\n"
          "                     cham64-128 cham128-128 cham128-256)\n"
          "      --device gpu   the DRBG's output made on the CUDA device, 64 MiB per step (the\n"
          "                     same generate calls of 64 KiB; fails with one line if no GPU)\n"
          "CTR_DRBG (SP 800-90A, TTAK.KO-12.0189) with the derivation function, seeded and\n"
          "reseeded from the operating system. Exit: 0 done, 1 OS source or write error, 2 usage.\n",
          to);
}

#define RAND_GPU_CHUNK ((size_t)64 << 20) /* 1024 generate calls of 64 KiB per GPU step */

/* Writes n bytes (raw or hex); 0 or EXIT_FAIL with the message printed. */
static int emit(const uint8_t *p, size_t n, int hex)
{
    char hbuf[2 * 4096 + 1];
    int rc = 0;
    if (!hex) {
        rc = fwrite(p, 1, n, stdout) != n ? EXIT_FAIL : 0;
    } else {
        for (size_t i = 0; i < n && rc == 0; i += 4096) {
            size_t m = n - i < 4096 ? n - i : 4096;
            cli_hex(p + i, m, hbuf);
            if (fputs(hbuf, stdout) == EOF) rc = EXIT_FAIL;
        }
        karx_memzero(hbuf, sizeof hbuf);
    }
    if (rc) cli_error("write error: %s", strerror(errno ? errno : EIO));
    return rc;
}

/* karx rand --device gpu: the DRBG's state chain on the CPU, its output made on the GPU;
 * reseeded from the OS whenever the next step would pass the reseed interval. */
static int rand_gpu(karx_cipher_alg alg, unsigned long long total, int hex)
{
    karx_gpu *g = NULL;
    uint8_t *buf = NULL;
    int rc = 0;
    karx_ctr_drbg d;
    memset(&d, 0, sizeof d);
    karx_status st = karx_gpu_open(&g, 0);
    if (st != KARX_OK) {
        cli_error("rand: --device gpu: %s: %s", karx_strerror(st), karx_gpu_open_error());
        return EXIT_FAIL;
    }
    if (karx_gpu_host_alloc(g, (void **)&buf, RAND_GPU_CHUNK) != KARX_OK) {
        cli_error("rand: --device gpu: %s", karx_gpu_last_error(g));
        karx_gpu_close(g);
        return EXIT_FAIL;
    }
    st = karx_ctr_drbg_instantiate_os(&d, alg, KARX_DRBG_USE_DF, NULL, 0);
    if (st != KARX_OK)
        cli_error("rand: cannot seed from the operating system: %s", karx_strerror(st));
    while (st == KARX_OK && total > 0 && rc == 0) {
        size_t n = total < RAND_GPU_CHUNK ? (size_t)total : RAND_GPU_CHUNK;
        st = karx_gpu_ctr_drbg_generate(g, &d, buf, n, NULL, 0);
        if (st == KARX_ERR_RESEED_REQUIRED && (st = karx_ctr_drbg_reseed_os(&d, NULL, 0)) == KARX_OK)
            st = karx_gpu_ctr_drbg_generate(g, &d, buf, n, NULL, 0);
        if (st != KARX_OK) {
            cli_error("rand: %s: %s", karx_strerror(st), karx_gpu_last_error(g));
            break;
        }
        rc = emit(buf, n, hex);
        total -= n;
    }
    if (st != KARX_OK)
        rc = EXIT_FAIL;
    if (rc == 0 && hex) putchar('\n');
    karx_ctr_drbg_uninstantiate(&d);
    karx_memzero(buf, RAND_GPU_CHUNK);
    karx_gpu_host_free(g, buf);
    karx_gpu_close(g);
    if (rc == 0) rc = flush_stdout();
    return rc;
}

int cmd_rand(int argc, char **argv)
{
    static const struct option opts[] = {
        {"bytes", required_argument, NULL, 'n'},
        {"hex", no_argument, NULL, 'x'},
        {"cipher", required_argument, NULL, 'c'},
        {"device", required_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *n_s = NULL, *cipher = "lea256", *device = "cpu";
    int hex = 0, help = 0, c, rc = 0;
    unsigned long long total = 0;
    karx_cipher_alg alg;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":n:c:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n': n_s = optarg; break;
        case 'x': hex = 1; break;
        case 'c': cipher = optarg; break;
        case 'D': device = optarg; break;
        case 'h': help = 1; break;
        default: return opt_error("rand", c, argv);
        }
    }
    if (help) {
        rand_usage(stdout);
        return EXIT_OK;
    }
    if (optind < argc) {
        cli_error("rand: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (n_s == NULL) {
        cli_error("rand: how many bytes? (-n BYTES)");
        return EXIT_USAGE;
    }
    if ((rc = cli_count_arg("-n", n_s, 0, (unsigned long long)1 << 62, &total)) != 0) return rc;
    if ((rc = parse_cipher("rand", cipher, &alg)) != 0) return rc;
    if (strcmp(device, "cpu") != 0) {
        if (strcmp(device, "gpu") != 0) {
            cli_error("rand: unknown device '%s' (cpu, gpu)", device);
            return EXIT_USAGE;
        }
        return rand_gpu(alg, total, hex);
    }

    karx_ctr_drbg d;
    memset(&d, 0, sizeof d);
    uint8_t buf[RAND_CHUNK];
    karx_status st = karx_ctr_drbg_instantiate_os(&d, alg, KARX_DRBG_USE_DF, NULL, 0);
    if (st != KARX_OK) {
        cli_error("rand: cannot seed from the operating system: %s", karx_strerror(st));
        return EXIT_FAIL;
    }
    while (total > 0 && rc == 0) {
        size_t n = total < RAND_CHUNK ? (size_t)total : RAND_CHUNK;
        st = karx_ctr_drbg_generate_os(&d, buf, n, NULL, 0);
        if (st != KARX_OK) {
            cli_error("rand: %s", karx_strerror(st));
            rc = EXIT_FAIL;
            break;
        }
        rc = emit(buf, n, hex);
        total -= n;
    }
    if (rc == 0 && hex) putchar('\n');
    karx_ctr_drbg_uninstantiate(&d);
    karx_memzero(buf, sizeof buf);
    if (rc == 0) rc = flush_stdout();
    return rc;
}

/* ---- karx drbg ---- */

static void drbg_usage(FILE *to)
{
    fputs("usage: karx drbg -c CIPHER --entropy HEX [--nonce HEX] [--pers HEX] [--no-df] [--pr]\n"
          "                 [--reseed-entropy HEX]... [--reseed-add HEX] [--add HEX]... -n BYTES\n"
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
          "  --no-df              no derivation function: entropy is exactly seedlen bytes,\n"
          "                       nonce ignored, pers / add at most seedlen bytes\n"
          "Exit: 0 done, 1 a library failure, 2 usage error (names, hex, lengths).\n",
          to);
}

int cmd_drbg(int argc, char **argv)
{
    static const struct option opts[] = {
        {"cipher", required_argument, NULL, 'c'},
        {"entropy", required_argument, NULL, 'e'},
        {"nonce", required_argument, NULL, 'N'},
        {"pers", required_argument, NULL, 'p'},
        {"no-df", no_argument, NULL, 'D'},
        {"pr", no_argument, NULL, 'P'},
        {"reseed-entropy", required_argument, NULL, 'r'},
        {"reseed-add", required_argument, NULL, 'R'},
        {"add", required_argument, NULL, 'a'},
        {"bytes", required_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cipher = NULL, *ent_s = NULL, *nonce_s = NULL, *pers_s = NULL, *radd_s = NULL;
    const char *n_s = NULL, *res_s[2] = {NULL, NULL}, *add_s[2] = {NULL, NULL};
    int n_res = 0, n_add = 0, df = 1, pr = 0, help = 0, c, rc = 0;
    /* 0 entropy, 1 nonce, 2 pers, 3 reseed-add, 4/5 reseed entropy, 6/7 add */
    uint8_t *b[8] = {NULL};
    size_t bl[8] = {0};
    uint8_t *out = NULL;
    char *hex = NULL;
    unsigned long long n = 0;
    karx_cipher_alg alg;
    karx_ctr_drbg d;
    karx_status st = KARX_OK;
    memset(&d, 0, sizeof d);

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":c:n:h", opts, NULL)) != -1) {
        switch (c) {
        case 'c': cipher = optarg; break;
        case 'e': ent_s = optarg; break;
        case 'N': nonce_s = optarg; break;
        case 'p': pers_s = optarg; break;
        case 'D': df = 0; break;
        case 'P': pr = 1; break;
        case 'R': radd_s = optarg; break;
        case 'n': n_s = optarg; break;
        case 'h': help = 1; break;
        case 'r':
            if (n_res == 2) {
                cli_error("--reseed-entropy: given more than twice");
                return EXIT_USAGE;
            }
            res_s[n_res++] = optarg;
            break;
        case 'a':
            if (n_add == 2) {
                cli_error("--add: given more than twice (one per generate call)");
                return EXIT_USAGE;
            }
            add_s[n_add++] = optarg;
            break;
        default: return opt_error("drbg", c, argv);
        }
    }
    if (help) {
        drbg_usage(stdout);
        return EXIT_OK;
    }
    if (optind < argc) {
        cli_error("drbg: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (cipher == NULL || ent_s == NULL || n_s == NULL) {
        cli_error("drbg: needs %s", cipher == NULL ? "-c CIPHER"
                                    : ent_s == NULL ? "--entropy HEX" : "-n BYTES");
        return EXIT_USAGE;
    }
    if ((rc = parse_cipher("drbg", cipher, &alg)) != 0) return rc;
    if ((rc = cli_count_arg("-n", n_s, 1, KARX_CTR_DRBG_MAX_REQUEST_BYTES, &n)) != 0) return rc;
    if (pr && n_res != 2) {
        cli_error("drbg: --pr needs two --reseed-entropy (one per generate call), not %d", n_res);
        return EXIT_USAGE;
    }
    if (pr && radd_s) {
        cli_error("--reseed-add: not with --pr (each call's --add goes to its reseed)");
        return EXIT_USAGE;
    }
    if (!pr && n_res > 1) {
        cli_error("--reseed-entropy: without --pr there is at most one reseed");
        return EXIT_USAGE;
    }
    if (radd_s && n_res != 1) {
        cli_error("--reseed-add: needs one --reseed-entropy");
        return EXIT_USAGE;
    }
    {
        const char *names[8] = {"--entropy", "--nonce", "--pers", "--reseed-add",
                                "--reseed-entropy", "--reseed-entropy", "--add", "--add"};
        const char *vals[8] = {ent_s, nonce_s, pers_s, radd_s, res_s[0], res_s[1], add_s[0],
                               add_s[1]};
        for (int i = 0; i < 8 && rc == 0; i++)
            if (vals[i]) rc = cli_hex_arg(names[i], vals[i], &b[i], &bl[i]);
        /* the entropy inputs' copies in argv (visible in /proc while we run) */
        for (int i = 0; i < 8; i++)
            if (vals[i] && (i == 0 || i == 4 || i == 5))
                karx_memzero((char *)(uintptr_t)vals[i], strlen(vals[i]));
        if (rc) goto done;
    }
    out = malloc((size_t)n);
    hex = malloc(2 * (size_t)n + 1);
    if (out == NULL || hex == NULL) {
        cli_error("drbg: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    unsigned flags = (df ? KARX_DRBG_USE_DF : 0u) | (pr ? KARX_DRBG_PR : 0u);
    const char *step = "instantiate";
    st = karx_ctr_drbg_instantiate(&d, alg, flags, b[0], bl[0], b[1], bl[1], b[2], bl[2]);
    if (st == KARX_OK && !pr && n_res == 1 && radd_s) {
        step = "reseed";
        st = karx_ctr_drbg_reseed(&d, b[4], bl[4], b[3], bl[3]);
    }
    for (int k = 0; k < 2 && st == KARX_OK; k++) {
        const uint8_t *a = b[6 + k];
        size_t al = bl[6 + k];
        step = "generate";
        if (pr) {
            st = karx_ctr_drbg_generate_pr(&d, out, (size_t)n, b[4 + k], bl[4 + k], a, al);
        } else if (k == 1 && n_res == 1 && !radd_s) {
            step = "reseed";
            st = karx_ctr_drbg_reseed(&d, b[4], bl[4], a, al);
            step = "generate";
            if (st == KARX_OK) st = karx_ctr_drbg_generate(&d, out, (size_t)n, NULL, 0);
        } else {
            st = karx_ctr_drbg_generate(&d, out, (size_t)n, a, al);
        }
        if (st == KARX_OK) {
            cli_hex(out, (size_t)n, hex);
            printf("%s\n", hex);
        }
    }
    if (st != KARX_OK) {
        char hint[96] = "";
        if (st == KARX_ERR_DATA_LENGTH)
            snprintf(hint, sizeof hint, " (%s: seedlen %zu, strength %zu bytes; see --help)",
                     df ? "with df" : "no df", karx_ctr_drbg_seed_bytes(alg),
                     karx_ctr_drbg_strength_bytes(alg));
        cli_error("drbg: %s: %s%s", step, karx_strerror(st), hint);
        rc = (st == KARX_ERR_DATA_LENGTH || st == KARX_ERR_ARGUMENT) ? EXIT_USAGE : EXIT_FAIL;
        goto done;
    }
    rc = flush_stdout();

done:
    karx_ctr_drbg_uninstantiate(&d);
    for (int i = 0; i < 8; i++) cli_free_secret(b[i], bl[i]);
    cli_free_secret(out, out ? (size_t)n : 0);
    cli_free_secret((uint8_t *)hex, hex ? 2 * (size_t)n + 1 : 0);
    return rc;
}
