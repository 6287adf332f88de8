#!/usr/bin/env bash
# Builds karx for the embedded targets and runs their known-answer tests in simulators:
#   host     the same sources and compact configuration, natively (quick check)
#   be       the same, big-endian: 32-bit PowerPC Linux, static, under qemu-ppc
#   avr      ATmega2560, avr-gcc, simavr through embedded/avr/harness.c (cycle counts)
#   cortexm  Cortex-M3 and Cortex-M0, arm-none-eabi-gcc, qemu-system-arm -M mps2-an385 and
#            -M microbit (semihosting)
#   msp430   see docs/EMBEDDED.md (run when its toolchain is present)
# Each target is also built once with a deliberately wrong vector, whose run must fail, so a
# simulator that exits 0 whatever happens would be caught. Exit 0 only if every KAT passed.
# Usage: embedded/run.sh [--quick]   (--quick: skip the fault-injection runs)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=build-emb
quick=0
[ "${1:-}" = "--quick" ] && quick=1
failures=0
ran=0
mkdir -p "$OUT"

note() { printf '== %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*"; failures=$((failures + 1)); }

qemu_m3() { timeout 300 qemu-system-arm -M mps2-an385 -nographic -monitor none -serial none \
              -semihosting-config enable=on,target=native -kernel "$1"; }
qemu_m0() { timeout 300 qemu-system-arm -M microbit -nographic -monitor none -serial none \
              -semihosting-config enable=on,target=native -kernel "$1"; }

run_target() { # name build-dir runner...
    local name=$1 dir=$2
    shift 2
    note "$name: running KATs"
    "$@" > "$dir/run.log" 2>&1
    local rc=$?
    cat "$dir/run.log"
    ran=$((ran + 1))
    if [ $rc -ne 0 ] || ! grep -q '^KAT: [0-9]* passed, 0 failed$' "$dir/run.log"; then
        fail "$name KATs (exit $rc)"
    fi
}

python3 embedded/tools/gen_kat.py --check || fail "kat_vectors.h is stale"
python3 embedded/tools/gen_avr_lsh.py --check || fail "avr/lsh_avr.S is stale"
python3 embedded/tools/gen_msp430_lsh.py --check || fail "msp430/lsh_msp430.S is stale"
python3 embedded/tools/gen_avr_lea.py --check || fail "avr/lea_avr.S is stale"
python3 embedded/tools/gen_avr_cham.py --check || fail "avr/cham_avr.S is stale"
python3 embedded/tools/gen_msp430_cham.py --check || fail "msp430/cham_msp430.S is stale"
python3 embedded/tools/gen_msp430_lea.py --check || fail "msp430/lea_msp430.S is stale"

targets=(host)
command -v powerpc-linux-gnu-gcc > /dev/null && command -v qemu-ppc > /dev/null && targets+=(be) ||
    fail "powerpc-linux-gnu-gcc or qemu-ppc missing (big-endian check)"
command -v avr-gcc > /dev/null && [ -f /usr/include/simavr/sim_avr.h ] && targets+=(avr) ||
    fail "avr-gcc or libsimavr-dev missing (bash scripts/setup.sh)"
command -v arm-none-eabi-gcc > /dev/null && command -v qemu-system-arm > /dev/null &&
    targets+=(cortexm) || fail "arm-none-eabi-gcc or qemu-system-arm missing"
embedded/msp430/build.sh --available && targets+=(msp430) ||
    fail "clang (msp430 target) or mspdebug missing"

note "building: ${targets[*]}"
built=()
for t in "${targets[@]}"; do
    if [ "$t" = msp430 ]; then
        if embedded/msp430/build.sh "$OUT/msp430" > "$OUT/msp430.size"; then built+=(msp430); else fail "msp430 build"; fi
        cat "$OUT/msp430.size"
    else
        if make -s -C embedded "$t" OUT="../$OUT"; then built+=("$t"); else fail "$t build"; fi
    fi
done

# Only what was built now runs: a failed build must not run the image an earlier one left.
for t in "${built[@]}"; do
    case $t in
    host) [ -x "$OUT/host/kat" ] && run_target host "$OUT/host" "$OUT/host/kat" ;;
    be) [ -x "$OUT/be/kat" ] && run_target "big-endian (powerpc, qemu-ppc)" "$OUT/be" qemu-ppc "$OUT/be/kat" ;;
    avr) [ -f "$OUT/avr/kat.elf" ] && run_target "avr (simavr, atmega2560)" "$OUT/avr" \
        "$OUT/avr/harness" "$OUT/avr/kat.elf" ;;
    cortexm) [ -f "$OUT/cortexm/kat.elf" ] && run_target "cortex-m3 (qemu mps2-an385)" \
        "$OUT/cortexm" qemu_m3 "$OUT/cortexm/kat.elf"
        [ -f "$OUT/cortexm0/kat.elf" ] && run_target "cortex-m0 (qemu microbit)" \
        "$OUT/cortexm0" qemu_m0 "$OUT/cortexm0/kat.elf" ;;
    msp430) [ -f "$OUT/msp430/kat.hex" ] && run_target "msp430 (mspdebug sim)" "$OUT/msp430" \
        embedded/msp430/build.sh --run "$OUT/msp430" ;;
    esac
