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
/* XTS: tweaks doubled per 128-bit lane with 64-bit shifts (cham_simd.h). */
#define CH_XTS 1
#define XTS_SHL64(v, n) _mm512_slli_epi64(v, n)
#define XTS_SHR64(v, n) _mm512_srli_epi64(v, n)
#define XTS_SWAP64(v) _mm512_shuffle_epi32(v, _MM_PERM_BADC)
#define XTS_AND(a, b) _mm512_and_si512(a, b)
#define XTS_LO64() _mm512_set_epi64(0, -1, 0, -1, 0, -1, 0, -1)
#define XTS_BSLLI(v, n) _mm512_bslli_epi128(v, n)
#define XTS_BSRLI(v, n) _mm512_bsrli_epi128(v, n)
#include "cham_simd.h"
