/* karx hash: LSH digests of files, sha256sum-style output, --tag BSD lines, -c verification. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "karx/karx.h"

#define CHUNK (1u << 20)

static void hash_usage(FILE *to)
{
    fputs("usage: karx hash [-a ALG] [--tag] [--device cpu|gpu|auto] [FILE...]\n"
          "       karx hash [-a ALG] -c LIST\n"
          "  -a, --algorithm ALG  lsh256-224 lsh256-256 (default) lsh512-224 lsh512-256\n"
          "                       lsh512-384 lsh512-512\n"
          "      --tag            BSD-style lines: LSH-256-256 (FILE) = HEX\n"
          "  -c, --check LIST     verify the digests listed in LIST ('-' = stdin)\n"
          "      --device DEV     cpu (default: one file at a time, streamed); gpu: all files\n"
          "                       as batches on the CUDA device, one file per thread (fails if\n"
          "                       there is none); auto: gpu if present, else the CPU's\n"
          "                       multi-buffer batch. Batched files are read whole.\n"
          "With no FILE, or FILE '-', reads standard input.\n"
          "Exit: 0 all good, 1 a file unreadable or a check failed, 2 usage error.\n",
          to);
}

void cli_hash_line(karx_lsh_alg alg, const char *name, const uint8_t *digest, int tag)
{
    char hex[2 * KARX_LSH_MAX_DIGEST_BYTES + 1];
    cli_hex(digest, karx_lsh_digest_bytes(alg), hex);
    if (tag) {
        const char *n = karx_lsh_alg_name(alg); /* "lsh512-256" -> the standard's "LSH-512-256" */
        printf("LSH-%.3s-%s (%s) = %s\n", n + 3, n + 7, name, hex);
    } else {
        printf("%s  %s\n", hex, name);
    }
}

/* Hashes one stream in constant memory; returns 0, or errno of a read error. */
static int hash_stream(FILE *f, karx_lsh_alg alg, uint8_t *buf, uint8_t *digest)
{
    karx_lsh_ctx ctx;
    karx_lsh_init(&ctx, alg);
    size_t n;
    while ((n = fread(buf, 1, CHUNK, f)) > 0)
        karx_lsh_update(&ctx, buf, n);
    if (ferror(f)) {
        int e = errno ? errno : EIO;
        karx_memzero(&ctx, sizeof ctx);
        return e;
    }
    karx_lsh_final(&ctx, digest, KARX_LSH_MAX_DIGEST_BYTES);
    return 0;
}

/* 0 ok, 1 failed (message already printed). */
static int hash_file(const char *path, karx_lsh_alg alg, uint8_t *buf, uint8_t *digest)
{
    FILE *f = cli_open_input(path);
    if (f == NULL) {
        cli_error("%s: %s", path, strerror(errno));
        return 1;
    }
    int e = hash_stream(f, alg, buf, digest);
    cli_close_input(f);
    if (e) {
        cli_error("%s: %s", path, strerror(e));
        return 1;
    }
    return 0;
}

/* Parses "HEX  NAME", "HEX *NAME" or "LSH-x-y (NAME) = HEX". Returns 0 and fills the fields,
 * or -1 for a malformed line. */
static int parse_check_line(char *line, karx_lsh_alg *alg, uint8_t *want, const char **name)
{
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';
    char *open = strstr(line, " (");
    char *close = strstr(line, ") = ");
    if (strncmp(line, "LSH-", 4) == 0 && open && close && close > open) {
        *open = '\0';
        *close = '\0';
        if (karx_lsh_alg_from_name(line, alg) != KARX_OK) return -1;
        const char *hex = close + 4;
        size_t d = karx_lsh_digest_bytes(*alg);
        if (strlen(hex) != 2 * d || cli_unhex(hex, 2 * d, want)) return -1;
        *name = open + 2;
        return 0;
    }
    size_t d = karx_lsh_digest_bytes(*alg);
    if (len < 2 * d + 2 || line[2 * d] != ' ' || (line[2 * d + 1] != ' ' && line[2 * d + 1] != '*'))
        return -1;
    if (cli_unhex(line, 2 * d, want)) return -1;
    *name = line + 2 * d + 2;
    return **name ? 0 : -1;
}

