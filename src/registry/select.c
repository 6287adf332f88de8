/* The one kernel-selection function: every cipher, hash and part picks its kernel here. */
#include "registry.h"

#include "../cpu/dispatch.h"

int karx_i_impl_usable(const karx_i_impl *impl)
{
    return (karx_cpu_features() & impl->features) == impl->features;
}

/* The back ends on the fallback chain of active, one bit each: active itself, then the back
 * ends below it in the table (backends.h), down to portable, which is on every chain. */
static unsigned chain_of(karx_backend active)
{
#ifdef KARX_COMPACT
    /* the MCU builds: portable only, and no table in their (AVR: RAM-resident) data */
    return 1u << KARX_BACKEND_PORTABLE | 1u << active;
#else
    unsigned chain = 1u << KARX_BACKEND_PORTABLE;
    const karx_i_backend_row *r;
    for (int steps = 0; steps < KARX_I_BACKEND_COUNT && (r = karx_i_backend_row_of(active)) != NULL;
         steps++) {
        chain |= 1u << active;
        if (active == KARX_BACKEND_PORTABLE)
            break;
        active = r->below;
    }
    return chain;
#endif
}

static int allowed_in(const karx_i_impl *impl, unsigned chain, unsigned features)
{
    return (unsigned)impl->backend < 32 && (chain >> impl->backend & 1u) &&
           (features & impl->features) == impl->features;
}

int karx_i_impl_allowed(const karx_i_impl *impl)
{
    return allowed_in(impl, chain_of(karx_i_active_backend()), karx_cpu_features());
}

/* The active back end and the CPU's features are read once per call, not once per impl: this
 * runs on every call of a mode that does not remember its choice. */
const karx_i_impl *karx_i_select(const karx_i_impl *impls, size_t n)
{
    const unsigned chain = chain_of(karx_i_active_backend()), features = karx_cpu_features();
    const karx_i_impl *best = &impls[0];
    for (size_t i = 1; i < n; i++)
        if (impls[i].priority > best->priority && allowed_in(&impls[i], chain, features))
            best = &impls[i];
    return best;
}
