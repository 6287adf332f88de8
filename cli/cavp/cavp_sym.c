/* Field checks and readers shared by the symmetric-key procedures (cavp_sym.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp_sym.h"

int cavp_sym_only(cavp_ctx *c, const cavp_record *r, const char *const *names)
{
    for (size_t i = 0; i < r->n; i++) {
        size_t k = 0;
        while (names[k] != NULL && strcasecmp(names[k], r->f[i].name) != 0)
            k++;
        if (names[k] == NULL)
            return cavp_fail(c, r->f[i].line, "%s: unknown field for this test", r->f[i].name);
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(r->f[j].name, r->f[i].name) == 0)
                return cavp_fail(c, r->f[i].line, "%s: given twice", r->f[i].name);
    }
    return 1;
}

const cavp_field *cavp_sym_any(const cavp_record *r, const char *const *names)
{
    for (size_t k = 0; names[k] != NULL; k++) {
        const cavp_field *f = cavp_get(r, names[k]);
        if (f != NULL)
            return f;
    }
    return NULL;
}

int cavp_sym_hex(cavp_ctx *c, const cavp_record *r, const char *const *names, size_t want_len,
                 uint8_t **out, size_t *len, const cavp_field **which)
{
    const cavp_field *f = cavp_sym_any(r, names);
    if (f == NULL)
        return cavp_fail(c, r->first_line, "%s: missing", names[0]);
    if (which != NULL)
        *which = f;
    return cavp_hex(c, r, f->name, want_len, out, len);
}

/* A decimal text: 1 and *v, or 0. */
static int decimal(const char *s, unsigned long long *v)
{
    if (!isdigit((unsigned char)*s))
        return 0;
    char *end;
    *v = strtoull(s, &end, 10);
    return *end == 0;
}

int cavp_sym_bits(cavp_ctx *c, const cavp_record *r, const char *const *names, size_t *bytes)
{
    unsigned long long bits;
    const cavp_field *f = cavp_sym_any(r, names);
    if (f != NULL) {
        if (!decimal(f->value, &bits))
            return cavp_fail(c, f->line, "%s: not a decimal number", f->name);
        if (bits % 8 != 0 || bits > 8u * 1024 * 1024)
            return cavp_fail(c, f->line, "%s: %llu bits, want whole bytes", f->name, bits);
        *bytes = (size_t)(bits / 8);
        return 1;
    }
    for (size_t k = 0; names[k] != NULL; k++) {
        const char *v = cavp_section_value(c, names[k]);
        if (v == NULL)
            continue;
        if (!decimal(v, &bits) || bits % 8 != 0 || bits > 8u * 1024 * 1024)
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
