#!/usr/bin/env bash
# Installs what karx needs to build, test and benchmark on a fresh Debian machine (as root or
# with sudo): compilers, CMake, pkg-config, and the peer libraries (Crypto++ 8.7, OpenSSL 3,
# IPsec-MB on x86-64).
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
pkgs="build-essential cmake pkg-config clang libclang-rt-14-dev git python3 python3-venv python3-dev libcrypto++-dev libssl-dev"
# Arm NEON back ends (scripts/test-arm.sh) and the big-endian run (scripts/test-s390x.sh):
# cross compilers, qemu-user
pkgs="$pkgs gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf gcc-s390x-linux-gnu qemu-user"
# constant-time check (scripts/ct-check.sh): valgrind and its memcheck.h client requests
pkgs="$pkgs valgrind"
# CLI memory tests (tests/cli/test_cli_aead.sh): /usr/bin/time -f %M
pkgs="$pkgs time"
# packages (tests/install/test_packages.sh): rpmbuild for cpack -G RPM, file for cpack's
# dependency list (dpkg-deb and dpkg-shlibdeps come with build-essential); zsh to run the
# generated zsh completion
pkgs="$pkgs rpm file zsh"
# the sessions peers' IPsec-MB (bench/peers/sessions.c, checked by bench_peers_build): x86-64 only
if [ "$(dpkg --print-architecture 2> /dev/null)" = amd64 ]; then
    pkgs="$pkgs libipsec-mb-dev"
fi
# embedded/ (make embedded): AVR, Cortex-M, MSP430 (mspdebug; clang above) and big-endian
# PowerPC cross compilers and their simulators
pkgs="$pkgs gcc-avr avr-libc simavr libsimavr-dev libelf-dev gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm mspdebug gcc-powerpc-linux-gnu qemu-user"
missing=""
for p in $pkgs; do
    dpkg -s "$p" > /dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq $missing
fi
# bench/plot.py and its test: matplotlib for the python3 that CMake finds first (PyPI)
python3 -c "import matplotlib" 2> /dev/null || python3 -m pip install -q matplotlib
# Python package: a virtual environment in build-py/venv with its build and test packages (PyPI)
bash "$(dirname "$0")/../python/setup_venv.sh"
echo "setup: all build, test and benchmark dependencies present"
