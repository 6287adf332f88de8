/* karx cavp, DRBG family: CTR_DRBG (every cipher), Hash_DRBG and HMAC_DRBG (every LSH) KAT.
 * One record, as KCMVP (after NIST DRBGVS) writes it:
 *   Instantiate(EntropyInput, Nonce, PersonalizationString);
 *   no PR: Reseed(EntropyInputReseed, AdditionalInputReseed) when the record has
 *          EntropyInputReseed (KCMVP's files always; NIST's no-reseed files never), then
 *          Generate(AdditionalInput #1), Generate(AdditionalInput #2);
 *   PR:    twice Generate with prediction resistance, the k-th reseeding with
 *          (EntropyInputPR #k, AdditionalInput #k) and then generating with none;
 *   ReturnedBits = the output of the second generate (ReturnedBitsLen bits each time).
 * The fields may come in any order (KCMVP writes EntropyInputPR before its AdditionalInput,
 * NIST after); lengths are checked against the section headers that give them. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp_drbg.h"
#include "cli.h"

/* The fields a request record may hold and how many of each (min..max; PR fixes some). */
enum { F_COUNT, F_ENT, F_NONCE, F_PERS, F_ENT_RESEED, F_ADD_RESEED, F_ADD, F_ENT_PR, F_NAMES };
static const char *const names[F_NAMES] = {
    "COUNT", "EntropyInput", "Nonce", "PersonalizationString", "EntropyInputReseed",
    "AdditionalInputReseed", "AdditionalInput", "EntropyInputPR"};

/* A record's decoded inputs; each buffer is freed (and wiped) by inputs_free. */
typedef struct inputs {
    uint8_t *b[10];
    size_t len[10];
    size_t n;
} inputs;

static void inputs_free(inputs *in)
{
    for (size_t i = 0; i < in->n; i++) {
        karx_memzero(in->b[i], in->len[i]);
        free(in->b[i]);
    }
    in->n = 0;
}

/* Decodes field f (NULL: absent, read as empty) into the next buffer of in; want is the exact
 * length its section header fixes, or CAVP_DRBG_ANY. Returns the buffer's index, or -1 after
 * cavp_fail. */
static int decode(cavp_ctx *c, const cavp_field *f, size_t want, inputs *in)
{
    const char *v = f ? f->value : "";
    size_t n = strlen(v);
    if (n % 2 != 0)
        return cavp_fail(c, f->line, "%s: odd number of hex digits", f->name), -1;
    uint8_t *b = malloc(n / 2 + 1);
    if (b == NULL)
        return cavp_fail(c, f ? f->line : 0, "out of memory"), -1;
    if (n != 0 && cli_unhex(v, n, b) != 0) {
        free(b);
        return cavp_fail(c, f->line, "%s: not hex", f->name), -1;
    }
    if (f != NULL && want != CAVP_DRBG_ANY && n / 2 != want) {
        free(b);
        return cavp_fail(c, f->line, "%s: %zu bits, but the section header says %zu", f->name,
                         n / 2 * 8, want * 8),
               -1;
    }
    in->b[in->n] = b;
    in->len[in->n] = n / 2;
    return (int)in->n++;
}

/* Every field known, and present as often as the configuration needs. */
static int check_fields(cavp_ctx *c, const cavp_record *r, const cavp_drbg_cfg *cfg)
{
    size_t count[F_NAMES] = {0};
    for (size_t i = 0; i < r->n; i++) {
        size_t k = 0;
        while (k < F_NAMES && strcasecmp(r->f[i].name, names[k]) != 0)
            k++;
        if (k == F_NAMES) {
            if (strncasecmp(r->f[i].name, "ReturnedBits", 12) == 0)
                return cavp_fail(c, r->f[i].line, "%s: an answer in a request", r->f[i].name);
            return cavp_fail(c, r->f[i].line, "%s: not a DRBG request field", r->f[i].name);
        }
        count[k]++;
        unsigned long long v;
        if (k == F_COUNT && (!cavp_number(r->f[i].value, &v) || v > UINT32_MAX))
            return cavp_fail(c, r->f[i].line, "%s: '%.40s' is not a number from 0 to %lu",
                             r->f[i].name, r->f[i].value, (unsigned long)UINT32_MAX);
    }
    /* min and max of each, by configuration */
    int nonce_optional = cfg->type == KARX_DRBG_CTR && !cfg->use_df;
    size_t lo[F_NAMES] = {0, 1, nonce_optional ? 0 : 1, 1, 0, 0, 2, cfg->pred_res ? 2 : 0};
    size_t hi[F_NAMES] = {1, 1, 1, 1, cfg->pred_res ? 0 : 1, cfg->pred_res ? 0 : 1, 2,
                          cfg->pred_res ? 2 : 0};
    for (size_t k = 0; k < F_NAMES; k++) {
        if (count[k] < lo[k])
            return cavp_fail(c, count[k] ? cavp_get(r, names[k])->line : r->first_line,
                             "%s: missing%s", names[k], lo[k] > 1 ? " (wanted twice)" : "");
        if (count[k] > hi[k]) {
            const cavp_field *f = cavp_get_nth(r, names[k], hi[k]);
            const char *why = hi[k] != 0     ? "given too many times"
                              : cfg->pred_res ? "not in a prediction-resistance request"
                                              : "only in a prediction-resistance request";
            return cavp_fail(c, f->line, "%s: %s", names[k], why);
        }
    }
    if (count[F_ADD_RESEED] && !count[F_ENT_RESEED])
        return cavp_fail(c, cavp_get(r, names[F_ADD_RESEED])->line,
                         "AdditionalInputReseed: without EntropyInputReseed");
    return 1;
}

