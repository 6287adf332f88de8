/* The approved mode: the gate every service passes (approved.h), the mode switch, the error
 * state, the KCMVP approved list and the per-thread service indicator. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "karx/selftest.h"

#include "approved.h"
#include "selftest_run.h"

#if defined(KARX_APPROVED_ONLY)
#define BUILT_ON 1
#else
#define BUILT_ON 0
#endif

/* 1 until the mode is known (KARX_APPROVED not read yet) or while it is on; 0 otherwise. */
int karx_i_approved_gate = 1;

enum { ST_PENDING = 0, ST_READY = 1, ST_ERROR = 2 };

static int mode = BUILT_ON;   /* read with atomics: any thread may switch it */
static int state = ST_PENDING; /* of the approved mode's self-tests */
static unsigned epoch;        /* counts mode switches: an older indicator is stale */
static pthread_once_t decide_once = PTHREAD_ONCE_INIT;
/* Serialises the self-test runs; services that find the power-up tests pending wait here. */
static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;

static _Thread_local int tls_in_selftest; /* the self-tests' own calls pass the gate */
static _Thread_local int tls_indicator;
static _Thread_local unsigned tls_epoch;

static void decide(void)
{
    int on = BUILT_ON;
    const char *env = getenv("KARX_APPROVED");
    if (env != NULL && strcmp(env, "1") == 0)
        on = 1;
    __atomic_store_n(&mode, on, __ATOMIC_SEQ_CST);
    __atomic_store_n(&karx_i_approved_gate, on, __ATOMIC_SEQ_CST);
}

static int mode_now(void)
{
    (void)pthread_once(&decide_once, decide);
    return __atomic_load_n(&mode, __ATOMIC_ACQUIRE);
}

int karx_approved_mode(void) { return mode_now(); }

int karx_in_error_state(void)
{
    return mode_now() && __atomic_load_n(&state, __ATOMIC_ACQUIRE) == ST_ERROR;
}

karx_status karx_set_approved_mode(int on)
{
    if (on != 0 && on != 1)
        return KARX_ERR_ARGUMENT;
    (void)mode_now();
    if (BUILT_ON && !on)
        return KARX_ERR_UNSUPPORTED;
    pthread_mutex_lock(&run_lock);
    /* Turning it on asks for the power-up tests again, unless in the error state, which only
     * a passing karx_selftest leaves. */
    if (on && !__atomic_load_n(&mode, __ATOMIC_ACQUIRE) &&
        __atomic_load_n(&state, __ATOMIC_ACQUIRE) != ST_ERROR)
        __atomic_store_n(&state, ST_PENDING, __ATOMIC_RELEASE);
    __atomic_store_n(&mode, on, __ATOMIC_RELEASE);
    __atomic_store_n(&karx_i_approved_gate, on, __ATOMIC_RELEASE);
    __atomic_add_fetch(&epoch, 1, __ATOMIC_ACQ_REL);
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

/* ---- the approved list (docs/VALIDATION.md "Approved algorithms") ---- */

static int cipher_approved(int id)
{
    switch (id) {
    case KARX_CIPHER_LEA128:
    case KARX_CIPHER_LEA192:
    case KARX_CIPHER_LEA256:
    case KARX_CIPHER_HIGHT:
    case KARX_CIPHER_ARIA128:
    case KARX_CIPHER_ARIA192:
    case KARX_CIPHER_ARIA256: return 1;
    default: return 0; /* the revised CHAM family is not on the KCMVP list */
    }
}

static int hash_approved(int id) { return id >= KARX_LSH256_224 && id <= KARX_LSH512_512; }

int karx_alg_approved(karx_alg_kind kind, int id)
{
    switch (kind) {
    case KARX_KIND_CIPHER: return cipher_approved(id);
    case KARX_KIND_MODE: return id >= KARX_MODE_FIRST && id <= KARX_MODE_LAST;
    case KARX_KIND_HASH: return hash_approved(id);
    case KARX_KIND_MAC:
        switch (KARX_MAC_FAMILY(id)) {
        case KARX_MAC_CMAC: return cipher_approved(KARX_MAC_PRIM(id));
        case KARX_MAC_GMAC:
            return cipher_approved(KARX_MAC_PRIM(id)) && KARX_MAC_PRIM(id) != KARX_CIPHER_HIGHT;
        case KARX_MAC_HMAC: return hash_approved(KARX_MAC_PRIM(id));
        default: return 0;
        }
    default: return 0;
    }
}

static int svc_approved(karx_i_svc what, int id)
{
    switch (what) {
    case KARX_I_SVC_CIPHER: return cipher_approved(id);
    case KARX_I_SVC_HASH: return hash_approved(id);
    default: return 0; /* XTS, the GPU */
    }
}

/* ---- self-test runs ---- */

int karx_i_selftest_enter(void)
{
    int previous = tls_in_selftest;
    tls_in_selftest = 1;
    return previous;
}

void karx_i_selftest_leave(int previous) { tls_in_selftest = previous; }

/* Runs every test with the gate open for this thread; the caller holds run_lock. */
static karx_status run_locked(karx_selftest_cb cb, void *arg)
{
    int previous = karx_i_selftest_enter();
    karx_status st = karx_i_selftest_all(cb, arg);
    karx_i_selftest_leave(previous);
    if (__atomic_load_n(&mode, __ATOMIC_ACQUIRE))
        __atomic_store_n(&state, st == KARX_OK ? ST_READY : ST_ERROR, __ATOMIC_RELEASE);
    return st;
}

karx_status karx_selftest_run(karx_selftest_cb cb, void *arg)
{
    (void)mode_now();
    pthread_mutex_lock(&run_lock);
    karx_status st = run_locked(cb, arg);
    pthread_mutex_unlock(&run_lock);
    return st;
}

karx_status karx_selftest(void) { return karx_selftest_run(NULL, NULL); }

/* The power-up tests, once, by whichever service comes first; the others wait for them. */
static int powerup(void)
{
    pthread_mutex_lock(&run_lock);
    if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == ST_PENDING)
        (void)run_locked(NULL, NULL);
    int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    pthread_mutex_unlock(&run_lock);
    return s;
}

karx_status karx_i_service(karx_i_svc what, int id)
{
    if (!mode_now() || tls_in_selftest)
        return KARX_OK;
    int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (s == ST_PENDING)
        s = powerup();
    if (s != ST_READY) {
        indicate(0);
        return KARX_ERR_SELFTEST;
    }
    if (!svc_approved(what, id)) {
        indicate(0);
        return KARX_ERR_NOT_APPROVED;
    }
    indicate(1);
    return KARX_OK;
}
