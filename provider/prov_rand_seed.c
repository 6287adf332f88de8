/* Where a karx DRBG's entropy and nonce come from, and what it gives its children.
 *
 * With a parent (OpenSSL's SEED-SRC under the library context's primary DRBG, our primary under
 * the public and private DRBGs, TEST-RAND in tests) everything comes from the parent, as
 * OpenSSL's own DRBGs do: entropy through its get_seed, the nonce through its nonce call (or
 * get_seed when it has none). Without a parent (a DRBG made with EVP_RAND_CTX_new(rand, NULL))
 * both come from the OS through karx_os_random (getrandom). What we offer as a parent (get_seed,
 * clear_seed) is in prov_rand.c, next to the generate it runs: this file calls nothing there. */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "prov_rand_local.h"

void karx_rand_take_parent(karx_rand *r, void *parent, const OSSL_DISPATCH *pd)
{
    r->parent = parent;
    for (; parent != NULL && pd != NULL && pd->function_id != 0; pd++) {
        switch (pd->function_id) {
        case OSSL_FUNC_RAND_ENABLE_LOCKING: r->p_enable_locking = OSSL_FUNC_rand_enable_locking(pd); break;
        case OSSL_FUNC_RAND_LOCK: r->p_lock = OSSL_FUNC_rand_lock(pd); break;
        case OSSL_FUNC_RAND_UNLOCK: r->p_unlock = OSSL_FUNC_rand_unlock(pd); break;
        case OSSL_FUNC_RAND_GET_CTX_PARAMS: r->p_get_ctx_params = OSSL_FUNC_rand_get_ctx_params(pd); break;
        case OSSL_FUNC_RAND_NONCE: r->p_nonce = OSSL_FUNC_rand_nonce(pd); break;
        case OSSL_FUNC_RAND_GET_SEED: r->p_get_seed = OSSL_FUNC_rand_get_seed(pd); break;
        case OSSL_FUNC_RAND_CLEAR_SEED: r->p_clear_seed = OSSL_FUNC_rand_clear_seed(pd); break;
        default: break;
        }
    }
}

static int lock_parent(karx_rand *r)
{
    if (r->p_lock != NULL && !r->p_lock(r->parent)) {
        karx_prov_err(r->pc, KARX_PROV_R_INTERNAL, "cannot lock the parent DRBG");
        return 0;
    }
    return 1;
}

static void unlock_parent(karx_rand *r)
{
    if (r->p_unlock != NULL)
        r->p_unlock(r->parent);
}

/* One parameter of the parent's, read under its lock; 0 when it does not report it. */
static int parent_uint(karx_rand *r, const char *key, unsigned *v)
{
    OSSL_PARAM p[2] = {OSSL_PARAM_construct_uint(key, v), OSSL_PARAM_construct_end()};
    if (r->parent == NULL || r->p_get_ctx_params == NULL || !lock_parent(r))
        return 0;
    int ok = r->p_get_ctx_params(r->parent, p) && OSSL_PARAM_modified(p);
    unlock_parent(r);
    return ok;
}

int karx_rand_parent_count(karx_rand *r, unsigned *count)
{
    return parent_uint(r, OSSL_DRBG_PARAM_RESEED_COUNTER, count);
}

/* A parent weaker than us cannot seed us (SP 800-90A 8.6.5). */
static int parent_strong_enough(karx_rand *r)
{
    unsigned s = 0;
    if (!parent_uint(r, OSSL_RAND_PARAM_STRENGTH, &s)) {
        karx_prov_err(r->pc, KARX_PROV_R_ENTROPY, "the parent DRBG reports no strength");
        return 0;
    }
    if (s < karx_rand_strength(r)) {
        karx_prov_err(r->pc, KARX_PROV_R_ENTROPY, "parent strength %u bits, this DRBG needs %u", s,
                      karx_rand_strength(r));
        return 0;
    }
    return 1;
}

/* min..max bytes from the parent's get_seed into buf. */
static int from_parent(karx_rand *r, uint8_t *buf, size_t min, size_t max, int pr, size_t *n)
{
    if (r->p_get_seed == NULL) {
        karx_prov_err(r->pc, KARX_PROV_R_ENTROPY, "the parent DRBG cannot supply a seed");
        return 0;
    }
    if (!parent_strong_enough(r) || !lock_parent(r))
        return 0;
    unsigned char *p = NULL;
    /* our own address as additional input: siblings never get the same seed */
    const karx_rand *self = r;
    size_t got = r->p_get_seed(r->parent, &p, (int)karx_rand_strength(r), min, max, pr,
                               (const unsigned char *)&self, sizeof self);
    int ok = p != NULL && got >= min && got <= max;
    if (ok)
        memcpy(buf, p, got);
    if (p != NULL && r->p_clear_seed != NULL)
        r->p_clear_seed(r->parent, p, got);
    unlock_parent(r);
    if (!ok)
        karx_prov_err(r->pc, KARX_PROV_R_ENTROPY, "the parent DRBG gave %zu bytes, %zu..%zu needed",
                      got, min, max);
    *n = ok ? got : 0;
    return ok;
}

static int from_os(karx_rand *r, uint8_t *buf, size_t len, size_t *n)
{
    karx_status st = karx_os_random(buf, len);
    if (!karx_prov_ok(r->pc, st, "OS entropy (getrandom)"))
        return 0;
    *n = len;
    return 1;
}

int karx_rand_get_entropy(karx_rand *r, uint8_t *buf, int pr, size_t *n)
{
    size_t min = karx_rand_min_entropy(r), max = karx_rand_max_entropy(r);
    if (r->parent != NULL)
        return from_parent(r, buf, min, max, pr, n);
    return from_os(r, buf, min, n);
}

int karx_rand_get_nonce(karx_rand *r, uint8_t *buf, size_t *n)
{
    size_t min = karx_rand_min_nonce(r), max = KARX_RAND_MAX_SEED;
    *n = 0;
    if (min == 0) /* CTR_DRBG without df takes no nonce */
        return 1;
    if (r->parent == NULL)
        return from_os(r, buf, min, n);
    if (r->p_nonce == NULL) /* SEED-SRC has no nonce call: a nonce from its seed */
        return from_parent(r, buf, min, max, 0, n);
    if (!lock_parent(r))
        return 0;
    size_t got = r->p_nonce(r->parent, buf, karx_rand_strength(r), min, max);
    unlock_parent(r);
    if (got < min || got > max) {
        karx_prov_err(r->pc, KARX_PROV_R_ENTROPY, "the parent DRBG gave a %zu-byte nonce", got);
        return 0;
    }
    *n = got;
    return 1;
}
