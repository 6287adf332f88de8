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
          "       karx hash [-a ALG] [--quiet|--status|-w] [--strict] [--ignore-missing] -c LIST\n"
          "  -a, --algorithm ALG  lsh256-224 lsh256-256 (default) lsh512-224 lsh512-256\n"
          "                       lsh512-384 lsh512-512\n"
          "      --tag            BSD-style lines: LSH-256-256 (FILE) = HEX\n"
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

/* coreutils 9's escape of c ("\\n" for a newline), or NULL for a byte written as it is. */
static const char *escape_of(char c)
{
    return c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : NULL;
}

/* Writes name, escaped when escape is set (the line's leading '\' is the caller's: it comes
 * before the digest). */
static void put_name(FILE *to, const char *name, int escape)
{
    for (; *name; name++) {
        const char *e = escape ? escape_of(*name) : NULL;
        if (e) fputs(e, to);
        else putc(*name, to);
    }
}

void cli_hash_line(karx_lsh_alg alg, const char *name, const uint8_t *digest, int tag)
{
    char hex[2 * KARX_LSH_MAX_DIGEST_BYTES + 1];
    cli_hex(digest, karx_lsh_digest_bytes(alg), hex);
    int escape = strpbrk(name, "\\\n\r") != NULL; /* as sha256sum 9: -c reads it back */
    if (escape) putchar('\\');
    if (tag) {
        const char *n = karx_lsh_alg_name(alg); /* "lsh512-256" -> the standard's "LSH-512-256" */
        printf("LSH-%.3s-%s (", n + 3, n + 7);
        put_name(stdout, name, escape);
        printf(") = %s\n", hex);
    } else {
        printf("%s  ", hex);
        put_name(stdout, name, escape);
        putchar('\n');
    }
}

char *cli_hash_msg_name(const char *name)
{
    if (!strpbrk(name, "\n\r")) return NULL;
    char *s = malloc(2 * strlen(name) + 2);
    if (s == NULL) return NULL;
    char *d = s;
    *d++ = '\\';
    for (; *name; name++) {
        const char *e = escape_of(*name);
        if (e) {
            memcpy(d, e, 2);
            d += 2;
        } else {
            *d++ = *name;
        }
    }
    *d = '\0';
    return s;
}

