#!/bin/bash
# -T / --threads on karx enc / dec, hash and rand: the output of -T 2, 3 and 0 (every CPU) is
# byte for byte that of -T 1, at sizes around the 1 MiB chunk, in every mode; decryption gives
# the input back; many files hashed side by side come out in argument order, as one at a time;
# a missing file among them gets its one line and the others are still hashed; a bad -T is a
# usage error (one line, exit 2).
# usage: test_cli_threads.sh PATH/TO/karx [PART]
#   PART (so that each ctest entry stays short): "ctr cbc ecb", "cfb gcm xts" (those modes'
#   enc / dec), or "other" (hight, hash, rand, bad -T); default: all of it
KARX=$1
PART=${2:-ctr cbc ecb cfb gcm xts other}
. "$(dirname "$0")/lib.sh"
K=00112233445566778899aabbccddeeff
IV=000102030405060708090a0b0c0d0e0f
GIV=000102030405060708090a0b
C=1048576
sum() { cksum | cut -d' ' -f1,2; }
lines() { wc -l < "$1" | tr -d ' '; }

args() { # MODE: the key and IV options
    case $1 in
    ecb) echo "-K $K" ;;
    gcm) echo "-K $K --iv $GIV" ;;
    xts) echo "-K $K$IV --iv $IV" ;;
    *) echo "-K $K --iv $IV" ;;
    esac
}
for size in 0 1 $((C - 1)) $C $((C + 1)) $((3 * C + 17)); do
    head -c $size /dev/urandom > "$T/in"
    for m in $PART; do
        [ $m = other ] && continue
        [ $m = xts ] && [ $size -lt 16 ] && continue
        a=$(args $m)
        # shellcheck disable=SC2086
        "$KARX" enc -T 1 -c lea128 -m $m $a -i "$T/in" -o "$T/ct1"
        want=$(sum < "$T/ct1")
        ts="2 3 0"
        [ $size -le 1 ] && ts=2 # no pool below 128 KiB: one run shows the path
        for t in $ts; do
            # shellcheck disable=SC2086
            expect "enc $m $size -T $t" "$want" \
                "$("$KARX" enc -T $t -c lea128 -m $m $a -i "$T/in" | sum)"
        done
        for t in 2; do # dec from a pipe and from the file, back to the input
            # shellcheck disable=SC2086
            expect "dec $m $size -T $t" "$(sum < "$T/in")" \
                "$(cat "$T/ct1" | "$KARX" dec -T $t -c lea128 -m $m $a | sum)"
        done
        # shellcheck disable=SC2086
        expect "dec $m $size file -T 0" "$(sum < "$T/in")" \
            "$("$KARX" dec --threads 0 -c lea128 -m $m $a -i "$T/ct1" | sum)"
    done
done
case " $PART " in *" other "*) ;; *)
    echo "test_cli_threads ($PART): $pass passed, $fail failed"
    [ $fail -eq 0 ]
    exit
    ;;
esac
# a 64-bit-block cipher through the pool's block cutting
head -c $((2 * C + 40)) /dev/urandom > "$T/in"
for m in ctr cbc ecb cfb; do
    a="-K $K"
    [ $m = ecb ] || a="$a --iv 0001020304050607"
    # shellcheck disable=SC2086
    want=$("$KARX" enc -T 1 -c hight -m $m $a -i "$T/in" | sum)
    # shellcheck disable=SC2086
    expect "hight $m -T 3" "$want" "$("$KARX" enc -T 3 -c hight -m $m $a -i "$T/in" | sum)"
done

# xts data units: whole sectors split between the threads
for size in 4096 $((3 * C + 17)); do
    head -c $size /dev/urandom > "$T/in"
    x="-c lea128 -m xts -K $K$IV --iv $IV --sector-size 4096"
    # shellcheck disable=SC2086
    want=$("$KARX" enc -T 1 $x -i "$T/in" | sum)
    # shellcheck disable=SC2086
    expect "xts sectors $size -T 3" "$want" "$("$KARX" enc -T 3 $x -i "$T/in" | sum)"
    # shellcheck disable=SC2086
    expect "xts sectors $size dec -T 2" "$(sum < "$T/in")" \
        "$("$KARX" enc -T 1 $x -i "$T/in" | "$KARX" dec -T 2 $x | sum)"
