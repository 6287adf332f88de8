/* karx cavp, DRBG family: the configuration of a record from its section headers and the job.
 * KCMVP's DRBG requests follow NIST's DRBGVS: a group of headers before each set of records,
 * one naming the primitive (and for CTR_DRBG the derivation function, "[LEA-128 use DF]" /
 * "[LEA-128 no DF]"), the others "[NAME = VALUE]" with lengths in bits. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp_drbg.h"

/* A "[... = n]" header in bits, as bytes: 1 (and *bytes = CAVP_DRBG_ANY when absent), or 0
 * after cavp_fail. */
static int bits_header(cavp_ctx *c, const cavp_record *r, const char *key, int required,
                       size_t *bytes)
{
    const char *v = cavp_section_value(c, key);
    *bytes = CAVP_DRBG_ANY;
    if (v == NULL) {
        if (required)
            return cavp_fail(c, r->first_line, "%s: no [%s = n] section header", key, key);
        return 1;
    }
    unsigned long long n;
    if (!cavp_number(v, &n) || n % 8 != 0 || n > 0xffffffffull)
        return cavp_fail(c, r->first_line,
                         "%s: section header value '%s' is not a whole number of bytes in bits",
                         key, v);
    *bytes = (size_t)(n / 8);
    return 1;
}

/* Cuts a trailing " use X" / " no X" (X = DF or PR) off s: 1 or 0 into *flag, else -1. */
static int option_suffix(char *s, const char *x)
{
    size_t n = strlen(s), xl = strlen(x);
    const char *forms[] = {"use ", "no "};
    for (int i = 0; i < 2; i++) {
        size_t fl = strlen(forms[i]);
        if (n >= fl + xl && strcasecmp(s + n - xl, x) == 0 &&
            strncasecmp(s + n - xl - fl, forms[i], fl) == 0) {
            s[n - xl - fl] = 0;
            for (size_t k = strlen(s); k > 0 && (s[k - 1] == ' ' || s[k - 1] == '_'); k--)
                s[k - 1] = 0;
            return i == 0;
        }
    }
    return -1;
}

/* The primitive and DRBG options a "[...]" header without '=' names. */
static int name_header(cavp_ctx *c, const cavp_record *r, const char *h, cavp_drbg_cfg *cfg)
{
    char s[96];
    if (strlen(h) >= sizeof s)
        return cavp_fail(c, r->first_line, "section header [%.40s...]: too long", h);
    strcpy(s, h);
    for (int again = 1; again;) {
        int df = option_suffix(s, "DF"), pr = df < 0 ? option_suffix(s, "PR") : -1;
        if (df >= 0)
            cfg->use_df = df;
        if (pr >= 0)
            cfg->pred_res = pr;
        again = df >= 0 || pr >= 0;
    }
    if (s[0] == 0)
        return 1;
    karx_alg_info info;
    karx_alg_kind kind = cfg->type == KARX_DRBG_CTR ? KARX_KIND_CIPHER : KARX_KIND_HASH;
    int lea196 = strcasecmp(s, "LEA-196") == 0 || strcasecmp(s, "LEA196") == 0;
    const char *name = lea196 ? "LEA-192" : s;
    if (karx_alg_find(kind, name, &info) != KARX_OK)
        return cavp_fail(c, r->first_line, "section header [%s]: '%s' is not a %s", h, s,
                         kind == KARX_KIND_CIPHER ? "block cipher" : "LSH variant");
    cfg->alg = info.id;
    return 1;
}

int cavp_drbg_config(cavp_ctx *c, const cavp_record *r, cavp_drbg_cfg *cfg)
{
    const cavp_job *job = cavp_job_of(c);
    memset(cfg, 0, sizeof *cfg);
    cfg->type = job->family == CAVP_FAM_CTR_DRBG    ? KARX_DRBG_CTR
                : job->family == CAVP_FAM_HASH_DRBG ? KARX_DRBG_HASH
                                                    : KARX_DRBG_HMAC;
    cfg->alg = cfg->type == KARX_DRBG_CTR ? job->cipher : job->lsh;
    cfg->use_df = job->use_df;
    cfg->pred_res = job->pred_res;
    for (size_t i = 0; i < cavp_section_count(c); i++) {
        const char *h = cavp_section_at(c, i);
        if (strchr(h, '=') == NULL && !name_header(c, r, h, cfg))
            return 0;
    }
    const char *pr = cavp_section_value(c, "PredictionResistance");
    if (pr != NULL) {
        if (strcasecmp(pr, "TRUE") != 0 && strcasecmp(pr, "FALSE") != 0)
            return cavp_fail(c, r->first_line,
                             "PredictionResistance: section header value '%s' is not TRUE or FALSE",
                             pr);
        cfg->pred_res = strcasecmp(pr, "TRUE") == 0;
    }
    if (cfg->alg == 0)
        return cavp_fail(c, r->first_line,
                         "neither the file name nor a section header names the %s",
                         cfg->type == KARX_DRBG_CTR ? "block cipher" : "LSH variant");
    if (cfg->pred_res < 0)
        return cavp_fail(c, r->first_line, "PredictionResistance: %s",
                         "neither the file name nor a section header says it");
    if (cfg->type == KARX_DRBG_CTR && cfg->use_df < 0)
        return cavp_fail(c, r->first_line,
                         "neither the file name nor a section header says use DF or no DF");
    return bits_header(c, r, "EntropyInputLen", 0, &cfg->entropy_len) &&
           bits_header(c, r, "NonceLen", 0, &cfg->nonce_len) &&
           bits_header(c, r, "PersonalizationStringLen", 0, &cfg->pers_len) &&
           bits_header(c, r, "AdditionalInputLen", 0, &cfg->add_len) &&
           bits_header(c, r, "ReturnedBitsLen", 1, &cfg->out_len);
}
