/* Lane kernels for AVX-512 (F/BW): 16 lanes per zmm; vprold rotates in one op, so a LEA round
 * is 12 zmm ops for 16 lanes, each under its own key (vector defs: lanes_avx512_defs.h). */
#include "lanes_avx512_defs.h"

#define LV_FN(x) karx_i_lanes_avx512_##x

#include "lanes_template.h"
