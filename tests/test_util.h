/* Minimal test helpers: counted checks, hex, a seeded PRNG, and the closing "N passed, N failed"
 * line that CI reads. Header-only so each test is one .c file. */
#ifndef KARX_TEST_UTIL_H
#define KARX_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cpu.h"

static unsigned long t_passed, t_failed;

/* How many back ends this library knows: they are numbered from 0 and a NULL name ends them. */
static inline int t_backend_count(void)
{
    int n = 0;
    while (karx_backend_name((karx_backend)n) != NULL)
        n++;
    return n;
}

/* The back ends this machine runs, one at a time, each made the current one:
 * `for (int b = -1; (name = t_next_backend(&b)) != NULL;)`; NULL after the last (the caller puts
 * back the back end it started with). */
static inline const char *t_next_backend(int *b)
{
    while (++*b < t_backend_count())
        if (karx_backend_supported((karx_backend)*b)) {
            karx_set_backend((karx_backend)*b);
            return karx_backend_name((karx_backend)*b);
        }
    return NULL;
}

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) {                                                        \
            t_passed++;                                                    \
        } else {                                                           \
            t_failed++;                                                    \
            if (t_failed <= 50) {                                          \
                fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                              \
                fputc('\n', stderr);                                       \
            }                                                              \
        }                                                                  \
    } while (0)

static inline int t_finish(const char *name)
{
    printf("%s: %lu passed, %lu failed\n", name, t_passed, t_failed);
    return t_failed == 0 && t_passed > 0 ? 0 : 1;
}

static inline int t_hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Parses hex digits, skipping spaces; returns the byte count or -1 on a bad digit. */
static inline long t_unhex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    int hi = -1;
    for (; *s && *s != '\n' && *s != '\r'; s++) {
        if (*s == ' ' || *s == '\t') continue;
        int v = t_hexval((unsigned char)*s);
        if (v < 0) return -1;
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= cap) return -1;
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return hi < 0 ? (long)n : -1;
}

static inline void t_tohex(const uint8_t *p, size_t n, char *out)
{
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = d[p[i] >> 4];
        out[2 * i + 1] = d[p[i] & 15];
    }
    out[2 * n] = 0;
}

/* DIR/NAME opened for reading, its path left in PATH (CAP bytes) for the caller's messages; a
 * failed check (and NULL) if it cannot be. */
static inline FILE *t_open_kat_path(const char *dir, const char *name, char *path, size_t cap)
{
    snprintf(path, cap, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    return f;
}

/* DIR/NAME opened for reading; a failed check (and NULL) if it cannot be. */
static inline FILE *t_open_kat(const char *dir, const char *name)
{
    char path[1024];
    return t_open_kat_path(dir, name, path, sizeof path);
}

/* S without its leading blanks and trailing blanks and line end (cut in place). */
static inline char *t_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = 0;
    return s;
}

/* 1 if the N bytes at P are all zero (what a failed call must leave in its outputs). */
static inline int t_all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* For an array that grows as records are read: P (room for *cap items of elem bytes) moved to
 * room for twice as many, or for first when it has none; NULL when out of memory. */
static inline void *t_grow(void *p, size_t *cap, size_t first, size_t elem)
{
    *cap = *cap ? 2 * *cap : first;
    return realloc(p, *cap * elem);
}

/* Frees the n buffers in p, for a test that holds many: t_free_n(3, (void *[]){a, b, c}). */
static inline void t_free_n(size_t n, void *const *p)
{
    for (size_t i = 0; i < n; i++)
        free(p[i]);
}

/* A job's message for the two calls a test compares (CPU and GPU, or real and emulated): both
 * output buffers start as the input; in place, each call's input is its own output buffer. */
static inline void t_twin_io(const uint8_t *in, size_t len, int inplace, uint8_t *out_a,
                             uint8_t *out_b, const uint8_t **in_a, const uint8_t **in_b)
{
    memcpy(out_a, in, len);
    memcpy(out_b, in, len);
    *in_a = inplace ? out_a : in;
    *in_b = inplace ? out_b : in;
}

/* splitmix64: reproducible random data from a printed seed. */
static uint64_t t_rng_state = 0x6b617278u;
static inline uint64_t t_rand64(void)
{
    uint64_t z = (t_rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline void t_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)t_rand64();
}
static inline void t_seed_from_env(void)
{
    const char *s = getenv("KARX_TEST_SEED");
    if (s) t_rng_state = strtoull(s, NULL, 0);
    printf("seed 0x%llx (set KARX_TEST_SEED to repeat)\n", (unsigned long long)t_rng_state);
}

#endif
