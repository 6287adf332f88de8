/* The one piece of the library a bare-metal build replaces: src/cpu/dispatch.c reads the
 * environment and CPU features; a microcontroller has one back end, the portable C one. */
#include "karx/cpu.h"

karx_backend karx_i_active_backend(void);

karx_backend karx_i_active_backend(void) { return KARX_BACKEND_PORTABLE; }
