#!/bin/sh
# karx drbg -a hash-*/hmac-* and karx rand --drbg: Hash_DRBG and HMAC_DRBG over LSH.
#  - known answers: every fifth record of tests/kat/cryptopp_lsh_drbg.txt (20, every variant, both
#    DRBGs, every procedure; all 96 run in test_hash_drbg and test_hash_drbg.py) (computed by Crypto++
#    8.7's templates, see its header), run through `karx drbg` (both output lines compared);
#  - name spellings, -a ctr-CIPHER = -c CIPHER;
#  - errors: one stderr line and exit 2 for usage (names, lengths, combinations), exit 1 when the
#    OS entropy source fails (with the LD_PRELOAD shim, where given);
#  - karx rand --drbg: any length, raw and hex, two runs differ.
# usage: test_cli_drbg_hash.sh PATH/TO/karx TESTS_DIR [PATH/TO/shim.so]
KARX=$1
KAT=$2/kat/cryptopp_lsh_drbg.txt
SHIM=${3:-}
. "$(dirname "$0")/lib.sh"

# One line per record: name mode and the eleven fields, "-" for an empty one.
awk -F' = ' '
    function g(k) { return (k in f) && f[k] != "" ? f[k] : "-" }
    function flush() { if (name != "") print name, mode, g("EntropyInput"), g("Nonce"),
        g("PersonalizationString"), g("EntropyInputReseed"), g("AdditionalInputReseed"),
        g("EntropyInputPR1"), g("EntropyInputPR2"), g("AdditionalInput1"), g("AdditionalInput2"),
        g("ReturnedBits1"), g("ReturnedBits2") }
    /^\[/ { flush(); name = substr($0, 2, length($0) - 2); split("", f); next }
    /^#/ || !/ = / { next }
    { v = $2; sub(/[ \r]+$/, "", v); if ($1 == "Mode") mode = v; else f[$1] = v }
    END { flush() }' "$KAT" > "$T/recs"
expect "records in the file" 96 "$(wc -l < "$T/recs")"

e() { [ "$1" = - ] && echo "" || echo "$1"; } # the field's value
i=0 ran=0
while read -r name mode ent non per re ra pr1 pr2 a1 a2 o1 o2; do
    i=$((i + 1))
    [ $((i % 5)) -eq 1 ] || continue
    set -- -a "$name" --entropy "$ent" --nonce "$non" -n $((${#o1} / 2))
    [ "$per" = - ] || set -- "$@" --pers "$per"
    case $mode in
    pr) set -- "$@" --pr --reseed-entropy "$pr1" --reseed-entropy "$pr2" ;;
    reseed) set -- "$@" --reseed-entropy "$re" ;;
    reseed-add) set -- "$@" --reseed-entropy "$re" --reseed-add "$(e "$ra")" ;;
    esac
    [ "$a1$a2" = -- ] || set -- "$@" --add "$(e "$a1")" --add "$(e "$a2")"
    "$KARX" drbg "$@" > "$T/out" 2> "$T/err"
    expect "$name $mode (record $i) rc / stderr" "0 0" "$? $(wc -c < "$T/err")"
    expect "$name $mode (record $i)" "$o1 $o2" "$(tr '\n' ' ' < "$T/out" | sed 's/ $//')"
    ran=$((ran + 1))
done < "$T/recs"
expect "known answers run" 20 "$ran"

# Spellings of one name give one answer; -a ctr-CIPHER is -c CIPHER.
E=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
N=20212223242526272829202122232425
want=$("$KARX" drbg -a hash-lsh512-256 --entropy $E --nonce $N -n 40)
for nm in HASH-LSH-512-256 hash_lsh512_256 Hash-LSH512-256; do
    expect "spelling $nm" "$want" "$("$KARX" drbg -a $nm --entropy $E --nonce $N -n 40)"
done
expect "ctr-lea128 = -c lea128" "$("$KARX" drbg -c lea128 --entropy $E --nonce $N -n 16)" \
    "$("$KARX" drbg -a ctr-lea128 --entropy $E --nonce $N -n 16)"
[ "$want" != "$("$KARX" drbg -a hmac-lsh512-256 --entropy $E --nonce $N -n 40)" ] && ok ||
    bad "hash- and hmac- gave one answer"

# Usage errors: exit 2, nothing on stdout, one line on stderr (naming what is wrong).
usage() { # usage DESCRIPTION PATTERN ARGS...
    d=$1 pat=$2
    shift 2
    "$KARX" "$@" > "$T/out" 2> "$T/err"
    expect "$d: rc" 2 "$?"
    expect "$d: stdout" 0 "$(wc -c < "$T/out")"
    expect "$d: one stderr line" 1 "$(wc -l < "$T/err")"
    grep -q "^karx: .*$pat" "$T/err" && ok || bad "$d: message: $(cat "$T/err")"
}
S31=$(echo $E | cut -c1-62)
usage "unknown name" "unknown DRBG" drbg -a hash-lsh999 --entropy $E --nonce $N -n 8
usage "hash of a cipher" "unknown DRBG" drbg -a hash-lea128 --entropy $E --nonce $N -n 8
usage "-a and -c" "give one" drbg -a hash-lsh256-256 -c lea128 --entropy $E --nonce $N -n 8
usage "--no-df" "no-df" drbg -a hmac-lsh256-256 --no-df --entropy $E --nonce $N -n 8
usage "short entropy" "entropy at least 32" drbg -a hash-lsh256-256 --entropy $S31 --nonce $N -n 8
usage "224-bit strength" "entropy at least 24" drbg -a hmac-lsh512-224 --entropy 0011 --nonce $N -n 8
usage "no nonce" "nonce at least 16" drbg -a hmac-lsh512-512 --entropy $E -n 8
usage "short reseed" "reseed" drbg -a hash-lsh256-256 --entropy $E --nonce $N --reseed-entropy 00 \
    --reseed-add "" -n 8
usage "too long" "-n" drbg -a hash-lsh256-256 --entropy $E --nonce $N -n 65537
usage "--pr with one" "two --reseed-entropy" drbg -a hmac-lsh256-256 --pr --reseed-entropy $E \
    --entropy $E --nonce $N -n 8
usage "bad hex" "--add" drbg -a hash-lsh256-256 --entropy $E --nonce $N --add 0g -n 8
usage "rand unknown" "unknown DRBG" rand --drbg hmac-lsh -n 8
usage "rand two" "give one" rand --drbg hash-lsh256-256 -c lea256 -n 8
usage "rand gpu" "only the CTR_DRBG" rand --drbg hash-lsh256-256 --device gpu -n 8
expect "65536 allowed" 131073 "$("$KARX" drbg -a hash-lsh512-512 --entropy $E --nonce $N -n 65536 |
    head -n 1 | wc -c)"

