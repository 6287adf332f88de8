#!/bin/sh
# karx's LSH against KISA's reference C code and OpenSSL's SHA-2, single messages, one process
# (bench/kisa/kisa_vs_karx.c). KISA's code is MIT-licensed but not part of karx: it is compiled
# here, from a checkout you give, into a binary in BUILD, never into the source tree.
# usage: bench/kisa/run.sh KISA_SRC_DIR BUILD [OUT.jsonl [REPS]]
#   KISA_SRC_DIR: any folder holding KISA's x86_x64 C tree (src/avx2/lsh256_avx2.c ...),
#   e.g. a clone of https://github.com/sjnst217/KISA_LSH (KISA_LSH_unziped/LSH/source/c/x86_x64)
#   BUILD: a karx build folder with libkarx.a (cmake --build BUILD --target karx_static)
#   KISA_CFLAGS (default -O3) is used for KISA's files, as CMake's Release uses for karx's.
#   KARX_BEFORE=OLD_BUILD (optional): a build folder of an older karx (its libkarx.a), timed in the
#   same process as rows "karx-before" (its symbols are renamed kb_* by objcopy), so a change is
#   measured before and after in one run.
set -eu
src=${1:-}
build=${2:-}
json=${3:-}
reps=${4:-15}
if [ -z "$src" ] || [ -z "$build" ]; then
    echo "usage: bench/kisa/run.sh KISA_SRC_DIR BUILD [OUT.jsonl [REPS]]" >&2
    exit 2
fi
avx2=$(find "$src" -path '*/src/avx2/lsh256_avx2.c' 2> /dev/null | head -n 1)
if [ -z "$avx2" ]; then
    echo "run.sh: no KISA LSH C code under '$src'. Get it (MIT licence) with:" >&2
    echo "  git clone https://github.com/sjnst217/KISA_LSH /tmp/KISA_LSH" >&2
    echo "  (or KISA's own zip: https://seed.kisa.or.kr/kisa/Board/22/detailView.do)" >&2
    echo "then: bench/kisa/run.sh /tmp/KISA_LSH $build" >&2
    exit 1
fi
[ -f "$build/libkarx.a" ] || { echo "run.sh: no $build/libkarx.a (build target karx_static)" >&2; exit 1; }
kisa=$(dirname "$(dirname "$(dirname "$avx2")")") # .../x86_x64
top=$(cd "$(dirname "$0")/../.." && pwd)
cc=${CC:-cc}
kflags=${KISA_CFLAGS:--O3}
obj=$build/kisa-obj
mkdir -p "$obj"
for f in avx2/lsh256_avx2 avx2/lsh512_avx2 sse2/lsh256_sse2 sse2/lsh512_sse2 no_arch/lsh256 no_arch/lsh512; do
    case $f in avx2/*) isa=-mavx2 ;; sse2/*) isa=-msse2 ;; *) isa= ;; esac
    $cc $kflags $isa -std=gnu99 -w -I"$kisa/include" -c "$kisa/src/$f.c" -o "$obj/$(basename $f).o"
done
before=
if [ -n "${KARX_BEFORE:-}" ]; then
    [ -f "$KARX_BEFORE/libkarx.a" ] || { echo "run.sh: no $KARX_BEFORE/libkarx.a" >&2; exit 1; }
    nm -g --defined-only "$KARX_BEFORE/libkarx.a" 2> /dev/null | awk 'NF == 3 { print $3 " kb_" $3 }' |
        sort -u > "$obj/before.syms"
    objcopy --redefine-syms="$obj/before.syms" "$KARX_BEFORE/libkarx.a" "$obj/libkarx-before.a"
    before="-DKARX_BEFORE $obj/libkarx-before.a"
fi
commit=$(git -C "$top" rev-parse --short HEAD 2> /dev/null || echo unknown)
$cc -O2 -std=c11 -Wall -Wextra -I"$top/include" -I"$top/cli" -DKARX_GIT_COMMIT="\"$commit\"" \
    "$top/bench/kisa/kisa_vs_karx.c" "$top/cli/bench_timer.c" "$obj"/*.o "$build/libkarx.a" $before \
    -lcrypto -lpthread -o "$build/kisa_vs_karx"
echo "KISA: $kisa (CFLAGS $kflags); karx-before: ${KARX_BEFORE:-none}; karx: $build/libkarx.a at $commit$(git -C "$top" diff --quiet HEAD -- src 2> /dev/null || echo '+changes')"
if [ -n "$json" ]; then "$build/kisa_vs_karx" "$reps" "$json"; else "$build/kisa_vs_karx" "$reps"; fi
