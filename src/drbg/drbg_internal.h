/* Internal to the DRBG (and its callers inside the library; tests reach it through src/).
 *
 * CTR_DRBG generate split around a keystream made elsewhere (the GPU back end): begin (same
 * checks as karx_ctr_drbg_generate, so it also refuses with KARX_ERR_RESEED_REQUIRED after a
 * fork) runs the additional-input update and leaves the processed additional input in a; the
 * caller writes E_Key(V+1) || E_Key(V+2) || ... (out_len bytes, counter mod 2^blocklen) with
 * drbg->key and drbg->v; end moves V past those blocks, runs the closing update and wipes a.
 * begin + keystream + end == karx_ctr_drbg_generate. */
#ifndef KARX_DRBG_INTERNAL_H
#define KARX_DRBG_INTERNAL_H

#include "karx/drbg.h"

#ifdef __cplusplus
extern "C" {
#endif

karx_status karx_i_ctr_drbg_generate_begin(karx_ctr_drbg *d, size_t out_len, const uint8_t *add,
                                           size_t add_len, uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES]);
void karx_i_ctr_drbg_generate_end(karx_ctr_drbg *d, size_t out_len,
                                  uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES]);
/* ctr (blocklen bytes) = V + 1 mod 2^blocklen, with no branch or index on V: the first counter
 * block of a generate whose keystream is made elsewhere. */
void karx_i_ctr_drbg_first_counter(const karx_ctr_drbg *d, uint8_t *ctr);

/* ---- drbg_common.c: what the three DRBGs share ---- */

/* A NULL pointer with a non-zero length. */
static inline int karx_i_drbg_bad_buf(const void *p, size_t n)
{
    return p == NULL && n != 0;
}

/* The next generate must reseed first: prediction resistance is on, the reseed interval is used
 * up, or the state was seeded before the last fork (another process holds the same state). */
int karx_i_drbg_reseed_due(unsigned flags, uint64_t reseed_counter, uint64_t reseed_interval,
                           uint64_t fork_gen);

/* One DRBG type as the OS-seeded generate loop sees it: d is the caller's checked state, arg
 * whatever the type needs beside it (the LSH DRBGs' mechanism). */
typedef struct karx_i_drbg_os_ops {
    size_t max_request;
    int (*due)(const void *arg, const void *d);
    karx_status (*reseed_os)(const void *arg, void *d, const uint8_t *add, size_t add_len);
    karx_status (*generate)(const void *arg, void *d, uint8_t *out, size_t n, const uint8_t *add,
                            size_t add_len); /* fails only by the approved mode's continuous test */
} karx_i_drbg_os_ops;

/* generate_os for any DRBG (its arguments already checked): out_len in requests of at most
 * max_request, each given add; when a reseed is due it reseeds from the OS with add, and that
 * request then has no additional input (SP 800-90A 9.3.1). On error the bytes written are wiped. */
karx_status karx_i_drbg_generate_os(const karx_i_drbg_os_ops *ops, const void *arg, void *d,
                                    uint8_t *out, size_t out_len, const uint8_t *add,
                                    size_t add_len);

/* ---- lsh_drbg.c: the calls Hash_DRBG and HMAC_DRBG share, over one mechanism ---- */

/* Up to three inputs taken as their concatenation (entropy || nonce || pers, entropy || add). */
typedef struct karx_i_drbg_input {
    const uint8_t *p[3];
    size_t n[3];
} karx_i_drbg_input;

/* The part that differs: d is a karx_hash_drbg or karx_hmac_drbg whose ctl.alg is set. */
typedef struct karx_i_lsh_mech {
    uint32_t tag;     /* ctl.state of an instantiated state */
    size_t size;      /* sizeof the state */
    void (*instantiate)(void *d, const karx_i_drbg_input *in);
    void (*reseed)(void *d, const karx_i_drbg_input *in);
    void (*generate)(void *d, uint8_t *out, size_t n, const uint8_t *add, size_t add_len);
} karx_i_lsh_mech;

karx_status karx_i_lsh_drbg_instantiate(const karx_i_lsh_mech *m, void *d, karx_lsh_alg alg,
                                        unsigned flags, const uint8_t *entropy,
                                        size_t entropy_len, const uint8_t *nonce, size_t nonce_len,
                                        const uint8_t *pers, size_t pers_len);
karx_status karx_i_lsh_drbg_reseed(const karx_i_lsh_mech *m, void *d, const uint8_t *entropy,
                                   size_t entropy_len, const uint8_t *add, size_t add_len);
karx_status karx_i_lsh_drbg_generate(const karx_i_lsh_mech *m, void *d, uint8_t *out,
                                     size_t out_len, const uint8_t *add, size_t add_len);
karx_status karx_i_lsh_drbg_generate_pr(const karx_i_lsh_mech *m, void *d, uint8_t *out,
                                        size_t out_len, const uint8_t *entropy,
                                        size_t entropy_len, const uint8_t *add, size_t add_len);
karx_status karx_i_lsh_drbg_set_reseed_interval(const karx_i_lsh_mech *m, void *d,
                                                uint64_t interval);
karx_status karx_i_lsh_drbg_instantiate_os(const karx_i_lsh_mech *m, void *d, karx_lsh_alg alg,
                                           unsigned flags, const uint8_t *pers, size_t pers_len);
karx_status karx_i_lsh_drbg_reseed_os(const karx_i_lsh_mech *m, void *d, const uint8_t *add,
                                      size_t add_len);
karx_status karx_i_lsh_drbg_generate_os(const karx_i_lsh_mech *m, void *d, uint8_t *out,
                                        size_t out_len, const uint8_t *add, size_t add_len);

/* fork_guard.c: a value that changes in a child process after fork() (see there). */
uint64_t karx_i_fork_generation(void);
/* 1 when the second layer (a MADV_WIPEONFORK page) is active, for the tests. */
int karx_i_fork_guard_wipes(void);

/* os_entropy.c, tests only: make the OS sources fail (0 restores them). */
#define KARX_I_FAULT_GETRANDOM 1u /* getrandom() fails with ENOSYS */
#define KARX_I_FAULT_URANDOM 2u   /* open("/dev/urandom") fails with EACCES */
void karx_i_os_entropy_fault(unsigned faults);

#ifdef __cplusplus
}
#endif

#endif