# karx rand --drbg: OS-seeded, any length.
for d in hash-lsh256-224 hmac-lsh512-512; do
    "$KARX" rand --drbg $d -n 70000 > "$T/r1" 2> "$T/err" # past one 64 KiB chunk
    expect "rand --drbg $d" "0 70000 0" "$? $(wc -c < "$T/r1") $(wc -c < "$T/err")"
    "$KARX" rand --drbg $d -n 70000 > "$T/r2"
    cmp -s "$T/r1" "$T/r2" && bad "rand --drbg $d: two runs agree" || ok
    expect "rand --drbg $d --hex" 65 "$("$KARX" rand --drbg $d -n 32 --hex | wc -c)"
done
expect "rand -n 0" 0 "$("$KARX" rand --drbg hmac-lsh256-256 -n 0 | wc -c)"

# The OS source failing (getrandom and /dev/urandom, the LD_PRELOAD shim): exit 1, one line.
if [ -n "$SHIM" ]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
    LD_PRELOAD=$SHIM "$KARX" rand --drbg hash-lsh256-256 -n 16 > "$T/out" 2> "$T/err"
    expect "no entropy: rc, stdout, stderr lines" "1 0 1" \
        "$? $(wc -c < "$T/out") $(wc -l < "$T/err")"
    grep -q "^karx: rand: .*OS entropy source failed" "$T/err" && ok ||
        bad "no entropy: message: $(cat "$T/err")"
fi

echo "test_cli_drbg_hash: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
