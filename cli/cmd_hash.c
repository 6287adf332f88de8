/* karx hash: LSH digests of files, sha256sum-style output, --tag BSD lines, -c verification. */
#define _GNU_SOURCE
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
    "a|algorithm= c|check= tag device= quiet status w|warn strict ignore-missing h|help " \
    "T|threads="
enum { H_ALG, H_CHECK, H_TAG, H_DEVICE, H_QUIET, H_STATUS, H_WARN, H_STRICT, H_IGNORE, H_HELP,
       H_THREADS, H_N };

static void hash_usage(FILE *to)
{
    fputs("usage: karx hash [-a ALG] [--tag] [-T N] [--device cpu|gpu|auto] [FILE...]\n"
          "       karx hash [-a ALG] [--quiet|--status|-w] [--strict] [--ignore-missing] -c LIST\n"
          "  -a, --algorithm ALG  ",
          to);
    cli_put_names(to, KARX_KIND_HASH, NULL, 23, 23);
    fputs("                       (default " HASH_DEFAULT "; standard names like LSH-256-256 too)\n"
          "      --tag            BSD-style lines: LSH-256-256 (FILE) = HEX\n"
          "  -T, --threads N      files hashed side by side on N threads (default 0 = every\n"
          "                       CPU), lines still in argument order; LSH is serial within a\n"
          "                       message, so one big file runs on one thread whatever N is\n"
          "                       (its reading overlaps the hashing: a reader thread, or mmap)\n"
          "  -c, --check LIST     verify the digests listed in LIST ('-' = stdin)\n"
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
          "Exit: 0 all good, 1 a file unreadable or a check failed, 2 usage error.\n",
          to);
}

enum { FILE_HASHED, FILE_UNREADABLE, FILE_MISSING };

/* FILE_HASHED; FILE_UNREADABLE (message printed); FILE_MISSING (silently: it does not exist and
 * ignore_missing is set). */
static int hash_file(const char *path, const karx_alg_info *h, uint8_t *digest,
                     int ignore_missing)
{
    int err, r = cli_hash_file(path, h, digest, 0, &err);
    if (r == HASH_FILE_OK) return FILE_HASHED;
    if (r == HASH_FILE_OPEN_FAILED && ignore_missing && err == ENOENT) return FILE_MISSING;
    cli_hash_name_error(path, err);
    return FILE_UNREADABLE;
}

/* Undoes put_name in place. -1 for an escape other than \\ \n \r, or a lone trailing '\'. */
static int unescape_name(char *s)
{
    char *d = s;
    for (; *s; s++) {
        if (*s != '\\') {
            *d++ = *s;
            continue;
        }
        s++;
        if (*s == '\\') *d++ = '\\';
        else if (*s == 'n') *d++ = '\n';
        else if (*s == 'r') *d++ = '\r';
        else return -1;
    }
    *d = '\0';
    return 0;
}

/* "LSH-x-y (NAME) = HEX" (the space before '(' and those around '=' optional, as coreutils
 * reads them); the name ends at the last ')', so it may hold ") = " itself. */
static int parse_bsd(char *p, int escaped, karx_alg_info *h, uint8_t *want, const char **name)
{
    char *open = strchr(p, '('), *close = strrchr(p, ')');
    if (open == NULL || close == NULL || close <= open + 1) return -1;
    char *alg_end = open > p && open[-1] == ' ' ? open - 1 : open;
    *alg_end = '\0';
    *close = '\0';
    if (karx_alg_find(KARX_KIND_HASH, p, h) != KARX_OK) return -1;
    char *hex = close + 1 + strspn(close + 1, " \t");
    if (*hex++ != '=') return -1;
    hex += strspn(hex, " \t");
    size_t d = h->output_bytes;
    if (strlen(hex) != 2 * d || cli_unhex(hex, 2 * d, want)) return -1;
    *name = open + 1;
    return escaped ? unescape_name(open + 1) : 0;
}

