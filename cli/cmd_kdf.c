/* karx kdf pbkdf2: PBKDF2-HMAC-LSH (RFC 8018) with the password read from standard input (all of
 * it, less one trailing newline); prints the derived key in hex. Password and key are wiped.
 * karx kdf kbkdf: KBKDF (SP 800-108 / TTAK.KO-12.0272) from a key given in hex or a file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "karx/hmac.h"
#include "karx/karx.h"
#include "karx/kbkdf.h"

#define PASSWORD_MAX ((size_t)1 << 20)
#define KDF_OUT_MAX ((size_t)1 << 20)

#define KDF_OPTS "a|alg= s|salt= i|iter= n|len= h|help"
enum { K_ALG, K_SALT, K_ITER, K_LEN, K_HELP, K_N };
#define KDF_DEFAULT_PRF "hmac-lsh256-256"

static void kdf_usage(FILE *to)
{
    fputs("usage: karx kdf pbkdf2 [-a ALG] --salt HEX -i ITER -n LEN\n"
          "  -a, --alg ALG     ",
          to);
    cli_put_names(to, KARX_KIND_MAC, "hmac-", 20, 20);
    fputs("                    (default " KDF_DEFAULT_PRF ")\n"
          "  -s, --salt HEX    the salt in hex (may be empty: --salt '')\n"
          "  -i, --iter ITER   iteration count, 1 .. 4294967295\n"
          "  -n, --len LEN     derived key bytes, 1 .. 1048576\n"
          "The password is standard input, all of it less ONE trailing newline (at most 1 MiB).\n"
          "Prints the derived key in hex. Exit: 0 done, 1 read error, 2 usage error.\n",
          to);
}

/* The KDF's parameters, checked. */
typedef struct {
    karx_lsh_alg prf;
    unsigned long long iter, len;
    uint8_t *salt; /* cli_free_secret */
    size_t salt_len;
} kdf_params;

/* From the options and the operands past first: 0, or EXIT_USAGE with one line printed. */
static int kdf_params_of(const cli_opt *o, int argc, char **argv, int first, kdf_params *p)
{
    karx_alg_info prf;
    int rc;
    if ((rc = cli_no_operands("kdf", argc, argv, first,
                              " (the password is read from standard input)")) != 0)
        return rc;
    if ((rc = cli_alg_arg(KARX_KIND_MAC, "hmac-", o[K_ALG].val ? o[K_ALG].val : KDF_DEFAULT_PRF,
                          "PRF", &prf)) != 0)
        return rc;
    p->prf = (karx_lsh_alg)KARX_MAC_PRIM(prf.id);
    if (!o[K_SALT].val || !o[K_ITER].val || !o[K_LEN].val) {
        cli_error("kdf: pbkdf2 needs %s", !o[K_SALT].val ? "--salt HEX"
                                          : !o[K_ITER].val ? "-i ITER" : "-n LEN");
        return EXIT_USAGE;
    }
    if ((rc = cli_count_arg("-i", o[K_ITER].val, 1, 0xffffffffull, &p->iter)) != 0) return rc;
    if ((rc = cli_count_arg("-n", o[K_LEN].val, 1, KDF_OUT_MAX, &p->len)) != 0) return rc;
    return cli_hex_arg("--salt", o[K_SALT].val, &p->salt, &p->salt_len);
}

/* The derived key dk (n bytes) as one hex line on stdout (hex: 2n+1 bytes). 0, or EXIT_FAIL
 * with one line printed. */
static int print_hex_line(const uint8_t *dk, size_t n, char *hex)
{
    cli_hex(dk, n, hex);
    printf("%s\n", hex);
    return cli_flush_stdout();
}

