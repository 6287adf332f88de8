/* Internal: the active back end, read on every dispatched call (one relaxed atomic load). */
#ifndef KARX_DISPATCH_H
#define KARX_DISPATCH_H

#include "karx/cpu.h"

/* Back ends this version knows (internal: the public API ends loops at a NULL name). */
#define KARX_I_BACKEND_COUNT 6

karx_backend karx_i_active_backend(void);

/* The CPU features each back end needs: a kernel of that back end may use all of them. */
#define KARX_I_NEEDS_SSE2 KARX_CPU_SSE2
#define KARX_I_NEEDS_SSSE3 (KARX_CPU_SSE2 | KARX_CPU_SSSE3)
#define KARX_I_NEEDS_AVX2 KARX_CPU_AVX2
#define KARX_I_NEEDS_AVX512 \
    (KARX_CPU_AVX2 | KARX_CPU_AVX512F | KARX_CPU_AVX512VL | KARX_CPU_AVX512BW)
#define KARX_I_NEEDS_NEON KARX_CPU_NEON

#endif
