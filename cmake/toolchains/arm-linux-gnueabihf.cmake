# Cross build for 32-bit Arm Linux (ARMv7-A hard-float, Debian armhf) with
# gcc-arm-linux-gnueabihf; ctest runs the test binaries through qemu-user (package qemu-user).
# The NEON files get -mfpu=neon (CMakeLists.txt); the rest keeps armhf's baseline (VFPv3-D16),
# and NEON is used only when getauxval(AT_HWCAP) reports it.
#   cmake -S . -B build-armhf -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-linux-gnueabihf.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(KARX_CROSS_TRIPLE arm-linux-gnueabihf)
set(CMAKE_C_COMPILER ${KARX_CROSS_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${KARX_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm;-L;/usr/${KARX_CROSS_TRIPLE})
# No CUDA in a cross build (the host's nvcc targets the host).
set(KARX_CUDA OFF CACHE STRING "Build the CUDA back end: AUTO, ON or OFF")
