/* The CLI's view of the algorithm registry (karx/registry.h): every list of names it prints,
 * every name it parses and every "which kernel runs" it shows comes from here, so a cipher or
 * hash added to the library appears in every command without a line changed in cli/. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static int has_prefix(const char *name, const char *prefix)
{
    return prefix == NULL || strncmp(name, prefix, strlen(prefix)) == 0;
}

int cli_alg_next(karx_alg_kind kind, const char *prefix, size_t *index, karx_alg_info *info)
{
    while (karx_alg_get((*index)++, info) == KARX_OK)
        if (info->kind == kind && has_prefix(info->name, prefix))
            return 1;
    return 0;
}

/* Appends name to the list in buf (*n bytes so far); 0 once it no longer fits. */
static int add_name(char *buf, size_t cap, size_t *n, const char *sep, const char *name)
{
    int w = snprintf(buf + *n, cap - *n, "%s%s", *n ? sep : "", name);
    if (w < 0 || (size_t)w >= cap - *n) {
        buf[*n] = '\0';
        return 0; /* cut: the list is only ever shown */
    }
    *n += (size_t)w;
    return 1;
}

const char *cli_alg_names(karx_alg_kind kind, const char *prefix, const char *sep, char *buf,
                          size_t cap)
{
    karx_alg_info info;
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; cli_alg_next(kind, prefix, &i, &info);)
        if (!add_name(buf, cap, &n, sep, info.name))
            break;
    return buf;
}

const char *cli_mode_names(const char *sep, char *buf, size_t cap)
{
    karx_mode_info m;
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; karx_mode_get(i, &m) == KARX_OK; i++)
        if (!add_name(buf, cap, &n, sep, m.name))
            break;
    return buf;
}

const char *cli_mode_ciphers(const karx_mode_info *m, const char *sep, char *buf, size_t cap)
{
    karx_alg_info c;
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; cli_alg_next(KARX_KIND_CIPHER, NULL, &i, &c);)
        if (karx_mode_key_bytes(m, c.id) != 0 && !add_name(buf, cap, &n, sep, c.name))
            break;
    return buf;
}

void cli_put_names(FILE *to, karx_alg_kind kind, const char *prefix, int col, int indent)
{
    karx_alg_info info;
    int first = 1;
    for (size_t i = 0; cli_alg_next(kind, prefix, &i, &info);) {
        int len = (int)strlen(info.name);
        if (!first && col + 1 + len > CLI_USAGE_WIDTH) {
            fprintf(to, "\n%*s", indent, "");
            col = indent;
        } else if (!first) {
            fputc(' ', to);
            col++;
        }
        fputs(info.name, to);
        col += len;
        first = 0;
    }
    fputc('\n', to);
}

int cli_alg_arg(karx_alg_kind kind, const char *prefix, const char *name, const char *what,
                karx_alg_info *info)
{
    if (karx_alg_find(kind, name, info) == KARX_OK && has_prefix(info->name, prefix))
        return 0;
    char list[512];
    cli_error("%s: unknown %s (%s)", name, what, cli_alg_names(kind, prefix, ", ", list,
                                                                 sizeof list));
    return EXIT_USAGE;
}

int cli_active_kernel(karx_alg_kind kind, int id, karx_kernel_info *k)
{
    size_t n = karx_alg_kernel_count(kind, id);
    for (size_t i = 0; i < n; i++)
        if (karx_alg_kernel(kind, id, i, k) == KARX_OK && k->active)
            return 1;
    memset(k, 0, sizeof *k);
    k->name = "?";
    return 0;
}
