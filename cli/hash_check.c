/* karx hash -c: the digests listed in checksum files verified, as sha256sum -c (GNU coreutils
 * 9.1) does: the same line formats, verdicts ("FILE: OK", "FILE: FAILED", "FILE: FAILED open or
 * read"), summary warnings, options and exit status, for any number of lists ('-': stdin).
 *
 * LSH has six variants where sha256sum has one digest length. A "LSH-512-256 (FILE) = HEX" line
 * (--tag) names its variant and is checked with it, whatever -a says. A "HEX  FILE" line is
 * checked with -a's variant when -a is given (a digest of another length is then an improperly
 * formatted line, as a SHA-512 line is to sha256sum); without -a its length picks the variant:
 * 384 and 512 bits name one each, and 224 and 256 bits two (lsh256-N and lsh512-N), of which
 * the registry's first, lsh256-N, is checked. A mismatch on such a line adds one hint line at the
 * end of the run: pass -a for a list made with the other variant, or use --tag lists. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hash.h"
#include "karx/karx.h"

/* Undoes cli_hash_put_name in place. -1 for an escape other than \\ \n \r, or a lone trailing
 * '\'. */
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

/* The variant an untagged digest of bytes bytes is checked with (the registry's first of that
 * length) into *h, and how many variants have that length (0: none, *h untouched). */
static int variants_of_length(size_t bytes, karx_alg_info *h)
{
    karx_alg_info info;
    int n = 0;
    for (size_t i = 0; cli_alg_next(KARX_KIND_HASH, NULL, &i, &info);)
        if (info.output_bytes == bytes && n++ == 0) *h = info;
    return n;
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

/* "HEX  NAME" or "HEX *NAME"; every byte after the marker belongs to the name. fixed: -a's
 * variant, or NULL for the one the digest's length picks (*variants: how many it fits).
 * As coreutils, also "HEX NAME" (BSD reversed, md5 -r) while no list line of this run has
 * been of the first form (*reversed: -1 neither seen yet, 0 the first form, 1 reversed); once
 * reversed, a "HEX  NAME" line's name is " NAME". */
static int parse_gnu(char *p, int escaped, const karx_alg_info *fixed, karx_alg_info *h,
                     int *variants, int *reversed, uint8_t *want, const char **name)
{
    size_t n;
    if (fixed) {
        *h = *fixed;
        n = 2 * h->output_bytes;
    } else {
        n = strspn(p, "0123456789abcdefABCDEF");
        if (n % 2 || (*variants = variants_of_length(n / 2, h)) == 0) return -1;
    }
    if (strlen(p) < n + 2 || cli_unhex(p, n, want)) return -1;
    if (p[n] != ' ' && p[n] != '\t') return -1;
    char *rest = p + n + 1;
    if (rest[1] == '\0' || (rest[0] != ' ' && rest[0] != '*')) {
        if (*reversed == 0) return -1; /* no mixing the two: a name with a leading space */
        *reversed = 1;
    } else if (*reversed != 1) {
        *reversed = 0;
        rest++;
    }
    *name = rest;
    return escaped ? unescape_name(rest) : 0;
}

enum { LINE_OK, LINE_BAD, LINE_SKIP };

/* One line of a check list (len bytes from getline): LINE_OK with the fields filled (*variants:
 * how many variants its digest could be, 1 for a tagged or -a line), LINE_BAD, or LINE_SKIP for
 * an empty line or a '#' comment. A leading '\' marks an escaped name. */
static int parse_check_line(char *line, size_t len, const karx_alg_info *fixed, karx_alg_info *h,
                            int *variants, int *reversed, uint8_t *want, const char **name)
{
    if (memchr(line, '\0', len)) return LINE_BAD; /* no file name holds a NUL */
    if (len && line[len - 1] == '\n') line[--len] = '\0';
    if (len && line[len - 1] == '\r') line[--len] = '\0'; /* a list written on Windows */
    if (len == 0 || line[0] == '#') return LINE_SKIP;
    char *p = line + strspn(line, " \t");
    int escaped = *p == '\\';
    p += escaped;
    *variants = 1;
    int bad = strncmp(p, "LSH-", 4) == 0 ? parse_bsd(p, escaped, h, want, name)
                                         : parse_gnu(p, escaped, fixed, h, variants, reversed,
                                                     want, name);
    return bad ? LINE_BAD : LINE_OK;
}

struct tally {
    unsigned long ok, failed, unreadable, missing, malformed;
};

/* One run over the lists: the options, the line form seen (parse_gnu's *reversed, kept from
 * list to list as coreutils keeps it), and the first mismatched line whose digest length fits
 * several variants (hint_alg.output_bytes 0: none yet). */
typedef struct {
    const hash_check_opts *o;
    int reversed;
    karx_alg_info hint_alg;
} check_run;

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

/* Hashes one listed file and prints its verdict (a name holding a newline escaped, as coreutils
 * 9.1 does). */
static void check_one(check_run *run, const char *name, const karx_alg_info *h, int variants,
                      const uint8_t *want, struct tally *t)
{
    const hash_check_opts *o = run->o;
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
        if (variants > 1 && run->hint_alg.output_bytes == 0) run->hint_alg = *h;
    }
    if (verdict == NULL || o->status) return;
    int escape = strchr(name, '\n') != NULL;
    if (escape) putchar('\\');
    cli_hash_put_name(stdout, name, escape);
    printf(": %s\n", verdict);
}

