#!/bin/sh
# karx cavp for PBKDF2-HMAC-LSH and KBKDF. Published: TTAK.KO-12.0272's KBKDF answers (CMAC over
# LEA, HIGHT and ARIA, counter / feedback / double-pipeline; tests/kat/cavp/kdf/published/, from
# tests/kat/ttak_kbkdf_cmac.txt): the request is the response without its KO lines.
# Model-checked (no published answers): tests/kat/cavp/kdf/model/, written by
# tests/models/cavp_kdf_model.py (PBKDF2 over every LSH; KBKDF over HMAC-LSH and CMAC-LEA/HIGHT).
# Then bad requests: one stderr line FILE:LINE: FIELD, exit 1, no .rsp.
# POSIX sh. usage: test_cli_cavp_kdf.sh PATH/TO/karx TESTS_DIR
KARX=$1
KAT=$2/kat
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cavp_lib.sh"

mkdir -p "$T/pub"
for rsp in "$KAT"/cavp/kdf/published/*.rsp; do
    b=$(basename "$rsp" .rsp)
    request_of KO < "$rsp" > "$T/pub/$b.req"
    same "published $b" "$T/pub/$b.req" "$rsp"
done
for req in "$KAT"/cavp/kdf/model/*.req; do
    same "model $(basename "$req")" "$req" "${req%.req}.rsp"
done

# ---- bad requests ----
mkdir -p "$T/b"
bad_req() { # bad_req NAME LINE FIELD TEXT
    printf '%b' "$4" > "$T/b/$1"
    refused "$1 line $2 $3" "$T/b/$1" "$2" "$3"
}
P="Password = pw\nSalt = 0011\n"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 1 Iteration "${P}KLen = 128\n"
bad_req "PBKDF2_HMAC_LSH-512_512(KAT).req" 4 KLen "Iteration = 2\n${P}KLen = 12\n"
bad_req "PBKDF2_LSH-256_224(KAT).req" 3 Salt "Iteration = 2\nPassword = pw\nSalt = 00x1\nKLen = 128\n"
bad_req "PBKDF2_LSH-512_224(KAT).req" 2 Iteration "[Iteration = 0]\n${P}KLen = 128\n"
bad_req "PBKDF2_LSH-512_256(KAT).req" 1 Password "Iteration = 1\nSalt = 00\nKLen = 8\n"
K="L = 128\nKI = 000102030405060708090A0B0C0D0E0F\nLabel = 01\nContext = 02\n"
bad_req "KBKDF_CMAC_LEA128(CTR).req" 1 RLEN "RLEN = 12\n$K"
bad_req "KBKDF_CMAC_LEA128(CTR).req" 1 RLEN "RLEN = NO COUNTER\n$K"
bad_req "KBKDF_HMAC_LSH-256_256(DP).req" 1 RLEN "$K"
bad_req "KBKDF_HMAC_LSH-256_256(CTR).req" 6 IV "RLEN = 8\n${K}IV = 00\n"
bad_req "KBKDF_CMAC_HIGHT(FB).req" 3 KI "RLEN = 8\nL = 64\nKI = 0011\nLabel = \nContext = \n"
bad_req "KBKDF_CMAC_LEA256(FB).req" 2 L "RLEN = 8\nL = 0\nKI = 00\nLabel = \nContext = \n"
bad_req "KBKDF_CMAC_LEA192(DP).req" 1 Context "RLEN = 8\nL = 64\nKI = $(printf '%048d' 0)\nLabel = \n"
bad_req "KBKDF_HMAC_LSH-512_512.req" 1 MODE "RLEN = 8\n$K"
# a KBKDF mode may also come from a [MODE = ...] header: the same answer as the name's (CTR)
R="RLEN = 8\nL = 200\nKI = 00FF\nLabel = 0A\nContext = \n"
printf "[MODE = counter]\n$R" > "$T/b/KBKDF_HMAC_LSH-512_512.req"
printf "$R" > "$T/b/KBKDF_HMAC_LSH-512_512(CTR).req"
"$KARX" cavp -o "$T/b" "$T/b/KBKDF_HMAC_LSH-512_512.req" "$T/b/KBKDF_HMAC_LSH-512_512(CTR).req"
expect "[MODE] header" "$(grep '^KO' "$T/b/KBKDF_HMAC_LSH-512_512(CTR).rsp")" \
    "$(grep '^KO' "$T/b/KBKDF_HMAC_LSH-512_512.rsp")"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
