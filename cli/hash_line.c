/* The lines karx hash writes, and file names made safe for them, in sha256sum's format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hash.h"
#include "karx/lsh.h"

/* coreutils 9's escape of c ("\\n" for a newline), or NULL for a byte written as it is. */
static const char *escape_of(char c)
{
    return c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : NULL;
}

void cli_hash_put_name(FILE *to, const char *name, int escape)
{
    for (; *name; name++) {
        const char *e = escape ? escape_of(*name) : NULL;
        if (e) fputs(e, to);
        else putc(*name, to);
    }
}

void cli_hash_line(const karx_alg_info *hash, const char *name, const uint8_t *digest, int tag)
{
    char hex[2 * KARX_LSH_MAX_DIGEST_BYTES + 1];
    cli_hex(digest, hash->output_bytes, hex);
    int escape = strpbrk(name, "\\\n\r") != NULL; /* as sha256sum 9: -c reads it back */
    if (escape) putchar('\\');
    if (tag) {
        printf("%s (", hash->std_name); /* the standard's name: "LSH-512-256" */
        cli_hash_put_name(stdout, name, escape);
        printf(") = %s\n", hex);
    } else {
        printf("%s  ", hex);
        cli_hash_put_name(stdout, name, escape);
        putchar('\n');
    }
}

char *cli_hash_msg_name(const char *name)
{
    if (!strpbrk(name, "\n\r")) return NULL;
    char *s = malloc(2 * strlen(name) + 2);
    if (s == NULL) return NULL;
    char *d = s;
    *d++ = '\\';
    for (; *name; name++) {
        const char *e = escape_of(*name);
        if (e) {
            memcpy(d, e, 2);
            d += 2;
        } else {
            *d++ = *name;
        }
    }
    *d = '\0';
    return s;
}
