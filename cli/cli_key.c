/* The one key-file rule of every command that takes a key (enc, dec, mac, kdf kbkdf):
 *   -K HEX               the key in hex on the command line;
 *   --key-file FILE      the file's raw bytes, exactly the key's length; or hex text when the file
 *                        says so itself: "hex:" first, then the digits (white space around them,
 *                        a trailing newline say, allowed);
 *   --key-hex-file FILE  hex text (the "hex:" prefix optional), white space around it allowed.
 * A --key-file without the prefix whose bytes are all hex digits (but for surrounding white
 * space) is refused: raw key bytes or hex text, the file does not say, and guessing from its
 * length once turned a half-length hex file into a key of ASCII digits. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define KEY_FILE_MAX ((size_t)1 << 20)
#define HEX_PREFIX "hex:"

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int is_hex_digit(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* [*a, *b) narrowed to p's bytes without the white space around them. */
static void trim(const uint8_t *p, size_t *a, size_t *b)
{
    while (*a < *b && is_space(p[*a])) (*a)++;
    while (*b > *a && is_space(p[*b - 1])) (*b)--;
}

static int all_hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_hex_digit(p[i])) return 0;
    return 1;
}

int cli_key_given(const char *cmd, const cli_key_opts *k)
{
    int n = (k->hex != NULL) + (k->file != NULL) + (k->hex_file != NULL);
    if (n == 0) {
        cli_error("%s: no key given (-K HEX, --key-file FILE or --key-hex-file FILE)", cmd);
        return EXIT_USAGE;
    }
    if (n > 1) {
        cli_error("%s: give the key once (one of -K HEX, --key-file FILE, --key-hex-file FILE)",
                  cmd);
        return EXIT_USAGE;
    }
    return 0;
}

/* "a 16-byte key" (want > 0) or "the key" (any length). */
static const char *key_words(size_t want, char *buf, size_t cap)
{
    if (want == 0) return "the key";
    snprintf(buf, cap, "a %zu-byte key", want);
    return buf;
}

/* n hex digits at p (white space trimmed) as the key, in a fresh buffer; path: the file they
 * came from, NULL for -K. */
static int key_of_hex(const char *opt, const char *path, const uint8_t *p, size_t n, size_t want,
                      uint8_t **key, size_t *len)
{
    char words[48];
    const char *sep = path ? " " : "";
    if (path == NULL) path = "";
    if (!all_hex(p, n) || n % 2) {
        cli_error("%s%s%s: not hex text (an even number of digits 0-9 a-f)", opt, sep, path);
        return EXIT_USAGE;
    }
    if (want && n != 2 * want) {
        cli_error("%s%s%s: %zu hex digits, but %s is %zu hex digits", opt, sep, path, n,
                  key_words(want, words, sizeof words), 2 * want);
        return EXIT_USAGE;
    }
    uint8_t *b = malloc(n / 2 + 1); /* + 1: a fresh pointer for the empty key too */
    if (b == NULL) {
        cli_error("%s: out of memory", opt);
        return EXIT_FAIL;
    }
    cli_unhex((const char *)p, n, b);
    *key = b;
    *len = n / 2;
    return 0;
}

/* The contents of a key file, as the rule above reads them. */
static int key_of_file(const char *opt, const char *path, int hex_only, size_t want,
                       uint8_t **key, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        cli_error("%s %s: %s", opt, path, strerror(errno));
        return EXIT_FAIL;
    }
    uint8_t *buf;
    size_t n;
    int rc = cli_read_all(f, path, KEY_FILE_MAX, &buf, &n);
    fclose(f);
    if (rc) return rc;
    const size_t plen = strlen(HEX_PREFIX);
    const int prefixed = n >= plen && memcmp(buf, HEX_PREFIX, plen) == 0;
    size_t a = prefixed ? plen : 0, b = n;
    char words[48];
    trim(buf, &a, &b);
    if (prefixed || hex_only) {
        rc = key_of_hex(opt, path, buf + a, b - a, want, key, len);
    } else {
        if (b > a && all_hex(buf + a, b - a)) {
            /* bare digits: hex text, or raw bytes that happen to be digits? Not guessed. */
            cli_error("%s %s: %zu hex digits without the 'hex:' prefix: write 'hex:' before "
                      "them, or pass --key-hex-file (a --key-file is otherwise raw bytes%s)",
                      opt, path, b - a, want ? ", exactly the key's length" : "");
            rc = EXIT_USAGE;
        } else if (want && n != want) {
            cli_error("%s %s: %zu bytes, but %s is %zu raw bytes (or 'hex:' and %zu hex digits)",
                      opt, path, n, key_words(want, words, sizeof words), want, 2 * want);
            rc = EXIT_USAGE;
        } else {
            *key = buf; /* ownership moves to the caller */
            *len = n;
            return 0;
        }
    }
    cli_free_secret(buf, n);
    return rc;
}

int cli_key_load(const char *cmd, const cli_key_opts *k, size_t want, uint8_t **key, size_t *len)
{
    *key = NULL;
    *len = 0;
    int rc = cli_key_given(cmd, k);
    if (rc) return rc;
    if (k->file) return key_of_file("--key-file", k->file, 0, want, key, len);
    if (k->hex_file) return key_of_file("--key-hex-file", k->hex_file, 1, want, key, len);
    const uint8_t *p = (const uint8_t *)k->hex;
    return key_of_hex("-K", NULL, p, strlen(k->hex), want, key, len);
}

/* One option's --help entry: "      NAME  TEXT" (TEXT on the next line when NAME is too long). */
static void usage_entry(FILE *to, const char *name, const char *text, int col)
{
    int w = fprintf(to, "      %s", name);
    if (w + 1 >= col) w = fprintf(to, "\n") - 1;
    fprintf(to, "%*s%s\n", col - w, "", text);
}

void cli_key_usage(FILE *to, int col)
{
    usage_entry(to, "--key-file FILE", "the key: the file's raw bytes, exactly the key's length;",
                col);
    fprintf(to, "%*s%s\n", col, "", "or hex text when the file starts with 'hex:' (as in");
    fprintf(to, "%*s%s\n", col, "", "\"hex:00112233...\", a trailing newline allowed). Bare hex");
    fprintf(to, "%*s%s\n", col, "", "digits without the prefix are refused as ambiguous");
    usage_entry(to, "--key-hex-file FILE", "the key as hex text in FILE ('hex:' optional)", col);
}
