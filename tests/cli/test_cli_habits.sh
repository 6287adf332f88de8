#!/bin/sh
# Habits from OpenSSL and coreutils: a single-dash word that is an OpenSSL option (-in, -out,
# -hex, -iter, -md, -k, -pass ...) is refused with one line naming this command's option that
# does the same (or none), instead of being read as a group of short options ("-in": "-i n");
# words in a value's place, after "--", or that are no OpenSSL option still parse as before.
# karx rand N (the count as the argument) and karx rand --base64 (checked against base64(1)).
# usage: test_cli_habits.sh PATH/TO/karx
KARX=$1
case $KARX in /*) ;; *) KARX=$PWD/$KARX ;; esac   # run from $T too
. "$(dirname "$0")/lib.sh"
lines() { echo $(($(wc -l < "$1"))); }
K=000102030405060708090a0b0c0d0e0f
E="-c lea128 -m ctr -K $K --iv $K"

# hint WORD WANT CMD...: karx CMD exits 2 with one stderr line that names '-WORD' and holds WANT
hint() {
    word=$1 want=$2
    shift 2
    (cd "$T" && "$KARX" "$@") < /dev/null > "$T/out" 2> "$T/err"
    expect "$* : exit code" 2 $?
    expect "$* : one stderr line" 1 "$(lines "$T/err")"
    case $(cat "$T/err") in
    *"unknown option '-$word'"*"$want"*) ok ;;
    *) bad "$*: [$(cat "$T/err")] lacks '-$word' and '$want'" ;;
    esac
    expect "$* : nothing on stdout" "" "$(cat "$T/out")"
}
printf 'plain text' > "$T/n"   # "-in n" parsed as "-i n" would read this file
# shellcheck disable=SC2086 # $E: options, split on purpose
{
    hint in "did you mean '-i FILE' or '--in FILE'?" enc $E -in n
    hint in "did you mean '-i FILE' or '--in FILE'?" dec $E -in n
    hint out "'-o FILE' or '--out FILE'" enc $E -i n -out x
    hint iv "'--iv HEX'" enc -c lea128 -m ctr -K $K -iv $K -i n
    hint nopad "'--no-pad'" enc $E -nopad -i n
    hint cipher "'-c CIPHER' or '--cipher CIPHER'" enc -cipher lea128 -m ctr -K $K --iv $K -i n
    hint k "'--key-file FILE'" enc -c lea128 -m ctr -k secret --iv $K -i n
    hint kfile "'--key-file FILE' or '--key-hex-file FILE'" enc -c lea128 -m ctr -kfile n --iv $K
    hint pass "OpenSSL option" enc -c lea128 -m ctr -pass pass:x --iv $K -i n
    hint md "OpenSSL option" enc $E -md sha256 -i n
    hint hex "'--hex'" rand -hex 16
    hint base64 "'--base64'" rand -base64 16
    hint out "OpenSSL option" rand -n 4 -out x
    hint iter "'-i ITER' or '--iter ITER'" kdf pbkdf2 -iter 10 -s 00 -n 4
    hint salt "'-s HEX' or '--salt HEX'" kdf pbkdf2 -salt 00 -i 10 -n 4
    hint S "'-s HEX' or '--salt HEX'" kdf pbkdf2 -S 00 -i 10 -n 4
    hint md "'-a ALG' or '--alg ALG'" kdf pbkdf2 -md lsh256-256 -s 00 -i 10 -n 4
    hint hmac "'-K HEX' or '--key HEX'" mac -a hmac-lsh256-256 -hmac 00 n
    hint help "'-h' or '--help'" hash -help
    hint hex "OpenSSL option" hash -hex n
    hint check "'-c' or '--check'" hash -check n
}
[ ! -e "$T/x" ] && ok || bad "-out: nothing written"

# What is no OpenSSL habit parses as before: a value (-i -in: the file '-in'), after "--", a
# group of short flags, a value glued to its option.
printf 'abc' > "$T/-in"
"$KARX" enc $E < "$T/-in" > "$T/want"
(cd "$T" && "$KARX" enc $E -i -in) > "$T/got"
cmp -s "$T/want" "$T/got" && ok || bad "-i -in: the file '-in'"
(cd "$T" && "$KARX" enc -c lea128 -m ctr -K$K --iv=$K -i-in) > "$T/got"
cmp -s "$T/want" "$T/got" && ok || bad "-K glued, -i-in glued"
(cd "$T" && "$KARX" hash -- -in) > "$T/got"; expect "hash -- -in rc" 0 $?
expect "hash -- -in" "$("$KARX" hash < "$T/-in" | cut -d' ' -f1)  -in" "$(cat "$T/got")"
(cd "$T" && "$KARX" hash -- -in) > "$T/sums"
(cd "$T" && "$KARX" hash -cw --status sums); expect "hash -cw (two flags)" 0 $?

# karx rand N: the count as the argument
expect "rand 33" 33 "$("$KARX" rand 33 | wc -c | tr -d ' ')"
expect "rand 5 --hex" 10 "$("$KARX" rand 5 --hex | tr -d '\n' | wc -c | tr -d ' ')"
expect "rand --hex 0" "" "$("$KARX" rand --hex 0)"
for bad_args in "-n 4 5" "1 2" "x" "" "--hex --base64 3"; do
    # shellcheck disable=SC2086
    "$KARX" rand $bad_args > "$T/out" 2> "$T/err"
    expect "rand $bad_args: exit code" 2 $?
    expect "rand $bad_args: one line" 1 "$(lines "$T/err")"
    expect "rand $bad_args: no output" "" "$(cat "$T/out")"
done

# --base64: what base64(1) writes for the same bytes (76-character lines), at sizes around a
# group of 3, a line, the 64 KiB generate call (groups split between two calls), on the pool's
# 4 MiB steps (-T 2) and through a hash DRBG.
b64() { # b64 DESCRIPTION N ARGS...
    d=$1 n=$2
    shift 2
    "$KARX" rand --base64 "$n" "$@" > "$T/b64" || bad "$d: rand failed"
    base64 -d < "$T/b64" > "$T/bytes" || bad "$d: base64 -d refused it"
    expect "$d: bytes" "$n" "$(wc -c < "$T/bytes" | tr -d ' ')"
    base64 < "$T/bytes" | cmp -s - "$T/b64" && ok || bad "$d: not base64(1)'s text"
}
for n in 0 1 2 3 4 56 57 58 114 65535 65536 65537 200000; do b64 "--base64 $n" $n; done
b64 "--base64 -T 2" 4194306 -T 2
b64 "--base64 --drbg hash-lsh256-256" 70001 --drbg hash-lsh256-256
"$KARX" rand -n 3 --base64 | grep -qx '[A-Za-z0-9+/]\{4\}' && ok || bad "-n 3 --base64: one group"

echo "test_cli_habits: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
