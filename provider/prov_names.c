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

/* Every name string, chained so that karx_prov_names_free can release them when the module is
 * unloaded (OpenSSL dlcloses it with its last provider; the tables live until then). */
struct name_block {
    struct name_block *next;
    char text[];
};
static struct name_block *blocks;

void karx_prov_names_free(void)
{
    while (blocks != NULL) {
        struct name_block *b = blocks;
        blocks = b->next;
        free(b);
    }
}

const char *karx_prov_names(const char *const *names, size_t n)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += names[i] ? strlen(names[i]) + 1 : 0;
    struct name_block *b = malloc(sizeof *b + len);
    if (b == NULL)
        return NULL;
    b->next = blocks;
    blocks = b;
    char *out = b->text;
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

int karx_prov_cipher_in_openssl(const char *std_name)
{
    return strncmp(std_name, "ARIA", 4) == 0;
}
