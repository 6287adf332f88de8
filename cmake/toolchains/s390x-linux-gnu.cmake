# Cross build for 64-bit IBM Z Linux (s390x, big-endian) with Debian's gcc-s390x-linux-gnu, the
# big-endian target of scripts/test-s390x.sh; ctest runs the test binaries through qemu-user
# (package qemu-user). No SIMD back end applies, so every test runs the portable code.
#   cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x-linux-gnu.cmake
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(KARX_CROSS_TRIPLE s390x-linux-gnu)
set(KARX_CROSS_QEMU qemu-s390x)
# Debian's s390x GCC 12 reports -Wstringop-overflow on byte loops whose bound it cannot tie to
# the 16-byte array they write (gcm.c partial block, ctr_drbg.c BCC: the bounds are len % 16 and
# the block size <= 16). The host GCC, clang and the Arm cross builds keep the check.
set(CMAKE_C_FLAGS_INIT "-Wno-stringop-overflow")
include(${CMAKE_CURRENT_LIST_DIR}/../KarxCrossLinux.cmake)
