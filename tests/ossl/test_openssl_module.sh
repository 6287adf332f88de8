#!/bin/sh
# karx.so as a module: it exports exactly one symbol, OSSL_provider_init (karx's own symbols,
# linked statically, must not leak into every OpenSSL process), and `openssl list -providers`
# loads it and shows it active with karx's version.
# usage: test_openssl_module.sh MODULES_DIR PATH/TO/karx SOURCE_DIR
MODS=$1
KARX=$2
. "$3/tests/cli/lib.sh"
so=$MODS/karx.so
[ -f "$so" ] && ok || bad "no $so"
syms=$(nm -D --defined-only "$so" 2> /dev/null | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' | sort | tr '\n' ' ')
expect "exported symbols" "OSSL_provider_init " "$syms"
openssl list -providers -provider-path "$MODS" -provider karx > "$T/list" 2> "$T/err"
expect "openssl list -providers exit" 0 $?
grep -q 'status: active' "$T/list" && ok || bad "not active: $(cat "$T/list" "$T/err")"
version=$("$KARX" --version | awk '{ print $2 }')
grep -q "version: $version" "$T/list" && ok || bad "version [$version] not in: $(cat "$T/list")"
echo "test_openssl_module: $pass passed, $fail failed"
[ $fail -eq 0 ]
