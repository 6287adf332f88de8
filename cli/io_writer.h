/* The output side of karx enc / dec: a writer thread that writes a bounded ring of buffers to a
 * file descriptor while the caller computes the next one, so that a write into a pipe or a file
 * (a copy into the kernel, or a wait on the reader) does not hold up the computation.
 *
 * The caller takes a buffer (io_writer_buf), computes into it and queues it (io_writer_put);
 * buffers are written in the order queued. Bytes from anywhere else go out with io_writer_write,
 * after everything queued before them. The first write error is kept; later bytes are dropped. */
#ifndef KARX_CLI_IO_WRITER_H
#define KARX_CLI_IO_WRITER_H

#include <stddef.h>
#include <stdint.h>

#define IO_WRITER_DEPTH 3 /* buffers: one being filled, up to two queued or being written */

typedef struct io_writer io_writer;

/* A writer thread for fd with buffers of cap bytes. 0 or an errno value. */
int io_writer_start(io_writer **w, int fd, size_t cap);
/* The next free buffer (cap bytes), waiting for one to be written if need be. */
uint8_t *io_writer_buf(io_writer *w);
/* Queues the first n bytes of the buffer io_writer_buf gave last. Returns the first write error
 * seen so far (0 if none): the bytes may still be unwritten. */
int io_writer_put(io_writer *w, size_t n);
/* Writes n bytes of p (not a ring buffer) in the caller, after the queue drained. 0 or errno. */
int io_writer_write(io_writer *w, const uint8_t *p, size_t n);
/* Waits until everything queued is written. 0 or the first write error's errno. */
int io_writer_drain(io_writer *w);
/* Stops the thread (also one blocked in write: queued bytes may be lost), wipes and frees the
 * buffers. NULL allowed. */
void io_writer_stop(io_writer *w);

#endif
