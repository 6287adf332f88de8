/* The public registry calls (karx/registry.h): listing, lookup by name or id, kernels. MACs are
 * not stored: CMAC exists over every cipher and HMAC over every hash, so their entries are
 * composed from the primitive's descriptor. */
#include <stdio.h>
#include <string.h>

#include "../modes/block_kernels.h"
#include "registry.h"

static void set_names(karx_alg_info *info, const char *prefix, const char *std_prefix,
                      const char *name, const char *std_name)
{
    snprintf(info->name, sizeof info->name, "%s%s", prefix, name);
    snprintf(info->std_name, sizeof info->std_name, "%s%s", std_prefix, std_name);
}

static const char *kernel_now(const karx_i_impl *impls, size_t n)
{
    return karx_i_select(impls, n)->name;
}

static void cipher_info(const karx_i_cipher *c, karx_alg_info *info)
{
    memset(info, 0, sizeof *info);
    info->kind = KARX_KIND_CIPHER;
    info->id = (int)c->id;
    set_names(info, "", "", c->name, c->std_name);
    info->block_bytes = c->block_bytes;
    info->key_bytes = c->key_bytes;
    info->kernel = kernel_now(c->impls, c->nimpls);
}

static void mode_info(const karx_i_mode *m, karx_alg_info *info)
{
    memset(info, 0, sizeof *info);
    info->kind = KARX_KIND_MODE;
    info->id = (int)m->id;
    set_names(info, "", "", m->name, m->std_name);
    info->segment_bytes = m->segment_bytes;
    info->has_iv = m->has_iv;
    info->kernel = "";
}

static void hash_info(const karx_i_hash *h, karx_alg_info *info)
{
    memset(info, 0, sizeof *info);
    info->kind = KARX_KIND_HASH;
    info->id = (int)h->id;
    set_names(info, "", "", h->name, h->std_name);
    info->block_bytes = h->block_bytes;
    info->output_bytes = h->digest_bytes;
    info->kernel = kernel_now(h->impls, h->nimpls);
}

static void cmac_info(const karx_i_cipher *c, karx_alg_info *info)
{
    cipher_info(c, info);
    info->kind = KARX_KIND_MAC;
    info->id = KARX_MAC_ID(KARX_MAC_CMAC, (int)c->id);
    set_names(info, "cmac-", "CMAC-", c->name, c->std_name);
    info->output_bytes = c->block_bytes;
}

static void hmac_info(const karx_i_hash *h, karx_alg_info *info)
{
    hash_info(h, info);
    info->kind = KARX_KIND_MAC;
    info->id = KARX_MAC_ID(KARX_MAC_HMAC, (int)h->id);
    set_names(info, "hmac-", "HMAC-", h->name, h->std_name);
}

size_t karx_alg_count(void)
{
    return 2 * karx_i_cipher_count + karx_i_mode_count + 2 * karx_i_hash_count;
}

karx_status karx_alg_get(size_t index, karx_alg_info *info)
{
    if (info == NULL)
        return KARX_ERR_ARGUMENT;
    size_t i = index;
    if (i < karx_i_cipher_count) {
        cipher_info(karx_i_ciphers[i], info);
        return KARX_OK;
    }
    i -= karx_i_cipher_count;
    if (i < karx_i_mode_count) {
        mode_info(&karx_i_modes[i], info);
        return KARX_OK;
    }
    i -= karx_i_mode_count;
    if (i < karx_i_hash_count) {
        hash_info(karx_i_hashes[i], info);
        return KARX_OK;
    }
    i -= karx_i_hash_count;
    if (i < karx_i_cipher_count) {
        cmac_info(karx_i_ciphers[i], info);
        return KARX_OK;
    }
    i -= karx_i_cipher_count;
    if (i < karx_i_hash_count) {
        hmac_info(karx_i_hashes[i], info);
        return KARX_OK;
    }
    return KARX_ERR_ARGUMENT;
}

/* The part of name after a "cmac-" / "hmac-" prefix (any case), or NULL. */
static const char *after_prefix(const char *name, const char *prefix)
{
    size_t n = strlen(prefix);
    for (size_t i = 0; i < n; i++) {
        char ch = name[i];
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (ch != prefix[i])
            return NULL;
    }
    return name[n] != '\0' ? name + n : NULL;
}

