#!/usr/bin/env bash
# make dudect: the statistical timing test (dudect.c) for the kernels valgrind cannot run.
# Builds build-ct/libkarx.a (Release, the code that ships; the flags of scripts/ct-check.sh) and
# bench/dudect/dudect.c, then runs it. Arguments go to dudect: --backend NAME (default avx512),
# --measurements N (default 1e6 a target; 1e6 works), --target SUBSTRING, --list. It prints
# the commit, compiler, CPU and load first, so that a saved output is its own record. Not part of
# CI: timing needs an idle machine with AVX-512; on a CPU without it, this says so and exits 77
# (nothing measured, not a pass).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${CT_BUILD:-build-ct}
CC=${CC:-gcc}
CC=$CC cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-gdwarf-4 -DKARX_WERROR=ON \
    -DKARX_CUDA=OFF -DKARX_BUILD_TESTS=OFF -DKARX_BUILD_CLI=OFF > /dev/null
cmake --build "$BUILD" -j "${JOBS:-2}" --target karx_static > /dev/null
"$CC" -std=c11 -O2 -gdwarf-4 -Wall -Wextra -Werror -Iinclude bench/dudect/dudect.c \
    "$BUILD/libkarx.a" -lm -o "$BUILD/dudect"
# One core, pinned, where taskset exists: migrations between cores add noise to the counts.
pin=()
cpu=none
if command -v taskset > /dev/null; then
    cpu=${DUDECT_CPU:-$(($(nproc) - 1))}
    pin=(taskset -c "$cpu")
fi
# The record of the run: what was measured, on what, with what, and how busy the machine was
# (load from other processes adds noise; it cannot make a leak appear, as the classes are
# interleaved at random, but it hides small ones).
commit=$(git rev-parse --short=12 HEAD 2> /dev/null || echo unknown)
if ! git diff --quiet HEAD 2> /dev/null; then commit="$commit+dirty"; fi
model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2> /dev/null | head -1)
echo "dudect: commit $commit, $("$CC" --version | head -1)"
echo "dudect: cpu ${model:-$(uname -m)}, $(nproc) cpus, pinned to cpu $cpu," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo unknown)"
exec "${pin[@]}" "$BUILD/dudect" "$@"
