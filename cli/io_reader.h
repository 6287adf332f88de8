/* The input side of the streaming commands (karx enc / dec, karx hash): hands out an open file's
 * bytes in chunks, so that reading overlaps the computation.
 *
 *  - A regular file of at least one chunk is mapped (mmap, windows of IO_MAP_WINDOW bytes,
 *    unmapped behind): the computation reads the page cache directly, with no copy (b3sum's
 *    choice). A failed mmap falls back to the reader thread.
 *  - Anything else (a pipe, a terminal, a device, a small file) is read by a reader thread into a
 *    bounded ring of IO_QUEUE_DEPTH buffers of one chunk each, while the caller computes on the
 *    chunk before: constant memory whatever the input size.
 *  - IO_PLAIN reads in the caller's thread (no thread, no mapping): for callers that are
 *    themselves one of many parallel workers.
 *
 * Every chunk is full (chunk bytes) except the last one, as fread gives them. */
#ifndef KARX_CLI_IO_READER_H
#define KARX_CLI_IO_READER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define IO_QUEUE_DEPTH 4                 /* the reader thread's buffers */
#define IO_MAP_WINDOW ((size_t)8 << 20) /* bytes mapped at a time; up to three are mapped (done, current, next) */

enum {
    IO_PLAIN = 1, /* no thread: read() in the caller */
    IO_NO_MAP = 2 /* never mmap */
};

typedef struct io_reader io_reader;

/* Starts reading f (from its current offset) in chunks of chunk bytes. name: for the message of
 * a file that shrinks while mapped. 0, or an errno value (out of memory, no thread). */
int io_reader_start(io_reader **r, FILE *f, const char *name, size_t chunk, unsigned flags);

/* io_reader_start for a command: 0, or EXIT_FAIL with one line "NAME: why" printed. */
int io_input_start(io_reader **r, FILE *f, const char *name, size_t chunk, unsigned flags);

/* The next chunk: *p and *n (n < chunk only for the last one; 0 at the end). The bytes stay
 * valid and unchanged until the next call; they may be read-only (a mapping). Returns 0, or the
 * errno value of a read error once every byte before it was handed out. */
int io_reader_next(io_reader *r, const uint8_t **p, size_t *n);

/* Stops the thread (also one blocked in read), unmaps, wipes and frees. NULL allowed. */
void io_reader_stop(io_reader *r);

/* Whether r maps its file (for the benchmark notes and tests: KARX_IO=read forces reading). */
int io_reader_mapped(const io_reader *r);

/* Run (from the SIGBUS handler, so async-signal-safe) before the process exits when a mapped
 * file shrank under us: out_file.c sets it to remove its temporary file. */
extern void (*volatile io_sigbus_cleanup)(void);

#endif
