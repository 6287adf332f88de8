#!/bin/sh
# karx enc / dec -m xts: an independent model (IEEE 1619 from single ECB blocks, here in sh),
# round trips for every 128-bit-block cipher, streaming across chunks = one-unit call, data
# units (--sector-size) = separate runs with tweak + i, pipes = files, key files, and every error
# case (exit code, one stderr line, -o leaves nothing). POSIX sh + coreutils only.
# usage: test_cli_xts.sh PATH/TO/karx TESTS_DIR
KARX=$1
KAT=$2/kat
. "$(dirname "$0")/lib.sh"
# sub HEX FROM LEN: LEN bytes of HEX from byte FROM (0-based)
sub() { [ "$3" -gt 0 ] && printf '%s' "$1" | cut -c $((2 * $2 + 1))-$((2 * $2 + 2 * $3)); }
# fails DESC CODE CMD...: exit CODE, exactly one line "karx: ..." on stderr, empty stdout

# ---- the model: XTS from the cipher's single blocks (karx enc -m ecb --no-pad) ------------------
xorhex() {
    a=$1 b=$2 r=
    while [ -n "$a" ]; do
        ra=${a#??} rb=${b#??}
        r=$r$(printf %02x $((0x${a%"$ra"} ^ 0x${b%"$rb"})))
        a=$ra b=$rb
    done
    printf %s "$r"
}
# the tweak times x in GF(2^128), little-endian bytes (IEEE 1619 5.2)
dbl() {
    h=$1 cy=0 r=
    while [ -n "$h" ]; do
        rest=${h#??}
        v=$((0x${h%"$rest"}))
        r=$r$(printf %02x $(((v << 1 | cy) & 255)))
        cy=$((v >> 7))
        h=$rest
    done
    [ $cy = 1 ] && r=$(printf %02x $((0x${r%"${r#??}"} ^ 0x87)))${r#??}
    printf %s "$r"
}
ecb() { # CIPHER KEY BLOCKS -> E_KEY of each block (one run for all of them)
    hex2bin "$3" "$T/m.in"
    "$KARX" enc -c "$1" -m ecb --no-pad -K "$2" -i "$T/m.in" -o "$T/m.out"
    bin2hex "$T/m.out"
}
# xts_model CIPHER KEY1 KEY2 TWEAK PT -> CT: one data unit, ciphertext stealing for a partial
# last block (IEEE 1619 5.3.2). Block j is E_K1(P_j ^ T_j) ^ T_j with T_j = E_K2(tweak) x^j, so
# the tweaks come first and each ECB run takes every block it can.
xts_model() {
    mc=$1 mk=$2 mt=$(ecb "$1" "$3" "$4") mp=$5
    mlen=$((${#mp} / 2))
    mm=$((mlen / 16)) mb=$((mlen % 16)) mi=0 mx= mts=
    while [ $mi -le $mm ]; do # T_0 .. T_m
        mts="$mts$mt"
        mt=$(dbl "$mt")
        mi=$((mi + 1))
    done
    mi=0
    while [ $mi -lt $mm ]; do # every whole block (the last one becomes CC when stealing)
        mx=$mx$(xorhex "$(sub "$mp" $((16 * mi)) 16)" "$(sub "$mts" $((16 * mi)) 16)")
        mi=$((mi + 1))
    done
    mo=$(xorhex "$(ecb "$mc" "$mk" "$mx")" "$(sub "$mts" 0 $((16 * mm)))")
    if [ $mb -ne 0 ]; then
        mcc=$(sub "$mo" $((16 * (mm - 1))) 16)
        mpp=$(sub "$mp" $((16 * mm)) $mb)$(sub "$mcc" $mb $((16 - mb)))
        mtm=$(sub "$mts" $((16 * mm)) 16)
        mo=$(sub "$mo" 0 $((16 * (mm - 1))))$(xorhex "$(ecb "$mc" "$mk" "$(xorhex "$mpp" "$mtm")")" \
            "$mtm")$(sub "$mcc" 0 $mb)
    fi
    printf %s "$mo"
}
# tweak_plus TWEAK N: TWEAK + N, little-endian 128-bit (N < 2^31)
tweak_plus() {
    h=$1 n=$2 r=
    while [ -n "$h" ]; do
        rest=${h#??}
        s=$((0x${h%"$rest"} + n % 256))
        n=$((n / 256 + s / 256))
        r=$r$(printf %02x $((s % 256)))
        h=$rest
    done
    printf %s "$r"
}

mkdir "$T/o" # where -o OUT goes in failing runs: must stay empty
K64=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
K64B=f0e1d2c3b4a5968778695a4b3c2d1e0fffeeddccbbaa99887766554433221100
TW=0123456789abcdef00112233445566ff
keybytes() { case $1 in *128) echo 16 ;; *192) echo 24 ;; *) echo 32 ;; esac; }
# pair CIPHER: sets K1, K2 (hex) and K (K1 || K2)
pair() {
    n=$(keybytes "$1")
    K1=$(printf "%.$((2 * n))s" "$K64")
    K2=$(printf "%.$((2 * n))s" "$K64B")
    K=$K1$K2
}

# ---- the model: one cipher of each family, lengths 16 17 31 32 53 -----------------------------
"$KARX" rand -n 64 > "$T/r64" || bad "rand"
R64=$(bin2hex "$T/r64")
CIPHERS="lea128 lea192 lea256 cham128-128 cham128-256 aria128 aria192 aria256"
for c in lea192 cham128-128 aria256; do
    pair $c
    for len in 16 17 31 32 53; do
        p=$(sub "$R64" 0 $len)
        hex2bin "$p" "$T/m.pt"
        "$KARX" enc -c $c -m xts -K $K --iv $TW -i "$T/m.pt" -o "$T/m.ct"
        expect "model $c $len" "$(xts_model $c $K1 $K2 $TW "$p")" "$(bin2hex "$T/m.ct")"
        "$KARX" dec -c $c -m xts -K $K --iv $TW -i "$T/m.ct" -o "$T/m.back"
        expect "model $c $len dec" "$p" "$(bin2hex "$T/m.back")"
    done
done
# the tweak counts: unit 1 of 16-byte sectors is the model's unit under tweak + 1
pair lea128
hex2bin "$(sub "$R64" 0 48)" "$T/m.pt"
"$KARX" enc -c lea128 -m xts -K $K --iv $TW --sector-size 16 -i "$T/m.pt" -o "$T/m.ct"
expect "model sectors of 16, unit 2" "$(xts_model lea128 $K1 $K2 "$(tweak_plus $TW 2)" \
    "$(sub "$R64" 32 16)")" "$(sub "$(bin2hex "$T/m.ct")" 32 16)"

# ---- known answers from the library's model file (tests/models/xts_model.py) ------------------
# hex2bin for long strings: a pair per line, each turned into its octal escape by one sed table
i=0
while [ $i -lt 256 ]; do
    printf 's/^%02x$/\\\\%03o/\n' $i $i
    i=$((i + 1))
done > "$T/hex.sed"
hex2bin_long() { printf "$(printf %s "$1" | fold -w2 | sed -f "$T/hex.sed" | tr -d '\n')" > "$2"; }
if [ -f "$KAT/model_xts.txt" ]; then
    n=0 kc= kk= kt= ks= kp=
    while IFS= read -r line; do
        case $line in
        "#"* | "") continue ;;
        esac
        kv=${line#*= }
        case $line in
        "cipher = "*) kc=$kv ;;
        "key = "*) kk=$kv ;;
        "tweak = "*) kt=$kv ;;
        "sector = "*) ks=$kv ;;
        "pt = "*) kp=$(lower "$kv") ;;
        "ct = "*)
            n=$((n + 1))
            S=
            [ "$ks" != 0 ] && S="--sector-size $ks"
            hex2bin_long "$kp" "$T/k.pt"
            "$KARX" enc -c "$kc" -m xts -K "$kk" --iv "$kt" $S -i "$T/k.pt" -o "$T/k.ct"
            expect "model_xts.txt case $n ($kc, sector $ks) enc" "$(lower "$kv")" \
                "$(bin2hex "$T/k.ct")"
            [ -n "$S" ] || continue # dec: the sector cases (one-unit dec: the model above)
            "$KARX" dec -c "$kc" -m xts -K "$kk" --iv "$kt" $S -i "$T/k.ct" -o "$T/k.back"
            expect "model_xts.txt case $n dec" "$kp" "$(bin2hex "$T/k.back")" ;;
        esac
    done < "$KAT/model_xts.txt"
    [ $n -ge 64 ] && ok || bad "model_xts.txt: only $n cases read"
