/* The public calls of Hash_DRBG and HMAC_DRBG, written once: argument and length checks, the
 * state tag, the reseed counter and interval, prediction resistance, fork safety and the OS
 * seeding. The two mechanisms (hash_drbg.c, hmac_drbg.c) supply only instantiate, reseed and
 * generate on a checked state. Every state starts with its karx_drbg_ctl. */
#include <string.h>

#include "karx/drbg.h"

#include "approved/approved.h"
#include "drbg_internal.h"
#include "registry/registry.h"
#include "common/clear.h"

#define bad_buf karx_i_drbg_bad_buf
#define MAX_IN ((size_t)KARX_LSH_DRBG_MAX_INPUT_BYTES)

/* A non-NULL stand-in of OS-entropy length, for the length checks of the _os calls. */
static const uint8_t os_stand_in[KARX_LSH_DRBG_OS_ENTROPY_BYTES];

size_t karx_lsh_drbg_strength_bytes(karx_lsh_alg alg)
{
    size_t d = karx_lsh_digest_bytes(alg);
    return d == 0 ? 0 : d <= 28 ? 24 : 32; /* SP 800-90A table 2: 224-bit -> 192, else 256 */
}

static karx_drbg_ctl *ctl_of(void *d)
{
    return (karx_drbg_ctl *)d; /* the first member */
}

