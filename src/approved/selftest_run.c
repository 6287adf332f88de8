/* One self-test run: every kernel of every cipher and hash (the registry's known answers, each
 * kernel called directly whatever the active back end), every construction on the kernels calls
 * use now (selftest_kat.c), and the start-up health test of the OS entropy source. */
#include "approved.h"
#include "selftest_run.h"

static void report(karx_selftest_cb cb, void *arg, const char *name, const char *kernel,
                   karx_status st)
{
    if (cb != NULL) {
        karx_selftest_result r = {name, kernel, st};
        cb(&r, arg);
    }
}

/* The kernel calls use now for a primitive ("" if it has none). */
static const char *active_kernel(karx_alg_kind kind, int id)
{
    karx_alg_info a;
    return karx_alg_by_id(kind, id, &a) == KARX_OK && a.kernel != NULL ? a.kernel : "";
}

karx_status karx_i_selftest_all(karx_selftest_cb cb, void *arg)
{
    karx_status first = KARX_OK;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        karx_alg_info a;
        if (karx_alg_get(i, &a) != KARX_OK)
            return KARX_ERR_SELFTEST;
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
        report(cb, arg, t->name, active_kernel(t->prim_kind, t->prim_id), st);
        if (st != KARX_OK && first == KARX_OK)
            first = st;
    }
    karx_status st = karx_i_entropy_startup();
    report(cb, arg, "os-entropy", "", st);
    if (st != KARX_OK && first == KARX_OK)
        first = st;
    return first;
}
