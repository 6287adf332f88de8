/* HIGHT SSE2 kernels: byte-sliced, 16 blocks per batch (hight_simd_template.h), F0/F1 by
 * 16-bit shifts and byte masks (SSE2 has no pshufb). */
#include <immintrin.h>

#define HT_F HT_F_SHIFT
#define HT_TERNLOG 0
#define HT_W 128
#define HT_PAIR 1 /* the table's width runs two batches side by side */
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_sse2 = {
    "sse2", 16, hight_w128_ecb_encrypt, hight_w128_ecb_decrypt, hight_w128_ctr_xor,
};
