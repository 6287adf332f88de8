/* Back-end selection: the best supported back end, or KARX_BACKEND from the environment, chosen
 * once; karx_set_backend() overrides it for the whole process. */
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"

static const char *const backend_names[KARX_I_BACKEND_COUNT] = {
    "portable", "sse2", "ssse3", "avx2", "avx512", "neon",
};

/* Features each back end needs, and whether this build compiled its kernels in. */
static unsigned required_features(karx_backend b)
{
    switch (b) {
    case KARX_BACKEND_PORTABLE: return 0;
    case KARX_BACKEND_SSE2: return KARX_I_NEEDS_SSE2;
    case KARX_BACKEND_SSSE3: return KARX_I_NEEDS_SSSE3;
    case KARX_BACKEND_AVX2: return KARX_I_NEEDS_AVX2;
    case KARX_BACKEND_AVX512: return KARX_I_NEEDS_AVX512;
    case KARX_BACKEND_NEON: return KARX_I_NEEDS_NEON;
    default: return ~0u;
    }
}

static int compiled_in(karx_backend b)
{
    switch (b) {
    case KARX_BACKEND_PORTABLE: return 1;
#if defined(KARX_HAVE_X86_SIMD)
    case KARX_BACKEND_SSE2:
    case KARX_BACKEND_SSSE3:
    case KARX_BACKEND_AVX2:
    case KARX_BACKEND_AVX512: return 1;
#endif
#if defined(KARX_HAVE_NEON)
    case KARX_BACKEND_NEON: return 1;
#endif
    default: return 0;
    }
}

int karx_backend_supported(karx_backend b)
{
    if ((int)b < 0 || b >= KARX_I_BACKEND_COUNT || !compiled_in(b))
        return 0;
    unsigned need = required_features(b);
    return (karx_cpu_features() & need) == need;
}

karx_backend karx_backend_best(void)
{
    if (karx_backend_supported(KARX_BACKEND_NEON))
        return KARX_BACKEND_NEON;
    for (int b = KARX_BACKEND_AVX512; b > 0; b--)
        if (karx_backend_supported((karx_backend)b))
            return (karx_backend)b;
    return KARX_BACKEND_PORTABLE;
}

const char *karx_backend_name(karx_backend b)
{
    return ((int)b >= 0 && b < KARX_I_BACKEND_COUNT) ? backend_names[b] : NULL;
}

karx_status karx_backend_from_name(const char *name, karx_backend *out)
{
    if (name == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    for (int b = 0; b < KARX_I_BACKEND_COUNT; b++) {
        if (strcmp(name, backend_names[b]) == 0) {
            *out = (karx_backend)b;
            return KARX_OK;
        }
    }
    return KARX_ERR_UNKNOWN_ALGORITHM;
}

/* -1 = not chosen yet. */
static int active = -1;

static karx_backend initial_backend(void)
{
    const char *env = getenv("KARX_BACKEND");
    karx_backend b;
    if (env != NULL && *env != '\0' && karx_backend_from_name(env, &b) == KARX_OK &&
        karx_backend_supported(b))
        return b;
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
