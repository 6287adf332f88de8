/* The three DRBGs (CTR, Hash, HMAC) behind one table, so a test of their common contract (fork
 * safety, OS seeding, errors) is written once for all of them. Header-only, for the tests. */
#ifndef KARX_TEST_DRBG_API_H
#define KARX_TEST_DRBG_API_H

#include "karx/drbg.h"

typedef union t_drbg_state {
    karx_ctr_drbg ctr;
    karx_hash_drbg hash;
    karx_hmac_drbg hmac;
} t_drbg_state;

typedef struct t_drbg {
    const char *name;
    karx_drbg_type type;
    size_t size; /* of its state */
    /* the entropy length the tests use for alg (CTR: seedlen, valid with and without df) */
    size_t (*entropy_len)(int alg);
    karx_status (*inst)(void *d, int alg, unsigned flags, const uint8_t *e, size_t en,
                        const uint8_t *n, size_t nn, const uint8_t *p, size_t pn);
    karx_status (*reseed)(void *d, const uint8_t *e, size_t en, const uint8_t *a, size_t an);
    karx_status (*gen)(void *d, uint8_t *out, size_t n, const uint8_t *a, size_t an);
    karx_status (*gen_pr)(void *d, uint8_t *out, size_t n, const uint8_t *e, size_t en,
                          const uint8_t *a, size_t an);
    karx_status (*interval)(void *d, uint64_t v);
    void (*uninst)(void *d);
    karx_status (*inst_os)(void *d, int alg, unsigned flags, const uint8_t *p, size_t pn);
    karx_status (*reseed_os)(void *d, const uint8_t *a, size_t an);
    karx_status (*gen_os)(void *d, uint8_t *out, size_t n, const uint8_t *a, size_t an);
} t_drbg;

/* The wrappers of one DRBG type: karx_<pre>_drbg_* over its state type and algorithm enum. */
#define T_DRBG_WRAP(pre, ST, AT)                                                                \
    static karx_status pre##_inst(void *d, int alg, unsigned f, const uint8_t *e, size_t en,    \
                                  const uint8_t *n, size_t nn, const uint8_t *p, size_t pn)     \
    {                                                                                           \
        return karx_##pre##_drbg_instantiate((ST *)d, (AT)alg, f, e, en, n, nn, p, pn);         \
    }                                                                                           \
    static karx_status pre##_reseed(void *d, const uint8_t *e, size_t en, const uint8_t *a,     \
                                    size_t an)                                                  \
    {                                                                                           \
        return karx_##pre##_drbg_reseed((ST *)d, e, en, a, an);                                 \
    }                                                                                           \
    static karx_status pre##_gen(void *d, uint8_t *o, size_t n, const uint8_t *a, size_t an)    \
    {                                                                                           \
        return karx_##pre##_drbg_generate((ST *)d, o, n, a, an);                                \
    }                                                                                           \
    static karx_status pre##_gen_pr(void *d, uint8_t *o, size_t n, const uint8_t *e,            \
                                    size_t en, const uint8_t *a, size_t an)                     \
    {                                                                                           \
        return karx_##pre##_drbg_generate_pr((ST *)d, o, n, e, en, a, an);                      \
    }                                                                                           \
    static karx_status pre##_interval(void *d, uint64_t v)                                      \
    {                                                                                           \
        return karx_##pre##_drbg_set_reseed_interval((ST *)d, v);                               \
    }                                                                                           \
    static void pre##_uninst(void *d)                                                           \
    {                                                                                           \
        karx_##pre##_drbg_uninstantiate((ST *)d);                                               \
    }                                                                                           \
    static karx_status pre##_inst_os(void *d, int alg, unsigned f, const uint8_t *p, size_t pn) \
    {                                                                                           \
        return karx_##pre##_drbg_instantiate_os((ST *)d, (AT)alg, f, p, pn);                    \
    }                                                                                           \
    static karx_status pre##_reseed_os(void *d, const uint8_t *a, size_t an)                    \
    {                                                                                           \
        return karx_##pre##_drbg_reseed_os((ST *)d, a, an);                                     \
    }                                                                                           \
    static karx_status pre##_gen_os(void *d, uint8_t *o, size_t n, const uint8_t *a, size_t an) \
    {                                                                                           \
        return karx_##pre##_drbg_generate_os((ST *)d, o, n, a, an);                             \
    }

#define T_DRBG_ENTRY(pre, TYPE, ST, elen)                                                       \
    {#pre, TYPE, sizeof(ST), elen, pre##_inst, pre##_reseed, pre##_gen, pre##_gen_pr,            \
     pre##_interval, pre##_uninst, pre##_inst_os, pre##_reseed_os, pre##_gen_os}

T_DRBG_WRAP(ctr, karx_ctr_drbg, karx_cipher_alg)
T_DRBG_WRAP(hash, karx_hash_drbg, karx_lsh_alg)
T_DRBG_WRAP(hmac, karx_hmac_drbg, karx_lsh_alg)

static size_t t_ctr_entropy_len(int alg)
{
    return karx_ctr_drbg_seed_bytes((karx_cipher_alg)alg);
}

static size_t t_lsh_entropy_len(int alg)
{
    return karx_lsh_drbg_strength_bytes((karx_lsh_alg)alg);
}

static const t_drbg t_drbgs[3] = {
    T_DRBG_ENTRY(ctr, KARX_DRBG_CTR, karx_ctr_drbg, t_ctr_entropy_len),
    T_DRBG_ENTRY(hash, KARX_DRBG_HASH, karx_hash_drbg, t_lsh_entropy_len),
    T_DRBG_ENTRY(hmac, KARX_DRBG_HMAC, karx_hmac_drbg, t_lsh_entropy_len),
};

#define T_DRBG_CTR (&t_drbgs[0])
#define T_DRBG_HASH (&t_drbgs[1])
#define T_DRBG_HMAC (&t_drbgs[2])

#endif
