/* Shared pieces of the karx command-line tool. */
#ifndef KARX_CLI_H
#define KARX_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "karx/registry.h"

/* Exit codes: 0 all good, 1 a file or check failed, 2 usage error. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

int cmd_hash(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_bench_gpu(int argc, char **argv); /* karx bench gpu ... */
int cmd_enc(int argc, char **argv);
int cmd_dec(int argc, char **argv);
int cmd_mac(int argc, char **argv);
int cmd_kdf(int argc, char **argv);
int cmd_rand(int argc, char **argv);
int cmd_drbg(int argc, char **argv);
int cmd_selftest(int argc, char **argv); /* cmd_info.c */
int cmd_cavp(int argc, char **argv);     /* cavp/cmd_cavp.c */

/* The exit code for a status the library refused a job with: otherwise (the caller's own
 * choice, e.g. EXIT_USAGE for a bad key length), except for the approved mode's refusals
 * (KARX_ERR_NOT_APPROVED, and KARX_ERR_SELFTEST: the error state), which exit EXIT_FAIL from
 * every command (docs/VALIDATION.md). */
static inline int cli_status_exit(karx_status st, int otherwise)
{
    return st == KARX_ERR_NOT_APPROVED || st == KARX_ERR_SELFTEST ? EXIT_FAIL : otherwise;
}

/* One line "karx: <what>: <why>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void cli_hex(const uint8_t *p, size_t n, char *out); /* out: 2n+1 bytes, lowercase */
int cli_unhex(const char *s, size_t n_chars, uint8_t *out); /* 0 on success */
/* Flushes stdout: 0, or EXIT_FAIL with one line "write error: ..." when a write to it failed. */
int cli_flush_stdout(void);
/* Installs handler (NULL: SIG_DFL) for the n signals sigs[], with an empty mask and no flags. */
void cli_set_signals(const int *sigs, size_t n, void (*handler)(int));

/* Hex string of any even length (0 allowed) into a fresh buffer (*out; NULL when empty, free
 * with cli_free_secret). 0, or EXIT_USAGE / EXIT_FAIL with one line printed naming opt. */
int cli_hex_arg(const char *opt, const char *hex, uint8_t **out, size_t *len);
/* Wipes n bytes of p and frees it (NULL allowed). */
void cli_free_secret(uint8_t *p, size_t n);
/* Decimal count in [min, max]. 0, or EXIT_USAGE with one line printed naming opt. */
int cli_count_arg(const char *opt, const char *s, unsigned long long min, unsigned long long max,
                  unsigned long long *out);
/* Reads all of f into a fresh buffer (*out, *len; a non-NULL buffer even when empty), at most
 * max bytes. 0; EXIT_FAIL with one line printed (name: read error / too large / no memory). */
int cli_read_all(FILE *f, const char *name, size_t max, uint8_t **out, size_t *len);
/* cli_read_all for text: a NUL byte anywhere is refused as soon as it is read ("not a text
 * file"), and the text gets a terminating NUL after its *len bytes. The buffer is never larger
 * than max + 1 bytes (a regular file's is its size + 1). */
int cli_read_text(FILE *f, const char *name, size_t max, char **out, size_t *len);

/* -T / --threads N (val; NULL: not given, which is 0): the threads a command computes on, 0 =
 * every CPU this process may use. 0 with *threads >= 1, or EXIT_USAGE with one line printed. */
int cli_threads_arg(const char *val, unsigned *threads);
/* A karx_pool of threads threads, or NULL for 1 (the serial calls). 0, or EXIT_FAIL with one
 * line printed. Free with karx_pool_free. */
struct karx_pool;
int cli_pool_open(unsigned threads, struct karx_pool **pool);

/* Exactly one of -K HEX and --key-file FILE given (NULL: not given)? 0, or EXIT_USAGE with one
 * line printed. */
int cli_one_key(const char *cmd, const char *key_hex, const char *key_file);

/* main's first call: fills each of descriptors 0, 1, 2 that is closed with one on which reads
 * and writes fail with EBADF, so that no file karx opens takes its number. 0, or EXIT_FAIL
 * (one line printed where stderr is open). */
