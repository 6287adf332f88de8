# Cross build for 64-bit Arm Linux (AArch64, little-endian) with Debian's gcc-aarch64-linux-gnu;
# ctest runs the test binaries through qemu-user (package qemu-user).
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(KARX_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${KARX_CROSS_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${KARX_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/${KARX_CROSS_TRIPLE})
# No CUDA in a cross build (the host's nvcc targets the host).
set(KARX_CUDA OFF CACHE STRING "Build the CUDA back end: AUTO, ON or OFF")
