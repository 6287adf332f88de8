/* The request file and the run over it: lines in, records and section headers found, each
 * record handed to the job's procedure, the response built in memory. */
#include <ctype.h>
#include <limits.h>
#include <errno.h>
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
    const cavp_limits *lim;
    unsigned long long records; /* answered so far */
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
const cavp_limits *cavp_limits_of(const cavp_ctx *c) { return c->lim; }

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

int cavp_number(const char *s, unsigned long long *v)
{
    if (!isdigit((unsigned char)s[0]))
        return 0;
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 10);
    return *end == 0 && errno == 0;
}

int cavp_dec(cavp_ctx *c, const cavp_record *r, const char *name, unsigned long long min,
             unsigned long long max, unsigned long long *out)
{
    const cavp_field *f = cavp_get(r, name);
    if (f == NULL)
        return cavp_fail(c, r->first_line, "%s: missing", name);
    if (!cavp_number(f->value, out)) {
        const char *p = f->value;
        while (isdigit((unsigned char)*p))
            p++;
        if (p != f->value && *p == 0) /* digits only: too many of them */
            return cavp_fail(c, f->line, "%s: %.40s is out of range (%llu to %llu)", f->name,
                             f->value, min, max);
        return cavp_fail(c, f->line, "%s: not a decimal number", f->name);
    }
    if (*out < min || *out > max)
        return cavp_fail(c, f->line, "%s: %llu is out of range (%llu to %llu)", f->name, *out,
                         min, max);
    return 1;
}

static int listed(const char *const *names, const char *name)
{
    for (size_t k = 0; names != NULL && names[k] != NULL; k++)
        if (strcasecmp(names[k], name) == 0)
            return 1;
    return 0;
}

int cavp_only(cavp_ctx *c, const cavp_record *r, const char *const *known,
              const char *const *answers)
{
    for (size_t i = 0; i < r->n; i++) {
        const cavp_field *f = &r->f[i];
        if (listed(answers, f->name))
            return cavp_fail(c, f->line, "%s: an answer in a request (answer lines are written "
                             "by karx, not read)", f->name);
        if (!listed(known, f->name))
            return cavp_fail(c, f->line, "%s: unknown field for this test", f->name);
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(r->f[j].name, f->name) == 0)
                return cavp_fail(c, f->line, "%s: given twice", f->name);
        unsigned long long v;
        if (strcasecmp(f->name, "COUNT") == 0 && (!cavp_number(f->value, &v) || v > UINT32_MAX))
            return cavp_fail(c, f->line, "%s: '%.40s' is not a number from 0 to %lu", f->name,
                             f->value, (unsigned long)UINT32_MAX);
    }
    return 1;
}

/* ---- reading ---- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
    return s;
}

/* The next line of the text at *p (NUL-terminated, cut in place; ends: LF, CRLF or a bare CR),
 * trimmed; *p moves past its end. NULL at the end of the text. */
static char *next_line(char **p)
{
    char *s = *p;
    if (*s == 0)
        return NULL;
    char *e = s + strcspn(s, "\r\n");
    if (*e == '\r' && e[1] == '\n')
        *e++ = 0;
    if (*e != 0)
        *e++ = 0;
    *p = e;
    return trim(s);
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
            return cavp_fail(c, line, "'%.40s': not a field name", name);
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
    c->records++;
    int ok = proc(c, r);
    cavp_put_blank(c);
    r->n = 0;
    return ok && !c->failed;
}

/* A Monte Carlo request's records counted before any is run (each costs 100,000 steps), read
 * as cavp_run reads them: a record starts at a NAME = VALUE line after any other line. 1, or 0
 * after a message at the first record over the cap. */
static int mct_cap(cavp_ctx *c, const char *text)
{
    unsigned long long n = 0;
    int line = 0, in_record = 0;
    for (const char *p = text; *p && line < INT_MAX;) {
        const char *s = p, *e = p + strcspn(p, "\r\n");
        line++;
        while (s < e && (*s == ' ' || *s == '\t'))
            s++;
        int field = s < e && *s != '#' && *s != '[';
        if (field && !in_record && ++n > c->lim->max_mct) {
            size_t name = strcspn(s, "=\r\n");
            while (name > 0 && (s[name - 1] == ' ' || s[name - 1] == '\t'))
                name--;
            return cavp_fail(c, line, "%.*s: more than %llu Monte Carlo records in one file (each "
                             "runs 100,000 steps; --max-mct N allows more)", (int)(name < 40 ? name : 40),
                             s, c->lim->max_mct);
        }
        in_record = field;
        p = e[0] == '\r' && e[1] == '\n' ? e + 2 : *e ? e + 1 : e;
    }
    return 1;
}

int cavp_run(const char *file, const cavp_job *job, const cavp_limits *lim, cavp_proc proc,
             char *text, char **out, size_t *out_len)
{
    cavp_ctx c = {.file = file, .job = job, .lim = lim};
    *out = NULL;
    *out_len = 0;
    cavp_record rec = {.n = 0};
    int ok = job->test != CAVP_MCT || mct_cap(&c, text), num = 0;
    char *s;
    for (char *p = text; ok && (s = next_line(&p)) != NULL;) {
        if (num == INT_MAX) {
            ok = cavp_fail(&c, num, "too many lines");
            break;
        }
        num++;
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
    if (ok && !c.failed && c.records == 0) {
        cli_error("%s: no records (nothing to answer: no NAME = VALUE lines)", file);
        ok = 0;
    }
    if (!ok || c.failed) {
        free(c.out);
        return 0;
    }
    *out = c.out;
    *out_len = c.out_len;
    return 1;
}
