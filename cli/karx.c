/* karx: command-line front end. Subcommands live in cmd_*.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "karx/karx.h"

static void usage(FILE *to)
{
    fputs("usage: karx COMMAND [ARGS]\n"
          "  hash  [-a ALG] [--tag] [-c] [FILE...]       LSH digests (sha256sum-style; -c: check lists)\n"
          "  enc   [--pass-file F | --key-file F]        without -m: the sealed format (docs/FORMAT.md)\n"
          "  enc   -c CIPHER -m MODE -K HEX [--iv HEX]   encrypt stdin or -i IN to stdout or -o OUT\n"
          "  dec   -c CIPHER -m MODE -K HEX [--iv HEX]   decrypt (ciphers, modes: 'karx enc --help';\n"
          "        [--aad HEX] [--tag-len N]             GCM CCM: ciphertext || tag, checked first;\n"
          "        [--sector-size N]                     XTS: -K KEY1KEY2, --iv TWEAK)\n"
          "  mac   -a ALG -K HEX [--iv HEX] [FILE...]    HMAC-LSH / CMAC / GMAC tags (hmac-lsh256-256,\n"
          "                                              cmac-lea128, gmac-lea128 --iv HEX ..)\n"
          "  kdf   pbkdf2 [-a ALG] --salt HEX -i ITER -n LEN\n"
          "                                              PBKDF2-HMAC-LSH, password on stdin\n"
          "  kdf   kbkdf -a PRF [--mode M] -K HEX -n LEN\n"
          "                                              KBKDF (SP 800-108 / TTAK.KO-12.0272)\n"
          "  rand  BYTES [--hex|--base64] [-c CIPHER | --drbg NAME]\n"
          "                                              random bytes (OS-seeded CTR, Hash or HMAC DRBG)\n"
          "  drbg  (-c CIPHER | -a NAME) --entropy HEX ... -n BYTES\n"
          "                                              DRBG known-answer procedure (ctr-lea128,\n"
          "                                              hash-lsh256-256, hmac-lsh512-512 ..)\n"
          "  cavp  [-o DIR] [--alg A --mode M --test T] FILE.req...\n"
          "                                              answer KCMVP test requests (FILE.rsp)\n"
          "  info                                        CPU features, back ends, each algorithm's kernels\n"
          "  selftest                                    every self-test (kernels, constructions, entropy)\n"
          "  bench [lsh|cipher|aead|all] [--json FILE] [--backend B]\n"
          "                                              benchmarks (medians; GB/s, c/B, hashes/s)\n"
          "  version                                     library version\n"
          "Run 'karx COMMAND --help' for a command's options.\n",
          to);
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "hash") == 0) return cmd_hash(argc - 1, argv + 1);
    if (strcmp(cmd, "enc") == 0) return cmd_enc(argc - 1, argv + 1);
    if (strcmp(cmd, "dec") == 0) return cmd_dec(argc - 1, argv + 1);
    if (strcmp(cmd, "mac") == 0) return cmd_mac(argc - 1, argv + 1);
    if (strcmp(cmd, "kdf") == 0) return cmd_kdf(argc - 1, argv + 1);
    if (strcmp(cmd, "rand") == 0) return cmd_rand(argc - 1, argv + 1);
    if (strcmp(cmd, "drbg") == 0) return cmd_drbg(argc - 1, argv + 1);
    if (strcmp(cmd, "info") == 0) return cmd_info(argc - 1, argv + 1);
    if (strcmp(cmd, "selftest") == 0) return cmd_selftest(argc - 1, argv + 1);
    if (strcmp(cmd, "bench") == 0) return cmd_bench(argc - 1, argv + 1);
    if (strcmp(cmd, "cavp") == 0) return cmd_cavp(argc - 1, argv + 1);
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        printf("karx %s\n", karx_version());
        return EXIT_OK;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    cli_error("unknown command '%s' (try 'karx --help')", cmd);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    if (cli_std_fds_init() != 0)
        return EXIT_FAIL;
    if (!karx_approved_env_valid()) { /* the library fails closed; the CLI says why, at once */
        cli_error("KARX_APPROVED='%s': not a valid value (on: 1, yes, true, on; off: 0, no, "
                  "false, off or empty; any case)", getenv("KARX_APPROVED"));
        return EXIT_USAGE;
    }
    int rc = run(argc, argv);
    /* What a command wrote to stdout without checking (bench's table): a write that failed (a
     * closed stdout, a full disk) is an error, reported once, unless the command already failed. */
    errno = 0;
    int e = fflush(stdout) != 0 ? errno : 0;
    if (ferror(stdout) && rc == EXIT_OK) {
        cli_error("stdout: write error: %s", strerror(e ? e : cli_std_fd_closed(1) ? EBADF : EIO));
        rc = EXIT_FAIL;
    }
    return rc;
}
