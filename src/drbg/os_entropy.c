/* The operating system's entropy source: Linux getrandom(), else /dev/urandom.
 *
 * Failure has its own status, KARX_ERR_ENTROPY. A test-only fault switch
 * (karx_i_os_entropy_fault, hidden from libkarx.so) makes either source fail on demand, so the
 * failure paths are tested without seccomp or a broken /dev. */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* getrandom, open, read under -std=c11 */
#endif

#include "karx/drbg.h"

#include "approved/approved.h"
#include "drbg_internal.h"

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define KARX_HAVE_GETRANDOM 1
#endif
#endif
#endif

#define OS_GETRANDOM_MAX 256 /* getrandom never returns short for requests up to 256 bytes */

static unsigned os_faults; /* KARX_I_FAULT_* bits; zero outside tests */

void karx_i_os_entropy_fault(unsigned faults)
{
    __atomic_store_n(&os_faults, faults, __ATOMIC_RELAXED);
}

#if defined(__linux__)

static unsigned faults_now(void)
{
    return __atomic_load_n(&os_faults, __ATOMIC_RELAXED);
}

#if defined(KARX_HAVE_GETRANDOM)
/* Fills buf[*got .. len) from getrandom(); stops at the first failure other than EINTR (ENOSYS on
 * an old kernel, EPERM under a seccomp filter), leaving the rest to /dev/urandom. */
static void fill_getrandom(uint8_t *buf, size_t len, size_t *got)
{
    while (*got < len) {
        size_t want = len - *got > OS_GETRANDOM_MAX ? OS_GETRANDOM_MAX : len - *got;
        ssize_t r;
        if (faults_now() & KARX_I_FAULT_GETRANDOM) {
            r = -1;
            errno = ENOSYS;
        } else {
            r = getrandom(buf + *got, want, 0);
        }
        if (r > 0)
            *got += (size_t)r;
        else if (!(r < 0 && errno == EINTR))
            return;
    }
}
#endif

static int open_urandom(void)
{
    int fd;
    if (faults_now() & KARX_I_FAULT_URANDOM) {
        errno = EACCES;
        return -1;
    }
    do {
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

/* Fills buf[*got .. len) from /dev/urandom; *got tells how far it came. */
static void fill_urandom(uint8_t *buf, size_t len, size_t *got)
{
    int fd = open_urandom();
    if (fd < 0)
        return;
    while (*got < len) {
        ssize_t r = read(fd, buf + *got, len - *got);
        if (r > 0)
            *got += (size_t)r;
        else if (!(r < 0 && errno == EINTR))
            break;
    }
    (void)close(fd);
}

#endif /* __linux__ */

/* In the approved mode every read also feeds the SP 800-90B health tests (health.c). */
karx_status karx_os_random(uint8_t *buf, size_t len)
{
    karx_status st = karx_i_os_random_raw(buf, len);
    if (st == KARX_OK && len != 0 && karx_i_approved_active())
        st = karx_i_entropy_health(buf, len);
    return st;
}

karx_status karx_i_os_random_raw(uint8_t *buf, size_t len)
{
    if (buf == NULL && len != 0)
        return KARX_ERR_ARGUMENT;
#if defined(__linux__)
    size_t got = 0;
#if defined(KARX_HAVE_GETRANDOM)
    fill_getrandom(buf, len, &got);
#endif
    if (got < len)
        fill_urandom(buf, len, &got);
    if (got == len)
        return KARX_OK;
    karx_memzero(buf, len);
    return KARX_ERR_ENTROPY;
#else
    karx_memzero(buf, len);
    return KARX_ERR_UNSUPPORTED;
#endif
}
