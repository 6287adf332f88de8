/* Lane kernels for AVX-512 (F): 16 lanes per zmm; vprold rotates in one op, so a LEA round is
 * 12 zmm ops for 16 lanes, each under its own key. */
#include <immintrin.h>
#include <stdint.h>

#define LV __m512i
#define LV_L 16
#define LV_LOAD(p) _mm512_load_si512((const void *)(p))
#define LV_STORE(p, v) _mm512_store_si512((void *)(p), v)
#define LV_SET1(x) _mm512_set1_epi32((int)(x))
#define LV_XOR(a, b) _mm512_xor_si512(a, b)
#define LV_ADD(a, b) _mm512_add_epi32(a, b)
#define LV_ROL(v, n) _mm512_rol_epi32(v, n)
#define LV_NAME "avx512"
#define LV_FN(x) karx_i_lanes_avx512_##x

#include "lanes_template.h"
