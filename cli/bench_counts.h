/* The sessions suite's lists of counts (--sessions, --sizes), read alike by `karx bench` and its
 * peer bench/peers/sessions.c (which includes this and nothing else of karx), so both sweep the
 * same points. */
#ifndef KARX_CLI_BENCH_COUNTS_H
#define KARX_CLI_BENCH_COUNTS_H

#include <stddef.h>
#include <stdlib.h>

/* A comma-separated list of counts (1 .. 2^24, at most cap): how many, 0 when it is not one. */
static inline size_t bench_parse_counts(const char *s, size_t *out, size_t cap)
{
    size_t n = 0;
    while (s && *s && n < cap) {
        char *end;
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s || v == 0 || v > ((size_t)1 << 24) || (*end != ',' && *end != '\0')) return 0;
        out[n++] = (size_t)v;
        s = *end ? end + 1 : end;
    }
    return n;
}

#endif
