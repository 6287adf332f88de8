#include <string.h>

#include "karx/common.h"

/* A volatile function pointer keeps the compiler from proving the store dead (libsodium's trick,
 * portable where explicit_bzero/memset_s are missing). */
static void *(*const volatile karx_memset_ptr)(void *, int, size_t) = memset;

/* NULL is a no-op whatever len says: the public *_wipe calls pass theirs straight here. */
void karx_memzero(void *p, size_t len)
{
    if (p == NULL || len == 0)
        return;
    karx_memset_ptr(p, 0, len);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}

int karx_memcmp_ct(const void *a, const void *b, size_t len)
{
    const volatile unsigned char *x = (const volatile unsigned char *)a;
    const volatile unsigned char *y = (const volatile unsigned char *)b;
    unsigned char d = 0;
    for (size_t i = 0; i < len; i++)
        d |= (unsigned char)(x[i] ^ y[i]);
    /* (d - 1) >> 8 is 1 only for d == 0, without a branch on d. */
    return (int)((1u & (((unsigned)d - 1u) >> 8)) - 1u);
}
