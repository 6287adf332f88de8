#!/bin/sh
# karx cavp, GCM (AE, AD), CCM (GE, DV), CMAC and GMAC (GEN, VER): each response byte for byte
# (line ends normalised) against
#  - tests/kat/cavp/aead/published: KISA lea_vs.c LEA-128/192/256 GCM, CCM and CMAC answers in
#    KCMVP request form; decrypt / verify files forge every other record (one tag bit flipped),
#    answered INVALID;
#  - tests/kat/cavp/aead/model: GCM and CCM over LEA, CHAM-128 and ARIA (IV / nonce / tag lengths
#    beyond the published ones, KCMVP's [PTLen = 0] layout with "00"), CMAC over every cipher
#    (64-bit blocks too), GMAC over the 128-bit-block ciphers; answered by
#    tests/models/cavp_aead_model.py, not by karx;
#  - the same requests with CRLF line ends;
#  - bad requests: one stderr line "FILE:LINE: FIELD: ...", exit 1, no .rsp.
# usage: test_cli_cavp_aead.sh PATH/TO/karx TESTS_DIR
KARX=$1
DATA=$2/kat/cavp/aead
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cavp_lib.sh"

# one run answers a whole set; every response is then compared with the expected one
n=0
for set in published model; do
    mkdir -p "$T/$set"
    "$KARX" cavp -o "$T/$set" "$DATA/$set"/*.req 2> "$T/err" || bad "$set: karx cavp failed: $(head -3 "$T/err")"
    for req in "$DATA/$set"/*.req; do
        base=$(basename "$req" .req)
        n=$((n + 1))
        if cmp -s "$T/$set/$base.rsp" "$DATA/$set/$base.rsp"; then
            ok
        else
            bad "$set/$base.rsp differs: $(diff "$DATA/$set/$base.rsp" "$T/$set/$base.rsp" 2>&1 | head -3 | tr '\n' ' ')"
        fi
    done
done
expect "request files" 72 "$n"
expect "forged records answered INVALID" 113 "$(cat "$DATA"/*/*.rsp | grep -c '^INVALID$')"

for f in "published/LEA128(GCM)AD" "model/ARIA256(CCM)DV" "model/CMAC(HIGHT)VER" "model/GMAC(LEA192)GEN"; do
    base=$(basename "$f")
    mkdir -p "$T/crlf"
    sed 's/$/\r/' "$DATA/$f.req" > "$T/crlf/$base.req"
    same "CRLF $base" "$T/crlf/$base.req" "$DATA/$f.rsp"
done

# ---- bad requests ----
mkdir -p "$T/b"
K16=000102030405060708090A0B0C0D0E0F
bad_req() { # NAME LINE FIELD TEXT...
    name=$1 line=$2 field=$3
    shift 3
    printf '%s\n' "$@" > "$T/b/$name.req"
    refused "$name line $line $field" "$T/b/$name.req" "$line" "$field"
}
bad_req "LEA128(GCM)AE" 1 Key "Key = ${K16}X0" "IV = 000102030405060708090A0B" "PT = 00" "Adata = "
bad_req "LEA128(GCM)AE" 3 PT "Key = $K16" "IV = 000102030405060708090A0B" "PT = 0" "Adata = "
bad_req "LEA128(GCM)AE" 5 Tlen "Key = $K16" "IV = 000102030405060708090A0B" "PT = 00" "Adata = " "Tlen = 40"
bad_req "LEA128(GCM)AD" 5 Nonsense "Key = $K16" "IV = 000102030405060708090A0B" "C = 00" "T = $K16" "Nonsense = 1"
bad_req "LEA128(GCM)AD" 5 T "Key = $K16" "IV = 000102030405060708090A0B" "Adata = " "C = 00" "T = 0011"
bad_req "LEA128(CCM)GE" 1 Tlen "K = $K16" "N = 00010203040506" "A = " "P = 00"
bad_req "LEA128(CCM)GE" 2 N "K = $K16" "N = 000102030405" "A = " "P = 00" "Tlen = 128"
bad_req "LEA128(CCM)DV" 4 C "K = $K16" "N = 00010203040506" "A = " "C = 0011" "Tlen = 64"
bad_req "CMAC(LEA256)GEN" 1 K "K = $K16" "M = 00" "Tlen = 128"
bad_req "CMAC(HIGHT)GEN" 3 Tlen "K = $K16" "M = 00" "Tlen = 128"
bad_req "GMAC(LEA128)VER" 5 Tlen "Key = $K16" "IV = 000102030405060708090A0B" "Adata = 00" "T = $K16" "Tlen = 7"
bad_req "GMAC(LEA128)GEN" 1 IV "Key = $K16" "Adata = 00"
# a section length the field does not have
bad_req "LEA128(GCM)AE" 4 PT "[PTLen = 8]" "Key = $K16" "IV = 000102030405060708090A0B" "PT = 0011" "Adata = "
# a 64-bit-block cipher has no GCM, CCM or GMAC: no procedure, exit 1, no .rsp
for name in "HIGHT(GCM)AE" "CHAM64-128(CCM)GE" "GMAC(HIGHT)GEN"; do
    printf 'Key = %s\n' "$K16" > "$T/b/$name.req"
    rm -rf "$T/none" && mkdir -p "$T/none"
    "$KARX" cavp -o "$T/none" "$T/b/$name.req" 2> "$T/err"
    expect "$name: exit" 1 $?
    expect "$name: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
    expect "$name: no .rsp" "" "$(ls -A "$T/none")"
done

echo "cli_cavp_aead: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
