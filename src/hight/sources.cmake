# HIGHT: key schedule, single blocks and kernel dispatch (hight.c), portable kernels, ISA kernels.
list(APPEND KARX_SOURCES src/hight/hight.c src/hight/hight_portable.c)
