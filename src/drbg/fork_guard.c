/* The process's fork generation: a counter that changes in a child after fork(), so a DRBG can
 * tell that its state was copied into another process and must be reseeded before it outputs
 * anything (else parent and children would produce the same bytes).
 *
 * Two layers, set up once (pthread_once) by the first DRBG instantiate:
 *  1. a pthread_atfork child handler bumps the counter (fork(), and everything built on it);
 *  2. where Linux has MADV_WIPEONFORK, a one-page marker that the kernel zeroes in a child: a
 *     zero marker means "forked without the handlers" (a raw fork/clone syscall, _Fork()), and
 *     the counter is bumped then. A double bump from two racing threads only costs a reseed. */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, MADV_WIPEONFORK under -std=c11 */
#endif

#include "drbg_internal.h"

#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#define KARX_HAVE_ATFORK 1
#endif
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

static uint64_t fork_gen;          /* bumped in every child */
static uint8_t *wipe_page; /* MADV_WIPEONFORK marker (1 = counted in this process), or NULL */

#if defined(KARX_HAVE_ATFORK)

static void on_fork_child(void)
{
    __atomic_add_fetch(&fork_gen, 1, __ATOMIC_SEQ_CST);
    if (wipe_page != NULL)
        __atomic_store_n(wipe_page, 1, __ATOMIC_SEQ_CST); /* this fork is counted */
}

/* Maps the marker page; NULL where the kernel does not know MADV_WIPEONFORK (before 4.14). */
static uint8_t *map_wipe_page(void)
{
#if defined(__linux__) && defined(MADV_WIPEONFORK)
    long ps = sysconf(_SC_PAGESIZE);
    size_t n = ps > 0 ? (size_t)ps : 4096;
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (madvise(p, n, MADV_WIPEONFORK) != 0) {
        (void)munmap(p, n);
        return NULL;
    }
    __atomic_store_n((uint8_t *)p, 1, __ATOMIC_SEQ_CST);
    return (uint8_t *)p;
#else
    return NULL;
#endif
}

static pthread_once_t guard_once = PTHREAD_ONCE_INIT;

static void guard_setup(void)
{
    wipe_page = map_wipe_page();
    (void)pthread_atfork(NULL, NULL, on_fork_child);
}

#endif /* KARX_HAVE_ATFORK */

uint64_t karx_i_fork_generation(void)
{
#if defined(KARX_HAVE_ATFORK)
    (void)pthread_once(&guard_once, guard_setup);
    if (wipe_page != NULL && __atomic_load_n(wipe_page, __ATOMIC_SEQ_CST) == 0) {
        /* a child the handler did not see: count it, then mark it counted */
        __atomic_add_fetch(&fork_gen, 1, __ATOMIC_SEQ_CST);
        __atomic_store_n(wipe_page, 1, __ATOMIC_SEQ_CST);
    }
#endif
    return __atomic_load_n(&fork_gen, __ATOMIC_SEQ_CST);
}

int karx_i_fork_guard_wipes(void)
{
    (void)karx_i_fork_generation();
    return wipe_page != NULL;
}
