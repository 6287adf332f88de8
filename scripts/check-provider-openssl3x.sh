#!/usr/bin/env bash
# The OpenSSL provider must build against newer OpenSSL 3.x too, not only Debian 12's 3.0: this
# fetches Debian 13's libssl-dev (OpenSSL 3.5) into a scratch folder (its own apt lists; nothing
# is installed) and compiles provider/*.c and tests/ossl/*.c against those headers, warnings as
# errors. Without a network it says SKIPPED (and why) instead of passing.
# usage: scripts/check-provider-openssl3x.sh [SUITE]   (default trixie)
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-trixie}
work=${KARX_OSSL3X_DIR:-/tmp/karx-openssl-$suite}
mkdir -p "$work/lists/partial" "$work/debs" "$work/root"
echo "deb http://deb.debian.org/debian $suite main" > "$work/sources.list"
o=(-oDir::Etc::SourceList="$work/sources.list" -oDir::Etc::SourceParts=/dev/null
   -oDir::State::Lists="$work/lists" -oAPT::Architecture=amd64 -oDebug::NoLocking=1)
if ! ls "$work"/debs/libssl-dev_*.deb > /dev/null 2>&1; then
    if ! apt-get "${o[@]}" update > "$work/update.log" 2>&1 ||
        ! (cd "$work/debs" && apt-get "${o[@]}" download libssl-dev > "$work/download.log" 2>&1); then
        echo "check-provider-openssl3x: SKIPPED: could not fetch $suite's libssl-dev (see $work/*.log)"
        exit 0
    fi
fi
dpkg -x "$work"/debs/libssl-dev_*.deb "$work/root"
inc="$work/root/usr/include"
ver=$(sed -n 's/^# *define OPENSSL_VERSION_STR "\(.*\)"/\1/p' "$inc/openssl/opensslv.h")
fail=0 n=0
for f in provider/*.c tests/ossl/*.c; do
    n=$((n + 1))
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$inc/x86_64-linux-gnu" -I"$inc" \
        -Iinclude -Iprovider -Itests -Itests/ossl "$f" || { echo "  fails against OpenSSL $ver: $f"; fail=1; }
done
echo "check-provider-openssl3x: $n files against OpenSSL $ver headers: $([ $fail = 0 ] && echo clean || echo FAILED)"
exit $fail
