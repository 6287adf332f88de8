#!/usr/bin/env bash
# The packages of a build (cmake/KarxPackage.cmake), without installing them on this machine:
#  - cpack -G DEB makes libkarx0, libkarx-dev, karx and openssl-provider-karx (the last where the
#    build has the provider), each holding what it should and no more, at the project's version,
#    libkarx-dev depending on libkarx0 of that version;
#  - `dpkg -x` of every .deb into one fresh root, then from it: the CLI (`karx version`, a hash of
#    "abc" against LSH-256-256's known answer), its man pages and completion (test_docs.sh), a
#    pkg-config consumer compiled against the extracted -dev (PKG_CONFIG_LIBDIR into the root
#    only) and a find_package one, both run on the extracted libkarx.so.0; the provider loads
#    from the extracted module directory (`openssl list -providers -provider-path DIR -provider karx`), and the
#    shipped openssl.cnf snippet, included at the end of the system's openssl.cnf, activates it
#    beside default so that `openssl dgst -LSH-256-256` gives the same digest;
#  - cpack -G TGZ: the same components as archives relative to the prefix;
#  - cpack -G RPM where rpmbuild is installed (scripts/setup.sh installs it): the same packages.
# usage: tests/install/test_packages.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "test_packages: $*"; fail=$((fail + 1)); }
# LSH-256-256("abc") (KS X 3262) and LSH-256-256("") (the consumer's)
abc=5fbf365daea5446a7053c52b57404d77a07a5f48a1f7c1963a0898ba1b714741
empty=f3cd416a03818217726cb47f4e4d2881c9c29fd445c18b66fb19dea1a81007c1

version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
[ -n "$version" ] || { echo "test_packages: no CPACK_PACKAGE_VERSION in $build/CPackConfig.cmake"; exit 1; }
provider=0
[ -f "$build/ossl-modules/karx.so" ] && provider=1

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/deb" > "$tmp/cpack-deb.log" 2>&1 ||
    { cat "$tmp/cpack-deb.log"; echo "test_packages: cpack -G DEB failed"; exit 1; }
deb() { ls "$tmp"/deb/"$1"_"$version"_*.deb 2>/dev/null | head -n 1; }
want_pkgs="libkarx0 libkarx-dev karx"
[ $provider = 1 ] && want_pkgs="$want_pkgs openssl-provider-karx"
for p in $want_pkgs; do
    f=$(deb "$p")
    if [ -z "$f" ]; then bad "no ${p}_${version}_*.deb from cpack -G DEB"; continue; fi
    [ "$(dpkg-deb -f "$f" Version)" = "$version" ] && ok || bad "$p: version $(dpkg-deb -f "$f" Version)"
    dpkg-deb -c "$f" | awk '{ print $6 }' | sed 's|^\./||' | grep -v '/$' | sort > "$tmp/$p.files"
