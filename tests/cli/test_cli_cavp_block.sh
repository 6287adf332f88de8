#!/bin/sh
# karx cavp, block ciphers (ECB CBC CTR CFB CFB8 CFB64 OFB): each response byte for byte (line
# ends normalised) against
#  - tests/kat/cavp/block/published: KCMVP LEA128/192/256 and HIGHT (ECB)KAT, KCMVP LEA128 CFB8
#    and CFB64 MMT, KISA lea_vs.c LEA-128/192/256 ECB/CBC/CTR/OFB/CFB MMT (answers published);
#  - tests/kat/cavp/block/model: KAT and MMT (encrypt and decrypt) for LEA-128/192/256, HIGHT,
#    CHAM-64/128, CHAM-128/128, CHAM-128/256, ARIA-128/192/256 in all seven modes, and 30 MCT
#    files (every mode for LEA-128 and HIGHT, a spread of modes for the others; see MCT_MODES),
#    answered by tests/models/cavp_block_model.py (reference LEA/HIGHT/CHAM models, OpenSSL's
#    ARIA), not by karx;
#  - the same requests with CRLF line ends, and under a neutral name with --alg/--mode/--test;
#  - bad requests: one stderr line "FILE:LINE: FIELD: ...", exit 1, no .rsp.
# ARIA's Monte Carlo files take about a second (karx's ARIA is slow one block at a time): they
# run alone under the third argument aria-mct (test cli_cavp_block_aria_mct), and are left out
# otherwise.
# usage: test_cli_cavp_block.sh PATH/TO/karx TESTS_DIR [aria-mct]
KARX=$1
DATA=$2/kat/cavp/block
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cavp_lib.sh"

if [ "${3:-}" = aria-mct ]; then
    mkdir -p "$T/aria"
    n=0
    for req in "$DATA"/model/ARIA*MCT.req; do
        same "model/$(basename "$req")" "$req" "${req%.req}.rsp"
        n=$((n + 1))
    done
    expect "ARIA MCT request files" 3 "$n"
    echo "cli_cavp_block aria-mct: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
fi

# one run answers a whole set; every response is then compared with the expected one
n=0
for set in published model; do
    mkdir -p "$T/$set"
    ls "$DATA/$set"/*.req | grep -v '/ARIA[0-9]*([A-Z0-9]*)MCT\.req$' > "$T/list"
    tr '\n' '\0' < "$T/list" | xargs -0 "$KARX" cavp -o "$T/$set" 2> "$T/err" || bad "$set: karx cavp failed: $(head -3 "$T/err")"
    while IFS= read -r req; do
        base=$(basename "$req" .req)
        n=$((n + 1))
        if cmp -s "$T/$set/$base.rsp" "$DATA/$set/$base.rsp"; then
            ok
        else
            bad "$set/$base.rsp differs: $(diff "$DATA/$set/$base.rsp" "$T/$set/$base.rsp" 2>&1 | head -3 | tr '\n' ' ')"
        fi
    done < "$T/list"
done
expect "request files" 188 "$n"

# CRLF requests give the same answers
for f in "published/LEA128(CFB8)MMT" "model/HIGHT(CFB)MCT" "model/ARIA192(CBC)MMT"; do
    base=$(basename "$f")
    mkdir -p "$T/crlf"
    sed 's/$/\r/' "$DATA/$f.req" > "$T/crlf/$base.req"
    same "CRLF $base" "$T/crlf/$base.req" "$DATA/$f.rsp"
done

# a neutral file name with the job given by options
cp "$DATA/model/CHAM128-256(OFB)MCT.req" "$T/request.req"
"$KARX" cavp -o "$T" --alg cham128-256 --mode ofb --test MCT "$T/request.req" 2> "$T/err" || bad "options: $(cat "$T/err")"
tr -d '\r' < "$T/request.rsp" | cmp -s - "$DATA/model/CHAM128-256(OFB)MCT.rsp" && ok || bad "options: the response differs"

# ---- bad requests ----
mkdir -p "$T/b"
K16=000102030405060708090A0B0C0D0E0F
bad_req() { # NAME LINE FIELD TEXT...: a request file named NAME holding the lines TEXT...
    name=$1 line=$2 field=$3
    shift 3
    printf '%s\n' "$@" > "$T/b/$name.req"
    refused "$name line $line $field" "$T/b/$name.req" "$line" "$field"
}
bad_req "LEA128(CBC)MMT" 3 IV "KEY = $K16" "PT = $K16" "IV = 0011223344556677889900112233445G"
bad_req "LEA128(CBC)KAT" 1 IV "KEY = $K16" "PT = $K16"
bad_req "LEA192(ECB)KAT" 1 KEY "KEY = $K16" "PT = $K16"
bad_req "HIGHT(OFB)MMT" 3 FOO "KEY = $K16" "IV = 0001020304050607" "FOO = 00" "PT = 00"
bad_req "LEA128(ECB)MMT" 2 PT "KEY = $K16" "PT = ${K16}00"
bad_req "LEA128(CFB8)MCT" 3 PT "KEY = $K16" "IV = $K16" "PT = 0001"
bad_req "LEA256(CTR)MCT" 2 CTR "KEY = $K16$K16" "CTR = 00"
bad_req "LEA128(ECB)KAT" 2 IV "KEY = $K16" "IV = $K16" "PT = $K16"
bad_req "LEA128(CBC)KAT" 4 CT "KEY = $K16" "IV = $K16" "PT = $K16" "CT = $K16"
bad_req "CHAM64-128(CTR)KAT" 2 KEY "KEY = $K16" "KEY = $K16" "CTR = 0001020304050607" "PT = 00"
# a good record first, the bad one after it: still no .rsp
bad_req "LEA128(OFB)MMT" 7 PT "KEY = $K16" "IV = $K16" "PT = $K16" "" "KEY = $K16" "IV = $K16" "PT = 0"

echo "cli_cavp_block: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
