#!/bin/sh
# karx cavp for LSH (SMT, LMT, MCT) and HMAC-LSH. Published request/response pairs: KCMVP
# ShortMsg/LongMsg answers (tests/kat/kcmvp_lsh*.txt), KISA's bit-length vectors
# (kisa_lsh_bitlen.txt) and KISA's HMAC vectors (kisa_hmac_lsh.txt): the request is the
# published response without its answer lines. Model-checked pairs (no published answers):
# tests/kat/cavp/hash/model/, written by tests/models/lsh_mct_model.py (MCT) and
# cavp_kdf_model.py (HMAC). Then bad requests: one stderr line FILE:LINE: FIELD, exit 1, no .rsp.
# POSIX sh. usage: test_cli_cavp_hash.sh PATH/TO/karx TESTS_DIR
KARX=$1
KAT=$2/kat
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cavp_lib.sh"

# The records of one section of a vendored file, as karx lays out a response: the comment
# lines, the section's header, each record followed by one blank line.
section() { # section HEADER_TEXT < FILE
    awk -v sec="$1" '
        /^#/ { print; next }
        /^\[/ { insec = index($0, sec) > 0; if (insec) print; next }
        /^[ \t\r]*$/ { if (inrec) print ""; inrec = 0; next }
        insec { print; inrec = 1 }
        END { if (inrec) print "" }'
}

# published(FILE SECTION NAME ANSWER): the section as NAME.rsp, its request NAME.req, compared.
published() {
    d=$T/pub.$4.$3 && mkdir -p "$d"
    section "$2" < "$KAT/$1" > "$d/$3.rsp"
    request_of "$4" < "$d/$3.rsp" > "$d/$3.req"
    n=$(grep -c "^$4 = " "$d/$3.rsp")
    [ "$n" -gt 0 ] || bad "$1 [$2]: no records"
    same "$1 [$2] ($n records)" "$d/$3.req" "$d/$3.rsp"
}

for v in 256_224 256_256 512_224 512_256 512_384 512_512; do
    f=kcmvp_lsh$(echo $v | tr -d _ | sed 's/^\(...\)/\1_/').txt
    published "$f" ShortMsg "LSH-$v(SMT)" MD
    published "$f" LongMsg "LSH-$v(LMT)" MD
done
# Len not a multiple of 8 (KISA's bit-length input)
published kisa_lsh_bitlen.txt LSH-256-256 "LSH-256_256(SMT)" MD
published kisa_lsh_bitlen.txt LSH-512-512 "LSH-512_512(SMT)" MD
published kisa_hmac_lsh.txt HMAC-LSH-256-256 "HMAC_LSH-256_256(KAT)" Mac
published kisa_hmac_lsh.txt HMAC-LSH-512-512 "HMAC_LSH-512_512(KAT)" Mac

# model-checked: MCT and HMAC for every variant
for req in "$KAT"/cavp/hash/model/*.req; do
    same "model $(basename "$req")" "$req" "${req%.req}.rsp"
done
# a CRLF request gives the same response
tr -d '\r' < "$KAT/cavp/hash/model/HMAC_LSH-512_224(KAT).req" | sed 's/$/\r/' > "$T/HMAC_LSH-512_224(KAT).req"
same "CRLF request" "$T/HMAC_LSH-512_224(KAT).req" "$KAT/cavp/hash/model/HMAC_LSH-512_224(KAT).rsp"

# ---- bad requests ----
mkdir -p "$T/b"
bad_req() { # bad_req NAME LINE FIELD TEXT
    printf '%b' "$4" > "$T/b/$1"
    refused "$1 line $2 $3" "$T/b/$1" "$2" "$3"
}
bad_req "LSH-256_256(SMT).req" 2 Msg "Len = 8\nMsg = 0G\n"
bad_req "LSH-256_224(SMT).req" 2 Msg "Len = 8\nMsg = 012\n"
bad_req "LSH-512_256(SMT).req" 4 Len "Len = 8\nMsg = 00\n\nLen = 16\nMsg = 01\n"
bad_req "LSH-512_384(LMT).req" 4 Len "Len = 8\nMsg = 00\n\nLen = 9\nMsg = 01\n"
bad_req "LSH-512_512(SMT).req" 1 Msg "Len = 8\n"
bad_req "LSH-256_224(LMT).req" 1 Len "Msg = 00\n"
bad_req "LSH-256_256(MCT).req" 2 Seed "[L = 32]\nSeed = 00112233\n"
bad_req "LSH-512_224(MCT).req" 2 Seed "[L = 28]\nCOUNT = 0\n"
bad_req "LSH-512_256(MCT).req" 2 L "[L = 64]\nSeed = $(printf '%064d' 0)\n"
bad_req "HMAC_LSH-256_256(KAT).req" 2 Key "Klen = 2\nKey = 0z00\nMsg = 00\n"
bad_req "HMAC_LSH-256_224(KAT).req" 1 Klen "Klen = 3\nKey = 0000\nMsg = 00\n"
bad_req "HMAC_LSH-512_512(KAT).req" 1 Tlen "Tlen = 65\nKey = 0000\nMsg = 00\n"
bad_req "HMAC_LSH-512_384(KAT).req" 1 Msg "Key = 0000\n"
bad_req "HMAC_LSH-512_224(KAT).req" 3 Tlen "Key = 00\nMsg = 00\nTlen = x1\n"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
