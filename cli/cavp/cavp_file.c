/* The request file and the run over it: lines in, records and section headers found, each
 * record handed to the job's procedure, the response built in memory. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp_run.h"
#include "cli.h"

enum { MAX_SECTIONS = 32 };

struct cavp_ctx {
    const char *file;     /* as named on the command line, for messages */
    const cavp_job *job;
    const char *section[MAX_SECTIONS];
    size_t nsection;
    int section_open;     /* the last line read was a header: the next header adds to them */
    char *out;            /* the response */
    size_t out_len, out_cap;
    int failed, oom;
};

/* ---- output ---- */

static void put(cavp_ctx *c, const char *s, size_t n)
{
    if (c->oom)
        return;
    if (c->out_len + n + 1 > c->out_cap) {
        size_t cap = c->out_cap ? c->out_cap * 2 : 4096;
        while (cap < c->out_len + n + 1)
            cap *= 2;
        char *p = realloc(c->out, cap);
        if (p == NULL) {
            c->oom = 1;
            return;
        }
        c->out = p;
        c->out_cap = cap;
    }
    memcpy(c->out + c->out_len, s, n);
    c->out_len += n;
    c->out[c->out_len] = 0;
}

static void puts_line(cavp_ctx *c, const char *s)
{
    put(c, s, strlen(s));
    put(c, "\n", 1);
}

void cavp_put_hex(cavp_ctx *c, const char *name, const uint8_t *v, size_t len)
{
    static const char digits[] = "0123456789ABCDEF";
    put(c, name, strlen(name));
    put(c, " = ", 3);
    for (size_t i = 0; i < len; i++) {
        char two[2] = {digits[v[i] >> 4], digits[v[i] & 15]};
        put(c, two, 2);
    }
    put(c, "\n", 1);
}

void cavp_put_dec(cavp_ctx *c, const char *name, unsigned long long v)
{
    char num[32];
    snprintf(num, sizeof num, "%llu", v);
    cavp_put_text(c, name, num);
}

void cavp_put_text(cavp_ctx *c, const char *name, const char *text)
{
    if (name != NULL) {
        put(c, name, strlen(name));
        put(c, " = ", 3);
    }
    puts_line(c, text ? text : "");
}

void cavp_put_blank(cavp_ctx *c)
{
    put(c, "\n", 1);
}

void cavp_put_record(cavp_ctx *c, const cavp_record *r)
{
    for (size_t i = 0; i < r->n; i++)
        cavp_put_text(c, r->f[i].name, r->f[i].value);
}

/* ---- what procedures read ---- */

size_t cavp_section_count(const cavp_ctx *c) { return c->nsection; }
const char *cavp_section_at(const cavp_ctx *c, size_t i) { return i < c->nsection ? c->section[i] : NULL; }
const cavp_job *cavp_job_of(const cavp_ctx *c) { return c->job; }

/* "KEY = VALUE" (or "KEY=VALUE") in a header: the value when KEY matches without case. */
const char *cavp_section_value(const cavp_ctx *c, const char *key)
{
    size_t kl = strlen(key);
    for (size_t i = c->nsection; i-- > 0;) {
        const char *s = c->section[i];
        if (strncasecmp(s, key, kl) != 0)
            continue;
        const char *p = s + kl;
        while (*p == ' ')
            p++;
        if (*p != '=')
            continue;
        p++;
        while (*p == ' ')
            p++;
        return p;
    }
    return NULL;
}

const cavp_field *cavp_get_nth(const cavp_record *r, const char *name, size_t nth)
{
    for (size_t i = 0; i < r->n; i++)
        if (strcasecmp(r->f[i].name, name) == 0 && nth-- == 0)
            return &r->f[i];
    return NULL;
}

const cavp_field *cavp_get(const cavp_record *r, const char *name)
{
    return cavp_get_nth(r, name, 0);
}

int cavp_fail(cavp_ctx *c, int line, const char *fmt, ...)
{
    if (c->failed)
        return 0; /* one message per file: the first cause */
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cli_error("%s:%d: %s", c->file, line, msg);
    c->failed = 1;
    return 0;
}

int cavp_hex(cavp_ctx *c, const cavp_record *r, const char *name, size_t want_len, uint8_t **out,
             size_t *len)
{
    const cavp_field *f = cavp_get(r, name);
    if (f == NULL)
        return cavp_fail(c, r->first_line, "%s: missing", name);
    size_t n = strlen(f->value);
    if (n % 2 != 0)
        return cavp_fail(c, f->line, "%s: odd number of hex digits", f->name);
    uint8_t *b = malloc(n / 2 + 1);
    if (b == NULL)
        return cavp_fail(c, f->line, "%s: out of memory", f->name);
    if (n != 0 && cli_unhex(f->value, n, b) != 0) {
        free(b);
        return cavp_fail(c, f->line, "%s: not hex", f->name);
    }
    if (want_len != (size_t)-1 && n / 2 != want_len) {
        free(b);
        return cavp_fail(c, f->line, "%s: %zu bytes, want %zu", f->name, n / 2, want_len);
    }
    *out = b;
    *len = n / 2;
    return 1;
}

