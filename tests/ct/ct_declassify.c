/* Allowlist entry "accept/reject": whether a tag verified is public (the caller gets it as the
 * status), so the 0 / -1 result of karx_memcmp_ct is declassified where the library receives
 * it. The scripts link every harness with -Wl,--wrap=karx_memcmp_ct, which sends the library's
 * calls here; the comparison loop itself still runs on secrets in the real function and is
 * checked like everything else. Nothing else is declassified inside the library. */
#include <stddef.h>
#include <valgrind/memcheck.h>

int __real_karx_memcmp_ct(const void *a, const void *b, size_t len);
int __wrap_karx_memcmp_ct(const void *a, const void *b, size_t len);

int __wrap_karx_memcmp_ct(const void *a, const void *b, size_t len)
{
    int r = __real_karx_memcmp_ct(a, b, len);
    (void)VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r);
    return r;
}