done

# ---- hash: many files in order ----
i=0
files=
while [ $i -lt 24 ]; do
    head -c $(((i * 37449) % (C + 5))) /dev/urandom > "$T/f$i"
    files="$files $T/f$i"
    i=$((i + 1))
done
# shellcheck disable=SC2086
"$KARX" hash -T 1 $files > "$T/h1"
: > "$T/hone"
for f in $files; do "$KARX" hash "$f" >> "$T/hone"; done
expect "hash -T 1 = one at a time" "$(sum < "$T/hone")" "$(sum < "$T/h1")"
for t in 2 3 4 0; do
    # shellcheck disable=SC2086
    expect "hash -T $t = -T 1" "$(sum < "$T/h1")" "$("$KARX" hash -T $t $files | sum)"
done
# shellcheck disable=SC2086
expect "hash --tag -a lsh512-512 -T 4" "$("$KARX" hash --tag -a lsh512-512 -T 1 $files | sum)" \
    "$("$KARX" hash --tag -a lsh512-512 -T 4 $files | sum)"
# a missing file among them: one line for it, every other file hashed, in order, exit 1
# shellcheck disable=SC2086
set -- $files
"$KARX" hash -T 4 "$1" "$2" "$T/missing" "$3" "$4" - < "$T/f5" > "$T/hm" 2> "$T/e"
expect "missing among many: exit" 1 $?
expect "missing among many: one line" 1 "$(lines "$T/e")"
grep -q "missing: No such file" "$T/e" || bad "missing among many: $(cat "$T/e")"
{ "$KARX" hash "$1" "$2" "$3" "$4"; "$KARX" hash - < "$T/f5"; } > "$T/hw"
expect "missing among many: the others in order" "$(sum < "$T/hw")" "$(sum < "$T/hm")"

# ---- rand: -T accepted, the amount exact ----
for t in 1 2 0; do
    expect "rand -T $t bytes" 3000017 "$("$KARX" rand -T $t -n 3000017 | wc -c | tr -d ' ')"
    expect "rand -T $t --hex" 200001 "$("$KARX" rand -T $t -n 100000 --hex | wc -c | tr -d ' ')"
    expect "rand -T $t hash-drbg" 70000 \
        "$("$KARX" rand -T $t -n 70000 --drbg hash-lsh256-256 | wc -c | tr -d ' ')"
done
# two runs never agree (OS-seeded), and -T 2 output is not one repeated block
a=$("$KARX" rand -T 2 -n 262144 | cksum)
b=$("$KARX" rand -T 2 -n 262144 | cksum)
[ "$a" != "$b" ] || bad "rand -T 2: two runs gave the same bytes"
"$KARX" rand -T 2 -n 262144 > "$T/r"
expect "rand -T 2: 16-byte blocks all distinct" 16384 "$(od -An -v -tx1 -w16 "$T/r" | sort -u | wc -l | tr -d ' ')"

# ---- a bad -T: one line, exit 2 ----
for v in x -1 1.5 "" 99999; do
    "$KARX" enc -T "$v" -c lea128 -m ctr -K $K --iv $IV < /dev/null > /dev/null 2> "$T/e"
    expect "enc -T '$v': exit" 2 $?
    expect "enc -T '$v': one line" 1 "$(lines "$T/e")"
    "$KARX" hash -T "$v" < /dev/null > /dev/null 2> "$T/e"
    expect "hash -T '$v': exit" 2 $?
    "$KARX" rand -T "$v" -n 1 > /dev/null 2> "$T/e"
    expect "rand -T '$v': exit" 2 $?
    expect "rand -T '$v': one line" 1 "$(lines "$T/e")"
done

echo "test_cli_threads: $pass passed, $fail failed"
[ $fail -eq 0 ]
