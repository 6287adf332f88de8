# toy128: a test-only, INSECURE cipher (toy128.h), in the build only with -DKARX_TOY_CIPHER=ON.
# It proves that a cipher joins every front end (the CLI, karx cavp, Python, the OpenSSL
# provider) by this folder plus one registry line: tests/toy/run.sh, a step of `make check`.
option(KARX_TOY_CIPHER "Build the test-only toy128 cipher (INSECURE; never in a release)" OFF)
if(KARX_TOY_CIPHER)
  add_compile_definitions(KARX_TOY_CIPHER) # registry.c's line
  list(APPEND KARX_SOURCES src/toy/toy128.c)
endif()
