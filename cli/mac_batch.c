/* Groups of small files MACed with the many-message calls (mac_batch.h). The files of a group
 * are cut into slices, one pool task each: a task reads its files whole and MACs them in one
 * batch call, so the reads run in parallel too; results wait in the items and the command
 * prints them in argument order. */
#define _POSIX_C_SOURCE 200809L
#include "mac_batch.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BATCH_FILE_MAX ((size_t)1 << 20) /* larger files are streamed */
#define BATCH_BYTES ((size_t)64 << 20)   /* a group closes past this many bytes */
#define BATCH_TASK_MIN 16                /* files per task at least */

size_t mac_batch_take(char **files, size_t n, mac_item *items, size_t cap)
{
    size_t k = 0, bytes = 0;
    for (; k < n && k < cap && bytes < BATCH_BYTES; k++) {
        struct stat st;
        mac_item *it = &items[k];
        memset(it, 0, sizeof *it);
        it->path = files[k];
        if (strcmp(files[k], "-") == 0)
            continue; /* stdin: streamed */
        if (stat(files[k], &st) != 0) {
            it->batched = 1; /* fails again when read, and is reported in its place */
            continue;
        }
        if (S_ISREG(st.st_mode) && (size_t)st.st_size <= BATCH_FILE_MAX) {
            it->batched = 1;
            bytes += (size_t)st.st_size;
        }
    }
    return k;
}

typedef struct {
    const mac_batcher *b;
    mac_item *items;
    size_t n, per;
    const uint8_t **ins;
    size_t *lens;
    uint8_t **data;
    uint8_t *tags;
} batch_group;

/* The whole of a small file into a fresh buffer; 0 or an errno. A file that grew since its
 * stat is left to the caller to stream (it->batched = 0). */
static int read_whole(mac_item *it, uint8_t **out, size_t *len)
{
    FILE *f = fopen(it->path, "rb");
    if (f == NULL)
        return errno;
    struct stat st;
    size_t size = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) ? (size_t)st.st_size : 0;
    uint8_t *buf = size <= BATCH_FILE_MAX ? malloc(size + 1) : NULL;
    int err = 0;
    size_t got = 0;
    if (size > BATCH_FILE_MAX) {
        it->batched = 0;
    } else if (buf == NULL) {
        err = ENOMEM;
    } else {
        got = fread(buf, 1, size + 1, f); /* one byte more: a file that grew is streamed */
        if (ferror(f))
            err = errno ? errno : EIO;
        else if (got > size)
            it->batched = 0;
    }
    fclose(f);
    if (err != 0 || !it->batched) {
        free(buf);
        return err;
    }
    *out = buf;
    *len = got;
    return 0;
}

static void batch_task(void *arg, size_t t)
{
    batch_group *g = arg;
    const mac_batcher *b = g->b;
    size_t lo = t * g->per, hi = lo + g->per < g->n ? lo + g->per : g->n;
    for (size_t i = lo; i < hi; i++) {
        mac_item *it = &g->items[i];
        g->data[i] = NULL;
        g->lens[i] = 0;
        errno = 0;
        if (it->batched)
            it->err = read_whole(it, &g->data[i], &g->lens[i]);
        g->ins[i] = g->data[i];
    }
    /* Every item of the slice is in the call (one that failed or is streamed as empty): the
     * arrays stay contiguous and those tags are not used. */
    uint8_t *tags = g->tags + lo * b->tag_len;
    if (b->cmac != NULL)
        karx_cmac_many_ctx(b->cmac, tags, b->tag_len, g->ins + lo, g->lens + lo, hi - lo);
    else
        karx_hmac_lsh_many_ctx(b->hmac, tags, b->tag_len, g->ins + lo, g->lens + lo, hi - lo);
    for (size_t i = lo; i < hi; i++) {
        memcpy(g->items[i].tag, tags + (i - lo) * b->tag_len, b->tag_len);
        free(g->data[i]);
    }
}

int mac_batch_group(const mac_batcher *b, mac_item *items, size_t n)
{
    batch_group g = {b, items, n, 0, NULL, NULL, NULL, NULL};
    g.ins = malloc(n * sizeof *g.ins);
    g.lens = malloc(n * sizeof *g.lens);
    g.data = malloc(n * sizeof *g.data);
    g.tags = malloc(n * b->tag_len);
    int rc = -1;
    if (g.ins != NULL && g.lens != NULL && g.data != NULL && g.tags != NULL) {
        /* Several tasks a thread, so that uneven files even out; none below BATCH_TASK_MIN. */
        size_t tasks = b->threads > 1 ? 4 * (size_t)b->threads : 1;
        g.per = (n + tasks - 1) / tasks;
        if (g.per < BATCH_TASK_MIN)
            g.per = BATCH_TASK_MIN;
        karx_pool_run(b->pool, (n + g.per - 1) / g.per, batch_task, &g);
        rc = 0;
    }
    free(g.ins);
    free(g.lens);
    free(g.data);
    free(g.tags);
    return rc;
}
