/* Internal: the active back end, read on every dispatched call (one relaxed atomic load), and
 * the table of back ends (backends.h: names, the features each needs, fallback chains,
 * preference, ISA family). */
#ifndef KARX_DISPATCH_H
#define KARX_DISPATCH_H

#include "backends.h"
#include "karx/cpu.h"

karx_backend karx_i_active_backend(void);

#endif