else
    echo "note: tests/kat/model_xts.txt not present; checked against the sh model above only"
fi

# ---- round trips: every cipher, 16 / 17 / 31 bytes and 1 MiB + 3 (across the 1 MiB chunk) ------
head -c 1048579 /dev/urandom > "$T/big"
head -c 4196 "$T/big" > "$T/s4196" # 4096 + 100: a short last unit
for c in $CIPHERS; do
    pair $c
    A="-c $c -m xts -K $K --iv $TW"
    sizes="16 17 31 1048579"
    case $c in
    lea192 | cham128-128) sizes=1048579 ;; # 16, 17, 31: the model above
    aria256) sizes=4196 ;;
    aria*) sizes="16 17 31 4196" ;; # ARIA is portable only, a few MB/s
    esac
    for len in $sizes; do
        head -c $len "$T/big" > "$T/rt.pt"
        "$KARX" enc $A -i "$T/rt.pt" -o "$T/rt.ct" && "$KARX" dec $A -i "$T/rt.ct" -o "$T/rt.back"
        expect "round trip $c $len" "$(cksum < "$T/rt.pt")" "$(cksum < "$T/rt.back")"
        expect "length $c $len" $len "$(size "$T/rt.ct")"
        cmp -s "$T/rt.pt" "$T/rt.ct" && bad "$c $len: ciphertext = plaintext" || ok
    done
    s=512
    case $c in lea*) s=4096 ;; esac
    "$KARX" enc $A --sector-size $s -i "$T/s4196" -o "$T/rt.ct" &&
        "$KARX" dec $A --sector-size $s -i "$T/rt.ct" -o "$T/rt.back"
    expect "round trip $c sectors of $s" "$(cksum < "$T/s4196")" "$(cksum < "$T/rt.back")"
