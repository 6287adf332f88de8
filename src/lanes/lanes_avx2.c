/* Lane kernels for AVX2: 8 lanes per ymm; a rotation is two shifts and an or. */
#include <immintrin.h>
#include <stdint.h>

#define LV __m256i
#define LV_L 8
#define LV_LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define LV_STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), v)
#define LV_SET1(x) _mm256_set1_epi32((int)(x))
#define LV_XOR(a, b) _mm256_xor_si256(a, b)
#define LV_ADD(a, b) _mm256_add_epi32(a, b)
#define LV_ROL(v, n) _mm256_or_si256(_mm256_slli_epi32(v, n), _mm256_srli_epi32(v, 32 - (n)))
#define LV_NAME "avx2"
#define LV_FN(x) karx_i_lanes_avx2_##x

#include "lanes_template.h"
