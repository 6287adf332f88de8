/* LEA's GCM kernel for AVX-512 + VPCLMULQDQ: the avx512 CTR rounds (lea_avx512.c's definitions,
 * lea_simd_template.h) with GHASH folded into them four blocks at a time on zmm VPCLMULQDQ
 * (aead/ghash_zmm.h), the avx512 table's gcm_xor. Its own file because it needs the VPCLMULQDQ
 * flag, which the rest of the avx512 kernels do not; the stitched pass that calls it requires
 * the feature (src/aead/gcm_desc.c). */
#include <immintrin.h>
#include <stdint.h>

#include "../aead/ghash_zmm.h"

/* The template's ECB, CTR and XTS entry points are compiled in lea_avx512.c; here they are
 * unused. */
#pragma GCC diagnostic ignored "-Wunused-function"

void karx_i_lea_gcm_avx512(const void *ks, const uint64_t *hs, uint8_t y[16], uint8_t *out,
                           const uint8_t *in, size_t nblocks, const uint8_t *ctr, int decrypt);
#define LEA_GCM karx_i_lea_gcm_avx512
#include "lea_avx512_defs.h"
#undef LEA_XTS /* compiled in lea_avx512.c */
#include "lea_simd_template.h"
