/* Pieces shared by karx enc / dec (cmd_enc.c), its AEAD modes (enc_aead.c), XTS (enc_xts.c) and
 * the output file (out_file.c). */
#ifndef KARX_CLI_ENC_H
#define KARX_CLI_ENC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "karx/aead.h"
#include "karx/cipher.h"
#include "karx/pool.h"

#define ENC_CHUNK ((size_t)1 << 20) /* bytes read and written per step */
#define ENC_OUT_CAP (ENC_CHUNK + 64) /* an output buffer: a chunk and what a mode adds to it */

struct io_writer;

/* ---- the output (out_file.c) ----
 * "-" is stdout. A regular file (existing or new, reached through any chain of symbolic links
 * the kernel would follow: fs.protected_symlinks refuses another user's link in a sticky
 * world-writable folder, EACCES) is written to a temporary file beside the link's final target and renamed onto that target
 * only by enc_output_commit: a failed run leaves no partial output, the target keeps its content,
 * its mode, owner and group (where the process may set them), and the links stay links. Any
 * other existing file (a device, a FIFO) is written directly, like stdout. */
typedef struct enc_output {
    FILE *f;
    struct io_writer *w; /* the writer thread: every byte goes out through it */
    int reported;        /* the write error's line is printed */
    const char *name; /* OUT as given, or "stdout" */
    char *target;     /* OUT with its symbolic links resolved, when a temporary file is used */
    char *tmp;        /* the temporary file beside target, while it exists */
} enc_output;

/* 0, or EXIT_FAIL with one line printed. */
int enc_output_open(enc_output *o, const char *path);
/* 1 if nothing reaches the output before enc_output_commit (a temporary file). */
int enc_output_atomic(const enc_output *o);
int enc_output_write(enc_output *o, const uint8_t *p, size_t n);
/* The buffer (ENC_OUT_CAP bytes) to compute the next output into, then enc_output_put(n) to
 * have its first n bytes written by the writer thread while the caller goes on: 0, or
 * EXIT_FAIL with one line printed for a write error seen so far. */
uint8_t *enc_output_buf(enc_output *o);
int enc_output_put(enc_output *o, size_t n);
/* Flushes; for a temporary file, closes it and renames it onto the target. 0 or EXIT_FAIL. */
int enc_output_commit(enc_output *o);
/* After a failure: removes the temporary file (closes a direct file). */
void enc_output_abort(enc_output *o);

/* The size of a regular file open as f: 1 and *size, or 0 (a pipe, a terminal, a device). */
int enc_input_size(FILE *f, uint64_t *size);

/* ---- GCM / CCM (enc_aead.c) ---- */
typedef struct enc_aead_job {
    int encrypt;
    karx_aead_alg mode;
    karx_cipher_alg alg;
    const uint8_t *key;
    size_t key_len;
    const char *iv_hex, *aad_hex, *tag_len_s, *in_path, *out_path;
    karx_pool *pool; /* -T; NULL: one thread */
} enc_aead_job;

/* 0, or an exit code with one line printed. Everything secret is wiped before it returns. */
int enc_run_aead(const enc_aead_job *a);

/* ---- XTS (enc_xts.c) ---- */
typedef struct enc_xts_job {
    int encrypt;
    karx_cipher_alg alg;
    const uint8_t *key;  /* data key || tweak key */
    size_t key_len;      /* both halves */
    const char *key_src; /* "-K" or the key file, for messages */
    const char *iv_hex, *sector_s, *in_path, *out_path;
    karx_pool *pool; /* -T; NULL: one thread */
} enc_xts_job;

/* 0, or an exit code with one line printed. Everything secret is wiped before it returns. */
int enc_run_xts(const enc_xts_job *x);

#endif
