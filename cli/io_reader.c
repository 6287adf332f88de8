/* Chunked input: a mapped regular file, or a reader thread filling a bounded ring (io_reader.h).
 * KARX_IO=read in the environment turns the mapping off, KARX_IO=plain the thread too: the tests
 * run every path on the same input, and the benchmark compares them. KARX_IO_WINDOW=BYTES makes
 * the mapped windows smaller (at least one chunk), so that a test crosses them. */
#define _GNU_SOURCE
#include "io_reader.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "io_thread.h"
#include "karx/common.h"

void (*volatile io_sigbus_cleanup)(void);

typedef struct {
    uint8_t *data;
    size_t len;
    int err;  /* errno of a read error after these bytes */
    int full; /* filled by the thread, not yet handed back by the caller */
} slot;

struct io_reader {
    int fd;
    size_t chunk;
    unsigned flags;
    /* mapped */
    int mapped;
    uint64_t pos, end;   /* next offset to hand out, the file's size at the start */
    uint8_t *map;        /* the window mapped now */
    size_t map_len;      /* its length (from map_off) */
    uint64_t map_off;    /* its page-aligned file offset */
    size_t window;       /* bytes mapped at a time */
    /* the next window, mapped and populated ahead by a short-lived thread (and the last one
     * unmapped there), so page-table work overlaps the computation on this one */
    struct {
        pthread_t thread;
        int on;              /* a thread runs or has run and waits to be joined */
        uint64_t off;        /* the window it maps */
        size_t len;
        uint8_t *m;          /* its result (NULL: failed; then mapped here as before) */
        uint8_t *old;        /* the window it unmaps first */
        size_t old_len;
    } ahead;
    /* plain and threaded */
    uint8_t *plain;      /* IO_PLAIN's one buffer */
    int done;            /* the caller has seen the end or an error */
    /* threaded */
    slot ring[IO_QUEUE_DEPTH];
    unsigned head, tail; /* the caller's next slot, the thread's next slot */
    int holding;         /* the caller holds ring[head - 1] until its next call */
    int stop, thread_on, sync_on;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

/* ---- reading ---- */

/* Reads up to n bytes, retrying short reads and EINTR: fills buf unless the end comes first.
 * *got: bytes read; returns 0 or errno. */
static int read_full(int fd, uint8_t *buf, size_t n, size_t *got)
{
    size_t have = 0;
    while (have < n) {
        ssize_t k = read(fd, buf + have, n - have);
        if (k > 0) {
            have += (size_t)k;
        } else if (k == 0) {
            break;
        } else if (errno != EINTR) {
            *got = have;
            return errno ? errno : EIO;
        }
    }
    *got = have;
    return 0;
}

/* The reader thread: fills free slots in order until the end, an error or stop. Cancellation is
 * allowed only inside read(), so a thread blocked on an idle pipe can be stopped, never one that
 * holds the lock. */
static void *reader_main(void *arg)
{
    io_reader *r = arg;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    for (;;) {
        pthread_mutex_lock(&r->mu);
        slot *s = &r->ring[r->tail % IO_QUEUE_DEPTH];
        while (!r->stop && s->full)
            pthread_cond_wait(&r->cv, &r->mu);
        int stop = r->stop;
        pthread_mutex_unlock(&r->mu);
        if (stop) break;
        size_t got;
        pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
        int err = read_full(r->fd, s->data, r->chunk, &got);
        pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
        pthread_mutex_lock(&r->mu);
        s->len = got;
        s->err = err;
        s->full = 1;
        r->tail++;
        pthread_cond_broadcast(&r->cv);
        pthread_mutex_unlock(&r->mu);
        if (err || got < r->chunk) break; /* the end: the caller stops at this slot */
    }
    return NULL;
}

static int next_threaded(io_reader *r, const uint8_t **p, size_t *n)
{
    pthread_mutex_lock(&r->mu);
    if (r->holding) { /* the caller is done with the chunk it had: the thread may refill it */
        r->ring[(r->head - 1) % IO_QUEUE_DEPTH].full = 0;
        r->holding = 0;
        pthread_cond_broadcast(&r->cv);
    }
    slot *s = &r->ring[r->head % IO_QUEUE_DEPTH];
    while (!s->full)
        pthread_cond_wait(&r->cv, &r->mu);
    r->head++;
    r->holding = 1;
    pthread_mutex_unlock(&r->mu);
    *p = s->data;
    *n = s->len;
    r->done = s->err || s->len < r->chunk;
    return s->err;
}

static int next_plain(io_reader *r, const uint8_t **p, size_t *n)
{
    int err = read_full(r->fd, r->plain, r->chunk, n);
    *p = r->plain;
    r->done = err || *n < r->chunk;
    return err;
}

/* ---- mapping ---- */

/* The SIGBUS handler is installed while any reader maps a file (pool tasks map several at once);
 * the name is the last one mapped, or "input" once several are. */
static pthread_mutex_t maps_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned maps_live;
static const char *volatile mapped_name;

/* A mapped file that shrank: the page past its end faults. One line, the output's temporary
 * file removed, exit 1 (only async-signal-safe calls here). */
static void on_sigbus(int sig)
{
    (void)sig;
    static const char a[] = "karx: ", b[] = ": read error: the file shrank while it was read\n";
    const char *name = mapped_name ? mapped_name : "input";
    if (write(2, a, sizeof a - 1) < 0 || write(2, name, strlen(name)) < 0 ||
        write(2, b, sizeof b - 1) < 0) {
        /* nothing more to say: the exit status tells */
    }
    void (*cleanup)(void) = io_sigbus_cleanup;
    if (cleanup) cleanup();
    _exit(1);
}

static void unmap(io_reader *r)
{
    if (r->map) munmap(r->map, r->map_len);
    r->map = NULL;
}

/* The window that holds file offset pos: its page-aligned offset and length. */
static void window_at(const io_reader *r, uint64_t pos, uint64_t *off, size_t *len)
{
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    *off = pos - pos % page;
    uint64_t n = r->end - *off;
    *len = (size_t)(n > r->window + page ? r->window + page : n);
}

static void *map_ahead(void *arg)
{
    io_reader *r = arg;
    if (r->ahead.old) munmap(r->ahead.old, r->ahead.old_len);
    void *m = mmap(NULL, r->ahead.len, PROT_READ, MAP_SHARED | MAP_POPULATE, r->fd,
                   (off_t)r->ahead.off);
    r->ahead.m = m == MAP_FAILED ? NULL : m;
    return NULL;
}

/* Joins the thread mapping ahead; its window, if it is not the one wanted, is unmapped. */
static uint8_t *take_ahead(io_reader *r, uint64_t off, size_t len)
{
    if (!r->ahead.on) return NULL;
    pthread_join(r->ahead.thread, NULL);
    r->ahead.on = 0;
    uint8_t *m = r->ahead.m;
    if (m && (r->ahead.off != off || r->ahead.len != len)) {
        munmap(m, r->ahead.len);
        m = NULL;
    }
    return m;
}

/* Starts mapping the window the reads after this one will need (chunks are fixed, so the
 * offset where the current window runs out is known); the thread first unmaps the window the
 * caller has finished with (old; unmapped here when no thread starts). */
static void start_ahead(io_reader *r, uint8_t *old, size_t old_len)
{
    uint64_t p = r->pos;
    while (p < r->end && p + r->chunk <= r->map_off + r->map_len) p += r->chunk;
    if (p < r->end) {
        window_at(r, p, &r->ahead.off, &r->ahead.len);
        r->ahead.old = old;
        r->ahead.old_len = old_len;
        r->ahead.m = NULL;
        r->ahead.on = pthread_create(&r->ahead.thread, NULL, map_ahead, r) == 0;
        if (r->ahead.on) return;
    }
    if (old) munmap(old, old_len);
}

/* Maps the window holding r->pos (taking it from the thread that mapped it ahead when it did),
 * then starts mapping the next one. 0 or errno. */
static int map_window(io_reader *r)
{
    uint64_t off;
    size_t len;
    window_at(r, r->pos, &off, &len);
    uint8_t *m = take_ahead(r, off, len);
    if (m == NULL) {
        unmap(r);
        void *mm = mmap(NULL, len, PROT_READ, MAP_SHARED, r->fd, (off_t)off);
        if (mm == MAP_FAILED) return errno;
        m = mm;
        madvise(m, len, MADV_SEQUENTIAL);
    }
    uint8_t *old = r->map; /* the caller is done with it: unmapped by the next thread */
    size_t old_len = r->map_len;
    r->map = m;
    r->map_off = off;
    r->map_len = len;
    start_ahead(r, old, old_len);
    return 0;
}

static int next_mapped(io_reader *r, const uint8_t **p, size_t *n)
{
    uint64_t left = r->end - r->pos;
    size_t k = left < r->chunk ? (size_t)left : r->chunk;
    if (k && (r->map == NULL || r->pos + k > r->map_off + r->map_len)) {
        int err = map_window(r);
        if (err) {
            r->done = 1;
            *n = 0;
            return err;
        }
    }
    *p = k ? r->map + (r->pos - r->map_off) : (const uint8_t *)"";
    *n = k;
    r->pos += k;
    r->done = k < r->chunk;
    return 0;
}

/* A regular file of at least one chunk from its current offset: mapped (1), or 0 to read. */
static int try_map(io_reader *r, const char *name)
{
    struct stat st;
    off_t off = lseek(r->fd, 0, SEEK_CUR);
    if (off < 0 || fstat(r->fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size - off < (off_t)r->chunk)
        return 0;
    r->pos = (uint64_t)off;
    r->end = (uint64_t)st.st_size;
    if (map_window(r) != 0) return 0; /* e.g. a file system without mmap: read it */
    pthread_mutex_lock(&maps_mu);
    mapped_name = maps_live ? NULL : name;
    if (maps_live++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigbus;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGBUS, &sa, NULL);
    }
    pthread_mutex_unlock(&maps_mu);
    return 1;
}

/* ---- the interface ---- */

static unsigned env_flags(void)
{
    const char *e = getenv("KARX_IO");
    if (e == NULL) return 0;
    if (strcmp(e, "read") == 0) return IO_NO_MAP;
    if (strcmp(e, "plain") == 0) return IO_NO_MAP | IO_PLAIN;
    return 0;
}

static int start_thread(io_reader *r)
{
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->cv, NULL);
    r->sync_on = 1;
    for (int i = 0; i < IO_QUEUE_DEPTH; i++)
        if ((r->ring[i].data = malloc(r->chunk)) == NULL) return ENOMEM;
    r->thread_on = 1;
    int e = pthread_create(&r->thread, NULL, reader_main, r);
    if (e) r->thread_on = 0;
    return e;
}

