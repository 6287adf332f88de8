/* The GCM pass kernels as one impl list (the "gcm-pass" part of the registry; its known-answer
 * test is in gcm_selftest.c), selected by karx_i_select like a cipher's kernels, so
 * karx_set_backend() and KARX_BACKEND narrow them too. */
#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "registry/registry.h"

/* What the stitched pass needs beyond its back end. */
#define GH_VPCLMUL (KARX_CPU_PCLMUL | KARX_CPU_SSSE3 | KARX_CPU_SSE41 | KARX_CPU_VPCLMUL)

static const karx_i_impl gcm_pass_impls[] = {
    KARX_I_IMPL("portable", KARX_BACKEND_PORTABLE, 0, 0, &karx_i_gcm_pass_chunked),
#if defined(KARX_HAVE_X86_SIMD)
    /* one stitched pass: the avx2 CTR kernel and ymm GHASH on each chunk while it is in L1 */
    KARX_I_IMPL("avx2-vpclmul", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2 | GH_VPCLMUL, 0,
                &karx_i_gcm_pass_stitch_avx2),
    /* under avx512 without VPCLMULQDQ: the two passes (the avx512 CTR kernel, GHASH on xmm) */
    KARX_I_IMPL("avx512", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512, 0,
                &karx_i_gcm_pass_chunked),
    /* with it: one stitched pass, the avx512 CTR kernel and zmm GHASH (docs/BENCHMARKS.md,
     * "Stitched GCM on AVX-512") */
    KARX_I_IMPL("avx512-vpclmul", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512 | GH_VPCLMUL, 1,
                &karx_i_gcm_pass_stitch_avx512),
#endif
};

KARX_I_TABLE_NOW(karx_i_gcm_pass, karx_i_gcm_pass_now, gcm_pass_impls)

static unsigned gcm_pass_lanes(const void *table)
{
    return ((const karx_i_gcm_pass *)table)->lanes;
}

const karx_i_part karx_i_gcm_pass_part = {
    KARX_PART_GCM_PASS, "gcm-pass", "GCM-PASS", "blocks per chunk",
    KARX_I_LIST(gcm_pass_impls), gcm_pass_lanes, &karx_i_gcm_part_kat, karx_i_gcm_pass_part_test};
