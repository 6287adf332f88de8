/* Internal: the approved-mode gate every service passes (include/karx/selftest.h).
 *
 * Off (the default) the gate costs one load of a global and one predictable branch: the global
 * is 0 only once the mode is known to be off. Anything else (mode on, or KARX_APPROVED not yet
 * read) takes the slow path, karx_i_service, which reads the environment once, answers the
 * power-up tests' result, the error state and the approved list, and sets this thread's
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

/* Nonzero unless the approved mode is known to be off. */
extern int karx_i_approved_gate;

/* The slow path (gate.c): KARX_OK to go on, else the status the service returns at once.
 * approved is the service's descriptor's approved field (karx_i_cipher, karx_i_hash: KCMVP's
 * list is data in the registry, src/registry/registry.h), or KARX_I_NEVER_APPROVED. */
karx_status karx_i_service(int approved);
/* For the services with no descriptor that are never approved: XTS and the GPU kernels. */
#define KARX_I_NEVER_APPROVED 0
/* KARX_APPROVED's value: 1 on (1, yes, true, on), 0 off (NULL: unset; empty, 0, no, false,
 * off), ASCII letters in any case; -1 for anything else (gate.c turns the mode on in the error
 * state then). */
int karx_i_approved_env_parse(const char *v);

/* Starts a service: returns the gate's refusal from the calling function. The compact (MCU)
 * builds (KARX_COMPACT, embedded/) have no approved mode: no threads, no OS entropy, no
 * self-test run; there the gate is compiled out. */
#if defined(KARX_COMPACT)
#define KARX_I_SERVICE(approved) ((void)0)
#else
#define KARX_I_SERVICE(approved)                                                   \
    do {                                                                           \
        if (__builtin_expect(__atomic_load_n(&karx_i_approved_gate, __ATOMIC_RELAXED) != 0, 0)) { \
            karx_status karx_i_st_ = karx_i_service(approved);                     \
            if (karx_i_st_ != KARX_OK)                                             \
                return karx_i_st_;                                                 \
        }                                                                          \
    } while (0)
#endif

/* A self-test run, by the floor above (src/selftest/run.c): begin takes the run lock and lets the
 * run's own calls pass the gate, returning the mark end restores. Between them,
 * karx_i_powerup_due(turning_on) says whether the power-up tests must run: the mode is on with
 * them pending, or is being turned on from off (and not in the error state). end(mark, ran, st,
 * turn_on) switches the mode on when asked, keeps st as the self-tests' result when a run took
 * place while the mode is on (a pass leaves the error state, a failure enters it), lets go of
 * the lock, and returns KARX_ERR_SELFTEST when the mode is on in the error state, else
 * KARX_OK. */
int karx_i_selftests_begin(void);
int karx_i_powerup_due(int turning_on);
karx_status karx_i_selftests_end(int mark, int ran, karx_status st, int turn_on);

/* Turns the mode off (KARX_ERR_UNSUPPORTED in a KARX_APPROVED_ONLY build). */
karx_status karx_i_set_mode_off(void);

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
/* The start-up test of SP 800-90B 4.3 over fresh samples (the caller reads them with
 * karx_i_os_random_raw): the tests' state restarts, then all of buf runs through both.
 * KARX_OK or KARX_ERR_ENTROPY. */
#define KARX_I_STARTUP_SAMPLES 1024u
karx_status karx_i_entropy_startup(uint8_t *buf, size_t len);
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
