#!/usr/bin/env bash
# Constant-time check (ctgrind): the harnesses in tests/ct mark secret inputs undefined
# (VALGRIND_MAKE_MEM_UNDEFINED) and valgrind memcheck reports every branch and memory address
# computed from them. Covered, on every back end valgrind can run: key schedules, the block
# kernels under every mode, GCM (GHASH) and CCM, LSH, HMAC / CMAC and their verification,
# PBKDF2, CTR_DRBG, the record jobs (CCM, CTR, HMAC-LSH in ct_jobs; GCM in ct_aead). Any report
# fails. The reviewed allowlist: tests/ct/README.md.
#
#   scripts/ct-check.sh            build build-ct/ (gcc, Release -O3 + debug info) and run everything
#   CC=clang scripts/ct-check.sh   the same with clang, in build-ct-clang/
#   CT_TRACK_ORIGINS=no ...        faster, but reports do not say where the secret came from
#
# -gdwarf-4: valgrind 3.19 cannot read the DWARF 5 that clang 14 writes by default.
# Valgrind 3.19 cannot execute AVX-512: its emulated CPU reports no AVX-512, so the avx512 back
# end is not run here at all (karx would fall back to AVX2). `make dudect` (bench/dudect) covers
# the AVX-512 kernels with a statistical timing test on a machine that has AVX-512.
set -euo pipefail
cd "$(dirname "$0")/.."

CC=${CC:-gcc}
case "$(basename "$CC")" in
    *clang*) BUILD=${CT_BUILD:-build-ct-clang} ;;
    *) BUILD=${CT_BUILD:-build-ct} ;;
esac
JOBS=${JOBS:-2}
TRACK=${CT_TRACK_ORIGINS:-yes}
OUT=$BUILD/ct
passed=0
failed=0

die() { echo "karx: ct-check: $*" >&2; exit 1; }
command -v valgrind > /dev/null || die "valgrind not found (apt-get install valgrind)"
[ -f /usr/include/valgrind/memcheck.h ] || die "valgrind/memcheck.h not found (apt-get install valgrind)"

echo "=== ct-check: build $BUILD (CC=$CC, Release + debug info)"
CC=$CC cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-gdwarf-4 -DKARX_WERROR=ON \
    -DKARX_CUDA=OFF -DKARX_BUILD_TESTS=OFF -DKARX_BUILD_CLI=OFF > /dev/null
