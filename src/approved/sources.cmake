# The approved mode and the self-tests of every algorithm (include/karx/selftest.h): the gate
# every service passes, the error state and the service indicator (approved.c), one self-test
# run (selftest_run.c) with the constructions' known answers (selftest_kat.c), the conditional
# tests (health.c) and the test-only failure injection (inject.c, a stub in the library).
list(APPEND KARX_SOURCES src/approved/approved.c src/approved/selftest_run.c
  src/approved/selftest_kat.c src/approved/health.c src/approved/inject.c)
option(KARX_APPROVED_ONLY "Build with the approved mode always on (include/karx/selftest.h)" OFF)
if(KARX_APPROVED_ONLY)
  set_source_files_properties(src/approved/approved.c PROPERTIES
    COMPILE_DEFINITIONS KARX_APPROVED_ONLY)
endif()
