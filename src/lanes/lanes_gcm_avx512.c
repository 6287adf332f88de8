/* The lane GHASH for AVX-512 with VPCLMULQDQ (lanes.h: ghash): 16 lanes, each its own H and
 * state, four blocks a reduction (lanes_gcm_template.h). */
#include "karx/common.h"
#include "lanes.h"
#include "lanes_gcm_avx512.h"

GL_GHASH(karx_i_lanes_ghash_avx512)
