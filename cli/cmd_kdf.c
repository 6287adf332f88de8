/* karx kdf pbkdf2: PBKDF2-HMAC-LSH (RFC 8018) with the password read from standard input (all of
 * it, less one trailing newline); prints the derived key in hex. Password and key are wiped. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "karx/hmac.h"
#include "karx/karx.h"

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

/* Reads the password, derives and prints the key. 0, or an exit code with one line printed. */
static int kdf_run(const kdf_params *p)
{
    uint8_t *pw = NULL, *dk = NULL;
    char *hex = NULL;
    size_t pw_len = 0, pw_alloc = 0, dk_len = (size_t)p->len;
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
        rc = EXIT_USAGE;
        goto done;
    }
    cli_hex(dk, dk_len, hex);
    printf("%s\n", hex);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("write error: %s", strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    }

done:
    cli_free_secret(pw, pw_alloc);
    cli_free_secret(dk, dk ? dk_len : 0);
    cli_free_secret((uint8_t *)hex, hex ? 2 * dk_len + 1 : 0);
    return rc;
}

int cmd_kdf(int argc, char **argv)
{
    cli_opt o[K_N];
    kdf_params p;
    int first, rc;
    memset(&p, 0, sizeof p);
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        kdf_usage(stdout);
        return EXIT_OK;
    }
    if (argc < 2 || strcmp(argv[1], "pbkdf2") != 0) {
        cli_error("kdf: %s (the one KDF is 'pbkdf2'; try 'karx kdf --help')",
                  argc < 2 ? "no KDF given" : "unknown KDF");
        return EXIT_USAGE;
    }
    rc = cli_parse_opts("kdf", KDF_OPTS, argc - 1, argv + 1, o, &first, kdf_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = kdf_params_of(o, argc - 1, argv + 1, first, &p)) == 0)
        rc = kdf_run(&p);
    cli_free_secret(p.salt, p.salt_len);
    return rc;
}
