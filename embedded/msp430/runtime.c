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

/* 16-bit unsigned division by shift and subtract. */
static uint16_t udivmod16(uint16_t n, uint16_t d, uint16_t *rem)
{
    uint16_t q = 0, r = 0;
    for (int i = 0; i < 16; i++) {
        r = (uint16_t)(r << 1) | (uint16_t)(n >> 15);
        n = (uint16_t)(n << 1);
        q = (uint16_t)(q << 1);
        if (r >= d) {
            r = (uint16_t)(r - d);
            q |= 1u;
        }
    }
    *rem = r;
    return q;
}

uint16_t __mspabi_divu(uint16_t n, uint16_t d);
uint16_t __mspabi_remu(uint16_t n, uint16_t d);
uint16_t __mspabi_divu(uint16_t n, uint16_t d)
{
    uint16_t r;
    return udivmod16(n, d, &r);
}
uint16_t __mspabi_remu(uint16_t n, uint16_t d)
{
    uint16_t r;
    udivmod16(n, d, &r);
    return r;
}

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
uint32_t __mspabi_divul(uint32_t n, uint32_t d);
uint32_t __mspabi_remul(uint32_t n, uint32_t d);

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

static uint32_t udivmod32(uint32_t n, uint32_t d, uint32_t *rem)
{
    uint32_t q = 0, r = 0;
    for (int i = 0; i < 32; i++) {
        r = (r << 1) | (n >> 31);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    *rem = r;
    return q;
}

uint32_t __mspabi_divul(uint32_t n, uint32_t d)
{
    uint32_t r;
    return udivmod32(n, d, &r);
}

uint32_t __mspabi_remul(uint32_t n, uint32_t d)
{
    uint32_t r;
    udivmod32(n, d, &r);
    return r;
}

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
