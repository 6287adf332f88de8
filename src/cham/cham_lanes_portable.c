/* CHAM-128's lane kernel for portable (4 lanes): src/lanes/lanes_template.h over lanes_vec_portable.h. */
#include "../lanes/lanes_vec_portable.h"
#define LV_FN(x) karx_i_cham_lanes_portable_##x
#include "../lanes/lanes_template.h"
#include "cham_lanes.h"

LV_TABLE(karx_i_cham_lanes_portable, cham, NULL, NULL);
