/* LEA public API: key schedule and single blocks (the kernel list is in lea_desc.c). */
#include <string.h>

#include "karx/lea.h"

#include "../approved/approved.h"
#include "../common/block_api.h"
#include "../common/endian.h"
#include "lea_core.h"

static int lea_rounds_ok(uint32_t rounds)
{
    return rounds == 24 || rounds == 28 || rounds == 32;
}

karx_status karx_lea_set_key(karx_lea_key *key, const uint8_t *k, size_t key_len)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    if (k == NULL || (key_len != 16 && key_len != 24 && key_len != 32)) {
        karx_lea_key_wipe(key);
        return k == NULL ? KARX_ERR_ARGUMENT : KARX_ERR_KEY_LENGTH;
    }
    KARX_I_SERVICE(KARX_I_LEA_APPROVED);
    uint32_t kw[8];
    unsigned nkw = (unsigned)(key_len / 4);
    for (unsigned i = 0; i < nkw; i++)
        kw[i] = karx_load32_le(k + 4 * i);
    unsigned rounds = karx_lea_key_schedule(key->rk, kw, nkw);
    /* Rows past the last round are unused; keep them zero so copies of the struct hold no
     * stale material. */
    for (unsigned r = rounds; r < KARX_LEA_MAX_ROUNDS; r++)
        memset(key->rk[r], 0, sizeof key->rk[r]);
    key->rounds = rounds;
    karx_memzero(kw, sizeof kw);
    return KARX_OK;
}

/* One block through the word rounds: the same checks and byte order both ways (decrypt is a
 * constant at each call, so each direction compiles to its own straight code). */
static inline karx_status lea_block(const karx_lea_key *key, uint8_t out[16], const uint8_t in[16],
                                    int decrypt)
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (!lea_rounds_ok(key->rounds))
        return KARX_ERR_STATE;
    uint32_t x[4];
    for (int i = 0; i < 4; i++)
        x[i] = karx_load32_le(in + 4 * i);
    if (decrypt)
        karx_lea_decrypt_words(key->rk, key->rounds, x);
    else
        karx_lea_encrypt_words(key->rk, key->rounds, x);
    for (int i = 0; i < 4; i++)
        karx_store32_le(out + 4 * i, x[i]);
    return KARX_OK;
}

KARX_I_BLOCK_CALLS(lea, 16, lea_block)

void karx_lea_key_wipe(karx_lea_key *key) { karx_memzero(key, sizeof *key); }

size_t karx_lea_block_bytes(void)
{
    return KARX_LEA_BLOCK_BYTES;
}
