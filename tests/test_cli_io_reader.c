/* cli/io_reader.c: a reader thread blocked in read() on a pipe that stays open is stopped
 * (cancelled there) when the caller gives up, instead of waiting for the pipe's writer; and the
 * chunks it handed out are the bytes written, full until the last. An alarm ends a hang. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "io_reader.h"

#define CHUNK ((size_t)1 << 16)

static int fails;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        fails++;
    }
}

static void on_alarm(int sig)
{
    (void)sig;
    static const char m[] = "FAIL: io_reader_stop hung on a reader blocked in read()\n";
    if (write(2, m, sizeof m - 1) < 0) _exit(1);
    _exit(1);
}

static uint8_t byte_at(size_t i)
{
    return (uint8_t)(i * 31 + 7);
}

int main(void)
{
    int fd[2];
    if (pipe(fd) != 0) return 1;
    pid_t child = fork();
    if (child == 0) { /* one chunk and 5 bytes, then the pipe stays open */
        close(fd[0]);
        static uint8_t buf[CHUNK + 5];
        for (size_t i = 0; i < sizeof buf; i++) buf[i] = byte_at(i);
        if (write(fd[1], buf, sizeof buf) != (ssize_t)sizeof buf) _exit(1);
        sleep(60);
        _exit(0);
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "rb");
    io_reader *r;
    check(io_reader_start(&r, f, "pipe", CHUNK, 0) == 0, "start");
    const uint8_t *p;
    size_t n;
    check(io_reader_next(r, &p, &n) == 0 && n == CHUNK, "first chunk full");
    int same = 1;
    for (size_t i = 0; i < n; i++) same &= p[i] == byte_at(i);
    check(same, "first chunk's bytes");
    /* let the thread reach the read() of the second chunk, which waits for the writer */
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    signal(SIGALRM, on_alarm);
    alarm(10);
    io_reader_stop(r); /* returns only if the blocked read was cancelled */
    alarm(0);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    fclose(f);
    printf("test_cli_io_reader: %s\n", fails ? "FAILED" : "ok");
    return fails != 0;
}