int io_reader_start(io_reader **out, FILE *f, const char *name, size_t chunk, unsigned flags)
{
    io_reader *r = calloc(1, sizeof *r);
    *out = NULL;
    if (r == NULL) return ENOMEM;
    r->fd = fileno(f);
    r->chunk = chunk;
    r->flags = flags | env_flags();
    const char *w = getenv("KARX_IO_WINDOW");
    r->window = IO_MAP_WINDOW;
    if (w != NULL && strtoull(w, NULL, 10) >= chunk) r->window = (size_t)strtoull(w, NULL, 10);
    int e = 0;
    if (!(r->flags & IO_NO_MAP) && (r->mapped = try_map(r, name)) != 0) {
        /* mapped */
    } else if (r->flags & IO_PLAIN) {
        if ((r->plain = malloc(chunk)) == NULL) e = ENOMEM;
    } else {
        e = start_thread(r);
    }
    if (e) {
        io_reader_stop(r);
        return e;
    }
    *out = r;
    return 0;
}

int io_input_start(io_reader **r, FILE *f, const char *name, size_t chunk, unsigned flags)
{
    int e = io_reader_start(r, f, name, chunk, flags);
    if (e == 0) return 0;
    cli_error("%s: cannot start reading: %s", name, strerror(e));
    return EXIT_FAIL;
}

