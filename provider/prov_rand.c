/* EVP_RAND: karx's CTR_DRBG (LEA, HIGHT, CHAM, ARIA), Hash_DRBG and HMAC_DRBG (LSH) as
 * "KARX-CTR-DRBG", "KARX-HASH-DRBG" and "KARX-HMAC-DRBG" only, never as OpenSSL's "CTR-DRBG"
 * etc.: OpenSSL 3.0 resolves a name fetched without a property query to the first-activated
 * provider, so with karx activated first the library's primary DRBG would be ours, asked for
 * AES-256-CTR, and refuse: no random bytes for the whole process. The cipher or digest is a
 * parameter (prov_rand_params.c); entropy comes from the parent, or from the OS without one
 * (prov_rand_seed.c). EVP takes our lock around each call, so these functions do not. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "prov_rand_local.h"

static void *rand_new(void *provctx, void *parent, const OSSL_DISPATCH *pd, karx_drbg_type type)
{
    karx_rand *r = karx_prov_ctx_new(provctx, sizeof *r);
    if (r == NULL)
        return NULL;
    r->pc = provctx;
    r->type = type;
    r->use_df = 1;
    r->alg = type == KARX_DRBG_CTR ? (int)KARX_CIPHER_LEA256 : (int)KARX_LSH512_512;
    karx_rand_take_parent(r, parent, pd);
    return r;
}

static void *ctr_new(void *pc, void *parent, const OSSL_DISPATCH *pd)
{
    return rand_new(pc, parent, pd, KARX_DRBG_CTR);
}

static void *hash_new(void *pc, void *parent, const OSSL_DISPATCH *pd)
{
    return rand_new(pc, parent, pd, KARX_DRBG_HASH);
}

static void *hmac_new(void *pc, void *parent, const OSSL_DISPATCH *pd)
{
    return rand_new(pc, parent, pd, KARX_DRBG_HMAC);
}

static void rand_free(void *vr)
{
    karx_rand *r = vr;
    if (r == NULL)
        return;
    karx_drbg_uninstantiate(&r->d);
    if (r->lock != NULL) {
        pthread_mutex_destroy(r->lock);
        free(r->lock);
    }
    karx_prov_ctx_free(r, sizeof *r);
}

/* What a (re)seed leaves behind besides the karx state. */
static void seeded(karx_rand *r)
{
    r->seed_time = time(NULL);
    r->seed_count++;
    if (r->seed_count == 0) /* 0 reads as "never seeded" to a child */
        r->seed_count = 1;
    r->parent_seen_ok = karx_rand_parent_count(r, &r->parent_seen);
}

static int apply_interval(karx_rand *r)
{
    uint64_t n = r->reseed_requests ? r->reseed_requests : karx_ctr_drbg_max_reseed_interval();
    karx_status st = karx_drbg_set_reseed_interval(&r->d, n);
    if (st != KARX_OK)
        karx_prov_status_err(r->pc, st, "reseed interval");
    return st == KARX_OK;
}

static int check_strength(karx_rand *r, unsigned strength)
{
    if (strength <= karx_rand_strength(r))
        return 1;
    karx_prov_err(r->pc, KARX_PROV_R_BAD_ARGUMENT, "strength %u asked of a %u-bit DRBG", strength,
                  karx_rand_strength(r));
    return 0;
}

static int instantiate_with(karx_rand *r, const uint8_t *pstr, size_t pstr_len, int pr)
{
    uint8_t ent[KARX_RAND_MAX_SEED], nonce[KARX_RAND_MAX_SEED];
    size_t en = 0, nn = 0;
    int ok = karx_rand_get_entropy(r, ent, pr, &en) && karx_rand_get_nonce(r, nonce, &nn);
    if (ok) {
        unsigned flags = r->type == KARX_DRBG_CTR && r->use_df ? KARX_DRBG_USE_DF : 0;
        karx_status st = karx_drbg_instantiate(&r->d, r->type, r->alg, flags, ent, en, nonce, nn,
                                               pstr, pstr_len);
        if (st != KARX_OK)
            karx_prov_status_err(r->pc, st, "DRBG instantiate");
        ok = st == KARX_OK && apply_interval(r);
    }
    karx_memzero(ent, sizeof ent);
    karx_memzero(nonce, sizeof nonce);
    return ok;
}

static int rand_instantiate(void *vr, unsigned int strength, int pr, const unsigned char *pstr,
                            size_t pstr_len, const OSSL_PARAM params[])
{
    karx_rand *r = vr;
    if (r->ready) {
        karx_prov_err(r->pc, KARX_PROV_R_BAD_ARGUMENT, "already instantiated");
        return 0;
    }
    if (!karx_rand_set_ctx_params(r, params) || !check_strength(r, strength))
        return 0;
    if (!instantiate_with(r, pstr, pstr_len, pr)) {
        karx_drbg_uninstantiate(&r->d);
        return 0;
    }
    r->ready = 1;
    r->generate_count = 0;
    seeded(r);
    return 1;
}

