#!/bin/sh
# karx.so as a module: it exports exactly one symbol, OSSL_provider_init (karx's own symbols,
# linked statically, must not leak into every OpenSSL process), and `openssl list -providers`
# loads it and shows it active with karx's version.
# usage: test_openssl_module.sh MODULES_DIR PATH/TO/karx SOURCE_DIR
MODS=$(cd "$1" && pwd) KARX=$2 SRC=$3
. "$3/tests/cli/lib.sh"
. "$3/tests/ossl/doc_lines.sh"
so=$MODS/karx.so
[ -f "$so" ] && ok || bad "no $so"
syms=$(nm -D --defined-only "$so" 2> /dev/null | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' | sort | tr '\n' ' ')
expect "exported symbols" "OSSL_provider_init " "$syms"
openssl list -providers -provider-path "$MODS" -provider karx > "$T/list" 2> "$T/err"
expect "openssl list -providers exit" 0 $?
grep -q 'status: active' "$T/list" && ok || bad "not active: $(cat "$T/list" "$T/err")"
version=$("$KARX" --version | awk '{ print $2 }')
grep -q "version: $version" "$T/list" && ok || bad "version [$version] not in: $(cat "$T/list")"

# ---- docs/OPENSSL.md, Install / Configuration / Self-test / Speed, as shown there ----
doc_line 'openssl list -providers -provider karx'
doc_line '(or `OPENSSL_MODULES=$PWD/build/ossl-modules`)'
OPENSSL_MODULES=$MODS openssl list -providers -provider karx >"$T/list" 2>&1
expect "OPENSSL_MODULES: karx found, active" 1 "$(grep -c 'status: active' "$T/list")"
# the provider's name, and (with -verbose) its build info: version, back end, build date
expect "name in openssl list -providers" 1 \
    "$(grep -cxF '    name: karx provider (LSH, LEA, HIGHT, CHAM; KCMVP algorithms)' "$T/list")"
openssl list -providers -verbose -provider-path "$MODS" -provider karx >"$T/list" 2>&1
grep -Eq "^ *build info: karx $version, [a-z0-9]+ back end, built [A-Z][a-z][a-z] [ 0-9][0-9] [0-9]{4}\$" "$T/list" &&
    ok || bad "build info: $(grep 'build info' "$T/list")"
# the snippet appended to the system's openssl.cnf: karx and default both active (karx by name
# from the module directory, here OPENSSL_MODULES)
doc_block '.include /usr/share/karx/karx-openssl.cnf' "$T/inc"
expect "the .include block" ".include /usr/share/karx/karx-openssl.cnf" "$(cat "$T/inc")"
dir=$(openssl version -d | sed -n 's/^OPENSSLDIR: "\(.*\)"$/\1/p')
if [ -f "$dir/openssl.cnf" ]; then
    { cat "$dir/openssl.cnf"; sed "s#/usr/share/karx/#$SRC/cmake/#" "$T/inc"; } >"$T/sys.cnf"
    OPENSSL_CONF=$T/sys.cnf OPENSSL_MODULES=$MODS openssl list -providers >"$T/list" 2>&1
    expect "system openssl.cnf + .include: two active" 2 "$(grep -c 'status: active' "$T/list")"
    expect "system openssl.cnf + .include: karx" 1 "$(grep -cx '  karx' "$T/list")"
    expect "system openssl.cnf + .include: default" 1 "$(grep -cx '  default' "$T/list")"
else
    echo "SKIP (not counted): no $dir/openssl.cnf"
fi
# the snippet's sections, as the doc lists them
for l in '[openssl_init]' 'providers = provider_sect' '[provider_sect]' 'default = default_sect' \
    'karx = karx_sect' '[default_sect]' '[karx_sect]'; do
    expect "karx-openssl.cnf: $l" 1 "$(grep -cxF "$l" "$SRC/cmake/karx-openssl.cnf")"
done
expect "karx-openssl.cnf: two activate = 1" 2 "$(grep -cx 'activate = 1' "$SRC/cmake/karx-openssl.cnf")"
# the full form, with the module's path
doc_block 'module = /usr/lib/x86_64-linux-gnu/ossl-modules/karx.so' "$T/full.cnf"
grep -q '^random' "$T/full.cnf" && bad "the first config block has a [random] section"
sed -i "s#^module = .*#module = $MODS/karx.so#" "$T/full.cnf"
OPENSSL_CONF=$T/full.cnf openssl list -providers >"$T/list" 2>&1
expect "full config: karx and default active" 2 "$(grep -c 'status: active' "$T/list")"
expect "full config: karx" 1 "$(grep -cx '  karx' "$T/list")"
# the one exported symbol is in the version script the doc names
expect "provider/karx.map exports OSSL_provider_init" 1 "$(grep -c 'OSSL_provider_init;' "$SRC/provider/karx.map")"
# files the doc cites as records or tools (a recorded claim is checked by the record existing)
for f in scripts/check-provider-openssl3x.sh tests/install/test_packages.sh bench/ossl_speed.sh bench/ossl_evp.c; do
    [ -f "$SRC/$f" ] && ok || bad "OPENSSL.md cites $f: missing"
done
rec=$SRC/bench/results/20261126-issue16-provider-speed.md
grep -q "within 5.4 %" "$rec" && grep -q "within 4.1 %" "$rec" && ok || bad "Speed: the figures 5.4 % / 4.1 % are not in $rec"
# Speed: 3.0's openssl speed wants the provider options before -evp ...
doc_line 'openssl speed -provider-path build/ossl-modules -provider karx -provider default -evp LEA-128-CTR -bytes 16384'
eval "$CMD" >"$T/speed" 2>&1 && ok || bad "openssl speed: $(tail -3 "$T/speed")"
grep -q "LEA-128-CTR" "$T/speed" && ok || bad "openssl speed printed no LEA-128-CTR row: $(tail -3 "$T/speed")"
# ... and fails with -evp NAME first
openssl speed -evp LEA-128-CTR -provider-path "$MODS" -provider karx -provider default -bytes 16384 >"$T/speed" 2>&1 &&
    bad "openssl speed -evp LEA-128-CTR first succeeded" || ok
grep -q "LEA-128-CTR is an unknown cipher or digest" "$T/speed" && ok || bad "speed -evp first: $(head -1 "$T/speed")"

echo "test_openssl_module: $pass passed, $fail failed"
[ $fail -eq 0 ]
