# The approved mode and the self-tests of every algorithm (include/karx/selftest.h):
#  - gate.c: the gate every service passes, the error state, the list, the service indicator; it
#    calls nothing else in the library and gets the power-up run as a pointer from above;
#  - selftest_run.c: one self-test run and the public calls that need it, over the
#    constructions' known answers (selftest_kat.c);
#  - health.c: the conditional tests; inject.c: the test-only failure injection (a stub here).
list(APPEND KARX_SOURCES src/approved/gate.c src/approved/selftest_run.c
  src/approved/selftest_kat.c src/approved/health.c src/approved/inject.c)
option(KARX_APPROVED_ONLY "Build with the approved mode always on (include/karx/selftest.h)" OFF)
if(KARX_APPROVED_ONLY)
  set_source_files_properties(src/approved/gate.c PROPERTIES
    COMPILE_DEFINITIONS KARX_APPROVED_ONLY)
endif()
