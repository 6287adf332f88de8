/* HIGHT SSSE3 kernels: byte-sliced, 16 blocks per batch (hight_simd_template.h), F0/F1 by
 * two nibble pshufb look-ups in registers. */
#define HT_F HT_F_PSHUFB
#define HT_TOP 128
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_ssse3 = HT_KERNELS("ssse3");
