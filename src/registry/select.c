/* The one kernel-selection function: every cipher and hash picks its kernel here. */
#include "registry.h"

#include "../cpu/dispatch.h"

int karx_i_impl_usable(const karx_i_impl *impl)
{
    return (karx_cpu_features() & impl->features) == impl->features;
}

/* Whether impl lies on the fallback chain of the active back end: active itself, then the
 * back ends below it in the table (backends.h), down to portable. */
static int on_chain(karx_backend impl, karx_backend active)
{
#ifdef KARX_COMPACT
    /* the MCU builds: portable only, and no table in their (AVR: RAM-resident) data */
    return impl == active || impl == KARX_BACKEND_PORTABLE;
#endif
    for (int steps = 0; steps < KARX_I_BACKEND_COUNT; steps++) {
        if (impl == active)
            return 1;
        const karx_i_backend_row *r = karx_i_backend_row_of(active);
        if (r == NULL || active == KARX_BACKEND_PORTABLE)
            break;
        active = r->below;
    }
    return impl == KARX_BACKEND_PORTABLE;
}

int karx_i_impl_allowed(const karx_i_impl *impl)
{
    return on_chain(impl->backend, karx_i_active_backend()) && karx_i_impl_usable(impl);
}

const karx_i_impl *karx_i_select(const karx_i_impl *impls, size_t n)
{
    const karx_i_impl *best = &impls[0];
    for (size_t i = 1; i < n; i++)
        if (impls[i].priority > best->priority && karx_i_impl_allowed(&impls[i]))
            best = &impls[i];
    return best;
}

#ifndef KARX_COMPACT
const karx_i_impl *karx_i_select_cached(const karx_i_impl **cache, const karx_i_impl *impls,
                                        size_t n)
{
    unsigned b = (unsigned)karx_i_active_backend();
    const karx_i_impl *t =
        b < KARX_I_BACKEND_COUNT ? __atomic_load_n(&cache[b], __ATOMIC_ACQUIRE) : NULL;
    if (t == NULL) {
        t = karx_i_select(impls, n);
        if (b < KARX_I_BACKEND_COUNT)
            __atomic_store_n(&cache[b], t, __ATOMIC_RELEASE);
    }
    return t;
}
#endif
