/* karx hash's pieces: its output lines (hash_line.c), the CPU's streamed run (hash_files.c), the
 * batched run (hash_batch.c) and -c (hash_check.c), used by cmd_hash.c; both runs write their
 * lines through hash_line.c. */
#ifndef KARX_CLI_HASH_H
#define KARX_CLI_HASH_H

#include <stdint.h>
#include <stdio.h>

#include "karx/registry.h"

/* ---- hash_line.c ---- */

/* One output line of karx hash: "HEX  NAME", or with tag "LSH-512-256 (NAME) = HEX"; a name
 * holding '\', newline or CR escaped as sha256sum does ("\HEX  a\nb"), so -c reads it back. */
void cli_hash_line(const karx_alg_info *hash, const char *name, const uint8_t *digest, int tag);
/* Writes name, with \\ \n \r escaped when escape is set (the line's leading '\' is the
 * caller's: it comes before the digest). */
void cli_hash_put_name(FILE *to, const char *name, int escape);
/* NULL if name fits a one-line message as it is (no newline or CR); else a fresh escaped copy,
 * '\' + the name with \\ \n \r (NULL too when out of memory). Free with free(). */
char *cli_hash_msg_name(const char *name);

/* ---- hash_files.c: the CPU's streamed hashing ---- */
struct karx_pool;
enum { HASH_FILE_OK, HASH_FILE_OPEN_FAILED, HASH_FILE_READ_FAILED };
/* Hashes the file at path ("-": stdin) into digest (KARX_LSH_MAX_DIGEST_BYTES), reading it with
 * io_flags (io_reader.h). HASH_FILE_OK, or a failure with *err its errno; prints nothing. */
int cli_hash_file(const char *path, const karx_alg_info *hash, uint8_t *digest,
                  unsigned io_flags, int *err);
/* One line "karx: NAME: strerror(err)", the name escaped if it would break the line. */
void cli_hash_name_error(const char *name, int err);
/* Every file hashed (side by side on pool; NULL: one at a time) and its line printed, in
 * argument order; a file that fails gets its one line on stderr and the rest go on. EXIT_OK or
 * EXIT_FAIL. */
int cli_hash_files(char *const *files, int nfiles, const karx_alg_info *hash, int tag,
                   struct karx_pool *pool);

/* ---- hash_check.c: karx hash -c ---- */

/* -c's options, with sha256sum's meaning. */
typedef struct hash_check_opts {
    int quiet, status, strict, warn, ignore_missing;
    const karx_alg_info *alg; /* -a: the variant of every untagged line; NULL: the digest's
                               * length picks it */
} hash_check_opts;
/* Verifies the digests listed in lists[0..nlists) ('-': stdin) as sha256sum -c does: verdicts on
 * stdout, each list's summary and the errors on stderr. EXIT_OK, or EXIT_FAIL if any file
 * mismatched or could not be read, any list was unreadable or had no checksum line (or, per the
 * options, a malformed line or no file verified). */
int cli_hash_check(char *const *lists, int nlists, const hash_check_opts *o);

/* ---- hash_batch.c: karx hash --device gpu|auto ---- */
int cli_hash_batched(char *const *files, int nfiles, const karx_alg_info *hash, int tag,
                     const char *device);

#endif
