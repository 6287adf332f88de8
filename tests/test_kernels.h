/* Tests: every kernel of a cipher that this CPU can run, straight from the registry's list
 * (portable first), whatever the active back end: the tests loop over all of them. */
#ifndef KARX_TEST_KERNELS_H
#define KARX_TEST_KERNELS_H

#include <stddef.h>

#include "modes/block_kernels.h"
#include "registry/registry.h"

/* Fills out[0..] with the usable kernel tables of alg (and names[] with their registry names
 * when names is not NULL); returns how many. */
static inline size_t t_cipher_kernels(karx_cipher_alg alg, const karx_block_kernels **out,
                                      const char **names, size_t cap)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    size_t n = 0;
    for (size_t i = 0; c != NULL && i < c->nimpls && n < cap; i++) {
        if (!karx_i_impl_usable(&c->impls[i]))
            continue;
        if (names != NULL)
            names[n] = c->impls[i].name;
        out[n++] = (const karx_block_kernels *)c->impls[i].table;
    }
    return n;
}

/* The table calls of alg use now (at the active back end). */
static inline const karx_block_kernels *t_active_kernels(karx_cipher_alg alg)
{
    return (const karx_block_kernels *)karx_i_cipher_kernels(
        karx_i_cipher_desc((uint32_t)alg));
}

#endif