/* The list's summary on stderr, and whether it passed (EXIT_OK / EXIT_FAIL), as coreutils words
 * and decides them. */
static int check_summary(const char *list, const hash_check_opts *o, const struct tally *t)
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

static int check_list(check_run *run, const char *list)
{
    const hash_check_opts *o = run->o;
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
        karx_alg_info h;
        uint8_t want[KARX_LSH_MAX_DIGEST_BYTES];
        const char *name;
        int variants;
        int kind = parse_check_line(line, (size_t)len, o->alg, &h, &variants, &run->reversed,
                                    want, &name);
        if (kind == LINE_OK) {
            check_one(run, name, &h, variants, want, &t);
        } else if (kind == LINE_BAD) {
            t.malformed++;
            if (o->warn)
                cli_error("%s: %lu: improperly formatted %s checksum line", shown, lineno,
                          o->alg ? o->alg->name : "LSH");
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

/* The one hint line after a run in which an untagged line of a length that fits several
 * variants did not match: the variant checked, the others of its length, what to do. */
static void mismatch_hint(const karx_alg_info *checked)
{
    karx_alg_info info;
    char others[128] = "";
    size_t n = 0;
    for (size_t i = 0; cli_alg_next(KARX_KIND_HASH, NULL, &i, &info);) {
        if (info.output_bytes != checked->output_bytes || info.id == checked->id) continue;
        int w = snprintf(others + n, sizeof others - n, "%s%s", n ? " or " : "", info.name);
        if (w < 0 || (size_t)w >= sizeof others - n) break;
        n += (size_t)w;
    }
    if (n == 0) return;
    /* the first alternative, for the -a example */
    char a[KARX_ALG_NAME_MAX];
    snprintf(a, sizeof a, "%.*s", (int)strcspn(others, " "), others);
    cli_error("hint: %zu-hex-digit lines without -a are checked as %s; a list made with %s "
              "needs -a %s (or write lists with --tag: their lines name the variant)",
              2 * checked->output_bytes, checked->name, others, a);
}

int cli_hash_check(char *const *lists, int nlists, const hash_check_opts *o)
{
    check_run run;
    memset(&run, 0, sizeof run);
    run.o = o;
    run.reversed = -1;
    int rc = EXIT_OK;
    for (int i = 0; i < nlists; i++)
        if (check_list(&run, lists[i]) != EXIT_OK) rc = EXIT_FAIL;
    if (run.hint_alg.output_bytes && !o->status) mismatch_hint(&run.hint_alg);
    return rc;
}
