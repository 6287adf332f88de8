/* What the reader thread (io_reader.c) and the writer thread (io_writer.c) share: each allows
 * cancellation only inside its read() / write(), so that one blocked on an idle pipe can be
 * stopped, and never while it holds its lock. */
#ifndef KARX_CLI_IO_THREAD_H
#define KARX_CLI_IO_THREAD_H

#include <pthread.h>

/* Sets *stop under mu, wakes the thread (cv), cancels it in case it is blocked in its system
 * call, and joins it. */
void io_thread_halt(pthread_t thread, pthread_mutex_t *mu, pthread_cond_t *cv, int *stop);

#endif
