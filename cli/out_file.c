/* The output of karx enc / dec (-o OUT) and of karx cavp (FILE.rsp): a temporary file beside
 * OUT's final target, renamed onto it only when everything succeeded, with the replaced file's
 * mode, owner and group; removed on failure and on a fatal signal. OUT's symbolic links are
 * followed only where the kernel would follow them (fs.protected_symlinks). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "enc.h"
#include "io_reader.h"
#include "io_writer.h"

#define LINK_HOPS_MAX 40 /* as the kernel's own limit on a path's symbolic links */

static char *volatile tmp_live; /* path of the temporary file while it exists */

static void on_signal(int sig)
{
    char *p = tmp_live;
    if (p) unlink(p);
    /* the signal is blocked while we run; with the default action back it ends the process
     * as soon as the handler returns */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* A mapped input that shrank (io_reader.c's SIGBUS handler): no partial output left. */
static void unlink_live(void)
{
    char *p = tmp_live;
    if (p) unlink(p);
}

static void catch_signals(int on)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    cli_set_signals(sigs, sizeof sigs / sizeof sigs[0], on ? on_signal : NULL);
}

/* Length of the folder part of path, with its '/' (0 without one). */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* fs.protected_symlinks, as the kernel applies it to every open: on (the Debian and Ubuntu
 * default) unless the file says 0; on when it cannot be read (no /proc: the strict side). */
static int protected_symlinks(void)
{
    FILE *f = fopen("/proc/sys/fs/protected_symlinks", "re");
    int v = 1;
    if (f != NULL) {
        if (fscanf(f, "%d", &v) != 1)
            v = 1;
        fclose(f);
    }
    return v != 0;
}

/* The kernel's rule for following a symbolic link (fs.protected_symlinks=1): a link in a sticky
 * world-writable folder is followed only by its owner, or when the folder's owner owns it too.
 * Otherwise the shell's '>' gets EACCES; renaming onto the link's target by hand would bypass it
 * (a link another user planted in /tmp making root replace /root/victim). */
static int may_follow(const struct stat *dir, const struct stat *link)
{
    if ((dir->st_mode & (S_ISVTX | S_IWOTH)) != (S_ISVTX | S_IWOTH))
        return 1;
    return link->st_uid == geteuid() || link->st_uid == dir->st_uid;
}

/* The link p (dl: the length of its folder part), read and checked against the kernel's rule
 * on one and the same inode (held open, so it cannot be swapped between the check and the
 * read): its target in buf (cap bytes) and 1; 0 when p is no longer a link; -1 with errno set
 * (EACCES: the rule refuses it). */
static int read_link_checked(const char *p, size_t dl, char *buf, size_t cap)
{
    char *dir = strndup(p, dl);
    if (dir == NULL)
        return -1;
    int dfd = open(dl ? dir : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    free(dir);
    if (dfd < 0)
        return -1;
    int lfd = openat(dfd, p + dl, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    struct stat ds, ls;
    int rc = -1;
    if (lfd >= 0 && fstat(dfd, &ds) == 0 && fstat(lfd, &ls) == 0) {
        if (!S_ISLNK(ls.st_mode)) {
            rc = 0;
        } else if (protected_symlinks() && !may_follow(&ds, &ls)) {
            errno = EACCES;
        } else {
            ssize_t n = readlinkat(lfd, "", buf, cap - 1);
            if (n >= 0) {
                buf[n] = '\0';
                rc = 1;
            }
        }
    }
    int e = errno;
    if (lfd >= 0) close(lfd);
    close(dfd);
    errno = e;
    return rc;
}

/* path with every symbolic link of its last component followed (a relative link is relative to
 * the link's folder), each one only where the kernel would follow it: a fresh string naming a
 * file or nothing (a dangling link's target). NULL with errno set (ELOOP after LINK_HOPS_MAX
 * links, EACCES for a link the kernel's protected_symlinks rule refuses, ENOMEM, or lstat's
 * error). */
static char *resolve_links(const char *path)
{
    char *p = strdup(path);
    for (int hops = 0; p != NULL; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0)
            return errno == ENOENT ? p : (free(p), NULL);
        if (!S_ISLNK(st.st_mode))
            return p;
        if (hops == LINK_HOPS_MAX) {
            free(p);
            errno = ELOOP;
            return NULL;
        }
        char link[PATH_MAX];
        size_t pl = dir_len(p);
        int got = read_link_checked(p, pl, link, sizeof link);
        if (got < 0) {
            free(p);
            return NULL;
        }
        if (got == 0)
            continue; /* replaced meanwhile: look again (the hop counts) */
        size_t n = strlen(link);
        size_t dl = link[0] == '/' ? 0 : pl;
        char *q = malloc(dl + n + 1);
        if (q != NULL) {
            memcpy(q, p, dl);
            memcpy(q + dl, link, n + 1);
        }
        free(p);
        p = q;
    }
    return NULL;
}

/* The temporary file takes the replaced file's owner and group where we may set them (else ours),
 * then its mode; set-id bits only with the owner / group they were meant for. A new file gets
 * what a shell's '>' would give: 0666 less the umask. */
static int copy_attributes(int fd, const struct stat *old)
{
    if (old == NULL) {
        mode_t mask = umask(0);
        umask(mask);
        return fchmod(fd, 0666 & ~mask);
    }
    if (fchown(fd, old->st_uid, old->st_gid) != 0)
        if (fchown(fd, (uid_t)-1, old->st_gid) != 0) {
            /* not a group we belong to (EPERM): the file keeps ours. An if, not a (void) cast:
             * glibc's _FORTIFY_SOURCE marks fchown warn_unused_result (Ubuntu's gcc sets it). */
        }
    struct stat now;
    mode_t mode = old->st_mode & 07777;
    if (fstat(fd, &now) != 0)
        return -1;
    if (now.st_uid != old->st_uid) mode &= ~(mode_t)S_ISUID;
    if (now.st_gid != old->st_gid) mode &= ~(mode_t)S_ISGID;
    return fchmod(fd, mode);
}

static void output_free(enc_output *o)
{
    free(o->target);
    free(o->tmp);
    o->target = o->tmp = NULL;
}

/* A temporary file DIR/.BASE.XXXXXX beside target (one file system, so rename is atomic; hidden
 * from plain ls). 0, or EXIT_FAIL with the message printed. */
static int open_temporary(enc_output *o, const struct stat *old)
{
    size_t dl = dir_len(o->target), len = strlen(o->target);
    o->tmp = malloc(len + 9);
    if (o->tmp == NULL) {
        cli_error("%s: out of memory", o->name);
        return EXIT_FAIL;
    }
    snprintf(o->tmp, len + 9, "%.*s.%s.XXXXXX", (int)dl, o->target, o->target + dl);
    catch_signals(1);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        cli_error("%s: cannot create a file in its folder: %s", o->name, strerror(errno));
        catch_signals(0);
        return EXIT_FAIL;
    }
    tmp_live = o->tmp;
    io_sigbus_cleanup = unlink_live;
    if (copy_attributes(fd, old) != 0 || (o->f = fdopen(fd, "wb")) == NULL) {
        cli_error("%s: %s", o->name, strerror(errno));
        close(fd);
        unlink(o->tmp);
        tmp_live = NULL;
        catch_signals(0);
        return EXIT_FAIL;
    }
    return 0;
}

static int output_open(enc_output *o, const char *path);

/* Every output gets the writer thread once its file is open. */
int enc_output_open(enc_output *o, const char *path)
{
    int rc = output_open(o, path);
    if (rc) return rc;
    int e = io_writer_start(&o->w, fileno(o->f), ENC_OUT_CAP);
    if (e) {
        cli_error("%s: cannot start writing: %s", o->name, strerror(e));
        enc_output_abort(o);
        return EXIT_FAIL;
    }
    return 0;
}

static int output_open(enc_output *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path == NULL || strcmp(path, "-") == 0) {
        o->f = stdout;
        o->name = "stdout";
        return 0;
    }
    o->name = path;
    if ((o->target = resolve_links(path)) == NULL) {
        cli_error("%s: %s", path, strerror(errno));
        return EXIT_FAIL;
    }
    struct stat st;
    int exists = stat(o->target, &st) == 0;
    int rc = 0;
    if (exists && S_ISDIR(st.st_mode)) {
        cli_error("%s: is a directory", path);
        rc = EXIT_FAIL;
    } else if (exists && !S_ISREG(st.st_mode)) { /* a device or FIFO: no file to replace */
        if ((o->f = fopen(o->target, "wb")) == NULL) {
            cli_error("%s: %s", path, strerror(errno));
            rc = EXIT_FAIL;
        }
        free(o->target);
        o->target = NULL;
        return rc;
    } else {
        rc = open_temporary(o, exists ? &st : NULL);
    }
    if (rc)
        output_free(o);
    return rc;
}

