/* Descriptors 0, 1 and 2 before karx opens anything (main's first call). A descriptor the caller
 * closed (`karx enc -o OUT <&-`) would otherwise go to the next file karx opens: the temporary
 * output file read back as the input, a JSON file receiving the table meant for stdout. Each
 * closed one is filled with a descriptor that can neither be read nor written (O_PATH), so
 * every read or write on it fails with EBADF as it would have while closed, and the commands
 * that read stdin say so at once (cli_open_input). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static unsigned closed; /* bit fd: descriptor fd was closed at start-up */

/* A descriptor on which read and write fail with EBADF. */
static int placeholder(int fd)
{
#ifdef O_PATH
    (void)fd;
    return open("/", O_PATH);
#else
    return open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY); /* the other direction */
#endif
}

int cli_std_fds_init(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int got = placeholder(fd); /* the lowest free descriptor: fd itself */
        if (got >= 0 && got != fd) {
            int moved = dup2(got, fd);
            close(got);
            got = moved;
        }
        if (got != fd) {
            int e = errno;
            if (fd != STDERR_FILENO && fcntl(STDERR_FILENO, F_GETFD) != -1)
                /* fprintf, not cli_error: this file is below cli_util.c, which asks it
                 * cli_std_fd_closed (no call circle) */
                fprintf(stderr, "karx: descriptor %d is closed and cannot be filled: %s\n", fd,
                        strerror(e));
            return EXIT_FAIL;
        }
        closed |= 1u << fd;
    }
    return 0;
}

int cli_std_fd_closed(int fd)
{
    return fd >= 0 && fd <= 2 && (closed >> fd & 1u);
}
