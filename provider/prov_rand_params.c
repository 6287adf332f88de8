/* The DRBGs' parameters (the set OpenSSL's own DRBGs have, as far as karx's DRBGs have the
 * matching knob) and the cipher/digest names they take. OpenSSL's rand_lib passes every DRBG
 * the cipher, digest, properties and mac settings of [random] alike ("AES-256-CTR" when none
 * is set), relying on each DRBG to ignore what is not its own; so do we. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "karx/registry.h"
#include "prov_rand_local.h"

unsigned karx_rand_strength(const karx_rand *r)
{
    return (unsigned)karx_drbg_strength_bytes(r->type, r->alg) * 8;
}

size_t karx_rand_min_entropy(const karx_rand *r)
{
    if (r->type == KARX_DRBG_CTR && !r->use_df) /* exactly seedlen (SP 800-90A 10.2.1.3.1) */
        return karx_ctr_drbg_seed_bytes((karx_cipher_alg)r->alg);
    return karx_rand_strength(r) / 8;
}

size_t karx_rand_max_entropy(const karx_rand *r)
{
    if (r->type == KARX_DRBG_CTR && !r->use_df)
        return karx_rand_min_entropy(r);
    return KARX_RAND_MAX_SEED;
}

size_t karx_rand_min_nonce(const karx_rand *r)
{
    if (r->type == KARX_DRBG_CTR && !r->use_df)
        return 0;
    return karx_rand_strength(r) / 16; /* half the strength (SP 800-90A 8.6.7) */
}

/* ---- names ---- */

/* Lower case, without '-', '/', '_': "LEA-128" and "lea128", "CHAM-128/128" and "cham128-128"
 * meet. */
static void squash(const char *in, char *out, size_t cap)
{
    size_t j = 0;
    for (; *in && j + 1 < cap; in++)
        if (*in != '-' && *in != '/' && *in != '_')
            out[j++] = (char)tolower((unsigned char)*in);
    out[j] = 0;
}

static int find_by_name(karx_alg_kind kind, const char *name, int strip_ctr)
{
    char want[KARX_PROV_NAME_MAX], a[KARX_PROV_NAME_MAX], b[KARX_PROV_NAME_MAX];
    if (name == NULL)
        return 0;
    squash(name, want, sizeof want);
    size_t n = strlen(want);
    if (strip_ctr && n > 3 && strcmp(want + n - 3, "ctr") == 0)
        want[n - 3] = 0;
    karx_alg_info info;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        if (karx_alg_get(i, &info) != KARX_OK || info.kind != kind)
            continue;
        squash(info.name, a, sizeof a);
        squash(info.std_name, b, sizeof b);
        if (strcmp(want, a) == 0 || strcmp(want, b) == 0)
            return info.id;
    }
    return 0;
}

int karx_rand_cipher_by_name(const char *name)
{
    int id = find_by_name(KARX_KIND_CIPHER, name, 1);
    return karx_ctr_drbg_seed_bytes((karx_cipher_alg)id) ? id : 0;
}

int karx_rand_digest_by_name(const char *name)
{
    return find_by_name(KARX_KIND_HASH, name, 0);
}

void karx_rand_alg_name(const karx_rand *r, char buf[KARX_PROV_NAME_MAX])
{
    karx_alg_info info;
    int ctr = r->type == KARX_DRBG_CTR;
    buf[0] = 0;
    if (karx_alg_by_id(ctr ? KARX_KIND_CIPHER : KARX_KIND_HASH, r->alg, &info) != KARX_OK)
        return;
    karx_prov_std_spelling(info.std_name, buf);
    if (ctr && strlen(buf) + 5 <= KARX_PROV_NAME_MAX)
        strcat(buf, "-CTR");
}

/* ---- set ---- */

/* The cipher, digest, df and mac settings choose the DRBG: fixed once it is instantiated. */
static int set_choice(karx_rand *r, int *field, int value, const char *what)
{
    if (value == *field)
        return 1;
    if (r->ready) {
        karx_prov_err(r->pc, KARX_PROV_R_BAD_PARAM, "%s cannot change on an instantiated DRBG "
                      "(uninstantiate first)", what);
        return 0;
    }
    *field = value;
    return 1;
}

static int set_alg(karx_rand *r, const OSSL_PARAM *p, int ctr)
{
    const char *name = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
        karx_prov_err(r->pc, KARX_PROV_R_BAD_PARAM, "%s must be a string", p->key);
        return 0;
    }
    int id = ctr ? karx_rand_cipher_by_name(name) : karx_rand_digest_by_name(name);
    if (id == 0 && ctr)
        karx_prov_err(r->pc, KARX_PROV_R_BAD_PARAM, "KARX-CTR-DRBG has no cipher %s (it takes "
                      "LEA-128-CTR, LEA-192-CTR, LEA-256-CTR, HIGHT-CTR, CHAM-*, ARIA-*)", name);
    else if (id == 0)
        karx_prov_err(r->pc, KARX_PROV_R_BAD_PARAM, "KARX-%s-DRBG has no digest %s (it takes "
                      "LSH-256-224 .. LSH-512-512)", r->type == KARX_DRBG_HASH ? "HASH" : "HMAC", name);
    if (id == 0)
        return 0;
    return set_choice(r, &r->alg, id, p->key);
}