done

# ---- the whole input streamed = one data unit in one call (--sector-size >= the length) --------
pair lea256
A="-c lea256 -m xts -K $K --iv $TW"
"$KARX" enc $A -i "$T/big" -o "$T/w.stream"
"$KARX" enc $A --sector-size 2097152 -i "$T/big" -o "$T/w.one"
expect "1 MiB + 3 streamed = one unit" "$(cksum < "$T/w.one")" "$(cksum < "$T/w.stream")"
cat "$T/big" | "$KARX" enc $A > "$T/w.pipe"
expect "pipe = file" "$(cksum < "$T/w.one")" "$(cksum < "$T/w.pipe")"
cat "$T/w.stream" | "$KARX" dec $A > "$T/w.back"
expect "dec from a pipe" "$(cksum < "$T/big")" "$(cksum < "$T/w.back")"
"$KARX" dec $A --sector-size 2097152 -i "$T/w.stream" -o "$T/w.back1"
expect "dec one unit" "$(cksum < "$T/big")" "$(cksum < "$T/w.back1")"

# ---- data units: unit i = a run of its own under tweak + i ------------------------------------
for spec in "512 4196" "4096 4196" "4096 12304"; do
    set -- $spec
    s=$1 len=$2
    head -c $len "$T/big" > "$T/u.pt"
    "$KARX" enc $A --sector-size $s -i "$T/u.pt" -o "$T/u.ct"
    : > "$T/u.cat"
    i=0
    while [ $((i * s)) -lt $len ]; do
        tail -c +$((i * s + 1)) "$T/u.pt" | head -c $s > "$T/u.one"
        "$KARX" enc -c lea256 -m xts -K $K --iv "$(tweak_plus $TW $i)" -i "$T/u.one" >> "$T/u.cat"
        i=$((i + 1))
    done
    expect "sectors of $s, $len bytes = $i separate units" "$(cksum < "$T/u.cat")" \
        "$(cksum < "$T/u.ct")"
