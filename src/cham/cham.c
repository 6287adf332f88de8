/* Revised CHAM public API: key schedules and single blocks (the kernel lists: cham_desc.c). */
#include "karx/cham.h"

#include "../approved/approved.h"
#include "cham_core.h"
#include "cham_internal.h"
#include "../common/block_api.h"
#include "../common/clear.h"

/* One width's single-block calls: the checks, then one block through the portable loop. */
#define CHAM_BLOCK_CALLS(w, B)                                                                    \
    static karx_status cham##w##_block(const karx_cham##w##_key *key, uint8_t *out,               \
                                       const uint8_t *in, int decrypt)                            \
    {                                                                                             \
        if (key == NULL || out == NULL || in == NULL)                                             \
            return KARX_ERR_ARGUMENT;                                                             \
        if (!cham##w##_key_set(key))                                                              \
            return KARX_ERR_STATE;                                                                \
        karx_i_cham##w##_blocks(key, decrypt, out, in, 1);                                        \
        return KARX_OK;                                                                           \
    }                                                                                             \
    KARX_I_BLOCK_CALLS(cham##w, B, cham##w##_block)

/* ---- CHAM-64/128 ---------------------------------------------------------------------- */

static int cham64_key_set(const karx_cham64_key *key)
{
    return key->rounds == KARX_CHAM64_ROUNDS;
}

void karx_cham64_key_wipe(karx_cham64_key *key) { karx_memzero(key, sizeof *key); }

karx_status karx_cham64_set_key(karx_cham64_key *key, const uint8_t *k, size_t key_len)
{
    karx_status st = karx_i_set_key_args(key, sizeof *key, k, key_len == KARX_CHAM64_KEY_BYTES);
    if (st != KARX_OK)
        return st;
    KARX_I_SERVICE(KARX_I_CHAM_APPROVED);
    karx_cham64_expand_key(key->rk, k);
    key->rounds = KARX_CHAM64_ROUNDS;
    return KARX_OK;
}

CHAM_BLOCK_CALLS(64, 8)

/* ---- CHAM-128/128 and CHAM-128/256 ------------------------------------------------------- */

static int cham128_key_set(const karx_cham128_key *key)
{
    return (key->rounds == KARX_CHAM128_128_ROUNDS && key->rk_count == 8) ||
           (key->rounds == KARX_CHAM128_256_ROUNDS && key->rk_count == 16);
}

void karx_cham128_key_wipe(karx_cham128_key *key) { karx_memzero(key, sizeof *key); }

karx_status karx_cham128_set_key(karx_cham128_key *key, const uint8_t *k, size_t key_len)
{
    karx_status st = karx_i_set_key_args(key, sizeof *key, k, key_len == 16 || key_len == 32);
    if (st != KARX_OK)
        return st;
    KARX_I_SERVICE(KARX_I_CHAM_APPROVED);
    unsigned words = (unsigned)(key_len / 4);
    karx_cham128_expand_key(key->rk, k, words);
    key->rk_count = 2 * words;
    key->rounds = key_len == 16 ? KARX_CHAM128_128_ROUNDS : KARX_CHAM128_256_ROUNDS;
    return KARX_OK;
}

CHAM_BLOCK_CALLS(128, 16)