/* Reads the password, derives and prints the key. 0, or an exit code with one line printed. */
static int kdf_run(const kdf_params *p)
{
    uint8_t *pw = NULL, *dk = NULL;
    char *hex = NULL;
    size_t pw_len = 0, pw_alloc = 0, dk_len = (size_t)p->len;
    if (cli_std_fd_closed(0)) { /* not the placeholder's EBADF as a read error */
        cli_error("stdin: %s", strerror(EBADF));
        return EXIT_FAIL;
    }
    int rc = cli_read_all(stdin, "stdin (password)", PASSWORD_MAX, &pw, &pw_alloc);
    if (rc) return rc;
    pw_len = pw_alloc;
    if (pw_len > 0 && pw[pw_len - 1] == '\n') pw_len--;
    dk = malloc(dk_len);
    hex = malloc(2 * dk_len + 1);
    if (dk == NULL || hex == NULL) {
        cli_error("kdf: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    karx_status st = karx_pbkdf2_hmac_lsh(p->prf, pw, pw_len, p->salt, p->salt_len,
                                          (uint32_t)p->iter, dk, dk_len);
    if (st != KARX_OK) {
        cli_error("kdf: %s", karx_strerror(st));
        rc = cli_status_exit(st, EXIT_USAGE);
        goto done;
    }
    rc = print_hex_line(dk, dk_len, hex);

done:
    cli_free_secret(pw, pw_alloc);
    cli_free_secret(dk, dk ? dk_len : 0);
    cli_free_secret((uint8_t *)hex, hex ? 2 * dk_len + 1 : 0);
    return rc;
}

static int kdf_pbkdf2(int argc, char **argv)
{
    cli_opt o[K_N];
    kdf_params p;
    int first, rc;
    memset(&p, 0, sizeof p);
    rc = cli_parse_opts("kdf", KDF_OPTS, argc - 1, argv + 1, o, &first, kdf_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = kdf_params_of(o, argc - 1, argv + 1, first, &p)) == 0)
        rc = kdf_run(&p);
    cli_free_secret(p.salt, p.salt_len);
    return rc;
}

/* ---- karx kdf kbkdf ---------------------------------------------------------------------- */

#define KB_OPTS \
    "a|alg= mode= K|key= key-file= label= context= iv= counter-bits= l-bytes= n|len= h|help " \
    "key-hex-file="
enum { B_ALG, B_MODE, B_KEY, B_KEY_FILE, B_LABEL, B_CONTEXT, B_IV, B_RBITS, B_LBYTES, B_LEN, B_HELP,
       B_KEY_HEX_FILE, B_N };

static void kbkdf_usage(FILE *to)
{
    fputs("usage: karx kdf kbkdf -a PRF [--mode MODE] (-K HEX | --key-file F | --key-hex-file F)\n"
          "                      [--label HEX] [--context HEX] [--iv HEX] [--counter-bits N]\n"
          "                      [--l-bytes N] -n LEN\n"
          "  -a, --alg PRF         ",
          to);
    cli_put_names(to, KARX_KIND_MAC, "cmac-", 24, 24);
    fputs("                        ", to);
    cli_put_names(to, KARX_KIND_MAC, "hmac-", 24, 24);
    fputs("      --mode MODE       counter (default), feedback or pipeline (double-pipeline)\n"
          "  -K, --key HEX         the key KI in hex (visible in ps: prefer --key-file); a CMAC\n"
          "                        key has the cipher's length, an HMAC key any length\n",
          to);
    cli_key_usage(to, 24);
    fputs("                        (an HMAC key is any length: all of the file, at most 1 MiB)\n"
          "      --label HEX       Label (default empty)\n"
          "      --context HEX     Context (default empty)\n"
          "      --iv HEX          feedback mode's K(0) (default empty)\n"
          "      --counter-bits N  the counter [i]: 8, 16, 24 or 32 bits (default 32), before Label;\n"
          "                        0 = none (feedback and pipeline only)\n"
          "      --l-bytes N       [L] (the length in bits): 0 = fewest bytes, the TTAK.KO-12.0272\n"
          "                        form (default); 1 .. 4 = that many bytes (4: common SP 800-108)\n"
          "  -n, --len LEN         derived key bytes, 1 .. 1048576\n"
          "Each PRF input is [K(i-1) or A(i)] || [i] || Label || 0x00 || Context || [L].\n"
          "Prints the derived key in hex. Exit: 0 done, 1 read error, 2 usage error.\n",
          to);
}

