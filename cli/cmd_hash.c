/* karx hash: LSH digests of files, sha256sum-style output, --tag BSD lines, -c verification
 * (hash_check.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "hash.h"
#include "karx/karx.h"
#include "karx/pool.h"

#define HASH_DEFAULT "lsh256-256"

/* The options, in the order of the spec; the five from H_QUIET on are --check's own. */
#define HASH_OPTS \
    "a|algorithm= c|check tag device= quiet status w|warn strict ignore-missing h|help " \
    "T|threads="
enum { H_ALG, H_CHECK, H_TAG, H_DEVICE, H_QUIET, H_STATUS, H_WARN, H_STRICT, H_IGNORE, H_HELP,
       H_THREADS, H_N };

static void hash_usage(FILE *to)
{
    fputs("usage: karx hash [-a ALG] [--tag] [-T N] [--device cpu|gpu|auto] [FILE...]\n"
          "       karx hash -c [-a ALG] [--quiet|--status|-w] [--strict] [--ignore-missing] [LIST...]\n"
          "  -a, --algorithm ALG  ",
          to);
    cli_put_names(to, KARX_KIND_HASH, NULL, 23, 23);
    fputs("                       (default " HASH_DEFAULT "; standard names like LSH-256-256 too)\n"
          "      --tag            BSD-style lines: LSH-256-256 (FILE) = HEX\n"
          "  -T, --threads N      files hashed side by side on N threads (default 0 = every\n"
          "                       CPU), lines still in argument order; LSH is serial within a\n"
          "                       message, so one big file runs on one thread whatever N is\n"
          "                       (its reading overlaps the hashing: a reader thread, or mmap)\n"
          "  -c, --check          verify the digests listed in each LIST (none or '-': stdin),\n"
          "                       as sha256sum -c; options in any order, several LISTs. A\n"
          "                       '--tag' line is checked with the variant it names; a 'HEX  FILE'\n"
          "                       line with -a's, or without -a the one its length fits\n"
          "                       (56 or 64 hex digits: lsh256-224/256 unless -a lsh512-224/256\n"
          "                       is given; 96 and 128: lsh512-384, lsh512-512)\n"
          "      --device DEV     cpu (default: one file at a time, streamed); gpu: all files\n"
          "                       as batches on the CUDA device, one file per thread (fails if\n"
          "                       there is none); auto: gpu if present, else the CPU's\n"
          "                       multi-buffer batch. Batched files are read whole.\n"
          "With --check only, as in sha256sum (the last of --quiet/--status/-w counts):\n"
          "      --quiet          no 'FILE: OK' lines\n"
          "      --status         nothing on stdout and no summary; the exit status tells\n"
          "      --strict         exit 1 for improperly formatted lines too\n"
          "  -w, --warn           one warning for each improperly formatted line\n"
          "      --ignore-missing say nothing of listed files that do not exist (but exit 1\n"
          "                       if no file was verified)\n"
          "With no FILE, or FILE '-', reads standard input. A name holding a backslash, newline\n"
          "or CR is written as sha256sum does: the line starts with '\\', the name with \\\\ \\n \\r.\n"
          "Exit: 0 all good, 1 a file unreadable or a check failed (a mismatch, an unreadable\n"
          "file or list, a list without checksum lines; with --strict a malformed line), 2 usage\n"
          "error.\n",
          to);
}

/* The --check options from the command line; 0, or EXIT_USAGE with one line printed when one
 * is given without --check. quiet, status and warn override each other, the last one counting
 * (coreutils). */
static int check_opts_of(const cli_opt *o, hash_check_opts *co)
{
    static const char *const names[] = {"--quiet", "--status", "--warn", "--strict",
                                        "--ignore-missing"};
    int given = cli_opt_earliest(o + H_QUIET, H_HELP - H_QUIET);
    if (given >= 0 && !o[H_CHECK].count) {
        cli_error("hash: %s is meaningful only when verifying checksums (with --check)",
                  names[given]);
        return EXIT_USAGE;
    }
    const int q = o[H_QUIET].order, s = o[H_STATUS].order, w = o[H_WARN].order;
    co->quiet = q > s && q > w;
    co->status = s > q && s > w;
    co->warn = w > q && w > s;
    co->strict = o[H_STRICT].count > 0;
    co->ignore_missing = o[H_IGNORE].count > 0;
    return 0;
}

/* The algorithm, the device and the --check options, checked. 0, or EXIT_USAGE with one line
 * printed. */
static int hash_settings(const cli_opt *o, karx_alg_info *h, hash_check_opts *co)
{
    const char *device = o[H_DEVICE].val ? o[H_DEVICE].val : "cpu";
    int rc = cli_alg_arg(KARX_KIND_HASH, NULL, o[H_ALG].val ? o[H_ALG].val : HASH_DEFAULT,
                         "algorithm", h);
    if (rc) return rc;
    if (strcmp(device, "cpu") && strcmp(device, "gpu") && strcmp(device, "auto")) {
        cli_error("unknown device '%s' (cpu, gpu, auto)", device);
        return EXIT_USAGE;
    }
    unsigned threads;
    if ((rc = cli_threads_arg(o[H_THREADS].val, &threads)) != 0) return rc;
    memset(co, 0, sizeof *co);
    if ((rc = check_opts_of(o, co)) != 0) return rc;
    co->alg = o[H_ALG].val ? h : NULL;
    if (o[H_CHECK].count && (o[H_TAG].count || strcmp(device, "cpu"))) {
        cli_error("hash: %s is meaningless when verifying checksums (-c)",
                  o[H_TAG].count ? "--tag" : "--device");
        return EXIT_USAGE;
    }
    return 0;
}

/* Streams each file (side by side on -T threads), on the CPU. */
static int hash_on_cpu(char *const *files, int nfiles, const karx_alg_info *h, int tag,
                       const char *threads_s)
{
    unsigned threads;
    karx_pool *pool = NULL;
    int rc = cli_threads_arg(threads_s, &threads);
    if (rc == 0 && (rc = cli_pool_open(nfiles > 1 ? threads : 1, &pool)) == 0)
        rc = cli_hash_files(files, nfiles, h, tag, pool);
    karx_pool_free(pool);
    return rc;
}

int cmd_hash(int argc, char **argv)
{
    cli_opt o[H_N];
    karx_alg_info h;
    hash_check_opts co;
    int first, rc = cli_parse_opts("hash", HASH_OPTS, argc, argv, o, &first, hash_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = hash_settings(o, &h, &co)) != 0) return rc;
    static char *const stdin_only[] = {"-"};
    char *const *files = first < argc ? argv + first : stdin_only;
    int nfiles = first < argc ? argc - first : 1;
    const int tag = o[H_TAG].count > 0;
    if (o[H_CHECK].count)
        rc = cli_hash_check(files, nfiles, &co); /* the files are lists */
    else if (o[H_DEVICE].val && strcmp(o[H_DEVICE].val, "cpu"))
        rc = cli_hash_batched(files, nfiles, &h, tag, o[H_DEVICE].val);
    else
        rc = hash_on_cpu(files, nfiles, &h, tag, o[H_THREADS].val);
    if (fflush(stdout) != 0) {
        cli_error("write error: %s", strerror(errno));
        return EXIT_FAIL;
    }
    return rc;
}
