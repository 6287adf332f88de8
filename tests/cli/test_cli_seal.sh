#!/bin/sh
# karx enc / dec without -m: the sealed format (docs/FORMAT.md). Round trips (empty, one byte,
# exactly one 64 KiB chunk, several chunks, pipes, every cipher, raw keys), the same bytes for
# -T 1, 2 and 4 (the test-only seal_fixed: karx's sealing code with the salt fixed), and every
# failure: exit code, exactly one "karx: " line on stderr, and with -o no file left behind.
# POSIX sh + coreutils (od, dd, head, tail, cmp, wc). Low --iter everywhere but one test.
# usage: test_cli_seal.sh PATH/TO/karx TESTS_DIR PATH/TO/seal_fixed
KARX=$1
FIXED=$3
. "$(dirname "$0")/lib.sh"
# flip FILE OFFSET: xor one byte with 1
flip() {
    b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
    printf "\\$(printf %o $((b ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}
# fails DESC CODE ARGS...: karx ARGS exits CODE with one "karx: " line; -o $T/o/out not left
fails() {
    d=$1 want=$2
    shift 2
    rm -rf "$T/o"
    mkdir "$T/o"
    "$KARX" "$@" > "$T/stdout" 2> "$T/err"
    expect "$d: exit code" "$want" "$?"
    expect "$d: one line on stderr" 1 "$(lines "$T/err")"
    case $(cat "$T/err") in "karx: "*) ok ;; *) bad "$d: stderr: $(cat "$T/err")" ;; esac
    expect "$d: no OUT, no temporary file" "" "$(ls -A "$T/o")"
}
roundtrip() { # roundtrip DESC FILE ARGS...: enc -o (with $ITER), dec -o, same bytes
    d=$1 f=$2
    shift 2
    "$KARX" enc "$@" $ITER -i "$f" -o "$T/rt.sealed" 2> "$T/err" || bad "$d: enc: $(cat "$T/err")"
    "$KARX" dec "$@" -i "$T/rt.sealed" -o "$T/rt.out" 2> "$T/err" || bad "$d: dec: $(cat "$T/err")"
    if cmp -s "$f" "$T/rt.out"; then ok; else bad "$d: round trip differs"; fi
}

printf 'correct horse\n' > "$T/pw"
printf 'wrong horse\n' > "$T/pw2"
: > "$T/pw0"
head -c 32 /dev/urandom > "$T/key"
head -c 300000 /dev/urandom > "$T/rand"
: > "$T/empty"
head -c 1 "$T/rand" > "$T/p1"
head -c 65536 "$T/rand" > "$T/p64k"
head -c 70000 "$T/rand" > "$T/p70k"
head -c 200000 "$T/rand" > "$T/p200k"
P="--pass-file $T/pw --iter 2"
PD="--pass-file $T/pw"

# ---- round trips and sizes (header 88, a full chunk 65552, the last chunk +16) ----
ITER="--iter 2"
for f in empty p1 p64k p200k; do roundtrip "$f" "$T/$f" $PD; done
"$KARX" enc $P -i "$T/empty" -o "$T/empty.s" && expect "empty: one empty last chunk" 104 "$(size "$T/empty.s")"
"$KARX" enc $P -i "$T/p64k" -o "$T/p64k.s" && expect "64 KiB: a full chunk and an empty last one" $((88 + 65552 + 16)) "$(size "$T/p64k.s")"
"$KARX" enc $P -i "$T/p200k" -o "$T/p200k.s" && expect "200000 bytes: 3 full chunks and 3392 + 16" $((88 + 3 * 65552 + 3392 + 16)) "$(size "$T/p200k.s")"
expect "magic" "karxseal" "$(head -c 8 "$T/p200k.s")"
for c in lea256 lea128 cham128-256 cham128-128 LEA-128; do
    ITER="--iter 2"
    roundtrip "-c $c passphrase" "$T/p70k" -c $c $PD
    ITER=
    roundtrip "-c $c raw key" "$T/p70k" -c $c --key-file "$T/key"
