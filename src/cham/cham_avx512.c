/* CHAM kernels for AVX-512 F/VL/BW: 16 CHAM-128 or 32 CHAM-64 blocks per zmm (cham_simd.h).
 * Without VBMI2 a 16-bit rotation by 1 is add, shift and or; cham_avx512_vbmi2.c has the
 * CHAM-64 kernels with vpshldw. */
#define CH_RC_BROADCAST
#include "cham_avx512_defs.h"

static inline V rol16_1(V x)
{
    return _mm512_or_si512(_mm512_add_epi16(x, x), _mm512_srli_epi16(x, 15));
}
static inline V ror16_1(V x)
{
    return _mm512_or_si512(_mm512_slli_epi16(x, 15), _mm512_srli_epi16(x, 1));
}

#ifndef CH_GROUPS
#define CH_GROUPS 2 /* two interleaved groups: see cham_simd.h */
#endif
#define CH_NAME "avx512"
#define CH_TABLE64 karx_i_cham64_avx512
#define CH_TABLE128 karx_i_cham128_avx512
/* Fused XTS (cham_simd.h; its vector operations are in modes/xts_kernel.h). */
#define CH_XTS 1
#include "cham_simd.h"
