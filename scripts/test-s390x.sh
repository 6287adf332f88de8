#!/usr/bin/env bash
# Big-endian run: a cross build for s390x (IBM Z, big-endian, LP64) in build-s390x/, a -Werror
# release build whose C tests ctest runs under qemu-user (every one but the CLI scripts), then
# the CLI shell tests through a qemu wrapper. No SIMD back end exists there, so everything runs
# the portable code, and every byte order assumption (loads, stores, digests, counters, the
# GPU core's CPU emulation) is checked against vectors written on a little-endian machine.
# Needs gcc-s390x-linux-gnu and qemu-user (scripts/setup.sh).
# Usage: scripts/test-s390x.sh [--full]   (--full: every CLI script that runs under qemu)
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
full=0
case "${1:-}" in
"") ;;
--full) full=1 ;;
*) echo "test-s390x: usage: scripts/test-s390x.sh [--full]" >&2; exit 2 ;;
esac
triple=s390x-linux-gnu qemu=qemu-s390x dir=build-s390x
for tool in "$triple-gcc" "$qemu"; do
    command -v "$tool" > /dev/null || {
        echo "test-s390x: $tool not found (bash scripts/setup.sh installs it)" >&2
        exit 1
    }
done
# A run that is not big-endian would prove nothing here. (The macros are read whole first: with
# pipefail, `gcc | grep -q` fails at random when grep exits before gcc has written everything.)
macros=$("$triple-gcc" -dM -E - < /dev/null)
case $macros in
*"__BYTE_ORDER__ __ORDER_BIG_ENDIAN__"*) ;;
*) echo "test-s390x: $triple-gcc does not target a big-endian machine" >&2; exit 1 ;;
esac

start=$SECONDS
printf -- '--- s390x: configure + build (%s)\n' "$triple"
cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/$triple.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON -DKARX_CUDA=OFF > /dev/null
cmake --build "$dir" -j "$JOBS" > "$dir/build.log" 2>&1 || { cat "$dir/build.log"; exit 1; }

printf -- '--- s390x: karx info under %s\n' "$qemu"
info=$("$qemu" -L "/usr/$triple" "$dir/karx" info)
echo "$info" | grep -E '^(back ends|active|lsh|gpu)'
echo "$info" | grep -qx 'active: portable' || { echo "test-s390x: portable not active" >&2; exit 1; }

printf -- '--- s390x: ctest under %s (all tests but the CLI scripts)\n' "$qemu"
# pool_bulk and gcm_pool drive every *_pool call at 5 thread counts over MiBs: more than
# 10 minutes each under qemu. What they check (the split into ranges) is the same C on every
# target and runs natively in every build; the kernels they call are tested here by the
# others, and test_pool runs the pool itself here.
ctest --test-dir "$dir" -E '^(cli|pool_bulk$|gcm_pool$)' --output-on-failure -j "$JOBS"

# The CLI shell tests exec "$KARX" directly: hand them a wrapper that runs karx under qemu.
# A fixed list, not tests/cli/test_cli*.sh: the scripts differ in arguments and in what a qemu
# wrapper can carry (test_cli_rand_entropy.sh LD_PRELOADs a host shim, which would reach qemu,
# not the s390x karx; test_cli_gpu.sh tests the --device paths, and a cross build has no CUDA).
# By default the two that print digests (streamed and batched paths, read back by -c): the CLI
# itself handles only bytes, and the byte-order code under enc/dec, mac, kdf and rand is the
# library's, which ctest above ran with all its KATs. --full adds enc, aead and output
# (about 4.5 more minutes under qemu on 2 cores: every one of their ~2,200 karx runs is
# emulated), for a change to the CLI's own byte handling.
printf '#!/bin/sh\nexec %s -L /usr/%s %s "$@"\n' "$qemu" "$triple" "$PWD/$dir/karx" \
    > "$dir/karx-qemu"
chmod +x "$dir/karx-qemu"
clis="test_cli test_cli_hash_check"
[ "$full" = 1 ] && clis="$clis test_cli_enc test_cli_aead test_cli_output"
for c in $clis; do
    printf -- '--- s390x: tests/cli/%s.sh under %s\n' "$c" "$qemu"
    sh "tests/cli/$c.sh" "$PWD/$dir/karx-qemu" tests | tail -1
done
printf -- '--- s390x: %d s\n' $((SECONDS - start))
echo "test-s390x: passed"
