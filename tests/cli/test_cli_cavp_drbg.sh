#!/bin/sh
# karx cavp, DRBG requests (CTR_DRBG, Hash_DRBG, HMAC_DRBG) against published answers:
#  - tests/kat/cavp/drbg/kcmvpfmt: CTR_DRBG LEA-256 in KCMVP's format (no DF/no PR, use DF/no PR,
#    use DF/use PR; 60 records each; implementer output re-verified, see their headers; one
#    labels its answers "ReturnedBitsLen = <hex>", read as ReturnedBits);
#  - tests/kat/cavp/drbg/ttak: TTAK.KO-12.0189 App. B.2 (ARIA-128/192/256, LEA-128/192/256,
#    HIGHT; use/no DF x use PR / no PR without reseed);
#  - tests/kat/cavp/drbg/cryptopp: Hash_DRBG and HMAC_DRBG over the six LSH variants, answers by
#    Crypto++ 8.7 (no PR with and without reseed, PR);
#  each: the answers equal, the request echoed unchanged, answers written as "ReturnedBits";
#  - the section headers say DF and PR when the name does not, and win over a name that disagrees;
#  - NIST's field order in PR records and CRLF line ends give the same answers;
#  - bad requests: one stderr line "FILE:LINE: FIELD: ...", exit 1, no .rsp.
# (CHAM, and the reseeding no-PR form for the other ciphers: test_cli_cavp_drbg_model.sh.)
# usage: test_cli_cavp_drbg.sh PATH/TO/karx TESTS_DIR
KARX=$1
DATA=$2/kat/cavp/drbg
. "$(dirname "$0")/lib.sh"

# The answers of a response, one a line: "ReturnedBits = HEX" (or "ReturnedBitsLen = HEX"
# inside a record, as some published files write it), uppercase.
answers() { awk '/^\[/ { next } /^ReturnedBits(Len)? = [0-9A-Fa-f]+\r?$/ { sub(/\r$/, ""); print toupper($3) }' "$1"; }
records() { grep -c '^COUNT = ' "$1"; }

