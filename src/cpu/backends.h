/* Internal: the one table of back ends. Everything that knows a back end by name derives from
 * it: the names karx_backend_name() and KARX_BACKEND accept (dispatch.c), the features each
 * back end needs (KARX_I_NEEDS_*, which the impl lists use), whether this build compiled it,
 * the automatic choice (the highest preference this CPU runs), the fallback chains of kernel
 * selection (src/registry/select.c) and the priorities of impls (KARX_I_PRIO, registry.h).
 * `karx info`, the tests and the docs read the same through the public calls.
 *
 * Columns of KARX_I_BACKENDS(X, a), one X(a, ...) per back end:
 *   ID     the karx_backend value is KARX_BACKEND_<ID> (include/karx/cpu.h)
 *   name   its name (karx_backend_name, KARX_BACKEND, `karx info`)
 *   needs  the KARX_CPU_* bits a kernel of it may use (all present, or it does not run)
 *   below  the back end it falls back to: a family without a kernel here takes the best one
 *          down this chain (x86: avx512 > avx2 > ssse3 > sse2 > portable; Arm: neon > portable)
 *   pref   preference: the automatic choice is the highest one this CPU and build run; an
 *          impl's priority is its back end's pref * 4 (+ 1 for an extension within it)
 *   isa    the ISA whose flags its files are compiled with (cmake/KarxIsa.cmake's names)
 *   built  1 when this build compiled its kernels (from KARX_HAVE_X86_SIMD / KARX_HAVE_NEON,
 *          which only the library's own sources are compiled with: read it through
 *          karx_backend_supported() elsewhere)
 *
 * Adding a back end: a KARX_BACKEND_<ID> value in cpu.h, its feature bits detected in
 * cpu_features.c, its flags in cmake/KarxIsa.cmake, one row here. */
#ifndef KARX_CPU_BACKENDS_H
#define KARX_CPU_BACKENDS_H

#include "karx/cpu.h"

#if defined(KARX_HAVE_X86_SIMD)
#define KARX_I_BUILT_X86 1
#else
#define KARX_I_BUILT_X86 0
#endif
#if defined(KARX_HAVE_NEON)
#define KARX_I_BUILT_NEON 1
#else
#define KARX_I_BUILT_NEON 0
#endif

/* clang-format off */
#define KARX_I_BACKENDS(X, a)                                                                  \
    /*  ID        name        needs                                 below     pref isa       built */ \
    X(a, PORTABLE, "portable", 0u,                                   PORTABLE, 0,  "",      1)                \
    X(a, SSE2,     "sse2",     KARX_CPU_SSE2,                        PORTABLE, 1,  "SSE2",  KARX_I_BUILT_X86) \
    X(a, SSSE3,    "ssse3",    KARX_CPU_SSE2 | KARX_CPU_SSSE3,       SSE2,     2,  "SSSE3", KARX_I_BUILT_X86) \
    X(a, AVX2,     "avx2",     KARX_CPU_AVX2,                        SSSE3,    3,  "AVX2",  KARX_I_BUILT_X86) \
    X(a, AVX512,   "avx512",   KARX_CPU_AVX2 | KARX_CPU_AVX512F |                                           \
                               KARX_CPU_AVX512VL | KARX_CPU_AVX512BW, AVX2,     4,  "AVX512", KARX_I_BUILT_X86) \
    X(a, NEON,     "neon",     KARX_CPU_NEON,                        PORTABLE, 5,  "NEON",  KARX_I_BUILT_NEON)
/* clang-format on */

/* The number of rows. */
#define KARX_I_BACKEND_ROW_COUNT(a, id, name, needs, below, pref, isa, built) +1
#define KARX_I_BACKEND_COUNT (0 KARX_I_BACKENDS(KARX_I_BACKEND_ROW_COUNT, ~))

/* KARX_I_NEEDS_<ID>: the features of each back end, as constants for the impl lists. */
#define KARX_I_BACKEND_ROW_NEEDS(a, id, name, needs, below, pref, isa, built) \
    KARX_I_NEEDS_##id = (int)(needs),
enum { KARX_I_BACKENDS(KARX_I_BACKEND_ROW_NEEDS, ~) };

/* A back end's preference, as a constant expression when b is one (-1 for an unknown value). */
#define KARX_I_BACKEND_ROW_PREF(b, id, name, needs, below, pref, isa, built) \
    (b) == KARX_BACKEND_##id ? (pref) :
#define KARX_I_BACKEND_PREF(b) (KARX_I_BACKENDS(KARX_I_BACKEND_ROW_PREF, b) - 1)

/* One row, at run time. */
typedef struct karx_i_backend_row {
    const char *name;
    unsigned needs;
    karx_backend below;
    int pref;
    const char *isa;
    int built;
} karx_i_backend_row;

#define KARX_I_BACKEND_ROW_INIT(a, id, name, needs, below, pref, isa, built) \
    [KARX_BACKEND_##id] = {(name), (needs), KARX_BACKEND_##below, (pref), (isa), (built)},

/* The row of b, or NULL for a value no row has. Static, so that the compact builds, which have
 * select.c but not dispatch.c, carry the table too. */
static inline const karx_i_backend_row *karx_i_backend_row_of(karx_backend b)
{
    static const karx_i_backend_row rows[KARX_I_BACKEND_COUNT] = {
        KARX_I_BACKENDS(KARX_I_BACKEND_ROW_INIT, ~)};
    /* unsigned: with -fshort-enums (the MCU builds) a signed test is always true, and -Werror */
    return (unsigned)b < (unsigned)KARX_I_BACKEND_COUNT ? &rows[b] : (const karx_i_backend_row *)0;
}

#endif
