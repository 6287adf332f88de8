/* karx hash's pieces: its output lines (hash_line.c) and the batched run (hash_batch.c), both
 * used by cmd_hash.c; hash_batch.c writes its lines through hash_line.c. */
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

/* ---- hash_batch.c: karx hash --device gpu|auto ---- */
int cli_hash_batched(char *const *files, int nfiles, const karx_alg_info *hash, int tag,
                     const char *device);

#endif
