/* Shared helpers of the libFuzzer targets: a reader that turns the fuzz input into choices
 * (reading past the end gives zeros, so every input is usable), and MUST, which names the
 * failed property on stderr before abort() so that libFuzzer reports the input as a crash. */
#ifndef KARX_FUZZ_UTIL_H
#define KARX_FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"

#ifdef __cplusplus
extern "C" {
#endif
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#ifdef __cplusplus
}
#endif

#define MUST(cond)                                                                      \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            fprintf(stderr, "fuzz: property failed at %s:%d: %s\n", __FILE__, __LINE__, \
                    #cond);                                                             \
            abort();                                                                    \
        }                                                                               \
    } while (0)

/* An empty buffer passed as NULL, which the API allows wherever a length is 0. */
#define NZ(p, n) ((n) ? (p) : NULL)

typedef struct fz {
    const uint8_t *p;
    size_t n;
} fz;

static inline uint8_t fz_u8(fz *f)
{
    if (f->n == 0)
        return 0;
    f->n--;
    return *f->p++;
}

static inline unsigned fz_u16(fz *f)
{
    unsigned hi = fz_u8(f);
    return (hi << 8) | fz_u8(f);
}

/* A value in [0, max] (max < 2^16), from two bytes. */
static inline size_t fz_upto(fz *f, size_t max)
{
    return max ? fz_u16(f) % (max + 1) : (fz_u16(f), 0);
}

/* Up to want bytes of the input (fewer when it runs out): a pointer into it and *got. */
static inline const uint8_t *fz_take(fz *f, size_t want, size_t *got)
{
    const uint8_t *p = f->p;
    *got = want < f->n ? want : f->n;
    f->p += *got;
    f->n -= *got;
    return p;
}

/* Exactly len bytes into out: the input's, then zeros once it runs out. */
static inline void fz_fill(fz *f, uint8_t *out, size_t len)
{
    size_t got;
    const uint8_t *p = fz_take(f, len, &got);
    if (got)
        memcpy(out, p, got);
    memset(out + got, 0, len - got);
}

/* Everything left of the input. */
static inline const uint8_t *fz_rest(fz *f, size_t *len)
{
    return fz_take(f, f->n, len);
}

/* A copy in fresh memory of exactly len bytes (malloc(0) avoided), so ASan sees overreads. */
static inline uint8_t *fz_dup(const uint8_t *p, size_t len)
{
    uint8_t *d = (uint8_t *)malloc(len ? len : 1);
    MUST(d != NULL);
    if (len)
        memcpy(d, p, len);
    return d;
}

/* Up to want bytes of the input (fz_take) in a fresh copy (fz_dup): *got of them; free it. */
static inline uint8_t *fz_take_dup(fz *f, size_t want, size_t *got)
{
    const uint8_t *src = fz_take(f, want, got);
    return fz_dup(src, *got);
}

/* memcmp(...) == 0 that also takes NULL for an empty buffer. */
static inline int fz_same(const void *a, const void *b, size_t n)
{
    return n == 0 || memcmp(a, b, n) == 0;
}

static inline int fz_all_zero(const uint8_t *p, size_t len)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < len; i++)
        acc |= p[i];
    return acc == 0;
}

/* Blocks of CTR counter space left from ctr (a B-byte block, ctr itself included; the low 64
 * bits count), capped at UINT64_MAX. */
static inline uint64_t fz_ctr_room(const uint8_t *ctr, size_t B)
{
    for (size_t i = 0; i + 8 < B; i++)
        if (ctr[i] != 0xff)
            return UINT64_MAX;
    uint64_t low = 0;
    for (size_t i = B - 8; i < B; i++)
        low = low << 8 | ctr[i];
    return ~low == UINT64_MAX ? UINT64_MAX : ~low + 1;
}

/* Sorted cut points 0 <= c[0] <= ... <= c[k-1] <= len chosen by the input. */
static inline void fz_cuts(fz *f, size_t len, size_t *c, size_t k)
{
    for (size_t i = 0; i < k; i++)
        c[i] = fz_upto(f, len > 65535 ? 65535 : len);
    for (size_t i = 1; i < k; i++)
        for (size_t j = i; j > 0 && c[j - 1] > c[j]; j--) {
            size_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* One of the back ends this CPU supports, picked by the input; returns it after selecting it. */
static inline karx_backend fz_backend(fz *f)
{
    karx_backend ok[16];
    size_t n = 0;
    for (int b = 0; b < 16 && karx_backend_name((karx_backend)b) != NULL; b++)
        if (karx_backend_supported((karx_backend)b))
            ok[n++] = (karx_backend)b;
    karx_backend b = ok[fz_u8(f) % n];
    MUST(karx_set_backend(b) == KARX_OK);
    return b;
}

#endif
