# Revised CHAM: key schedules, single blocks and kernel dispatch (cham.c), portable kernels,
# ISA kernels.
list(APPEND KARX_SOURCES src/cham/cham.c src/cham/cham_portable.c)
