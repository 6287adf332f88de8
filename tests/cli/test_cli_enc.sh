#!/bin/sh
# karx enc / dec: known answers, round trips (every cipher x mode x padding), streaming across
# chunks, stdin/stdout vs -i/-o, key files, -o safety and every error case (exit code, one line
# on stderr, OUT untouched). POSIX sh + coreutils only (od, tr, head, tail, wc, cksum, ls).
# usage: test_cli_enc.sh PATH/TO/karx TESTS_DIR
KARX=$1
KAT=$2/kat
. "$(dirname "$0")/lib.sh"
same() { [ "$(cksum < "$1")" = "$(cksum < "$2")" ]; }

K64=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV16=f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
# params CIPHER: sets KEY (hex), B (block bytes), IV (hex, one block)
params() {
    case $1 in
    lea128 | hight | cham64-128 | cham128-128) KEY=$(printf '%.32s' "$K64") ;;
    lea192) KEY=$(printf '%.48s' "$K64") ;;
    lea256 | cham128-256) KEY=$K64 ;;
    esac
    case $1 in
    hight | cham64-128) B=8 ;;
    *) B=16 ;;
    esac
    IV=$(printf "%.$((2 * B))s" "$IV16")
}
ivarg() { [ "$1" = ecb ] || printf -- '--iv %s' "$IV"; }

# ---- known answers -------------------------------------------------------------------------
# kat FILE START NTH CIPHER MODE MAX: the cases after the NTH line starting with START (up to
# the next "[" or "# " line), at most MAX; enc must give CT and dec must give PT back (--no-pad).
kat() {
    file=$1 start=$2 nth=$3 c=$4 m=$5 max=$6
    seen=0 on=0 n=0 key= iv= pt=
    while IFS= read -r line; do
        case $line in
        "$start"*)
            seen=$((seen + 1))
            [ "$seen" -eq "$nth" ] && on=1 && continue
            [ "$on" = 1 ] && break
            continue ;;
        "["* | "# "*) [ "$on" = 1 ] && [ "$n" -gt 0 ] && break; continue ;;
        esac
        [ "$on" = 1 ] || continue
        case $line in
        "KEY = "*) key=${line#KEY = } ;;
        "IV = "*) iv=${line#IV = } ;;
        "PT = "* | "PLAINTEXT = "*) pt=${line#*= } ;;
        "CT = "* | "CIPHERTEXT = "*)
            ct=$(lower "${line#*= }")
            n=$((n + 1))
            hex2bin "$pt" "$T/kp"
            hex2bin "$ct" "$T/kc"
            set -- -c "$c" -m "$m" -K "$key" --no-pad
            [ "$m" = ecb ] || set -- "$@" --iv "$iv"
            got=$("$KARX" enc "$@" -i "$T/kp" -o "$T/ko" 2>&1 && bin2hex "$T/ko")
            expect "KAT $c $m #$n enc ($file)" "$ct" "$got"
            got=$("$KARX" dec "$@" -i "$T/kc" -o "$T/ko" 2>&1 && bin2hex "$T/ko")
            expect "KAT $c $m #$n dec ($file)" "$(lower "$pt")" "$got"
            [ "$n" -ge "$max" ] && break ;;
        esac
    done < "$file"
    [ "$n" -gt 0 ] || bad "no cases found in $file after '$start'"
}
V=$KAT/kisa_lea_modes_vs.txt
for bits in 128 192 256; do
    max=3
    [ $bits = 128 ] && max=10
    kat "$V" "[LEA-$bits ECB MMT" 1 lea$bits ecb $max
    kat "$V" "[LEA-$bits CBC MMT" 1 lea$bits cbc $max
    kat "$V" "[LEA-$bits CTR MMT" 1 lea$bits ctr $max
    kat "$V" "[LEA-$bits OFB MMT" 1 lea$bits ofb $max
    kat "$V" "[LEA-$bits CFB-128 MMT" 1 lea$bits cfb $max