static int check_list(const char *list, karx_lsh_alg default_alg, uint8_t *buf)
{
    FILE *f = cli_open_input(list);
    if (f == NULL) {
        cli_error("%s: %s", list, strerror(errno));
        return EXIT_FAIL;
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long ok = 0, failed = 0, unreadable = 0, malformed = 0, lineno = 0;
    while (getline(&line, &cap, f) > 0) {
        lineno++;
        karx_lsh_alg alg = default_alg;
        uint8_t want[64], got[64];
        const char *name;
        if (parse_check_line(line, &alg, want, &name)) {
            malformed++;
            cli_error("%s:%lu: improperly formatted %s line", list, lineno,
                      karx_lsh_alg_name(default_alg));
            continue;
        }
        if (hash_file(name, alg, buf, got)) {
            printf("%s: FAILED open or read\n", name);
            unreadable++;
        } else if (karx_memcmp_ct(want, got, karx_lsh_digest_bytes(alg)) == 0) {
            printf("%s: OK\n", name);
            ok++;
        } else {
            printf("%s: FAILED\n", name);
            failed++;
        }
    }
    int read_error = ferror(f);
    free(line);
    cli_close_input(f);
    if (read_error) {
        cli_error("%s: read error", list);
        return EXIT_FAIL;
    }
    if (failed) cli_error("WARNING: %lu computed checksum(s) did NOT match", failed);
    if (unreadable) cli_error("WARNING: %lu listed file(s) could not be read", unreadable);
    if (ok + failed + unreadable == 0) {
        cli_error("%s: no properly formatted checksum lines found", list);
        return EXIT_FAIL;
    }
    return (failed || unreadable || malformed) ? EXIT_FAIL : EXIT_OK;
}

int cmd_hash(int argc, char **argv)
{
    static const struct option opts[] = {
        {"algorithm", required_argument, NULL, 'a'},
        {"check", required_argument, NULL, 'c'},
        {"tag", no_argument, NULL, 't'},
        {"device", required_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    karx_lsh_alg alg = KARX_LSH256_256;
    const char *check = NULL, *device = "cpu";
    int tag = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "a:c:h", opts, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (karx_lsh_alg_from_name(optarg, &alg) != KARX_OK) {
                cli_error("unknown algorithm '%s' (lsh256-224, lsh256-256, lsh512-224, "
                          "lsh512-256, lsh512-384, lsh512-512)", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'c': check = optarg; break;
        case 't': tag = 1; break;
        case 'D':
            if (strcmp(optarg, "cpu") && strcmp(optarg, "gpu") && strcmp(optarg, "auto")) {
                cli_error("unknown device '%s' (cpu, gpu, auto)", optarg);
                return EXIT_USAGE;
            }
            device = optarg;
            break;
        case 'h': hash_usage(stdout); return EXIT_OK;
        default: hash_usage(stderr); return EXIT_USAGE;
        }
    }
    if (check && (tag || optind < argc || strcmp(device, "cpu"))) {
        cli_error("--check takes one LIST and no other files, --tag or --device");
        return EXIT_USAGE;
    }
    static char *const stdin_only[] = {"-"};
    char *const *files = optind < argc ? argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;
    if (strcmp(device, "cpu")) {
        int rc = cli_hash_batched(files, nfiles, alg, tag, device);
        if (fflush(stdout) != 0) {
            cli_error("write error: %s", strerror(errno));
            return EXIT_FAIL;
        }
        return rc;
    }
    uint8_t *buf = malloc(CHUNK);
    if (buf == NULL) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    int rc = EXIT_OK;
    if (check) {
        rc = check_list(check, alg, buf);
    } else {
        for (int i = 0; i < nfiles; i++) {
            uint8_t digest[KARX_LSH_MAX_DIGEST_BYTES];
            if (hash_file(files[i], alg, buf, digest)) {
                rc = EXIT_FAIL;
                continue;
            }
            cli_hash_line(alg, files[i], digest, tag);
        }
    }
    free(buf);
    if (fflush(stdout) != 0) {
        cli_error("write error: %s", strerror(errno));
        return EXIT_FAIL;
    }
    return rc;
}
