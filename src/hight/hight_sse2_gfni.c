/* HIGHT SSE2 + GFNI kernels: byte-sliced, 16 blocks per batch (hight_simd_template.h),
 * F0/F1 by one gf2p8affineqb each (legacy SSE encoding). hight.c picks them only after a
 * run-time check of KARX_CPU_GFNI (for the SSE2 and SSSE3 back ends). */
#include <immintrin.h>

#define HT_F HT_F_GFNI
#define HT_TERNLOG 0
#define HT_W 128
#define HT_PAIR 1 /* the table's width runs two batches side by side */
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_sse2_gfni = {
    "sse2+gfni", 16, hight_w128_ecb_encrypt, hight_w128_ecb_decrypt, hight_w128_ctr_xor,
};
