/* The provider's EVP_MAC table, built once from the registry:
 *  - "HMAC", "CMAC", "GMAC": the primitive chosen by OSSL_MAC_PARAM_DIGEST / _CIPHER, as with
 *    OpenSSL's own MACs of those names (fetch them with the property query "provider=karx");
 *    a digest / cipher karx does not have is forwarded to another provider's MAC of the same
 *    name (prov_mac_fwd.c), so a plain fetch that finds karx first still works for SHA-256;
 *  - one row per MAC of the registry, the primitive fixed: "HMAC-LSH-512-512" (also
 *    "hmac-lsh512-512"), "CMAC-LEA-128", "GMAC-LEA-128", ... (names no other provider has, so
 *    they need no property query).
 * The operations are in prov_mac_ctx.c. */
#include <string.h>

#include "prov_mac_ctx.h"

#define PROPS "provider=karx"
#define NSHARED 8 /* entries of karx_mac_functions before its end */

typedef struct mac_row {
    int family, prim;
} mac_row;

static mac_row rows[KARX_PROV_MAX_ROWS];
static OSSL_DISPATCH dispatch[KARX_PROV_MAX_ROWS][NSHARED + 3];
static OSSL_ALGORITHM table[KARX_PROV_MAX_ROWS + 1];

#define THUNK(i)                                                        \
    static void *mac_newctx_##i(void *pc)                               \
    {                                                                   \
        return karx_mac_new(pc, rows[i].family, rows[i].prim);          \
    }
KARX_PROV_REPEAT(THUNK)
#define PTR(i) mac_newctx_##i,
static OSSL_FUNC_mac_newctx_fn *const newctx_of[] = {KARX_PROV_REPEAT(PTR)};

/* Row n: its names, its dispatch (the shared operations plus its newctx and settable). */
static int add_row(size_t n, int family, int prim, const char *const *names, size_t nnames,
                   const char *description)
{
    const char *joined = karx_prov_names(names, nnames);
    if (joined == NULL || n >= KARX_PROV_MAX_ROWS)
        return 0;
    rows[n].family = family;
    rows[n].prim = prim;
    OSSL_DISPATCH *d = dispatch[n];
    d[0].function_id = OSSL_FUNC_MAC_NEWCTX;
    d[0].function = (void (*)(void))newctx_of[n];
    d[1].function_id = OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS;
    d[1].function = (void (*)(void))karx_mac_settable_of(family);
    memcpy(d + 2, karx_mac_functions, (NSHARED + 1) * sizeof *d); /* with its {0, NULL} */
    table[n].algorithm_names = joined;
    table[n].property_definition = PROPS;
    table[n].implementation = d;
    table[n].algorithm_description = description;
    return 1;
}

static int shared_count_ok(void)
{
    size_t n = 0;
    while (karx_mac_functions[n].function_id != 0)
        n++;
    return n == NSHARED;
}

/* The registry's MACs, each a row of its own. */
static int add_registry_rows(size_t *n)
{
    for (size_t i = 0; i < karx_alg_count(); i++) {
        karx_alg_info info;
        char std[KARX_PROV_NAME_MAX];
        if (karx_alg_get(i, &info) != KARX_OK || info.kind != KARX_KIND_MAC)
            continue;
        karx_prov_std_spelling(info.std_name, std);
        const char *names[] = {std, info.name};
        if (!add_row((*n)++, KARX_MAC_FAMILY(info.id), KARX_MAC_PRIM(info.id), names, 2,
                     "karx MAC, primitive fixed by the name"))
            return 0;
    }
    return 1;
}

int karx_prov_macs_build(void)
{
    static const char *const hmac[] = {"HMAC"}, *const cmac[] = {"CMAC"}, *const gmac[] = {"GMAC"};
    size_t n = 0;
    if (!shared_count_ok())
        return 0;
    if (!add_row(n++, KARX_MAC_HMAC, 0, hmac, 1, "karx HMAC over LSH (digest param)") ||
        !add_row(n++, KARX_MAC_CMAC, 0, cmac, 1, "karx CMAC (cipher param)") ||
        !add_row(n++, KARX_MAC_GMAC, 0, gmac, 1, "karx GMAC (cipher and iv params)"))
        return 0;
    return add_registry_rows(&n);
}

const OSSL_ALGORITHM *karx_prov_macs(void)
{
    return table;
}
