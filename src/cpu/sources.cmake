# CPU feature detection and the process-wide back-end choice (KARX_BACKEND, karx_set_backend).
list(APPEND KARX_SOURCES src/cpu/cpu_features.c src/cpu/dispatch.c)
