#!/bin/sh
# karx cavp, the parts every algorithm shares (cli/cavp/cmd_cavp.c, cavp_file.c, cavp_name.c):
# -o, the response beside the request by default, several files in one call, the job from the
# file name or from --alg/--mode/--test, CRLF requests, comments and headers copied, and bad
# requests: one stderr line naming file:line:field, exit 1, no .rsp (an old one left as it was).
# Runs a CTR_DRBG request as the example (its answers are checked in test_cli_cavp_drbg.sh).
# usage: test_cli_cavp.sh PATH/TO/karx SOURCE_DIR
KARX=$1
SRC=$2
case $KARX in /*) ;; *) KARX=$PWD/$KARX ;; esac
. "$(dirname "$0")/lib.sh"
KAT=$SRC/kat; [ -d "$KAT" ] || KAT=$SRC/tests/kat   # SOURCE_DIR: tests/ (ctest) or the top folder
D=$KAT/cavp/drbg/kcmvpfmt
NAME='CTR_DRBG(LEA-256(use DF)(no PR))_KAT'
cp "$D/$NAME.req" "$T/$NAME.req"
noblank() { grep -v '^[[:space:]]*$' "$1" | tr -d '\r'; }

# the answer: beside the request, and the same with -o
"$KARX" cavp "$T/$NAME.req" 2> "$T/err"
expect "beside: exit" 0 $?
expect "beside: stderr" "" "$(cat "$T/err")"
[ -f "$T/$NAME.rsp" ] && ok || bad "no $NAME.rsp beside the request"
expect "beside: answers" "$(noblank "$D/$NAME.rsp" | grep -v '^#')" "$(noblank "$T/$NAME.rsp" | grep -v '^#')"
mkdir "$T/out"
"$KARX" cavp -o "$T/out" "$T/$NAME.req"
expect "-o: same response" "$(cat "$T/$NAME.rsp")" "$(cat "$T/out/$NAME.rsp")"
# the request's comments, headers and layout come back
expect "comments copied" "$(grep '^#' "$T/$NAME.req")" "$(grep '^#' "$T/$NAME.rsp")"
expect "headers copied" "$(grep '^\[' "$T/$NAME.req")" "$(grep '^\[' "$T/$NAME.rsp")"
expect "uppercase hex" "" "$(sed -n 's/^ReturnedBits = //p' "$T/$NAME.rsp" | grep '[abcdef]')"

# CRLF in, the same answers out
mkdir "$T/crlf"
sed 's/$/\r/' "$T/$NAME.req" > "$T/crlf/$NAME.req"
"$KARX" cavp "$T/crlf/$NAME.req"
expect "CRLF request" "$(noblank "$T/$NAME.rsp")" "$(noblank "$T/crlf/$NAME.rsp")"

# several files in one call; a name karx cannot read, with and without --alg/--mode/--test
cp "$T/$NAME.req" "$T/requests.txt"
"$KARX" cavp -o "$T/out" "$T/requests.txt" > /dev/null 2> "$T/err"
expect "unreadable name: exit" 1 $?
expect "unreadable name: one line" 1 "$(wc -l < "$T/err")"
grep -q 'requests.txt: cannot tell the algorithm' "$T/err" && ok || bad "unreadable name: $(cat "$T/err")"
"$KARX" cavp -o "$T/out" --alg 'CTR_DRBG(LEA-256(use DF)(no PR))' --test KAT "$T/requests.txt" 2> "$T/err"
expect "overrides: exit" 0 $?
expect "overrides: same answers" "$(cat "$T/$NAME.rsp")" "$(cat "$T/out/requests.rsp")"
rm -f "$T/out/"*
cp "$D/CTR_DRBG(LEA-256(no DF)(no PR))_KAT.req" "$T/"
"$KARX" cavp -o "$T/out" "$T/$NAME.req" "$T/CTR_DRBG(LEA-256(no DF)(no PR))_KAT.req"
expect "two files: two responses" 2 "$(ls "$T/out" | wc -l)"

# a bad request: one line naming file:line:field, exit 1, no .rsp, an old .rsp untouched
bad_case() { # bad_case WHAT SED-EXPR WANT-IN-MESSAGE
    sed "$2" "$T/$NAME.req" > "$T/bad/$NAME.req"
    echo "old answer" > "$T/bad/$NAME.rsp"
    "$KARX" cavp "$T/bad/$NAME.req" > "$T/bad/out" 2> "$T/bad/err"
    expect "$1: exit" 1 $?
    expect "$1: one stderr line" 1 "$(wc -l < "$T/bad/err")"
    grep -q "$3" "$T/bad/err" && ok || bad "$1: message [$(cat "$T/bad/err")] lacks [$3]"
    expect "$1: old .rsp kept" "old answer" "$(cat "$T/bad/$NAME.rsp")"
    expect "$1: nothing on stdout" "" "$(cat "$T/bad/out")"
}
mkdir "$T/bad"
bad_case "bad hex" '0,/^EntropyInput = /s/^EntropyInput = ./EntropyInput = Z/' "$NAME.req:[0-9]*: EntropyInput"
bad_case "odd hex" '0,/^Nonce = /s/^Nonce = \(.*\)/Nonce = \10/' "$NAME.req:[0-9]*: Nonce"
bad_case "not NAME = VALUE" '0,/^Nonce = /s/^Nonce = /Nonce /' "$NAME.req:[0-9]*: 'Nonce"
bad_case "header without ]" '0,/^\[/s/\]$//' "$NAME.req:[0-9]*: section header"
"$KARX" cavp "$T/missing.req" 2> "$T/err"
expect "missing file: exit" 1 $?
"$KARX" cavp 2> "$T/err"
expect "no file: usage" 2 $?
echo "test_cli_cavp: $pass passed, $fail failed"
[ $fail -eq 0 ]
