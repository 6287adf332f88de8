#!/bin/sh
# karx rand when the OS entropy source fails: exit 1, nothing on stdout, exactly one stderr line
# naming the entropy failure (not "GPU device error"). The failure is made by an LD_PRELOAD shim
# (tests/shim_no_entropy.c): getrandom() fails with ENOSYS and /dev/urandom cannot be opened.
# usage: test_cli_rand_entropy.sh PATH/TO/karx PATH/TO/shim.so
KARX=$1
SHIM=$2
. "$(dirname "$0")/lib.sh"

# Sanitizer builds: the shim comes before the ASan runtime in the load order, which is fine here.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"

"$KARX" rand -n 16 > "$T/ok.out" 2> "$T/ok.err"
expect "rand works without the shim" "0 16 0" "$? $(wc -c < "$T/ok.out") $(wc -c < "$T/ok.err")"

for hex in "" --hex; do
    LD_PRELOAD=$SHIM "$KARX" rand -n 16 $hex > "$T/out" 2> "$T/err"
    expect "rand $hex exit status" 1 "$?"
    expect "rand $hex stdout" 0 "$(wc -c < "$T/out")"
    expect "rand $hex stderr lines" 1 "$(wc -l < "$T/err")"
    expect "rand $hex message" "karx: rand: cannot seed from the operating system: OS entropy source failed" \
        "$(cat "$T/err")"
done

echo "test_cli_rand_entropy: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
