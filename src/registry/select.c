/* The one kernel-selection function: every cipher and hash picks its kernel here. */
#include "registry.h"

#include "../cpu/dispatch.h"

int karx_i_impl_usable(const karx_i_impl *impl)
{
    return (karx_cpu_features() & impl->features) == impl->features;
}

/* The fallback chain of the active back end: x86 back ends fall to narrower x86 ones, NEON
 * only to portable, portable to nothing. */
static int on_chain(karx_backend impl, karx_backend active)
{
    if (impl == KARX_BACKEND_PORTABLE)
        return 1;
    if (active == KARX_BACKEND_NEON || impl == KARX_BACKEND_NEON)
        return impl == active;
    return impl <= active;
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
