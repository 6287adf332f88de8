/* The one list of algorithms, and the lookups every name parser and id check goes through. */
#include <string.h>

#include "registry.h"

extern const karx_i_cipher karx_i_lea128_desc, karx_i_lea192_desc, karx_i_lea256_desc,
    karx_i_hight_desc, karx_i_cham64_desc, karx_i_cham128_128_desc, karx_i_cham128_256_desc;
extern const karx_i_cipher karx_i_aria128_desc, karx_i_aria192_desc, karx_i_aria256_desc;
extern const karx_i_cipher karx_i_toy128_desc;
extern const karx_i_hash karx_i_lsh256_224_desc, karx_i_lsh256_256_desc, karx_i_lsh512_224_desc,
    karx_i_lsh512_256_desc, karx_i_lsh512_384_desc, karx_i_lsh512_512_desc;

/* One line per algorithm; the order is the order of listings (`karx info`, benchmarks). */
const karx_i_cipher *const karx_i_ciphers[] = {
    &karx_i_lea128_desc,
    &karx_i_lea192_desc,
    &karx_i_lea256_desc,
    &karx_i_hight_desc,
    &karx_i_cham64_desc,
    &karx_i_cham128_128_desc,
    &karx_i_cham128_256_desc,
#if !defined(KARX_COMPACT) || defined(KARX_WITH_ARIA)
    /* Compact builds (embedded/) leave ARIA out unless asked: its computed S-boxes cost about
     * 29 KB of AVR flash, and they need 64-bit multiplies MSP430's runtime does not have. */
    &karx_i_aria128_desc,
    &karx_i_aria192_desc,
    &karx_i_aria256_desc,
#endif
#ifdef KARX_TOY_CIPHER
    &karx_i_toy128_desc, /* test-only and insecure (src/toy/toy128.h); -DKARX_TOY_CIPHER=ON */
#endif
};
const size_t karx_i_cipher_count = sizeof karx_i_ciphers / sizeof karx_i_ciphers[0];

const karx_i_hash *const karx_i_hashes[] = {
    &karx_i_lsh256_224_desc,
    &karx_i_lsh256_256_desc,
    &karx_i_lsh512_224_desc,
    &karx_i_lsh512_256_desc,
    &karx_i_lsh512_384_desc,
    &karx_i_lsh512_512_desc,
};
const size_t karx_i_hash_count = sizeof karx_i_hashes / sizeof karx_i_hashes[0];

KARX_I_DESC_BY_ID(karx_i_cipher, karx_i_cipher_desc, karx_i_ciphers, karx_i_cipher_count)
KARX_I_DESC_BY_ID(karx_i_hash, karx_i_hash_desc, karx_i_hashes, karx_i_hash_count)

const karx_i_mode *karx_i_mode_desc(uint32_t mode)
{
    for (size_t i = 0; i < karx_i_mode_count; i++)
        if ((uint32_t)karx_i_modes[i].id == mode)
            return &karx_i_modes[i];
    return NULL;
}

int karx_i_squash(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (; *name; name++) {
        if (*name == '-' || *name == '_' || *name == '/' || *name == ' ')
            continue;
        if (n + 1 >= cap)
            return 0;
        char ch = *name; /* ASCII lower-casing (tolower's "C" locale), no <ctype.h> */
        out[n++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
    }
    out[n] = '\0';
    return 1;
}

int karx_i_name_is(const char *name, const char *desc_name, const char *std_name)
{
    char want[KARX_ALG_NAME_MAX], have[KARX_ALG_NAME_MAX];
    if (!karx_i_squash(name, want, sizeof want))
        return 0;
    if (karx_i_squash(desc_name, have, sizeof have) && strcmp(want, have) == 0)
        return 1;
    return std_name != NULL && karx_i_squash(std_name, have, sizeof have) &&
           strcmp(want, have) == 0;
}

KARX_I_DESC_BY_NAME(karx_i_cipher, karx_i_cipher_by_name, karx_i_ciphers, karx_i_cipher_count)

const karx_i_mode *karx_i_mode_by_name(const char *name)
{
    for (size_t i = 0; i < karx_i_mode_count; i++) {
        const karx_i_mode *m = &karx_i_modes[i];
        if (karx_i_name_is(name, m->name, m->std_name) ||
            (m->alias != NULL && karx_i_name_is(name, m->alias, NULL)))
            return m;
    }
    return NULL;
}

KARX_I_DESC_BY_NAME(karx_i_hash, karx_i_hash_by_name, karx_i_hashes, karx_i_hash_count)
