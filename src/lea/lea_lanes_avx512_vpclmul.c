/* LEA's lane kernel for AVX-512 with VPCLMULQDQ (16 lanes): the avx512 kernel plus GCM's
 * counter pass with GHASH fused and the lane GHASH (src/lanes/lanes_gcm_avx512.h). */
#include "../lanes/lanes_gcm_avx512.h"
#define LV_FN(x) karx_i_lea_lanes_avx512_vpclmul_##x
#include "../lanes/lanes_template.h"
#include "lea_lanes.h"

GL_GCM32(lea)
LV_TABLE(karx_i_lea_lanes_avx512_vpclmul, lea, LV_FN(lea_gcm32_xor), karx_i_lanes_ghash_avx512);