done
kat "$KAT/kcmvp_lea128_cfb_mmt.txt" "# LEA128(CFB8)MMT" 1 lea128 cfb8 10
kat "$KAT/kcmvp_lea128_cfb_mmt.txt" "# LEA128(CFB8)MMT" 2 lea128 cfb64 10
kat "$KAT/kcmvp_lea128_ecb_kat.txt" "# LEA128(ECB)KAT" 1 lea128 ecb 5
kat "$KAT/kcmvp_lea256_ecb_kat.txt" "# LEA256(ECB)KAT" 1 lea256 ecb 5
kat "$KAT/kcmvp_hight_ecb_kat.txt" "# HIGHT(ECB)KAT" 1 hight ecb 12
kat "$KAT/revised_cham_kat.txt" "[CHAM-64/128 revised" 1 cham64-128 ecb 1
kat "$KAT/revised_cham_kat.txt" "[CHAM-128/128 revised" 1 cham128-128 ecb 1
kat "$KAT/revised_cham_kat.txt" "[CHAM-128/256 revised" 1 cham128-256 ecb 1
for f in 64_128 128_128 128_256; do
    c=cham$(echo $f | tr _ -)
    kat "$KAT/derived_revised_cham${f}_ecbvartxt.rsp" "[ENCRYPT]" 1 "$c" ecb 4
    kat "$KAT/derived_revised_cham${f}_ecbvarkey.rsp" "[ENCRYPT]" 1 "$c" ecb 4
done

# ---- round trips: every cipher x mode x padding on 0, 1, 15, 16, 17, 1000 bytes ------------
head -c 1000 /dev/urandom > "$T/rand"
CIPHERS="lea128 lea192 lea256 hight cham64-128 cham128-128 cham128-256"
MODES="ecb cbc ctr cfb cfb8 cfb64 ofb"
for c in $CIPHERS; do
    params "$c"
    for m in $MODES; do
        case $m in ecb | cbc) PADS="pad nopad" ;; *) PADS=stream ;; esac
        for p in $PADS; do
            for n in 0 1 15 16 17 1000; do
                flag= want=$n
                case $p in
                pad) want=$(((n / B + 1) * B)) ;;
                nopad) flag=--no-pad; [ $((n % B)) -eq 0 ] || continue ;;
                esac
                head -c $n "$T/rand" > "$T/p"
                if "$KARX" enc -c $c -m $m -K $KEY $(ivarg $m) $flag -i "$T/p" -o "$T/c" 2> "$T/err" &&
                    "$KARX" dec -c $c -m $m -K $KEY $(ivarg $m) $flag -i "$T/c" -o "$T/d" 2>> "$T/err" &&
                    same "$T/p" "$T/d"; then
                    ok
                else
                    bad "round trip $c $m $p $n bytes: $(cat "$T/err")"
                fi
                expect "ciphertext length $c $m $p $n" "$want" "$(size "$T/c")"
                if [ $n -ge 16 ] && same "$T/p" "$T/c"; then bad "$c $m $n: ciphertext = plaintext"; fi
            done
        done
    done
done

# ---- a ~3 MiB file: streams across the 1 MiB chunks ------------------------------------------
head -c 3145888 /dev/urandom > "$T/big" # 3 MiB + 10 blocks
for c in $CIPHERS; do
    params "$c"
    for m in cbc ctr; do
        "$KARX" enc -c $c -m $m -K $KEY --iv $IV -i "$T/big" -o "$T/bigc" &&
            "$KARX" dec -c $c -m $m -K $KEY --iv $IV -i "$T/bigc" -o "$T/bigd" &&
            same "$T/big" "$T/bigd" && ok || bad "3 MiB round trip $c $m"
    done
done
params lea128
for m in ecb cfb cfb8 cfb64 ofb; do
    "$KARX" enc -c lea128 -m $m -K $KEY $(ivarg $m) -i "$T/big" -o "$T/bigc" &&
        "$KARX" dec -c lea128 -m $m -K $KEY $(ivarg $m) -i "$T/bigc" -o "$T/bigd" &&
        same "$T/big" "$T/bigd" && ok || bad "3 MiB round trip lea128 $m"
