/* Lane-kernel selection (lanes.h): the cipher descriptor's lane impl list (src/registry), through
 * the one selection function, so a lane kernel is chosen like every other kernel: the highest
 * priority one the active back end and the CPU run, down the back end's fallback chain. */
#include <string.h>

#include "../cpu/dispatch.h"
#include "../registry/registry.h"
#include "lanes.h"

const karx_i_lanes_kernel *karx_i_lanes_for(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    if (c == NULL || c->lane_impls == NULL || c->nlane_impls == 0)
        return NULL;
    return (const karx_i_lanes_kernel *)karx_i_select(c->lane_impls, c->nlane_impls)->table;
}

const karx_i_lanes_kernel *karx_i_lanes_for_backend(karx_cipher_alg alg, const char *backend)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    karx_backend b;
    if (c == NULL || c->lane_impls == NULL || backend == NULL ||
        karx_backend_from_name(backend, &b) != KARX_OK || !karx_backend_supported(b))
        return NULL;
    const karx_i_impl *best = NULL;
    unsigned have = karx_cpu_features();
    for (size_t i = 0; i < c->nlane_impls; i++) {
        const karx_i_impl *im = &c->lane_impls[i];
        if (im->backend == b && (im->features & have) == im->features &&
            (best == NULL || im->priority > best->priority))
            best = im;
    }
    return best != NULL ? (const karx_i_lanes_kernel *)best->table : NULL;
}

void karx_i_lanes_wipe(void *ctx) { karx_memzero(ctx, KARX_I_LANES_CTX_BYTES); }
