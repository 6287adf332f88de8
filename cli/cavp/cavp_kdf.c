/* karx cavp for PBKDF2-HMAC-LSH and KBKDF (docs/VALIDATION.md, "Hash, HMAC, PBKDF2, KBKDF").
 * PBKDF2 (fields as go-krypto's KCMVP tool read them): "Password" (the text as written),
 * "Salt" (hex), "KLen" (bits), "Iteration" (a field or an "[Iteration = n]" header) -> "MK".
 * KBKDF (TTAK.KO-12.0272 / SP 800-108; PRF HMAC-LSH or CMAC from the file name, mode from the
 * name's CTR / FB / DP or a "[MODE = ...]" header): "L" (bits), "KI", "Label", "Context", "IV"
 * (feedback only, may be absent) and "RLEN" (counter bits: 8 16 24 32, "8_BITS", or 0 /
 * "NO COUNTER" in feedback and pipeline mode; a field or a header) -> "KO". [L] is written in
 * the fewest bytes that hold it, as KCMVP-validated TTAK implementations do. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp.h"

/* A decimal parameter in [min, max] given as a record field or, failing that, a "[NAME = n]"
 * header. Above max: the message ends with `over` (the option that moves the limit), if any. */
static int param(cavp_ctx *c, const cavp_record *r, const char *name, unsigned long long min,
                 unsigned long long max, const char *over, unsigned long long *v)
{
    const cavp_field *f = cavp_get(r, name);
    const char *s = f ? f->value : cavp_section_value(c, name);
    int line = f ? f->line : r->first_line;
    if (s == NULL)
        return cavp_fail(c, r->first_line, "%s: missing (a field or a [%s = n] header)", name,
                         name);
    if (!cavp_number(s, v)) {
        const char *p = s;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p == s || *p != 0)
            return cavp_fail(c, line, "%s: %s'%.40s' is not a decimal number", name,
                             f ? "" : "header value ", s);
        *v = ~0ull; /* digits only: too large for any limit */
    }
    if (*v < min)
        return cavp_fail(c, line, "%s: %llu, want at least %llu", name, *v, min);
    if (*v > max)
        return cavp_fail(c, line, "%s: %.40s is over the limit of %llu%s", name, s, max,
                         over ? over : "");
    return 1;
}

/* L / KLen: a whole number of bytes, at least one. */
static int out_bytes(cavp_ctx *c, const cavp_record *r, const char *name, size_t max, size_t *n)
{
    unsigned long long bits;
    if (!cavp_dec(c, r, name, 8, 8ull * max, &bits))
        return 0;
    if (bits % 8 != 0)
        return cavp_fail(c, cavp_get(r, name)->line,
                         "%s: %llu bits, want a multiple of 8 from 8 to %zu", name, bits, max * 8);
    *n = (size_t)(bits / 8);
    return 1;
}

enum {
    MAX_OUT = 1 << 16,   /* bytes of derived key a KBKDF request may ask for */
    MAX_PBKDF2_OUT = 512 /* PBKDF2: 4096 bits, as NIST's ACVP (each PRF block costs Iteration) */
};

static const char *const pbkdf2_fields[] = {"COUNT", "Iteration", "Password", "Salt", "KLen", NULL};
static const char *const pbkdf2_answers[] = {"MK", NULL};
static const char *const kbkdf_fields[] = {"COUNT", "RLEN", "L", "KI", "Label", "Context", "IV", NULL};
static const char *const kbkdf_answers[] = {"KO", NULL};

static int answer_pbkdf2(cavp_ctx *c, const cavp_record *r)
{
    karx_lsh_alg alg = (karx_lsh_alg)cavp_job_of(c)->lsh;
    const cavp_field *pw = cavp_get(r, "Password");
    unsigned long long iter;
    uint8_t *salt = NULL, *mk = NULL;
    size_t salt_len = 0, mk_len = 0;
    if (!cavp_only(c, r, pbkdf2_fields, pbkdf2_answers))
        return 0;
    if (pw == NULL)
        return cavp_fail(c, r->first_line, "Password: missing");
    if (!param(c, r, "Iteration", 1, cavp_limits_of(c)->max_iterations,
               " (--max-iterations N allows more, up to 4294967295)", &iter) ||
        !out_bytes(c, r, "KLen", MAX_PBKDF2_OUT, &mk_len))
        return 0;
    if (!cavp_hex(c, r, "Salt", (size_t)-1, &salt, &salt_len))
        return 0;
    int ok = (mk = malloc(mk_len)) != NULL;
    if (!ok) {
        free(salt);
        return cavp_fail(c, r->first_line, "KLen: out of memory");
    }
    karx_status st = karx_pbkdf2_hmac_lsh(alg, pw->value, strlen(pw->value), salt, salt_len,
                                          (uint32_t)iter, mk, mk_len);
    if (st == KARX_OK) {
        cavp_put_record(c, r);
        cavp_put_hex(c, "MK", mk, mk_len);
    } else {
        ok = cavp_fail(c, r->first_line, "KLen: %s", karx_strerror(st));
    }
    karx_memzero(mk, mk_len);
    free(mk);
    free(salt);
    return ok;
}

