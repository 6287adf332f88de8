/* CHAM-128's lane kernel for sse2 (4 lanes): src/lanes/lanes_template.h over lanes_vec_sse2.h. */
#include "../lanes/lanes_vec_sse2.h"
#define LV_FN(x) karx_i_cham_lanes_sse2_##x
#include "../lanes/lanes_template.h"
#include "cham_lanes.h"

LV_TABLE(karx_i_cham_lanes_sse2, cham, NULL, NULL);
