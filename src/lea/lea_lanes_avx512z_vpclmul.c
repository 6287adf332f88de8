/* LEA's lane kernel for AVX-512 on one zmm with VPCLMULQDQ (16 lanes, CPUs with full-rate 512-bit
 * ops): the avx512z kernel plus GCM's counter pass with GHASH fused and the lane GHASH. */
#include "../lanes/lanes_vec_avx512z.h"
#include "../lanes/lanes_gcm_avx512.h"
#define LV_FN(x) karx_i_lea_lanes_avx512z_vpclmul_##x
#include "../lanes/lanes_template.h"
#include "lea_lanes.h"

GL_GCM32(lea)
LV_TABLE(karx_i_lea_lanes_avx512z_vpclmul, lea, LV_FN(lea_gcm32_xor), karx_i_lanes_ghash_avx512);
