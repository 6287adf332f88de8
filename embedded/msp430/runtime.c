/* What a C library and compiler-rt would give the MSP430 build: the <string.h> functions karx
 * uses and the MSP430 EABI helper routines clang calls (16-bit unsigned division, variable
 * shifts, 2-byte atomics on this single-core part). Written so that they call no helper
 * themselves: only shifts by one and 16-bit arithmetic. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *s = (const uint8_t *)src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *s = (const uint8_t *)src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else {
        while (n--)
            d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x < *y ? -1 : 1;
    return 0;
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return (int)(unsigned char)*a - (int)(unsigned char)*b;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

/* Unsigned division of T (BITS bits) by shift and subtract, udivmodBITS, and the EABI helpers
 * DIV and REM on it (the casts keep 16-bit arithmetic from promoting to int). */
#define DIVIDE_HELPERS(T, BITS, DIV, REM)                                                        \
    static T udivmod##BITS(T n, T d, T *rem)                                                     \
    {                                                                                            \
        T q = 0, r = 0;                                                                          \
        for (int i = 0; i < (BITS); i++) {                                                       \
            r = (T)(r << 1) | (T)(n >> ((BITS) - 1));                                            \
            n = (T)(n << 1);                                                                     \
            q = (T)(q << 1);                                                                     \
            if (r >= d) {                                                                        \
                r = (T)(r - d);                                                                  \
                q |= 1u;                                                                         \
            }                                                                                    \
        }                                                                                        \
        *rem = r;                                                                                \
        return q;                                                                                \
    }                                                                                            \
    T DIV(T n, T d);                                                                             \
    T REM(T n, T d);                                                                             \
    T DIV(T n, T d)                                                                              \
    {                                                                                            \
        T r;                                                                                     \
        return udivmod##BITS(n, d, &r);                                                          \
    }                                                                                            \
    T REM(T n, T d)                                                                              \
    {                                                                                            \
        T r;                                                                                     \
        udivmod##BITS(n, d, &r);                                                                 \
        return r;                                                                                \
    }

DIVIDE_HELPERS(uint16_t, 16, __mspabi_divu, __mspabi_remu)

void __atomic_store_2(volatile void *p, uint16_t v, int order);
uint16_t __atomic_load_2(const volatile void *p, int order);
void __atomic_store_2(volatile void *p, uint16_t v, int order)
{
    (void)order;
    *(volatile uint16_t *)p = v;
}
uint16_t __atomic_load_2(const volatile void *p, int order)
{
    (void)order;
    return *(const volatile uint16_t *)p;
}

/* MSP430 EABI multiply and divide helpers (no hardware multiplier assumed). */
uint16_t __mspabi_mpyi(uint16_t a, uint16_t b);
uint32_t __mspabi_mpyl(uint32_t a, uint32_t b);

uint16_t __mspabi_mpyi(uint16_t a, uint16_t b)
{
    uint16_t r = 0;
    while (b) {
        if (b & 1u)
            r = (uint16_t)(r + a);
        a = (uint16_t)(a << 1);
        b = (uint16_t)(b >> 1);
    }
    return r;
}

uint32_t __mspabi_mpyl(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    while (b) {
        if (b & 1u)
            r += a;
        a <<= 1;
        b >>= 1;
    }
    return r;
}

DIVIDE_HELPERS(uint32_t, 32, __mspabi_divul, __mspabi_remul)

/* 64-bit shifts by a variable count (libgcc names; clang calls them with the C convention). */
uint64_t __ashldi3(uint64_t a, int n);
uint64_t __lshrdi3(uint64_t a, int n);
uint64_t __ashldi3(uint64_t a, int n)
{
    for (; n > 0; n--)
        a <<= 1;
    return a;
}
uint64_t __lshrdi3(uint64_t a, int n)
{
    for (; n > 0; n--)
        a >>= 1;
    return a;
}
