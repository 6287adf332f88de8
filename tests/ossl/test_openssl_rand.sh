# `openssl rand` drawing from karx's CTR_DRBG over LEA, set up the way a user does it: an
# openssl.cnf whose [random] section names karx's DRBG (docs/OPENSSL.md).
# usage: sh test_openssl_rand.sh MODULES_DIR PATH/TO/karx SOURCE_DIR
# (the karx CLI is not compared here: `openssl rand` takes no chosen entropy, so its output can
# not be reproduced; test_ossl_rand proves the bytes through EVP against the known answers.)
#
# How we know the bytes came from karx's DRBG, not OpenSSL's own CTR-DRBG:
#  1. a config that loads ONLY karx (no default provider): the library context then has no
#     other RAND implementation at all, yet `openssl rand` works (karx seeds from getrandom);
#  2. with default loaded too, `openssl list -random-instances` names "KARX-CTR-DRBG @ karx" with
#     cipher LEA-128-CTR for the primary, public and private DRBGs;
#  3. the same config with cipher = AES-256-CTR (which OpenSSL's CTR-DRBG would take) makes
#     `openssl rand` fail with karx's own error: its DRBG is the one that was asked.
# karx's DRBGs have only names of their own (KARX-CTR-DRBG, ...), so no properties line is
# needed, and activating karx first leaves OpenSSL's CTR-DRBG serving programs that did not
# ask for karx's (checked below).
. "$3/tests/cli/lib.sh"
MODS=$(cd "$1" && pwd) SRC=$3
. "$3/tests/ossl/doc_lines.sh"
mod=$MODS/karx.so

# conf FILE CIPHER PROPERTIES LOAD_DEFAULT(1|0) [RANDOM_NAME]  (default, when loaded, first)
conf() {
    {
        echo "openssl_conf = openssl_init"
        echo "[openssl_init]"
        echo "providers = provider_sect"
        echo "random = random_sect"
        echo "[provider_sect]"
        [ "$4" = 1 ] && echo "default = default_sect"
        echo "karx = karx_sect"
        echo "[karx_sect]"
        echo "module = $mod"
        echo "activate = 1"
        echo "[default_sect]"
        echo "activate = 1"
        echo "[random_sect]"
        echo "random = ${5:-KARX-CTR-DRBG}"
        echo "cipher = $2"
        [ -n "$3" ] && echo "properties = $3"
    } > "$1"
}

# rand hex of N bytes through config FILE (stderr into $T/err)
orand() { OPENSSL_CONF="$1" openssl rand -hex "$2" 2> "$T/err"; }
is_hex() { printf '%s' "$1" | grep -Eq "^[0-9a-f]{$2}\$"; }

conf "$T/karx.cnf" LEA-128-CTR "" 1
a=$(orand "$T/karx.cnf" 32) && ok || bad "openssl rand: $(cat "$T/err")"
is_hex "$a" 64 && ok || bad "64 hex digits: [$a]"
b=$(orand "$T/karx.cnf" 32) || bad "openssl rand again: $(cat "$T/err")"
[ -n "$a" ] && [ "$a" != "$b" ] && ok || bad "two runs gave the same bytes [$a]"

# a long request (EVP splits it into requests of 64 KiB: max_request)
OPENSSL_CONF="$T/karx.cnf" openssl rand -out "$T/big" 200000 2> "$T/err" || bad "200000 bytes: $(cat "$T/err")"
expect "200000 bytes" 200000 "$(wc -c < "$T/big" | tr -d ' ')"

# 2. who serves the library context
OPENSSL_CONF="$T/karx.cnf" openssl list -random-instances > "$T/inst" 2>&1 || bad "list -random-instances"
expect "primary, public, private all karx's" 3 "$(grep -c 'KARX-CTR-DRBG @ karx' "$T/inst")"
expect "all over LEA-128-CTR" 3 "$(grep -c "cipher: 'LEA-128-CTR'" "$T/inst")"

# 1. karx alone: nothing else could produce these bytes
conf "$T/alone.cnf" LEA-256-CTR "" 0
expect "karx is the only provider" 1 "$(OPENSSL_CONF="$T/alone.cnf" openssl list -providers | grep -c 'status: active')"
c=$(orand "$T/alone.cnf" 32) && ok || bad "karx alone: $(cat "$T/err")"
is_hex "$c" 64 && ok || bad "karx alone, 64 hex digits: [$c]"

# 3. a cipher karx's CTR_DRBG does not have: the error is karx's, no bytes come out
conf "$T/aes.cnf" AES-256-CTR "" 1
d=$(orand "$T/aes.cnf" 32) && bad "AES-256-CTR through karx gave [$d]" || ok
grep -q "KARX-CTR-DRBG has no cipher AES-256-CTR" "$T/err" && ok || bad "karx's error: $(cat "$T/err")"
[ -z "$d" ] && ok || bad "output despite the error: [$d]"

# the other DRBGs (a properties line is accepted, not needed)
conf "$T/hight.cnf" HIGHT-CTR provider=karx 1 KARX-CTR-DRBG
e=$(orand "$T/hight.cnf" 16) && is_hex "$e" 32 && ok || bad "KARX-CTR-DRBG over HIGHT: $(cat "$T/err")"
conf "$T/hash.cnf" LEA-128-CTR "" 1 KARX-HASH-DRBG
echo "digest = LSH-512-256" >> "$T/hash.cnf"
f=$(orand "$T/hash.cnf" 16) && is_hex "$f" 32 && ok || bad "KARX-HASH-DRBG over LSH-512-256: $(cat "$T/err")"
OPENSSL_CONF="$T/hash.cnf" openssl list -random-instances > "$T/inst" 2>&1
expect "KARX-HASH-DRBG over LSH" 3 "$(grep -c 'KARX-HASH-DRBG @ karx' "$T/inst")"
conf "$T/hmac.cnf" LEA-128-CTR "" 1 KARX-HMAC-DRBG
echo "digest = LSH-256-256" >> "$T/hmac.cnf"
g=$(orand "$T/hmac.cnf" 16) && is_hex "$g" 32 && ok || bad "KARX-HMAC-DRBG: $(cat "$T/err")"

