/* LD_PRELOAD shim for tests: a system whose OS entropy sources both fail. getrandom() fails with
 * ENOSYS (an old kernel) and opening /dev/urandom fails with EACCES (a sandbox without it); every
 * other open goes through. Used by the CLI test (karx rand) and the Python tests, which reach
 * the library from outside and cannot use its internal fault switch. Run the process with
 * PYTHONHASHSEED=0 (Python) so the interpreter itself needs no random bytes at start-up. */
#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>

ssize_t getrandom(void *buf, size_t len, unsigned int flags);
int open(const char *path, int flags, ...);
int open64(const char *path, int flags, ...);
int openat(int dirfd, const char *path, int flags, ...);
int openat64(int dirfd, const char *path, int flags, ...);
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
    (void)buf;
    (void)len;
    (void)flags;
    errno = ENOSYS;
    return -1;
}

static int refused(const char *path)
{
    if (path != NULL && strcmp(path, "/dev/urandom") == 0) {
        errno = EACCES;
        return 1;
    }
    return 0;
}

typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);

static mode_t mode_arg(int flags, va_list ap)
{
    return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

/* An open-like function NAME (PARAMS ending in "int flags, ..."): the optional mode read, the
 * refused path failed, anything else passed to the real NAME of type FN as (ARGS, flags, mode). */
#define SHIM(name, fn, params, args)                                        \
    int name params                                                         \
    {                                                                       \
        va_list ap;                                                         \
        va_start(ap, flags);                                                \
        mode_t mode = mode_arg(flags, ap);                                  \
        va_end(ap);                                                         \
        if (refused(path))                                                  \
            return -1;                                                      \
        fn real = (fn)dlsym(RTLD_NEXT, #name);                              \
        return real ? real args : (errno = ENOSYS, -1);                     \
    }
#define SHIM_OPEN(name) \
    SHIM(name, open_fn, (const char *path, int flags, ...), (path, flags, mode))
#define SHIM_OPENAT(name) \
    SHIM(name, openat_fn, (int dirfd, const char *path, int flags, ...), (dirfd, path, flags, mode))

SHIM_OPEN(open)
SHIM_OPEN(open64)
SHIM_OPENAT(openat)
SHIM_OPENAT(openat64)

int __open_2(const char *path, int flags)
{
    return open(path, flags);
}

int __open64_2(const char *path, int flags)
{
    return open64(path, flags);
}