done
# across the 1 MiB chunk: 2048 units of 512 per chunk, so the second chunk starts at tweak + 2048
head -c 1049128 /dev/urandom > "$T/c.pt" # 2049 units and 40 bytes
"$KARX" enc $A --sector-size 512 -i "$T/c.pt" -o "$T/c.ct"
head -c 1048576 "$T/c.pt" > "$T/c.pt1"
tail -c +1048577 "$T/c.pt" > "$T/c.pt2"
"$KARX" enc $A --sector-size 512 -i "$T/c.pt1" -o "$T/c.ct1"
"$KARX" enc -c lea256 -m xts -K $K --iv "$(tweak_plus $TW 2048)" --sector-size 512 \
    -i "$T/c.pt2" -o "$T/c.ct2"
expect "sectors across the chunk" "$(cat "$T/c.ct1" "$T/c.ct2" | cksum)" "$(cksum < "$T/c.ct")"
cat "$T/c.ct" | "$KARX" dec $A --sector-size 512 > "$T/c.back"
expect "sectors across the chunk: dec from a pipe" "$(cksum < "$T/c.pt")" "$(cksum < "$T/c.back")"
# unit numbers that reach 2^128 - 1 exactly are fine; one more is refused (file and pipe)
TOP=00f8ffffffffffffffffffffffffffff # 2^128 - 2048: 2048 units of 512 left
head -c 1048576 "$T/big" > "$T/top"
"$KARX" enc -c lea128 -m xts -K $(printf '%.64s' "$K64$K64B") --iv $TOP --sector-size 512 \
    -i "$T/top" -o "$T/top.ct"
expect "last tweak 2^128 - 1: exit" 0 $?
head -c 1049088 "$T/c.pt" > "$T/top1" # 2049 units
AT="-c lea128 -m xts -K $(printf '%.64s' "$K64$K64B") --iv $TOP --sector-size 512"
fails "tweak wraps (file)" 1 "$KARX" enc $AT -i "$T/top1"
# from a pipe the first chunk is done before the second finds the wrap: -o keeps nothing
fails "tweak wraps (pipe, second chunk)" 1 sh -c "cat '$T/top1' | '$KARX' enc $AT -o '$T/o/out'"
expect "tweak wraps (pipe): nothing left" "" "$(ls -A "$T/o")"
fails "tweak wraps in one chunk" 1 sh -c "head -c 64 '$T/big' | '$KARX' enc -c lea128 -m xts \
    -K $(printf '%.64s' "$K64$K64B") --iv ffffffffffffffffffffffffffffffff --sector-size 16"

# ---- key files: raw bytes or hex text --------------------------------------------------------
pair cham128-256
hex2bin $K "$T/key.raw"
printf 'hex: %s\n' $K > "$T/key.hex"
head -c 100 "$T/big" > "$T/kf.pt"
"$KARX" enc -c cham128-256 -m xts -K $K --iv $TW -i "$T/kf.pt" -o "$T/kf.want"
for f in key.raw key.hex; do
    "$KARX" enc -c cham128-256 -m xts --key-file "$T/$f" --iv $TW -i "$T/kf.pt" -o "$T/kf.ct"
    expect "--key-file $f" "$(cksum < "$T/kf.want")" "$(cksum < "$T/kf.ct")"
done

