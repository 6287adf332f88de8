/* CHAM-64 kernels for AVX-512 with VBMI2: a 16-bit rotation by 1 is one vpshldw (x, x, 1).
 * Registered in cham_desc.c as needing KARX_CPU_AVX512VBMI2, so karx_i_select picks it only
 * on a CPU that reports it. */
#define CH_RC_BROADCAST
#include "cham_avx512_defs.h"

static inline V rol16_1(V x) { return _mm512_shldi_epi16(x, x, 1); }
static inline V ror16_1(V x) { return _mm512_shrdi_epi16(x, x, 1); }

#ifndef CH_GROUPS
#define CH_GROUPS 2 /* two interleaved groups: see cham_simd.h */
#endif
#define CH_NAME "avx512+vbmi2"
#define CH_TABLE64 karx_i_cham64_avx512_vbmi2
#include "cham_simd.h"