done
# pipes both ways; the passphrase from a file descriptor; stdout
"$KARX" enc --pass-fd 3 --iter 2 < "$T/p200k" 3< "$T/pw" | "$KARX" dec --pass-fd 3 3< "$T/pw" > "$T/pipe.out" 2> "$T/err"
if cmp -s "$T/p200k" "$T/pipe.out"; then ok; else bad "pipe round trip: $(cat "$T/err")"; fi
# two encryptions of one file differ (random salt and prefix)
"$KARX" enc $P -i "$T/p1" -o "$T/r1.s" && "$KARX" enc $P -i "$T/p1" -o "$T/r2.s"
if cmp -s "$T/r1.s" "$T/r2.s"; then bad "two encryptions are equal"; else ok; fi
# the calibrated default (the one test that pays for it): at least 1000 iterations in the header
"$KARX" enc --pass-file "$T/pw" -i "$T/p1" -o "$T/cal.s" 2> "$T/err" || bad "calibrated enc: $(cat "$T/err")"
it=$(od -An -tu1 -j 12 -N 4 "$T/cal.s" | awk '{ print ((($1 * 256 + $2) * 256 + $3) * 256 + $4) }')
[ "$it" -ge 1000 ] && [ "$it" -le 16777216 ] && ok || bad "calibrated iterations: $it"
"$KARX" dec --pass-file "$T/pw" -i "$T/cal.s" -o "$T/cal.out" && cmp -s "$T/p1" "$T/cal.out" && ok || bad "calibrated dec"

# ---- -T: the same bytes for any thread count (fixed salt and prefix), and dec at any N ----
S=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
for n in 1 2 4; do
    "$FIXED" lea256 $S a0a1a2a3a4a5a6 2 $n pass:pw "$T/p200k" "$T/fixed$n" || bad "seal_fixed -T $n"
done
printf 'pw' > "$T/pwraw"
for n in 2 4; do
    if cmp -s "$T/fixed1" "$T/fixed$n"; then ok; else bad "-T 1 and -T $n differ"; fi
done
"$FIXED" lea256 $S a0a1a2a3a4a5a6 2 1 pass:pw "$T/p1" "$T/fixedsmall1"
"$FIXED" lea256 $S a0a1a2a3a4a5a6 2 1 pass:pw "$T/p200k" "$T/fixedb"
if cmp -s "$T/fixed1" "$T/fixedb"; then ok; else bad "seal_fixed is not deterministic"; fi
for n in 1 2 3; do
    "$KARX" dec -T $n --pass-file "$T/pwraw" -i "$T/fixed1" -o "$T/tdec$n" 2> "$T/err" || bad "dec -T $n: $(cat "$T/err")"
    if cmp -s "$T/p200k" "$T/tdec$n"; then ok; else bad "dec -T $n"; fi
done
"$KARX" enc -T 3 $P -i "$T/p200k" | "$KARX" dec -T 2 --pass-file "$T/pw" | cmp -s - "$T/p200k" && ok || bad "enc -T 3 | dec -T 2"

# ---- failures: one line, non-zero, no OUT ----
cp "$T/p200k.s" "$T/good"
O="-o $T/o/out"
fails "wrong passphrase" 1 dec --pass-file "$T/pw2" -i "$T/good" $O
fails "empty passphrase" 2 enc --pass-file "$T/pw0" -i "$T/p1" $O
fails "raw key for a passphrase file" 2 dec --key-file "$T/key" -i "$T/good" $O
"$KARX" enc --key-file "$T/key" -i "$T/p1" -o "$T/keyed.s"
fails "passphrase for a raw-key file" 2 dec --pass-file "$T/pw" -i "$T/keyed.s" $O
head -c 32 /dev/urandom > "$T/key2"
fails "wrong raw key" 1 dec --key-file "$T/key2" -i "$T/keyed.s" $O
for off in 0 8 9 10 11 15 16 47 48 54 55 56 87; do # every header field and its tag
    cp "$T/good" "$T/bad"
    flip "$T/bad" $off
    fails "header byte $off flipped" 1 dec $PD -i "$T/bad" $O
done
# a byte in the first, second, and last chunk (ciphertext and tag)
for off in 88 $((88 + 65551)) $((88 + 65552 + 1000)) $((88 + 3 * 65552)) $((88 + 3 * 65552 + 3407)); do
    cp "$T/good" "$T/bad"
    flip "$T/bad" $off
    fails "chunk byte $off flipped" 1 dec $PD -i "$T/bad" $O
    fails "chunk byte $off flipped, to stdout" 1 dec $PD -i "$T/bad"
