/* karx kdf pbkdf2: PBKDF2-HMAC-LSH (RFC 8018) with the password read from standard input (all of
 * it, less one trailing newline); prints the derived key in hex. Password and key are wiped. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "karx/hmac.h"
#include "karx/karx.h"

#define PASSWORD_MAX ((size_t)1 << 20)
#define KDF_OUT_MAX ((size_t)1 << 20)

static void kdf_usage(FILE *to)
{
    fputs("usage: karx kdf pbkdf2 [-a ALG] --salt HEX -i ITER -n LEN\n"
          "  -a, --alg ALG     hmac-lsh256-224 hmac-lsh256-256 (default) hmac-lsh512-224\n"
          "                    hmac-lsh512-256 hmac-lsh512-384 hmac-lsh512-512\n"
          "  -s, --salt HEX    the salt in hex (may be empty: --salt '')\n"
          "  -i, --iter ITER   iteration count, 1 .. 4294967295\n"
          "  -n, --len LEN     derived key bytes, 1 .. 1048576\n"
          "The password is standard input, all of it less ONE trailing newline (at most 1 MiB).\n"
          "Prints the derived key in hex. Exit: 0 done, 1 read error, 2 usage error.\n",
          to);
}

int cmd_kdf(int argc, char **argv)
{
    static const struct option opts[] = {
        {"alg", required_argument, NULL, 'a'},
        {"salt", required_argument, NULL, 's'},
        {"iter", required_argument, NULL, 'i'},
        {"len", required_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *alg_name = "hmac-lsh256-256", *salt_hex = NULL, *iter_s = NULL, *len_s = NULL;
    uint8_t *salt = NULL, *pw = NULL, *dk = NULL;
    char *hex = NULL;
    size_t salt_len = 0, pw_len = 0, pw_alloc = 0, dk_len = 0;
    unsigned long long iter = 0, n = 0;
    karx_lsh_alg alg;
    int rc = EXIT_OK, help = 0, c;

    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        kdf_usage(stdout);
        return EXIT_OK;
    }
    if (argc < 2 || strcmp(argv[1], "pbkdf2") != 0) {
        cli_error("kdf: %s (the one KDF is 'pbkdf2'; try 'karx kdf --help')",
                  argc < 2 ? "no KDF given" : "unknown KDF");
        return EXIT_USAGE;
    }
    argc--;
    argv++;
    optind = 1;
    opterr = 0;
    while (rc == EXIT_OK && (c = getopt_long(argc, argv, ":a:s:i:n:h", opts, NULL)) != -1) {
        switch (c) {
        case 'a': alg_name = optarg; break;
        case 's': salt_hex = optarg; break;
        case 'i': iter_s = optarg; break;
        case 'n': len_s = optarg; break;
        case 'h': help = 1; break;
        case ':':
            cli_error("kdf: option '%s' needs a value (try 'karx kdf --help')", argv[optind - 1]);
            rc = EXIT_USAGE;
            break;
        default:
            cli_error("kdf: unknown option '%s' (try 'karx kdf --help')", argv[optind - 1]);
            rc = EXIT_USAGE;
            break;
        }
    }
    if (rc) return rc;
    if (help) {
        kdf_usage(stdout);
        return EXIT_OK;
    }
    if (optind < argc) {
        cli_error("kdf: unexpected argument '%s' (the password is read from standard input)",
                  argv[optind]);
        return EXIT_USAGE;
    }
    if (karx_hmac_from_name(alg_name, &alg) != KARX_OK) {
        cli_error("%s: unknown PRF (hmac-lsh256-224 .. hmac-lsh512-512)", alg_name);
        return EXIT_USAGE;
    }
    if (salt_hex == NULL || iter_s == NULL || len_s == NULL) {
        cli_error("kdf: pbkdf2 needs %s", salt_hex == NULL ? "--salt HEX"
                                          : iter_s == NULL ? "-i ITER" : "-n LEN");
        return EXIT_USAGE;
    }
    if ((rc = cli_count_arg("-i", iter_s, 1, 0xffffffffull, &iter)) != 0) return rc;
    if ((rc = cli_count_arg("-n", len_s, 1, KDF_OUT_MAX, &n)) != 0) return rc;
    if ((rc = cli_hex_arg("--salt", salt_hex, &salt, &salt_len)) != 0) return rc;

    if ((rc = cli_read_all(stdin, "stdin (password)", PASSWORD_MAX, &pw, &pw_alloc)) != 0)
        goto done;
    pw_len = pw_alloc;
    if (pw_len > 0 && pw[pw_len - 1] == '\n') pw_len--;
    dk_len = (size_t)n;
    dk = malloc(dk_len);
    hex = malloc(2 * dk_len + 1);
    if (dk == NULL || hex == NULL) {
        cli_error("kdf: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    karx_status st = karx_pbkdf2_hmac_lsh(alg, dk, dk_len, pw, pw_len, salt, salt_len,
                                          (uint32_t)iter);
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
    cli_free_secret(salt, salt_len);
    cli_free_secret(dk, dk_len);
    cli_free_secret((uint8_t *)hex, hex ? 2 * dk_len + 1 : 0);
    return rc;
}
