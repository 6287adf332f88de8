/* Back-end selection: the best supported back end, or KARX_BACKEND from the environment, chosen
 * once; karx_set_backend() overrides it for the whole process. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"

/* Every answer below reads the one table (backends.h). */
int karx_backend_supported(karx_backend b)
{
    const karx_i_backend_row *r = karx_i_backend_row_of(b);
    return r != NULL && r->built && (karx_cpu_features() & r->needs) == r->needs;
}

karx_backend karx_backend_best(void)
{
    karx_backend best = KARX_BACKEND_PORTABLE;
    for (int b = 0; b < KARX_I_BACKEND_COUNT; b++)
        if (karx_backend_supported((karx_backend)b) &&
            karx_i_backend_row_of((karx_backend)b)->pref > karx_i_backend_row_of(best)->pref)
            best = (karx_backend)b;
    return best;
}

const char *karx_backend_name(karx_backend b)
{
    const karx_i_backend_row *r = karx_i_backend_row_of(b);
    return r != NULL ? r->name : NULL;
}

karx_status karx_backend_from_name(const char *name, karx_backend *out)
{
    if (name == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    for (int b = 0; b < KARX_I_BACKEND_COUNT; b++) {
        if (strcmp(name, karx_i_backend_row_of((karx_backend)b)->name) == 0) {
            *out = (karx_backend)b;
            return KARX_OK;
        }
    }
    return KARX_ERR_UNKNOWN_ALGORITHM;
}

/* An unknown KARX_BACKEND: one line on stderr, once per process, naming the valid values. (A
 * known name this CPU or build cannot run falls back silently; `karx info` notes it.) */
static void warn_unknown(const char *env)
{
    static int warned;
    if (__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
        return;
    char valid[128];
    size_t n = 0;
    valid[0] = '\0';
    for (int b = 0; b < KARX_I_BACKEND_COUNT && n < sizeof valid; b++)
        n += (size_t)snprintf(valid + n, sizeof valid - n, "%s%s", b ? "|" : "",
                              karx_i_backend_row_of((karx_backend)b)->name);
    fprintf(stderr, "karx: warning: unknown KARX_BACKEND=%.64s (valid: %s); choosing "
                    "automatically\n", env, valid);
}

/* -1 = not chosen yet. */
static int active = -1;

static karx_backend initial_backend(void)
{
    const char *env = getenv("KARX_BACKEND");
    karx_backend b;
    if (env != NULL && *env != '\0') {
        if (karx_backend_from_name(env, &b) != KARX_OK)
            warn_unknown(env);
        else if (karx_backend_supported(b))
            return b;
    }
    /* An unknown or unsupported KARX_BACKEND falls back to the best; `karx info` shows it. */
    return karx_backend_best();
}

karx_backend karx_i_active_backend(void)
{
    int b = __atomic_load_n(&active, __ATOMIC_RELAXED);
    if (b < 0) {
        int want = (int)initial_backend();
        int expected = -1;
        /* First caller wins; a concurrent karx_set_backend() is never overwritten. */
        if (!__atomic_compare_exchange_n(&active, &expected, want, 0, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED))
            want = expected;
        b = want;
    }
    return (karx_backend)b;
}

karx_backend karx_get_backend(void) { return karx_i_active_backend(); }

karx_status karx_set_backend(karx_backend b)
{
    if (!karx_backend_supported(b))
        return KARX_ERR_UNSUPPORTED;
    __atomic_store_n(&active, (int)b, __ATOMIC_RELAXED);
    return KARX_OK;
}
