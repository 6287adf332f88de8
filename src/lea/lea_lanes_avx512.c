/* LEA's lane kernel for avx512 (16 lanes): src/lanes/lanes_template.h over lanes_vec_avx512.h. */
#include "../lanes/lanes_vec_avx512.h"
#define LV_FN(x) karx_i_lea_lanes_avx512_##x
#include "../lanes/lanes_template.h"
#include "lea_lanes.h"

LV_TABLE(karx_i_lea_lanes_avx512, lea, NULL, NULL);
