/* HIGHT AVX-512 (F, VL, BW) kernels: byte-sliced, 64 blocks per batch
 * (hight_simd_template.h), F0/F1 by two nibble pshufb look-ups, three-way xors by vpternlog;
 * tails go to the 256- and 128-bit forms in this file. */
#include <immintrin.h>

#define HT_F HT_F_PSHUFB
#define HT_TERNLOG 1
#define HT_W 128
#include "hight_simd_template.h"
#define HT_W 256
#include "hight_simd_template.h"
#define HT_W 512
#define HT_PAIR 1 /* the table's width runs two batches side by side */
#include "hight_simd_template.h"

const karx_block_kernels karx_i_hight_avx512 = {
    "avx512", 64, hight_w512_ecb_encrypt, hight_w512_ecb_decrypt, hight_w512_ctr_xor,
};