/* "HEX  NAME" or "HEX *NAME"; every byte after the marker belongs to the name. */
static int parse_gnu(char *p, int escaped, const karx_alg_info *h, uint8_t *want,
                     const char **name)
{
    size_t n = 2 * h->output_bytes;
    if (strlen(p) < n + 3 || cli_unhex(p, n, want)) return -1;
    if ((p[n] != ' ' && p[n] != '\t') || (p[n + 1] != ' ' && p[n + 1] != '*')) return -1;
    *name = p + n + 2;
    return escaped ? unescape_name(p + n + 2) : 0;
}

enum { LINE_OK, LINE_BAD, LINE_SKIP };

/* One line of a check list (len bytes from getline): LINE_OK with the fields filled, LINE_BAD,
 * or LINE_SKIP for an empty line or a '#' comment. A leading '\' marks an escaped name. */
static int parse_check_line(char *line, size_t len, karx_alg_info *h, uint8_t *want,
                            const char **name)
{
    if (memchr(line, '\0', len)) return LINE_BAD; /* no file name holds a NUL */
    if (len && line[len - 1] == '\n') line[--len] = '\0';
    if (len && line[len - 1] == '\r') line[--len] = '\0'; /* a list written on Windows */
    if (len == 0 || line[0] == '#') return LINE_SKIP;
    char *p = line + strspn(line, " \t");
    int escaped = *p == '\\';
    p += escaped;
    int bad = strncmp(p, "LSH-", 4) == 0 ? parse_bsd(p, escaped, h, want, name)
                                         : parse_gnu(p, escaped, h, want, name);
    return bad ? LINE_BAD : LINE_OK;
}

/* --check options, with coreutils' meaning. */
struct check_opts {
    int quiet, status, strict, warn, ignore_missing;
};

struct tally {
    unsigned long ok, failed, unreadable, missing, malformed;
};

/* Hashes one listed file and prints its verdict (a name holding a newline escaped, as coreutils
 * does). */
static void check_one(const char *name, const karx_alg_info *h, const uint8_t *want,
                      const struct check_opts *o, struct tally *t)
{
    uint8_t got[KARX_LSH_MAX_DIGEST_BYTES];
    const char *verdict = NULL;
    int r = hash_file(name, h, got, o->ignore_missing);
    if (r == FILE_MISSING) {
        t->missing++;
    } else if (r == FILE_UNREADABLE) {
        t->unreadable++;
        verdict = "FAILED open or read";
    } else if (karx_memcmp_ct(want, got, h->output_bytes) == 0) {
        t->ok++;
        verdict = o->quiet ? NULL : "OK";
    } else {
        t->failed++;
        verdict = "FAILED";
    }
    if (verdict == NULL || o->status) return;
    int escape = strchr(name, '\n') != NULL;
    if (escape) putchar('\\');
    cli_hash_put_name(stdout, name, escape);
    printf(": %s\n", verdict);
}

/* The summary on stderr and the exit status, as coreutils words and decides them. */
static int check_summary(const char *list, const struct check_opts *o, const struct tally *t)
{
    if (t->ok + t->failed + t->unreadable + t->missing == 0) {
        cli_error("%s: no properly formatted checksum lines found", list);
        return EXIT_FAIL;
    }
    if (!o->status) {
        if (t->malformed)
            cli_error("WARNING: %lu %s improperly formatted", t->malformed,
                      t->malformed == 1 ? "line is" : "lines are");
        if (t->unreadable)
            cli_error("WARNING: %lu listed file%s could not be read", t->unreadable,
                      t->unreadable == 1 ? "" : "s");
        if (t->failed)
            cli_error("WARNING: %lu computed checksum%s did NOT match", t->failed,
                      t->failed == 1 ? "" : "s");
        if (o->ignore_missing && t->ok == 0) cli_error("%s: no file was verified", list);
    }
    int bad = t->failed || t->unreadable || (o->strict && t->malformed) ||
              (o->ignore_missing && t->ok == 0);
    return bad ? EXIT_FAIL : EXIT_OK;
}

