#!/usr/bin/env bash
# The whole test suite: a warnings-as-errors release build with every test, the same under
# AddressSanitizer + UndefinedBehaviorSanitizer, a clang build, the constant-time check (valgrind),
# every libFuzzer target briefly, the structure check (scripts/check-structure.sh), the OpenSSL
# provider against newer OpenSSL 3.x headers (scripts/check-provider-openssl3x.sh), the
# exported-symbol check, an install that a find_package /
# pkg-config consumer builds against (`make install` too, with its man pages and completion), the
# DEB, TGZ and RPM packages extracted into a fresh root and used from there, the embedded, Arm
# and big-endian runs under emulators, the Python package, and a build with the test-only toy128
# cipher (tests/toy/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc 2>/dev/null || echo 2)
steps=0
start=$SECONDS last=$SECONDS
# Each step's heading, after the time the previous one took (CI has about 30 minutes in all).
step() {
    [ $steps -gt 0 ] && printf '(step %d took %d s)\n' $steps $((SECONDS - last))
    last=$SECONDS steps=$((steps + 1))
    printf '\n=== %s\n' "$*"
}

# The main build compiles the CUDA back end wherever nvcc is (CI has nvcc but no GPU: the GPU
# comparisons report skipped there; scripts/gpu-check.sh runs them on a GPU machine).
CUDA=OFF
if command -v nvcc > /dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then CUDA=ON; fi
step "release build (gcc, -Werror, KARX_CUDA=$CUDA) + tests"
# Only sm_90 (H100/H200, what scripts/gpu-check.sh runs on): nvcc and ptxas run once, not six
# times (about 45 s less per .cu file); the default build still targets sm_75 .. sm_90.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON -DKARX_CUDA=$CUDA \
    -DCMAKE_CUDA_ARCHITECTURES="${KARX_CHECK_CUDA_ARCHS:-90-real}" > /dev/null
cmake --build build -j "$JOBS"
ctest --test-dir build --output-on-failure -j "$JOBS"

step "ASan + UBSan build + tests"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DKARX_SANITIZE=ON -DKARX_WERROR=ON -DKARX_CUDA=OFF > /dev/null
cmake --build build-asan -j "$JOBS"
ASAN_OPTIONS=detect_leaks=1 ctest --test-dir build-asan --output-on-failure -j "$JOBS"

if command -v clang > /dev/null; then
    step "clang build (-Werror) + tests"
    CC=clang cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON -DKARX_CUDA=OFF > /dev/null
    cmake --build build-clang -j "$JOBS"
    ctest --test-dir build-clang --output-on-failure -j "$JOBS"
fi

step "constant time: valgrind memcheck over secrets marked undefined (scripts/ct-check.sh)"
JOBS="$JOBS" bash scripts/ct-check.sh

if command -v clang > /dev/null; then
    step "libFuzzer targets (clang, ASan + UBSan): regressions replayed, then 10 s each"
    bash fuzz/run.sh 10
fi

step "structure: no call or include circles (provider/ too), cipher ids only in their descriptors, front ends on public headers, family names in their places"
bash scripts/check-structure.sh build
sh tests/structure/test_path_guard.sh build
# each guard's test plants its fault in a copy and sees the guard fail
sh tests/structure/test_cycles_guard.sh build
sh tests/structure/test_structure_guard.sh build
sh tests/structure/test_family_names_guard.sh
# the OpenSSL provider also compiles against a newer OpenSSL 3.x (Debian 13's 3.5 headers)
bash scripts/check-provider-openssl3x.sh

step "CUDA kernels: registers and stack frames per ptxas (SKIPPED without nvcc)"
# sm_90 only, as the release build: the many-key CTR kernels keep no key schedule in local memory
KARX_GPU_REGS_ARCHS=90 bash scripts/check-gpu-regs.sh build

step "exported symbols all start with karx_"
bash tests/install/check_symbols.sh build/libkarx.so

step "install + find_package + pkg-config consumers; DEB/TGZ/RPM packages extracted and used (tests/install)"
bash tests/install/test_install.sh build
bash tests/install/test_packages.sh build

step "embedded KATs: AVR in simavr, Cortex-M3 in qemu, MSP430 in mspdebug sim (embedded/run.sh)"
bash embedded/run.sh

step "Arm NEON: AArch64 + armhf cross builds, tests under qemu-user (scripts/test-arm.sh)"
bash scripts/test-arm.sh

step "big-endian: s390x cross build, tests under qemu-user (scripts/test-s390x.sh)"
bash scripts/test-s390x.sh

step "Python package: pip install . (build-py/venv) + pytest python/tests"
bash python/setup_venv.sh > /dev/null
CMAKE_BUILD_PARALLEL_LEVEL="$JOBS" build-py/venv/bin/pip install -q --no-build-isolation \
    --config-settings=cmake.define.KARX_WERROR=ON --config-settings=cmake.define.KARX_CUDA=OFF .
build-py/venv/bin/python -m pytest python/tests -q -p no:cacheprovider

step "Python wheel: pip wheel + auditwheel (manylinux tag), fresh venv, smoke test + pytest subset"
# the same settings as above, so the build folder is reused (this step only relinks)
CMAKE_BUILD_PARALLEL_LEVEL="$JOBS" bash python/build_wheel.sh --quick \
    --config-settings=cmake.define.KARX_WERROR=ON --config-settings=cmake.define.KARX_CUDA=OFF

step "toy cipher: the test-only toy128, one folder + one registry line, in every front end (tests/toy/run.sh)"
# after the Python steps: it builds the Python module with build-py/venv's nanobind
sh tests/toy/run.sh build

printf '(step %d took %d s)\n' $steps $((SECONDS - last))
echo
# set -e stops at the first failing step, so reaching here means every step passed
echo "check: $steps passed, 0 failed in $((SECONDS - start)) s"
