/* cli_parse_opts: the spec string turned into getopt_long's tables, and one loop for every
 * command. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "karx/common.h"

#define LONG_NAME_MAX 24
#define LONG_ONLY 256 /* getopt_long's return for long-only option i: LONG_ONLY + i */

typedef struct {
    struct option longopts[CLI_OPTS_MAX + 1];
    char names[CLI_OPTS_MAX][LONG_NAME_MAX];
    char shorts[2 * CLI_OPTS_MAX + 2]; /* ':' (a missing value returns ':'), then "x" or "x:" */
    int n;
} opt_table;

/* Adds one "[x|]long[=]" token of len bytes; 0, or -1 for a malformed or surplus one. */
static int add_token(opt_table *t, const char *p, size_t len, char **shorts_end)
{
    char letter = 0;
    if (len > 2 && p[1] == '|') {
        letter = p[0];
        p += 2;
        len -= 2;
    }
    int has_value = p[len - 1] == '=';
    size_t name_len = len - (size_t)has_value;
    if (t->n == CLI_OPTS_MAX || name_len == 0 || name_len >= LONG_NAME_MAX)
        return -1;
    memcpy(t->names[t->n], p, name_len);
    t->names[t->n][name_len] = '\0';
    struct option *o = &t->longopts[t->n];
    o->name = t->names[t->n];
    o->has_arg = has_value ? required_argument : no_argument;
    o->flag = NULL;
    o->val = letter ? letter : LONG_ONLY + t->n;
    if (letter) {
        *(*shorts_end)++ = letter;
        if (has_value) *(*shorts_end)++ = ':';
    }
    t->n++;
    return 0;
}

static int build_table(const char *spec, opt_table *t)
{
    char *s = t->shorts;
    *s++ = ':';
    t->n = 0;
    for (const char *p = spec + strspn(spec, " "); *p; p += strspn(p, " ")) {
        size_t len = strcspn(p, " ");
        if (add_token(t, p, len, &s) != 0)
            return -1;
        p += len;
    }
    *s = '\0';
    memset(&t->longopts[t->n], 0, sizeof t->longopts[t->n]);
    return 0;
}

/* The option index of getopt_long's return c. */
static int index_of(const opt_table *t, int c)
{
    if (c >= LONG_ONLY)
        return c - LONG_ONLY;
    for (int i = 0; i < t->n; i++)
        if (t->longopts[i].val == c)
            return i;
    return -1;
}

/* The option getopt stopped at, for a one-line error: "--name[=v]" as given, or "-x". */
static const char *bad_option(char **argv, char *shortopt)
{
    const char *arg = optind > 0 ? argv[optind - 1] : NULL;
    if (arg == NULL)
        arg = "?";
    if (optopt == 0 || optopt >= LONG_ONLY || strncmp(arg, "--", 2) == 0)
        return arg;
    shortopt[0] = '-';
    shortopt[1] = (char)optopt;
    shortopt[2] = '\0';
    return shortopt;
}

int cli_parse_opts(const char *cmd, const char *spec, int argc, char **argv, cli_opt *opt,
                   int *first, void (*usage)(FILE *to))
{
    opt_table t;
    char shortopt[3];
    int c, order = 0;
    if (build_table(spec, &t) != 0) {
        cli_error("%s: internal error: bad option table", cmd);
        return EXIT_USAGE;
    }
    memset(opt, 0, (size_t)t.n * sizeof opt[0]);
    optind = 0; /* 0, not 1: glibc and musl then also forget a half-read group of flags ("-%x")
                 * left by an earlier parse in this process (the fuzz target runs many) */
    opterr = 0; /* one line of our own per error */
    while ((c = getopt_long(argc, argv, t.shorts, t.longopts, NULL)) != -1) {
        int i = index_of(&t, c);
        if (c == ':' || i < 0) {
            cli_error(c == ':' ? "%s: option '%s' needs a value (try 'karx %s --help')"
                               : "%s: unknown or ambiguous option '%s' (try 'karx %s --help')",
                      cmd, bad_option(argv, shortopt), cmd);
            return EXIT_USAGE;
        }
        opt[i].val = optarg ? optarg : "";
        if (opt[i].count++ == 0)
            opt[i].first = opt[i].val;
        opt[i].order = ++order;
    }
    *first = optind;
    for (int i = 0; i < t.n; i++) {
        if (opt[i].count && strcmp(t.names[i], "help") == 0) {
            if (usage) usage(stdout);
            return CLI_HELP;
        }
    }
    return 0;
}

int cli_no_operands(const char *cmd, int argc, char **argv, int first, const char *hint)
{
    if (first >= argc) return 0;
    cli_error("%s: unexpected argument '%s'%s", cmd, argv[first], hint);
    return EXIT_USAGE;
}

int cli_opt_earliest(const cli_opt *opt, int n)
{
    int best = -1;
    for (int i = 0; i < n; i++)
        if (opt[i].count && (best < 0 || opt[i].order < opt[best].order))
            best = i;
    return best;
}

void cli_opt_wipe(const cli_opt *opt)
{
    /* argv's strings are the process's own, writable memory; the pointers are const only here */
    if (opt->first) karx_memzero((char *)(uintptr_t)opt->first, strlen(opt->first));
    if (opt->val) karx_memzero((char *)(uintptr_t)opt->val, strlen(opt->val));
}
