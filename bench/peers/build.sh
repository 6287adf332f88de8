#!/bin/sh
# Builds karx's peer benchmarks (bench/peers/bench.cpp: Crypto++ 8.7 and OpenSSL 3 from Debian's
# packages; sessions.c: OpenSSL and, where installed, IPsec-MB) into OUT (default: build/peers at the top of the source tree) and prints the
# binary's path as its last line. Installs g++, libcrypto++-dev and libssl-dev with apt-get when
# one is missing and this runs as root; otherwise says what is missing in one line and exits 1.
# usage: bench/peers/build.sh [OUT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/build/peers}

missing=""
command -v g++ > /dev/null 2>&1 || missing="$missing g++"
command -v make > /dev/null 2>&1 || missing="$missing make"
[ -f /usr/include/cryptopp/lsh.h ] || missing="$missing libcrypto++-dev"
[ -f /usr/include/openssl/evp.h ] || missing="$missing libssl-dev"
if [ -n "$missing" ]; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get > /dev/null 2>&1; then
        echo "bench/peers/build.sh: missing$missing; install them as root: apt-get install -y$missing" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    { apt-get update -qq && apt-get install -y -qq $missing; } > /dev/null ||
        { echo "bench/peers/build.sh: apt-get install -y$missing failed" >&2; exit 1; }
fi
# IPsec-MB is optional: the sessions peers measure it where it is installed (tried, not required)
if [ ! -f /usr/include/intel-ipsec-mb.h ] && [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libipsec-mb-dev > /dev/null 2>&1 ||
        echo "bench/peers/build.sh: libipsec-mb-dev not installed: IPsec-MB rows will be missing" >&2
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
make -s -C "$here" OUT="$out" "$out/peer-bench" "$out/peer-sessions" >&2
echo "$out/peer-bench"
