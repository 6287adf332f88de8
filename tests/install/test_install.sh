#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds two consumers against it: one with
# CMake's find_package(karx), one with pkg-config; both must run and print a known digest. Then
# `make install PREFIX=P`: it builds no test, writes only under P (the provider included), and
# its man pages and completion match the CLI's help (test_docs.sh); `make install-ossl-system`
# copies the provider into a staging folder. The packages: tests/install/test_packages.sh.
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
# loads from there.
if [ -f "$build/ossl-modules/karx.so" ]; then
    mod=$(find "$tmp/prefix" -path '*/ossl-modules/karx.so' | head -n 1)
    if [ -n "$mod" ] && openssl list -providers -provider-path "$(dirname "$mod")" -provider karx \
        2>&1 | grep 'status: active' > /dev/null; then
        pass=$((pass + 1))
    else
        echo "the installed provider [${mod:-none}] does not load"; fail=1
    fi
fi
# make install PREFIX=P: builds only the install targets (no test), writes only under P (the
# provider too: not into the system's module directory), man pages and completion included
if [ -f "$here/../../Makefile" ]; then
    absbuild=$(cd "$build" && pwd)
    sysmods=$(openssl version -m 2> /dev/null | sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p')
    before=$(ls -l --time-style=full-iso "$sysmods/karx.so" 2>&1 || true)
    make -C "$here/../.." install BUILD="$absbuild" PREFIX="$tmp/mk" > "$tmp/mk.log" 2>&1 ||
        { cat "$tmp/mk.log"; echo "make install failed"; fail=1; }
    after=$(ls -l --time-style=full-iso "$sysmods/karx.so" 2>&1 || true)
    # every target it went through is the library's, the CLI's, the provider's or the docs'
    others=$(sed -n 's/.*Built target \([^ ]*\).*/\1/p' "$tmp/mk.log" | grep -vE '^karx(_[a-z0-9_]+)?$' || true)
    if grep -q 'Built target karx_install_deps' "$tmp/mk.log" && [ -z "$others" ]; then
        pass=$((pass + 1))
    else
        echo "make install built more than karx_install_deps:" $others; fail=1
    fi
    outside=$(grep -v "^$tmp/mk/" "$absbuild/install_manifest.txt" || true)
    if [ -s "$absbuild/install_manifest.txt" ] && [ -z "$outside" ] && [ "$before" = "$after" ]; then
        pass=$((pass + 1))
    else
        echo "make install PREFIX wrote outside it: $outside (system module: [$before] -> [$after])"; fail=1
    fi
    if [ -f "$build/ossl-modules/karx.so" ]; then
        find "$tmp/mk" -path '*/ossl-modules/karx.so' | grep . > /dev/null && pass=$((pass + 1)) ||
            { echo "make install put no ossl-modules/karx.so under PREFIX"; fail=1; }
        # the explicit target for the system's module directory, into a staging folder
        make -s -C "$here/../.." install-ossl-system BUILD="$absbuild" OSSL_MODULES=/ossl \
            DESTDIR="$tmp/stage" > /dev/null
        [ -f "$tmp/stage/ossl/karx.so" ] && pass=$((pass + 1)) ||
            { echo "make install-ossl-system did not copy karx.so"; fail=1; }
    fi
    if [ -x "$tmp/mk/bin/karx" ]; then
        bash "$here/test_docs.sh" "$tmp/mk" > "$tmp/docs.log" 2>&1 && pass=$((pass + 1)) ||
            { cat "$tmp/docs.log"; echo "man pages / completion of make install"; fail=1; }
    fi
fi
echo "test_install: $pass passed, $fail failed"
exit $fail
