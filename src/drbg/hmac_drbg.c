/* HMAC_DRBG (SP 800-90A rev. 1, 10.1.2) over HMAC-LSH (hmac.h): the mechanism. The public
 * calls' checks, counters, prediction resistance, fork safety and OS seeding are lsh_drbg.c's.
 * Generate keys one HMAC context with K and copies it for each block (V = HMAC(K, V)), so a
 * block costs the two compressions of V's inner and outer hash, not the key's. */
#include <string.h>

#include "karx/drbg.h"
#include "karx/hmac.h"

#include "approved/approved.h"
#include "drbg_internal.h"

#define HMAC_DRBG_TAG 0x4d445242u /* "MDRB" */

static size_t outlen(const karx_hmac_drbg *d)
{
    return karx_lsh_digest_bytes((karx_lsh_alg)d->ctl.alg);
}

/* K = HMAC(K, V || sep || in); V = HMAC(K, V). */
static void update_round(karx_hmac_drbg *d, size_t ol, uint8_t sep, const karx_i_drbg_input *in)
{
    karx_hmac_lsh_ctx h;
    karx_lsh_alg alg = (karx_lsh_alg)d->ctl.alg;
    KARX_I_INNER(karx_hmac_lsh_init(&h, alg, d->k, ol));
    (void)karx_hmac_lsh_update(&h, d->v, ol);
    (void)karx_hmac_lsh_update(&h, &sep, 1);
    for (int i = 0; in != NULL && i < 3; i++)
        if (in->n[i] > 0)
            (void)karx_hmac_lsh_update(&h, in->p[i], in->n[i]);
    (void)karx_hmac_lsh_final(&h, d->k, ol);
    (void)karx_hmac_lsh(alg, d->k, ol, d->v, ol, d->v, ol);
    karx_hmac_lsh_ctx_wipe(&h);
}

/* HMAC_DRBG_Update(provided_data) (10.1.2.2): the second round only when there is data. */
static void hmac_update(karx_hmac_drbg *d, const karx_i_drbg_input *in)
{
    size_t ol = outlen(d);
    update_round(d, ol, 0x00, in);
    if (in != NULL && in->n[0] + in->n[1] + in->n[2] > 0)
        update_round(d, ol, 0x01, in);
}

static void mech_instantiate(void *state, const karx_i_drbg_input *in)
{
    karx_hmac_drbg *d = state;
    size_t ol = outlen(d);
    memset(d->k, 0x00, ol); /* Key = 0x00 00..., V = 0x01 01... */
    memset(d->v, 0x01, ol);
    hmac_update(d, in); /* entropy || nonce || pers */
}

static void mech_reseed(void *state, const karx_i_drbg_input *in)
{
    hmac_update((karx_hmac_drbg *)state, in); /* entropy || add */
}

static void mech_generate(void *state, uint8_t *out, size_t n, const uint8_t *add,
                          size_t add_len)
{
    karx_hmac_drbg *d = state;
    karx_lsh_alg alg = (karx_lsh_alg)d->ctl.alg;
    size_t ol = outlen(d);
    karx_i_drbg_input in = {{add, NULL, NULL}, {add_len, 0, 0}};
    if (add_len > 0)
        hmac_update(d, &in);
    if (n > 0) {
        karx_hmac_lsh_ctx keyed, h;
        KARX_I_INNER(karx_hmac_lsh_init(&keyed, alg, d->k, ol));
        for (size_t off = 0; off < n; off += ol) {
            h = keyed; /* a copy forks the keyed state */
            (void)karx_hmac_lsh_update(&h, d->v, ol);
            (void)karx_hmac_lsh_final(&h, d->v, ol);
            memcpy(out + off, d->v, n - off < ol ? n - off : ol);
        }
        karx_hmac_lsh_ctx_wipe(&keyed);
        karx_hmac_lsh_ctx_wipe(&h);
    }
    hmac_update(d, add_len > 0 ? &in : NULL);
}

static const karx_i_lsh_mech hmac_mech = {HMAC_DRBG_TAG, sizeof(karx_hmac_drbg), mech_instantiate,
                                          mech_reseed, mech_generate};

/* ---- public calls (lsh_drbg.c, through lsh_drbg_calls.h) ---- */

#define LSH_DRBG_T karx_hmac_drbg
#define LSH_DRBG_MECH hmac_mech
#include "lsh_drbg_calls.h"
