/* karx: the self-tests of every algorithm, the approved mode and the service indicator
 * (docs/VALIDATION.md "Self-tests and the approved mode").
 *
 * The self-tests: a known answer for every kernel of every cipher and hash (registry.h), then one
 * for every construction on the kernels calls use now (the modes, CMAC, GMAC, GCM, CCM, HMAC,
 * PBKDF2, KBKDF and the three DRBGs), from vectors vendored in tests/kat, and the start-up health
 * test of the OS entropy source.
 *
 * The approved mode (KCMVP style; off by default): turned on by karx_set_approved_mode(1), by
 * KARX_APPROVED in the environment (read once, when the library loads: 1, yes, true
 * or on turn it on; unset, empty, 0, no, false or off leave it off; letters in any case; any
 * other value fails closed: the mode on, in the error state, see karx_approved_env_valid) or by
 * building with -DKARX_APPROVED_ONLY=ON (then it is always on). While it is on:
 *  - the self-tests run before any service (the power-up tests): when the library loads with
 *    the mode on, and inside karx_set_approved_mode(1);
 *  - a failed self-test, a failed DRBG continuous test or a failed entropy health test puts
 *    the library in the ERROR STATE: every service returns KARX_ERR_SELFTEST until
 *    karx_selftest() passes again;
 *  - algorithms that are not on the KCMVP list (the CHAM family, XTS, the GPU back end) are
 *    refused with KARX_ERR_NOT_APPROVED;
 *  - karx_last_service_approved() tells whether this thread's last service was approved.
 * A "service" is a call that sets up a key or context, a one-shot call, a mode call over a
 * scheduled key, and every DRBG call; docs/VALIDATION.md lists them. */
#ifndef KARX_SELFTEST_H
#define KARX_SELFTEST_H

#include "common.h"
#include "registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One self-test's result, handed to the karx_selftest_run callback. */
typedef struct karx_selftest_result {
    const char *name;   /* "lea128", "gcm-lea128", "ctr-drbg-lea128", "os-entropy" */
    const char *kernel; /* the kernel it ran on ("avx2"; "" where none applies) */
    karx_status status; /* KARX_OK; KARX_ERR_UNSUPPORTED: this CPU cannot run the kernel
                           (skipped); anything else: it failed */
} karx_selftest_result;

typedef void (*karx_selftest_cb)(const karx_selftest_result *r, void *arg);

/* Runs every self-test, calling cb (when not NULL) once per test in a fixed order. Returns
 * KARX_OK when none failed (skipped kernels do not count), else the first failure's status
 * (KARX_ERR_SELFTEST or KARX_ERR_ENTROPY). In the approved mode a pass leaves the error state
 * and a failure enters it. Takes a few milliseconds. */
KARX_API karx_status karx_selftest_run(karx_selftest_cb cb, void *arg);

/* karx_selftest_run(NULL, NULL): the documented way to re-run the power-up tests. */
KARX_API karx_status karx_selftest(void);

/* Turns the approved mode on (1) or off (0). Turning it on from off runs the power-up tests
 * before it returns (a few milliseconds). KARX_OK; KARX_ERR_SELFTEST when the mode is now on in
 * the error state (the power-up tests failed, or an earlier failure that karx_selftest has not
 * cleared); KARX_ERR_ARGUMENT for another value; KARX_ERR_UNSUPPORTED for 0 in a
 * KARX_APPROVED_ONLY build. */
KARX_API karx_status karx_set_approved_mode(int on);

/* 1 while the approved mode is on, else 0 (reads KARX_APPROVED if nothing has yet). */
KARX_API int karx_approved_mode(void);

/* 0 when KARX_APPROVED holds a value that is neither on nor off (" 1", "01", "ture"); then the
 * approved mode is on and in the error state from the start (every service returns
 * KARX_ERR_SELFTEST until karx_selftest() passes, which leaves the mode on, or
 * karx_set_approved_mode decides). 1 otherwise (unset, or a spelling above). Reads KARX_APPROVED
 * if nothing has yet. */
KARX_API int karx_approved_env_valid(void);

/* 1 when the library is in the error state (only the approved mode has one), else 0. */
KARX_API int karx_in_error_state(void);

/* The service indicator of this thread: 1 when the approved mode is on and this thread's most
 * recent service passed its approved-mode check (an approved algorithm, no error state), else 0
 * (mode off, no service yet on this thread since the mode was last set, the last one refused).
 * It says the algorithm was approved, not that the call succeeded: check its status too. */
KARX_API int karx_last_service_approved(void);

/* 1 when the algorithm (a registry kind and id, registry.h) is on the KCMVP approved list. */
KARX_API int karx_alg_approved(karx_alg_kind kind, int id);

#ifdef __cplusplus
}
#endif
#endif
