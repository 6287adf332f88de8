#!/bin/sh
# karx cavp, how a request is read, for every family (cli/cavp/cavp_file.c, cmd_cavp.c): numbers
# out of range, unknown fields and answers in a request, tag-length spellings, requests without
# records, bare-CR line ends, two requests that would share a response, memory proportional to
# the request, and the caps on work (--max-iterations, --max-mct).
# Each refusal: exit 1, one stderr line FILE:LINE: FIELD: why, no .rsp (cavp_lib.sh refused).
# POSIX sh. usage: test_cli_cavp_input.sh PATH/TO/karx
KARX=$1
case $KARX in /*) ;; *) KARX=$PWD/$KARX ;; esac
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cavp_lib.sh"

mkdir -p "$T/b" "$T/o"
bad_req() { # bad_req NAME LINE FIELD TEXT
    printf '%b' "$4" > "$T/b/$1"
    refused "$1 line $2 $3" "$T/b/$1" "$2" "$3"
}
# answer NAME TEXT: answers the request into $T/o; prints the response (exit status kept)
answer() {
    rm -f "$T/o/"*
    printf '%b' "$2" > "$T/b/$1"
    "$KARX" cavp -o "$T/o" "$T/b/$1" 2> "$T/err" && cat "$T/o/${1%.req}.rsp"
}
Z32=$(printf '%032d' 0)
Z16=$(printf '%016d' 0)

# ---- numbers out of range (finding 1): Len near 2^64 read out of bounds ------------------------
bad_req "LSH-256_256(SMT).req" 1 Len "Len = 18446744073709551615\nMsg = \n"
bad_req "LSH-256_256(SMT).req" 1 Len "Len = 18446744073709551609\nMsg = 00\n"
bad_req "LSH-512_512(SMT).req" 1 Len "Len = 18446744073709551616\nMsg = 00\n"
bad_req "LSH-256_224(LMT).req" 1 Len "Len = 99999999999999999999999\nMsg = 00\n"
bad_req "LSH-256_256(SMT).req" 1 COUNT "COUNT = 18446744073709551616\nLen = 8\nMsg = 00\n"
bad_req "LSH-256_256(SMT).req" 1 COUNT "COUNT = x\nLen = 8\nMsg = 00\n"
bad_req "HMAC_LSH-256_256(KAT).req" 1 Klen "Klen = 18446744073709551619\nKey = 000102\nMsg = 00\n"
bad_req "HMAC_LSH-256_256(KAT).req" 1 Tlen "Tlen = 18446744073709551648\nKey = 00\nMsg = 00\n"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 1 Iteration "Iteration = 18446744073709551617\nPassword = p\nSalt = 00\nKLen = 128\n"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 4 KLen "Iteration = 1\nPassword = p\nSalt = 00\nKLen = 18446744073709551624\n"
bad_req "KBKDF_HMAC_LSH-256_256(CTR).req" 1 RLEN "RLEN = 18446744073709551624\nL = 128\nKI = 00\nLabel = \nContext = \n"
bad_req "KBKDF_HMAC_LSH-256_256(CTR).req" 2 L "RLEN = 8\nL = 18446744073709551624\nKI = 00\nLabel = \nContext = \n"
bad_req "CTR_DRBG(LEA-128(use DF)(no PR))_KAT.req" 2 ReturnedBitsLen "[ReturnedBitsLen = 18446744073709551616]\nEntropyInput = $Z32\nNonce = $Z16\nPersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
bad_req "CMAC(LEA128)GEN.req" 3 Tlen "K = $Z32\nM = \nTlen = 18446744073709551616\n"
# GCM's length headers: a negative or huge IVLen, a KeyLen that is not the cipher's
bad_req "LEA128(GCM)AE.req" 2 IVLen "[IVLen = -96]\nKey = $Z32\nIV = 000000000000000000000000\nPT = \nAdata = \n"
bad_req "LEA128(GCM)AE.req" 2 IVLen "[IVLen = 18446744073709551615]\nKey = $Z32\nIV = 00\nPT = \nAdata = \n"
bad_req "LEA128(GCM)AE.req" 2 KeyLen "[KeyLen = 256]\nKey = $Z32\nIV = 000000000000000000000000\nPT = \nAdata = \n"

# ---- one rule for fields (finding 4): unknown fields and answers are refused in every family ----
bad_req "HMAC_LSH-256_256(KAT).req" 2 Foo "Key = 00\nFoo = 1\nMsg = 00\n"
bad_req "HMAC_LSH-256_256(KAT).req" 3 Mac "Key = 00\nMsg = 00\nMac = 00\n"
bad_req "LSH-256_256(SMT).req" 3 MD "Len = 8\nMsg = 00\nMD = 00\n"
bad_req "LSH-256_256(SMT).req" 2 Foo "Len = 8\nFoo = 1\nMsg = 00\n"
bad_req "LSH-256_256(MCT).req" 2 MD "Seed = $Z32$Z32\nMD = 00\n"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 3 Iterations "[Iteration = 1000]\nPassword = p\nIterations = 1\nSalt = 00\nKLen = 128\n"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 5 MK "Iteration = 1\nPassword = p\nSalt = 00\nKLen = 128\nMK = 00\n"
bad_req "KBKDF_CMAC_LEA128(CTR).req" 6 KO "RLEN = 8\nL = 128\nKI = $Z32\nLabel = \nContext = \nKO = 00\n"
bad_req "KBKDF_CMAC_LEA128(CTR).req" 2 Extra "RLEN = 8\nExtra = 1\nL = 128\nKI = $Z32\nLabel = \nContext = \n"
bad_req "LEA128(GCM)AE.req" 5 C "Key = $Z32\nIV = 000000000000000000000000\nPT = \nAdata = \nC = \n"
bad_req "LEA128(GCM)AD.req" 6 PT "Key = $Z32\nIV = 000000000000000000000000\nAdata = \nC = \nT = $Z32\nPT = \n"
bad_req "LEA128(CCM)GE.req" 6 C "K = $Z32\nN = 0000000000000000\nA = \nP = \nTlen = 128\nC = 00\n"
bad_req "CMAC(LEA128)GEN.req" 3 T "K = $Z32\nM = \nT = 00\n"
bad_req "LEA128(GCM)AE.req" 2 K "Key = $Z32\nK = $Z32\nIV = 000000000000000000000000\nPT = \nAdata = \n"
bad_req "HMAC_LSH-256_256(KAT).req" 2 TagLen "Tlen = 16\nTagLen = 16\nKey = 00\nMsg = 00\n"
bad_req "CMAC(LEA128)GEN.req" 4 TagLen "K = $Z32\nM = \nTlen = 64\nTagLen = 64\n"
bad_req "HMAC_LSH-256_256(KAT).req" 2 L "[L = 64]\nKey = 00\nMsg = 00\n"

# HMAC tag length: Tlen, TagLen and their headers all truncate the Mac (bytes, as HMACVS counts)
full=$(answer "HMAC_LSH-256_256(KAT).req" "Klen = 3\nKey = 6B6579\nMsg = 4142\n" | sed -n 's/^Mac = //p')
expect "HMAC: the whole digest by default" 64 "${#full}"
want=$(printf '%s' "$full" | cut -c1-32)
for req in "Klen = 3\nTlen = 16\nKey = 6B6579\nMsg = 4142\n" "Klen = 3\nTagLen = 16\nKey = 6B6579\nMsg = 4142\n" \
    "[TagLen = 16]\nKlen = 3\nKey = 6B6579\nMsg = 4142\n" "[Tlen = 16]\nKlen = 3\nKey = 6B6579\nMsg = 4142\n"; do
    got=$(answer "HMAC_LSH-256_256(KAT).req" "$req" | grep -c '^Mac = ')
    expect "HMAC [$req]: one Mac" 1 "$got"
    expect "HMAC [$req]: 16 bytes" "$want" "$(sed -n 's/^Mac = //p' "$T/o/HMAC_LSH-256_256(KAT).rsp")"
done

# ---- no records (finding 5) ---------------------------------------------------------------------
no_records() { # no_records DESCRIPTION FILE [OPTION...]
    d=$1 f=$2
    shift 2
    rm -f "$T/o/"*
    "$KARX" cavp -o "$T/o" "$@" "$f" > "$T/stdout" 2> "$T/err"
    expect "$d: exit" 1 $?
    expect "$d: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
    grep -q "no records" "$T/err" && ok || bad "$d: $(cat "$T/err")"
    expect "$d: no response" "" "$(ls -A "$T/o")"
}
: > "$T/b/LSH-256_256(SMT).req"
no_records "empty request" "$T/b/LSH-256_256(SMT).req"
no_records "/dev/null" /dev/null --alg lsh256-256 --test SMT
printf '# only a comment\n[L = 32]\n\n' > "$T/b/LSH-256_256(SMT).req"
no_records "comments and headers only" "$T/b/LSH-256_256(SMT).req"

# bare CR and CRLF line ends read as LF ones: the same answers
lf=$(answer "LSH-256_256(SMT).req" "# c\nLen = 8\nMsg = 41\n\nLen = 0\nMsg = 00\n" | grep '^MD')
expect "LF: two answers" 2 "$(printf '%s\n' "$lf" | grep -c '^MD')"
expect "bare CR" "$lf" "$(answer "LSH-256_256(SMT).req" "# c\rLen = 8\rMsg = 41\r\rLen = 0\rMsg = 00\r" | grep '^MD')"
expect "CRLF" "$lf" "$(answer "LSH-256_256(SMT).req" "# c\r\nLen = 8\r\nMsg = 41\r\n\r\nLen = 0\r\nMsg = 00\r\n" | grep '^MD')"
expect "mixed" "$lf" "$(answer "LSH-256_256(SMT).req" "# c\r\nLen = 8\rMsg = 41\n\r\nLen = 0\nMsg = 00" | grep '^MD')"

# ---- two requests, one response: refused before anything is written ----------------------------
shared() { # shared DESCRIPTION ARGS...
    d=$1
    shift
    rm -rf "$T/s" && mkdir -p "$T/s/a" "$T/s/b"
    printf 'Len = 8\nMsg = 41\n' > "$T/s/X.req"
    printf 'Len = 8\nMsg = 41\n' > "$T/s/X.txt"
    printf 'Len = 8\nMsg = 41\n' > "$T/s/a/X.req"
    printf 'Len = 8\nMsg = 41\n' > "$T/s/b/X.req"
    (cd "$T/s" && "$KARX" cavp --alg lsh256-256 --test SMT "$@" > stdout 2> err)
    expect "$d: exit" 2 $?
    expect "$d: one line" 1 "$(wc -l < "$T/s/err" | tr -d ' ')"
    grep -q "would both be answered in" "$T/s/err" && ok || bad "$d: $(cat "$T/s/err")"
    expect "$d: nothing written" "" "$(find "$T/s" -name '*.rsp')"
}
shared "X.req and X.txt" X.req X.txt
shared "X.req and ./X.req" X.req ./X.req
shared "-o: two folders" -o . a/X.req b/X.req
shared "X.req twice, a bad file first" a/missing.req X.req a/../X.req

# ---- memory proportional to the request (finding 6) ---------------------------------------------
if [ -x /usr/bin/time ]; then
    peak() { pf=$1; shift; /usr/bin/time -o "$pf" -f %M "$@"; }
    printf 'Len = 8\nMsg = 41\n' > "$T/small.req"
    peak "$T/rss" "$KARX" cavp --alg lsh256-256 --test SMT -o "$T/o" "$T/small.req"
    base=$(tail -n 1 "$T/rss")
    # 8 MiB of blank lines and one record: at most six times the request above the baseline
    # (the request, the response and its growth); a list of lines costs 16 bytes a line
    { head -c 8388608 /dev/zero | tr '\0' '\n'; printf 'Len = 8\nMsg = 41\n'; } > "$T/big.req"
    peak "$T/rss" "$KARX" cavp --alg lsh256-256 --test SMT -o "$T/o" "$T/big.req"
    expect "8 MiB of blank lines: answered" 0 $?
    kb=$(tail -n 1 "$T/rss")
    [ "$kb" -lt $((base + 6 * 8192)) ] && ok || bad "8 MiB request: $kb KiB resident (baseline $base KiB)"
    # /dev/zero: refused at its first NUL byte, not read up to the cap
    peak "$T/rss" "$KARX" cavp --alg lsh256-256 --test SMT -o "$T/o" /dev/zero 2> "$T/err"
    expect "/dev/zero: exit" 1 $?
    grep -q "not a text file" "$T/err" && ok || bad "/dev/zero: $(cat "$T/err")"
    kb=$(tail -n 1 "$T/rss")
    [ "$kb" -lt $((base + 8192)) ] && ok || bad "/dev/zero: $kb KiB resident (baseline $base KiB)"
else
    echo "test_cli_cavp_input: no /usr/bin/time: memory checks skipped"
fi

# ---- caps on work (finding 7) -------------------------------------------------------------------
P="Password = p\nSalt = 00\nKLen = 128\n"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 1 Iteration "Iteration = 10000001\n$P"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 2 Iteration "[Iteration = 4294967295]\n$P"
grep -q -- "--max-iterations" "$T/stderr" && ok || bad "Iteration cap: the option is not named: $(cat "$T/stderr")"
bad_req "PBKDF2_HMAC_LSH-256_256(KAT).req" 4 KLen "Iteration = 1\nPassword = p\nSalt = 00\nKLen = 4104\n"
answer "PBKDF2_HMAC_LSH-256_256(KAT).req" "Iteration = 1\nPassword = p\nSalt = 00\nKLen = 4096\n" > /dev/null
expect "PBKDF2 KLen 4096 bits" 0 $?
# the option moves the cap both ways
printf "Iteration = 6\n$P" > "$T/b/PBKDF2_HMAC_LSH-256_256(KAT).req"
"$KARX" cavp --max-iterations 5 -o "$T/o" "$T/b/PBKDF2_HMAC_LSH-256_256(KAT).req" 2> "$T/err"
expect "--max-iterations 5, Iteration 6: exit" 1 $?
grep -q "Iteration: 6 is over the limit of 5" "$T/err" && ok || bad "--max-iterations 5: $(cat "$T/err")"
"$KARX" cavp --max-iterations 6 -o "$T/o" "$T/b/PBKDF2_HMAC_LSH-256_256(KAT).req" 2> "$T/err"
expect "--max-iterations 6, Iteration 6: exit" 0 $?
"$KARX" cavp --max-iterations 0 -o "$T/o" "$T/b/PBKDF2_HMAC_LSH-256_256(KAT).req" 2> "$T/err"
expect "--max-iterations 0: usage" 2 $?
# Monte Carlo records: at most 100 in a file by default, --max-mct N
mct() { # mct COUNT: a LEA128(ECB)MCT request of COUNT records
    i=0
    while [ $i -lt "$1" ]; do printf 'KEY = %s\nPT = %s\n\n' "$Z32" "$Z32"; i=$((i + 1)); done
}
mct 3 > "$T/b/LEA128(ECB)MCT.req"
"$KARX" cavp --max-mct 2 -o "$T/o" "$T/b/LEA128(ECB)MCT.req" 2> "$T/err"
expect "--max-mct 2, 3 records: exit" 1 $?
grep -q "LEA128(ECB)MCT.req:7: KEY: more than 2 Monte Carlo records" "$T/err" && ok || bad "--max-mct 2: $(cat "$T/err")"
"$KARX" cavp --max-mct 3 -o "$T/o" "$T/b/LEA128(ECB)MCT.req" 2> "$T/err"
expect "--max-mct 3, 3 records: exit" 0 $?
mct 101 > "$T/b/LEA128(ECB)MCT.req"
"$KARX" cavp -o "$T/o" "$T/b/LEA128(ECB)MCT.req" 2> "$T/err"
expect "101 MCT records: exit" 1 $?
grep -q "more than 100 Monte Carlo records" "$T/err" && ok || bad "default MCT cap: $(cat "$T/err")"

echo "test_cli_cavp_input: $pass passed, $fail failed"
[ $fail -eq 0 ]
