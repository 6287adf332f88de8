/* The one piece of the library a bare-metal build replaces: src/cpu/ (the environment, CPU
 * feature detection, the back-end choice). A microcontroller has one back end, the portable C
 * one, and no SIMD feature, so the registry's kernel selection always lands on portable. */
#include "karx/cpu.h"

karx_backend karx_i_active_backend(void);

karx_backend karx_i_active_backend(void) { return KARX_BACKEND_PORTABLE; }

unsigned karx_cpu_features(void) { return 0; }
