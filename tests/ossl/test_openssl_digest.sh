# The provider's LSH digests from the `openssl` command, as a user types it, and from Python's
# hashlib through OPENSSL_CONF; every answer compared with `karx hash`.
# usage: sh test_openssl_digest.sh MODULES_DIR PATH/TO/karx SOURCE_DIR
MODS=$(cd "$1" && pwd) KARX=$2 SRC=$3
case $KARX in /*) ;; *) KARX=$PWD/$KARX ;; esac # the test cds into its scratch folder
. "$3/tests/cli/lib.sh"
. "$3/tests/ossl/doc_lines.sh"
P="-provider-path $MODS -provider karx -provider default"
VARIANTS="LSH-256-224 LSH-256-256 LSH-512-224 LSH-512-256 LSH-512-384 LSH-512-512"
short() { echo "$1" | sed 's/^LSH-/lsh/'; }          # LSH-512-512 -> lsh512-512 (karx's CLI name)
nodash() { echo "$1" | sed 's/^LSH-/LSH/'; }         # LSH-512-512 -> LSH512-512

# Files: empty, one byte, both sides of the 128- and 256-byte blocks, 100 KB random.
: >"$T/empty"
printf 'a' >"$T/one"
for n in 127 128 129 255 256 257 513; do head -c $n /dev/urandom >"$T/b$n"; done
head -c 102400 /dev/urandom >"$T/big"
FILES="$T/empty $T/one $T/b127 $T/b128 $T/b129 $T/b255 $T/b256 $T/b257 $T/b513 $T/big"

karx_hex() { "$KARX" hash -a "$(short "$1")" "$2" | cut -d' ' -f1; }

for v in $VARIANTS; do
    # all the files in one call each: karx's "HEX  FILE" lines made into openssl's two forms
    "$KARX" hash -a "$(short "$v")" $FILES >"$T/karx" || bad "karx hash -a $(short "$v")"
    expect "karx hash: one line per file" 10 "$(grep -c . "$T/karx")"
    want=$(awk -v v="$v" '{ print v "(" $2 ")= " $1 }' "$T/karx")
    expect "dgst -$v" "$want" "$(openssl dgst $P -"$v" $FILES 2>&1)"
    want=$(awk '{ print $1 " *" $2 }' "$T/karx")
    expect "dgst -$v -r" "$want" "$(openssl dgst $P -"$v" -r $FILES 2>&1)"
    # OPENSSL.md: the -r lines ("HEX *FILE") are a list that karx hash -c checks
    openssl dgst $P -"$v" -r $FILES >"$T/r.sums" 2>&1
    expect "karx hash -c of dgst -$v -r" 0 "$("$KARX" hash -a "$(short "$v")" --quiet -c "$T/r.sums" >/dev/null 2>&1; echo $?)"
    f=$T/b257 want=$(karx_hex "$v" "$T/b257")
    [ ${#want} -ge 56 ] || bad "karx hash -a $(short "$v") $f gave [$want]"
    # the aliases as options: -lsh512-512 (karx's name, lower case) and -LSH512-512
    expect "dgst -$(short "$v")" "$v($f)= $want" "$(openssl dgst $P -"$(short "$v")" "$f" 2>&1)"
    expect "dgst -$(nodash "$v")" "$v($f)= $want" "$(openssl dgst $P -"$(nodash "$v")" "$f" 2>&1)"
    # standard input
    expect "dgst -$v < $f" "$want" "$(openssl dgst $P -"$v" -r <"$f" 2>&1 | cut -d' ' -f1)"
done

# docs/OPENSSL.md's command lines, as shown (FILE a file here)
cd "$T" || exit 1
cp "$T/b257" FILE
want=$(karx_hex LSH-512-512 FILE)
doc_line 'openssl dgst -provider-path build/ossl-modules -provider karx -provider default -LSH-512-512 FILE'
expect "doc: dgst -LSH-512-512 FILE" "LSH-512-512(FILE)= $want" "$(eval "$CMD" 2>&1)"
want=$(karx_hex LSH-256-256 FILE)
doc_line 'openssl dgst ... -lsh256-256 -r FILE' "s#\.\.\.#$P#"
expect "doc: dgst -lsh256-256 -r FILE (HEX *FILE)" "$want *FILE" "$(eval "$CMD" 2>&1)"
expect "karx hash prints HEX  FILE" "$want  FILE" "$("$KARX" hash -a lsh256-256 FILE)"
eval "$CMD" >r.sums 2>&1
expect "karx hash -c checks dgst -r" "FILE: OK" "$("$KARX" hash -a lsh256-256 -c r.sums 2>&1)"
doc_line 'openssl list -digest-algorithms -provider-path build/ossl-modules -provider karx'
expect "doc: openssl list -digest-algorithms" 6 "$(eval "$CMD" 2>&1 | grep -c '@ karx')"
# "What OpenSSL 3.0 cannot do": 3.0's dgst has no -digest NAME option
if openssl version | grep -q '^OpenSSL 3\.0\.'; then
    openssl dgst $P -digest LSH-512-512 FILE >"$T/out" 2>&1 && bad "openssl 3.0 dgst -digest worked" || ok
    grep -q "Unknown option or message digest: digest" "$T/out" && ok || bad "dgst -digest: $(head -1 "$T/out")"
fi
cd - >/dev/null || exit 1

# Without the provider the name is unknown: the test above really went through karx.so.
openssl dgst -LSH-512-512 "$T/one" >"$T/out" 2>&1 && bad "dgst -LSH-512-512 without karx succeeded" || ok

# The list: each variant once, with its no-dash alias, from karx.
openssl list -digest-algorithms -provider-path "$MODS" -provider karx >"$T/list" 2>&1 || bad "openssl list"
for v in $VARIANTS; do
    expect "list $v" 1 "$(grep -c "{ $v, $(nodash "$v") } @ karx" "$T/list")"
done
expect "list: only the six from karx" 6 "$(grep -c '@ karx' "$T/list")"

# ---- Python's hashlib through OPENSSL_CONF ----
# Observed with CPython 3.11.7 on OpenSSL 3.0 (docs/OPENSSL.md, "Python's hashlib"): _hashlib
# looks names it does not know up with EVP_MD_fetch(NULL, name, NULL) in the default library
# context, which OPENSSL_CONF configures, so hashlib.new("LSH-512-512") works, by every alias,
# with usedforsecurity=False ("-fips" query) and through _hashlib.new too. What it cannot do:
# .name is "undefined" (it names a digest by its NID; LSH has none), LSH is not listed in
# hashlib.algorithms_available (the listing skips NID_undef digests), and hmac over LSH-512
# fails (OpenSSL's HMAC holds at most a 144-byte block). These are asserted so that a change in
# Python or OpenSSL shows up here.
# The configuration is the doc's (Python's hashlib section), with this build's module path.
doc_block 'module = /abs/path/build/ossl-modules/karx.so' "$T/openssl.cnf"
sed -i "s#^module = .*#module = $MODS/karx.so#" "$T/openssl.cnf"
cat >"$T/lsh.py" <<'EOF'
import hashlib, hmac, sys, _hashlib
names, path = sys.argv[1].split(","), sys.argv[2]
data = open(path, "rb").read()
for n in names:
    for alias in (n, n.replace("LSH-", "LSH", 1), n.replace("LSH-", "lsh", 1)):
        print(alias, hashlib.new(alias, data).hexdigest())
    print(n + "/nosec", hashlib.new(n, data, usedforsecurity=False).hexdigest())
    print(n + "/_hashlib", _hashlib.new(n, data).hexdigest())
    h = hashlib.new(n, data[:100]); c = h.copy(); c.update(data[100:])
    print(n + "/copy", c.hexdigest())
h = hashlib.new("LSH-256-256")
print("attrs", h.name, h.digest_size, h.block_size, "LSH-256-256" in hashlib.algorithms_available)
print("repr", repr(h).split(" object")[0].split(" at ")[0])
# HMAC-LSH-256 through OpenSSL against HMAC written out over hashlib's LSH-256-256
k = b"key"; kp = k.ljust(128, b"\0")
inner = hashlib.new("LSH-256-256", bytes(x ^ 0x36 for x in kp) + data).digest()
mine = hashlib.new("LSH-256-256", bytes(x ^ 0x5c for x in kp) + inner).hexdigest()
print("hmac256", hmac.new(k, data, "LSH-256-256").hexdigest() == mine)
try:
    hmac.new(k, data, "LSH-512-512"); print("hmac512 works")
except ValueError:
    print("hmac512 ValueError")
EOF
# one call for what this Python is: "OpenSSL>=3 is-3.11" ("" when there is no _hashlib)
py=$(python3 -c 'import sys, ssl, _hashlib
print(ssl.OPENSSL_VERSION_INFO[0] >= 3, sys.version_info[:2] == (3, 11))' 2>/dev/null)
if [ -z "$py" ]; then
    echo "SKIP (not counted): no python3 with _hashlib"
elif [ "${py% *}" != True ]; then
    # before 3.0 _hashlib can only use EVP_get_digestbyname: providers do not exist
    echo "SKIP (not counted): python3's OpenSSL is older than 3.0"
else
    f=$T/b257
    OPENSSL_CONF=$T/openssl.cnf python3 "$T/lsh.py" "$(echo $VARIANTS | tr ' ' ,)" "$f" >"$T/py" 2>&1 ||
        bad "python hashlib: $(tail -1 "$T/py")"
    for v in $VARIANTS; do
        want=$(karx_hex "$v" "$f")
        for k in "$v" "$(nodash "$v")" "$(short "$v")" "$v/nosec" "$v/_hashlib" "$v/copy"; do
            expect "python hashlib.new($k)" "$k $want" "$(grep "^$k " "$T/py")"
        done
    done
    if [ "${py#* }" = True ]; then
        expect "python .name/size/block/listed" "attrs undefined 32 128 False" "$(grep '^attrs' "$T/py")"
        expect "python repr" "repr <undefined _hashlib.HASH" "$(grep '^repr' "$T/py")"
    else
        grep '^attrs' "$T/py" # other Pythons may name it: shown, not asserted
    fi
    expect "python hmac LSH-256-256" "hmac256 True" "$(grep '^hmac256' "$T/py")"
    expect "python hmac LSH-512-512 (144-byte limit)" "hmac512 ValueError" "$(grep '^hmac512' "$T/py")"
    # the doc's one-liner, exactly (karx.cnf: the configuration above)
    cp "$T/openssl.cnf" "$T/karx.cnf"
    printf abc >"$T/abc"
    doc_line "OPENSSL_CONF=karx.cnf python3 -c 'import hashlib; print(hashlib.new(\"LSH-512-512\", b\"abc\").hexdigest())'"
    expect "doc: python3 hashlib.new(LSH-512-512, abc)" "$(karx_hex LSH-512-512 "$T/abc")" "$(cd "$T" && eval "$CMD" 2>&1)"
    # and without the configuration hashlib does not know the name
    OPENSSL_CONF=/dev/null python3 -c 'import hashlib; hashlib.new("LSH-512-512")' >"$T/out" 2>&1 &&
        bad "hashlib.new(LSH-512-512) without the provider" || ok
    grep -q "unsupported hash type LSH-512-512" "$T/out" || bad "no-provider error: $(tail -1 "$T/out")"
fi

echo "openssl_digest: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