static int rand_uninstantiate(void *vr)
{
    karx_rand *r = vr;
    karx_drbg_uninstantiate(&r->d);
    r->ready = 0;
    return 1;
}

/* Reseed from ent (the caller's) or, when ent is NULL, from our entropy source. */
static int reseed_from(karx_rand *r, int pr, const uint8_t *ent, size_t ent_len,
                       const uint8_t *adin, size_t adin_len)
{
    uint8_t buf[KARX_RAND_MAX_SEED];
    size_t n = ent_len;
    if (ent == NULL) {
        if (!karx_rand_get_entropy(r, buf, pr, &n))
            return 0;
        ent = buf;
    }
    karx_status st = karx_drbg_reseed(&r->d, ent, n, adin, adin_len);
    karx_memzero(buf, sizeof buf);
    if (!karx_prov_ok(r->pc, st, "DRBG reseed"))
        return 0;
    seeded(r);
    return 1;
}

static int not_ready(const karx_rand *r)
{
    if (r->ready)
        return 0;
    karx_prov_err(r->pc, KARX_PROV_R_NOT_INITIALIZED, "DRBG not instantiated");
    return 1;
}

static int rand_reseed(void *vr, int pr, const unsigned char *ent, size_t ent_len,
                       const unsigned char *adin, size_t adin_len)
{
    karx_rand *r = vr;
    return !not_ready(r) && reseed_from(r, pr, ent, ent_len, adin, adin_len);
}

/* Reseeds the karx state does not ask for itself: by time, or because the parent reseeded
 * (so children follow the primary, as OpenSSL's own DRBGs do). */
static int wants_reseed(karx_rand *r)
{
    unsigned pc;
    if (r->reseed_time_interval > 0 && time(NULL) - r->seed_time >= r->reseed_time_interval)
        return 1;
    return r->parent_seen_ok && karx_rand_parent_count(r, &pc) && pc != r->parent_seen;
}

static int rand_generate(void *vr, unsigned char *out, size_t outlen, unsigned int strength,
                         int pr, const unsigned char *adin, size_t adin_len)
{
    karx_rand *r = vr;
    if (not_ready(r) || !check_strength(r, strength))
        return 0;
    if (outlen > KARX_CTR_DRBG_MAX_REQUEST_BYTES) {
        karx_prov_err(r->pc, KARX_PROV_R_DATA_LENGTH, "%zu bytes asked; at most %d per request",
                      outlen, KARX_CTR_DRBG_MAX_REQUEST_BYTES);
        return 0;
    }
    /* SP 800-90A 9.3.1: a reseed in generate takes the additional input, generate none */
    if (pr || wants_reseed(r)) {
        if (!reseed_from(r, pr, NULL, 0, adin, adin_len))
            return 0;
        adin = NULL;
        adin_len = 0;
    }
    karx_status st = karx_drbg_generate(&r->d, out, outlen, adin, adin_len);
    if (st == KARX_ERR_RESEED_REQUIRED) { /* interval used up, or a forked child */
        if (!reseed_from(r, 0, NULL, 0, adin, adin_len))
            return 0;
        st = karx_drbg_generate(&r->d, out, outlen, NULL, 0);
    }
    if (!karx_prov_ok(r->pc, st, "DRBG generate"))
        return 0;
    r->generate_count++;
    return 1;
}

/* As a parent (the child holds our lock while it calls these): len bytes of our output in a
 * buffer of the child's, freed by clear_seed. */
static size_t rand_get_seed(void *vr, unsigned char **pout, int entropy, size_t min_len,
                            size_t max_len, int pr, const unsigned char *adin, size_t adin_len)
{
    karx_rand *r = vr;
    size_t len = entropy > 0 ? ((size_t)entropy + 7) / 8 : 0;
    if (len < min_len)
        len = min_len;
    if (len > max_len || len == 0 || len > KARX_CTR_DRBG_MAX_REQUEST_BYTES) {
        karx_prov_err(r->pc, KARX_PROV_R_DATA_LENGTH, "seed of %zu..%zu bytes asked", min_len,
                      max_len);
        return 0;
    }
    unsigned char *buf = malloc(len);
    if (buf == NULL) {
        karx_prov_err(r->pc, KARX_PROV_R_INTERNAL, "out of memory");
        return 0;
    }
    if (!rand_generate(r, buf, len, 0, pr, adin, adin_len)) {
        free(buf);
        return 0;
    }
    *pout = buf;
    return len;
}

static void rand_clear_seed(void *vr, unsigned char *buf, size_t len)
{
    (void)vr;
    if (buf == NULL)
        return;
    karx_memzero(buf, len);
    free(buf);
}

