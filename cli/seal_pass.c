/* The passphrase of karx enc / dec in the sealed format (seal.h): --pass-file FILE, --pass-fd N
 * (all of it, less one trailing "\n" or "\r\n"), or a prompt on the terminal (/dev/tty) with
 * echo off, asked twice when encrypting. An empty passphrase is refused. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"
#include "karx/karx.h"
#include "seal.h"

/* Reads fd to its end into buf (cap bytes): 0 with *len, -1 with errno (EFBIG when longer). */
static int read_fd(int fd, uint8_t *buf, size_t cap, size_t *len)
{
    size_t n = 0;
    for (;;) {
        if (n == cap) {
            uint8_t extra;
            ssize_t k = read(fd, &extra, 1);
            if (k < 0 && errno == EINTR) continue;
            if (k < 0) return -1;
            if (k > 0) {
                errno = EFBIG;
                return -1;
            }
            break;
        }
        ssize_t k = read(fd, buf + n, cap - n);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) return -1;
        if (k == 0) break;
        n += (size_t)k;
    }
    *len = n;
    return 0;
}

static size_t strip_newline(const uint8_t *p, size_t n)
{
    if (n > 0 && p[n - 1] == '\n') n--;
    if (n > 0 && p[n - 1] == '\r' && p[n] == '\n') n--;
    return n;
}

/* ---- the terminal prompt ---- */

static int tty_fd = -1;
static struct termios tty_saved;
static volatile sig_atomic_t tty_echo_off;

static void tty_restore(void)
{
    if (tty_echo_off) tcsetattr(tty_fd, TCSAFLUSH, &tty_saved);
    tty_echo_off = 0;
}

/* A signal while echo is off: echo back on, then the default action. */
static void tty_on_signal(int sig)
{
    tty_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void tty_catch(int on)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP};
    cli_set_signals(sigs, sizeof sigs / sizeof sigs[0], on ? tty_on_signal : NULL);
}

static void tty_puts(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t k = write(tty_fd, s, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return;
        s += k;
        n -= (size_t)k;
    }
}

/* One line from the terminal without echo into buf (cap bytes, the newline dropped). 0 with
 * *len, or -1 with errno (EFBIG: longer than cap). */
static int tty_line(const char *prompt, uint8_t *buf, size_t cap, size_t *len)
{
    struct termios t = tty_saved;
    t.c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK | ECHONL);
    tty_catch(1);
    tty_echo_off = 1;
    int rc = tcsetattr(tty_fd, TCSAFLUSH, &t);
    tty_puts(prompt); /* after echo is off: what is typed once the prompt shows is kept */
    size_t n = 0;
    int e = 0, too_long = 0;
    while (rc == 0) {
        uint8_t c;
        ssize_t k = read(tty_fd, &c, 1);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) {
            e = errno;
            rc = -1;
            break;
        }
        if (k == 0 || c == '\n') break;
        if (n < cap) buf[n++] = c;
        else too_long = 1;
    }
    tty_restore();
    tty_catch(0);
    tty_puts("\n");
    if (rc == 0 && too_long) {
        e = EFBIG;
        rc = -1;
    }
    if (n > 0 && buf[n - 1] == '\r') n--;
    *len = n;
    errno = e;
    return rc;
}

static int prompt(int confirm, uint8_t *buf, size_t cap, size_t *len)
{
    tty_fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (tty_fd < 0 || tcgetattr(tty_fd, &tty_saved) != 0) {
        if (tty_fd >= 0) close(tty_fd);
        tty_fd = -1;
        cli_error("no passphrase: give --pass-file FILE, --pass-fd N, -K HEX or --key-file FILE "
                  "(no terminal to ask on)");
        return EXIT_USAGE;
    }
    int rc = 0;
    uint8_t *again = malloc(cap);
    size_t n2 = 0;
    if (again == NULL) {
        cli_error("passphrase: out of memory");
        rc = EXIT_FAIL;
    } else if (tty_line("Passphrase: ", buf, cap, len) != 0 ||
               (confirm && tty_line("Passphrase again: ", again, cap, &n2) != 0)) {
        cli_error("passphrase: %s", errno == EFBIG ? "longer than 4096 bytes"
                                                   : strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    } else if (confirm && (n2 != *len || karx_memcmp_ct(buf, again, n2) != 0)) {
        cli_error("passphrase: the two entries differ");
        rc = EXIT_FAIL;
    }
    cli_free_secret(again, again ? cap : 0);
    close(tty_fd);
    tty_fd = -1;
    return rc;
}

int seal_get_pass(const char *path, const char *fd_s, int confirm, uint8_t **pass, size_t *len,
                  size_t *cap)
{
    size_t alloc = SEAL_PASS_MAX + 1, n = 0;
    uint8_t *buf = malloc(alloc);
    int rc = 0;
    *pass = NULL;
    *len = *cap = 0;
    if (buf == NULL) {
        cli_error("passphrase: out of memory");
        return EXIT_FAIL;
    }
    if (path != NULL || fd_s != NULL) {
        const char *name = path ? path : "--pass-fd";
        int fd = -1;
        if (path) {
            fd = open(path, O_RDONLY | O_CLOEXEC);
        } else {
            unsigned long long v;
            if ((rc = cli_count_arg("--pass-fd", fd_s, 0, 1048576, &v)) != 0) goto done;
            fd = (int)v;
        }
        if (fd < 0 || read_fd(fd, buf, SEAL_PASS_MAX, &n) != 0) {
            cli_error("%s: %s", name, errno == EFBIG ? "passphrase longer than 4096 bytes"
                                                     : strerror(errno ? errno : EIO));
            rc = EXIT_FAIL;
        }
        if (path && fd >= 0) close(fd);
        buf[n] = '\0';
        n = strip_newline(buf, n);
    } else {
        rc = prompt(confirm, buf, SEAL_PASS_MAX, &n);
    }
    if (rc == 0 && n == 0) {
        cli_error("%s: empty passphrase", path ? path : fd_s ? "--pass-fd" : "passphrase");
        rc = EXIT_USAGE;
    }
done:
    if (rc) {
        cli_free_secret(buf, alloc);
        return rc;
    }
    *pass = buf;
    *len = n;
    *cap = alloc;
    return 0;
}