static int check_list(const char *list, const karx_alg_info *default_alg,
                      const struct check_opts *o)
{
    char *esc = cli_hash_msg_name(list);
    const char *shown = strcmp(list, "-") == 0 ? "standard input" : esc ? esc : list;
    FILE *f = cli_open_input(list);
    if (f == NULL) {
        cli_error("%s: %s", shown, strerror(errno));
        free(esc);
        return EXIT_FAIL;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    struct tally t = {0};
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        karx_alg_info h = *default_alg; /* a BSD line names its own */
        uint8_t want[KARX_LSH_MAX_DIGEST_BYTES];
        const char *name;
        int kind = parse_check_line(line, (size_t)len, &h, want, &name);
        if (kind == LINE_OK) {
            check_one(name, &h, want, o, &t);
        } else if (kind == LINE_BAD) {
            t.malformed++;
            if (o->warn)
                cli_error("%s: %lu: improperly formatted %s checksum line", shown, lineno,
                          default_alg->name);
        }
    }
    int read_error = ferror(f);
    free(line);
    cli_close_input(f);
    int rc;
    if (read_error) {
        cli_error("%s: read error", shown);
        rc = EXIT_FAIL;
    } else {
        rc = check_summary(shown, o, &t);
    }
    free(esc);
    return rc;
}

/* The --check options from the command line; 0, or EXIT_USAGE with one line printed when one
 * is given without --check. quiet, status and warn override each other, the last one counting
 * (coreutils). */
static int check_opts_of(const cli_opt *o, struct check_opts *co)
{
    static const char *const names[] = {"--quiet", "--status", "--warn", "--strict",
                                        "--ignore-missing"};
    int given = cli_opt_earliest(o + H_QUIET, H_HELP - H_QUIET);
    if (given >= 0 && !o[H_CHECK].val) {
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

/* The algorithm, the device and the --check options, checked; nfiles: operands given. 0, or
 * EXIT_USAGE with one line printed. */
static int hash_settings(const cli_opt *o, int nfiles, karx_alg_info *h, struct check_opts *co)
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
    if ((rc = check_opts_of(o, co)) != 0) return rc;
    if (o[H_CHECK].val && (o[H_TAG].val || nfiles > 0 || strcmp(device, "cpu"))) {
        cli_error("--check takes one LIST and no other files, --tag or --device");
        return EXIT_USAGE;
    }
    return 0;
}

/* Streams each file (side by side on -T threads) or checks the list, on the CPU. */
static int hash_on_cpu(char *const *files, int nfiles, const karx_alg_info *h, const char *check,
                       const struct check_opts *co, int tag, const char *threads_s)
{
    if (check) return check_list(check, h, co);
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
    struct check_opts co;
    int first, rc = cli_parse_opts("hash", HASH_OPTS, argc, argv, o, &first, hash_usage);
    if (rc) return rc == CLI_HELP ? EXIT_OK : rc;
    if ((rc = hash_settings(o, argc - first, &h, &co)) != 0) return rc;
    static char *const stdin_only[] = {"-"};
    char *const *files = first < argc ? argv + first : stdin_only;
    int nfiles = first < argc ? argc - first : 1;
    const int tag = o[H_TAG].count > 0;
    if (o[H_DEVICE].val && strcmp(o[H_DEVICE].val, "cpu"))
        rc = cli_hash_batched(files, nfiles, &h, tag, o[H_DEVICE].val);
    else
        rc = hash_on_cpu(files, nfiles, &h, o[H_CHECK].val, &co, tag, o[H_THREADS].val);
    if (fflush(stdout) != 0) {
        cli_error("write error: %s", strerror(errno));
        return EXIT_FAIL;
    }
    return rc;
}
