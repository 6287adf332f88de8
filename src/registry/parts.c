/* The list of parts (KARX_KIND_PART): building blocks with kernels of their own that are no
 * algorithm by themselves. Apart from registry.c because a part's kernels use the ciphers'
 * (the GCM pass runs a cipher's CTR kernel, its self-test schedules a key): listed there, they
 * would make the registry call itself in a circle. Only the public registry calls and the
 * self-tests read this list. */
#include "registry.h"

extern const karx_i_part karx_i_ghash_part, karx_i_gcm_pass_part;

/* In id order (KARX_PART_*). */
const karx_i_part *const karx_i_parts[] = {
    &karx_i_ghash_part,
    &karx_i_gcm_pass_part,
};
const size_t karx_i_part_count = sizeof karx_i_parts / sizeof karx_i_parts[0];

const karx_i_part *karx_i_part_desc(uint32_t id)
{
    return id < karx_i_part_count ? karx_i_parts[id] : NULL;
}

KARX_I_DESC_BY_NAME(karx_i_part, karx_i_part_by_name, karx_i_parts, karx_i_part_count)
