#!/bin/sh
# karx mac over many files (the batch calls, groups split over -T threads): for CMAC and HMAC on
# many files of mixed sizes (empty, short, block multiples, a large one that is streamed, stdin
# among them), the output equals one file a call, line for line in argument order, for -T 1 and
# -T 3; a missing file among many gives its one stderr line in place, the others are done, exit 1.
# POSIX sh + coreutils only.
# usage: test_cli_mac_many.sh PATH/TO/karx
KARX=$1
. "$(dirname "$0")/lib.sh"
K16=000102030405060708090a0b0c0d0e0f
head -c 3000000 /dev/urandom > "$T/big"
: > "$T/f0"
i=1
for n in 1 7 8 15 16 17 31 32 33 64 100 127 128 129 255 256 257 1000 4096 4097 9999; do
    head -c $n "$T/big" > "$T/f$i"
    i=$((i + 1))
done
for i in $(seq 22 120); do head -c $((i * 37 % 3000)) /dev/urandom > "$T/f$i"; done
files=$(ls "$T"/f* | sort)
for alg in cmac-lea128 cmac-hight cmac-cham64-128 hmac-lsh256-256 hmac-lsh512-224; do
    extra=
    case $alg in cmac-hight) extra="--tag-len 5" ;; esac
    : > "$T/one"
    for f in $files "$T/big"; do "$KARX" mac -a $alg -K $K16 $extra "$f" >> "$T/one"; done
    "$KARX" mac -a $alg -K $K16 $extra - < "$T/f5" | sed "s|  -\$|  $T/f5|" >> "$T/one"
    for t in 1 3 0; do
        "$KARX" mac -a $alg -K $K16 $extra -T $t $files "$T/big" - < "$T/f5" \
            | sed "s|  -\$|  $T/f5|" > "$T/many"
        expect "$alg -T $t: exit" 0 "$?"
        if cmp -s "$T/one" "$T/many"; then ok; else bad "$alg -T $t: lines differ"; fi
    done
done
# A missing file among many: its line in place, the others done, exit 1.
"$KARX" mac -a cmac-lea128 -K $K16 -T 3 "$T/f1" "$T/nope" "$T/f2" > "$T/out" 2> "$T/err"
expect "missing: exit" 1 "$?"
expect "missing: stdout lines" 2 "$(($(wc -l < "$T/out")))"
expect "missing: one stderr line" 1 "$(($(wc -l < "$T/err")))"
case $(cat "$T/err") in "karx: $T/nope: "*) ok ;; *) bad "missing: stderr [$(cat "$T/err")]" ;; esac
expect "missing: others" "$("$KARX" mac -a cmac-lea128 -K $K16 "$T/f1" "$T/f2")" "$(cat "$T/out")"
# -T takes a count.
"$KARX" mac -a cmac-lea128 -K $K16 -T x "$T/f1" "$T/f2" > /dev/null 2> "$T/err"
expect "-T x: exit" 2 "$?"
echo "test_cli_mac_many: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
