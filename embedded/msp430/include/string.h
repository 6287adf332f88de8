/* The <string.h> subset karx uses, for the MSP430 build (clang has no MSP430 C library here);
 * embedded/msp430/runtime.c implements it. */
#ifndef KARX_MSP430_STRING_H
#define KARX_MSP430_STRING_H
#include <stddef.h>
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int strcmp(const char *a, const char *b);
size_t strlen(const char *s);
#endif
