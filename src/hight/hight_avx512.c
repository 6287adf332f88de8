/* HIGHT AVX-512 (F, VL, BW) kernels: byte-sliced, 64 blocks per batch
 * (hight_simd_template.h), F0/F1 by two nibble pshufb look-ups, three-way xors by vpternlog;
 * tails go to the 256- and 128-bit forms in this file. */
#define HT_F HT_F_PSHUFB
#define HT_TOP 512
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_avx512 = HT_KERNELS("avx512");
