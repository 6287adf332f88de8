#!/bin/sh
# One key-file rule in every command that takes a key (enc, dec, mac, kdf kbkdf): --key-file is
# the file's raw bytes (exactly the key's length, any length for HMAC), or hex text only when
# the file starts with 'hex:'; --key-hex-file is hex text. Bare hex digits in a --key-file (of
# twice the key's length, or of the key's length: once read silently as ASCII key bytes) and a
# wrong length are refused with one line, exit 2. Each result is compared with the same key
# given as -K HEX.
# usage: test_cli_keyfile.sh PATH/TO/karx
KARX=$1
. "$(dirname "$0")/lib.sh"
lines() { echo $(($(wc -l < "$1"))); }
bin2hex() { od -An -v -tx1 "$1" | tr -d ' \n'; }

# key N FILE: N raw bytes, the first 0xff so that they are never all hex digits by chance
key() { { printf '\377'; "$KARX" rand -n $(($1 - 1)); } > "$2"; }
head -c 96 /dev/zero | tr '\0' 'm' > "$T/msg"
IV=000102030405060708090a0b0c0d0e0f

# refused DESCRIPTION WORD CMD...: exit 2, one "karx: " line on stderr holding WORD, no stdout
refused() {
    d=$1 word=$2
    shift 2
    "$KARX" "$@" > "$T/out" 2> "$T/err" < "$T/msg"
    expect "$d: exit code" 2 $?
    expect "$d: one stderr line" 1 "$(lines "$T/err")"
    case $(cat "$T/err") in "karx: "*"$word"*) ok ;; *) bad "$d: stderr [$(cat "$T/err")] lacks '$word'" ;; esac
    expect "$d: no output" 0 "$(wc -c < "$T/out" | tr -d ' ')"
}
# same_as_K DESCRIPTION HEX CMD...: CMD with --key-file etc. gives what CMD -K HEX gives
same_as_K() {
    d=$1 hex=$2
    shift 2
    want=$("$KARX" "$@" -K "$hex" < "$T/msg" | od -An -tx1 | tr -d ' \n')
    [ -n "$want" ] || bad "$d: -K gave nothing"
    for f in "--key-file $T/raw" "--key-file $T/pre" "--key-file $T/pre2" "--key-hex-file $T/bare" \
        "--key-hex-file $T/pre"; do
        # shellcheck disable=SC2086 # the option and its file, split on purpose
        got=$("$KARX" "$@" $f < "$T/msg" | od -An -tx1 | tr -d ' \n')
        expect "$d: $f" "$want" "$got"
    done
}
# files N: $T/raw (N raw bytes), $T/pre ('hex:' + hex + newline), $T/pre2 ('hex:' + spaced hex,
# CRLF), $T/bare (hex + newline), $T/half (N hex digits: N bytes that are all digits), $T/long
# (N + 1 raw bytes), $T/longhex ('hex:' and 2N + 2 digits)
files() {
    key "$1" "$T/raw"
    h=$(bin2hex "$T/raw")
    printf 'hex:%s\n' "$h" > "$T/pre"
    printf 'hex:  %s \r\n' "$h" > "$T/pre2"
    printf '%s\n' "$h" > "$T/bare"
    printf '%s' "$h" | head -c "$1" > "$T/half"
    { cat "$T/raw"; printf 'x'; } > "$T/long"
    printf 'hex:%s00\n' "$h" > "$T/longhex"
}

# ---- enc / dec (fixed key length) ----
files 16
same_as_K "enc lea128 ctr" "$h" enc -c lea128 -m ctr --iv $IV
same_as_K "dec lea128 cbc" "$h" dec -c lea128 -m cbc --no-pad --iv $IV
files 32
same_as_K "enc cham128-256 gcm" "$h" enc -c cham128-256 -m gcm --iv 00
for c in enc dec; do
    E="$c -c cham128-256 -m ctr --iv $IV"
    # shellcheck disable=SC2086
    {
        refused "$c: bare hex" "hex:" $E --key-file "$T/bare"
        refused "$c: key-length hex digits (once ASCII key bytes)" "hex:" $E --key-file "$T/half"
        refused "$c: raw, wrong length" "32 raw bytes" $E --key-file "$T/long"
        refused "$c: hex:, wrong length" "64 hex digits" $E --key-file "$T/longhex"
        refused "$c: --key-hex-file, raw" "not hex" $E --key-hex-file "$T/raw"
        refused "$c: two key files" "once" $E --key-file "$T/raw" --key-hex-file "$T/pre"
    }
done
files 32
same_as_K "enc xts lea128" "$h" enc -c lea128 -m xts --iv $IV

# ---- mac: CMAC / GMAC (the cipher's key length), HMAC (any length) ----
files 16
same_as_K "mac cmac-lea128" "$h" mac -a cmac-lea128
same_as_K "mac gmac-lea128" "$h" mac -a gmac-lea128 --iv 00
refused "cmac: bare hex" "hex:" mac -a cmac-lea128 --key-file "$T/bare"
refused "cmac: key-length hex digits" "hex:" mac -a cmac-lea128 --key-file "$T/half"
refused "cmac: raw, wrong length" "16 raw bytes" mac -a cmac-lea128 --key-file "$T/long"
files 40
same_as_K "mac hmac-lsh256-256" "$h" mac -a hmac-lsh256-256
refused "hmac: bare hex" "hex:" mac -a hmac-lsh256-256 --key-file "$T/bare"
refused "hmac: digits only" "hex:" mac -a hmac-lsh256-256 --key-file "$T/half"
printf 'hex:0g\n' > "$T/nothex"
refused "hmac: hex: then not hex" "not hex" mac -a hmac-lsh256-256 --key-file "$T/nothex"
# an HMAC key file of raw bytes is all of them (any length)
"$KARX" mac -a hmac-lsh256-256 --key-file "$T/long" < "$T/msg" > "$T/a"
"$KARX" mac -a hmac-lsh256-256 -K "$(bin2hex "$T/long")" < "$T/msg" > "$T/b"
cmp -s "$T/a" "$T/b" && ok || bad "hmac: raw key of any length"

# ---- kdf kbkdf ----
files 16
same_as_K "kbkdf cmac-lea128" "$h" kdf kbkdf -a cmac-lea128 -n 20
refused "kbkdf cmac: bare hex" "hex:" kdf kbkdf -a cmac-lea128 -n 20 --key-file "$T/bare"
refused "kbkdf cmac: wrong length" "16 raw bytes" kdf kbkdf -a cmac-lea128 -n 20 --key-file "$T/long"
files 24
same_as_K "kbkdf hmac-lsh512-512" "$h" kdf kbkdf -a hmac-lsh512-512 -n 20
refused "kbkdf hmac: bare hex" "hex:" kdf kbkdf -a hmac-lsh512-512 -n 20 --key-file "$T/bare"

# ---- --help names both options ----
for c in enc dec mac "kdf kbkdf"; do
    # shellcheck disable=SC2086
    n=$("$KARX" $c --help | grep -c -e '--key-hex-file FILE' -e "'hex:'")
    [ "$n" -ge 2 ] && ok || bad "$c --help: both key-file options"
done

echo "test_cli_keyfile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
