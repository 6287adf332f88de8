#!/usr/bin/env bash
# MSP430 build and run (no msp430-gcc in Debian 12; clang compiles, embedded/msp430/link430.py
# links, mspdebug's simulator runs).
#   build.sh --available      exit 0 if clang (msp430 target), python3 and mspdebug are present
#   build.sh OUTDIR           build OUTDIR/kat.hex (+ kat.map); KARX_EMB_INJECT_FAULT=1 plants a
#                             wrong vector; MSP430_LSH_KERNEL picks the LSH kernel source
#   build.sh --run OUTDIR     run it in `mspdebug sim` (embedded/msp430/run_sim.py)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
if [ "${1:-}" = "--available" ]; then
    command -v clang > /dev/null && command -v mspdebug > /dev/null && command -v python3 > /dev/null &&
        clang -print-targets 2> /dev/null | grep -q msp430
    exit $?
fi
if [ "${1:-}" = "--run" ]; then
    exec python3 "$HERE/run_sim.py" "$2/kat.hex" "$2/kat.map"
fi
OUT=$1
mkdir -p "$OUT/obj"
rm -f "$OUT"/obj/*.o
KERNEL=${MSP430_LSH_KERNEL:-embedded/port/lsh_small.c}
DEFS="-DKARX_COMPACT -DKARX_STATIC_DEFINE -DKARX_EMB_BENCH"
# MSP430_ASM=1 (default): the LSH steps from lsh_msp430.S; 0: C (does not fit below 64 KB
# unless MSP430_LSH_KERNEL=src/lsh/lsh_portable.c)
if [ "${MSP430_ASM:-1}" = 1 ]; then
    DEFS="$DEFS -DKARX_MSP430_ASM"
    clang --target=msp430 -c "$HERE/lsh_msp430.S" -o "$OUT/obj/lsh_msp430.o"
fi
# MSP430_CIPHER_ASM=1 (default): CHAM and LEA encryption from cham_msp430.S and lea_msp430.S;
# 0: the C of cham_core.h and lea_core.h
if [ "${MSP430_CIPHER_ASM:-1}" = 1 ]; then
    DEFS="$DEFS -DKARX_CHAM_ENCRYPT_WORDS_EXTERN -DKARX_LEA_ENCRYPT_WORDS_EXTERN"
    clang --target=msp430 -c "$HERE/cham_msp430.S" -o "$OUT/obj/cham_msp430.o"
    clang --target=msp430 -c "$HERE/lea_msp430.S" -o "$OUT/obj/lea_msp430.o"
fi
[ "${KARX_EMB_INJECT_FAULT:-0}" = 1 ] && DEFS="$DEFS -DKARX_EMB_INJECT_FAULT"
CFLAGS="--target=msp430 -Os -std=c11 -ffreestanding -ffunction-sections -fdata-sections -Wall -Wextra
  -Werror -Wno-unused-parameter -Wno-atomic-alignment $DEFS -I$HERE/include -I$ROOT/include -I$ROOT/src"
# the library files of every embedded target (LIBSRC in embedded/Makefile), then this target's
SRCS="$(make -s --no-print-directory -C "$ROOT/embedded" libsrc) embedded/port/karx_port.c $KERNEL
  embedded/test/kat_main.c embedded/msp430/runtime.c embedded/msp430/platform_msp430.c"
clang --target=msp430 -c "$HERE/startup.S" -o "$OUT/obj/startup.o"
for f in $SRCS; do
    # shellcheck disable=SC2086
    clang $CFLAGS -c "$ROOT/$f" -o "$OUT/obj/$(echo "$f" | tr / _ | sed 's/\.c$/.o/')"
done
python3 "$HERE/link430.py" -o "$OUT/kat.hex" -m "$OUT/kat.map" "$OUT"/obj/*.o
