/* Revised CHAM public API: key schedules and single blocks (the kernel lists: cham_desc.c). */
#include "karx/cham.h"

#include "../approved/approved.h"
#include "cham_core.h"
#include "cham_internal.h"
#include "../common/clear.h"

/* ---- CHAM-64/128 ---------------------------------------------------------------------- */

static int cham64_key_set(const karx_cham64_key *key)
{
    return key->rounds == KARX_CHAM64_ROUNDS;
}

void karx_cham64_key_wipe(karx_cham64_key *key) { karx_memzero(key, sizeof *key); }

karx_status karx_cham64_set_key(karx_cham64_key *key, const uint8_t *k, size_t key_len)
{
    if (!karx_i_clear(key, sizeof *key))
        return KARX_ERR_ARGUMENT;
    if (k == NULL)
        return KARX_ERR_ARGUMENT;
    if (key_len != KARX_CHAM64_KEY_BYTES)
        return KARX_ERR_KEY_LENGTH;
    KARX_I_SERVICE(KARX_I_CHAM_APPROVED);
    karx_cham64_expand_key(key->rk, k);
    key->rounds = KARX_CHAM64_ROUNDS;
    return KARX_OK;
}

static karx_status cham64_block(const karx_cham64_key *key, uint8_t *out, const uint8_t *in,
                                int decrypt)
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (!cham64_key_set(key))
        return KARX_ERR_STATE;
    karx_i_cham64_blocks(key, decrypt, out, in, 1);
    return KARX_OK;
}

karx_status karx_cham64_encrypt_block(const karx_cham64_key *key, uint8_t out[8],
                                      const uint8_t in[8])
{
    return cham64_block(key, out, in, 0);
}

karx_status karx_cham64_decrypt_block(const karx_cham64_key *key, uint8_t out[8],
                                      const uint8_t in[8])
{
    return cham64_block(key, out, in, 1);
}

/* ---- CHAM-128/128 and CHAM-128/256 ------------------------------------------------------- */

static int cham128_key_set(const karx_cham128_key *key)
{
    return (key->rounds == KARX_CHAM128_128_ROUNDS && key->rk_count == 8) ||
           (key->rounds == KARX_CHAM128_256_ROUNDS && key->rk_count == 16);
}

void karx_cham128_key_wipe(karx_cham128_key *key) { karx_memzero(key, sizeof *key); }

karx_status karx_cham128_set_key(karx_cham128_key *key, const uint8_t *k, size_t key_len)
{
    if (!karx_i_clear(key, sizeof *key))
        return KARX_ERR_ARGUMENT;
    if (k == NULL)
        return KARX_ERR_ARGUMENT;
    if (key_len != 16 && key_len != 32)
        return KARX_ERR_KEY_LENGTH;
    KARX_I_SERVICE(KARX_I_CHAM_APPROVED);
    unsigned words = (unsigned)(key_len / 4);
    karx_cham128_expand_key(key->rk, k, words);
    key->rk_count = 2 * words;
    key->rounds = key_len == 16 ? KARX_CHAM128_128_ROUNDS : KARX_CHAM128_256_ROUNDS;
    return KARX_OK;
}

static karx_status cham128_block(const karx_cham128_key *key, uint8_t *out, const uint8_t *in,
                                 int decrypt)
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (!cham128_key_set(key))
        return KARX_ERR_STATE;
    karx_i_cham128_blocks(key, decrypt, out, in, 1);
    return KARX_OK;
}

karx_status karx_cham128_encrypt_block(const karx_cham128_key *key, uint8_t out[16],
                                       const uint8_t in[16])
{
    return cham128_block(key, out, in, 0);
}

karx_status karx_cham128_decrypt_block(const karx_cham128_key *key, uint8_t out[16],
                                       const uint8_t in[16])
{
    return cham128_block(key, out, in, 1);
}