int io_reader_next(io_reader *r, const uint8_t **p, size_t *n)
{
    if (r->done) { /* as fread: nothing more after the end */
        *p = (const uint8_t *)"";
        *n = 0;
        return 0;
    }
    return r->mapped ? next_mapped(r, p, n) : r->plain ? next_plain(r, p, n)
                                                       : next_threaded(r, p, n);
}

int io_reader_mapped(const io_reader *r)
{
    return r->mapped;
}

void io_reader_stop(io_reader *r)
{
    if (r == NULL) return;
    if (r->thread_on) io_thread_halt(r->thread, &r->mu, &r->cv, &r->stop);
    if (r->sync_on) {
        pthread_mutex_destroy(&r->mu);
        pthread_cond_destroy(&r->cv);
    }
    for (int i = 0; i < IO_QUEUE_DEPTH; i++)
        if (r->ring[i].data) {
            karx_memzero(r->ring[i].data, r->chunk); /* plaintext passes through here */
            free(r->ring[i].data);
        }
    if (r->plain) {
        karx_memzero(r->plain, r->chunk);
        free(r->plain);
    }
    if (r->mapped) {
        uint8_t *m = take_ahead(r, r->ahead.off, r->ahead.len);
        if (m) munmap(m, r->ahead.len);
        unmap(r);
        pthread_mutex_lock(&maps_mu);
        if (--maps_live == 0) {
            signal(SIGBUS, SIG_DFL);
            mapped_name = NULL;
        }
        pthread_mutex_unlock(&maps_mu);
    }
    free(r);
}
