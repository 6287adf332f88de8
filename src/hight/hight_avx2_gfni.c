/* HIGHT AVX2 + GFNI kernels: byte-sliced, 32 blocks per batch (hight_simd_template.h),
 * F0/F1 by one (VEX) gf2p8affineqb each. hight.c picks them only after a run-time check of
 * KARX_CPU_GFNI. */
#include <immintrin.h>

#define HT_F HT_F_GFNI
#define HT_TERNLOG 0
#define HT_W 128
#include "hight_simd_template.h"
#define HT_W 256
#define HT_PAIR 1 /* the table's width runs two batches side by side */
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_avx2_gfni = {
    "avx2+gfni", 32, hight_w256_ecb_encrypt, hight_w256_ecb_decrypt, hight_w256_ctr_xor,
};