/* RLEN: "8", "8_BITS", "0" or "NO COUNTER", from the record or a header. */
static int counter_bits(cavp_ctx *c, const cavp_record *r, unsigned *bits)
{
    const cavp_field *f = cavp_get(r, "RLEN");
    const char *s = f ? f->value : cavp_section_value(c, "RLEN");
    int line = f ? f->line : r->first_line;
    if (s == NULL)
        return cavp_fail(c, line, "RLEN: missing (a field or a [RLEN = n] header)");
    if (strcasecmp(s, "NO COUNTER") == 0 || strcasecmp(s, "NONE") == 0) {
        *bits = 0;
        return 1;
    }
    char digits[3] = {0};
    size_t nd = strspn(s, "0123456789");
    unsigned long long v = 33;
    if (nd >= 1 && nd <= 2 && (s[nd] == 0 || strcasecmp(s + nd, "_BITS") == 0)) {
        memcpy(digits, s, nd);
        cavp_number(digits, &v);
    }
    if (v > 32 || v % 8 != 0)
        return cavp_fail(c, line, "RLEN: '%s', want 8, 16, 24, 32 (bits) or NO COUNTER", s);
    *bits = (unsigned)v;
    return 1;
}

static int kbkdf_mode(cavp_ctx *c, const cavp_record *r, karx_kbkdf_mode *mode)
{
    const char *s = cavp_section_value(c, "MODE");
    if (cavp_job_of(c)->mode != 0) {
        *mode = (karx_kbkdf_mode)cavp_job_of(c)->mode;
        return 1;
    }
    if (s == NULL)
        return cavp_fail(c, r->first_line, "MODE: not in the file name (CTR, FB, DP) or a header");
    if (karx_kbkdf_mode_from_name(s, mode) != KARX_OK)
        return cavp_fail(c, r->first_line, "MODE: '%s' is not counter, feedback or pipeline", s);
    return 1;
}

static int answer_kbkdf(cavp_ctx *c, const cavp_record *r)
{
    const cavp_job *job = cavp_job_of(c);
    karx_kbkdf_params p = {.l_bytes = 0};
    p.prf = job->lsh ? KARX_MAC_ID(KARX_MAC_HMAC, job->lsh)
                     : KARX_MAC_ID(KARX_MAC_CMAC, job->cipher);
    uint8_t *ki = NULL, *label = NULL, *context = NULL, *iv = NULL, *ko = NULL;
    size_t ki_len = 0, ko_len = 0, n = 0;
    int ok = cavp_only(c, r, kbkdf_fields, kbkdf_answers) && kbkdf_mode(c, r, &p.mode) &&
             counter_bits(c, r, &p.counter_bits) &&
             out_bytes(c, r, "L", MAX_OUT, &ko_len) &&
             cavp_hex(c, r, "KI", (size_t)-1, &ki, &ki_len) &&
             cavp_hex(c, r, "Label", (size_t)-1, &label, &p.label_len) &&
             cavp_hex(c, r, "Context", (size_t)-1, &context, &p.context_len);
    if (ok && cavp_get(r, "IV") != NULL) {
        ok = cavp_hex(c, r, "IV", (size_t)-1, &iv, &n);
        p.iv_len = n;
        if (ok && n != 0 && p.mode != KARX_KBKDF_FEEDBACK)
            ok = cavp_fail(c, cavp_get(r, "IV")->line, "IV: only feedback mode takes one");
    }
    if (ok && (ko = malloc(ko_len)) == NULL)
        ok = cavp_fail(c, r->first_line, "L: out of memory");
    if (ok) {
        p.label = label, p.context = context, p.iv = iv;
        karx_status st = karx_kbkdf(&p, ki, ki_len, ko, ko_len);
        if (st == KARX_OK) {
            cavp_put_record(c, r);
            cavp_put_hex(c, "KO", ko, ko_len);
        } else {
            /* the lengths the request chose are the usual cause: name the field that has them */
            const char *field = st == KARX_ERR_KEY_LENGTH      ? "KI"
                                : st == KARX_ERR_OUTPUT_LENGTH ? "L"
                                                               : "RLEN";
            const cavp_field *f = cavp_get(r, field);
            ok = cavp_fail(c, f ? f->line : r->first_line, "%s: %s", field, karx_strerror(st));
        }
    }
    if (ki != NULL)
        karx_memzero(ki, ki_len);
    if (ko != NULL)
        karx_memzero(ko, ko_len);
    free(ki), free(ko), free(label), free(context), free(iv);
    return ok;
}

cavp_proc cavp_kdf_proc(const cavp_job *job)
{
    if (job->test != CAVP_KAT)
        return NULL;
    if (job->family == CAVP_FAM_PBKDF2 && karx_hmac_lsh_bytes((karx_lsh_alg)job->lsh) != 0)
        return answer_pbkdf2;
    if (job->family == CAVP_FAM_KBKDF && (job->lsh != 0 || job->cipher != 0))
        return answer_kbkdf;
    return NULL;
}
