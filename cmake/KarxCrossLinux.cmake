# The part every Linux cross toolchain file (cmake/toolchains/) shares: the toolchain file sets
# CMAKE_SYSTEM_PROCESSOR, KARX_CROSS_TRIPLE (Debian's gcc-<triple> and its /usr/<triple> sysroot)
# and KARX_CROSS_QEMU (the qemu-user binary ctest runs the tests with), then includes this.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${KARX_CROSS_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${KARX_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${KARX_CROSS_QEMU};-L;/usr/${KARX_CROSS_TRIPLE})
# No CUDA in a cross build (the host's nvcc targets the host).
set(KARX_CUDA OFF CACHE STRING "Build the CUDA back end: AUTO, ON or OFF")
