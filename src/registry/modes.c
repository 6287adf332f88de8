/* Every mode, whatever its calls (karx/registry.h "every mode"): the block modes, the AEADs and
 * XTS listed as one, from their descriptors, so that a front end takes a mode name without a
 * list of its own. */
#include <stdio.h>
#include <string.h>

#include "registry.h"

static void fill(karx_mode_info *info, karx_mode_shape shape, int id, const char *name,
                 const char *std_name, size_t min_block, size_t max_block, size_t key_parts,
                 int approved)
{
    memset(info, 0, sizeof *info);
    info->shape = shape;
    info->id = id;
    snprintf(info->name, sizeof info->name, "%s", name);
    snprintf(info->std_name, sizeof info->std_name, "%s", std_name);
    info->min_block = min_block;
    info->max_block = max_block;
    info->key_parts = key_parts;
    info->approved = approved;
}

static void block_mode(const karx_i_mode *m, karx_mode_info *info)
{
    fill(info, KARX_SHAPE_BLOCK, (int)m->id, m->name, m->std_name, m->min_block, 0, 1,
         m->approved);
}

static void aead_mode(const karx_i_aead *a, karx_mode_info *info)
{
    fill(info, KARX_SHAPE_AEAD, (int)a->id, a->name, a->std_name, a->block_bytes, a->block_bytes,
         1, a->approved);
}

static void xts_mode(const karx_i_xts *x, karx_mode_info *info)
{
    fill(info, KARX_SHAPE_XTS, 0, x->name, x->std_name, x->block_bytes, x->block_bytes,
         x->key_parts, x->approved);
}

size_t karx_mode_count(void)
{
    return karx_i_mode_count + karx_i_aead_count + karx_i_xts_count;
}

karx_status karx_mode_get(size_t index, karx_mode_info *info)
{
    if (info == NULL || index >= karx_mode_count())
        return KARX_ERR_ARGUMENT;
    size_t i = index;
    if (i < karx_i_mode_count)
        block_mode(&karx_i_modes[i], info);
    else if ((i -= karx_i_mode_count) < karx_i_aead_count)
        aead_mode(karx_i_aeads[i], info);
    else
        xts_mode(karx_i_xts_modes[i - karx_i_aead_count], info);
    return KARX_OK;
}

karx_status karx_mode_find(const char *name, karx_mode_info *info)
{
    if (name == NULL || info == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_mode *m = karx_i_mode_by_name(name);
    if (m != NULL) {
        block_mode(m, info);
        return KARX_OK;
    }
    const karx_i_aead *a = karx_i_aead_by_name(name);
    if (a != NULL) {
        aead_mode(a, info);
        return KARX_OK;
    }
    for (size_t i = 0; i < karx_i_xts_count; i++)
        if (karx_i_name_is(name, karx_i_xts_modes[i]->name, karx_i_xts_modes[i]->std_name)) {
            xts_mode(karx_i_xts_modes[i], info);
            return KARX_OK;
        }
    memset(info, 0, sizeof *info);
    return KARX_ERR_UNKNOWN_ALGORITHM;
}

size_t karx_mode_key_bytes(const karx_mode_info *mode, int cipher)
{
    const karx_i_cipher *c = cipher > 0 ? karx_i_cipher_desc((uint32_t)cipher) : NULL;
    if (mode == NULL || c == NULL || c->block_bytes < mode->min_block ||
        (mode->max_block != 0 && c->block_bytes > mode->max_block))
        return 0;
    return mode->key_parts * c->key_bytes;
}
