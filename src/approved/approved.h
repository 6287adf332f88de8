/* Internal: the approved-mode gate every service passes (include/karx/selftest.h).
 *
 * Off (the default) the gate costs one load of a global and one predictable branch: the global
 * is 0 only once the mode is known to be off. Anything else (mode on, or KARX_APPROVED not yet
 * read) takes the slow path, karx_i_service, which reads the environment once, runs the
 * power-up tests, answers the error state and the approved list, and sets this thread's
 * service indicator. */
#ifndef KARX_I_APPROVED_H
#define KARX_I_APPROVED_H

#include <stddef.h>
#include <stdint.h>

#include "karx/cipher.h"
#include "karx/common.h"
#include "karx/lsh.h"
#include "karx/selftest.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a service uses, for the approved list. */
typedef enum karx_i_svc {
    KARX_I_SVC_CIPHER = 1, /* id: karx_cipher_alg (every mode, CMAC, GMAC, GCM, CCM, CTR_DRBG) */
    KARX_I_SVC_HASH = 2,   /* id: karx_lsh_alg (hashes, HMAC, PBKDF2, Hash/HMAC_DRBG) */
    KARX_I_SVC_XTS = 3,    /* id: karx_cipher_alg; XTS is not on the KCMVP list */
    KARX_I_SVC_GPU = 4     /* the GPU kernels are not self-tested: never approved */
} karx_i_svc;

/* Nonzero unless the approved mode is known to be off. */
extern int karx_i_approved_gate;

/* The slow path: KARX_OK to go on, else the status the service returns at once. */
karx_status karx_i_service(karx_i_svc what, int id);

/* Starts a service: returns the gate's refusal from the calling function. */
#define KARX_I_SERVICE(what, id)                                                   \
    do {                                                                           \
        if (__builtin_expect(__atomic_load_n(&karx_i_approved_gate, __ATOMIC_RELAXED) != 0, 0)) { \
            karx_status karx_i_st_ = karx_i_service((what), (int)(id));            \
            if (karx_i_st_ != KARX_OK)                                             \
                return karx_i_st_;                                                 \
        }                                                                          \
    } while (0)

/* The LSH variant of a family (wide: LSH-512) and digest length; 0 for a length that is not
 * one of the six standard variants (not approved). */
static inline int karx_i_lsh_id(int wide, size_t digest_bytes)
{
    switch (digest_bytes) {
    case 28: return wide ? KARX_LSH512_224 : KARX_LSH256_224;
    case 32: return wide ? KARX_LSH512_256 : KARX_LSH256_256;
    case 48: return wide ? KARX_LSH512_384 : 0;
    case 64: return wide ? KARX_LSH512_512 : 0;
    default: return 0;
    }
}

/* 1 when the conditional tests must run (the approved mode is on); cheap. */
static inline int karx_i_approved_active(void)
{
    return __builtin_expect(__atomic_load_n(&karx_i_approved_gate, __ATOMIC_RELAXED) != 0, 0) &&
           karx_approved_mode();
}

/* Marks this thread as running a self-test, whose own calls pass the gate (a self-test is a
 * diagnostic, not a service: it runs in the error state and on algorithms off the list).
 * Returns the previous mark for karx_i_selftest_leave. */
int karx_i_selftest_enter(void);
void karx_i_selftest_leave(int previous);

/* An inner call of a service that has passed the gate (a DRBG's own key schedules and hashes,
 * whose statuses it does not need): run with the gate open for this thread, so that another
 * thread entering the error state meanwhile cannot refuse half of the service. Mode off: the
 * call alone, after the one branch. */
#define KARX_I_INNER(call)                                                             \
    do {                                                                               \
        if (__builtin_expect(__atomic_load_n(&karx_i_approved_gate, __ATOMIC_RELAXED) != 0, 0)) { \
            int karx_i_mark_ = karx_i_selftest_enter();                                \
            (void)(call);                                                              \
            karx_i_selftest_leave(karx_i_mark_);                                       \
        } else {                                                                       \
            (void)(call);                                                              \
        }                                                                              \
    } while (0)

/* The error state: entered by a failed conditional test (health.c), left by karx_selftest. */
void karx_i_enter_error_state(void);

/* The DRBG continuous test (health.c): compares each whole block of out with the block before
 * it; last (block bytes) holds the block before the first one (*have says whether it is
 * valid) and receives the new last block. KARX_ERR_SELFTEST (the error state entered, out
 * wiped) when two in a row are equal. Only called in the approved mode. */
karx_status karx_i_drbg_continuous(uint8_t *last, uint32_t *have, uint8_t *out, size_t len,
                                   size_t block);

/* The OS entropy health tests of SP 800-90B 4.4 (health.c) over freshly read bytes: the
 * repetition count test and the adaptive proportion test, their state kept across calls.
 * KARX_ERR_ENTROPY (the error state entered, buf wiped) on a failure. Only in the approved
 * mode. */
karx_status karx_i_entropy_health(uint8_t *buf, size_t len);
/* The start-up test of SP 800-90B 4.3: 1024 fresh samples through both tests (power-up).
 * KARX_ERR_UNSUPPORTED where the platform has no OS source (a skip, not a failure). */
karx_status karx_i_entropy_startup(void);
/* karx_os_random without the health tests (os_entropy.c). */
karx_status karx_i_os_random_raw(uint8_t *buf, size_t len);

/* Test-only failure injection (inject.c). A production build compiles inject.c without
 * KARX_I_SELFTEST_INJECT: karx_i_injected then always returns 0 and there is no setter. The
 * test suite links a copy of the library whose inject.c has the setter (tests/CMakeLists.txt). */
#define KARX_I_INJECT_KAT 1u           /* the next self-test run: one known answer is wrong */
#define KARX_I_INJECT_DRBG_STUCK 2u    /* DRBG output repeats its first block */
#define KARX_I_INJECT_ENTROPY_STUCK 4u /* the OS entropy source returns one byte over and over */
unsigned karx_i_injected(void);
void karx_i_selftest_inject_failure(unsigned kinds); /* only with KARX_I_SELFTEST_INJECT */

#ifdef __cplusplus
}
#endif
#endif
