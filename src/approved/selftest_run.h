/* Internal: what one self-test run does (selftest_run.c) and the known answers of the
 * constructions (selftest_kat.c). */
#ifndef KARX_I_SELFTEST_RUN_H
#define KARX_I_SELFTEST_RUN_H

#include "karx/selftest.h"

/* Every self-test, reported through cb; the first failure's status or KARX_OK. */
karx_status karx_i_selftest_all(karx_selftest_cb cb, void *arg);

/* One construction's known-answer test. */
typedef struct karx_i_kat {
    const char *name;       /* "gcm-lea128" */
    const char *prim;       /* its primitive's registry name, for the kernel column */
    karx_status (*run)(void);
} karx_i_kat;

extern const karx_i_kat karx_i_kats[];
extern const size_t karx_i_kat_count;

/* Compares an answer with the known one (hex); with KARX_I_INJECT_KAT the known one has a bit
 * flipped, so the test genuinely fails. KARX_OK or KARX_ERR_SELFTEST. */
karx_status karx_i_kat_check(const uint8_t *got, const char *want_hex);

/* Decodes hex into out (cap bytes); the byte count (the tables are known to be well formed). */
size_t karx_i_unhex(uint8_t *out, size_t cap, const char *hex);

#endif