cmake --build "$BUILD" -j "$JOBS" --target karx_static > /dev/null
mkdir -p "$OUT/logs"
rm -f "$OUT"/logs/*.log
CFLAGS_CT="-std=c11 -O2 -gdwarf-4 -Wall -Wextra -Werror -Iinclude -Isrc -Itests/ct"
for prog in ct_selftest ct_backends ct_cipher ct_padding ct_aead ct_mac ct_drbg ct_lsh_drbg \
    ct_kbkdf ct_jobs; do
    # The accept/reject allowlist entry: the library's calls to karx_memcmp_ct go through
    # ct_declassify.c, which marks only its 0 / -1 result public.
    "$CC" $CFLAGS_CT "tests/ct/$prog.c" tests/ct/ct_declassify.c "$BUILD/libkarx.a" \
        -Wl,--wrap=karx_memcmp_ct -o "$OUT/$prog"
done

# Back ends: what this CPU runs natively, and what valgrind's emulated CPU lets karx run.
native=$("$OUT/ct_backends" | tr '\n' ' ')
under=$(valgrind -q --log-file="$OUT/logs/backends.log" "$OUT/ct_backends") ||
    die "valgrind cannot run the harnesses (see $OUT/logs/backends.log)"
under=$(echo $under)
echo "$(valgrind --version): back ends natively: $native; under valgrind: $under"
case " $under " in *" avx512 "*) ;; *)
    echo "note: valgrind cannot run AVX-512, so the avx512 back end (and VPCLMULQDQ GHASH, GFNI"
    echo "      HIGHT, VBMI2 CHAM-64) is NOT checked here; its kernels are covered by the"
    echo "      statistical timing test instead: make dudect (bench/dudect, outside CI)" ;;
esac
case " $under " in *" avx2 "*) ;; *) echo "note: no AVX2 under valgrind on this machine: AVX2 not checked" ;; esac

# The top frames of a log's reports, counted, for the failure message.
summarize() {
    grep -A1 -E "^==[0-9]+== (Conditional jump|Use of uninitialised|Syscall param|Invalid)" "$1" |
        grep -oE "at 0x[0-9A-F]+: .*" | sed 's/^at 0x[0-9A-F]*: //' | sort | uniq -c | sort -rn |
        head -15 | sed 's/^/      /'
}

# run NAME SUPP PROG ARGS...: one valgrind run; any report (exit 1) fails it.
run() {
    local name=$1 supp=$2
    shift 2
    local log="$OUT/logs/$name.log" rc=0
    local opts=(--error-exitcode=1 --track-origins="$TRACK" --log-file="$log")
    if [ -n "$supp" ]; then opts+=(-v --suppressions="$supp"); fi
    valgrind "${opts[@]}" "$@" > "$OUT/logs/$name.out" 2>&1 || rc=$?
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        printf 'pass  %s\n' "$name"
        [ -z "$supp" ] || check_allowlist_used "$name" "$supp" "$log"
    else
        failed=$((failed + 1))
        case $rc in
            1) printf 'FAIL  %s: secret-dependent branch or address (%s)\n' "$name" "$log" ;
               summarize "$log" ;;
            2) printf 'FAIL  %s: harness check failed\n' "$name"; sed 's/^/      /' "$OUT/logs/$name.out" ;;
            *) printf 'FAIL  %s: exit %s (%s)\n' "$name" "$rc" "$log" ;;
        esac
    fi
}

# An allowlist entry that no longer matches anything is reported (not failed): the exception
# may be gone, and the entry should go with it.
check_allowlist_used() {
    local name=$1 supp=$2 log=$3
    for entry in $(sed -n '/^{/{n;s/^ *//;p}' "$supp"); do
        grep -q "used_suppression: *[0-9]* $entry " "$log" ||
            printf '      note: allowlist entry %s was not used in %s\n' "$entry" "$name"
    done
}

echo "=== ct-check: valgrind memcheck, secrets marked undefined"
# The checker itself: leaks must be reported and secrets must survive every kernel. Its reports
# are all provoked on purpose, so it runs without --error-exitcode and decides by its exit code.
if valgrind --log-file="$OUT/logs/selftest.log" "$OUT/ct_selftest" > "$OUT/logs/selftest.out" 2>&1; then
    passed=$((passed + 1))
    echo "pass  selftest (leaks are detected, secrets propagate through every kernel)"
else
    failed=$((failed + 1))
    echo "FAIL  selftest: the checker itself does not work here"
    sed 's/^/      /' "$OUT/logs/selftest.out"
fi

for b in $under; do
    case $b in avx512 | neon) continue ;; esac
    run "cipher-$b" "" "$OUT/ct_cipher" "$b"
    run "padding-$b" tests/ct/allow-padding.supp "$OUT/ct_padding" "$b"
    run "aead-$b" "" "$OUT/ct_aead" "$b"
    run "gcm-iv16-$b" "" "$OUT/ct_aead" "$b" iv16
    run "mac-$b" "" "$OUT/ct_mac" "$b"
    run "drbg-$b" "" "$OUT/ct_drbg" "$b"
    run "lsh-drbg-$b" "" "$OUT/ct_lsh_drbg" "$b"
    run "kbkdf-$b" "" "$OUT/ct_kbkdf" "$b"
    run "jobs-$b" "" "$OUT/ct_jobs" "$b"
done

echo "ct-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
