#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (+ASan/UBSan) and runs each for SECONDS (default 20).
# usage: fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
out=build-fuzz
# The library gets coverage instrumentation too, so the fuzzer is guided by its branches.
CC=clang cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKARX_SANITIZE=ON -DKARX_CUDA=OFF \
    -DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link \
    -DKARX_BUILD_TESTS=OFF -DKARX_BUILD_CLI=OFF > /dev/null
cmake --build "$out" -j "$(nproc)" --target karx_static > /dev/null
n=0
for t in fuzz/fuzz_*.c; do
    name=$(basename "$t" .c)
    clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude "$t" "$out/libkarx.a" -o "$out/$name"
    mkdir -p "$out/corpus-$name"
    # a crash or sanitizer report exits non-zero and stops the script (pipefail)
    "$out/$name" -max_total_time="$secs" -max_len=2048 -artifact_prefix="$out/" "$out/corpus-$name" 2>&1 | tail -3
    n=$((n + 1))
done
echo "fuzz: $n passed, 0 failed"
