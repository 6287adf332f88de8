/* The GHASH kernels as one impl list (the "ghash" part of the registry; its known-answer test is
 * in gcm_selftest.c), selected by karx_i_select like a cipher's kernels, so
 * karx_set_backend() and KARX_BACKEND narrow them too; and the GHASH calls through the
 * selected table. */
#include "aead/ghash.h"
#include "registry/registry.h"


/* What each GHASH kernel needs beyond its back end. */
#define GH_PCLMUL (KARX_CPU_PCLMUL | KARX_CPU_SSSE3 | KARX_CPU_SSE41)
#define GH_VPCLMUL (GH_PCLMUL | KARX_CPU_VPCLMUL)

static const karx_i_impl ghash_impls[] = {
    KARX_I_IMPL("portable", KARX_BACKEND_PORTABLE, 0, 0, &karx_i_ghash_portable),
#if defined(KARX_HAVE_X86_SIMD)
    /* xmm PCLMULQDQ under every x86 back end (16 blocks a reduction) */
    KARX_I_IMPL("pclmul", KARX_BACKEND_SSE2, KARX_I_NEEDS_SSE2 | GH_PCLMUL, 0,
                &karx_i_ghash_pclmul),
    /* ymm VPCLMULQDQ (32 blocks a reduction, the stitched pass's group code) */
    KARX_I_IMPL("avx2-vpclmul", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2 | GH_VPCLMUL, 0,
                &karx_i_ghash_vpclmul_ymm),
    /* zmm VPCLMULQDQ (32 blocks a reduction, four a register) */
    KARX_I_IMPL("avx512-vpclmul", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512 | GH_VPCLMUL, 0,
                &karx_i_ghash_vpclmul_zmm),
#endif
};
KARX_I_TABLE_NOW(karx_i_ghash_kernels, karx_i_ghash_kernels_now, ghash_impls)

void karx_i_ghash_powers(uint64_t htab[2 * KARX_I_GHASH_POWERS], const uint8_t h[16],
                         unsigned n)
{
    karx_i_ghash_kernels_now()->powers(htab, h, n);
}

void karx_i_ghash_blocks(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                         const uint8_t *data, size_t nblocks)
{
    if (nblocks != 0)
        karx_i_ghash_kernels_now()->blocks(htab, y, data, nblocks);
}

static unsigned ghash_lanes(const void *table)
{
    return ((const karx_i_ghash_kernels *)table)->lanes;
}

const karx_i_part karx_i_ghash_part = {
    KARX_PART_GHASH, "ghash", "GHASH", "blocks per reduction", KARX_I_LIST(ghash_impls),
    ghash_lanes, &karx_i_gcm_part_kat, karx_i_ghash_part_test};
