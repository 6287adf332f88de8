/* CHAM-128's lane kernel for neon (4 lanes): src/lanes/lanes_template.h over lanes_vec_neon.h. */
#include "../lanes/lanes_vec_neon.h"
#define LV_FN(x) karx_i_cham_lanes_neon_##x
#include "../lanes/lanes_template.h"
#include "cham_lanes.h"

LV_TABLE(karx_i_cham_lanes_neon, cham, NULL, NULL);
