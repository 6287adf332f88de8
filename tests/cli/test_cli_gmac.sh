#!/bin/sh
# karx mac -a gmac-*: every GMAC the registry lists, checked against GCM through the CLI (the tag
# `karx enc -m gcm` writes for an empty input with the file as AAD), over IV lengths and file
# sizes around the 16-byte block; truncated tags; names; bad inputs with their exit codes and
# one stderr line. POSIX sh + coreutils only (od, tr, head, wc).
# usage: test_cli_gmac.sh PATH/TO/karx TESTS_DIR
KARX=$1
. "$(dirname "$0")/lib.sh"
# the GCM tag of an empty message with FILE as AAD: gcm_tag CIPHER KEY IV FILE [TAGLEN]
gcm_tag() {
    "$KARX" enc -c "$1" -m gcm -K "$2" --iv "$3" --aad "$(bin2hex "$4")" --tag-len "${5:-16}" \
        -i /dev/null -o "$T/tag.bin" && bin2hex "$T/tag.bin"
}

K32=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
head -c 1000 /dev/urandom > "$T/r"
for n in 0 1 15 16 17 33 1000; do head -c $n "$T/r" > "$T/m$n"; done

# ---- every GMAC of the registry = GCM with no plaintext -----------------------------------
"$KARX" mac --help > "$T/help"
algs=$(tr ' ' '\n' < "$T/help" | grep '^gmac-' | tr '\n' ' ')
for a in gmac-lea128 gmac-lea192 gmac-lea256 gmac-cham128-128 gmac-cham128-256; do
    case " $algs " in *" $a "*) ok ;; *) bad "--help does not list $a ($algs)" ;; esac
done
for a in $algs; do
    c=${a#gmac-}
    kl=$((${c##*[!0-9]} / 8)) # the key bits end every 128-bit cipher's name: lea192, cham128-256
    key=$(printf '%s' "$K32" | head -c $((2 * kl)))
    sizes=17 # each size with each IV for one cipher; one size per IV for the others (CI time)
    [ "$a" = gmac-lea128 ] && sizes="0 15 16 17 33 1000"
    for iv in 000102030405060708090a0b 5a 00112233445566778899aabbccddeeff0011; do
        for n in $sizes; do
            want="$(gcm_tag "$c" "$key" "$iv" "$T/m$n")  $T/m$n"
            got=$("$KARX" mac -a "$a" -K "$key" --iv "$iv" "$T/m$n")
            expect "$a iv ${#iv} size $n" "$want" "$got"
        done
        [ "$a" = gmac-lea128 ] || sizes=$((sizes == 17 ? 0 : 1000))
    done
done

# ---- standard input, truncation, names, key file ------------------------------------------
IV=cafebabefacedbaddecaf888
K=$(printf '%s' "$K32" | head -c 32)
expect "stdin, -" "$(gcm_tag lea128 $K $IV "$T/m33")  -" \
    "$("$KARX" mac -a gmac-lea128 -K $K --iv $IV - < "$T/m33")"
expect "stdin, no FILE" "$(gcm_tag lea128 $K $IV "$T/m33")  -" \
    "$("$KARX" mac -a gmac-lea128 -K $K --iv $IV < "$T/m33")"
for t in 4 8 12 15; do
    expect "--tag-len $t" "$(gcm_tag lea128 $K $IV "$T/m33" $t)  $T/m33" \
        "$("$KARX" mac -a gmac-lea128 -K $K --iv $IV --tag-len $t "$T/m33")"
done
expect "standard name" "$("$KARX" mac -a gmac-lea128 -K $K --iv $IV "$T/m16")" \
    "$("$KARX" mac -a GMAC-LEA-128 -K $K --iv $IV "$T/m16")"
head -c 16 "$T/r" > "$T/key"
expect "--key-file" "$("$KARX" mac -a gmac-cham128-128 -K "$(bin2hex "$T/key")" --iv $IV "$T/m1")" \
    "$("$KARX" mac -a gmac-cham128-128 --key-file "$T/key" --iv $IV "$T/m1")"
expect "cmac --tag-len 8" \
    "$("$KARX" mac -a cmac-lea128 -K $K "$T/m17" | cut -c1-16)  $T/m17" \
    "$("$KARX" mac -a cmac-lea128 -K $K --tag-len 8 "$T/m17")"

# ---- bad input ----------------------------------------------------------------------------
fails "gmac without --iv" 2 "$KARX" mac -a gmac-lea128 -K $K "$T/m1"
fails "gmac empty --iv" 2 "$KARX" mac -a gmac-lea128 -K $K --iv "" "$T/m1"
fails "gmac bad --iv hex" 2 "$KARX" mac -a gmac-lea128 -K $K --iv 0g "$T/m1"
fails "gmac odd --iv hex" 2 "$KARX" mac -a gmac-lea128 -K $K --iv 012 "$T/m1"
fails "cmac with --iv" 2 "$KARX" mac -a cmac-lea128 -K $K --iv $IV "$T/m1"
fails "hmac with --iv" 2 "$KARX" mac -a hmac-lsh256-256 -K $K --iv $IV "$T/m1"
fails "hmac --tag-len" 2 "$KARX" mac -a hmac-lsh256-256 -K $K --tag-len 16 "$T/m1"
fails "gmac key length" 2 "$KARX" mac -a gmac-lea256 -K $K --iv $IV "$T/m1"
fails "gmac --tag-len 5" 2 "$KARX" mac -a gmac-lea128 -K $K --iv $IV --tag-len 5 "$T/m1"
fails "gmac --tag-len 17" 2 "$KARX" mac -a gmac-lea128 -K $K --iv $IV --tag-len 17 "$T/m1"
fails "gmac --tag-len x" 2 "$KARX" mac -a gmac-lea128 -K $K --iv $IV --tag-len x "$T/m1"
fails "cmac --tag-len 3" 2 "$KARX" mac -a cmac-lea128 -K $K --tag-len 3 "$T/m1"
fails "gmac over HIGHT" 2 "$KARX" mac -a gmac-hight -K $K --iv $IV "$T/m1"
fails "gmac over CHAM-64" 2 "$KARX" mac -a gmac-cham64-128 -K $K --iv $IV "$T/m1"
grep -q 'gmac-cham128-256' "$T/f.err" && ok || bad "unknown MAC line lists the GMACs: $(cat "$T/f.err")"
fails "gmac, two files under one IV" 2 "$KARX" mac -a gmac-lea128 -K $K --iv $IV "$T/m1" "$T/m16"
fails "gmac missing file" 1 "$KARX" mac -a gmac-lea128 -K $K --iv $IV "$T/nope"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
