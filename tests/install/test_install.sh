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

fail=0
[ "$got" = "$want" ] || { echo "find_package consumer printed [$got]"; fail=1; }
[ "$got2" = "$want" ] || { echo "pkg-config consumer printed [$got2]"; fail=1; }
echo "test_install: $((2 - fail)) passed, $fail failed"
exit $fail