done
# Chaining carries across chunks: with S past the first 1 MiB chunk, CBC and CFB ciphertext from
# S on is the encryption of the plaintext from S on with the ciphertext block before S as IV.
S=$((2 * 1048576 + 48))
for m in cbc cfb; do
    "$KARX" enc -c lea128 -m $m -K $KEY --iv $IV --no-pad -i "$T/big" -o "$T/bigc"
    iv2=$(od -An -v -tx1 -j $((S - 16)) -N 16 "$T/bigc" | tr -d ' \n')
    tail -c +$((S + 1)) "$T/big" > "$T/tailp"
    tail -c +$((S + 1)) "$T/bigc" > "$T/tailc"
    "$KARX" enc -c lea128 -m $m -K $KEY --iv "$iv2" --no-pad -i "$T/tailp" -o "$T/tailc2"
    same "$T/tailc" "$T/tailc2" && ok || bad "$m state across chunks"
done
# CTR: a prefix of the stream is the stream of the prefix.
"$KARX" enc -c lea256 -m ctr -K $K64 --iv $IV -i "$T/big" -o "$T/bigc"
head -c 1048593 "$T/big" > "$T/pre"
head -c 1048593 "$T/bigc" > "$T/prec"
"$KARX" enc -c lea256 -m ctr -K $K64 --iv $IV -i "$T/pre" -o "$T/prec2"
same "$T/prec" "$T/prec2" && ok || bad "CTR prefix"

# ---- stdin / stdout equal -i / -o ---------------------------------------------------------
params hight
"$KARX" enc -c hight -m cbc -K $KEY --iv $IV -i "$T/big" -o "$T/f1"
"$KARX" enc -c hight -m cbc -K $KEY --iv $IV < "$T/big" > "$T/f2"
same "$T/f1" "$T/f2" && ok || bad "stdin/stdout = -i/-o (enc)"
"$KARX" enc -c hight -m cbc -K $KEY --iv $IV -i - -o - < "$T/big" > "$T/f3"
same "$T/f1" "$T/f3" && ok || bad "-i - -o - (enc)"
cat "$T/f1" | "$KARX" dec -c hight -m cbc -K $KEY --iv $IV | cat > "$T/f4"
same "$T/big" "$T/f4" && ok || bad "pipe in, pipe out (dec)"
"$KARX" dec --cipher hight --mode cbc --key $KEY --iv $IV --in "$T/f1" --out "$T/f5"
same "$T/big" "$T/f5" && ok || bad "long options"
# -i and -o the same file: OUT replaces IN only at the end
cp "$T/big" "$T/inplace"
"$KARX" enc -c hight -m cbc -K $KEY --iv $IV -i "$T/inplace" -o "$T/inplace"
same "$T/f1" "$T/inplace" && ok || bad "-i FILE -o FILE (same file)"
# an existing OUT is replaced
"$KARX" enc -c hight -m cbc -K $KEY --iv $IV -i "$T/rand" -o "$T/inplace"
"$KARX" enc -c hight -m cbc -K $KEY --iv $IV < "$T/rand" > "$T/f6"
same "$T/f6" "$T/inplace" && ok || bad "existing OUT replaced on success"

# ---- --key-file: raw, or hex after 'hex:' (test_cli_keyfile.sh has the rule's refusals) ------
params lea128
"$KARX" enc -c lea128 -m ctr -K $KEY --iv $IV -i "$T/rand" -o "$T/kref"
hex2bin "$KEY" "$T/key.bin"
"$KARX" enc -c lea128 -m ctr --key-file "$T/key.bin" --iv $IV -i "$T/rand" -o "$T/k1"
same "$T/kref" "$T/k1" && ok || bad "--key-file raw"
printf 'hex:  %s\n\n' "$KEY" > "$T/key.hex"
"$KARX" enc -c lea128 -m ctr --key-file "$T/key.hex" --iv $IV -i "$T/rand" -o "$T/k2"
same "$T/kref" "$T/k2" && ok || bad "--key-file hex: with white space"
printf 'hex:%s' "$(lower "$KEY" | tr 'a-f' 'A-F')" > "$T/key.HEX"
"$KARX" enc -c lea128 -m ctr --key-file "$T/key.HEX" --iv $IV -i "$T/rand" -o "$T/k3"
same "$T/kref" "$T/k3" && ok || bad "--key-file upper-case hex, no newline"
# a file of exactly key-length bytes that are all hex digits is neither read as raw nor as hex
printf '0123456789abcdef' > "$T/key.raw16"
"$KARX" enc -c lea128 -m ctr --key-file "$T/key.raw16" --iv $IV -i "$T/rand" -o "$T/k4" 2> "$T/err"
expect "--key-file of key-length hex digits refused" 2 $?
expect "--key-file of key-length hex digits: one line" 1 "$(lines "$T/err")"
[ ! -e "$T/k4" ] && ok || bad "--key-file of key-length hex digits: no output"
hex2bin "$K64" "$T/key32.bin"
"$KARX" enc -c cham128-256 -m cbc --key-file "$T/key32.bin" --iv $IV -i "$T/rand" -o "$T/k6"
"$KARX" enc -c cham128-256 -m cbc -K $K64 --iv $IV -i "$T/rand" -o "$T/k7"
same "$T/k6" "$T/k7" && ok || bad "--key-file raw 32 bytes"

