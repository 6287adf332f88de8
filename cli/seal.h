/* The karx sealed-file format, v1 (docs/FORMAT.md): what karx enc / dec do when no -m is given.
 * A header (magic, version, cipher, KDF and its parameters, salt, nonce prefix, chunk size, and
 * an HMAC over all of it under a key derived from the file key), then the plaintext in 64 KiB
 * chunks, each sealed with GCM under a per-file key and a nonce prefix || counter || last-flag
 * (the STREAM construction). seal.c writes and reads the format; seal_pass.c gets the
 * passphrase. */
#ifndef KARX_CLI_SEAL_H
#define KARX_CLI_SEAL_H

#include <stddef.h>
#include <stdint.h>

#include "karx/pool.h"

#define SEAL_MAGIC "karxseal"
#define SEAL_VERSION 1
#define SEAL_BODY_BYTES 56   /* the header before its tag */
#define SEAL_TAG_BYTES 32    /* HMAC-LSH-256-256 of the body */
#define SEAL_HEADER_BYTES (SEAL_BODY_BYTES + SEAL_TAG_BYTES)
#define SEAL_SALT_BYTES 32
#define SEAL_PREFIX_BYTES 7
#define SEAL_CHUNK_LOG2 16
#define SEAL_CHUNK ((size_t)1 << SEAL_CHUNK_LOG2) /* plaintext bytes of every chunk but the last */
#define SEAL_GCM_TAG 16
#define SEAL_KEY_BYTES 32    /* a raw key (-K / --key-file), and the PBKDF2 output */
#define SEAL_ITER_CAP 16777216u /* dec refuses more PBKDF2 iterations unless --iter-max */
#define SEAL_PASS_MAX 4096   /* the longest passphrase read */

/* Cipher ids of the header. */
enum { SEAL_LEA256 = 1, SEAL_LEA128 = 2, SEAL_CHAM128_256 = 3, SEAL_CHAM128_128 = 4 };
/* KDF ids of the header. */
enum { SEAL_KDF_RAW = 0, SEAL_KDF_PBKDF2 = 1 };

typedef struct seal_job {
    int encrypt;
    int cipher;               /* SEAL_LEA256 .. (enc; dec reads it from the header) */
    const uint8_t *key;       /* a raw SEAL_KEY_BYTES key, or NULL: */
    const uint8_t *pass;      /* the passphrase (pass_len bytes) */
    size_t pass_len;
    uint32_t iter;            /* enc: PBKDF2 iterations, 0 = calibrated to about half a second */
    uint32_t iter_max;        /* dec: the most iterations a header may ask for */
    const char *in_path, *out_path;
    karx_pool *pool;          /* -T; NULL: one thread. The output is the same for any pool. */
    /* Tests only (tests/seal/seal_fixed.c; the karx command leaves them NULL): the salt and the
     * nonce prefix instead of the DRBG's. */
    const uint8_t *fixed_salt, *fixed_prefix;
} seal_job;

/* The cipher id of a -c name (lea256, lea128, cham128-256, cham128-128 and their registry
 * spellings), 0 if the format has no such cipher. */
int seal_cipher_id(const char *name);
/* The names the format takes, for messages. */
const char *seal_cipher_names(void);

/* Seals or opens in_path into out_path (enc_output: a temporary file renamed on success).
 * 0, or an exit code with one line printed. Everything secret is wiped before it returns. */
int seal_run(const seal_job *j);

/* ---- the passphrase (seal_pass.c) ---- */
/* From --pass-file (path), --pass-fd (fd_s), or else a prompt on /dev/tty without echo (asked
 * twice when confirm). A fresh buffer in *pass (*len bytes; free with cli_free_secret(*pass,
 * *cap)). 0, or an exit code with one line printed. */
int seal_get_pass(const char *path, const char *fd_s, int confirm, uint8_t **pass, size_t *len,
                  size_t *cap);

#endif
