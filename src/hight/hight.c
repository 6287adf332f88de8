/* HIGHT: public key schedule and single-block API (the kernel list is in hight_desc.c). */
#include <stddef.h>

#include "../approved/approved.h"
#include "../common/block_api.h"
#include "hight_core.h"
#include "hight_internal.h"

karx_status karx_hight_set_key(karx_hight_key *key, const uint8_t *k, size_t key_len)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    if (k == NULL) {
        karx_hight_key_wipe(key);
        return KARX_ERR_ARGUMENT;
    }
    if (key_len != KARX_HIGHT_KEY_BYTES) {
        karx_hight_key_wipe(key);
        return KARX_ERR_KEY_LENGTH;
    }
    KARX_I_SERVICE(KARX_I_HIGHT_APPROVED);
    karx_hight_schedule(key->wk, key->sk, k);
    key->ready = KARX_HIGHT_READY;
    return KARX_OK;
}

/* Both single-block calls (decrypt is a constant at each, so each keeps its own straight code);
 * an unscheduled key leaves zeros in out. */
static inline karx_status hight_block(const karx_hight_key *key, uint8_t *out, const uint8_t *in,
                                      int decrypt)
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (key->ready != KARX_HIGHT_READY) {
        karx_memzero(out, KARX_HIGHT_BLOCK_BYTES);
        return KARX_ERR_STATE;
    }
    if (decrypt)
        karx_hight_decrypt_core(key->wk, key->sk, out, in);
    else
        karx_hight_encrypt_core(key->wk, key->sk, out, in);
    return KARX_OK;
}

KARX_I_BLOCK_CALLS(hight, 8, hight_block)

void karx_hight_key_wipe(karx_hight_key *key) { karx_memzero(key, sizeof *key); }

size_t karx_hight_block_bytes(void) { return KARX_HIGHT_BLOCK_BYTES; }
