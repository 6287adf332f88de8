#!/bin/sh
# karx cavp CTR_DRBG requests that no published answers cover, against an independent Python
# model (tests/models/ctr_drbg_model.py, which first reproduces the published TTAK.KO-12.0189 B.2
# outputs, RFC 5794 ARIA and the revised CHAM KATs): every cipher karx's CTR_DRBG takes (LEA-128/
# 192/256, HIGHT, CHAM-64/128, CHAM-128/128, CHAM-128/256, ARIA-128/192/256) x use/no DF x use/no
# PR, the no-PR records in KCMVP's form (reseed after instantiate), with and without
# personalization string and additional input, and a partial last output block.
# The checker is shown to catch a changed answer. Exit 77 (skipped) without python3.
# usage: test_cli_cavp_drbg_model.sh PATH/TO/karx TESTS_DIR
KARX=$1
CHECK=$2/models/cavp_ctr_drbg_check.py
. "$(dirname "$0")/lib.sh"

if ! command -v python3 > /dev/null 2>&1; then
    echo "SKIP: no python3 for the model" >&2
    exit 77
fi
python3 "$CHECK" gen "$T/req" || bad "model: writing the requests failed"
expect "request files" 40 "$(ls "$T/req" | wc -l | tr -d ' ')"
mkdir -p "$T/out"
"$KARX" cavp -o "$T/out" "$T/req"/*.req 2> "$T/err" || bad "karx cavp: $(cat "$T/err")"
expect "responses" 40 "$(ls "$T/out" | wc -l | tr -d ' ')"
python3 "$CHECK" check "$T/out"/*.rsp > "$T/log" 2>&1 && ok || bad "model disagrees: $(cat "$T/log")"
expect "records checked" "checked 80" "$(tail -n 1 "$T/log")"

# one changed answer must be caught
f="$T/out/CTR_DRBG(CHAM-64_128(use DF)(use PR))_KAT.rsp"
awk '!done && /^ReturnedBits = / { c = substr($3, 1, 1); $3 = (c == "0" ? "1" : "0") substr($3, 2); done = 1 } { print }' "$f" > "$T/changed.rsp"
if cmp -s "$f" "$T/changed.rsp"; then
    bad "could not change an answer"
elif python3 "$CHECK" recheck "$T/changed.rsp" > "$T/log" 2>&1; then
    bad "the checker passed a changed answer"
else
    ok
fi

echo "test_cli_cavp_drbg_model: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
