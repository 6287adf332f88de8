/* LEA's lane kernel for avx2 (8 lanes): src/lanes/lanes_template.h over lanes_vec_avx2.h. */
#include "../lanes/lanes_vec_avx2.h"
#define LV_FN(x) karx_i_lea_lanes_avx2_##x
#include "../lanes/lanes_template.h"
#include "lea_lanes.h"

LV_TABLE(karx_i_lea_lanes_avx2, lea, NULL, NULL);
