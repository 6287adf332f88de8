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

/* ---- OpenSSL's habits ----
 * "karx enc -in FILE" would be "-i n" to getopt, "karx rand -hex 16" "-h -e -x": a single-dash
 * word that is an OpenSSL option is refused before the parse, with the option of this command
 * that does the same thing, if any. */

/* OpenSSL options (openssl enc, dgst, rand, mac, kdf, passwd...) and the long options of karx
 * that do what they do, best first. */
static const struct {
    const char *word;
    const char *karx[2];
} openssl_opts[] = {
    {"in", {"in"}}, {"out", {"out"}}, {"hex", {"hex"}}, {"base64", {"base64"}},
    {"binary", {NULL}}, {"iv", {"iv"}}, {"k", {"key-file", "key-hex-file"}},
    {"kfile", {"key-file", "key-hex-file"}}, {"key", {"key"}}, {"hmac", {"key"}},
    {"pass", {NULL}}, {"passin", {NULL}}, {"passout", {NULL}}, {"md", {"algorithm", "alg"}},
    {"digest", {"algorithm", "alg"}}, {"cipher", {"cipher"}}, {"mac", {"alg"}},
    {"macopt", {NULL}}, {"kdfopt", {NULL}}, {"keylen", {"len"}}, {"S", {"salt"}},
    {"salt", {"salt"}}, {"nosalt", {NULL}}, {"iter", {"iter"}}, {"pbkdf2", {NULL}},
    {"nopad", {"no-pad"}}, {"list", {NULL}}, {"ciphers", {NULL}}, {"digests", {NULL}},
    {"help", {"help"}}, {"check", {"check"}}, {"rand", {NULL}}, {"writerand", {NULL}},
    {"engine", {NULL}}, {"provider", {NULL}}, {"propquery", {NULL}}, {"sign", {NULL}},
    {"verify", {NULL}}, {"signature", {NULL}}, {"keyform", {NULL}}, {"inform", {NULL}},
    {"outform", {NULL}}, {"noout", {NULL}}, {"text", {NULL}}, {"bufsize", {NULL}},
    {"debug", {NULL}}, {"none", {NULL}}, {"version", {NULL}}, {"kdf", {NULL}},
};

/* The placeholder shown after an option taking a value: FILE, HEX, ... or NAME in capitals. */
static const char *meta_of(const char *name, char *buf, size_t cap)
{
    static const char *const metas[][2] = {
        {"in", "FILE"},   {"out", "FILE"},   {"key-file", "FILE"}, {"key-hex-file", "FILE"},
        {"json", "FILE"}, {"key", "HEX"},    {"iv", "HEX"},        {"salt", "HEX"},
        {"aad", "HEX"},   {"label", "HEX"},  {"context", "HEX"},   {"algorithm", "ALG"},
        {"alg", "ALG"},   {"threads", "N"},  {"tag-len", "N"},     {"sector-size", "N"},
    };
    for (size_t i = 0; i < sizeof metas / sizeof metas[0]; i++)
        if (strcmp(name, metas[i][0]) == 0) return metas[i][1];
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++)
        buf[i] = name[i] >= 'a' && name[i] <= 'z' ? (char)(name[i] - 'a' + 'A')
                 : name[i] == '-' ? '_' : name[i];
    buf[i] = '\0';
    return buf;
}

static const struct option *find_long(const opt_table *t, const char *name, size_t len)
{
    const struct option *found = NULL;
    for (int i = 0; i < t->n; i++) {
        const char *n = t->longopts[i].name;
        if (strncmp(n, name, len) != 0) continue;
        if (n[len] == '\0') return &t->longopts[i]; /* exact */
        if (found) return NULL;                      /* ambiguous: getopt says so */
        found = &t->longopts[i];
    }
    return found;
}

/* The one line for OpenSSL's option word (without its '-'), if it is one: 1, else 0. */
static int openssl_hint(const char *cmd, const opt_table *t, const char *word)
{
    size_t k = 0;
    while (k < sizeof openssl_opts / sizeof openssl_opts[0] && strcmp(openssl_opts[k].word, word))
        k++;
    if (k == sizeof openssl_opts / sizeof openssl_opts[0]) return 0;
    char forms[160] = "", meta_buf[LONG_NAME_MAX];
    size_t n = 0;
    for (int a = 0; a < 2 && openssl_opts[k].karx[a]; a++) {
        const char *name = openssl_opts[k].karx[a];
        const struct option *o = find_long(t, name, strlen(name));
        if (o == NULL || strcmp(o->name, name) != 0) continue;
        const char *meta = o->has_arg ? meta_of(name, meta_buf, sizeof meta_buf) : "";
        const char *sp = o->has_arg ? " " : "";
        int w;
        if (o->val < LONG_ONLY)
            w = snprintf(forms + n, sizeof forms - n, "%s'-%c%s%s' or '--%s%s%s'", n ? " or " : "",
                         o->val, sp, meta, name, sp, meta);
        else
            w = snprintf(forms + n, sizeof forms - n, "%s'--%s%s%s'", n ? " or " : "", name, sp,
                         meta);
        if (w < 0 || (size_t)w >= sizeof forms - n) break;
        n += (size_t)w;
    }
    if (n)
        cli_error("%s: unknown option '-%s' (did you mean %s?)", cmd, word, forms);
    else
        cli_error("%s: unknown option '-%s' (an OpenSSL option; karx %s has none like it: try "
                  "'karx %s --help')", cmd, word, cmd, cmd);
    return 1;
}

/* Walks argv as getopt will (values skipped, "--" ending the options) for a word "-xy..." that
 * is an OpenSSL option. 0, or EXIT_USAGE with its one line printed. */
static int openssl_habits(const char *cmd, const opt_table *t, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0') continue; /* an operand */
        if (a[1] == '-') {
            if (a[2] == '\0') return 0; /* "--": operands only from here */
            const char *eq = strchr(a + 2, '=');
            const struct option *o = find_long(t, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2));
            if (o && o->has_arg == required_argument && eq == NULL) i++;
            continue;
        }
        if (a[2] != '\0' && openssl_hint(cmd, t, a + 1)) return EXIT_USAGE;
        /* a group of short options: the first that takes a value takes the rest, or the next */
        for (const char *p = a + 1; *p && *p != ':'; p++) {
            const char *s = strchr(t->shorts + 1, *p);
            if (s == NULL) break; /* getopt reports it */
            if (s[1] == ':') {
                i += p[1] == '\0';
                break;
            }
        }
    }
    return 0;
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
    if (openssl_habits(cmd, &t, argc, argv) != 0) return EXIT_USAGE;
    optind = 0; /* 0, not 1: glibc and musl then also forget a half-read group of flags ("-%x")
                 * left by an earlier parse in this process (the fuzz target runs many) */
    opterr = 0; /* one line of our own per error */
    while ((c = getopt_long(argc, argv, t.shorts, t.longopts, NULL)) != -1) {
        int i = index_of(&t, c);
        if (c == ':' || i < 0) {
            const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
            /* "-k" or "-S" alone: OpenSSL's password, salt */
            if (c != ':' && optopt > 0 && optopt < LONG_ONLY && arg[0] == '-' &&
                arg[1] == optopt && arg[2] == '\0' && openssl_hint(cmd, &t, arg + 1))
                return EXIT_USAGE;
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
