#!/usr/bin/env bash
# Builds every libFuzzer target in fuzz/ with clang (ASan + UBSan) against one instrumented
# build of the library, runs each for SECONDS (default 20) on its corpus, and prints per target
# the executions it ran. Ends with "fuzz: N passed, M failed" (", 1 skipped" when Crypto++ is
# missing for the differential target) and exits non-zero when a target failed: a crash, leak,
# timeout or sanitizer report, whose input is kept as build-fuzz/<target>-crash-* (or -leak-*,
# -timeout-*); the other targets still run.
# Reproducers of fixed bugs in fuzz/regressions/<target>/ are replayed before each target runs;
# a dictionary fuzz/<target>.dict, when there is one, is handed to libFuzzer.
# usage: fuzz/run.sh [SECONDS] [TARGET...]     e.g. fuzz/run.sh 600 fuzz_aead fuzz_cli
# env:   FUZZ_JOBS (build parallelism, default 2), FUZZ_MAX_LEN (default 2048)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
[ $# -gt 0 ] && shift
out=build-fuzz
jobs=${FUZZ_JOBS:-2}
max_len=${FUZZ_MAX_LEN:-2048}
san="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
# every target links the static library (KARX_STATIC_DEFINE: include/karx/common.h)
cflags="-g -O1 -Wall -Wextra -Werror -Iinclude -DKARX_STATIC_DEFINE"

# The library gets coverage instrumentation too, so the fuzzers are guided by its branches.
CC=clang cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKARX_SANITIZE=ON -DKARX_CUDA=OFF \
    -DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link \
    -DKARX_BUILD_TESTS=OFF -DKARX_BUILD_CLI=OFF > /dev/null
cmake --build "$out" -j "$jobs" --target karx_static > /dev/null

# The CLI's sources, instrumented, with main renamed, for fuzz_cli only (no exit() is reachable:
# every command returns its status to main). A header newer than an object rebuilds it.
cli_objs=()
build_cli_objs() { # fuzz_cli and fuzz_cavp both: the list is made afresh each time
    cli_objs=()
    mkdir -p "$out/cli"
    local newest_header src obj
    newest_header=$(ls -t cli/*.h cli/cavp/*.h include/karx/*.h | sed -n 1p)
    for src in cli/*.c cli/cavp/*.c; do # every file the karx target builds
        obj="$out/cli/$(basename "$src" .c).o"
        if [ ! -e "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_header" -nt "$obj" ]; then
            clang -std=gnu11 $cflags -fsanitize=fuzzer-no-link,address,undefined -Icli -Isrc \
                -Dmain=karx_cli_main -DKARX_GIT_COMMIT='"fuzz"' -c "$src" -o "$obj"
        fi
        cli_objs+=("$obj")
    done
}

# The provider's sources, instrumented, for fuzz_provider only (it registers them with
# OSSL_PROVIDER_add_builtin rather than loading karx.so). A header newer than an object rebuilds it.
prov_objs=()
build_prov_objs() {
    mkdir -p "$out/provider"
    local newest_header src obj
    newest_header=$(ls -t provider/*.h include/karx/*.h | sed -n 1p)
    for src in provider/*.c; do
        obj="$out/provider/$(basename "$src" .c).o"
        if [ ! -e "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_header" -nt "$obj" ]; then
            clang -std=gnu11 $cflags -fsanitize=fuzzer-no-link,address,undefined -Iprovider \
                -c "$src" -o "$obj"
        fi
        prov_objs+=("$obj")
    done
}

# Crypto++ 8.7 (libcrypto++-dev) for the differential target; without it that target is skipped.
have_cryptopp=0
if [ -f /usr/include/cryptopp/lsh.h ] && command -v clang++ > /dev/null; then have_cryptopp=1; fi

build() { # NAME -> $out/NAME
    local name=$1
    case "$name" in
    fuzz_cli | fuzz_cavp) # karx cavp's reader (fuzz_cavp) is the CLI's code too
        build_cli_objs
        clang $cflags $san -Icli -Icli/cavp "fuzz/$name.c" "${cli_objs[@]}" "$out/libkarx.a" -lpthread \
            -o "$out/$name" ;;
    fuzz_provider)
        build_prov_objs
        clang $cflags $san "fuzz/$name.c" "${prov_objs[@]}" "$out/libkarx.a" -lcrypto -lpthread \
            -o "$out/$name" ;;
    fuzz_cryptopp) clang++ -std=c++17 $cflags $san "fuzz/$name.cpp" "$out/libkarx.a" -lcryptopp \
        -o "$out/$name" ;;
    *) clang -std=c11 $cflags $san "fuzz/$name.c" "$out/libkarx.a" -o "$out/$name" ;;
    esac
}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for t in fuzz/fuzz_*.c fuzz/fuzz_*.cpp; do
        [ -e "$t" ] && targets+=("$(basename "${t%.*}")")
    done
fi

export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

passed=0 failed=0 skipped=0
for name in "${targets[@]}"; do
    if [ "$name" = fuzz_cryptopp ] && [ $have_cryptopp = 0 ]; then
        echo "$name: skipped (Crypto++ headers not found: apt-get install libcrypto++-dev)"
        skipped=$((skipped + 1))
        continue
    fi
    build "$name"
    corpus="$PWD/$out/corpus-$name" # absolute: fuzz_cli works in a folder of its own
    mkdir -p "$corpus"
    seeds=() dict=()
    [ -d "fuzz/corpus/$name" ] && seeds=("$PWD/fuzz/corpus/$name")
    [ -f "fuzz/$name.dict" ] && dict=(-dict="$PWD/fuzz/$name.dict")
    log="$out/$name.log"
    # fixed bugs' reproducers first: each file is run once and must pass
    if [ -d "fuzz/regressions/$name" ] && ! "$out/$name" "$PWD"/fuzz/regressions/"$name"/* > "$log" 2>&1; then
        tail -40 "$log"
        echo "$name: FAILED on a reproducer in fuzz/regressions/$name (log $log)"
        failed=$((failed + 1))
        continue
    fi
    if ! "$out/$name" -max_total_time="$secs" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$PWD/$out/$name-" "${dict[@]}" "$corpus" "${seeds[@]}" \
        > "$log" 2>&1; then
        tail -40 "$log"
        echo "$name: FAILED (log $log; reproducer $out/$name-crash-* or -leak-* / -timeout-*)"
        failed=$((failed + 1))
        continue
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    echo "$name: ${runs:-?} runs in ${secs}s, coverage ${cov:-?} edges"
    passed=$((passed + 1))
done
summary="fuzz: $passed passed, $failed failed"
[ $skipped -gt 0 ] && summary="$summary, $skipped skipped"
echo "$summary"
[ $failed -eq 0 ]
