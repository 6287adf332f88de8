#!/bin/sh
# A standard descriptor closed by the caller (cli/std_fds.c). With stdin closed, the first file
# karx opened took descriptor 0: `karx enc -o OUT <&-` read its own temporary output as the
# input and replaced OUT with nothing (CBC: one padding block), exit 0. Every command that reads
# stdin must now say `stdin: Bad file descriptor` (hash: its own wording of EBADF), exit 1, and
# leave OUT as it was; with stdout closed, nothing meant for stdout may land in a file karx
# opened (bench --json took descriptor 1 and received the table), and the write error is an
# error. A command that does not read the closed descriptor still works.
# usage: test_cli_stdfds.sh PATH/TO/karx
KARX=$1
. "$(dirname "$0")/lib.sh"
K=00112233445566778899aabbccddeeff
IV=000102030405060708090a0b0c0d0e0f
N12=000102030405060708090a0b
printf 'sixteen bytes!!!and more' > "$T/pt"

# closed_stdin NAME ARGS...: exit 1, the one line, OUT ($T/out) untouched, no stray file
closed_stdin() {
    name=$1
    shift
    echo precious > "$T/out"
    "$KARX" "$@" <&- > "$T/stdout" 2> "$T/err"
    expect "$name <&-: exit" 1 $?
    expect "$name <&-: message" "karx: stdin: Bad file descriptor" "$(cat "$T/err")"
    expect "$name <&-: OUT untouched" precious "$(cat "$T/out")"
    expect "$name <&-: nothing on stdout" 0 "$(wc -c < "$T/stdout" | tr -d ' ')"
    expect "$name <&-: no temporary file" "err out pt stdout" "$(ls "$T" | tr '\n' ' ' | sed 's/ $//')"
}
for m in ctr cbc cfb ofb; do
    closed_stdin "enc $m -o" enc -c lea128 -m $m -K $K --iv $IV -o "$T/out"
    closed_stdin "dec $m -o" dec -c lea128 -m $m -K $K --iv $IV -o "$T/out"
done
closed_stdin "enc ecb -o" enc -c lea128 -m ecb -K $K -o "$T/out"
closed_stdin "dec ecb -o" dec -c lea128 -m ecb -K $K -o "$T/out"
closed_stdin "enc ctr to stdout" enc -c lea128 -m ctr -K $K --iv $IV
closed_stdin "enc gcm -o" enc -c lea128 -m gcm -K $K --iv $N12 -o "$T/out"
closed_stdin "dec gcm -o" dec -c lea128 -m gcm -K $K --iv $N12 -o "$T/out"
closed_stdin "dec gcm to stdout" dec -c lea128 -m gcm -K $K --iv $N12
closed_stdin "enc ccm -o" enc -c lea128 -m ccm -K $K --iv $N12 -o "$T/out"
closed_stdin "enc xts -o" enc -c lea128 -m xts -K $K$IV --iv $IV -o "$T/out"
closed_stdin "dec xts -o" dec -c lea128 -m xts -K $K$IV --iv $IV -o "$T/out"
closed_stdin "enc -i - -o" enc -c lea128 -m ctr -K $K --iv $IV -i - -o "$T/out"
closed_stdin "mac" mac -a hmac-lsh256-256 -K $K
closed_stdin "mac -" mac -a cmac-lea128 -K $K -
closed_stdin "kdf pbkdf2" kdf pbkdf2 --salt 00 -i 1 -n 16
# hash reads stdin its own way (cli/hash_*.c): exit 1 and one line naming EBADF
for args in "" "-" "-c -"; do
    "$KARX" hash $args <&- > "$T/stdout" 2> "$T/err"
    expect "hash $args <&-: exit" 1 $?
    expect "hash $args <&-: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
    grep -q 'Bad file descriptor$' "$T/err" && ok || bad "hash $args <&-: $(cat "$T/err")"
done

# commands that do not read stdin work with it closed, and give the same bytes
"$KARX" enc -c lea128 -m cbc -K $K --iv $IV -i "$T/pt" -o "$T/want"
"$KARX" enc -c lea128 -m cbc -K $K --iv $IV -i "$T/pt" -o "$T/got" <&- 2> "$T/err"
expect "enc -i FILE <&-: exit" 0 $?
cmp -s "$T/want" "$T/got" && ok || bad "enc -i FILE <&-: output differs"
expect "hash FILE <&-" "$("$KARX" hash "$T/pt")" "$("$KARX" hash "$T/pt" <&-)"
rm -f "$T/want" "$T/got"

# ---- stdout closed -------------------------------------------------------------------------
# bench --json FILE: FILE took descriptor 1 and got the table; now only JSON lines, exit 1
"$KARX" bench lsh --alg lsh256-256 --op hash --backend portable --quick --json "$T/j" >&- 2> "$T/err"
expect "bench --json >&-: exit" 1 $?
expect "bench --json >&-: message" "karx: stdout: write error: Bad file descriptor" "$(cat "$T/err")"
expect "bench --json >&-: only JSON in the file" 0 "$(grep -vc '^{' "$T/j")"
[ "$(grep -c '^{' "$T/j")" -ge 1 ] && ok || bad "bench --json >&-: no JSON line"
# output to the closed stdout: a write error, one line
"$KARX" enc -c lea128 -m ctr -K $K --iv $IV -i "$T/pt" >&- 2> "$T/err"
expect "enc to closed stdout: exit" 1 $?
expect "enc to closed stdout: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
"$KARX" version >&- 2> "$T/err"
expect "version >&-: exit" 1 $?
expect "version >&-: message" "karx: stdout: write error: Bad file descriptor" "$(cat "$T/err")"
# -o with stdout closed still works
printf abc | "$KARX" enc -c lea128 -m ctr -K $K --iv $IV -o "$T/o1"
printf abc | "$KARX" enc -c lea128 -m ctr -K $K --iv $IV -o "$T/o2" >&-
expect "enc -o with stdout closed: exit" 0 $?
cmp -s "$T/o1" "$T/o2" && ok || bad "enc -o with stdout closed: output differs"

# ---- stderr closed: a failure still fails, and its line goes nowhere (no file gets it) -------
printf 'fifteen bytes..\000' > "$T/pad0"
"$KARX" enc -c lea128 -m cbc -K $K --iv $IV --no-pad -i "$T/pad0" -o "$T/cpad0"
echo precious > "$T/out"
cat "$T/cpad0" | "$KARX" dec -c lea128 -m cbc -K $K --iv $IV -o "$T/out" 2>&-
expect "dec bad padding, stderr closed: exit" 1 $?
expect "dec bad padding, stderr closed: OUT kept" precious "$(cat "$T/out")"
printf abc | "$KARX" enc -c lea128 -m ctr -K $K --iv $IV -o "$T/o3" 2>&-
expect "enc -o with stderr closed: exit" 0 $?
cmp -s "$T/o1" "$T/o3" && ok || bad "enc -o with stderr closed: output differs"
# all three closed: nothing to read, nothing written anywhere
echo precious > "$T/out"
"$KARX" enc -c lea128 -m ctr -K $K --iv $IV -o "$T/out" <&- >&- 2>&-
expect "all closed: exit" 1 $?
expect "all closed: OUT kept" precious "$(cat "$T/out")"

echo "test_cli_stdfds: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