# ---- errors: exit code, exactly one stderr line, OUT never half-written ----------------------
mkdir "$T/o"
# fails DESCRIPTION RC ARGS...: runs karx ARGS with -o "$T/o/new" appended (a fresh name) and
# checks the exit code, one stderr line, and that nothing at all was left in $T/o.
fails() {
    d=$1 want=$2
    shift 2
    "$KARX" "$@" -o "$T/o/new" > /dev/null 2> "$T/err"
    expect "$d: exit code" "$want" $?
    expect "$d: one stderr line ($(head -c 200 "$T/err"))" 1 "$(lines "$T/err")"
    case $(cat "$T/err") in "karx: "*) ok ;; *) bad "$d: stderr starts 'karx: '" ;; esac
    expect "$d: no OUT, no temporary file" "" "$(ls -A "$T/o")"
}
params lea128
L="-c lea128 -K $KEY"
printf 'precious' > "$T/old"
head -c 17 "$T/rand" > "$T/p17"
head -c 32 "$T/rand" > "$T/p32"
: > "$T/empty"
# usage errors: 2
fails "unknown cipher" 2 enc -c aes128 -m cbc -K $KEY --iv $IV -i "$T/p17"
fails "unknown mode" 2 enc $L -m xex --iv $IV -i "$T/p17"
fails "no cipher" 2 enc -m cbc -K $KEY --iv $IV -i "$T/p17"
fails "no mode" 2 enc $L --iv $IV -i "$T/p17"
fails "missing key" 2 enc -c lea128 -m cbc --iv $IV -i "$T/p17"
fails "key given twice" 2 enc $L --key-file "$T/key.hex" -m cbc --iv $IV -i "$T/p17"
fails "bad hex key" 2 enc -c lea128 -K 0g0102030405060708090a0b0c0d0e0f -m cbc --iv $IV -i "$T/p17"
fails "odd-length hex key" 2 enc -c lea128 -K 0001020 -m cbc --iv $IV -i "$T/p17"
fails "short key" 2 enc -c lea128 -K 000102030405060708090a0b0c0d0e -m cbc --iv $IV -i "$T/p17"
fails "16-byte key for lea256" 2 enc -c lea256 -K $KEY -m cbc --iv $IV -i "$T/p17"
fails "32-byte key for hight" 2 enc -c hight -K $K64 -m ecb -i "$T/p17"
fails "missing IV" 2 enc $L -m cbc -i "$T/p17"
fails "missing IV (ctr)" 2 enc $L -m ctr -i "$T/p17"
fails "short IV" 2 enc $L -m cbc --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfe -i "$T/p17"
fails "16-byte IV for hight" 2 enc -c hight -K $KEY -m cbc --iv $IV -i "$T/p17"
fails "bad hex IV" 2 dec $L -m ofb --iv x0f1f2f3f4f5f6f7f8f9fafbfcfdfeff -i "$T/p17"
fails "IV with ECB" 2 enc $L -m ecb --iv $IV -i "$T/p17"
fails "unknown option" 2 enc $L -m cbc --iv $IV --bogus -i "$T/p17"
fails "unknown short option" 2 enc $L -m cbc --iv $IV -Z -i "$T/p17"
fails "extra argument" 2 enc $L -m cbc --iv $IV "$T/p17"
printf 'not a key at all\n' > "$T/key.bad"
fails "key file: not a key" 2 enc -c lea128 --key-file "$T/key.bad" -m cbc --iv $IV -i "$T/p17"
printf '%s\n' "$K64" > "$T/key.long"
fails "key file: hex of the wrong length" 2 enc -c lea128 --key-file "$T/key.long" -m ctr --iv $IV -i "$T/p17"
"$KARX" enc $L -m cbc --iv $IV -i "$T/p17" -o 2> "$T/err"
expect "option without value: exit code" 2 $?
expect "option without value: one line" 1 "$(lines "$T/err")"
# data and file errors: 1
fails "key file missing" 1 enc -c lea128 --key-file "$T/nokey" -m cbc --iv $IV -i "$T/p17"
fails "--no-pad, 17 bytes, ECB" 1 enc $L -m ecb --no-pad -i "$T/p17"
fails "--no-pad, 17 bytes, CBC" 1 enc $L -m cbc --iv $IV --no-pad -i "$T/p17"
fails "dec --no-pad, 17 bytes" 1 dec $L -m cbc --iv $IV --no-pad -i "$T/p17"
"$KARX" enc $L -m cbc --iv $IV -i "$T/p32" -o "$T/c48"
head -c 47 "$T/c48" > "$T/c47"
fails "truncated ciphertext" 1 dec $L -m cbc --iv $IV -i "$T/c47"
fails "truncated ciphertext (ECB)" 1 dec $L -m ecb -i "$T/c47"
fails "empty ciphertext" 1 dec $L -m cbc --iv $IV -i "$T/empty"
# bad padding, for sure: blocks whose last plaintext byte is 0 or 17
printf 'fifteen bytes..\000' > "$T/pad0"
"$KARX" enc $L -m cbc --iv $IV --no-pad -i "$T/pad0" -o "$T/cpad0"
fails "bad padding (0)" 1 dec $L -m cbc --iv $IV -i "$T/cpad0"
printf 'fifteen bytes..\021' > "$T/pad17"
"$KARX" enc $L -m ecb --no-pad -i "$T/pad17" -o "$T/cpad17"
fails "bad padding (17)" 1 dec $L -m ecb -i "$T/cpad17"
cat "$T/p32" "$T/pad0" > "$T/pad0b"
"$KARX" enc $L -m cbc --iv $IV --no-pad -i "$T/pad0b" -o "$T/cpad0b"
fails "bad padding after good blocks" 1 dec $L -m cbc --iv $IV -i "$T/cpad0b"
fails "wrong key" 1 dec -c lea128 -K $(printf '%.32s' "$IV16") -m ecb -i "$T/cpad17"
# the CTR counter: all-ones is the last value; one byte more is refused
FF16=ffffffffffffffffffffffffffffffff
head -c 16 "$T/rand" > "$T/p16"
"$KARX" enc $L -m ctr --iv $FF16 -i "$T/p16" -o "$T/cffff"
expect "CTR up to the all-ones counter" 0 $?
expect "CTR up to the all-ones counter: 16 bytes" 16 "$(size "$T/cffff")"
fails "CTR counter exhausted" 1 enc $L -m ctr --iv $FF16 -i "$T/p17"
fails "CTR counter exhausted (dec)" 1 dec $L -m ctr --iv $FF16 -i "$T/p17"
fails "CTR counter exhausted, 64-bit block" 1 enc -c hight -K $KEY -m ctr --iv ffffffffffffffff -i "$T/p17"
"$KARX" enc $L -m ctr --iv fffffffffffffffffffffffffffffffe -i "$T/p32" -o "$T/c32" 2> /dev/null
expect "CTR two blocks to all-ones" 0 $?
# 2 MiB of counter left: the third 1 MiB chunk runs out
IV2M=fffffffffffffffffffffffffffe0000
head -c 2097152 "$T/big" > "$T/p2m"
"$KARX" enc $L -m ctr --iv $IV2M -i "$T/p2m" -o "$T/c2m"
expect "CTR 2 MiB to the all-ones counter" 2097152 "$(size "$T/c2m")"
fails "CTR counter exhausted in a later chunk" 1 enc $L -m ctr --iv $IV2M -i "$T/big"
"$KARX" enc $L -m ctr --iv $IV2M -i "$T/big" > "$T/c2mo" 2> "$T/err"
expect "CTR exhausted to stdout: exit code" 1 $?
expect "CTR exhausted to stdout: one line" 1 "$(lines "$T/err")"
same "$T/c2m" "$T/c2mo" && ok || bad "CTR exhausted to stdout: what came out is the good part"
fails "unreadable input" 1 enc $L -m ctr --iv $IV -i "$T/missing"
mkdir "$T/adir"
fails "input is a directory" 1 enc $L -m ctr --iv $IV -i "$T/adir"
fails "input is a directory (dec)" 1 dec $L -m ecb -i "$T/adir"
# unwritable output
"$KARX" enc $L -m ctr --iv $IV -i "$T/p17" -o "$T/nodir/out" 2> "$T/err"
expect "output folder missing: exit code" 1 $?
expect "output folder missing: one line" 1 "$(lines "$T/err")"
mkdir "$T/o/isdir"
"$KARX" enc $L -m ctr --iv $IV -i "$T/p17" -o "$T/o/isdir" 2> "$T/err"
expect "OUT is a directory: exit code" 1 $?
expect "OUT is a directory: one line" 1 "$(lines "$T/err")"
expect "OUT is a directory: no temporary file left" "isdir" "$(ls -A "$T/o")"
expect "OUT is a directory: still empty" "" "$(ls -A "$T/o/isdir")"
rmdir "$T/o/isdir"
if [ -w /dev/full ]; then
    "$KARX" enc $L -m ctr --iv $IV -i "$T/big" > /dev/full 2> "$T/err"
    expect "stdout full: exit code" 1 $?
    expect "stdout full: one line" 1 "$(lines "$T/err")"
