/* HIGHT: public single-block API and the choice of kernel table for the active back end. */
#include <stddef.h>

#include "../cpu/dispatch.h"
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
    karx_hight_schedule(key->wk, key->sk, k);
    key->ready = KARX_HIGHT_READY;
    return KARX_OK;
}

karx_status karx_hight_encrypt_block(const karx_hight_key *key, uint8_t out[8], const uint8_t in[8])
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (key->ready != KARX_HIGHT_READY) {
        karx_memzero(out, KARX_HIGHT_BLOCK_BYTES);
        return KARX_ERR_STATE;
    }
    karx_hight_encrypt_core(key->wk, key->sk, out, in);
    return KARX_OK;
}

karx_status karx_hight_decrypt_block(const karx_hight_key *key, uint8_t out[8], const uint8_t in[8])
{
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (key->ready != KARX_HIGHT_READY) {
        karx_memzero(out, KARX_HIGHT_BLOCK_BYTES);
        return KARX_ERR_STATE;
    }
    karx_hight_decrypt_core(key->wk, key->sk, out, in);
    return KARX_OK;
}

void karx_hight_key_wipe(karx_hight_key *key)
{
    if (key != NULL)
        karx_memzero(key, sizeof *key);
}

size_t karx_hight_block_bytes(void) { return KARX_HIGHT_BLOCK_BYTES; }

/* ---- kernel dispatch ------------------------------------------------------------------- */

static const karx_block_kernels *const hight_table[KARX_BACKEND_COUNT] = {
    [KARX_BACKEND_PORTABLE] = &karx_i_hight_portable,
#ifdef KARX_HAVE_X86_SIMD
    [KARX_BACKEND_SSE2] = &karx_i_hight_sse2,
    [KARX_BACKEND_SSSE3] = &karx_i_hight_ssse3,
    [KARX_BACKEND_AVX2] = &karx_i_hight_avx2,
    [KARX_BACKEND_AVX512] = &karx_i_hight_avx512,
#endif
#ifdef KARX_HAVE_NEON
    [KARX_BACKEND_NEON] = &karx_i_hight_neon,
#endif
};

#ifdef KARX_HAVE_X86_SIMD
/* The GFNI form of each x86 back end; it needs nothing beyond that back end's own features
 * and GFNI (the SSE form uses the legacy encoding, the AVX2 one VEX, the AVX-512 one EVEX). */
static const karx_block_kernels *const hight_gfni_table[KARX_BACKEND_COUNT] = {
    [KARX_BACKEND_SSE2] = &karx_i_hight_sse2_gfni,
    [KARX_BACKEND_SSSE3] = &karx_i_hight_sse2_gfni,
    [KARX_BACKEND_AVX2] = &karx_i_hight_avx2_gfni,
    [KARX_BACKEND_AVX512] = &karx_i_hight_avx512_gfni,
};
#endif

static int gfni_allowed = 1;

void karx_i_hight_allow_gfni(int allow)
{
    __atomic_store_n(&gfni_allowed, allow ? 1 : 0, __ATOMIC_RELAXED);
}

const karx_block_kernels *karx_i_hight_kernels(void)
{
    unsigned have = 0;
    for (unsigned b = 0; b < KARX_BACKEND_COUNT; b++)
        if (hight_table[b] != NULL)
            have |= KARX_BIT(b);
    unsigned b = karx_i_pick(have);
#ifdef KARX_HAVE_X86_SIMD
    if (hight_gfni_table[b] != NULL && __atomic_load_n(&gfni_allowed, __ATOMIC_RELAXED) &&
        (karx_cpu_features() & KARX_CPU_GFNI))
        return hight_gfni_table[b];
#endif
    return hight_table[b];
}