typedef struct kb_job {
    karx_kbkdf_params p;
    uint8_t *key, *label, *context, *iv; /* cli_free_secret */
    size_t key_len, len;
} kb_job;

/* The key KI (cli_key.c's rule): a CMAC PRF's key has the cipher's length, an HMAC's any.
 * 0, or an exit code with one line printed. */
static int kb_key(const cli_opt *o, kb_job *j)
{
    karx_alg_info prf;
    cli_key_opts ko = {o[B_KEY].val, o[B_KEY_FILE].val, o[B_KEY_HEX_FILE].val};
    size_t want = karx_alg_by_id(KARX_KIND_MAC, j->p.prf, &prf) == KARX_OK ? prf.key_bytes : 0;
    return cli_key_load("kdf", &ko, want, &j->key, &j->key_len);
}

/* The PRF, mode and numbers; 0, or EXIT_USAGE with one line printed. */
static int kb_shape(const cli_opt *o, kb_job *j)
{
    karx_alg_info prf;
    unsigned long long v;
    int rc;
    if (!o[B_ALG].val || !o[B_LEN].val) {
        cli_error("kdf: kbkdf needs %s", !o[B_ALG].val ? "-a PRF" : "-n LEN");
        return EXIT_USAGE;
    }
    int found = karx_alg_find(KARX_KIND_MAC, o[B_ALG].val, &prf) == KARX_OK;
    if (!found || karx_kbkdf_prf_bytes(prf.id) == 0) { /* GMAC is a MAC but not a PRF */
        char c[256], h[256];
        cli_error("%s: %s (%s, %s)", o[B_ALG].val, found ? "not a KBKDF PRF" : "unknown PRF",
                  cli_alg_names(KARX_KIND_MAC, "cmac-", ", ", c, sizeof c),
                  cli_alg_names(KARX_KIND_MAC, "hmac-", ", ", h, sizeof h));
        return EXIT_USAGE;
    }
    j->p.prf = prf.id;
    j->p.mode = KARX_KBKDF_COUNTER;
    if (o[B_MODE].val && karx_kbkdf_mode_from_name(o[B_MODE].val, &j->p.mode) != KARX_OK) {
        cli_error("--mode: unknown mode '%s' (counter, feedback, pipeline)", o[B_MODE].val);
        return EXIT_USAGE;
    }
    j->p.counter_bits = 32;
    if (o[B_RBITS].val) {
        if ((rc = cli_count_arg("--counter-bits", o[B_RBITS].val, 0, 32, &v)) != 0) return rc;
        if (v % 8 != 0 || (v == 0 && j->p.mode == KARX_KBKDF_COUNTER)) {
            cli_error("--counter-bits: %s, not %llu", j->p.mode == KARX_KBKDF_COUNTER
                      ? "8, 16, 24 or 32 in counter mode" : "0, 8, 16, 24 or 32", v);
            return EXIT_USAGE;
        }
        j->p.counter_bits = (unsigned)v;
    }
    if (o[B_LBYTES].val) {
        if ((rc = cli_count_arg("--l-bytes", o[B_LBYTES].val, 0, KARX_KBKDF_MAX_L_BYTES, &v)) != 0)
            return rc;
        j->p.l_bytes = (unsigned)v;
    }
    if (o[B_IV].val && j->p.mode != KARX_KBKDF_FEEDBACK) {
        cli_error("--iv: only feedback mode takes an IV");
        return EXIT_USAGE;
    }
    if ((rc = cli_count_arg("-n", o[B_LEN].val, 1, KDF_OUT_MAX, &v)) != 0) return rc;
    j->len = (size_t)v;
    return 0;
}

/* Every option into j; 0, or an exit code with one line printed. */
static int kb_job_of(const cli_opt *o, kb_job *j)
{
    int rc = kb_shape(o, j);
    if (rc == 0) rc = kb_key(o, j);
    if (rc == 0 && o[B_LABEL].val) rc = cli_hex_arg("--label", o[B_LABEL].val, &j->label, &j->p.label_len);
    if (rc == 0 && o[B_CONTEXT].val)
        rc = cli_hex_arg("--context", o[B_CONTEXT].val, &j->context, &j->p.context_len);
    if (rc == 0 && o[B_IV].val) rc = cli_hex_arg("--iv", o[B_IV].val, &j->iv, &j->p.iv_len);
    j->p.label = j->label;
    j->p.context = j->context;
    j->p.iv = j->iv;
    return rc;
}