/* One line "karx: NAME: why", the name escaped if it would break the line. */
static void name_error(const char *name, const char *why)
{
    char *esc = cli_hash_msg_name(name);
    cli_error("%s: %s", esc ? esc : name, why);
    free(esc);
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

enum { FILE_HASHED, FILE_UNREADABLE, FILE_MISSING };

/* FILE_HASHED; FILE_UNREADABLE (message printed); FILE_MISSING (silently: it does not exist and
 * ignore_missing is set). */
static int hash_file(const char *path, karx_lsh_alg alg, uint8_t *buf, uint8_t *digest,
                     int ignore_missing)
{
    FILE *f = cli_open_input(path);
    if (f == NULL) {
        int e = errno;
        if (ignore_missing && e == ENOENT) return FILE_MISSING;
        name_error(path, strerror(e));
        return FILE_UNREADABLE;
    }
    int e = hash_stream(f, alg, buf, digest);
    cli_close_input(f);
    if (e) {
        name_error(path, strerror(e));
        return FILE_UNREADABLE;
    }
    return FILE_HASHED;
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
static int parse_bsd(char *p, int escaped, karx_lsh_alg *alg, uint8_t *want, const char **name)
{
    char *open = strchr(p, '('), *close = strrchr(p, ')');
    if (open == NULL || close == NULL || close <= open + 1) return -1;
    char *alg_end = open > p && open[-1] == ' ' ? open - 1 : open;
    *alg_end = '\0';
    *close = '\0';
    if (karx_lsh_alg_from_name(p, alg) != KARX_OK) return -1;
    char *hex = close + 1 + strspn(close + 1, " \t");
    if (*hex++ != '=') return -1;
    hex += strspn(hex, " \t");
    size_t d = karx_lsh_digest_bytes(*alg);
    if (strlen(hex) != 2 * d || cli_unhex(hex, 2 * d, want)) return -1;
    *name = open + 1;
    return escaped ? unescape_name(open + 1) : 0;
}

/* "HEX  NAME" or "HEX *NAME"; every byte after the marker belongs to the name. */
static int parse_gnu(char *p, int escaped, karx_lsh_alg alg, uint8_t *want, const char **name)
{
    size_t n = 2 * karx_lsh_digest_bytes(alg);
    if (strlen(p) < n + 3 || cli_unhex(p, n, want)) return -1;
    if ((p[n] != ' ' && p[n] != '\t') || (p[n + 1] != ' ' && p[n + 1] != '*')) return -1;
    *name = p + n + 2;
    return escaped ? unescape_name(p + n + 2) : 0;
}

enum { LINE_OK, LINE_BAD, LINE_SKIP };

/* One line of a check list (len bytes from getline): LINE_OK with the fields filled, LINE_BAD,
 * or LINE_SKIP for an empty line or a '#' comment. A leading '\' marks an escaped name. */
static int parse_check_line(char *line, size_t len, karx_lsh_alg *alg, uint8_t *want,
                            const char **name)
{
    if (memchr(line, '\0', len)) return LINE_BAD; /* no file name holds a NUL */
    if (len && line[len - 1] == '\n') line[--len] = '\0';
    if (len && line[len - 1] == '\r') line[--len] = '\0'; /* a list written on Windows */
    if (len == 0 || line[0] == '#') return LINE_SKIP;
    char *p = line + strspn(line, " \t");
    int escaped = *p == '\\';
    p += escaped;
    int bad = strncmp(p, "LSH-", 4) == 0 ? parse_bsd(p, escaped, alg, want, name)
                                         : parse_gnu(p, escaped, *alg, want, name);
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
static void check_one(const char *name, karx_lsh_alg alg, const uint8_t *want,
                      const struct check_opts *o, struct tally *t, uint8_t *buf)
{
    uint8_t got[KARX_LSH_MAX_DIGEST_BYTES];
    const char *verdict = NULL;
    int r = hash_file(name, alg, buf, got, o->ignore_missing);
    if (r == FILE_MISSING) {
        t->missing++;
    } else if (r == FILE_UNREADABLE) {
        t->unreadable++;
        verdict = "FAILED open or read";
    } else if (karx_memcmp_ct(want, got, karx_lsh_digest_bytes(alg)) == 0) {
        t->ok++;
        verdict = o->quiet ? NULL : "OK";
    } else {
        t->failed++;
        verdict = "FAILED";
    }
    if (verdict == NULL || o->status) return;
    int escape = strchr(name, '\n') != NULL;
    if (escape) putchar('\\');
    put_name(stdout, name, escape);
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

static int check_list(const char *list, karx_lsh_alg default_alg, const struct check_opts *o,
                      uint8_t *buf)
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
        karx_lsh_alg alg = default_alg;
        uint8_t want[KARX_LSH_MAX_DIGEST_BYTES];
        const char *name;
        int kind = parse_check_line(line, (size_t)len, &alg, want, &name);
        if (kind == LINE_OK) {
            check_one(name, alg, want, o, &t, buf);
        } else if (kind == LINE_BAD) {
            t.malformed++;
            if (o->warn)
                cli_error("%s: %lu: improperly formatted %s checksum line", shown, lineno,
                          karx_lsh_alg_name(default_alg));
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

/* The option getopt stopped at, for a one-line error: "--name[=v]" or "-x". */
static const char *bad_option(char **argv, char *shortopt)
{
    const char *arg = argv[optind - 1];
    if (optopt == 0 || strncmp(arg, "--", 2) == 0) return arg;
    shortopt[0] = '-';
    shortopt[1] = (char)optopt;
    shortopt[2] = '\0';
    return shortopt;
}

/* The name of an option valid only with --check, or NULL for c being another one. */
static const char *check_only_option(int c)
{
    switch (c) {
    case 'q': return "--quiet";
    case 's': return "--status";
    case 'S': return "--strict";
    case 'w': return "--warn";
    case 'I': return "--ignore-missing";
    default: return NULL;
    }
}

int cmd_hash(int argc, char **argv)
{
    static const struct option opts[] = {
        {"algorithm", required_argument, NULL, 'a'},
        {"check", required_argument, NULL, 'c'},
        {"tag", no_argument, NULL, 't'},
        {"device", required_argument, NULL, 'D'},
        {"quiet", no_argument, NULL, 'q'},
        {"status", no_argument, NULL, 's'},
        {"strict", no_argument, NULL, 'S'},
        {"warn", no_argument, NULL, 'w'},
        {"ignore-missing", no_argument, NULL, 'I'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    karx_lsh_alg alg = KARX_LSH256_256;
    const char *check = NULL, *device = "cpu", *check_only = NULL;
    struct check_opts co = {0};
    char shortopt[3];
    int tag = 0, c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:c:hw", opts, NULL)) != -1) {
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
        case 'q':
        case 's':
        case 'w': /* they override each other, the last one counting (coreutils) */
            co.quiet = c == 'q';
            co.status = c == 's';
            co.warn = c == 'w';
            break;
        case 'S': co.strict = 1; break;
        case 'I': co.ignore_missing = 1; break;
        case 'h': hash_usage(stdout); return EXIT_OK;
        case ':':
            cli_error("hash: option '%s' needs a value (try 'karx hash --help')",
                      bad_option(argv, shortopt));
            return EXIT_USAGE;
        default:
            cli_error("hash: unknown or ambiguous option '%s' (try 'karx hash --help')",
                      bad_option(argv, shortopt));
            return EXIT_USAGE;
        }
        if (check_only == NULL) check_only = check_only_option(c);
    }
    if (check_only && !check) {
        cli_error("hash: %s is meaningful only when verifying checksums (with --check)",
                  check_only);
        return EXIT_USAGE;
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
        rc = check_list(check, alg, &co, buf);
    } else {
        for (int i = 0; i < nfiles; i++) {
            uint8_t digest[KARX_LSH_MAX_DIGEST_BYTES];
            if (hash_file(files[i], alg, buf, digest, 0) != FILE_HASHED) {
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