static int rand_enable_locking(void *vr)
{
    karx_rand *r = vr;
    if (r->lock != NULL)
        return 1;
    /* a child of ours locks us while it takes a seed, so our parent must be lockable too */
    if (r->p_enable_locking != NULL && !r->p_enable_locking(r->parent)) {
        karx_prov_err(r->pc, KARX_PROV_R_INTERNAL, "parent DRBG cannot lock");
        return 0;
    }
    pthread_mutex_t *m = malloc(sizeof *m);
    if (m == NULL || pthread_mutex_init(m, NULL) != 0) {
        free(m);
        karx_prov_err(r->pc, KARX_PROV_R_INTERNAL, "cannot create a lock");
        return 0;
    }
    r->lock = m;
    return 1;
}

static int rand_lock(void *vr)
{
    karx_rand *r = vr;
    return r == NULL || r->lock == NULL || pthread_mutex_lock(r->lock) == 0;
}

static void rand_unlock(void *vr)
{
    karx_rand *r = vr;
    if (r != NULL && r->lock != NULL)
        pthread_mutex_unlock(r->lock);
}

static int rand_verify_zeroization(void *vr)
{
    const karx_rand *r = vr;
    const uint8_t *p = (const uint8_t *)&r->d;
    uint8_t any = 0;
    for (size_t i = 0; i < sizeof r->d; i++)
        any |= p[i];
    return !r->ready && any == 0;
}

#define COMMON_FUNCS                                                                         \
    {OSSL_FUNC_RAND_FREECTX, (void (*)(void))rand_free},                                     \
    {OSSL_FUNC_RAND_INSTANTIATE, (void (*)(void))rand_instantiate},                         \
    {OSSL_FUNC_RAND_UNINSTANTIATE, (void (*)(void))rand_uninstantiate},                     \
    {OSSL_FUNC_RAND_GENERATE, (void (*)(void))rand_generate},                               \
    {OSSL_FUNC_RAND_RESEED, (void (*)(void))rand_reseed},                                   \
    {OSSL_FUNC_RAND_ENABLE_LOCKING, (void (*)(void))rand_enable_locking},                   \
    {OSSL_FUNC_RAND_LOCK, (void (*)(void))rand_lock},                                       \
    {OSSL_FUNC_RAND_UNLOCK, (void (*)(void))rand_unlock},                                   \
    {OSSL_FUNC_RAND_GET_CTX_PARAMS, (void (*)(void))karx_rand_get_ctx_params},              \
    {OSSL_FUNC_RAND_SET_CTX_PARAMS, (void (*)(void))karx_rand_set_ctx_params},              \
    {OSSL_FUNC_RAND_VERIFY_ZEROIZATION, (void (*)(void))rand_verify_zeroization},           \
    {OSSL_FUNC_RAND_GET_SEED, (void (*)(void))rand_get_seed},                               \
    {OSSL_FUNC_RAND_CLEAR_SEED, (void (*)(void))rand_clear_seed}

/* One table per DRBG type: its newctx and its params lists, then the common functions. */
#define FUNCS(type)                                                                          \
    static const OSSL_DISPATCH type##_funcs[] = {                                            \
        {OSSL_FUNC_RAND_NEWCTX, (void (*)(void))type##_new},                                 \
        COMMON_FUNCS,                                                                        \
        {OSSL_FUNC_RAND_GETTABLE_CTX_PARAMS, (void (*)(void))karx_rand_##type##_gettable},   \
        {OSSL_FUNC_RAND_SETTABLE_CTX_PARAMS, (void (*)(void))karx_rand_##type##_settable},   \
        {0, NULL}};
FUNCS(ctr)
FUNCS(hash)
FUNCS(hmac)

#define PROPS "provider=karx"
#define CTR_DESC "karx CTR_DRBG (SP 800-90A, TTAK.KO-12.0189) over LEA, HIGHT, CHAM, ARIA"
#define HASH_DESC "karx Hash_DRBG (SP 800-90A, TTAK.KO-12.0331) over LSH"
#define HMAC_DESC "karx HMAC_DRBG (SP 800-90A) over LSH"

/* Names no other provider has (see the top): loading karx never changes which DRBG a program
 * that asks for "CTR-DRBG" gets. */
static const OSSL_ALGORITHM rands[] = {
    {"KARX-CTR-DRBG", PROPS, ctr_funcs, CTR_DESC},
    {"KARX-HASH-DRBG", PROPS, hash_funcs, HASH_DESC},
    {"KARX-HMAC-DRBG", PROPS, hmac_funcs, HMAC_DESC},
    {NULL, NULL, NULL, NULL}};

int karx_prov_rands_build(void)
{
    return 1; /* a fixed table: the cipher or digest is a parameter, not a row */
}

const OSSL_ALGORITHM *karx_prov_rands(void)
{
    return rands;
}
