#!/bin/sh
# karx kdf kbkdf: the TTAK.KO-12.0272 known answers (CMAC-LEA/HIGHT/ARIA, every mode) and the
# second model's vectors (every mode, counter width and [L] form) through the CLI, --key-file,
# and the refusals (exit 2, exactly one "karx: " line on stderr, nothing on stdout).
# POSIX sh + coreutils only. usage: test_cli_kbkdf.sh PATH/TO/karx TESTS_DIR
KARX=$1
KAT=$2/kat
. "$(dirname "$0")/lib.sh"
lines() { echo $(($(wc -l < "$1"))); }
size() { wc -c < "$1" | tr -d ' '; }
hex2bin() {
    h=$1 fmt=
    while [ -n "$h" ]; do
        rest=${h#??}
        v=$((0x${h%"$rest"}))
        fmt="$fmt\\$((v / 64))$((v / 8 % 8))$((v % 8))"
        h=$rest
    done
    printf "$fmt" > "$2"
}

# Runs the record read so far (the n-th of its file) when n is a multiple of step.
one() {
    [ -n "$prf" ] || return 0
    n=$((n + 1))
    [ $((n % step)) -eq 0 ] || { prf=; return 0; }
    set -- --iv "$iv"
    [ "$mode" = feedback ] || set --
    got=$("$KARX" kdf kbkdf -a "$prf" --mode "$mode" -K "$ki" --label "$label" \
        --context "$context" --counter-bits "$r" --l-bytes "$l" -n "$len" "$@" 2>&1)
    expect "$(basename "$file") #$n ($prf $mode r=$r l=$l n=$len)" "$ko" "$got"
    ran=$((ran + 1))
    prf=
}

# Runs every step-th record of a vector file; leaves how many ran in $T/ran.
run_file() {
    file=$1 step=$2 n=0 ran=0 prf=
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
        '#'*) ;;
        '') one ;;
        *)
            k=${line%% =*} v=${line#*=}
            v=${v# }
            case $k in
            prf) prf=$v ;; mode) mode=$v ;; counter_bits) r=$v ;; l_bytes) l=$v ;; ki) ki=$v ;;
            label) label=$v ;; context) context=$v ;; iv) iv=$v ;; len) len=$v ;; ko) ko=$v ;;
            esac ;;
        esac
    done < "$file"
    one
    echo $ran > "$T/ran"
}

run_file "$KAT/ttak_kbkdf_cmac.txt" 1
expect "TTAK vectors run" 56 "$(cat "$T/ran")"
run_file "$KAT/model_kbkdf.txt" 2
[ "$(cat "$T/ran")" -ge 45 ] && ok || bad "model vectors run: $(cat "$T/ran")"

# defaults: counter mode, 32-bit counter, TTAK [L], empty label and context
K16=000102030405060708090a0b0c0d0e0f
D1=$("$KARX" kdf kbkdf -a cmac-lea128 -K $K16 -n 40)
D2=$("$KARX" kdf kbkdf -a CMAC-LEA-128 --mode counter -K $K16 --label '' --context '' \
    --counter-bits 32 --l-bytes 0 -n 40)
expect "defaults spelled out" "$D1" "$D2"
expect "length" 80 ${#D1}
D3=$("$KARX" kdf kbkdf -a cmac-lea128 -K $K16 --l-bytes 4 -n 40)
[ "$D1" != "$D3" ] && ok || bad "the [L] forms give the same key"
hex2bin $K16 "$T/key"
expect "--key-file" "$D1" "$("$KARX" kdf kbkdf -a cmac-lea128 --key-file "$T/key" -n 40)"
expect "mode alias dp" "$("$KARX" kdf kbkdf -a hmac-lsh256-256 -K 00 --mode pipeline -n 9)" \
    "$("$KARX" kdf kbkdf -a hmac-lsh256-256 -K 00 --mode Double-Pipeline -n 9)"
"$KARX" kdf kbkdf --help > "$T/h" 2> "$T/e"
expect "--help exit" 0 $?
grep -q '^usage: karx kdf kbkdf' "$T/h" && ok || bad "--help: usage"
expect "--help: no stderr" 0 "$(size "$T/e")"

# fails DESC CMD...: exit 2, exactly one line "karx: ..." on stderr, empty stdout
fails() {
    d=$1
    shift
    "$KARX" kdf kbkdf "$@" > "$T/f.out" 2> "$T/f.err"
    expect "$d: exit" 2 $?
    expect "$d: one stderr line" 1 "$(lines "$T/f.err")"
    case $(cat "$T/f.err") in karx:*) ok ;; *) bad "$d: stderr [$(cat "$T/f.err")]" ;; esac
    expect "$d: stdout empty" 0 "$(size "$T/f.out")"
}
H16=00112233445566778899aabbccddeeff
fails "no -a" -K $K16 -n 16
fails "no -n" -a cmac-lea128 -K $K16
fails "no key" -a cmac-lea128 -n 16
fails "-K and --key-file" -a cmac-lea128 -K $K16 --key-file "$T/key" -n 16
fails "-n 0" -a cmac-lea128 -K $K16 -n 0
fails "-n too big" -a cmac-lea128 -K $K16 -n 1048577
fails "unknown PRF" -a cmac-seed -K $K16 -n 16
fails "a cipher is not a PRF" -a lea128 -K $K16 -n 16
fails "GMAC is not a PRF" -a gmac-lea128 -K $K16 -n 16
fails "CMAC key length" -a cmac-lea128 -K 00 -n 16
fails "CMAC-LEA-256 with a 16-byte key" -a cmac-lea256 -K $K16 -n 16
fails "bad hex key" -a cmac-lea128 -K 0g0102030405060708090a0b0c0d0e0f -n 16
fails "bad hex label" -a cmac-lea128 -K $K16 --label 123 -n 16
fails "unknown mode" -a cmac-lea128 -K $K16 --mode cbc -n 16
fails "counter bits 12" -a cmac-lea128 -K $K16 --counter-bits 12 -n 16
fails "counter bits 40" -a cmac-lea128 -K $K16 --counter-bits 40 -n 16
fails "no counter in counter mode" -a cmac-lea128 -K $K16 --counter-bits 0 -n 16
fails "l-bytes 5" -a cmac-lea128 -K $K16 --l-bytes 5 -n 16
fails "IV in counter mode" -a cmac-lea128 -K $K16 --iv 00 -n 16
fails "IV in pipeline mode" -a cmac-lea128 -K $K16 --mode pipeline --iv 00 -n 16
fails "256 blocks, 8-bit counter" -a cmac-hight -K $H16 --counter-bits 8 -n 2041
fails "[L] of 256 bits in one byte" -a cmac-lea128 -K $K16 --l-bytes 1 -n 32
fails "an operand" -a cmac-lea128 -K $K16 -n 16 extra
fails "unknown option" -a cmac-lea128 -K $K16 -n 16 --bogus
expect "255 blocks, 8-bit counter" 4080 \
    "$("$KARX" kdf kbkdf -a cmac-hight -K $H16 --counter-bits 8 -n 2040 | tr -d '\n' | wc -c | tr -d ' ')"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
