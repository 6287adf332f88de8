#!/bin/sh
# karx kdf kbkdf: the TTAK.KO-12.0272 known answers (CMAC-LEA/HIGHT/ARIA, every mode) and the
# second model's vectors (every mode, counter width and [L] form) through the CLI, --key-file,
# and the refusals (exit 2, exactly one "karx: " line on stderr, nothing on stdout).
# POSIX sh + coreutils only. usage: test_cli_kbkdf.sh PATH/TO/karx TESTS_DIR
KARX=$1
KAT=$2/kat
. "$(dirname "$0")/lib.sh"

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

refused() { # refused DESC ARGS...: karx kdf kbkdf ARGS fails as lib.sh's fails wants, exit 2
    desc=$1
    shift
    fails "$desc" 2 "$KARX" kdf kbkdf "$@"
}
H16=00112233445566778899aabbccddeeff
refused "no -a" -K $K16 -n 16
refused "no -n" -a cmac-lea128 -K $K16
refused "no key" -a cmac-lea128 -n 16
refused "-K and --key-file" -a cmac-lea128 -K $K16 --key-file "$T/key" -n 16
refused "-n 0" -a cmac-lea128 -K $K16 -n 0
refused "-n too big" -a cmac-lea128 -K $K16 -n 1048577
refused "unknown PRF" -a cmac-seed -K $K16 -n 16
refused "a cipher is not a PRF" -a lea128 -K $K16 -n 16
refused "GMAC is not a PRF" -a gmac-lea128 -K $K16 -n 16
refused "CMAC key length" -a cmac-lea128 -K 00 -n 16
refused "CMAC-LEA-256 with a 16-byte key" -a cmac-lea256 -K $K16 -n 16
refused "bad hex key" -a cmac-lea128 -K 0g0102030405060708090a0b0c0d0e0f -n 16
refused "bad hex label" -a cmac-lea128 -K $K16 --label 123 -n 16
refused "unknown mode" -a cmac-lea128 -K $K16 --mode cbc -n 16
refused "counter bits 12" -a cmac-lea128 -K $K16 --counter-bits 12 -n 16
refused "counter bits 40" -a cmac-lea128 -K $K16 --counter-bits 40 -n 16
refused "no counter in counter mode" -a cmac-lea128 -K $K16 --counter-bits 0 -n 16
refused "l-bytes 5" -a cmac-lea128 -K $K16 --l-bytes 5 -n 16
refused "IV in counter mode" -a cmac-lea128 -K $K16 --iv 00 -n 16
refused "IV in pipeline mode" -a cmac-lea128 -K $K16 --mode pipeline --iv 00 -n 16
refused "256 blocks, 8-bit counter" -a cmac-hight -K $H16 --counter-bits 8 -n 2041
refused "[L] of 256 bits in one byte" -a cmac-lea128 -K $K16 --l-bytes 1 -n 32
refused "an operand" -a cmac-lea128 -K $K16 -n 16 extra
refused "unknown option" -a cmac-lea128 -K $K16 -n 16 --bogus
expect "255 blocks, 8-bit counter" 4080 \
    "$("$KARX" kdf kbkdf -a cmac-hight -K $H16 --counter-bits 8 -n 2040 | tr -d '\n' | wc -c | tr -d ' ')"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
