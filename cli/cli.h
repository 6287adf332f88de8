/* Shared pieces of the karx command-line tool. */
#ifndef KARX_CLI_H
#define KARX_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* karx hash --device gpu|auto (hash_batch.c). */
#include "karx/lsh.h"
int cli_hash_batched(char *const *files, int nfiles, karx_lsh_alg alg, int tag, const char *device);
/* One output line of karx hash: "HEX  NAME", or with tag "LSH-512-256 (NAME) = HEX"; a name
 * holding '\', newline or CR escaped as sha256sum does ("\HEX  a\nb"), so -c reads it back. */
void cli_hash_line(karx_lsh_alg alg, const char *name, const uint8_t *digest, int tag);
/* NULL if name fits a one-line message as it is (no newline or CR); else a fresh escaped copy,
 * '\' + the name with \\ \n \r (NULL too when out of memory). Free with free(). */
char *cli_hash_msg_name(const char *name);

/* One line "karx: <what>: <why>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void cli_hex(const uint8_t *p, size_t n, char *out); /* out: 2n+1 bytes, lowercase */
int cli_unhex(const char *s, size_t n_chars, uint8_t *out); /* 0 on success */

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

/* Opens FILE, or stdin for "-"; NULL with errno set on failure. */
FILE *cli_open_input(const char *path);
void cli_close_input(FILE *f);

/* The kernel table (name, lanes) a cipher runs on the active back end: the library's internal
 * dispatch, so `karx info` and `karx bench` show what really runs. */
struct karx_block_kernels;
const struct karx_block_kernels *cli_cipher_kernels(int alg);

#endif