static int set_mac(karx_rand *r, const OSSL_PARAM *p)
{
    const char *name = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) || strcasecmp(name, "HMAC") != 0) {
        karx_prov_err(r->pc, KARX_PROV_R_BAD_PARAM, "KARX-HMAC-DRBG takes only mac HMAC, not %s",
                      name ? name : "(not a string)");
        return 0;
    }
    return 1;
}

static int set_reseed(karx_rand *r, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_RESEED_REQUESTS)) != NULL) {
        unsigned v;
        if (!karx_prov_get_uint(r->pc, p, &v))
            return 0;
        r->reseed_requests = v;
        if (r->ready) {
            karx_status st = karx_drbg_set_reseed_interval(
                &r->d, v ? v : karx_ctr_drbg_max_reseed_interval());
            if (!karx_prov_ok(r->pc, st, "reseed_requests"))
                return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL)) != NULL &&
        !OSSL_PARAM_get_time_t(p, &r->reseed_time_interval)) {
        karx_prov_err(r->pc, KARX_PROV_R_BAD_PARAM, "reseed_time_interval");
        return 0;
    }
    return 1;
}

int karx_rand_set_ctx_params(void *vr, const OSSL_PARAM params[])
{
    karx_rand *r = vr;
    const OSSL_PARAM *p;
    int ctr = r->type == KARX_DRBG_CTR;
    if (params == NULL)
        return 1;
    /* our DRBGs fetch nothing from OpenSSL: the properties setting has nothing to select */
    if ((p = OSSL_PARAM_locate_const(params, ctr ? OSSL_DRBG_PARAM_CIPHER : OSSL_DRBG_PARAM_DIGEST))
        != NULL && !set_alg(r, p, ctr))
        return 0;
    if (ctr && (p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_USE_DF)) != NULL) {
        int df;
        if (!karx_prov_get_int(r->pc, p, &df))
            return 0;
        if (!set_choice(r, &r->use_df, df != 0, p->key))
            return 0;
    }
    if (r->type == KARX_DRBG_HMAC && (p = OSSL_PARAM_locate_const(params, OSSL_DRBG_PARAM_MAC))
        != NULL && !set_mac(r, p))
        return 0;
    return set_reseed(r, params);
}

/* ---- get ---- */

static int put_time(OSSL_PARAM params[], const char *key, time_t v)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, key);
    return p == NULL || OSSL_PARAM_set_time_t(p, v);
}

/* The longest personalization string / additional input karx takes. */
static size_t max_input(const karx_rand *r)
{
    if (r->type != KARX_DRBG_CTR)
        return KARX_LSH_DRBG_MAX_INPUT_BYTES;
    if (!r->use_df)
        return karx_ctr_drbg_seed_bytes((karx_cipher_alg)r->alg);
    return KARX_CTR_DRBG_MAX_INPUT_BYTES - 2 * KARX_RAND_MAX_SEED; /* df input < 2^32 in all */
}

static int get_sizes(const karx_rand *r, OSSL_PARAM params[])
{
    size_t nonce = karx_rand_min_nonce(r);
    const struct {
        const char *key;
        size_t v;
    } sizes[] = {{OSSL_RAND_PARAM_MAX_REQUEST, KARX_CTR_DRBG_MAX_REQUEST_BYTES},
                 {OSSL_DRBG_PARAM_MIN_ENTROPYLEN, karx_rand_min_entropy(r)},
                 {OSSL_DRBG_PARAM_MAX_ENTROPYLEN, karx_rand_max_entropy(r)},
                 {OSSL_DRBG_PARAM_MIN_NONCELEN, nonce},
                 {OSSL_DRBG_PARAM_MAX_NONCELEN, nonce ? KARX_RAND_MAX_SEED : 0},
                 {OSSL_DRBG_PARAM_MAX_PERSLEN, max_input(r)},
                 {OSSL_DRBG_PARAM_MAX_ADINLEN, max_input(r)}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (!karx_prov_put_size(params, sizes[i].key, sizes[i].v))
            return 0;
    return 1;
}

static int get_choice(const karx_rand *r, OSSL_PARAM params[])
{
    char name[KARX_PROV_NAME_MAX];
    OSSL_PARAM *p;
    karx_rand_alg_name(r, name);
    const char *key = r->type == KARX_DRBG_CTR ? OSSL_DRBG_PARAM_CIPHER : OSSL_DRBG_PARAM_DIGEST;
    if ((p = OSSL_PARAM_locate(params, key)) != NULL && !OSSL_PARAM_set_utf8_string(p, name))
        return 0;
    if (r->type == KARX_DRBG_CTR && (p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_USE_DF)) != NULL &&
        !OSSL_PARAM_set_int(p, r->use_df))
        return 0;
    if (r->type == KARX_DRBG_HMAC && (p = OSSL_PARAM_locate(params, OSSL_DRBG_PARAM_MAC)) != NULL &&
        !OSSL_PARAM_set_utf8_string(p, "HMAC"))
        return 0;
    return 1;
}

