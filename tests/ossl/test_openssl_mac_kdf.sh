#!/bin/sh
# The provider's MACs and KDFs from the `openssl mac` / `openssl kdf` commands, as a user types
# them (OpenSSL 3.0's -propquery picks karx's HMAC/CMAC/GMAC/PBKDF2/KBKDF over the default
# provider's of the same name), every answer compared with `karx mac` / `karx kdf`; and
# OpenSSL's own HMAC, CMAC, GMAC, PBKDF2 and KBKDF over karx's digests and ciphers as a second,
# independent route (and their refusal of LSH-512: the 144-byte HMAC limit).
# usage: sh test_openssl_mac_kdf.sh MODULES_DIR PATH/TO/karx SOURCE_DIR
MODS=$(cd "$1" && pwd) KARX=$2 SRC=$3
case $KARX in /*) ;; *) KARX=$PWD/$KARX ;; esac # the test cds into its scratch folder
. "$3/tests/cli/lib.sh"
. "$3/tests/ossl/doc_lines.sh"
KP="-provider-path $MODS -provider karx -provider default -propquery provider=karx" # karx's
OP="-provider-path $MODS -provider default -provider karx"  # OpenSSL's own, karx's primitives
VARIANTS="LSH-256-224 LSH-256-256 LSH-512-224 LSH-512-256 LSH-512-384 LSH-512-512"
short() { echo "$1" | sed 's/^LSH-/lsh/'; }     # LSH-512-512 -> lsh512-512 (karx's CLI name)
nodash() { echo "$1" | sed 's/^LSH-/LSH/'; }    # LSH-512-512 -> LSH512-512
low() { tr -d ': \n' | tr 'A-F' 'a-f'; }        # openssl's hex (upper case, kdf's with ':')
karx_mac() { "$KARX" mac "$@" | cut -d' ' -f1; }

head -c 1000 /dev/urandom >"$T/msg"
: >"$T/empty"
K16=000102030405060708090a0b0c0d0e0f
K32=${K16}f0e1d2c3b4a5968778695a4b3c2d1e0f
K300=$(head -c 300 /dev/urandom | od -An -tx1 | tr -d ' \n') # longer than LSH-512's block
IV=cafebabefacedbaddecaf888

# ---- HMAC over every LSH: karx's "HMAC" (digest by -digest and by -macopt, every spelling) ----
for v in $VARIANTS; do
    for key in 6b6579 "$K300"; do
        want=$(karx_mac -a "hmac-$(short "$v")" -K "$key" "$T/msg")
        [ ${#want} -ge 56 ] || bad "karx mac hmac-$(short "$v") gave [$want]"
        got=$(openssl mac $KP -digest "$v" -macopt hexkey:"$key" -in "$T/msg" HMAC 2>&1 | low)
        expect "openssl mac HMAC -digest $v (key ${#key} hex)" "$want" "$got"
        got=$(openssl mac $KP -macopt digest:"$(nodash "$v")" -macopt hexkey:"$key" -in "$T/msg" HMAC 2>&1 | low)
        expect "openssl mac HMAC digest:$(nodash "$v")" "$want" "$got"
        got=$(openssl mac $KP -macopt digest:"$(short "$v")" -macopt hexkey:"$key" -in "$T/msg" HMAC 2>&1 | low)
        expect "openssl mac HMAC digest:$(short "$v")" "$want" "$got"
    done
    # the fixed names need no -propquery: no other provider has them
    want=$(karx_mac -a "hmac-$(short "$v")" -K 6b6579 "$T/empty")
    got=$(openssl mac $OP -macopt hexkey:6b6579 -in "$T/empty" "HMAC-$v" 2>&1 | low)
    expect "openssl mac HMAC-$v (empty input)" "$want" "$got"
done
# the text key form
want=$(karx_mac -a hmac-lsh512-512 -K 6b6579 "$T/msg")
expect "HMAC key:key" "$want" "$(openssl mac $KP -digest LSH-512-512 -macopt key:key -in "$T/msg" HMAC 2>&1 | low)"

# OpenSSL's own HMAC takes karx's LSH-256 (128-byte block) and agrees; LSH-512's 256-byte block
# is over its 144-byte limit, so it fails: the reason karx's HMAC exists.
for v in LSH-256-224 LSH-256-256; do
    want=$(karx_mac -a "hmac-$(short "$v")" -K "$K300" "$T/msg")
    got=$(openssl mac $OP -propquery provider=default -digest "$v" -macopt hexkey:"$K300" -in "$T/msg" HMAC 2>&1 | low)
    expect "OpenSSL's own HMAC over karx's $v" "$want" "$got"
done
for v in LSH-512-256 LSH-512-512; do
    if openssl mac $OP -propquery provider=default -digest "$v" -macopt hexkey:6b6579 -in "$T/msg" HMAC >"$T/out" 2>&1
    then bad "OpenSSL's own HMAC over $v succeeded: $(cat "$T/out")"; else ok; fi
done
# karx's HMAC forwards a digest karx lacks to OpenSSL's HMAC, and refuses one nobody has, saying so
expect "karx's HMAC over SHA256 (forwarded)" \
    "$(OPENSSL_CONF=/dev/null openssl mac -provider default -digest SHA256 -macopt hexkey:6b6579 -in "$T/msg" HMAC 2>&1)" \
    "$(openssl mac $KP -digest SHA256 -macopt hexkey:6b6579 -in "$T/msg" HMAC 2>&1)"
openssl mac $KP -digest NO-SUCH-DIGEST -macopt hexkey:6b6579 -in "$T/msg" HMAC >"$T/out" 2>&1 && bad "HMAC over NO-SUCH-DIGEST" || ok
grep -q "not a karx primitive" "$T/out" && ok || bad "HMAC over NO-SUCH-DIGEST: no reason given: $(cat "$T/out")"

# ---- karx activated FIRST, no property query: OpenSSL 3.0 then gives karx's HMAC, CMAC and
# PBKDF2, which must forward SHA-256 / AES to the default provider's: the answers of OpenSSL
# with the default provider alone ----
KF="-provider-path $MODS -provider karx -provider default"
DF="-provider default"
for d in SHA256 SHA512; do
    expect "karx first: openssl mac HMAC -digest $d" \
        "$(OPENSSL_CONF=/dev/null openssl mac $DF -digest $d -macopt key:k -in "$T/msg" HMAC 2>&1)" \
        "$(OPENSSL_CONF=/dev/null openssl mac $KF -digest $d -macopt key:k -in "$T/msg" HMAC 2>&1)"
done
expect "karx first: openssl mac CMAC -cipher AES-128-CBC" \
    "$(OPENSSL_CONF=/dev/null openssl mac $DF -cipher AES-128-CBC -macopt hexkey:$K16 -in "$T/msg" CMAC 2>&1)" \
    "$(OPENSSL_CONF=/dev/null openssl mac $KF -cipher AES-128-CBC -macopt hexkey:$K16 -in "$T/msg" CMAC 2>&1)"
expect "karx first: openssl mac GMAC -cipher AES-128-GCM" \
    "$(OPENSSL_CONF=/dev/null openssl mac $DF -cipher AES-128-GCM -macopt hexkey:$K16 -macopt hexiv:$IV -in "$T/msg" GMAC 2>&1)" \
    "$(OPENSSL_CONF=/dev/null openssl mac $KF -cipher AES-128-GCM -macopt hexkey:$K16 -macopt hexiv:$IV -in "$T/msg" GMAC 2>&1)"
for o in "-kdfopt digest:SHA256" "-digest SHA256"; do
    expect "karx first: openssl kdf PBKDF2 $o" \
        "$(OPENSSL_CONF=/dev/null openssl kdf $DF -keylen 16 $o -kdfopt pass:x -kdfopt salt:y -kdfopt iter:10 PBKDF2 2>&1)" \
        "$(OPENSSL_CONF=/dev/null openssl kdf $KF -keylen 16 $o -kdfopt pass:x -kdfopt salt:y -kdfopt iter:10 PBKDF2 2>&1)"
done
expect "karx first: openssl kdf KBKDF HMAC-SHA256" \
    "$(OPENSSL_CONF=/dev/null openssl kdf $DF -keylen 40 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt hexkey:$K16 -kdfopt salt:label KBKDF 2>&1)" \
    "$(OPENSSL_CONF=/dev/null openssl kdf $KF -keylen 40 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt hexkey:$K16 -kdfopt salt:label KBKDF 2>&1)"
# openssl enc -pbkdf2 (PBKDF2-HMAC-SHA256 inside, through the first-activated PBKDF2 and HMAC):
# karx first, what it writes decrypts with OpenSSL alone and the other way round.
head -c 3000 /dev/urandom > "$T/plain"
openssl enc $KF -aes-128-cbc -pbkdf2 -pass pass:x -in "$T/plain" -out "$T/enc1" 2> "$T/err"
expect "karx first: enc -pbkdf2 exit" 0 $?
openssl enc -provider default -d -aes-128-cbc -pbkdf2 -pass pass:x -in "$T/enc1" -out "$T/dec1" 2>> "$T/err"
cmp -s "$T/plain" "$T/dec1" && ok || bad "karx first: enc -pbkdf2 does not decrypt with default alone: $(cat "$T/err")"
openssl enc -provider default -aes-128-cbc -pbkdf2 -pass pass:x -in "$T/plain" -out "$T/enc2" 2> "$T/err"
openssl enc $KF -d -aes-128-cbc -pbkdf2 -pass pass:x -in "$T/enc2" -out "$T/dec2" 2>> "$T/err"
cmp -s "$T/plain" "$T/dec2" && ok || bad "karx first: enc -d -pbkdf2 of default's output: $(cat "$T/err")"
# and LSH there is still karx's own code (OpenSSL's HMAC could not do LSH-512's block)
expect "karx first: openssl mac HMAC -digest LSH-512-512" "$(karx_mac -a hmac-lsh512-512 -K 6b6579 "$T/msg")" \
    "$(OPENSSL_CONF=/dev/null openssl mac $KF -digest LSH-512-512 -macopt hexkey:6b6579 -in "$T/msg" HMAC 2>&1 | low)"

# ---- CMAC over every karx cipher, the cipher named as OpenSSL does (-CBC) and plainly ----
for c in LEA-128:lea128:$K16 LEA-192:lea192:${K16}0011223344556677 LEA-256:lea256:$K32 \
         HIGHT:hight:$K16 CHAM-64-128:cham64-128:$K16 CHAM-128-128:cham128-128:$K16 \
         CHAM-128-256:cham128-256:$K32 ARIA-128:aria128:$K16 ARIA-256:aria256:$K32; do
    name=${c%%:*} rest=${c#*:}
    cli=${rest%%:*} key=${rest#*:}
    want=$(karx_mac -a "cmac-$cli" -K "$key" "$T/msg")
    [ ${#want} -ge 16 ] || bad "karx mac cmac-$cli gave [$want]"
    expect "openssl mac CMAC -cipher $name-CBC" "$want" \
        "$(openssl mac $KP -cipher "$name-CBC" -macopt hexkey:"$key" -in "$T/msg" CMAC 2>&1 | low)"
    expect "openssl mac CMAC cipher:$name" "$want" \
        "$(openssl mac $KP -macopt cipher:"$name" -macopt hexkey:"$key" -in "$T/msg" CMAC 2>&1 | low)"
    expect "openssl mac CMAC-$name" "$want" \
        "$(openssl mac $OP -macopt hexkey:"$key" -in "$T/msg" "CMAC-$name" 2>&1 | low)"
done
# OpenSSL's own CMAC over karx's LEA-128-CBC and HIGHT-CBC, and over its own ARIA: the same tags
for c in LEA-128:lea128 HIGHT:hight ARIA-128:aria128; do
    want=$(karx_mac -a "cmac-${c#*:}" -K $K16 "$T/msg")
    expect "OpenSSL's own CMAC over ${c%%:*}-CBC" "$want" \
        "$(openssl mac $OP -propquery provider=default -cipher "${c%%:*}-CBC" -macopt hexkey:$K16 -in "$T/msg" CMAC 2>&1 | low)"
done
openssl mac $KP -cipher LEA-128-CBC -macopt hexkey:0001 -in "$T/msg" CMAC >"$T/out" 2>&1 && bad "CMAC 2-byte key" || ok
grep -q "key length" "$T/out" && ok || bad "CMAC 2-byte key: no reason given: $(cat "$T/out")"

# ---- GMAC over the 128-bit-block ciphers; the IV is required ----
for c in LEA-128:lea128:$K16 LEA-256:lea256:$K32 CHAM-128-128:cham128-128:$K16 ARIA-192:aria192:${K16}0011223344556677; do
    name=${c%%:*} rest=${c#*:}
    cli=${rest%%:*} key=${rest#*:}
    want=$(karx_mac -a "gmac-$cli" -K "$key" --iv $IV "$T/msg")
    [ ${#want} -eq 32 ] || bad "karx mac gmac-$cli gave [$want]"
    expect "openssl mac GMAC -cipher $name-GCM" "$want" \
        "$(openssl mac $KP -cipher "$name-GCM" -macopt hexkey:"$key" -macopt hexiv:$IV -in "$T/msg" GMAC 2>&1 | low)"
    expect "openssl mac GMAC-$name" "$want" \
        "$(openssl mac $OP -macopt hexkey:"$key" -macopt hexiv:$IV -in "$T/msg" "GMAC-$name" 2>&1 | low)"
done
want=$(karx_mac -a gmac-lea128 -K $K16 --iv $IV "$T/msg")
expect "OpenSSL's own GMAC over karx's LEA-128-GCM" "$want" \
    "$(openssl mac $OP -propquery provider=default -cipher LEA-128-GCM -macopt hexkey:$K16 -macopt hexiv:$IV -in "$T/msg" GMAC 2>&1 | low)"
openssl mac $KP -cipher LEA-128-GCM -macopt hexkey:$K16 -in "$T/msg" GMAC >"$T/out" 2>&1 && bad "GMAC without an iv" || ok
grep -q "no iv" "$T/out" && ok || bad "GMAC without an iv: no reason given: $(cat "$T/out")"

# ---- PBKDF2 over every LSH (the password is karx's standard input) ----
SALT=73616c7473616c74
for v in $VARIANTS; do
    want=$(printf 'correct horse' | "$KARX" kdf pbkdf2 -a "hmac-$(short "$v")" --salt $SALT -i 1000 -n 40)
    [ ${#want} -eq 80 ] || bad "karx kdf pbkdf2 hmac-$(short "$v") gave [$want]"
    got=$(openssl kdf $KP -keylen 40 -kdfopt digest:"$v" -kdfopt 'pass:correct horse' \
        -kdfopt hexsalt:$SALT -kdfopt iter:1000 PBKDF2 2>&1 | low)
    expect "openssl kdf PBKDF2 digest:$v" "$want" "$got"
done
want=$(printf 'pw' | "$KARX" kdf pbkdf2 -a hmac-lsh256-256 --salt $SALT -i 1000 -n 32)
expect "openssl kdf PBKDF2 -digest LSH256-256, text salt" "$want" \
    "$(openssl kdf $KP -keylen 32 -digest LSH256-256 -kdfopt pass:pw -kdfopt salt:saltsalt -kdfopt iter:1000 PBKDF2 2>&1 | low)"
expect "OpenSSL's own PBKDF2 over karx's LSH-256-256" "$want" \
    "$(openssl kdf $OP -propquery provider=default -keylen 32 -kdfopt digest:LSH-256-256 -kdfopt pass:pw -kdfopt salt:saltsalt -kdfopt iter:1000 PBKDF2 2>&1 | low)"
if openssl kdf $OP -propquery provider=default -keylen 32 -kdfopt digest:LSH-512-512 -kdfopt pass:pw \
    -kdfopt salt:saltsalt -kdfopt iter:1000 PBKDF2 >"$T/out" 2>&1
then bad "OpenSSL's own PBKDF2 over LSH-512-512 succeeded"; else ok; fi
# pkcs5:0 turns SP 800-132's lower bounds on: 8 bytes of salt are refused
openssl kdf $KP -keylen 32 -kdfopt digest:LSH-256-256 -kdfopt pass:pw -kdfopt salt:saltsalt \
    -kdfopt iter:1000 -kdfopt pkcs5:0 PBKDF2 >"$T/out" 2>&1 && bad "PBKDF2 pkcs5:0 8-byte salt" || ok

# ---- KBKDF: OpenSSL's form (r 32, 4-byte [L]) and karx's options r and karx-l-bytes ----
LABEL=6c6162656c CONTEXT=636f6e74657874
kb() { # kb DESCRIPTION "karx kbkdf args" "openssl kdfopts"
    want=$("$KARX" kdf kbkdf $2 --label $LABEL --context $CONTEXT -n 40)
    [ ${#want} -eq 80 ] || bad "$1: karx kdf kbkdf gave [$want]"
    got=$(openssl kdf $KP -keylen 40 $3 -kdfopt hexsalt:$LABEL -kdfopt hexinfo:$CONTEXT KBKDF 2>&1 | low)
    expect "openssl kdf KBKDF $1" "$want" "$got"
}
kb "counter CMAC LEA-128-CBC" "-a cmac-lea128 -K $K16 --counter-bits 32 --l-bytes 4" \
    "-kdfopt mac:CMAC -kdfopt cipher:LEA-128-CBC -kdfopt hexkey:$K16"
kb "counter HMAC LSH-512-512, r 16, TTAK [L]" "-a hmac-lsh512-512 -K $K300 --counter-bits 16 --l-bytes 0" \
    "-mac HMAC -digest LSH-512-512 -kdfopt hexkey:$K300 -kdfopt r:16 -kdfopt karx-l-bytes:0"
kb "feedback HMAC LSH-256-224, r 8" "-a hmac-lsh256-224 --mode feedback --iv $IV -K 0001 --counter-bits 8 --l-bytes 4" \
    "-kdfopt mode:feedback -kdfopt mac:HMAC -kdfopt digest:LSH-256-224 -kdfopt hexkey:0001 -kdfopt hexseed:$IV -kdfopt r:8"
kb "double-pipeline CMAC HIGHT, no counter" "-a cmac-hight --mode pipeline -K $K16 --counter-bits 0 --l-bytes 2" \
    "-kdfopt mode:double-pipeline -kdfopt mac:CMAC -kdfopt cipher:HIGHT -kdfopt hexkey:$K16 -kdfopt r:0 -kdfopt karx-l-bytes:2"
want=$("$KARX" kdf kbkdf -a hmac-lsh256-256 -K 0001 --label $LABEL --context $CONTEXT --counter-bits 32 --l-bytes 4 -n 40)
expect "OpenSSL's own KBKDF over karx's LSH-256-256" "$want" \
    "$(openssl kdf $OP -propquery provider=default -keylen 40 -kdfopt mac:HMAC -kdfopt digest:LSH-256-256 -kdfopt hexkey:0001 -kdfopt hexsalt:$LABEL -kdfopt hexinfo:$CONTEXT KBKDF 2>&1 | low)"
# OpenSSL's own KBKDF fetches HMAC (and the digest) with its "properties" param: pointed at
# karx's HMAC it works at LSH-512 too; with none it finds OpenSSL's HMAC (default is activated
# first in $OP) and fails (the 144-byte limit)
want=$("$KARX" kdf kbkdf -a hmac-lsh512-512 -K 0001 --label $LABEL --counter-bits 32 --l-bytes 4 -n 40)
expect "OpenSSL's own KBKDF over karx's HMAC and LSH-512-512" "$want" \
    "$(openssl kdf $OP -propquery provider=default -keylen 40 -kdfopt mac:HMAC -kdfopt digest:LSH-512-512 -kdfopt properties:provider=karx -kdfopt hexkey:0001 -kdfopt hexsalt:$LABEL KBKDF 2>&1 | low)"
if openssl kdf $OP -propquery provider=default -keylen 40 -kdfopt mac:HMAC -kdfopt digest:LSH-512-512 \
    -kdfopt hexkey:0001 KBKDF >"$T/out" 2>&1
then bad "OpenSSL's own KBKDF over OpenSSL's HMAC and LSH-512-512 succeeded"; else ok; fi
openssl kdf $KP -keylen 40 -kdfopt mac:HMAC -kdfopt digest:LSH-256-256 -kdfopt hexkey:0001 \
    -kdfopt use-l:0 KBKDF >"$T/out" 2>&1 && bad "KBKDF use-l:0" || ok
grep -q "always writes" "$T/out" && ok || bad "KBKDF use-l:0: no reason given: $(cat "$T/out")"

# ---- docs/OPENSSL.md's command lines, as shown (FILE a file here; $K16, $IV, $SALT, $LABEL,
# $CONTEXT, $KEY as above) ----
cd "$T" || exit 1
cp "$T/msg" FILE
upper() { tr 'a-f' 'A-F'; }
doc_line 'P="-provider-path build/ossl-modules -provider default -provider karx"'
eval "$CMD"
want=$(karx_mac -a hmac-lsh512-512 -K 6b6579 FILE)
expect "karx mac prints lower-case hex and the file" "$want  FILE" "$("$KARX" mac -a hmac-lsh512-512 -K 6b6579 FILE)"
doc_line 'karx mac -a hmac-lsh512-512 -K 6b6579 FILE'
doc_line 'openssl mac $P -propquery provider=karx -digest LSH-512-512 -macopt hexkey:6b6579 -in FILE HMAC'
expect "doc: openssl mac HMAC (upper-case hex)" "$(echo "$want" | upper)" "$(eval "$CMD" 2>&1)"
doc_line 'openssl mac $P -macopt hexkey:6b6579 -in FILE HMAC-LSH-512-512'
expect "doc: openssl mac HMAC-LSH-512-512, the same tag" "$(echo "$want" | upper)" "$(eval "$CMD" 2>&1)"
doc_line 'openssl mac $P -propquery provider=karx -cipher LEA-128-CBC -macopt hexkey:$K16 -in FILE CMAC'
expect "doc: openssl mac CMAC" "$(karx_mac -a cmac-lea128 -K $K16 FILE | upper)" "$(eval "$CMD" 2>&1)"
doc_line 'openssl mac $P -propquery provider=karx -cipher LEA-128-GCM -macopt hexkey:$K16 -macopt hexiv:$IV -in FILE GMAC'
expect "doc: openssl mac GMAC" "$(karx_mac -a gmac-lea128 -K $K16 --iv $IV FILE | upper)" "$(eval "$CMD" 2>&1)"
# OpenSSL's own HMAC over LSH-512: "MAC parameter error" and nothing else
expect "OpenSSL's HMAC over LSH-512-512: the whole message" "MAC parameter error" \
    "$(openssl mac $P -propquery provider=default -digest LSH-512-512 -macopt hexkey:6b6579 -in FILE HMAC 2>&1)"

KEY=$K300
doc_line 'P="-provider-path build/ossl-modules -provider default -provider karx -propquery provider=karx"'
eval "$CMD"
doc_line '#   = printf password | karx kdf pbkdf2 -a hmac-lsh256-256 --salt $SALT -i 1000 -n 32' 's/^#   = //' 's/ karx kdf / "$KARX" kdf /'
want=$(eval "$CMD")
[ ${#want} -eq 64 ] && ok || bad "karx kdf pbkdf2 gave [$want]"
doc_line 'openssl kdf $P -keylen 32 -kdfopt digest:LSH-256-256 -kdfopt pass:password -kdfopt hexsalt:$SALT -kdfopt iter:1000 PBKDF2'
got=$(eval "$CMD" 2>&1)
expect "doc: openssl kdf PBKDF2" "$want" "$(echo "$got" | low)"
# openssl kdf's form: XX:XX:... (upper case, colons)
echo "$got" | grep -Eqx '([0-9A-F]{2}:){31}[0-9A-F]{2}' && ok || bad "openssl kdf output form: [$got]"
doc_line '#   = karx kdf kbkdf -a cmac-lea128 -K $K16 --label $LABEL --context $CONTEXT --counter-bits 32 --l-bytes 4 -n 40' 's/^#   = //' 's/^karx kdf /"$KARX" kdf /'
want=$(eval "$CMD")
[ ${#want} -eq 80 ] && ok || bad "karx kdf kbkdf gave [$want]"
doc_line 'openssl kdf $P -keylen 40 -kdfopt mac:CMAC -kdfopt cipher:LEA-128-CBC -kdfopt hexkey:$K16 \'
doc_line '    -kdfopt hexsalt:$LABEL -kdfopt hexinfo:$CONTEXT KBKDF'
expect "doc: openssl kdf KBKDF CMAC" "$want" "$(openssl kdf $P -keylen 40 -kdfopt mac:CMAC -kdfopt cipher:LEA-128-CBC -kdfopt hexkey:$K16 \
    -kdfopt hexsalt:$LABEL -kdfopt hexinfo:$CONTEXT KBKDF 2>&1 | low)"
doc_line 'openssl kdf $P -keylen 40 -kdfopt mode:feedback -kdfopt mac:HMAC -kdfopt digest:LSH-512-512 \'
doc_line '    -kdfopt hexkey:$KEY -kdfopt hexseed:$IV -kdfopt r:8 -kdfopt karx-l-bytes:0 KBKDF'
expect "doc: openssl kdf KBKDF feedback HMAC LSH-512-512 r 8, TTAK [L]" \
    "$("$KARX" kdf kbkdf -a hmac-lsh512-512 --mode feedback -K "$KEY" --iv $IV --counter-bits 8 --l-bytes 0 -n 40)" \
    "$(openssl kdf $P -keylen 40 -kdfopt mode:feedback -kdfopt mac:HMAC -kdfopt digest:LSH-512-512 \
    -kdfopt hexkey:$KEY -kdfopt hexseed:$IV -kdfopt r:8 -kdfopt karx-l-bytes:0 KBKDF 2>&1 | low)"
# the two CLIs' [L] defaults: karx kdf kbkdf writes the TTAK form (= --l-bytes 0), the provider
# OpenSSL's 4 bytes (the CMAC line above, against --l-bytes 4)
a=$("$KARX" kdf kbkdf -a cmac-lea128 -K $K16 --label $LABEL -n 40)
expect "karx kdf kbkdf default [L] = --l-bytes 0" "$("$KARX" kdf kbkdf -a cmac-lea128 -K $K16 --label $LABEL --l-bytes 0 -n 40)" "$a"
[ "$a" != "$("$KARX" kdf kbkdf -a cmac-lea128 -K $K16 --label $LABEL --l-bytes 4 -n 40)" ] && ok ||
    bad "karx kdf kbkdf: --l-bytes 4 the same as the default"
cd - >/dev/null || exit 1

# ---- through a config file: with default activated first (or default_properties
# "?provider=default"), a plain "HMAC" stays OpenSSL's (HMAC-SHA256 keeps working) and
# -propquery provider=karx (or a karx-only name) reaches ours ----
conf() { # conf FILE FIRST SECOND [DEFAULT_PROPERTIES]
    {
        echo "openssl_conf = openssl_init"
        echo "[openssl_init]"
        echo "providers = provider_sect"
        [ -z "$4" ] || echo "alg_section = alg_sect"
        echo "[provider_sect]"
        echo "$2 = $2_sect"
        echo "$3 = $3_sect"
        echo "[karx_sect]"
        echo "module = $MODS/karx.so"
        echo "activate = 1"
        echo "[default_sect]"
        echo "activate = 1"
        [ -z "$4" ] || printf '[alg_sect]\ndefault_properties = %s\n' "$4"
    } >"$1"
}
conf "$T/default_first.cnf" default karx
conf "$T/defprops.cnf" karx default "?provider=default"
SHA=$(OPENSSL_CONF=/dev/null openssl mac -digest SHA256 -macopt hexkey:6b6579 -in "$T/msg" HMAC 2>&1)
[ ${#SHA} -eq 64 ] || bad "OpenSSL's HMAC-SHA256 gave [$SHA]"
want=$(karx_mac -a hmac-lsh512-512 -K 6b6579 "$T/msg")
for c in default_first defprops; do
    expect "config $c: HMAC-SHA256 is OpenSSL's" "$SHA" \
        "$(OPENSSL_CONF=$T/$c.cnf openssl mac -digest SHA256 -macopt hexkey:6b6579 -in "$T/msg" HMAC 2>&1)"
    expect "config $c: -propquery provider=karx" "$want" \
        "$(OPENSSL_CONF=$T/$c.cnf openssl mac -propquery provider=karx -digest LSH-512-512 -macopt hexkey:6b6579 -in "$T/msg" HMAC 2>&1 | low)"
    expect "config $c: HMAC-LSH-512-512" "$want" \
        "$(OPENSSL_CONF=$T/$c.cnf openssl mac -macopt hexkey:6b6579 -in "$T/msg" HMAC-LSH-512-512 2>&1 | low)"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
