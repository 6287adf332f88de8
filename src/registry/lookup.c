/* The public registry calls (karx/registry.h) that read only the lists: listing, lookup by name
 * or id (the services resolve names here too). The kernels of each entry are listed one floor
 * up (src/selftest/kernel_list.c), beside their known-answer tests. MACs are not stored: CMAC
 * exists over every cipher, HMAC over every hash and GMAC over every cipher with a 16-byte
 * block, so their entries are composed from the primitive's descriptor. */
#include <stdio.h>
#include <string.h>

#include "registry.h"

/* What one entry says: its kind and id, its names (a MAC's with a prefix), its sizes, and the
 * kernel it runs on now. */
typedef struct entry {
    karx_alg_kind kind;
    int id;
    const char *prefix, *std_prefix, *name, *std_name;
    size_t block_bytes, key_bytes, output_bytes;
    const char *kernel;
} entry;

static void fill(karx_alg_info *info, entry e)
{
    memset(info, 0, sizeof *info);
    info->kind = e.kind;
    info->id = e.id;
    snprintf(info->name, sizeof info->name, "%s%s", e.prefix, e.name);
    snprintf(info->std_name, sizeof info->std_name, "%s%s", e.std_prefix, e.std_name);
    info->block_bytes = e.block_bytes;
    info->key_bytes = e.key_bytes;
    info->output_bytes = e.output_bytes;
    info->kernel = e.kernel;
}

static void cipher_info(const karx_i_cipher *c, karx_alg_info *info)
{
    fill(info, (entry){KARX_KIND_CIPHER, (int)c->id, "", "", c->name, c->std_name, c->block_bytes,
                       c->key_bytes, 0, karx_i_select(c->impls, c->nimpls)->name});
}

static void mode_info(const karx_i_mode *m, karx_alg_info *info)
{
    fill(info, (entry){KARX_KIND_MODE, (int)m->id, "", "", m->name, m->std_name, 0, 0, 0, ""});
    info->segment_bytes = m->segment_bytes;
    info->has_iv = m->has_iv;
}

static void part_info(const karx_i_part *p, karx_alg_info *info)
{
    fill(info, (entry){KARX_KIND_PART, p->id, "", "", p->name, p->std_name, 16, 0, 0,
                       karx_i_select(p->impls, p->nimpls)->name});
}

static void hash_info(const karx_i_hash *h, karx_alg_info *info)
{
    fill(info, (entry){KARX_KIND_HASH, (int)h->id, "", "", h->name, h->std_name, h->block_bytes,
                       0, h->digest_bytes, karx_i_select(h->impls, h->nimpls)->name});
}

/* A MAC runs on its primitive's kernel; a CMAC's or GMAC's tag is one block, an HMAC's one
 * digest. (GMAC's GHASH runs beside the cipher kernel, which schedules the key and encrypts J0.) */
static void cipher_mac_info(const karx_i_cipher *c, int family, const char *prefix,
                            const char *std_prefix, karx_alg_info *info)
{
    fill(info, (entry){KARX_KIND_MAC, KARX_MAC_ID(family, (int)c->id), prefix, std_prefix,
                       c->name, c->std_name, c->block_bytes, c->key_bytes, c->block_bytes,
                       karx_i_select(c->impls, c->nimpls)->name});
}

static void cmac_info(const karx_i_cipher *c, karx_alg_info *info)
{
    cipher_mac_info(c, KARX_MAC_CMAC, "cmac-", "CMAC-", info);
}

static void gmac_info(const karx_i_cipher *c, karx_alg_info *info)
{
    cipher_mac_info(c, KARX_MAC_GMAC, "gmac-", "GMAC-", info);
}

/* GMAC is defined over 128-bit blocks only. */
static int gmac_ok(const karx_i_cipher *c) { return c != NULL && c->block_bytes == 16; }

/* The index-th cipher with a 16-byte block, or NULL. */
static const karx_i_cipher *gmac_cipher(size_t index)
{
    for (size_t i = 0; i < karx_i_cipher_count; i++)
        if (gmac_ok(karx_i_ciphers[i]) && index-- == 0)
            return karx_i_ciphers[i];
    return NULL;
}

static size_t gmac_count(void)
{
    size_t n = 0;
    while (gmac_cipher(n) != NULL)
        n++;
    return n;
}

static void hmac_info(const karx_i_hash *h, karx_alg_info *info)
{
    fill(info, (entry){KARX_KIND_MAC, KARX_MAC_ID(KARX_MAC_HMAC, (int)h->id), "hmac-", "HMAC-",
                       h->name, h->std_name, h->block_bytes, 0, h->digest_bytes,
                       karx_i_select(h->impls, h->nimpls)->name});
}

size_t karx_alg_count(void)
{
    return 2 * karx_i_cipher_count + karx_i_mode_count + 2 * karx_i_hash_count + gmac_count();
}

karx_status karx_alg_get(size_t index, karx_alg_info *info)
{
    if (info == NULL || index >= karx_alg_count())
        return KARX_ERR_ARGUMENT;
    /* Listing order: ciphers, modes, hashes, CMACs, HMACs, GMACs. */
    size_t i = index, nc = karx_i_cipher_count, nm = karx_i_mode_count, nh = karx_i_hash_count;
    if (i < nc)
        cipher_info(karx_i_ciphers[i], info);
    else if ((i -= nc) < nm)
        mode_info(&karx_i_modes[i], info);
    else if ((i -= nm) < nh)
        hash_info(karx_i_hashes[i], info);
    else if ((i -= nh) < nc)
        cmac_info(karx_i_ciphers[i], info);
    else if ((i -= nc) < nh)
        hmac_info(karx_i_hashes[i], info);
    else
        gmac_info(gmac_cipher(i - nh), info);
    return KARX_OK;
}

/* The part of name after a "cmac-" / "hmac-" / "gmac-" prefix (any case), or NULL. */
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
    rest = after_prefix(name, "gmac-");
    c = rest != NULL ? karx_i_cipher_by_name(rest) : NULL;
    if (gmac_ok(c)) {
        gmac_info(c, info);
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
    const karx_i_part *p = kind == KARX_KIND_PART ? karx_i_part_by_name(name) : NULL;
    if (p == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    part_info(p, info);
    return KARX_OK;
}

karx_status karx_alg_by_id(karx_alg_kind kind, int id, karx_alg_info *info)
{
    if (info == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = NULL;
    const karx_i_hash *h = NULL;
    const karx_i_mode *m = NULL;
    if (kind == KARX_KIND_MAC && KARX_MAC_FAMILY(id) == KARX_MAC_GMAC) {
        c = karx_i_cipher_desc((uint32_t)KARX_MAC_PRIM(id));
        if (!gmac_ok(c))
            return KARX_ERR_UNKNOWN_ALGORITHM;
        gmac_info(c, info);
        return KARX_OK;
    }
    switch (kind) {
    case KARX_KIND_CIPHER: c = karx_i_cipher_desc((uint32_t)id); break;
    case KARX_KIND_MODE: m = karx_i_mode_desc((uint32_t)id); break;
    case KARX_KIND_HASH: h = karx_i_hash_desc((uint32_t)id); break;
    case KARX_KIND_PART: {
        const karx_i_part *p = id >= 0 ? karx_i_part_desc((uint32_t)id) : NULL;
        if (p == NULL)
            return KARX_ERR_UNKNOWN_ALGORITHM;
        part_info(p, info);
        return KARX_OK;
    }
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
