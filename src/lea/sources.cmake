# LEA: key schedule, single blocks and kernel dispatch (lea.c), portable kernels, ISA kernels.
list(APPEND KARX_SOURCES src/lea/lea.c src/lea/lea_portable.c)