static karx_status find_mac(const char *name, karx_alg_info *info)
{
    const char *rest = after_prefix(name, "cmac-");
    const karx_i_cipher *c = rest != NULL ? karx_i_cipher_by_name(rest) : NULL;
    if (c != NULL) {
        cmac_info(c, info);
        return KARX_OK;
    }
    rest = after_prefix(name, "hmac-");
    const karx_i_hash *h = rest != NULL ? karx_i_hash_by_name(rest) : NULL;
    if (h != NULL) {
        hmac_info(h, info);
        return KARX_OK;
    }
    return KARX_ERR_UNKNOWN_ALGORITHM;
}

karx_status karx_alg_find(karx_alg_kind kind, const char *name, karx_alg_info *info)
{
    if (name == NULL || info == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c;
    const karx_i_mode *m;
    const karx_i_hash *h;
    if ((kind == KARX_KIND_ANY || kind == KARX_KIND_CIPHER) &&
        (c = karx_i_cipher_by_name(name)) != NULL) {
        cipher_info(c, info);
        return KARX_OK;
    }
    if ((kind == KARX_KIND_ANY || kind == KARX_KIND_MODE) &&
        (m = karx_i_mode_by_name(name)) != NULL) {
        mode_info(m, info);
        return KARX_OK;
    }
    if ((kind == KARX_KIND_ANY || kind == KARX_KIND_HASH) &&
        (h = karx_i_hash_by_name(name)) != NULL) {
        hash_info(h, info);
        return KARX_OK;
    }
    if (kind == KARX_KIND_ANY || kind == KARX_KIND_MAC)
        return find_mac(name, info);
    return KARX_ERR_UNKNOWN_ALGORITHM;
}

karx_status karx_alg_by_id(karx_alg_kind kind, int id, karx_alg_info *info)
{
    if (info == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = NULL;
    const karx_i_hash *h = NULL;
    const karx_i_mode *m = NULL;
    switch (kind) {
    case KARX_KIND_CIPHER: c = karx_i_cipher_desc((uint32_t)id); break;
    case KARX_KIND_MODE: m = karx_i_mode_desc((uint32_t)id); break;
    case KARX_KIND_HASH: h = karx_i_hash_desc((uint32_t)id); break;
    case KARX_KIND_MAC:
        if (KARX_MAC_FAMILY(id) == KARX_MAC_CMAC)
            c = karx_i_cipher_desc((uint32_t)KARX_MAC_PRIM(id));
        else if (KARX_MAC_FAMILY(id) == KARX_MAC_HMAC)
            h = karx_i_hash_desc((uint32_t)KARX_MAC_PRIM(id));
        break;
    default: break;
    }
    if (c != NULL)
        kind == KARX_KIND_MAC ? cmac_info(c, info) : cipher_info(c, info);
    else if (h != NULL)
        kind == KARX_KIND_MAC ? hmac_info(h, info) : hash_info(h, info);
    else if (m != NULL)
        mode_info(m, info);
    else
        return KARX_ERR_UNKNOWN_ALGORITHM;
    return KARX_OK;
}

/* The impl list of a cipher or hash, or NULL (with *n = 0). */
static const karx_i_impl *impls_of(karx_alg_kind kind, int id, size_t *n, unsigned *lanes_off)
{
    *n = 0;
    if (kind == KARX_KIND_CIPHER) {
        const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)id);
        if (c != NULL) {
            *n = c->nimpls;
            *lanes_off = 0;
            return c->impls;
        }
    } else if (kind == KARX_KIND_HASH) {
        const karx_i_hash *h = karx_i_hash_desc((uint32_t)id);
        if (h != NULL) {
            *n = h->nimpls;
            *lanes_off = 1;
            return h->impls;
        }
    }
    return NULL;
}

size_t karx_alg_kernel_count(karx_alg_kind kind, int id)
{
    size_t n;
    unsigned unused;
    impls_of(kind, id, &n, &unused);
    return n;
}

karx_status karx_alg_kernel(karx_alg_kind kind, int id, size_t index, karx_kernel_info *info)
{
    size_t n;
    unsigned is_hash = 0;
    const karx_i_impl *impls = impls_of(kind, id, &n, &is_hash);
    if (info == NULL)
        return KARX_ERR_ARGUMENT;
    if (impls == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (index >= n)
        return KARX_ERR_ARGUMENT;
    const karx_i_impl *impl = &impls[index];
    memset(info, 0, sizeof *info);
    info->name = impl->name;
    info->backend = impl->backend;
    info->cpu_features = impl->features;
    info->priority = impl->priority;
    info->lanes = is_hash ? karx_i_hash_desc((uint32_t)id)->lanes(impl->table)
                          : ((const karx_block_kernels *)impl->table)->lanes;
    info->usable = karx_i_impl_usable(impl);
    info->active = karx_i_select(impls, n) == impl;
    return KARX_OK;
}
