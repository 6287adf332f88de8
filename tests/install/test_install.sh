#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds two consumers against it: one with
# CMake's find_package(karx), one with pkg-config; both must run and print a known digest.
set -euo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" > /dev/null
want=f3cd416a03818217726cb47f4e4d2881c9c29fd445c18b66fb19dea1a81007c1

cmake -S "$here/consumer" -B "$tmp/c1" -DCMAKE_PREFIX_PATH="$tmp/prefix" > /dev/null
cmake --build "$tmp/c1" > /dev/null
got=$(LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/c1/consumer")

libdir=$(dirname "$(find "$tmp/prefix" -name karx.pc)")
PKG_CONFIG_PATH="$libdir" cc -o "$tmp/c2" "$here/consumer/consumer.c" \
    $(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs karx)
got2=$(LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/c2")

fail=0 pass=0
[ "$got" = "$want" ] && pass=$((pass + 1)) || { echo "find_package consumer printed [$got]"; fail=1; }
[ "$got2" = "$want" ] && pass=$((pass + 1)) || { echo "pkg-config consumer printed [$got2]"; fail=1; }
# The OpenSSL provider, where the build made one: under the prefix in OpenSSL's layout, and it
# loads from there (make install also copies it into `openssl version -m`).
if [ -f "$build/ossl-modules/karx.so" ]; then
    mod=$(find "$tmp/prefix" -path '*/ossl-modules/karx.so' | head -n 1)
    if [ -n "$mod" ] && openssl list -providers -provider-path "$(dirname "$mod")" -provider karx \
        2>&1 | grep -q 'status: active'; then
        pass=$((pass + 1))
    else
        echo "the installed provider [${mod:-none}] does not load"; fail=1
    fi
fi
# make install's own copy, into a staging folder (DESTDIR) instead of the system's
if [ -f "$build/ossl-modules/karx.so" ] && [ -f "$here/../../Makefile" ]; then
    make -s -C "$here/../.." install-ossl BUILD="$(cd "$build" && pwd)" OSSL_MODULES=/ossl \
        DESTDIR="$tmp/stage" > /dev/null
    [ -f "$tmp/stage/ossl/karx.so" ] && pass=$((pass + 1)) || { echo "make install did not copy karx.so"; fail=1; }
fi
echo "test_install: $pass passed, $fail failed"
exit $fail
