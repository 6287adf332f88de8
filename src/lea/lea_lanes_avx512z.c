/* LEA's lane kernel for avx512 on one zmm (16 lanes, CPUs with full-rate 512-bit ops):
 * src/lanes/lanes_template.h over lanes_vec_avx512z.h. */
#include "../lanes/lanes_vec_avx512z.h"
#define LV_FN(x) karx_i_lea_lanes_avx512z_##x
#include "../lanes/lanes_template.h"
#include "lea_lanes.h"

LV_TABLE(karx_i_lea_lanes_avx512z, lea, NULL, NULL);
