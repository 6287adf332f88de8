/* The public listing of each cipher's, hash's and part's kernels (karx/registry.h:
 * karx_alg_kernel_count, karx_alg_kernel): a floor above the registry, since a kernel's lanes
 * are read from its table (the modes' block kernels, LSH's hooks, a part's own reader). */
#include <string.h>

#include "../modes/block_kernels.h"
#include "../registry/registry.h"

/* The impl list of a cipher, hash or part, or NULL (with *n = 0); *lanes_of says how many
 * blocks or messages a table of it takes side by side. */
typedef struct impl_list {
    const karx_i_impl *impls;
    size_t n;
    const karx_i_hash *hash;  /* set for a hash */
    const karx_i_part *part;  /* set for a part */
} impl_list;

static impl_list impls_of(karx_alg_kind kind, int id)
{
    impl_list l = {NULL, 0, NULL, NULL};
    if (kind == KARX_KIND_CIPHER) {
        const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)id);
        if (c != NULL)
            l.impls = c->impls, l.n = c->nimpls;
    } else if (kind == KARX_KIND_HASH) {
        const karx_i_hash *h = karx_i_hash_desc((uint32_t)id);
        if (h != NULL)
            l.impls = h->impls, l.n = h->nimpls, l.hash = h;
    } else if (kind == KARX_KIND_PART && id >= 0) {
        const karx_i_part *p = karx_i_part_desc((uint32_t)id);
        if (p != NULL)
            l.impls = p->impls, l.n = p->nimpls, l.part = p;
    }
    return l;
}

size_t karx_alg_kernel_count(karx_alg_kind kind, int id) { return impls_of(kind, id).n; }

karx_status karx_alg_kernel(karx_alg_kind kind, int id, size_t index, karx_kernel_info *info)
{
    impl_list l = impls_of(kind, id);
    if (info == NULL)
        return KARX_ERR_ARGUMENT;
    if (l.impls == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (index >= l.n)
        return KARX_ERR_ARGUMENT;
    const karx_i_impl *impl = &l.impls[index];
    memset(info, 0, sizeof *info);
    info->name = impl->name;
    info->backend = impl->backend;
    info->cpu_features = impl->features;
    info->priority = impl->priority;
    info->lanes = l.hash != NULL   ? karx_i_hash_lanes(l.hash, impl->table)
                  : l.part != NULL ? l.part->lanes(impl->table)
                                   : ((const karx_block_kernels *)impl->table)->lanes;
    info->usable = karx_i_impl_usable(impl);
    info->active = karx_i_select(l.impls, l.n) == impl;
    return KARX_OK;
}