# ---- errors ----------------------------------------------------------------------------------
pair lea128
L="-c lea128 -m xts -K $K --iv $TW"
head -c 15 "$T/big" > "$T/p15"
head -c 527 "$T/big" > "$T/p527" # 512 + 15
: > "$T/empty"
echo keep > "$T/keep"
# data: 1, to stdout nothing, -o leaves no file and keeps an existing one
for spec in "p15 -" "empty -" "p527 512"; do
    set -- $spec
    S=
    [ "$2" != - ] && S="--sector-size $2"
    for cmd in enc dec; do
        fails "$cmd $1 $S" 1 "$KARX" $cmd $L $S -i "$T/$1"
        grep -q "at least 16 bytes" "$T/f.err" && ok || bad "$cmd $1 $S: [$(cat "$T/f.err")]"
        fails "$cmd $1 $S (pipe)" 1 sh -c "cat '$T/$1' | '$KARX' $cmd $L $S"
        grep -q "at least 16 bytes" "$T/f.err" && ok || bad "$cmd $1 $S (pipe): [$(cat "$T/f.err")]"
        fails "$cmd $1 $S -o" 1 "$KARX" $cmd $L $S -i "$T/$1" -o "$T/o/out"
        expect "$cmd $1 $S -o: nothing left" "" "$(ls -A "$T/o")"
        fails "$cmd $1 $S -o (pipe)" 1 sh -c "cat '$T/$1' | '$KARX' $cmd $L $S -o '$T/o/out'"
        expect "$cmd $1 $S -o (pipe): nothing left" "" "$(ls -A "$T/o")"
        fails "$cmd $1 $S, OUT kept" 1 "$KARX" $cmd $L $S -i "$T/$1" -o "$T/keep"
        expect "$cmd $1 $S: OUT kept" keep "$(cat "$T/keep")"
    done
done
# usage: 2
head -c 64 "$T/big" > "$T/p64"
for c in hight cham64-128; do
    fails "$c (64-bit block)" 2 "$KARX" enc -c $c -m xts -K $K --iv $TW -i "$T/p64"
done
fails "equal key halves" 2 "$KARX" enc -c lea128 -m xts -K $K1$K1 --iv $TW -i "$T/p64" -o "$T/o/out"
grep -q "equal" "$T/f.err" && ok || bad "equal halves message: [$(cat "$T/f.err")]"
expect "equal key halves: nothing left" "" "$(ls -A "$T/o")"
hex2bin $K1$K1 "$T/key.eq"
fails "equal key halves (key file)" 2 "$KARX" enc -c lea128 -m xts --key-file "$T/key.eq" \
    --iv $TW -i "$T/p64"
fails "one key only" 2 "$KARX" enc -c lea128 -m xts -K $K1 --iv $TW -i "$T/p64"
fails "key pair too long" 2 "$KARX" enc -c lea128 -m xts -K ${K}00 --iv $TW -i "$T/p64"
fails "no tweak" 2 "$KARX" enc -c lea128 -m xts -K $K -i "$T/p64"
fails "short tweak" 2 "$KARX" enc -c lea128 -m xts -K $K --iv 00112233445566778899aabbccddee -i "$T/p64"
fails "long tweak" 2 "$KARX" enc $L --iv ${TW}00 -i "$T/p64"
fails "bad hex tweak" 2 "$KARX" enc $L --iv 0g112233445566778899aabbccddeeff -i "$T/p64"
fails "--no-pad" 2 "$KARX" enc $L --no-pad -i "$T/p64"
fails "--aad" 2 "$KARX" enc $L --aad 00 -i "$T/p64"
fails "--tag-len" 2 "$KARX" dec $L --tag-len 16 -i "$T/p64"
fails "--device gpu" 2 "$KARX" enc $L --device gpu -i "$T/p64"
fails "--sector-size with cbc" 2 "$KARX" enc -c lea128 -m cbc -K $K1 --iv $TW --sector-size 512 \
    -i "$T/p64"
for s in 0 8 15 500 520x -1 16777232 99999999999999999999; do
    fails "--sector-size $s" 2 "$KARX" enc $L --sector-size $s -i "$T/p64"
done
"$KARX" enc $L --sector-size 16777216 -i "$T/p64" -o "$T/ss.ct"
expect "--sector-size 16 MiB" 0 $?
"$KARX" enc $L -i "$T/p64" -o "$T/ss.want"
expect "--sector-size 16 MiB = one unit" "$(cksum < "$T/ss.want")" "$(cksum < "$T/ss.ct")"
expect "usage errors left nothing" "" "$(ls -A "$T/o")"
# --help names the mode and the option
"$KARX" enc --help > "$T/help"
grep -q -- "--sector-size N" "$T/help" && grep -q "xts" "$T/help" && ok || bad "--help: no xts"

echo "test_cli_xts: $pass passed, $fail failed"
[ $fail -eq 0 ]