int cavp_dec(cavp_ctx *c, const cavp_record *r, const char *name, unsigned long long *out)
{
    const cavp_field *f = cavp_get(r, name);
    if (f == NULL)
        return cavp_fail(c, r->first_line, "%s: missing", name);
    char *end;
    if (!isdigit((unsigned char)f->value[0]))
        return cavp_fail(c, f->line, "%s: not a decimal number", f->name);
    *out = strtoull(f->value, &end, 10);
    if (*end != 0)
        return cavp_fail(c, f->line, "%s: not a decimal number", f->name);
    return 1;
}

/* ---- reading ---- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

/* Splits text (NUL-terminated, modified in place) into lines, CRLF or LF. */
static cavp_line *split_lines(char *text, size_t *count)
{
    size_t cap = 64, n = 0;
    cavp_line *lines = malloc(cap * sizeof *lines);
    for (char *p = text; lines != NULL && *p;) {
        char *e = strchr(p, '\n');
        if (e != NULL)
            *e = 0;
        if (n == cap) {
            cavp_line *l = realloc(lines, (cap *= 2) * sizeof *lines);
            if (l == NULL) {
                free(lines);
                return NULL;
            }
            lines = l;
        }
        lines[n].text = trim(p);
        lines[n].number = (int)n + 1;
        n++;
        if (e == NULL)
            break;
        p = e + 1;
    }
    *count = n;
    return lines;
}

/* "[a][b]" or "[a]": each bracketed part becomes a section header in force. */
static int add_headers(cavp_ctx *c, char *s, int line)
{
    if (!c->section_open)
        c->nsection = 0; /* a new group of headers replaces the previous group */
    c->section_open = 1;
    while (*s == '[') {
        char *e = strchr(s, ']');
        if (e == NULL)
            return cavp_fail(c, line, "section header without ']'");
        *e = 0;
        if (c->nsection == MAX_SECTIONS)
            return cavp_fail(c, line, "more than %d section headers", MAX_SECTIONS);
        c->section[c->nsection++] = trim(s + 1);
        s = trim(e + 1);
    }
    if (*s != 0)
        return cavp_fail(c, line, "text after a section header");
    return 1;
}

/* A record line "NAME = VALUE": split in place into r's next field. */
static int add_field(cavp_ctx *c, cavp_record *r, char *s, int line)
{
    char *eq = strchr(s, '=');
    if (eq == NULL)
        return cavp_fail(c, line, "'%.40s': not a NAME = VALUE line", s);
    if (r->n == CAVP_MAX_FIELDS)
        return cavp_fail(c, line, "more than %d fields in one record", CAVP_MAX_FIELDS);
    *eq = 0;
    char *name = trim(s), *value = trim(eq + 1);
    if (*name == 0)
        return cavp_fail(c, line, "a field without a name");
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-' && *p != ' ' && *p != '(' && *p != ')')
            return cavp_fail(c, line, "'%s': not a field name", name);
    if (r->n == 0)
        r->first_line = line;
    r->f[r->n++] = (cavp_field){name, value, line};
    r->last_line = line;
    return 1;
}

static int answer(cavp_ctx *c, cavp_proc proc, cavp_record *r)
{
    if (r->n == 0)
        return 1;
    int ok = proc(c, r);
    cavp_put_blank(c);
    r->n = 0;
    return ok && !c->failed;
}

int cavp_run(const char *file, const cavp_job *job, cavp_proc proc, char *text, char **out,
             size_t *out_len)
{
    cavp_ctx c = {.file = file, .job = job};
    *out = NULL;
    *out_len = 0;
    size_t n;
    cavp_line *lines = split_lines(text, &n);
    if (lines == NULL) {
        cli_error("%s: out of memory", file);
        return 0;
    }
    cavp_record rec = {.n = 0};
    int ok = 1;
    for (size_t i = 0; ok && i < n; i++) {
        char *s = lines[i].text;
        int num = lines[i].number;
        if (*s == 0) {
            if (rec.n == 0)
                cavp_put_blank(&c); /* the request's own spacing (after headers) is kept */
            else
                ok = answer(&c, proc, &rec);
        } else if (*s == '#') {
            ok = answer(&c, proc, &rec);
            puts_line(&c, s);
        } else if (*s == '[') {
            ok = answer(&c, proc, &rec);
            puts_line(&c, s);
            ok = ok && add_headers(&c, s, num);
            continue;
        } else {
            ok = add_field(&c, &rec, s, num);
        }
        c.section_open = 0;
    }
    if (ok)
        ok = answer(&c, proc, &rec);
    if (ok && c.oom) {
        cli_error("%s: out of memory", file);
        ok = 0;
    }
    free(lines);
    if (!ok || c.failed) {
        free(c.out);
        return 0;
    }
    *out = c.out;
    *out_len = c.out_len;
    return 1;
}
