# Cross build for 32-bit Arm Linux (ARMv7-A hard-float, Debian armhf) with
# gcc-arm-linux-gnueabihf; ctest runs the test binaries through qemu-user (package qemu-user).
# The NEON files get -mfpu=neon (cmake/KarxIsa.cmake); the rest keeps armhf's baseline
# (VFPv3-D16), and NEON is used only when getauxval(AT_HWCAP) reports it.
#   cmake -S . -B build-armhf -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-linux-gnueabihf.cmake
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(KARX_CROSS_TRIPLE arm-linux-gnueabihf)
set(KARX_CROSS_QEMU qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/../KarxCrossLinux.cmake)
