/* HIGHT SSE2 kernels: byte-sliced, 16 blocks per batch (hight_simd_template.h), F0/F1 by
 * 16-bit shifts and byte masks (SSE2 has no pshufb). */
#define HT_F HT_F_SHIFT
#define HT_TOP 128
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_sse2 = HT_KERNELS("sse2");