fi
# a failure leaves an existing OUT as it was
for args in "dec $L -m cbc --iv $IV -i $T/cpad0" "dec $L -m cbc --iv $IV -i $T/c47" \
    "enc $L -m ctr --iv $FF16 -i $T/p17" "enc $L -m cbc --iv $IV --no-pad -i $T/p17" \
    "enc $L -m ctr --iv $IV -i $T/missing" "enc $L -m ctr --iv $IV -i $T/adir" \
    "enc $L -m xts --iv $IV -i $T/p17" "enc -c lea128 -K 00 -m ctr --iv $IV -i $T/p17"; do
    cp "$T/old" "$T/o/keep"
    # shellcheck disable=SC2086
    "$KARX" $args -o "$T/o/keep" 2> "$T/err"
    rc=$?
    [ $rc -ne 0 ] && ok || bad "should fail: $args"
    expect "one line: $args" 1 "$(lines "$T/err")"
    expect "existing OUT untouched: $args" precious "$(cat "$T/o/keep")"
    expect "no temporary file: $args" keep "$(ls -A "$T/o")"
    rm -f "$T/o/keep"
done
# to stdout from a pipe, a failure after some output still exits non-zero; dec held back the
# last block
head -c 1048592 "$T/big" > "$T/p1m"
cat "$T/p1m" "$T/pad0" > "$T/p1mbad"
"$KARX" enc $L -m cbc --iv $IV --no-pad -i "$T/p1mbad" -o "$T/c1mbad"
cat "$T/c1mbad" | "$KARX" dec $L -m cbc --iv $IV > "$T/d1mbad" 2> "$T/err"
expect "pipe to stdout: bad padding after output: exit code" 1 $?
expect "pipe to stdout: bad padding after output: one line" 1 "$(lines "$T/err")"
expect "pipe to stdout: the last block is held back" 1048592 "$(size "$T/d1mbad")"
same "$T/p1m" "$T/d1mbad" && ok || bad "pipe to stdout: output before the failure is the plaintext"
# From a regular file (-i or <) the length is known: a length ECB / CBC cannot take, or bad
# padding in the last block, is refused before anything reaches stdout (issue 13, defect 3).
head -c 10240 "$T/big" > "$T/p10k"
"$KARX" enc $L -m cbc --iv $IV -i "$T/p10k" -o "$T/c10k"       # 10256 bytes
head -c 10244 "$T/c10k" > "$T/c10k.trunc"
cat "$T/p10k" "$T/pad0" > "$T/p10kbad"
"$KARX" enc $L -m cbc --iv $IV --no-pad -i "$T/p10kbad" -o "$T/c10kbad"
"$KARX" enc $L -m ecb --no-pad -i "$T/p10kbad" -o "$T/e10kbad"
head -c 10244 "$T/big" > "$T/p10k4"
# stdout_none DESCRIPTION ARGS...: exit 1, one line, nothing on stdout, with -i FILE and < FILE
stdout_none() {
    d=$1
    shift
    "$KARX" "$@" > "$T/so" 2> "$T/err"
    expect "$d: exit code" 1 $?
    expect "$d: one line" 1 "$(lines "$T/err")"
    expect "$d: nothing on stdout" 0 "$(size "$T/so")"
}
stdout_none "truncated CBC file" dec $L -m cbc --iv $IV -i "$T/c10k.trunc"
stdout_none "truncated ECB file" dec $L -m ecb -i "$T/c10k.trunc"
stdout_none "bad padding, CBC file" dec $L -m cbc --iv $IV -i "$T/c10kbad"
stdout_none "bad padding, ECB file" dec $L -m ecb -i "$T/e10kbad"
stdout_none "bad padding, one-block file" dec $L -m cbc --iv $IV -i "$T/cpad0"
stdout_none "enc --no-pad, partial last block" enc $L -m cbc --iv $IV --no-pad -i "$T/p10k4"
stdout_none "enc --no-pad ECB, partial last block" enc $L -m ecb --no-pad -i "$T/p10k4"
stdout_none "dec --no-pad, partial last block" dec $L -m cbc --iv $IV --no-pad -i "$T/c10k.trunc"
stdout_none "empty file, dec with padding" dec $L -m cbc --iv $IV -i "$T/empty"
"$KARX" dec $L -m cbc --iv $IV < "$T/c10k.trunc" > "$T/so" 2> /dev/null
expect "truncated file on stdin (<): nothing on stdout" 0 "$(size "$T/so")"
"$KARX" dec $L -m cbc --iv $IV < "$T/c10kbad" > "$T/so" 2> /dev/null
expect "bad padding on stdin (<): nothing on stdout" 0 "$(size "$T/so")"
"$KARX" enc -c hight -K $KEY -m cbc --iv f0f1f2f3f4f5f6f7 --no-pad -i "$T/p17" > "$T/so" 2> /dev/null
expect "64-bit block, partial: nothing on stdout" 0 "$(size "$T/so")"
# and the good ones still pass the checks (a valid last block, padding of 16 and of 1)
"$KARX" dec $L -m cbc --iv $IV -i "$T/c10k" > "$T/so"
same "$T/p10k" "$T/so" && ok || bad "precheck: a valid file decrypts"
"$KARX" dec $L -m ecb --no-pad -i "$T/e10kbad" > "$T/so"
same "$T/p10kbad" "$T/so" && ok || bad "precheck: --no-pad takes any last block"
head -c 15 "$T/big" > "$T/p15"
"$KARX" enc $L -m cbc --iv $IV -i "$T/p15" -o "$T/c15"
"$KARX" dec $L -m cbc --iv $IV -i "$T/c15" > "$T/so"
same "$T/p15" "$T/so" && ok || bad "precheck: one block, padding 1"
# a signal removes the temporary file (input: a FIFO held open and silent)
mkfifo "$T/fifo"
"$KARX" enc $L -m ctr --iv $IV -i "$T/fifo" -o "$T/o/sig" 2> /dev/null &
pid=$!
exec 3<> "$T/fifo" # read-write: never blocks, even if karx died before opening it
i=0
while [ -z "$(ls -A "$T/o")" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
expect "temporary file while running" 1 "$(ls -A "$T/o" | wc -l | tr -d ' ')"
kill -TERM $pid
{ wait $pid; } 2> /dev/null # (no "Terminated" note from the shell)
expect "killed by SIGTERM" 143 $?
exec 3>&-
expect "signal: no OUT, no temporary file" "" "$(ls -A "$T/o")"

# --help and the usage text
"$KARX" enc --help > "$T/help"; expect "enc --help rc" 0 $?
[ "$(lines "$T/help")" -gt 5 ] && ok || bad "enc --help text"
"$KARX" --help > "$T/help"
case $(cat "$T/help") in *"enc "*"dec "*) ok ;; *) bad "karx --help lists enc and dec" ;; esac

echo "test_cli_enc: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