done
n=$(ls "$tmp"/deb/*.deb | wc -l)
[ "$n" = "$(echo $want_pkgs | wc -w)" ] && ok || bad "cpack -G DEB made $n packages, not [$want_pkgs]"

# each package's files: every one matches the package's patterns, and each pattern is there
check_files() { # PKG LISTFILE REGEX...
    local p=$1 list=$2 r all stray
    shift 2
    all=$(printf '%s|' "$@")
    stray=$(grep -vE "^(${all%|})$" "$list" || true)
    [ -z "$stray" ] && ok || bad "$p holds files that belong elsewhere: $(echo $stray)"
    for r in "$@"; do
        grep -qE "^($r)$" "$list" && ok || bad "$p has no file matching $r"
    done
}
lib='usr/lib(64|/[a-z0-9_]+-linux-gnu[a-z]*)?'
check_files libkarx0 "$tmp/libkarx0.files" "$lib/libkarx\\.so\\.[0-9]+" "$lib/libkarx\\.so\\.[0-9.]+"
check_files libkarx-dev "$tmp/libkarx-dev.files" 'usr/include/karx/karx\.h' 'usr/include/karx/[a-z0-9_]+\.h' \
    "$lib/libkarx\\.so" "$lib/libkarx\\.a" "$lib/pkgconfig/karx\\.pc" "$lib/cmake/karx/karxConfig\\.cmake" \
    "$lib/cmake/karx/karx[A-Za-z-]+\\.cmake"
check_files karx "$tmp/karx.files" 'usr/bin/karx' 'usr/share/man/man1/karx\.1' \
    'usr/share/man/man1/karx-[a-z0-9]+\.1' 'usr/share/bash-completion/completions/karx' \
    'usr/share/zsh/site-functions/_karx'
# the provider lands in the module directory of the system's OpenSSL, the one it was built for
sysmods=$(openssl version -m | sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p')
if [ $provider = 1 ]; then
    check_files openssl-provider-karx "$tmp/openssl-provider-karx.files" \
        "${sysmods#/}/karx\\.so" 'usr/share/karx/karx-openssl\.cnf'
    case "$(dpkg-deb -f "$(deb openssl-provider-karx)" Depends)" in
        *libssl3*) ok ;; *) bad "openssl-provider-karx does not depend on libssl3 (libcrypto)" ;;
    esac
fi
deps=$(dpkg-deb -f "$(deb libkarx-dev)" Depends)
case ", $deps," in
    *", libkarx0 (= $version),"*) ok ;; *) bad "libkarx-dev depends on [$deps], not libkarx0 (= $version)" ;;
esac

# one fresh root with every package extracted, nothing installed on this machine
root=$tmp/root
for f in "$tmp"/deb/*.deb; do dpkg -x "$f" "$root"; done
got=$("$root/usr/bin/karx" version)
[ "$got" = "karx $version" ] && ok || bad "karx version printed [$got], not [karx $version]"
got=$(printf abc | "$root/usr/bin/karx" hash -a lsh256-256)
[ "$got" = "$abc  -" ] && ok || bad "karx hash of abc printed [$got]"
bash "$here/test_docs.sh" "$root/usr" > "$tmp/docs.log" 2>&1 && ok ||
    { cat "$tmp/docs.log"; bad "test_docs.sh on the extracted packages failed"; }

pcdir=$(dirname "$(find "$root" -name karx.pc | head -n 1)")
libdir=$(dirname "$(find "$root" -name 'libkarx.so.*' | head -n 1)")
got=$(PKG_CONFIG_LIBDIR="$pcdir" PKG_CONFIG_PATH='' pkg-config --modversion karx)
[ "$got" = "$version" ] && ok || bad "pkg-config --modversion karx printed [$got]"
# shellcheck disable=SC2046
cc -o "$tmp/pc-consumer" "$here/consumer/consumer.c" \
    $(PKG_CONFIG_LIBDIR="$pcdir" PKG_CONFIG_PATH='' pkg-config --cflags --libs karx)
got=$(LD_LIBRARY_PATH="$libdir" "$tmp/pc-consumer")
[ "$got" = "$empty" ] && ok || bad "pkg-config consumer printed [$got]"
# it ran on the extracted library, not one installed on the machine
LD_LIBRARY_PATH="$libdir" ldd "$tmp/pc-consumer" | grep "libkarx.so.[0-9]* => $libdir/" > /dev/null && ok ||
    bad "the pkg-config consumer does not load $libdir/libkarx.so"
cmake -S "$here/consumer" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$root/usr" -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF \
    > /dev/null
cmake --build "$tmp/cm" > /dev/null
grep -q "karx_DIR:PATH=$root/" "$tmp/cm/CMakeCache.txt" && ok || bad "find_package(karx) did not find the extracted -dev"
got=$(LD_LIBRARY_PATH="$libdir" "$tmp/cm/consumer")
[ "$got" = "$empty" ] && ok || bad "find_package consumer printed [$got]"

if [ $provider = 1 ]; then
    mods=$root$sysmods
    openssl list -providers -provider-path "$mods" -provider karx > "$tmp/prov.txt" 2>&1 || true
    grep -q 'status: active' "$tmp/prov.txt" && ok || { cat "$tmp/prov.txt"; bad "the extracted provider does not load"; }
    # the snippet at the end of the system's openssl.cnf; karx by name from OPENSSL_MODULES
    cnf=$(openssl version -d | sed -n 's/^OPENSSLDIR: "\(.*\)"$/\1/p')/openssl.cnf
    { cat "$cnf"; printf '\n.include %s\n' "$root/usr/share/karx/karx-openssl.cnf"; } > "$tmp/openssl.cnf"
    OPENSSL_CONF=$tmp/openssl.cnf OPENSSL_MODULES=$mods openssl list -providers > "$tmp/conf.txt" 2>&1 || true
    [ "$(grep -c 'status: active' "$tmp/conf.txt")" = 2 ] && grep -q '^  karx$' "$tmp/conf.txt" &&
        grep -q '^  default$' "$tmp/conf.txt" && ok ||
        { cat "$tmp/conf.txt"; bad "openssl.cnf with karx-openssl.cnf does not activate karx and default"; }
    got=$(printf abc | OPENSSL_CONF=$tmp/openssl.cnf OPENSSL_MODULES=$mods openssl dgst -LSH-256-256 -r 2>&1 || true)
    [ "$got" = "$abc *stdin" ] && ok || bad "openssl dgst -LSH-256-256 through the snippet printed [$got]"
fi

# archives: the same components, relative to the prefix
cpack -G TGZ --config "$build/CPackConfig.cmake" -B "$tmp/tgz" > "$tmp/cpack-tgz.log" 2>&1 ||
    { cat "$tmp/cpack-tgz.log"; echo "test_packages: cpack -G TGZ failed"; exit 1; }
comps="runtime dev cli"
[ $provider = 1 ] && comps="$comps provider"
for c in $comps; do
    f=$(ls "$tmp"/tgz/karx-"$version"-*-"$c".tar.gz 2>/dev/null | head -n 1)
    [ -n "$f" ] && ok || { bad "no karx-$version-*-$c.tar.gz"; continue; }
    mkdir -p "$tmp/tgzroot" && tar -xzf "$f" -C "$tmp/tgzroot"
done
got=$("$tmp/tgzroot/bin/karx" version 2> /dev/null || true)
[ "$got" = "karx $version" ] && [ ! -e "$tmp/tgzroot/usr" ] && ok || bad "the cli archive's bin/karx printed [$got]"

if command -v rpmbuild > /dev/null; then
    cpack -G RPM --config "$build/CPackConfig.cmake" -B "$tmp/rpm" > "$tmp/cpack-rpm.log" 2>&1 ||
        { cat "$tmp/cpack-rpm.log"; echo "test_packages: cpack -G RPM failed"; exit 1; }
    rpms="libkarx0 libkarx-devel karx"
    [ $provider = 1 ] && rpms="$rpms openssl-provider-karx"
    for p in $rpms; do
        f=$(ls "$tmp"/rpm/"$p"-"$version"-*.rpm 2>/dev/null | head -n 1)
        [ -n "$f" ] && ok || bad "no $p-$version-*.rpm from cpack -G RPM"
    done
    f=$(ls "$tmp"/rpm/libkarx-devel-"$version"-*.rpm | head -n 1)
    rpm -qp --requires "$f" 2> /dev/null | grep -x "libkarx0 = $version" > /dev/null && ok ||
        bad "libkarx-devel does not require libkarx0 = $version"
    rpm -qlp "$f" 2> /dev/null | grep '/pkgconfig/karx\.pc$' > /dev/null && ok || bad "libkarx-devel has no karx.pc"
    if [ $provider = 1 ]; then
        rpm -qlp "$tmp"/rpm/openssl-provider-karx-"$version"-*.rpm 2> /dev/null | grep -x "$sysmods/karx.so" > /dev/null &&
            ok || bad "openssl-provider-karx.rpm has no $sysmods/karx.so"
    fi
else
    echo "test_packages: rpmbuild not installed, RPM packages not checked (scripts/setup.sh installs rpm)"
fi

echo "test_packages: $pass passed, $fail failed"
[ $fail = 0 ]