int cli_std_fds_init(void);
/* 1 when descriptor fd (0, 1 or 2) was closed when karx started. */
int cli_std_fd_closed(int fd);

/* "STATUS: DETAIL" for a failed GPU call (detail: karx_gpu_open_error() or
 * karx_gpu_last_error()), or "STATUS" alone when detail is empty or does not belong to the
 * failure (the approved mode's refusal): never a line ending in ": ". In buf (cap bytes). */
#define CLI_GPU_WHY_MAX 320
const char *cli_gpu_why(karx_status st, const char *detail, char *buf, size_t cap);

/* ---- keys (cli_key.c): one rule for every command that takes one ---- */

/* A command's key options; NULL: not given. */
typedef struct cli_key_opts {
    const char *hex;      /* -K HEX */
    const char *file;     /* --key-file FILE: raw bytes, or "hex:" then hex text */
    const char *hex_file; /* --key-hex-file FILE: hex text */
} cli_key_opts;
/* Exactly one of them given? 0, or EXIT_USAGE with one line printed. */
int cli_key_given(const char *cmd, const cli_key_opts *k);
/* The key, into a fresh buffer (*key, *len; free with cli_free_secret). want: its length in
 * bytes, 0 when any length goes (HMAC). --key-file: the file's raw bytes, exactly want of them;
 * or, when the file starts with "hex:", the hex digits after it (white space around them
 * allowed). --key-hex-file: hex text, "hex:" optional. A --key-file of bare hex digits (no
 * prefix) is refused with a hint. 0; EXIT_USAGE (no key, two, bad content or length) or
 * EXIT_FAIL (unreadable file), one line printed. */
int cli_key_load(const char *cmd, const cli_key_opts *k, size_t want, uint8_t **key, size_t *len);
/* The --help lines of the two key-file options (each starting with spaces to column 2,
 * the description at column col). */
void cli_key_usage(FILE *to, int col);

/* Opens FILE, or stdin for "-"; NULL with errno set on failure (EBADF for "-" when stdin was
 * closed when karx started). */
FILE *cli_open_input(const char *path);
void cli_close_input(FILE *f);

/* ---- the algorithm registry, as the commands use it (cli_alg.c) ---- */

#define CLI_USAGE_WIDTH 96 /* --help lines are wrapped before this column */

/* The next algorithm of kind (with a short name starting with prefix, unless prefix is NULL)
 * at or after registry index *index: 1 with *info filled and *index moved past it, or 0 at the
 * end. for (size_t i = 0; cli_alg_next(kind, NULL, &i, &info);) visits them all in order. */
int cli_alg_next(karx_alg_kind kind, const char *prefix, size_t *index, karx_alg_info *info);
/* Their short names joined by sep, in buf (cut to fit cap). Returns buf. */
const char *cli_alg_names(karx_alg_kind kind, const char *prefix, const char *sep, char *buf,
                          size_t cap);
/* Writes the names separated by spaces, starting at column col, wrapped to CLI_USAGE_WIDTH with
 * indent spaces before each further line, and a newline. */
void cli_put_names(FILE *to, karx_alg_kind kind, const char *prefix, int col, int indent);
/* name as an algorithm of kind (and prefix): 0 with *info, or EXIT_USAGE with one line printed,
 * "NAME: unknown WHAT (every name of the kind)". */
int cli_alg_arg(karx_alg_kind kind, const char *prefix, const char *name, const char *what,
                karx_alg_info *info);
/* Every mode's short name (block modes, AEADs, XTS: karx_mode_get), or with m the short names
 * of the ciphers mode m runs on, joined by sep in buf (cut to fit cap). Returns buf. */
const char *cli_mode_names(const char *sep, char *buf, size_t cap);
const char *cli_mode_ciphers(const karx_mode_info *m, const char *sep, char *buf, size_t cap);
/* The kernel calls of a cipher or hash run now (at the active back end): 1 with *k, or 0 with
 * k->name "?" and lanes 0 (an id without kernels). */
int cli_active_kernel(karx_alg_kind kind, int id, karx_kernel_info *k);

#endif
