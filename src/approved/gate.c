/* The approved mode's bottom layer: the gate every service passes (approved.h), the mode, the
 * error state and the per-thread service indicator. Whether a service is on KCMVP's approved
 * list is data: each descriptor's approved field (src/registry/registry.h), which the service
 * passes in.
 *
 * It calls nothing else in the library: the services call it, and the self-test runs (which
 * call the services) sit a floor above it, in src/selftest/, and hand it their results
 * (karx_i_selftests_begin / _end). The power-up tests run there, eagerly: at load when the mode
 * starts on, and inside karx_set_approved_mode when it is turned on. A service that finds them
 * still pending (a static link that left src/selftest/run.o out, so nothing ran them) enters
 * the error state: closed, never open. */
#include <pthread.h>
#include <stdlib.h>

#include "approved.h"

#if defined(KARX_APPROVED_ONLY)
#define BUILT_ON 1
#else
#define BUILT_ON 0
#endif

/* 1 until the mode is known (KARX_APPROVED not read yet) or while it is on; 0 otherwise. */
int karx_i_approved_gate = 1;

enum { ST_PENDING = 0, ST_READY = 1, ST_ERROR = 2 };

static int mode = BUILT_ON;    /* read with atomics: any thread may switch it */
static int state = ST_PENDING; /* of the approved mode's self-tests */
static unsigned epoch;         /* counts mode switches: an older indicator is stale */
static pthread_once_t decide_once = PTHREAD_ONCE_INIT;
/* Serialises the self-test runs; services that find the power-up tests pending wait here. */
static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;

static _Thread_local int tls_in_selftest; /* the self-tests' own calls pass the gate */
static _Thread_local int tls_indicator;
static _Thread_local unsigned tls_epoch;

static int env_invalid; /* KARX_APPROVED held a value that is neither on nor off */

/* a equals the lowercase word w, ASCII letters in any case (no locale). */
static int same_word(const char *a, const char *w)
{
    for (; *w != '\0'; a++, w++) {
        char c = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (c != *w)
            return 0;
    }
    return *a == '\0';
}

int karx_i_approved_env_parse(const char *v)
{
    static const char *const on[] = {"1", "yes", "true", "on"};
    static const char *const off[] = {"", "0", "no", "false", "off"};
    if (v == NULL)
        return 0;
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++)
        if (same_word(v, on[i]))
            return 1;
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
        if (same_word(v, off[i]))
            return 0;
    return -1;
}

/* An unrecognised KARX_APPROVED fails closed: the mode on, in the error state, so that no
 * service runs (a misspelt "ture" must not leave CHAM running in a process meant to be in the
 * approved mode). */
static void decide(void)
{
    int on = BUILT_ON;
    int v = karx_i_approved_env_parse(getenv("KARX_APPROVED"));
    if (v != 0)
        on = 1;
    if (v < 0) {
        env_invalid = 1;
        __atomic_store_n(&state, ST_ERROR, __ATOMIC_SEQ_CST);
    }
    __atomic_store_n(&mode, on, __ATOMIC_SEQ_CST);
    __atomic_store_n(&karx_i_approved_gate, on, __ATOMIC_SEQ_CST);
}

static int mode_now(void)
{
    (void)pthread_once(&decide_once, decide);
    return __atomic_load_n(&mode, __ATOMIC_ACQUIRE);
}

int karx_approved_mode(void) { return mode_now(); }

int karx_approved_env_valid(void)
{
    (void)mode_now();
    return !env_invalid;
}

int karx_in_error_state(void)
{
    return mode_now() && __atomic_load_n(&state, __ATOMIC_ACQUIRE) == ST_ERROR;
}

/* Switches the mode; the caller holds run_lock. Turning it on from off asks for the power-up
 * tests again, unless in the error state, which only a passing karx_selftest leaves. */
static void switch_mode(int on)
{
    if (on && !__atomic_load_n(&mode, __ATOMIC_ACQUIRE) &&
        __atomic_load_n(&state, __ATOMIC_ACQUIRE) != ST_ERROR)
        __atomic_store_n(&state, ST_PENDING, __ATOMIC_RELEASE);
    __atomic_store_n(&mode, on, __ATOMIC_RELEASE);
    __atomic_store_n(&karx_i_approved_gate, on, __ATOMIC_RELEASE);
    __atomic_add_fetch(&epoch, 1, __ATOMIC_ACQ_REL);
}

karx_status karx_i_set_mode_off(void)
{
    (void)mode_now();
    if (BUILT_ON)
        return KARX_ERR_UNSUPPORTED;
    pthread_mutex_lock(&run_lock);
    switch_mode(0);
    pthread_mutex_unlock(&run_lock);
    return KARX_OK;
}

static void indicate(int approved)
{
    tls_indicator = approved;
    tls_epoch = __atomic_load_n(&epoch, __ATOMIC_ACQUIRE);
}

int karx_last_service_approved(void)
{
    return mode_now() && tls_indicator && tls_epoch == __atomic_load_n(&epoch, __ATOMIC_ACQUIRE);
}

void karx_i_enter_error_state(void)
{
    if (mode_now())
        __atomic_store_n(&state, ST_ERROR, __ATOMIC_RELEASE);
}

int karx_i_selftest_enter(void)
{
    int previous = tls_in_selftest;
    tls_in_selftest = 1;
    return previous;
}

void karx_i_selftest_leave(int previous) { tls_in_selftest = previous; }

/* ---- self-test runs (src/selftest/ runs them; the result is kept here) ---- */

int karx_i_selftests_begin(void)
{
    (void)mode_now();
    pthread_mutex_lock(&run_lock);
    return karx_i_selftest_enter();
}

int karx_i_powerup_due(int turning_on)
{
    int on = __atomic_load_n(&mode, __ATOMIC_ACQUIRE);
    int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    return s != ST_ERROR && (on ? s == ST_PENDING : turning_on);
}

karx_status karx_i_selftests_end(int mark, int ran, karx_status st, int turn_on)
{
    karx_i_selftest_leave(mark);
    if (turn_on)
        switch_mode(1);
    int on = __atomic_load_n(&mode, __ATOMIC_ACQUIRE);
    if (ran && on)
        __atomic_store_n(&state, st == KARX_OK ? ST_READY : ST_ERROR, __ATOMIC_RELEASE);
    int error = on && __atomic_load_n(&state, __ATOMIC_ACQUIRE) == ST_ERROR;
    pthread_mutex_unlock(&run_lock);
    return error ? KARX_ERR_SELFTEST : KARX_OK;
}

/* The power-up tests never ran in this process (see the top): the error state, at once. */
static int never_powered_up(void)
{
    int pending = ST_PENDING;
    (void)__atomic_compare_exchange_n(&state, &pending, ST_ERROR, 0, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE);
    return __atomic_load_n(&state, __ATOMIC_ACQUIRE);
}

karx_status karx_i_service(int approved)
{
    if (!mode_now() || tls_in_selftest)
        return KARX_OK;
    int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (s == ST_PENDING)
        s = never_powered_up();
    if (s != ST_READY) {
        indicate(0);
        return KARX_ERR_SELFTEST;
    }
    if (!approved) {
        indicate(0);
        return KARX_ERR_NOT_APPROVED;
    }
    indicate(1);
    return KARX_OK;
}
