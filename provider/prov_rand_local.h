/* What the RAND files share (prov_rand.c: dispatch; prov_rand_params.c: parameters and names;
 * prov_rand_seed.c: entropy, nonce and the parent). One struct per EVP_RAND_CTX. */
#ifndef KARX_PROV_RAND_LOCAL_H
#define KARX_PROV_RAND_LOCAL_H

#include <pthread.h>
#include <time.h>

#include "karx/drbg.h"
#include "prov.h"

/* Most entropy (and nonce) bytes taken per (re)seed: past every seedlen, and what
 * max_entropylen / max_noncelen report. */
#define KARX_RAND_MAX_SEED 256

typedef struct karx_rand {
    karx_prov_ctx *pc;
    karx_drbg_type type; /* fixed by the algorithm fetched (KARX-CTR-DRBG, ...) */
    int alg;             /* karx_cipher_alg (CTR) or karx_lsh_alg; chosen by params */
    int use_df;          /* CTR only */
    int ready;           /* instantiated */
    karx_drbg d;
    pthread_mutex_t *lock; /* after enable_locking: OpenSSL shares a primary DRBG */

    /* The parent (EVP_RAND_CTX_new's second argument) and the calls we use of it. */
    void *parent;
    OSSL_FUNC_rand_enable_locking_fn *p_enable_locking;
    OSSL_FUNC_rand_lock_fn *p_lock;
    OSSL_FUNC_rand_unlock_fn *p_unlock;
    OSSL_FUNC_rand_get_ctx_params_fn *p_get_ctx_params;
    OSSL_FUNC_rand_nonce_fn *p_nonce;
    OSSL_FUNC_rand_get_seed_fn *p_get_seed;
    OSSL_FUNC_rand_clear_seed_fn *p_clear_seed;

    unsigned reseed_requests;    /* OSSL_DRBG_PARAM_RESEED_REQUESTS; 0: only karx's 2^48 */
    time_t reseed_time_interval; /* seconds; 0: none */
    time_t seed_time;            /* of the last (re)seed */
    unsigned seed_count;         /* (re)seeds so far: OSSL_DRBG_PARAM_RESEED_COUNTER */
    unsigned parent_seen;        /* the parent's seed_count at our last (re)seed */
    int parent_seen_ok;          /* the parent reports one */
    uint64_t generate_count;     /* generate calls that gave output: KARX_RAND_PARAM_GENERATES */
} karx_rand;

/* A karx-only gettable parameter (uint64): how many generate requests this instance has served
 * (get_seed for a child included). Lets a test see that RAND_bytes went through it. */
#define KARX_RAND_PARAM_GENERATES "karx_generate_requests"

/* prov_rand_params.c */
unsigned karx_rand_strength(const karx_rand *r); /* bits */
size_t karx_rand_min_entropy(const karx_rand *r);
size_t karx_rand_max_entropy(const karx_rand *r);
size_t karx_rand_min_nonce(const karx_rand *r); /* 0: no nonce (CTR without df) */
int karx_rand_set_ctx_params(void *vr, const OSSL_PARAM params[]);
int karx_rand_get_ctx_params(void *vr, OSSL_PARAM params[]);
OSSL_FUNC_rand_gettable_ctx_params_fn karx_rand_ctr_gettable, karx_rand_hash_gettable,
    karx_rand_hmac_gettable;
OSSL_FUNC_rand_settable_ctx_params_fn karx_rand_ctr_settable, karx_rand_hash_settable,
    karx_rand_hmac_settable;
/* The karx algorithm a name means: "LEA-128-CTR", "LEA-128", "lea128", "CHAM128-128-CTR" for a
 * cipher; "LSH-512-256", "lsh512-256" for a digest. 0 if none. */
int karx_rand_cipher_by_name(const char *name);
int karx_rand_digest_by_name(const char *name);
/* Spelling we report: "LEA-128-CTR", "LSH-512-256". */
void karx_rand_alg_name(const karx_rand *r, char buf[KARX_PROV_NAME_MAX]);

/* prov_rand_seed.c */
void karx_rand_take_parent(karx_rand *r, void *parent, const OSSL_DISPATCH *pd);
/* Fresh entropy into buf (KARX_RAND_MAX_SEED bytes): from the parent's get_seed when there is a
 * parent, else from the OS (karx_os_random). *n: bytes. 1 on success (else an error raised). */
int karx_rand_get_entropy(karx_rand *r, uint8_t *buf, int pr, size_t *n);
int karx_rand_get_nonce(karx_rand *r, uint8_t *buf, size_t *n);
/* The parent's reseed counter, when it reports one (our own DRBGs and OpenSSL's do). */
int karx_rand_parent_count(karx_rand *r, unsigned *count);

#endif