int enc_output_atomic(const enc_output *o)
{
    return o->tmp != NULL;
}

/* err (an errno value, or 0): 0, or EXIT_FAIL with the one line, printed once. */
static int write_status(enc_output *o, int err)
{
    if (err == 0) return 0;
    if (!o->reported) cli_error("%s: write error: %s", o->name, strerror(err));
    o->reported = 1;
    return EXIT_FAIL;
}

int enc_output_write(enc_output *o, const uint8_t *p, size_t n)
{
    return write_status(o, n ? io_writer_write(o->w, p, n) : 0);
}

uint8_t *enc_output_buf(enc_output *o)
{
    return io_writer_buf(o->w);
}

int enc_output_put(enc_output *o, size_t n)
{
    return write_status(o, io_writer_put(o->w, n));
}

int enc_output_commit(enc_output *o)
{
    int late = write_status(o, io_writer_drain(o->w));
    io_writer_stop(o->w);
    o->w = NULL;
    if (late) return late; /* the caller aborts */
    errno = 0;
    if (o->f == stdout) {
        if (fflush(o->f) != 0 || ferror(o->f)) {
            cli_error("%s: write error: %s", o->name, strerror(errno ? errno : EIO));
            return EXIT_FAIL;
        }
        return 0;
    }
    int bad = ferror(o->f);
    int e = errno;
    /* on disk before the rename, so a crash leaves the old file or the new one, never an empty
     * one (a FIFO or device may refuse fsync: only a temporary file needs it) */
    if (!bad && o->tmp != NULL && (fflush(o->f) != 0 || fsync(fileno(o->f)) != 0)) {
        bad = 1;
        e = errno;
    }
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    o->f = NULL;
    if (bad) {
        cli_error("%s: write error: %s", o->name, strerror(e ? e : EIO));
        return EXIT_FAIL;
    }
    if (o->tmp == NULL)
        return 0;
    if (rename(o->tmp, o->target) != 0) {
        cli_error("%s: cannot replace: %s", o->name, strerror(errno));
        return EXIT_FAIL;
    }
    tmp_live = NULL;
    catch_signals(0);
    output_free(o);
    return 0;
}

void enc_output_abort(enc_output *o)
{
    /* to stdout or a device, what came before the failure goes out (as documented); a
     * temporary file is removed anyway */
    if (o->w != NULL && o->tmp == NULL) io_writer_drain(o->w);
    io_writer_stop(o->w);
    o->w = NULL;
    if (o->f != NULL && o->f != stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp != NULL) {
        unlink(o->tmp);
        tmp_live = NULL;
        catch_signals(0);
    }
    output_free(o);
}

int enc_input_size(FILE *f, uint64_t *size)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    *size = (uint64_t)st.st_size;
    return 1;
}
