/* Algorithm name strings for the provider's tables: OpenSSL takes one "A:B:C" string per row. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "prov.h"

static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

const char *karx_prov_names(const char *const *names, size_t n)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += names[i] ? strlen(names[i]) + 1 : 0;
    char *out = malloc(len); /* kept for the process's life: the tables point at it */
    if (out == NULL)
        return NULL;
    out[0] = 0;
    for (size_t i = 0; i < n; i++) {
        if (names[i] == NULL || names[i][0] == 0)
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = names[j] != NULL && same_name(names[i], names[j]);
        if (seen)
            continue;
        if (out[0])
            strcat(out, ":");
        strcat(out, names[i]);
    }
    return out;
}

void karx_prov_std_spelling(const char *in, char *buf)
{
    size_t i = 0;
    for (; in[i] && i + 1 < KARX_PROV_NAME_MAX; i++)
        buf[i] = in[i] == '/' ? '-' : in[i];
    buf[i] = 0;
}
