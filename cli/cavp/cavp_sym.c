/* Field checks and readers shared by the symmetric-key procedures (cavp_sym.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp_sym.h"

const cavp_field *cavp_sym_any(const cavp_record *r, const char *const *names)
{
    for (size_t k = 0; names[k] != NULL; k++) {
        const cavp_field *f = cavp_get(r, names[k]);
        if (f != NULL)
            return f;
    }
    return NULL;
}

int cavp_sym_one(cavp_ctx *c, const cavp_record *r, const char *const *names,
                 const cavp_field **which)
{
    *which = NULL;
    for (size_t k = 0; names[k] != NULL; k++) {
        const cavp_field *f = cavp_get(r, names[k]);
        if (f == NULL)
            continue;
        if (*which != NULL)
            return cavp_fail(c, f->line, "%s: %s and %s both given (two spellings of one field)",
                             f->name, (*which)->name, f->name);
        *which = f;
    }
    return 1;
}

int cavp_sym_hex(cavp_ctx *c, const cavp_record *r, const char *const *names, size_t want_len,
                 uint8_t **out, size_t *len, const cavp_field **which)
{
    const cavp_field *f;
    if (!cavp_sym_one(c, r, names, &f))
        return 0;
    if (f == NULL)
        return cavp_fail(c, r->first_line, "%s: missing", names[0]);
    if (which != NULL)
        *which = f;
    return cavp_hex(c, r, f->name, want_len, out, len);
}

int cavp_sym_bits(cavp_ctx *c, const cavp_record *r, const char *const *names, size_t *bytes)
{
    unsigned long long bits;
    const cavp_field *f;
    if (!cavp_sym_one(c, r, names, &f))
        return 0;
    if (f != NULL) {
        if (!cavp_number(f->value, &bits))
            return cavp_fail(c, f->line, "%s: not a decimal number that fits", f->name);
        if (bits % 8 != 0 || bits > 8u * 1024 * 1024)
            return cavp_fail(c, f->line, "%s: %llu bits, want whole bytes up to 8 MiB", f->name, bits);
        *bytes = (size_t)(bits / 8);
        return 1;
    }
    for (size_t k = 0; names[k] != NULL; k++) {
        const char *v = cavp_section_value(c, names[k]);
        if (v == NULL)
            continue;
        if (!cavp_number(v, &bits) || bits % 8 != 0 || bits > 8u * 1024 * 1024)
            return cavp_fail(c, r->first_line, "%s: section value '%s' is not a whole number of bytes in bits",
                             names[k], v);
        *bytes = (size_t)(bits / 8);
        return 1;
    }
    return 2;
}

void cavp_sym_free(uint8_t *p, size_t len)
{
    if (p != NULL) {
        karx_memzero(p, len);
        free(p);
    }
}
