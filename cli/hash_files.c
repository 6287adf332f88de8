/* karx hash on the CPU: one file streamed through the chunked reader (io_reader.c), and many
 * files hashed side by side on a karx_pool (-T), their lines printed in argument order.
 *
 * LSH is serial within one message, so a single file uses one thread whatever -T says; what
 * the pool parallelizes is files. They go in windows of HASH_WINDOW_PER_THREAD files per thread:
 * each window is hashed on the pool, then its lines (and the one-line messages of the files
 * that failed) are printed in order, so memory stays bounded by the window, not the list. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hash.h"
#include "io_reader.h"
#include "karx/karx.h"
#include "karx/pool.h"

#define HASH_CHUNK ((size_t)1 << 20)
#define HASH_WINDOW_PER_THREAD 4

int cli_hash_file(const char *path, const karx_alg_info *h, uint8_t *digest, unsigned io_flags,
                  int *err)
{
    FILE *f = cli_open_input(path);
    *err = 0;
    if (f == NULL) {
        *err = errno;
        return HASH_FILE_OPEN_FAILED;
    }
    io_reader *r;
    int e = io_reader_start(&r, f, path, HASH_CHUNK, io_flags);
    if (e == 0) {
        karx_lsh_ctx ctx;
        const uint8_t *p;
        size_t n;
        karx_lsh_init(&ctx, (karx_lsh_alg)h->id);
        while ((e = io_reader_next(r, &p, &n)) == 0 && n > 0)
            karx_lsh_update(&ctx, p, n);
        if (e == 0) karx_lsh_final(&ctx, digest, KARX_LSH_MAX_DIGEST_BYTES);
        karx_memzero(&ctx, sizeof ctx);
        io_reader_stop(r);
    }
    cli_close_input(f);
    *err = e;
    return e ? HASH_FILE_READ_FAILED : HASH_FILE_OK;
}

void cli_hash_name_error(const char *name, int err)
{
    char *esc = cli_hash_msg_name(name);
    cli_error("%s: %s", esc ? esc : name, strerror(err ? err : EIO));
    free(esc);
}

/* One window of files on the pool. */
typedef struct {
    char *const *files;
    const karx_alg_info *h;
    uint8_t (*digest)[KARX_LSH_MAX_DIGEST_BYTES];
    int *status, *err;
} window;

static void hash_one(void *arg, size_t i)
{
    window *w = arg;
    /* a pool thread is one of many workers: no reader thread of its own */
    w->status[i] = cli_hash_file(w->files[i], w->h, w->digest[i], IO_PLAIN, &w->err[i]);
}

int cli_hash_files(char *const *files, int nfiles, const karx_alg_info *h, int tag,
                   karx_pool *pool)
{
    /* one thread: one file at a time, each with its own reader thread */
    size_t cap = pool ? (size_t)HASH_WINDOW_PER_THREAD * karx_pool_threads(pool) : 1;
    window w = {files, h, malloc(cap * sizeof *w.digest), malloc(cap * sizeof(int)),
                malloc(cap * sizeof(int))};
    int rc = EXIT_OK;
    if (w.digest == NULL || w.status == NULL || w.err == NULL) {
        cli_error("out of memory");
        rc = EXIT_FAIL;
        nfiles = 0;
    }
    for (size_t at = 0; at < (size_t)nfiles;) {
        size_t n = (size_t)nfiles - at < cap ? (size_t)nfiles - at : cap;
        w.files = files + at;
        if (n == 1) /* alone: the file's own reader thread overlaps reading with hashing */
            w.status[0] = cli_hash_file(files[at], h, w.digest[0], 0, &w.err[0]);
        else if (karx_pool_run(pool, n, hash_one, &w) != KARX_OK)
            for (size_t i = 0; i < n; i++) hash_one(&w, i);
        for (size_t i = 0; i < n; i++) {
            if (w.status[i] == HASH_FILE_OK) {
                cli_hash_line(h, files[at + i], w.digest[i], tag);
            } else {
                cli_hash_name_error(files[at + i], w.err[i]);
                rc = EXIT_FAIL;
            }
        }
        at += n;
    }
    free(w.digest);
    free(w.status);
    free(w.err);
    return rc;
}