files=0 recs=0
for set in kcmvpfmt ttak cryptopp; do
    mkdir -p "$T/$set"
    # one run answers the set's files
    "$KARX" cavp -o "$T/$set" "$DATA/$set"/*.req 2> "$T/err" || bad "$set: karx cavp failed: $(cat "$T/err")"
    for req in "$DATA/$set"/*.req; do
        base=$(basename "$req" .req)
        out="$T/$set/$base.rsp"
        [ -f "$out" ] || { bad "$set/$base: no response"; continue; }
        files=$((files + 1))
        n=$(records "$req")
        recs=$((recs + n))
        answers "$DATA/$set/$base.rsp" > "$T/want"
        answers "$out" > "$T/got"
        expect "$set/$base: answers published" "$n" "$(wc -l < "$T/want" | tr -d ' ')"
        expect "$set/$base: answers" "$(cat "$T/want")" "$(cat "$T/got")"
        expect "$set/$base: ReturnedBits lines" "$n" "$(grep -c '^ReturnedBits = ' "$out")"
        # the request's lines come back unchanged, in order (blank lines aside)
        grep -v '^[[:space:]]*$' "$req" | sed 's/[[:space:]]*$//' > "$T/a"
        grep -v '^$' "$out" | grep -v '^ReturnedBits = ' | sed 's/[[:space:]]*$//' > "$T/b"
        cmp -s "$T/a" "$T/b" && ok || bad "$set/$base: the request is not echoed unchanged"
    done
done
expect "request files answered" 55 "$files"
expect "records answered" 364 "$recs"

# ---- options from the name, from the headers, and the headers winning ----
src="$DATA/kcmvpfmt/CTR_DRBG(LEA-256(use DF)(use PR))_KAT"
answers "$src.rsp" > "$T/want"
mkdir -p "$T/opt"
# the name alone: no DF / PR headers
grep -v '^\[LEA-256 use DF\]' "$src.req" | grep -v '^\[PredictionResistance' > "$T/opt/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.req"
"$KARX" cavp -o "$T/opt" "$T/opt/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.req" 2> "$T/err" || bad "name only: $(cat "$T/err")"
expect "options from the name" "$(cat "$T/want")" "$(answers "$T/opt/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.rsp")"
# the headers alone, under a name without the options
cp "$src.req" "$T/opt/CTR_DRBG(LEA-256)_KAT.req"
"$KARX" cavp -o "$T/opt" "$T/opt/CTR_DRBG(LEA-256)_KAT.req" 2> "$T/err" || bad "headers only: $(cat "$T/err")"
expect "options from the headers" "$(cat "$T/want")" "$(answers "$T/opt/CTR_DRBG(LEA-256)_KAT.rsp")"
# a name that disagrees (no DF, no PR, another cipher): the headers win
cp "$src.req" "$T/opt/CTR_DRBG(HIGHT(no DF)(no PR))_KAT.req"
"$KARX" cavp -o "$T/opt" "$T/opt/CTR_DRBG(HIGHT(no DF)(no PR))_KAT.req" 2> "$T/err" || bad "headers win: $(cat "$T/err")"
expect "headers win over the name" "$(cat "$T/want")" "$(answers "$T/opt/CTR_DRBG(HIGHT(no DF)(no PR))_KAT.rsp")"
# neither says PR
grep -v '^\[PredictionResistance' "$src.req" > "$T/opt/CTR_DRBG(LEA-256)_KAT.req"
"$KARX" cavp -o "$T/opt/none" "$T/opt/CTR_DRBG(LEA-256)_KAT.req" 2> "$T/err"
expect "PR said nowhere: exit" 1 $?
grep -q 'PredictionResistance' "$T/err" && ok || bad "PR said nowhere: $(cat "$T/err")"

# NIST's order (each AdditionalInput before its EntropyInputPR) and CRLF line ends: same answers
mkdir -p "$T/nist"
awk '/^EntropyInputPR = / { held = $0; next } { print } /^AdditionalInput = / && held != "" { print held; held = "" }' \
    "$src.req" | sed 's/$/\r/' > "$T/nist/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.req"
expect "NIST order: EntropyInputPR after AdditionalInput" "AdditionalInput = " \
    "$(grep -m1 -B1 '^EntropyInputPR' "$T/nist/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.req" | head -n 1 | tr -d '\r')"
"$KARX" cavp -o "$T/nist" "$T/nist/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.req" 2> "$T/err" || bad "NIST order: $(cat "$T/err")"
expect "NIST order and CRLF" "$(cat "$T/want")" "$(answers "$T/nist/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.rsp")"

# ---- bad requests: FILE:LINE: FIELD, exit 1, no .rsp ----
mkdir -p "$T/bad"
nopr="$DATA/kcmvpfmt/CTR_DRBG(LEA-256(use DF)(no PR))_KAT.req"
pr="$DATA/kcmvpfmt/CTR_DRBG(LEA-256(use DF)(use PR))_KAT.req"
hashreq="$DATA/cryptopp/HASH_DRBG(LSH-512_256(no PR))_KAT.req"
# bad_case DESCRIPTION SOURCE LINE FIELD SED-SCRIPT: the source with SED-SCRIPT applied must fail
# naming LINE (of the edited file) and FIELD
bad_case() {
    name=$(basename "$2")
    sed "$5" "$2" > "$T/bad/$name"
    rm -f "$T/bad/out/"*
    mkdir -p "$T/bad/out"
    "$KARX" cavp -o "$T/bad/out" "$T/bad/$name" > "$T/bad/stdout" 2> "$T/bad/err"
    expect "$1: exit" 1 $?
    expect "$1: stderr lines" 1 "$(wc -l < "$T/bad/err" | tr -d ' ')"
    grep -qF "$T/bad/$name:$3: $4" "$T/bad/err" && ok || bad "$1: want '$name:$3: $4...', got: $(cat "$T/bad/err")"
    expect "$1: no .rsp left" "" "$(ls "$T/bad/out")"
}
# line_of FILE PATTERN [NTH]: the number of the NTH (first) line of FILE matching PATTERN
line_of() { grep -n "$2" "$1" | sed -n "${3:-1}p" | cut -d: -f1; }
# bad_at DESCRIPTION SOURCE PATTERN NTH OFFSET FIELD SED-COMMAND: bad_case with SED-COMMAND
# applied at the NTH line matching PATTERN, and the error expected OFFSET lines from it
bad_at() {
    l=$(line_of "$2" "$3" "$4")
    bad_case "$1" "$2" "$((l + $5))" "$6" "${l}$7"
}
bad_at "bad hex" "$nopr" '^EntropyInput = ' 1 0 "EntropyInput: not hex" 's/= ../= G0/'
bad_at "odd hex" "$nopr" '^EntropyInput = ' 1 0 "EntropyInput: odd number" 's/$/0/'
bad_at "EntropyInput shorter than EntropyInputLen" "$nopr" '^EntropyInput = ' 1 0 "EntropyInput: 248 bits, but the section header says 256" 's/= ../= /'
bad_at "EntropyInputReseed longer" "$nopr" '^EntropyInputReseed = ' 1 0 "EntropyInputReseed: 264 bits" 's/$/AB/'
bad_at "missing Nonce" "$nopr" '^Nonce = ' 1 -2 "Nonce: missing" 'd'
bad_at "one AdditionalInput" "$nopr" '^AdditionalInput = ' 2 -1 "AdditionalInput: missing" 'd'
bad_at "one EntropyInputPR" "$pr" '^EntropyInputPR = ' 1 1 "EntropyInputPR: missing" 'd'
bad_at "EntropyInputPR without PR" "$nopr" '^EntropyInputReseed = ' 1 1 "EntropyInputPR: only in a prediction-resistance request" 's/^EntropyInputReseed = \(.*\)/&\nEntropyInputPR = \1/'
bad_at "unknown field" "$nopr" '^Nonce = ' 1 0 "Noncee: not a DRBG request field" 's/^Nonce/Noncee/'
bad_at "an answer in the request" "$nopr" '^AdditionalInput = ' 2 1 "ReturnedBits: an answer in a request" 's/$/\nReturnedBits = 00/'
l=$(line_of "$nopr" '^COUNT = ')
bad_case "no ReturnedBitsLen header" "$nopr" "$((l - 1))" "ReturnedBitsLen: no [ReturnedBitsLen = n] section header" '/^\[ReturnedBitsLen/d'
bad_case "ReturnedBitsLen not bytes" "$nopr" "$l" "ReturnedBitsLen: section header value '1023'" 's/^\[ReturnedBitsLen = 1024\]/[ReturnedBitsLen = 1023]/'
l=$(line_of "$hashreq" '^EntropyInput = ')
bad_case "Hash_DRBG entropy too short for karx" "$hashreq" "$((l - 1))" "EntropyInput: instantiate refused" "s/^EntropyInput = .*/EntropyInput = 00/; /^\[EntropyInputLen/d"

echo "test_cli_cavp_drbg: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