done
head -c $((88 + 3 * 65552)) "$T/good" > "$T/bad"
fails "missing last chunk" 1 dec $PD -i "$T/bad" $O
head -c $((88 + 2 * 65552)) "$T/good" > "$T/bad"
fails "missing last two chunks" 1 dec $PD -i "$T/bad" $O
head -c 88 "$T/good" > "$T/bad"
fails "header only" 1 dec $PD -i "$T/bad" $O
head -c 50 "$T/good" > "$T/bad"
fails "truncated header" 1 dec $PD -i "$T/bad" $O
head -c $(($(size "$T/good") - 1)) "$T/good" > "$T/bad"
fails "last byte cut" 1 dec $PD -i "$T/bad" $O
head -c $((88 + 65552 + 10)) "$T/good" > "$T/bad"
fails "cut inside a chunk" 1 dec $PD -i "$T/bad" $O
head -c $((88 + 3 * 65552 + 5)) "$T/good" > "$T/bad"
fails "last chunk shorter than its tag" 1 dec $PD -i "$T/bad" $O
{ cat "$T/good"; tail -c 3408 "$T/good"; } > "$T/bad"
fails "last chunk appended again" 1 dec $PD -i "$T/bad" $O
{ cat "$T/good"; printf 'x'; } > "$T/bad"
fails "one byte appended" 1 dec $PD -i "$T/bad" $O
cp "$T/empty.s" "$T/bad"
{ cat "$T/empty.s"; tail -c 16 "$T/empty.s"; } > "$T/bad"
fails "empty file: its last chunk twice" 1 dec $PD -i "$T/bad" $O
# chunks 0 and 1 swapped
{ head -c 88 "$T/good"; tail -c +$((88 + 65552 + 1)) "$T/good" | head -c 65552
  tail -c +89 "$T/good" | head -c 65552; tail -c +$((88 + 2 * 65552 + 1)) "$T/good"; } > "$T/bad"
expect "swap keeps the size" "$(size "$T/good")" "$(size "$T/bad")"
fails "chunks 0 and 1 swapped" 1 dec $PD -i "$T/bad" $O
# chunk 1 from another file under the same passphrase
"$KARX" enc $P -i "$T/p200k" -o "$T/other.s"
{ head -c $((88 + 65552)) "$T/good"; tail -c +$((88 + 65552 + 1)) "$T/other.s" | head -c 65552
  tail -c +$((88 + 2 * 65552 + 1)) "$T/good"; } > "$T/bad"
fails "a chunk from another file" 1 dec $PD -i "$T/bad" $O
# the other file's header on this file's chunks
{ head -c 88 "$T/other.s"; tail -c +89 "$T/good"; } > "$T/bad"
fails "another file's header" 1 dec $PD -i "$T/bad" $O
fails "not a sealed file" 1 dec $PD -i "$T/p200k" $O
fails "missing input" 1 enc $P -i "$T/nonexistent" $O
fails "unreadable input (a folder)" 1 enc $P -i "$T" $O
fails "unreadable input (a folder), dec" 1 dec $PD -i "$T" $O
fails "enc to /dev/full" 1 enc $P -i "$T/p200k" -o /dev/full
fails "dec to /dev/full" 1 dec $PD -i "$T/good" -o /dev/full
# a closed stdout (not through fails: its own redirection would reopen it)
"$KARX" enc $P -i "$T/p200k" 2> "$T/err" >&-
expect "enc to a closed stdout: exit code" 1 "$?"
expect "enc to a closed stdout: one line" 1 "$(lines "$T/err")"
"$KARX" dec $PD -i "$T/good" 2> "$T/err" >&-
expect "dec to a closed stdout: exit code" 1 "$?"
expect "dec to a closed stdout: one line" 1 "$(lines "$T/err")"
"$KARX" enc --pass-file "$T/pw" --iter 1000 -i "$T/p1" -o "$T/many.s"
fails "iterations above --iter-max" 1 dec --pass-file "$T/pw" --iter-max 999 -i "$T/many.s" $O
"$KARX" dec --pass-file "$T/pw" --iter-max 1000 -i "$T/many.s" -o "$T/many.out" && cmp -s "$T/many.out" "$T/p1" && ok || bad "--iter-max at the count"
# usage errors
fails "--iv without -m" 2 enc $P --iv 00 -i "$T/p1" $O
fails "--pass-file with -m" 2 enc -c lea128 -m cbc --pass-file "$T/pw" --iv 000102030405060708090a0b0c0d0e0f -i "$T/p1" $O
fails "two key sources" 2 enc $P --key-file "$T/key" -i "$T/p1" $O
fails "--iter with dec" 2 dec $P -i "$T/good" $O
fails "--iter-max with enc" 2 enc --pass-file "$T/pw" --iter-max 5 -i "$T/p1" $O
fails "cipher outside the format" 2 enc -c hight $P -i "$T/p1" $O
fails "short raw key" 2 enc -K 0011 -i "$T/p1" $O
fails "--pass-fd 0 with stdin data" 2 enc --pass-fd 0 --iter 2 $O
fails "no passphrase, no terminal" 2 enc --iter 2 -i "$T/p1" $O < /dev/null
fails "missing pass file" 1 enc --pass-file "$T/nonexistent" -i "$T/p1" $O

echo "seal: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
