/* HIGHT SSSE3 kernels: byte-sliced, 16 blocks per batch (hight_simd_template.h), F0/F1 by
 * two nibble pshufb look-ups in registers. */
#include <immintrin.h>

#define HT_F HT_F_PSHUFB
#define HT_TERNLOG 0
#define HT_W 128
#define HT_PAIR 1 /* the table's width runs two batches side by side */
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_ssse3 = {
    "ssse3", 16, hight_w128_ecb_encrypt, hight_w128_ecb_decrypt, hight_w128_ctr_xor,
};
