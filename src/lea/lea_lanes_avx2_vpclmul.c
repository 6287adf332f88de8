/* LEA's lane kernel for AVX2 with VPCLMULQDQ (8 lanes): the avx2 kernel plus GCM's counter
 * pass with GHASH fused and the lane GHASH (src/lanes/lanes_gcm_avx2.h). */
#include "../lanes/lanes_gcm_avx2.h"
#define LV_FN(x) karx_i_lea_lanes_avx2_vpclmul_##x
#include "../lanes/lanes_template.h"
#include "lea_lanes.h"

GL_GCM32(lea)
LV_TABLE(karx_i_lea_lanes_avx2_vpclmul, lea, LV_FN(lea_gcm32_xor), karx_i_lanes_ghash_avx2);
