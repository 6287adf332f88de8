/* HIGHT AVX-512 (F, VL, BW) + GFNI kernels: byte-sliced, 64 blocks per batch
 * (hight_simd_template.h), F0/F1 by one gf2p8affineqb each; run only where the CPU has GFNI
 * (KARX_CPU_GFNI). */
#define HT_F HT_F_GFNI
#define HT_TOP 512
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_avx512_gfni = HT_KERNELS("avx512+gfni");
