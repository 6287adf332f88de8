/* HIGHT AVX2 kernels: byte-sliced, 32 blocks per batch (hight_simd_template.h), F0/F1 by two
 * nibble pshufb look-ups; tails of at most 16 blocks go to the 128-bit form in this file. */
#include <immintrin.h>

#define HT_F HT_F_PSHUFB
#define HT_TERNLOG 0
#define HT_W 128
#include "hight_simd_template.h"
#define HT_W 256
#define HT_PAIR 1 /* the table's width runs two batches side by side */
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_avx2 = {
    "avx2", 32, hight_w256_ecb_encrypt, hight_w256_ecb_decrypt, hight_w256_ctr_xor,
};
