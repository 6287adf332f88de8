/* See drbg_plan.h. */
#include "drbg_plan.h"

#include <string.h>

#include "drbg_internal.h"

size_t karx_i_drbg_plan_calls(size_t len)
{
    return len / KARX_CTR_DRBG_MAX_REQUEST_BYTES + (len % KARX_CTR_DRBG_MAX_REQUEST_BYTES != 0);
}

karx_status karx_i_drbg_plan_check(const karx_ctr_drbg *d, size_t len, const uint8_t *add,
                                  size_t add_len)
{
    if (!d)
        return KARX_ERR_ARGUMENT;
    /* A dry run of the first call's checks on a copy (begin validates state and input). */
    karx_ctr_drbg probe = *d;
    uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES];
    karx_status st = karx_i_ctr_drbg_generate_begin(&probe, 0, add, add_len, a);
    karx_memzero(&probe, sizeof probe);
    karx_memzero(a, sizeof a);
    if (st != KARX_OK)
        return st;
    size_t calls = karx_i_drbg_plan_calls(len);
    if (calls > 1 && d->reseed_counter + (calls - 1) > d->reseed_interval)
        return KARX_ERR_RESEED_REQUIRED; /* the last call would need a reseed first */
    return KARX_OK;
}

void karx_i_drbg_plan(karx_ctr_drbg *d, size_t len, const uint8_t *add, size_t add_len,
                          karx_cipher_key *keys, uint8_t *ctrs)
{
    const size_t bl = karx_cipher_block_bytes((karx_cipher_alg)d->alg);
    uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES];
    for (size_t r = 0; len > 0; r++) {
        size_t n = len < KARX_CTR_DRBG_MAX_REQUEST_BYTES ? len : KARX_CTR_DRBG_MAX_REQUEST_BYTES;
        (void)karx_i_ctr_drbg_generate_begin(d, n, add, add_len, a); /* checked by the caller */
        keys[r] = d->key;
        /* V + 1 mod 2^blocklen without a branch on V (a carry loop would stop early) */
        karx_i_ctr_drbg_first_counter(d, ctrs + r * bl);
        karx_i_ctr_drbg_generate_end(d, n, a);
        len -= n;
    }
}
