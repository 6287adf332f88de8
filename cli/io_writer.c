/* The writer thread and its ring of buffers (io_writer.h). */
#define _GNU_SOURCE
#include "io_writer.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "io_thread.h"
#include "karx/common.h"

enum { SLOT_FREE, SLOT_FILLING, SLOT_QUEUED };

struct io_writer {
    int fd;
    size_t cap;
    uint8_t *buf[IO_WRITER_DEPTH];
    size_t len[IO_WRITER_DEPTH];
    int state[IO_WRITER_DEPTH];
    unsigned head, tail; /* the caller's next slot, the thread's next slot */
    int err;             /* the first write error */
    int stop, thread_on;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

/* All of p, retrying short writes and EINTR. 0 or errno. */
static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return k < 0 && errno ? errno : EIO;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Writes queued slots in order. Cancellation only inside write(): never with the lock held. */
static void *writer_main(void *arg)
{
    io_writer *w = arg;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    pthread_mutex_lock(&w->mu);
    for (;;) {
        unsigned i = w->tail % IO_WRITER_DEPTH;
        while (!w->stop && w->state[i] != SLOT_QUEUED)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->stop) break;
        int failed = w->err;
        pthread_mutex_unlock(&w->mu);
        int e = 0;
        if (!failed) { /* after an error the rest is dropped */
            pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
            e = write_all(w->fd, w->buf[i], w->len[i]);
            pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
        }
        pthread_mutex_lock(&w->mu);
        if (e && !w->err) w->err = e;
        w->state[i] = SLOT_FREE;
        w->tail++;
        pthread_cond_broadcast(&w->cv);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

int io_writer_start(io_writer **out, int fd, size_t cap)
{
    io_writer *w = calloc(1, sizeof *w);
    *out = NULL;
    if (w == NULL) return ENOMEM;
    w->fd = fd;
    w->cap = cap;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    int e = 0;
    for (int i = 0; i < IO_WRITER_DEPTH && e == 0; i++)
        if ((w->buf[i] = malloc(cap)) == NULL) e = ENOMEM;
    if (e == 0 && (e = pthread_create(&w->thread, NULL, writer_main, w)) == 0) w->thread_on = 1;
    if (e) {
        io_writer_stop(w);
        return e;
    }
    *out = w;
    return 0;
}

uint8_t *io_writer_buf(io_writer *w)
{
    unsigned i = w->head % IO_WRITER_DEPTH;
    pthread_mutex_lock(&w->mu);
    while (w->state[i] != SLOT_FREE)
        pthread_cond_wait(&w->cv, &w->mu);
    w->state[i] = SLOT_FILLING;
    pthread_mutex_unlock(&w->mu);
    return w->buf[i];
}

int io_writer_put(io_writer *w, size_t n)
{
    unsigned i = w->head % IO_WRITER_DEPTH;
    pthread_mutex_lock(&w->mu);
    w->len[i] = n;
    w->state[i] = SLOT_QUEUED;
    w->head++;
    pthread_cond_broadcast(&w->cv);
    int e = w->err;
    pthread_mutex_unlock(&w->mu);
    return e;
}

int io_writer_drain(io_writer *w)
{
    pthread_mutex_lock(&w->mu);
    while (w->tail != w->head)
        pthread_cond_wait(&w->cv, &w->mu);
    int e = w->err;
    pthread_mutex_unlock(&w->mu);
    return e;
}

int io_writer_write(io_writer *w, const uint8_t *p, size_t n)
{
    int e = io_writer_drain(w);
    if (e == 0 && (e = write_all(w->fd, p, n)) != 0) {
        pthread_mutex_lock(&w->mu);
        w->err = e;
        pthread_mutex_unlock(&w->mu);
    }
    return e;
}

void io_writer_stop(io_writer *w)
{
    if (w == NULL) return;
    if (w->thread_on) io_thread_halt(w->thread, &w->mu, &w->cv, &w->stop);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    for (int i = 0; i < IO_WRITER_DEPTH; i++)
        if (w->buf[i]) {
            karx_memzero(w->buf[i], w->cap); /* decrypted plaintext passes through here */
            free(w->buf[i]);
        }
    free(w);
}
