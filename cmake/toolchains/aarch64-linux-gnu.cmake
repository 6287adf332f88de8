# Cross build for 64-bit Arm Linux (AArch64, little-endian) with Debian's gcc-aarch64-linux-gnu;
# ctest runs the test binaries through qemu-user (package qemu-user).
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(KARX_CROSS_TRIPLE aarch64-linux-gnu)
set(KARX_CROSS_QEMU qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/../KarxCrossLinux.cmake)
