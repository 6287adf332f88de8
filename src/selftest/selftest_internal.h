/* Internal: the self-tests' floor (the top of the library: it calls the services and kernels
 * it tests, and tells the approved-mode gate below it the result). What one run does (run.c),
 * the known answers of the constructions (construction_kat.c) and of each kernel
 * (kernel_kat.c). */
#ifndef KARX_I_SELFTEST_INTERNAL_H
#define KARX_I_SELFTEST_INTERNAL_H

#include "karx/selftest.h"
#include "../registry/registry.h"

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

/* The known-answer test of one kernel of a descriptor (kernel_kat.c); the tests also run it on
 * doctored descriptors to see it fail. */
karx_status karx_i_cipher_kernel_test(const karx_i_cipher *c, const karx_i_impl *impl);
karx_status karx_i_hash_kernel_test(const karx_i_hash *h, const karx_i_impl *impl);

#endif
