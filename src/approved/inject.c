/* Test-only failure injection (approved.h). A production build compiles this file without
 * KARX_I_SELFTEST_INJECT: karx_i_injected is then a constant 0 and no setter exists, so nothing
 * outside can make the library fail its self-tests. The test suite builds a second copy of the
 * library, karx_static_inject (tests/CMakeLists.txt), whose inject.c has the setter. */
#include "approved.h"

#if defined(KARX_I_SELFTEST_INJECT)

static unsigned injected;

unsigned karx_i_injected(void) { return __atomic_load_n(&injected, __ATOMIC_RELAXED); }

void karx_i_selftest_inject_failure(unsigned kinds)
{
    __atomic_store_n(&injected, kinds, __ATOMIC_RELAXED);
}

#else

unsigned karx_i_injected(void) { return 0; }

#endif
