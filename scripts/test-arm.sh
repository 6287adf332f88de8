#!/usr/bin/env bash
# Arm cross builds with the NEON back ends: AArch64 (build-arm64/) and ARMv7 hard-float with
# -mfpu=neon on the NEON files (build-armhf/), each a -Werror release build whose test suite
# ctest runs under qemu-user (every C test), then the CLI shell tests through a qemu wrapper.
# The test binaries compare every back end the CPU supports, NEON included, with the portable
# code. Then, on 32-bit Arm, the same binaries on an emulated CPU without NEON
# (Cortex-R5F, VFPv3-D16) must detect no NEON and pass on the portable path.
# Needs gcc-aarch64-linux-gnu, gcc-arm-linux-gnueabihf, qemu-user (scripts/setup.sh).
# Usage: scripts/test-arm.sh [arm64|armhf]...   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(arm64 armhf)

for t in "${targets[@]}"; do
    case "$t" in
    arm64) triple=aarch64-linux-gnu qemu=qemu-aarch64 ;;
    armhf) triple=arm-linux-gnueabihf qemu=qemu-arm ;;
    *) echo "test-arm: unknown target $t (arm64, armhf)" >&2; exit 2 ;;
    esac
    for tool in "$triple-gcc" "$qemu"; do
        command -v "$tool" > /dev/null || {
            echo "test-arm: $tool not found (bash scripts/setup.sh installs it)" >&2
            exit 1
        }
    done
    dir=build-$t
    printf -- '--- %s: configure + build (%s)\n' "$t" "$triple"
    cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/$triple.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON -DKARX_CUDA=OFF > /dev/null
    cmake --build "$dir" -j "$JOBS" > "$dir/build.log" 2>&1 || { cat "$dir/build.log"; exit 1; }
    run() { "$qemu" -L "/usr/$triple" "$@"; }

    printf -- '--- %s: karx info under %s\n' "$t" "$qemu"
    info=$(run "$dir/karx" info)
    echo "$info" | grep -E '^(features|back ends|active|lsh|lea128)'
    echo "$info" | grep -qx 'active: neon' || { echo "test-arm: $t: NEON not active" >&2; exit 1; }

    printf -- '--- %s: ctest under %s (all tests but the CLI scripts)\n' "$t" "$qemu"
    # pool_bulk and gcm_pool drive every *_pool call at 5 thread counts over MiBs: more than
    # 10 minutes each under qemu. What they check (the split into ranges) is the same C on every
    # target and runs natively in every build; the kernels they call are tested here by the
    # others, and test_pool runs the pool itself here.
    ctest --test-dir "$dir" -E '^(cli|pool_bulk$|gcm_pool$)' --output-on-failure -j "$JOBS"

    # The CLI shell tests exec "$KARX" directly: hand them a wrapper that runs karx under qemu.
    # All three on armhf (32-bit size_t and long, unlike the host); the basic one on arm64
    # (LP64 like the host, so its enc/aead runs would repeat the host's).
    printf '#!/bin/sh\nexec %s -L /usr/%s %s "$@"\n' "$qemu" "$triple" "$PWD/$dir/karx" \
        > "$dir/karx-qemu"
    chmod +x "$dir/karx-qemu"
    clis="test_cli test_cli_hash_check"
    [ "$t" = armhf ] && clis="test_cli test_cli_hash_check test_cli_enc test_cli_aead test_cli_output"
    for c in $clis; do
        printf -- '--- %s: tests/cli/%s.sh under %s\n' "$t" "$c" "$qemu"
        sh "tests/cli/$c.sh" "$dir/karx-qemu" tests | tail -1
    done

    if [ "$t" = armhf ]; then
        printf -- '--- armhf: a CPU without NEON (QEMU_CPU=cortex-r5f) runs the portable path\n'
        info=$(QEMU_CPU=cortex-r5f run "$dir/karx" info)
        echo "$info" | grep -qx 'active: portable' && echo "$info" | grep -q 'neon(no)' || {
            echo "$info"; echo "test-arm: NEON reported on a CPU without it" >&2; exit 1
        }
        info=$(KARX_BACKEND=neon QEMU_CPU=cortex-r5f run "$dir/karx" info)
        echo "$info" | grep -qx 'active: portable' || {
            echo "test-arm: KARX_BACKEND=neon must fall back on a CPU without NEON" >&2; exit 1
        }
        QEMU_CPU=cortex-r5f ctest --test-dir "$dir" -R '^(lsh_kat|lsh_backends|lea|hight|cham|modes)$' \
            --output-on-failure -j "$JOBS"
    fi
done
echo "test-arm: ${targets[*]} passed"
