# The provider's block-mode ciphers from `openssl enc`, as a user types it, compared byte for
# byte with `karx enc`: every cipher x mode (both directions, padding and -nopad), the aliases,
# files across openssl enc's 4 KiB cipher-BIO chunks, the refusals (partial block with -nopad,
# bad decrypt, XTS, which OpenSSL 3.0's enc refuses for every cipher), and `openssl list`.
# usage: sh test_openssl_enc.sh MODULES_DIR PATH/TO/karx SOURCE_DIR
MODS=$(cd "$1" && pwd) KARX=$2 SRC=$3
case $KARX in /*) ;; *) KARX=$PWD/$KARX ;; esac # the test cds into its scratch folder
. "$3/tests/cli/lib.sh"
. "$3/tests/ossl/doc_lines.sh"
P="-provider-path $MODS -provider karx -provider default"
same() { cmp -s "$1" "$2"; }

K64=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV16=f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
# NAME (openssl) -> karx -c / key hex / block bytes
cipher_of() { # sets C (karx -c), KEY, B
    case $1 in
    LEA-128) C=lea128 KEY=$(printf '%.32s' $K64) B=16 ;;
    LEA-192) C=lea192 KEY=$(printf '%.48s' $K64) B=16 ;;
    LEA-256) C=lea256 KEY=$K64 B=16 ;;
    HIGHT) C=hight KEY=$(printf '%.32s' $K64) B=8 ;;
    CHAM-64-128) C=cham64-128 KEY=$(printf '%.32s' $K64) B=8 ;;
    CHAM-128-128) C=cham128-128 KEY=$(printf '%.32s' $K64) B=16 ;;
    CHAM-128-256) C=cham128-256 KEY=$K64 B=16 ;;
    esac
    IV=$(printf "%.$((2 * B))s" $IV16)
}
CIPHERS="LEA-128 LEA-192 LEA-256 HIGHT CHAM-64-128 CHAM-128-128 CHAM-128-256"
MODES="ECB CBC CTR CFB CFB8 OFB"
lower() { echo "$1" | tr 'A-Z' 'a-z'; }

: >"$T/empty"
for n in 1 15 16 17 1000; do head -c $n /dev/urandom >"$T/b$n"; done
head -c 10007 /dev/urandom >"$T/big" # over two 4 KiB chunks of the cipher BIO, not whole blocks

# check NAME CIPHER MODE FILE [nopad]: openssl enc -NAME = karx enc, and openssl enc -d of
# karx's ciphertext gives the file back
check() {
    name=$1 m=$(lower "$3") f=$4 nopad=$5
    cipher_of "$2"
    ivo= ivk=
    [ "$m" = ecb ] || { ivo="-iv $IV"; ivk="--iv $IV"; }
    po= pk=
    [ -n "$nopad" ] && { po=-nopad; pk=--no-pad; }
    tag="-$name $po $(basename "$f")"
    # shellcheck disable=SC2086
    openssl enc $P -"$name" $po -K "$KEY" $ivo -in "$f" -out "$T/o" 2>"$T/err" || bad "enc $tag: $(head -1 "$T/err")"
    # shellcheck disable=SC2086
    "$KARX" enc -c "$C" -m "$m" -K "$KEY" $ivk $pk -i "$f" -o "$T/k" || bad "karx enc $tag"
    same "$T/o" "$T/k" && ok || bad "enc $tag differs from karx enc"
    # shellcheck disable=SC2086
    openssl enc -d $P -"$name" $po -K "$KEY" $ivo -in "$T/k" -out "$T/d" 2>"$T/err" || bad "enc -d $tag: $(head -1 "$T/err")"
    same "$T/d" "$f" && ok || bad "enc -d $tag: not the plaintext"
}

# every cipher x mode, on a file that is not whole blocks (ECB/CBC padded) ...
for c in $CIPHERS; do
    for m in $MODES; do check "$c-$m" "$c" "$m" "$T/b1000"; done
    # ... and unpadded on whole blocks
    check "$c-CBC" "$c" CBC "$T/b16" nopad
    check "$c-ECB" "$c" ECB "$T/b16" nopad
done
# lengths around a block and over the BIO's chunks, for a few rows
for f in "$T/empty" "$T/b1" "$T/b15" "$T/b16" "$T/b17" "$T/big"; do
    check LEA-128-CTR LEA-128 CTR "$f"
    check HIGHT-CBC HIGHT CBC "$f"
    check CHAM-128-256-OFB CHAM-128-256 OFB "$f"
    check CHAM-64-128-CFB8 CHAM-64-128 CFB8 "$f"
    check LEA-256-CFB LEA-256 CFB "$f"
done
# the aliases: the CLI's names (any case), CFB128 / CFB64
check LEA128-CTR LEA-128 CTR "$T/b17"
check lea192-cbc LEA-192 CBC "$T/b17"
check CHAM128-256-OFB CHAM-128-256 OFB "$T/b17"
check cham64-128-ecb CHAM-64-128 ECB "$T/b17"
check LEA-128-CFB128 LEA-128 CFB "$T/b17"
check HIGHT-CFB64 HIGHT CFB "$T/b17"
check CHAM-128-128-CFB128 CHAM-128-128 CFB "$T/b17"

# ---- docs/OPENSSL.md's command lines, as shown (F, G: files here; "..." the key) ----
cd "$T" || exit 1
doc_line 'P="-provider-path build/ossl-modules -provider karx -provider default"'
expect "doc: P" "$P" "$(eval "$CMD"; echo "$P")"
cp "$T/b1000" F
doc_line 'openssl enc $P -LEA-128-CTR -K 000102030405060708090a0b0c0d0e0f -iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff -in F -out G'
eval "$CMD" 2>"$T/err" || bad "doc: enc -LEA-128-CTR: $(head -1 "$T/err")"
"$KARX" enc -c lea128 -m ctr -K 000102030405060708090a0b0c0d0e0f --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff -i F -o k
same G k && ok || bad "doc: enc -LEA-128-CTR differs from karx enc"
cipher_of HIGHT
"$KARX" enc -c hight -m cbc -K "$KEY" --iv 0011223344556677 -i "$T/b1000" -o G
rm -f F
doc_line 'openssl enc -d $P -HIGHT-CBC -K ... -iv 0011223344556677 -in G -out F' "s/-K \.\.\./-K $KEY/"
eval "$CMD" 2>"$T/err" || bad "doc: enc -d -HIGHT-CBC: $(head -1 "$T/err")"
same F "$T/b1000" && ok || bad "doc: enc -d -HIGHT-CBC: not the plaintext"
cipher_of CHAM-128-256
cp "$T/b1000" F # 1000 = 62.5 blocks: refused without padding
doc_line 'openssl enc $P -CHAM128-256-ECB -nopad -K ... -in F -out G' "s/-K \.\.\./-K $KEY/"
eval "$CMD" 2>"$T/err" && bad "doc: -CHAM128-256-ECB -nopad of 1000 bytes succeeded" || ok
head -c 992 "$T/b1000" >F
eval "$CMD" 2>"$T/err" || bad "doc: enc -CHAM128-256-ECB -nopad: $(head -1 "$T/err")"
"$KARX" enc -c cham128-256 -m ecb -K "$KEY" --no-pad -i F -o k
same G k && ok || bad "doc: -CHAM128-256-ECB -nopad differs from karx enc --no-pad"
doc_line 'openssl list -cipher-algorithms -provider-path build/ossl-modules -provider karx'
eval "$CMD" >"$T/list" 2>&1 || bad "doc: openssl list -cipher-algorithms"
cd - >/dev/null || exit 1

# ---- refusals ----
# "What OpenSSL 3.0 cannot do": enc refuses AEAD ciphers (ours included)
openssl enc $P -LEA-128-GCM -K "$(printf '%.32s' $K64)" -iv 000000000000000000000000 -in "$T/b16" -out "$T/o" 2>"$T/err" &&
    bad "enc -LEA-128-GCM succeeded" || ok
expect "enc -LEA-128-GCM refused" "enc: AEAD ciphers not supported" "$(head -1 "$T/err")"
# no CFB with a 64-bit segment over a 128-bit block (OpenSSL has no name for it)
openssl enc $P -LEA-128-CFB64 -K "$(printf '%.32s' $K64)" -iv $IV16 -in "$T/b16" -out "$T/o" 2>/dev/null &&
    bad "enc -LEA-128-CFB64 exists" || ok
# -nopad with a partial block: an error, as with AES
cipher_of LEA-128
openssl enc $P -LEA-128-CBC -nopad -K "$KEY" -iv "$IV" -in "$T/b17" -out "$T/o" 2>"$T/err" &&
    bad "LEA-128-CBC -nopad of 17 bytes succeeded" || ok
# a wrong key: bad decrypt at the end (padding check)
openssl enc $P -LEA-128-CBC -K "$KEY" -iv "$IV" -in "$T/b1000" -out "$T/o" 2>/dev/null || bad "enc"
openssl enc -d $P -LEA-128-CBC -K "$(printf '%.32s' $IV16)" -iv "$IV" -in "$T/o" -out "$T/d" 2>"$T/err" &&
    bad "decrypt under the wrong key succeeded" || ok
grep -q "bad decrypt" "$T/err" && ok || bad "wrong key: no bad decrypt error: $(cat "$T/err")"
# XTS: OpenSSL 3.0's enc refuses every XTS cipher (its own AES-XTS too); test_ossl_xts covers
# karx's XTS through EVP. If a later enc accepts it, compare it with karx enc instead.
cipher_of LEA-256
if openssl enc $P -LEA-256-XTS -K "$KEY$IV16$IV16" -iv "$IV16" -in "$T/b1000" -out "$T/o" 2>"$T/err"; then
    "$KARX" enc -c lea256 -m xts -K "$KEY$IV16$IV16" --iv "$IV16" -i "$T/b1000" -o "$T/k" || bad "karx enc xts"
    same "$T/o" "$T/k" && ok || bad "enc -LEA-256-XTS differs from karx enc -m xts"
else
    grep -q "XTS ciphers not supported" "$T/err" && ok || bad "XTS: $(cat "$T/err")"
fi
# without the provider the names are unknown: the checks above went through karx.so
openssl enc -LEA-128-CTR -K "$KEY" -iv "$IV" -in "$T/b16" -out "$T/o" 2>/dev/null &&
    bad "enc -LEA-128-CTR without karx succeeded" || ok

# ---- the list ----
openssl list -cipher-algorithms -provider-path "$MODS" -provider karx >"$T/list" 2>&1 || bad "openssl list"
n=0
for c in $CIPHERS; do
    for m in $MODES XTS; do
        case $c-$m in HIGHT-XTS | CHAM-64-128-XTS) continue ;; esac
        n=$((n + 1))
        expect "list $c-$m" 1 "$(grep -c "[{ ]$c-$m[,} ].*@ karx" "$T/list")"
    done
done
expect "47 block-mode rows" 47 "$n"
expect "list: block-mode rows from karx" "$n" "$(grep '@ karx' "$T/list" | grep -vc 'GCM\|CCM')"
expect "list: no ARIA from karx" 0 "$(grep '@ karx' "$T/list" | grep -c ARIA)"

echo "openssl_enc: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
