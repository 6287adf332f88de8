/* karx hash --device gpu|auto: many files hashed as one batch (one message per GPU thread, or the
 * CPU's multi-buffer lanes when --device auto finds no GPU). Files are read whole and collected
 * into batches of up to BATCH_BYTES; digests come out in the order the files were named. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hash.h"
#include "karx/gpu.h"
#include "karx/karx.h"

#define BATCH_BYTES ((size_t)256 << 20)
#define BATCH_FILES 65536u

struct batch {
    uint8_t *buf;
    size_t len, cap;
    size_t *offs;        /* nfiles + 1 */
    const char **names;
    size_t nfiles;
};

/* Hashes and prints the batch; 0, or EXIT_FAIL with one line printed. */
static int flush(struct batch *b, karx_gpu *g, const karx_alg_info *h, int tag)
{
    if (!b->nfiles)
        return 0;
    size_t d = h->output_bytes;
    const int lsh256 = h->block_bytes == KARX_LSH256_BLOCK_BYTES;
    uint8_t *out = malloc(b->nfiles * d);
    if (!out) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    karx_status st;
    if (g) {
        st = lsh256 ? karx_gpu_lsh256_many_offsets(g, out, d, b->buf, b->offs, b->nfiles)
                    : karx_gpu_lsh512_many_offsets(g, out, d, b->buf, b->offs, b->nfiles);
    } else {
        st = lsh256 ? karx_lsh256_many_offsets(out, d, b->buf, b->offs, b->nfiles)
                    : karx_lsh512_many_offsets(out, d, b->buf, b->offs, b->nfiles);
    }
    if (st != KARX_OK) {
        char why[CLI_GPU_WHY_MAX];
        cli_error("batch of %zu files: %s", b->nfiles,
                  cli_gpu_why(st, g ? karx_gpu_last_error(g) : NULL, why, sizeof why));
        free(out);
        return EXIT_FAIL;
    }
    for (size_t i = 0; i < b->nfiles; i++)
        cli_hash_line(h, b->names[i], out + i * d, tag);
    free(out);
    b->len = 0;
    b->nfiles = 0;
    b->offs[0] = 0;
    return 0;
}

/* Appends one whole file; 0, 1 (this file failed, message printed), or -1 (out of memory:
 * stop). */
static int add_file(struct batch *b, const char *path)
{
    char *esc = cli_hash_msg_name(path); /* a name with a line break, for one-line messages */
    const char *shown = esc ? esc : path;
    FILE *f = cli_open_input(path);
    if (!f) {
        cli_error("%s: %s", shown, strerror(errno));
        free(esc);
        return 1;
    }
    uint8_t *data = NULL;
    size_t len = 0;
    int rc = cli_read_all(f, shown, KARX_GPU_MAX_MSG_BYTES, &data, &len);
    cli_close_input(f);
    free(esc);
    if (rc)
        return 1;
    if (b->len + len > b->cap) {
        size_t cap = b->cap ? b->cap : (size_t)1 << 20;
        while (cap < b->len + len)
            cap *= 2;
        uint8_t *nb = realloc(b->buf, cap);
        if (!nb) {
            free(data);
            cli_error("out of memory");
            return -1;
        }
        b->buf = nb;
        b->cap = cap;
    }
    if (len) /* an empty first file leaves buf NULL */
        memcpy(b->buf + b->len, data, len);
    free(data);
    b->len += len;
    b->names[b->nfiles++] = path;
    b->offs[b->nfiles] = b->len;
    return 0;
}

int cli_hash_batched(char *const *files, int nfiles, const karx_alg_info *h, int tag,
                     const char *device)
{
    karx_gpu *g = NULL;
    karx_status st = karx_gpu_open(&g, 0);
    if (st != KARX_OK) {
        if (!strcmp(device, "gpu")) {
            char why[CLI_GPU_WHY_MAX];
            cli_error("--device gpu: %s", cli_gpu_why(st, karx_gpu_open_error(), why, sizeof why));
            return EXIT_FAIL;
        }
        g = NULL; /* auto: the CPU's multi-buffer batch */
    }
    struct batch b = {0};
    b.offs = calloc(BATCH_FILES + 1, sizeof *b.offs);
    b.names = calloc(BATCH_FILES, sizeof *b.names);
    int rc = EXIT_OK;
    if (!b.offs || !b.names) {
        cli_error("out of memory");
        rc = EXIT_FAIL;
        nfiles = 0;
    }
    for (int i = 0; i < nfiles; i++) {
        int r = add_file(&b, files[i]);
        if (r < 0) {
            rc = EXIT_FAIL;
            break;
        }
        if (r)
            rc = EXIT_FAIL;
        if ((b.len >= BATCH_BYTES || b.nfiles == BATCH_FILES) && flush(&b, g, h, tag)) {
            rc = EXIT_FAIL;
            break;
        }
    }
    if (b.offs && flush(&b, g, h, tag))
        rc = EXIT_FAIL;
    free(b.buf);
    free(b.offs);
    free(b.names);
    karx_gpu_close(g);
    return rc;
}