/* Why karx_kbkdf refused the job, in one line. */
static void kb_refusal(const kb_job *j, const char *alg, karx_status st)
{
    const size_t h = karx_kbkdf_prf_bytes(j->p.prf);
    if (st == KARX_ERR_KEY_LENGTH) {
        karx_alg_info a;
        size_t want = karx_alg_by_id(KARX_KIND_MAC, j->p.prf, &a) == KARX_OK ? a.key_bytes : 0;
        cli_error("%s: the key must be %zu bytes (%zu hex digits), not %zu", alg, want, 2 * want,
                  j->key_len);
    } else if (st == KARX_ERR_OUTPUT_LENGTH && j->p.counter_bits != 0 &&
               (j->len - 1) / h + 1 > (1ull << j->p.counter_bits) - 1) {
        cli_error("-n %zu: %zu blocks of %zu bytes, but a counter of %u bits numbers at most %llu", j->len,
                  (j->len - 1) / h + 1, h, j->p.counter_bits, (1ull << j->p.counter_bits) - 1);
    } else if (st == KARX_ERR_OUTPUT_LENGTH) {
        cli_error("-n %zu: %zu bits do not fit a %u-byte [L] (--l-bytes)", j->len, 8 * j->len,
                  j->p.l_bytes);
    } else if (st == KARX_ERR_NOT_APPROVED) {
        cli_error("%s: %s", alg, karx_strerror(st));
    } else {
        cli_error("kdf: %s", karx_strerror(st));
    }
}

static int kb_run(const kb_job *j, const char *alg)
{
    uint8_t *dk = malloc(j->len);
    char *hex = malloc(2 * j->len + 1);
    int rc = EXIT_OK;
    if (dk == NULL || hex == NULL) {
        cli_error("kdf: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    karx_status st = karx_kbkdf(&j->p, j->key, j->key_len, dk, j->len);
    if (st != KARX_OK) {
        kb_refusal(j, alg, st);
        rc = cli_status_exit(st, EXIT_USAGE);
        goto done;
    }
    rc = print_hex_line(dk, j->len, hex);
done:
    cli_free_secret(dk, dk ? j->len : 0);
    cli_free_secret((uint8_t *)hex, hex ? 2 * j->len + 1 : 0);
    return rc;
}

static int kdf_kbkdf(int argc, char **argv)
{
    cli_opt o[B_N];
    kb_job j;
    int first, rc;
    memset(&j, 0, sizeof j);
    rc = cli_parse_opts("kdf", KB_OPTS, argc - 1, argv + 1, o, &first, kbkdf_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = cli_no_operands("kdf", argc - 1, argv + 1, first, "")) == 0 &&
        (rc = kb_job_of(o, &j)) == 0)
        rc = kb_run(&j, o[B_ALG].val);
    cli_opt_wipe(&o[B_KEY]); /* the key's copy in argv */
    cli_free_secret(j.key, j.key_len);
    cli_free_secret(j.label, j.p.label_len);
    cli_free_secret(j.context, j.p.context_len);
    cli_free_secret(j.iv, j.p.iv_len);
    return rc;
}

int cmd_kdf(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        kdf_usage(stdout);
        fputc('\n', stdout);
        kbkdf_usage(stdout);
        return EXIT_OK;
    }
    if (argc >= 2 && strcmp(argv[1], "pbkdf2") == 0)
        return kdf_pbkdf2(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "kbkdf") == 0)
        return kdf_kbkdf(argc, argv);
    cli_error("kdf: %s (the KDFs are 'pbkdf2' and 'kbkdf'; try 'karx kdf --help')",
              argc < 2 ? "no KDF given" : "unknown KDF");
    return EXIT_USAGE;
}