int karx_rand_get_ctx_params(void *vr, OSSL_PARAM params[])
{
    const karx_rand *r = vr;
    OSSL_PARAM *p;
    int state = r->ready ? EVP_RAND_STATE_READY : EVP_RAND_STATE_UNINITIALISED;
    if ((p = OSSL_PARAM_locate(params, OSSL_RAND_PARAM_STATE)) != NULL && !OSSL_PARAM_set_int(p, state))
        return 0;
    if ((p = OSSL_PARAM_locate(params, KARX_RAND_PARAM_GENERATES)) != NULL &&
        !OSSL_PARAM_set_uint64(p, r->generate_count))
        return 0;
    return karx_prov_put_uint(params, OSSL_RAND_PARAM_STRENGTH, karx_rand_strength(r)) &&
           get_sizes(r, params) &&
           karx_prov_put_uint(params, OSSL_DRBG_PARAM_RESEED_REQUESTS, r->reseed_requests) &&
           put_time(params, OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, r->reseed_time_interval) &&
           karx_prov_put_uint(params, OSSL_DRBG_PARAM_RESEED_COUNTER, r->seed_count) &&
           put_time(params, OSSL_DRBG_PARAM_RESEED_TIME, r->seed_time) && get_choice(r, params);
}

/* ---- the lists ---- */

#define GETTABLE_COMMON                                                                      \
    OSSL_PARAM_int(OSSL_RAND_PARAM_STATE, NULL), OSSL_PARAM_uint(OSSL_RAND_PARAM_STRENGTH, NULL), \
    OSSL_PARAM_size_t(OSSL_RAND_PARAM_MAX_REQUEST, NULL),                                     \
    OSSL_PARAM_size_t(OSSL_DRBG_PARAM_MIN_ENTROPYLEN, NULL),                                  \
    OSSL_PARAM_size_t(OSSL_DRBG_PARAM_MAX_ENTROPYLEN, NULL),                                  \
    OSSL_PARAM_size_t(OSSL_DRBG_PARAM_MIN_NONCELEN, NULL),                                    \
    OSSL_PARAM_size_t(OSSL_DRBG_PARAM_MAX_NONCELEN, NULL),                                    \
    OSSL_PARAM_size_t(OSSL_DRBG_PARAM_MAX_PERSLEN, NULL),                                     \
    OSSL_PARAM_size_t(OSSL_DRBG_PARAM_MAX_ADINLEN, NULL),                                     \
    OSSL_PARAM_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, NULL),                                   \
    OSSL_PARAM_time_t(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, NULL),                            \
    OSSL_PARAM_uint(OSSL_DRBG_PARAM_RESEED_COUNTER, NULL),                                    \
    OSSL_PARAM_time_t(OSSL_DRBG_PARAM_RESEED_TIME, NULL),                                     \
    OSSL_PARAM_uint64(KARX_RAND_PARAM_GENERATES, NULL)
#define SETTABLE_COMMON                                                                      \
    OSSL_PARAM_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, NULL),                                   \
    OSSL_PARAM_time_t(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, NULL),                            \
    OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_PROPERTIES, NULL, 0)

/* Each type's own params, after the common ones of the list (get or set). */
#define TYPE_PARAMS(kind, COMMON)                                                            \
    static const OSSL_PARAM ctr_##kind[] = {                                                 \
        COMMON, OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_CIPHER, NULL, 0),                     \
        OSSL_PARAM_int(OSSL_DRBG_PARAM_USE_DF, NULL), OSSL_PARAM_END};                       \
    static const OSSL_PARAM hash_##kind[] = {                                                \
        COMMON, OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_DIGEST, NULL, 0), OSSL_PARAM_END};    \
    static const OSSL_PARAM hmac_##kind[] = {                                                \
        COMMON, OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_DIGEST, NULL, 0),                     \
        OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_MAC, NULL, 0), OSSL_PARAM_END};
TYPE_PARAMS(get, GETTABLE_COMMON)
TYPE_PARAMS(set, SETTABLE_COMMON)

/* vr may be NULL (EVP_RAND_gettable_ctx_params asks the algorithm): the lists are per type. */
#define LISTS(type)                                                                          \
    KARX_PROV_PARAM_LIST_FN(karx_rand_##type##_gettable, type##_get)                         \
    KARX_PROV_PARAM_LIST_FN(karx_rand_##type##_settable, type##_set)
LISTS(ctr)
LISTS(hash)
LISTS(hmac)
