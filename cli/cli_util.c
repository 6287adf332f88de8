#define _POSIX_C_SOURCE 200809L /* fileno */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "karx/common.h"
#include "karx/pool.h"

void cli_error(const char *fmt, ...)
{
    char msg[4096]; /* a longer message is cut: it is still one line */
    va_list ap;
    va_start(ap, fmt);
    if (vsnprintf(msg, sizeof msg, fmt, ap) < 0)
        msg[0] = '\0';
    va_end(ap);
    /* Arguments are echoed into messages; a control character in one (a newline from a
     * careless script) must not break the one-line form, so those are written as \n, \xNN. */
    fputs("karx: ", stderr);
    for (const char *p = msg; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '\n')
            fputs("\\n", stderr);
        else if (c < 0x20 || c == 0x7f)
            fprintf(stderr, "\\x%02x", c);
        else
            fputc(c, stderr);
    }
    fputc('\n', stderr);
}

void cli_set_signals(const int *sigs, size_t n, void (*handler)(int))
{
    for (size_t i = 0; i < n; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler ? handler : SIG_DFL;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

int cli_flush_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("write error: %s", strerror(errno ? errno : EIO));
        return EXIT_FAIL;
    }
    return 0;
}

void cli_hex(const uint8_t *p, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[p[i] >> 4];
        out[2 * i + 1] = digits[p[i] & 15];
    }
    out[2 * n] = '\0';
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int cli_unhex(const char *s, size_t n_chars, uint8_t *out)
{
    if (n_chars % 2)
        return -1;
    for (size_t i = 0; i < n_chars; i += 2) {
        int hi = hexval((unsigned char)s[i]), lo = hexval((unsigned char)s[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

int cli_hex_arg(const char *opt, const char *hex, uint8_t **out, size_t *len)
{
    size_t n = strlen(hex);
    *out = NULL;
    *len = 0;
    for (size_t i = 0; i < n; i++)
        if (hexval((unsigned char)hex[i]) < 0) n = 1; /* force the error below */
    if (n % 2) {
        cli_error("%s: not a hex string (an even number of digits 0-9 a-f)", opt);
        return EXIT_USAGE;
    }
    if (n == 0) return 0;
    uint8_t *b = malloc(n / 2);
    if (b == NULL) {
        cli_error("%s: out of memory", opt);
        return EXIT_FAIL;
    }
    cli_unhex(hex, n, b);
    *out = b;
    *len = n / 2;
    return 0;
}

void cli_free_secret(uint8_t *p, size_t n)
{
    if (p == NULL) return;
    karx_memzero(p, n);
    free(p);
}

int cli_count_arg(const char *opt, const char *s, unsigned long long min, unsigned long long max,
                  unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = (s[0] >= '0' && s[0] <= '9') ? strtoull(s, &end, 10) : 0;
    if (!(s[0] >= '0' && s[0] <= '9') || *end != '\0' || errno || v < min || v > max) {
        cli_error("%s: '%s' is not a whole number from %llu to %llu", opt, s, min, max);
        return EXIT_USAGE;
    }
    *out = v;
    return 0;
}

/* The size a regular file says it has (0 when f is not one, or it cannot tell). */
static size_t regular_size(FILE *f)
{
    struct stat st;
    int fd = fileno(f);
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
        return 0;
    return (unsigned long long)st.st_size >= SIZE_MAX / 2 ? SIZE_MAX / 2 : (size_t)st.st_size;
}

/* cli_read_all and cli_read_text: the buffer never grows past max + 1 bytes (the +1 tells a
 * larger input, or holds the text's terminator), and starts at a regular file's size. text: a
 * NUL byte is refused as soon as it is read. */
static int read_all(FILE *f, const char *name, size_t max, int text, uint8_t **out, size_t *len)
{
    if (max > SIZE_MAX / 2)
        max = SIZE_MAX / 2;
    size_t limit = max + 1; /* the most the buffer ever holds */
    size_t cap = regular_size(f), n = 0;
    cap = cap == 0 ? (size_t)1 << 16 : cap + 1; /* + 1: the read that finds the end */
    if (cap > limit)
        cap = limit;
    uint8_t *b = malloc(cap);
    *out = NULL;
    *len = 0;
    if (b == NULL) {
        cli_error("%s: out of memory", name);
        return EXIT_FAIL;
    }
    errno = 0;
    for (;;) {
        if (n == cap) {
            if (cap >= limit)
                break; /* more than max: refused below */
            /* doubling, but straight to limit when the double would come within a byte of
             * it: max a power of two must not cost a last step from max to max + 1 */
            size_t ncap = cap >= (limit - 1) / 2 ? limit : cap * 2;
            uint8_t *nb = malloc(ncap);
            if (nb == NULL) {
                cli_free_secret(b, cap);
                cli_error("%s: out of memory reading the input", name);
                return EXIT_FAIL;
            }
            memcpy(nb, b, n);
            cli_free_secret(b, cap); /* no realloc: the old copy may hold secrets */
            b = nb;
            cap = ncap;
        }
        size_t got = fread(b + n, 1, cap - n, f);
        if (text && got != 0 && memchr(b + n, 0, got) != NULL) {
            cli_free_secret(b, cap);
            cli_error("%s: not a text file (holds a NUL byte)", name);
            return EXIT_FAIL;
        }
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        int e = errno ? errno : EIO;
        cli_free_secret(b, cap);
        cli_error("%s: read error: %s", name, strerror(e));
        return EXIT_FAIL;
    }
    if (n > max) {
        cli_free_secret(b, cap);
        cli_error("%s: input too large (more than %zu bytes; this command reads it all into "
                  "memory)", name, max);
        return EXIT_FAIL;
    }
    if (text)
        b[n] = 0; /* n < cap: the loop ends on a short read below cap, or refuses n == limit */
    *out = b;
    *len = n;
    return 0;
}

int cli_read_all(FILE *f, const char *name, size_t max, uint8_t **out, size_t *len)
{
    return read_all(f, name, max, 0, out, len);
}

int cli_read_text(FILE *f, const char *name, size_t max, char **out, size_t *len)
{
    uint8_t *b;
    int rc = read_all(f, name, max, 1, &b, len);
    *out = rc == 0 ? (char *)b : NULL;
    return rc;
}

FILE *cli_open_input(const char *path)
{
    if (path[0] == '-' && path[1] == '\0') {
        if (cli_std_fd_closed(0)) {
            errno = EBADF;
            return NULL;
        }
        return stdin;
    }
    return fopen(path, "rb");
}

void cli_close_input(FILE *f)
{
    if (f != NULL && f != stdin)
        fclose(f);
}

int cli_one_key(const char *cmd, const char *key_hex, const char *key_file)
{
    if (key_hex == NULL && key_file == NULL) {
        cli_error("%s: no key given (-K HEX or --key-file FILE)", cmd);
        return EXIT_USAGE;
    }
    if (key_hex != NULL && key_file != NULL) {
        cli_error("%s: give the key once (-K HEX or --key-file FILE, not both)", cmd);
        return EXIT_USAGE;
    }
    return 0;
}

#define CLI_THREADS_MAX 1024u

int cli_threads_arg(const char *val, unsigned *threads)
{
    unsigned long long v = 0;
    if (val != NULL && cli_count_arg("-T", val, 0, CLI_THREADS_MAX, &v) != 0) return EXIT_USAGE;
    *threads = v ? (unsigned)v : karx_cpu_count();
    return 0;
}

int cli_pool_open(unsigned threads, struct karx_pool **pool)
{
    *pool = NULL;
    if (threads <= 1) return 0;
    karx_status st = karx_pool_new(pool, threads);
    if (st != KARX_OK) {
        cli_error("-T %u: cannot start the threads: %s", threads, karx_strerror(st));
        return EXIT_FAIL;
    }
    return 0;
}
