/* LEA kernels for AVX-512 (F+VL+BW): 16 blocks per zmm, word-sliced (see lea_simd_template.h).
 * A round is 12 zmm ops: vprold does each rotation in one, and the round keys are broadcast
 * loads. Two groups of 16 blocks run interleaved. Tails use masked loads and stores. */
#include <immintrin.h>
#include <stdint.h>

#include "lea_avx512_defs.h"

/* The GCM kernel (lea_gcm_avx512.c, built with VPCLMULQDQ) is this table's gcm_xor. */
void karx_i_lea_gcm_avx512(const void *ks, const uint64_t *hs, uint8_t y[16], uint8_t *out,
                           const uint8_t *in, size_t nblocks, const uint8_t *ctr, int decrypt);
#define LEA_GCM_FN karx_i_lea_gcm_avx512

#include "lea_simd_template.h"