/* Runs the record's DRBG calls; out gets the second generate's output. */
static int run(cavp_ctx *c, const cavp_record *r, const cavp_drbg_cfg *cfg, inputs *in,
               uint8_t *out)
{
    const cavp_field *fe = cavp_get(r, names[F_ENT]);
    int e = decode(c, fe, cfg->entropy_len, in);
    int no = e < 0 ? -1 : decode(c, cavp_get(r, names[F_NONCE]), cfg->nonce_len, in);
    int ps = no < 0 ? -1 : decode(c, cavp_get(r, names[F_PERS]), cfg->pers_len, in);
    if (ps < 0)
        return 0;
    unsigned flags = (cfg->use_df > 0 && cfg->type == KARX_DRBG_CTR ? KARX_DRBG_USE_DF : 0) |
                     (cfg->pred_res ? KARX_DRBG_PR : 0);
    karx_drbg d;
    memset(&d, 0, sizeof d);
    karx_status st = karx_drbg_instantiate(&d, cfg->type, cfg->alg, flags, in->b[e], in->len[e],
                                           in->b[no], in->len[no], in->b[ps], in->len[ps]);
    if (st != KARX_OK)
        return cavp_fail(c, fe->line,
                         "EntropyInput: instantiate refused it with this Nonce and "
                         "PersonalizationString: %s",
                         karx_strerror(st));
    const cavp_field *fr = cavp_get(r, names[F_ENT_RESEED]);
    if (fr != NULL) {
        int re = decode(c, fr, cfg->entropy_len, in);
        int ra = re < 0 ? -1 : decode(c, cavp_get(r, names[F_ADD_RESEED]), cfg->add_len, in);
        if (ra < 0)
            goto fail;
        st = karx_drbg_reseed(&d, in->b[re], in->len[re], in->b[ra], in->len[ra]);
        if (st != KARX_OK) {
            cavp_fail(c, fr->line, "EntropyInputReseed: reseed refused it: %s", karx_strerror(st));
            goto fail;
        }
    }
    for (size_t k = 0; k < 2; k++) {
        const cavp_field *fa = cavp_get_nth(r, names[F_ADD], k);
        const cavp_field *fp = cavp_get_nth(r, names[F_ENT_PR], k);
        int a = decode(c, fa, cfg->add_len, in);
        int p = a < 0 || fp == NULL ? -1 : decode(c, fp, cfg->entropy_len, in);
        if (a < 0 || (fp != NULL && p < 0))
            goto fail;
        st = fp != NULL ? karx_drbg_generate_pr(&d, out, cfg->out_len, in->b[p], in->len[p],
                                                in->b[a], in->len[a])
                        : karx_drbg_generate(&d, out, cfg->out_len, in->b[a], in->len[a]);
        if (st != KARX_OK) {
            cavp_fail(c, fp ? fp->line : fa->line, "%s: generate #%zu refused it: %s",
                      fp ? fp->name : fa->name, k + 1, karx_strerror(st));
            goto fail;
        }
    }
    karx_drbg_uninstantiate(&d);
    return 1;
fail:
    karx_drbg_uninstantiate(&d);
    return 0;
}

static int drbg_kat(cavp_ctx *c, const cavp_record *r)
{
    cavp_drbg_cfg cfg;
    if (!cavp_drbg_config(c, r, &cfg) || !check_fields(c, r, &cfg))
        return 0;
    if (cfg.out_len == 0 || cfg.out_len > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
        return cavp_fail(c, r->first_line, "ReturnedBitsLen: %zu bits, not 8 to %u",
                         cfg.out_len * 8, KARX_CTR_DRBG_MAX_REQUEST_BYTES * 8);
    uint8_t *out = malloc(cfg.out_len);
    if (out == NULL)
        return cavp_fail(c, r->first_line, "out of memory");
    inputs in = {.n = 0};
    int ok = run(c, r, &cfg, &in, out);
    inputs_free(&in);
    if (ok) {
        cavp_put_record(c, r);
        cavp_put_hex(c, "ReturnedBits", out, cfg.out_len);
    }
    karx_memzero(out, cfg.out_len);
    free(out);
    return ok;
}

cavp_proc cavp_drbg_proc(const cavp_job *job)
{
    int drbg = job->family == CAVP_FAM_CTR_DRBG || job->family == CAVP_FAM_HASH_DRBG ||
               job->family == CAVP_FAM_HMAC_DRBG;
    return drbg && job->test == CAVP_KAT ? drbg_kat : NULL;
}
