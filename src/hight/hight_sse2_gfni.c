/* HIGHT SSE2 + GFNI kernels: byte-sliced, 16 blocks per batch (hight_simd_template.h),
 * F0/F1 by one gf2p8affineqb each (legacy SSE encoding); run only where the CPU has GFNI
 * (KARX_CPU_GFNI), for the SSE2 and SSSE3 back ends. */
#define HT_F HT_F_GFNI
#define HT_TOP 128
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_sse2_gfni = HT_KERNELS("sse2+gfni");
