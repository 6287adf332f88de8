/* HIGHT AVX2 kernels: byte-sliced, 32 blocks per batch (hight_simd_template.h), F0/F1 by two
 * nibble pshufb look-ups; tails of at most 16 blocks go to the 128-bit form in this file. */
#define HT_F HT_F_PSHUFB
#define HT_TOP 256
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_avx2 = HT_KERNELS("avx2");