done

note "freestanding: no 64-bit division helper linked into any image"
for img in "$OUT/avr/kat.elf:avr-nm" "$OUT/cortexm/kat.elf:arm-none-eabi-nm" "$OUT/cortexm0/kat.elf:arm-none-eabi-nm"; do
    f=${img%%:*}
    nm=${img##*:}
    [ -f "$f" ] || continue
    if "$nm" "$f" | grep -E ' (__udivdi3|__umoddi3|__divdi3|__moddi3|__udivmoddi4|__aeabi_uldivmod|__aeabi_ldivmod)$'; then
        fail "64-bit division in $f"
    else
        echo "$f: none"
    fi
done
# (the MSP430 link fails on any helper embedded/msp430/runtime.c does not define, and it defines none)

if [ $quick -eq 0 ]; then
    note "fault injection: every target must report the planted wrong vector"
    for t in "${targets[@]}"; do
        f="$OUT/fault/$t"
        mkdir -p "$f"
        case $t in
        host) make -s -C embedded host OUT="../$OUT/fault" CONFIG="-DKARX_COMPACT -DKARX_STATIC_DEFINE -DKARX_EMB_INJECT_FAULT" > /dev/null &&
            "$f/kat" > "$f/run.log" 2>&1 ;;
        be) make -s -C embedded be OUT="../$OUT/fault" CONFIG="-DKARX_COMPACT -DKARX_STATIC_DEFINE -DKARX_EMB_INJECT_FAULT" > /dev/null &&
            qemu-ppc "$f/kat" > "$f/run.log" 2>&1 ;;
        avr) make -s -C embedded avr OUT="../$OUT/fault" CONFIG="-DKARX_COMPACT -DKARX_STATIC_DEFINE -DKARX_EMB_INJECT_FAULT" > /dev/null &&
            "$f/harness" "$f/kat.elf" > "$f/run.log" 2>&1 ;;
        cortexm) make -s -C embedded cortexm OUT="../$OUT/fault" CONFIG="-DKARX_COMPACT -DKARX_STATIC_DEFINE -DKARX_EMB_INJECT_FAULT" > /dev/null
            qemu_m0 "$OUT/fault/cortexm0/kat.elf" > "$f/run0.log" 2>&1
            rc0=$?
            if [ $rc0 -ne 0 ] && grep -q '^FAIL lsh256 one-shot #0' "$f/run0.log"; then
                echo "cortexm0: planted fault detected (exit $rc0)"
            else
                fail "cortexm0: planted fault NOT detected (exit $rc0)"
            fi
            qemu_m3 "$f/kat.elf" > "$f/run.log" 2>&1 ;;
        msp430) KARX_EMB_INJECT_FAULT=1 embedded/msp430/build.sh "$f" > /dev/null &&
            embedded/msp430/build.sh --run "$f" > "$f/run.log" 2>&1 ;;
        esac
        rc=$?
        if [ $rc -ne 0 ] && grep -q '^FAIL lsh256 one-shot #0' "$f/run.log"; then
            echo "$t: planted fault detected (exit $rc)"
        else
            fail "$t: planted fault NOT detected (exit $rc)"
        fi
    done
fi

if [ -f "$OUT/avr/run.log" ]; then
    note "AVR figures (simavr cycle counter, markers' own cost subtracted)"
    python3 embedded/tools/report.py "$OUT/avr/run.log" "$OUT/avr/kat.elf" avr
fi
if [ -f "$OUT/msp430/run.log" ]; then
    note "MSP430 figures (mspdebug sim tracer MCLK count, markers' own cost subtracted)"
    python3 embedded/tools/report.py "$OUT/msp430/run.log" "$OUT/msp430/kat.hex" msp430
fi

note "code and data bytes per part (linker maps, after --gc-sections)"
[ -f "$OUT/avr/kat.map" ] && python3 embedded/tools/sizes.py "$OUT/avr/kat.map" avr
[ -f "$OUT/cortexm/kat.map" ] && python3 embedded/tools/sizes.py "$OUT/cortexm/kat.map" cortex-m3
[ -f "$OUT/cortexm0/kat.map" ] && python3 embedded/tools/sizes.py "$OUT/cortexm0/kat.map" cortex-m0
[ -f "$OUT/msp430/kat.map" ] && python3 embedded/tools/sizes.py "$OUT/msp430/kat.map" msp430

note "embedded: $ran target runs"
if [ $failures -ne 0 ]; then
    echo "embedded: $failures problem(s)"
    exit 1
fi
echo "embedded: all KATs passed"
