/* DRBG names: a prefix for the construction ("ctr", "hash", "hmac"), then the cipher or hash
 * name in any spelling the registry's parser (karx_alg_find) accepts. */
#include <ctype.h>

#include "karx/drbg.h"
#include "karx/registry.h"

static const struct {
    const char *prefix;
    karx_drbg_type type;
    karx_alg_kind kind;
} drbg_prefixes[] = {
    {"ctr", KARX_DRBG_CTR, KARX_KIND_CIPHER},
    {"hash", KARX_DRBG_HASH, KARX_KIND_HASH},
    {"hmac", KARX_DRBG_HMAC, KARX_KIND_HASH},
};

/* The rest of name after a case-insensitive prefix, or NULL. */
static const char *after_prefix(const char *name, const char *prefix)
{
    for (; *prefix != '\0'; prefix++, name++)
        if (tolower((unsigned char)*name) != *prefix)
            return NULL;
    return name;
}

karx_status karx_drbg_from_name(const char *name, karx_drbg_type *type, int *alg)
{
    if (name == NULL || type == NULL || alg == NULL)
        return KARX_ERR_ARGUMENT;
    for (size_t i = 0; i < sizeof drbg_prefixes / sizeof *drbg_prefixes; i++) {
        const char *rest = after_prefix(name, drbg_prefixes[i].prefix);
        karx_alg_info info;
        if (rest != NULL && *rest != '\0' &&
            karx_alg_find(drbg_prefixes[i].kind, rest, &info) == KARX_OK) {
            *type = drbg_prefixes[i].type;
            *alg = info.id;
            return KARX_OK;
        }
    }
    return KARX_ERR_UNKNOWN_ALGORITHM;
}
