/* Helpers for the ctgrind harnesses (scripts/ct-check.sh runs them under valgrind memcheck).
 *
 * The method: secret inputs are marked undefined with VALGRIND_MAKE_MEM_UNDEFINED, so memcheck
 * reports every conditional branch ("Conditional jump or move depends on uninitialised
 * value(s)") and every address ("Use of uninitialised value of size N") computed from them.
 * Values that are public by design (ciphertexts, tags, statuses) are marked defined again with
 * VALGRIND_MAKE_MEM_DEFINED before the harness looks at them. Outside valgrind the client
 * requests do nothing, so the programs also run (and check their results) natively. */
#ifndef KARX_CT_H
#define KARX_CT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "karx/karx.h"

#define CT_SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define CT_PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))

static unsigned long ct_checks, ct_failures;

/* A functional check on public (declassified) values, so that a harness that stopped calling
 * the code it means to (wrong argument, early error) fails instead of passing quietly. */
#define CT_CHECK(cond, what)                                                     \
    do {                                                                         \
        ct_checks++;                                                             \
        if (!(cond)) {                                                           \
            ct_failures++;                                                       \
            fprintf(stderr, "ct: FAIL %s:%d: %s (%s)\n", __FILE__, __LINE__, what, #cond); \
        }                                                                        \
    } while (0)

/* A status is public: the caller sees it. Declassify it before testing it. */
static inline karx_status ct_status(karx_status st)
{
    CT_PUBLIC(&st, sizeof st);
    return st;
}

#define CT_OK(call, what) CT_CHECK(ct_status(call) == KARX_OK, what)

/* Deterministic filler (xorshift64*): the data only has to be there, not be random. */
static inline void ct_fill(uint8_t *p, size_t n, uint64_t seed)
{
    uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
    for (size_t i = 0; i < n; i++) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        p[i] = (uint8_t)((x * 0x2545f4914f6cdd1dull) >> 56);
    }
}

/* Fills a buffer and marks it secret. */
static inline void ct_secret_fill(uint8_t *p, size_t n, uint64_t seed)
{
    ct_fill(p, n, seed);
    CT_SECRET(p, n);
}

/* Compares two buffers after declassifying both (they are outputs the caller may publish). */
static inline int ct_equal(const void *a, const void *b, size_t n)
{
    CT_PUBLIC(a, n);
    CT_PUBLIC(b, n);
    return memcmp(a, b, n) == 0;
}

/* Selects the back end named on the command line and makes sure it is the one in use, so a
 * run never quietly checks a narrower kernel than it says. Returns 0 on success. */
static inline int ct_select_backend(int argc, char **argv)
{
    karx_backend b = karx_get_backend();
    if (argc > 1 && karx_backend_from_name(argv[1], &b) != KARX_OK) {
        fprintf(stderr, "ct: unknown back end %s\n", argv[1]);
        return -1;
    }
    if (karx_set_backend(b) != KARX_OK || karx_get_backend() != b) {
        fprintf(stderr, "ct: back end %s not supported here\n", karx_backend_name(b));
        return -1;
    }
    printf("ct: back end %s%s\n", karx_backend_name(karx_get_backend()),
           RUNNING_ON_VALGRIND ? " (under valgrind)" : "");
    return 0;
}

static inline int ct_finish(const char *name)
{
    printf("%s: %lu checks, %lu failed\n", name, ct_checks, ct_failures);
    return ct_failures == 0 && ct_checks > 0 ? 0 : 2;
}

#endif