static karx_status check_ready(const karx_i_lsh_mech *m, void *d)
{
    if (d == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_drbg_ctl *c = ctl_of(d);
    if (c->state != m->tag || karx_lsh_drbg_strength_bytes((karx_lsh_alg)c->alg) == 0)
        return KARX_ERR_STATE;
    KARX_I_SERVICE(karx_i_hash_approved(c->alg)); /* every call on a DRBG is a service */
    return KARX_OK;
}

/* Entropy and additional input of a reseed (also of a PR generate). */
static karx_status check_reseed_input(const karx_drbg_ctl *c, const uint8_t *entropy,
                                      size_t entropy_len, const uint8_t *add, size_t add_len)
{
    if (bad_buf(entropy, entropy_len) || bad_buf(add, add_len))
        return KARX_ERR_ARGUMENT;
    if (entropy_len < karx_lsh_drbg_strength_bytes((karx_lsh_alg)c->alg) || entropy_len > MAX_IN ||
        add_len > MAX_IN)
        return KARX_ERR_DATA_LENGTH;
    return KARX_OK;
}

/* The buffers and sizes of a generate request. */
static karx_status check_request(const uint8_t *out, size_t out_len, const uint8_t *add,
                                 size_t add_len)
{
    if (bad_buf(out, out_len) || bad_buf(add, add_len))
        return KARX_ERR_ARGUMENT;
    if (add_len > MAX_IN || out_len > KARX_LSH_DRBG_MAX_REQUEST_BYTES)
        return KARX_ERR_DATA_LENGTH;
    return KARX_OK;
}

static int due(const karx_drbg_ctl *c)
{
    return karx_i_drbg_reseed_due(c->flags, c->reseed_counter, c->reseed_interval, c->fork_gen);
}

static void reseed_core(const karx_i_lsh_mech *m, void *d, const uint8_t *entropy,
                        size_t entropy_len, const uint8_t *add, size_t add_len)
{
    karx_drbg_ctl *c = ctl_of(d);
    karx_i_drbg_input in = {{entropy, add, NULL}, {entropy_len, add_len, 0}};
    c->fork_gen = karx_i_fork_generation();
    m->reseed(d, &in);
    c->reseed_counter = 1;
}

/* Fails only by the approved mode's continuous test (out then wiped). */
static karx_status generate_core(const karx_i_lsh_mech *m, void *d, uint8_t *out, size_t out_len,
                                 const uint8_t *add, size_t add_len)
{
    karx_drbg_ctl *c = ctl_of(d);
    m->generate(d, out, out_len, add, add_len);
    c->reseed_counter++;
    if (karx_i_approved_active())
        return karx_i_drbg_continuous(c->last, &c->have_last, out, out_len,
                                      karx_lsh_digest_bytes((karx_lsh_alg)c->alg));
    return KARX_OK;
}

karx_status karx_i_lsh_drbg_instantiate(const karx_i_lsh_mech *m, void *d, karx_lsh_alg alg,
                                        unsigned flags, const uint8_t *entropy,
                                        size_t entropy_len, const uint8_t *nonce, size_t nonce_len,
                                        const uint8_t *pers, size_t pers_len)
{
    if (!karx_i_clear(d, m->size))
        return KARX_ERR_ARGUMENT;
    if ((flags & ~KARX_DRBG_PR) != 0 || bad_buf(entropy, entropy_len) ||
        bad_buf(nonce, nonce_len) || bad_buf(pers, pers_len))
        return KARX_ERR_ARGUMENT;
    size_t strength = karx_lsh_drbg_strength_bytes(alg);
    if (strength == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    KARX_I_SERVICE(karx_i_hash_approved((uint32_t)alg));
    if (entropy_len < strength || nonce_len < strength / 2 || entropy_len > MAX_IN ||
        nonce_len > MAX_IN || pers_len > MAX_IN)
        return KARX_ERR_DATA_LENGTH;
    karx_drbg_ctl *c = ctl_of(d);
    karx_i_drbg_input in = {{entropy, nonce, pers}, {entropy_len, nonce_len, pers_len}};
    c->alg = (uint32_t)alg;
    c->flags = flags;
    c->fork_gen = karx_i_fork_generation();
    m->instantiate(d, &in);
    c->reseed_counter = 1;
    c->reseed_interval = KARX_LSH_DRBG_MAX_RESEED_INTERVAL;
    c->state = m->tag;
    return KARX_OK;
}

karx_status karx_i_lsh_drbg_reseed(const karx_i_lsh_mech *m, void *d, const uint8_t *entropy,
                                   size_t entropy_len, const uint8_t *add, size_t add_len)
{
    karx_status st = check_ready(m, d);
    if (st == KARX_OK)
        st = check_reseed_input(ctl_of(d), entropy, entropy_len, add, add_len);
    if (st == KARX_OK)
        reseed_core(m, d, entropy, entropy_len, add, add_len);
    return st;
}

karx_status karx_i_lsh_drbg_generate(const karx_i_lsh_mech *m, void *d, uint8_t *out,
                                     size_t out_len, const uint8_t *add, size_t add_len)
{
    karx_status st = check_ready(m, d);
    if (st == KARX_OK)
        st = check_request(out, out_len, add, add_len);
    if (st == KARX_OK && due(ctl_of(d)))
        st = KARX_ERR_RESEED_REQUIRED;
    if (st == KARX_OK)
        st = generate_core(m, d, out, out_len, add, add_len);
    return st;
}

karx_status karx_i_lsh_drbg_generate_pr(const karx_i_lsh_mech *m, void *d, uint8_t *out,
                                        size_t out_len, const uint8_t *entropy,
                                        size_t entropy_len, const uint8_t *add, size_t add_len)
{
    karx_status st = check_ready(m, d);
    if (st == KARX_OK)
        st = check_request(out, out_len, add, add_len);
    if (st == KARX_OK)
        st = check_reseed_input(ctl_of(d), entropy, entropy_len, add, add_len);
    if (st != KARX_OK)
        return st;
    reseed_core(m, d, entropy, entropy_len, add, add_len);
    return generate_core(m, d, out, out_len, NULL, 0);
}

karx_status karx_i_lsh_drbg_set_reseed_interval(const karx_i_lsh_mech *m, void *d,
                                                uint64_t interval)
{
    karx_status st = check_ready(m, d);
    if (st != KARX_OK)
        return st;
    if (interval < 1 || interval > KARX_LSH_DRBG_MAX_RESEED_INTERVAL)
        return KARX_ERR_ARGUMENT;
    ctl_of(d)->reseed_interval = interval;
    return KARX_OK;
}

/* ---- seeded from the operating system ---- */

karx_status karx_i_lsh_drbg_instantiate_os(const karx_i_lsh_mech *m, void *d, karx_lsh_alg alg,
                                           unsigned flags, const uint8_t *pers, size_t pers_len)
{
    uint8_t buf[KARX_LSH_DRBG_OS_ENTROPY_BYTES + KARX_LSH_DRBG_OS_NONCE_BYTES];
    if (!karx_i_clear(d, m->size))
        return KARX_ERR_ARGUMENT;
    if (karx_lsh_drbg_strength_bytes(alg) == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    KARX_I_SERVICE(karx_i_hash_approved((uint32_t)alg));
    karx_status st = karx_os_random(buf, sizeof buf);
    if (st != KARX_OK) {
        karx_memzero(d, m->size);
        return st;
    }
    st = karx_i_lsh_drbg_instantiate(m, d, alg, flags, buf, KARX_LSH_DRBG_OS_ENTROPY_BYTES,
                                     buf + KARX_LSH_DRBG_OS_ENTROPY_BYTES,
                                     KARX_LSH_DRBG_OS_NONCE_BYTES, pers, pers_len);
    karx_memzero(buf, sizeof buf);
    return st;
}

karx_status karx_i_lsh_drbg_reseed_os(const karx_i_lsh_mech *m, void *d, const uint8_t *add,
                                      size_t add_len)
{
    uint8_t ent[KARX_LSH_DRBG_OS_ENTROPY_BYTES];
    karx_status st = check_ready(m, d);
    if (st == KARX_OK)
        st = check_reseed_input(ctl_of(d), os_stand_in, sizeof ent, add, add_len);
    if (st == KARX_OK)
        st = karx_os_random(ent, sizeof ent);
    if (st == KARX_OK)
        reseed_core(m, d, ent, sizeof ent, add, add_len);
    karx_memzero(ent, sizeof ent);
    return st;
}

static int os_due(const void *arg, const void *d)
{
    (void)arg;
    return due((const karx_drbg_ctl *)d);
}

static karx_status os_reseed(const void *arg, void *d, const uint8_t *add, size_t add_len)
{
    return karx_i_lsh_drbg_reseed_os((const karx_i_lsh_mech *)arg, d, add, add_len);
}

static karx_status os_generate(const void *arg, void *d, uint8_t *out, size_t n,
                               const uint8_t *add, size_t add_len)
{
    return generate_core((const karx_i_lsh_mech *)arg, d, out, n, add, add_len);
}

static const karx_i_drbg_os_ops lsh_os_ops = {KARX_LSH_DRBG_MAX_REQUEST_BYTES, os_due, os_reseed,
                                              os_generate};

karx_status karx_i_lsh_drbg_generate_os(const karx_i_lsh_mech *m, void *d, uint8_t *out,
                                        size_t out_len, const uint8_t *add, size_t add_len)
{
    karx_status st = check_ready(m, d);
    if (st != KARX_OK)
        return st;
    if (bad_buf(out, out_len) || bad_buf(add, add_len))
        return KARX_ERR_ARGUMENT;
    if (add_len > MAX_IN)
        return KARX_ERR_DATA_LENGTH;
    return karx_i_drbg_generate_os(&lsh_os_ops, m, d, out, out_len, add, add_len);
}
