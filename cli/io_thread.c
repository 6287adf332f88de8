/* Stopping an I/O thread (io_thread.h). */
#include "io_thread.h"

void io_thread_halt(pthread_t thread, pthread_mutex_t *mu, pthread_cond_t *cv, int *stop)
{
    pthread_mutex_lock(mu);
    *stop = 1;
    pthread_cond_broadcast(cv);
    pthread_mutex_unlock(mu);
    pthread_cancel(thread); /* acts only if it is blocked in read() / write() */
    pthread_join(thread, NULL);
}
