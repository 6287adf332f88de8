# The approved mode's bottom floor (include/karx/selftest.h), below every service:
#  - gate.c: the gate every service passes, the mode, the error state, the service indicator; it
#    calls nothing else in the library: the self-test runs (src/selftest/, the floor above)
#    hand it their results;
#  - health.c: the conditional tests; inject.c: the test-only failure injection (a stub here).
list(APPEND KARX_SOURCES src/approved/gate.c src/approved/health.c src/approved/inject.c)
option(KARX_APPROVED_ONLY "Build with the approved mode always on (include/karx/selftest.h)" OFF)
if(KARX_APPROVED_ONLY)
  set_source_files_properties(src/approved/gate.c PROPERTIES
    COMPILE_DEFINITIONS KARX_APPROVED_ONLY)
endif()
