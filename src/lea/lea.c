/* LEA public API (key schedule, single blocks) and the choice of bulk kernels per back end. */
#include <string.h>

#include "karx/lea.h"

#include "../common/endian.h"
#include "../cpu/dispatch.h"
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

karx_status karx_lea_encrypt_block(const karx_lea_key *key, uint8_t out[16], const uint8_t in[16])
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (!lea_rounds_ok(key->rounds))
        return KARX_ERR_STATE;
    uint32_t x[4];
    for (int i = 0; i < 4; i++)
        x[i] = karx_load32_le(in + 4 * i);
    karx_lea_encrypt_words(key->rk, key->rounds, x);
    for (int i = 0; i < 4; i++)
        karx_store32_le(out + 4 * i, x[i]);
    return KARX_OK;
}

karx_status karx_lea_decrypt_block(const karx_lea_key *key, uint8_t out[16], const uint8_t in[16])
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (!lea_rounds_ok(key->rounds))
        return KARX_ERR_STATE;
    uint32_t x[4];
    for (int i = 0; i < 4; i++)
        x[i] = karx_load32_le(in + 4 * i);
    karx_lea_decrypt_words(key->rk, key->rounds, x);
    for (int i = 0; i < 4; i++)
        karx_store32_le(out + 4 * i, x[i]);
    return KARX_OK;
}

void karx_lea_key_wipe(karx_lea_key *key)
{
    if (key != NULL)
        karx_memzero(key, sizeof *key);
}

size_t karx_lea_block_bytes(void)
{
    return KARX_LEA_BLOCK_BYTES;
}

/* SSSE3 has no LEA kernel of its own (pshufb only helps byte rotations, and LEA has none), so
 * it runs the SSE2 one. */
static const karx_block_kernels *const lea_table[KARX_BACKEND_COUNT] = {
    [KARX_BACKEND_PORTABLE] = &karx_i_lea_portable,
#ifdef KARX_HAVE_X86_SIMD
    [KARX_BACKEND_SSE2] = &karx_i_lea_sse2,
    [KARX_BACKEND_AVX2] = &karx_i_lea_avx2,
    [KARX_BACKEND_AVX512] = &karx_i_lea_avx512,
#endif
#ifdef KARX_HAVE_NEON
    [KARX_BACKEND_NEON] = &karx_i_lea_neon,
#endif
};

const karx_block_kernels *karx_i_lea_kernels(void)
{
    unsigned have = 0;
    for (unsigned b = 0; b < KARX_BACKEND_COUNT; b++)
        if (lea_table[b] != NULL)
            have |= KARX_BIT(b);
    return lea_table[karx_i_pick(have)];
}