# Loading karx must not break what worked without it: karx activated FIRST on the command
# line, no [random] section. OpenSSL 3.0 takes a plain name from the first-activated provider,
# so karx has none of OpenSSL's DRBG names and OpenSSL's own CTR-DRBG still serves.
h=$(openssl rand -provider-path "$1" -provider karx -provider default -hex 16 2> "$T/err")
is_hex "$h" 32 && ok || bad "openssl rand, karx first: [$h] $(cat "$T/err")"
# `openssl enc` draws a random salt: two encryptions differ and both decrypt. (EVP_BytesToKey,
# not -pbkdf2: with karx first, plain PBKDF2 and HMAC are karx's, LSH only; see docs/OPENSSL.md.)
printf 'karx first, then default: a random salt\n' > "$T/plain"
for i in 1 2; do
    openssl enc -provider-path "$1" -provider karx -provider default -aes-128-cbc -md sha256 \
        -pass pass:x -in "$T/plain" -out "$T/sealed$i" 2> "$T/err" && ok ||
        bad "enc with a random salt, karx first: $(cat "$T/err")"
    openssl enc -d -provider-path "$1" -provider karx -provider default -aes-128-cbc -md sha256 \
        -pass pass:x -in "$T/sealed$i" -out "$T/opened" 2> "$T/err" && cmp -s "$T/plain" "$T/opened" &&
        ok || bad "enc -d, karx first: $(cat "$T/err")"
done
cmp -s "$T/sealed1" "$T/sealed2" && bad "two encryptions with the same salt" || ok

# ---- docs/OPENSSL.md's [random] configuration, as shown (with this build's module path) ----
doc_block 'random = KARX-CTR-DRBG' "$T/that.cnf"
sed -i "s#^module = .*#module = $mod#" "$T/that.cnf"
expect "doc's config: cipher = LEA-128-CTR" 1 "$(grep -cx 'cipher = LEA-128-CTR' "$T/that.cnf")"
a=$(orand "$T/that.cnf" 32) && is_hex "$a" 64 && ok || bad "doc's config: openssl rand: [$a] $(cat "$T/err")"
doc_line 'OPENSSL_CONF=that.cnf openssl list -random-instances'
(cd "$T" && eval "$CMD") >"$T/inst" 2>&1 || bad "doc: list -random-instances"
expect "doc: primary, public, private: KARX-CTR-DRBG @ karx" 3 "$(grep -c '^  KARX-CTR-DRBG @ karx$' "$T/inst")"
expect "doc: cipher: 'LEA-128-CTR' for all three" 3 "$(grep -c "^  cipher: 'LEA-128-CTR'\$" "$T/inst")"
expect "doc: primary, public, private" "primary: public: private:" "$(grep -E '^[a-z]+:$' "$T/inst" | tr '\n' ' ' | sed 's/ $//')"
# without the cipher line OpenSSL asks for AES-256-CTR, which karx's CTR_DRBG refuses: no bytes
grep -v '^cipher' "$T/that.cnf" >"$T/nocipher.cnf"
d=$(orand "$T/nocipher.cnf" 8) && bad "no cipher line: openssl rand gave [$d]" || ok
grep -q "KARX-CTR-DRBG has no cipher AES-256-CTR" "$T/err" && ok || bad "no cipher line: $(cat "$T/err")"
[ -z "$d" ] && ok || bad "no cipher line: output [$d]"
# "Other choices": LEA-256-CTR and HIGHT-CTR (above), the HASH and HMAC DRBGs over LSH-512-256
for r in KARX-HASH-DRBG KARX-HMAC-DRBG; do
    sed -e "s/^random = KARX-CTR-DRBG$/random = $r/" -e 's/^cipher = .*/digest = LSH-512-256/' "$T/that.cnf" >"$T/other.cnf"
    e=$(orand "$T/other.cnf" 16) && is_hex "$e" 32 && ok || bad "$r over LSH-512-256: $(cat "$T/err")"
    OPENSSL_CONF="$T/other.cnf" openssl list -random-instances >"$T/inst" 2>&1
    expect "$r @ karx, digest LSH-512-256" 3 "$(grep -c "$r @ karx" "$T/inst")"
    expect "$r: digest: 'LSH-512-256'" 3 "$(grep -c "digest: 'LSH-512-256'" "$T/inst")"
done
# RAND: `openssl rand -provider karx -provider default -hex 4` (karx first, no [random])
h=$(openssl rand -provider-path "$MODS" -provider karx -provider default -hex 4 2>"$T/err")
is_hex "$h" 8 && ok || bad "openssl rand -provider karx -provider default -hex 4: [$h] $(cat "$T/err")"

# the list, as the provider offers it
openssl list -random-generators -provider-path "$1" -provider karx > "$T/list" 2>&1 || bad "list -random-generators"
for n in KARX-CTR-DRBG KARX-HASH-DRBG KARX-HMAC-DRBG; do
    grep -q "^ *$n @ karx\$" "$T/list" && ok || bad "$n in: $(cat "$T/list")"
done
# and none of OpenSSL's names (the karx-first checks above depend on that)
expect "karx's DRBG names" 3 "$(grep -c '@ karx$' "$T/list")"

echo "test_openssl_rand: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
