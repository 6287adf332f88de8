/* One self-test run: every kernel of every cipher, hash and part (the registry's known answers, each
 * kernel called directly whatever the active back end), every construction on the kernels calls
 * use now (construction_kat.c), and the start-up health test of the OS entropy source; and the
 * public calls that need a run. This floor calls the services it tests and hands the gate
 * (src/approved/gate.c, below every service) each run's result, so nothing below calls up.
 *
 * The power-up tests run before any service, as KCMVP (like FIPS 140-3) asks: at load when the
 * mode starts on (KARX_APPROVED, or a KARX_APPROVED_ONLY build), and inside
 * karx_set_approved_mode(1). */
#include <string.h>

#include "../approved/approved.h"
#include "../registry/registry.h"
#include "selftest_internal.h"

/* One run under the gate's lock; turn_on switches the mode on first (the power-up tests run if
 * that asks for them); record keeps the result even when no power-up was due (karx_selftest). */
static karx_status run(karx_selftest_cb cb, void *arg, int turn_on, int record)
{
    int mark = karx_i_selftests_begin();
    int ran = record || karx_i_powerup_due(turn_on);
    karx_status st = ran ? karx_i_selftest_all(cb, arg) : KARX_OK;
    karx_status gate = karx_i_selftests_end(mark, ran, st, turn_on);
    return record ? st : gate;
}

/* A library loaded with the mode on runs its power-up tests before main or dlopen returns. */
__attribute__((constructor)) static void powerup_at_load(void)
{
    if (karx_approved_mode())
        (void)run(NULL, NULL, 0, 0);
}

karx_status karx_selftest_run(karx_selftest_cb cb, void *arg) { return run(cb, arg, 0, 1); }

karx_status karx_selftest(void) { return karx_selftest_run(NULL, NULL); }

karx_status karx_set_approved_mode(int on)
{
    if (on == 0)
        return karx_i_set_mode_off();
    if (on != 1)
        return KARX_ERR_ARGUMENT;
    return run(NULL, NULL, 1, 0);
}

/* A primitive's approved field, by its standard name (a MAC's: "CMAC-LEA-128" -> "LEA-128"). */
static int prim_approved(const char *std_name)
{
    const karx_i_cipher *c = karx_i_cipher_by_name(std_name);
    const karx_i_hash *h = c == NULL ? karx_i_hash_by_name(std_name) : NULL;
    return c != NULL ? c->approved : h != NULL && h->approved;
}

/* Reads the descriptors' approved fields, as the gate does (approved.h). */
int karx_alg_approved(karx_alg_kind kind, int id)
{
    karx_alg_info a;
    if (id < 0 || karx_alg_by_id(kind, id, &a) != KARX_OK)
        return 0;
    switch (kind) {
    case KARX_KIND_CIPHER: return karx_i_cipher_approved((uint32_t)id);
    case KARX_KIND_HASH: return karx_i_hash_approved((uint32_t)id);
    case KARX_KIND_MODE: { /* XTS is not a mode here */
        const karx_i_mode *m = karx_i_mode_desc((uint32_t)id);
        return m != NULL && m->approved;
    }
    case KARX_KIND_MAC: {
        const char *prim = strchr(a.std_name, '-');
        return prim != NULL && prim_approved(prim + 1);
    }
    default: return 0; /* parts (GHASH, the GCM pass) are no algorithm by themselves */
    }
}

static void report(karx_selftest_cb cb, void *arg, const char *name, const char *kernel,
                   karx_status st)
{
    if (cb != NULL) {
        karx_selftest_result r = {name, kernel, st};
        cb(&r, arg);
    }
}

/* The kernel calls use now for a primitive ("" if it has none). */
static const char *active_kernel(const char *prim)
{
    karx_alg_info a;
    return karx_alg_find(KARX_KIND_ANY, prim, &a) == KARX_OK && a.kernel != NULL ? a.kernel : "";
}

karx_status karx_i_selftest_all(karx_selftest_cb cb, void *arg)
{
    karx_status first = KARX_OK;
    /* every algorithm, then the parts (GHASH, the GCM pass) from id 0 until an unknown id */
    size_t nalgs = karx_alg_count();
    for (size_t i = 0;; i++) {
        karx_alg_info a;
        if (i < nalgs) {
            if (karx_alg_get(i, &a) != KARX_OK)
                return KARX_ERR_SELFTEST;
        } else if (karx_alg_by_id(KARX_KIND_PART, (int)(i - nalgs), &a) != KARX_OK) {
            break;
        }
        for (size_t j = 0; j < karx_alg_kernel_count(a.kind, a.id); j++) {
            karx_kernel_info k;
            karx_status st = karx_alg_kernel(a.kind, a.id, j, &k);
            if (st == KARX_OK)
                st = karx_alg_kernel_selftest(a.kind, a.id, j);
            else
                k.name = "?";
            report(cb, arg, a.name, k.name, st);
            if (st != KARX_OK && st != KARX_ERR_UNSUPPORTED && first == KARX_OK)
                first = KARX_ERR_SELFTEST;
        }
    }
    for (size_t i = 0; i < karx_i_kat_count; i++) {
        const karx_i_kat *t = &karx_i_kats[i];
        karx_status st = t->run();
        if (st != KARX_OK)
            st = KARX_ERR_SELFTEST; /* whatever the call said, the known answer did not come */
        report(cb, arg, t->name, active_kernel(t->prim), st);
        if (st != KARX_OK && first == KARX_OK)
            first = st;
    }
    uint8_t samples[KARX_I_STARTUP_SAMPLES];
    karx_status st = karx_i_os_random_raw(samples, sizeof samples);
    if (st == KARX_OK)
        st = karx_i_entropy_startup(samples, sizeof samples);
    else if (st != KARX_ERR_UNSUPPORTED) /* no OS source on this platform: skipped */
        st = KARX_ERR_ENTROPY;
    report(cb, arg, "os-entropy", "", st);
    if (st != KARX_OK && first == KARX_OK)
        first = st;
    return first;
}
