#!/bin/sh
# `openssl speed -evp` over karx.so beside OpenSSL's own AES and SHA (the issue's command, as a
# user runs it), on 16 KiB and 1 MiB buffers; then bench/ossl_evp (the same operations through
# karx's API and through EVP in one process). Output: Markdown on stdout, JSON rows in OUT.
# usage: bench/ossl_speed.sh [BUILD [SECONDS [OUT.jsonl]]]   (default build, 1 s, no JSON)
set -eu
build=${1:-build}
secs=${2:-1}
json=${3:-}
mods=$build/ossl-modules
[ -f "$mods/karx.so" ] || { echo "ossl_speed: no $mods/karx.so (build with libssl-dev installed)" >&2; exit 1; }
echo "openssl speed -provider-path $mods -provider karx -provider default -evp NAME -bytes N -seconds $secs"
echo "($(openssl version), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo
echo "| algorithm | provider | 16 KiB GB/s | 1 MiB GB/s |"
echo "|---|---|---|---|"
for name in LSH-256-256 LSH-512-512 LEA-128-CTR HIGHT-CTR CHAM128-128-CTR LEA-128-GCM \
    SHA256 SHA512 AES-128-CTR AES-128-GCM; do
    case $name in LSH* | LEA* | HIGHT* | CHAM*) prov=karx ;; *) prov=default ;; esac
    row="| $name | $prov |"
    for n in 16384 1048576; do
        # the last line of -mr output: +F:<n>:<name>:<bytes per second>
        # the provider options first: 3.0's speed looks -evp's name up when it reads it
        bps=$(openssl speed -provider-path "$mods" -provider karx -provider default -mr -evp "$name" \
            -bytes "$n" -seconds "$secs" 2> /dev/null | sed -n 's/^+F:[0-9]*:[^:]*:\([0-9.e+]*\).*/\1/p' | tail -n 1)
        if [ -z "$bps" ]; then gbs=null; else gbs=$(awk -v b="$bps" 'BEGIN { printf "%.3f", b / 1e9 }'); fi
        if [ "$gbs" = null ]; then row="$row failed |"; else row="$row $gbs |"; fi
        [ -z "$json" ] || printf '{"bench":"openssl_speed","op":"%s","bytes":%s,"gb_per_s":%s,"provider":"%s"}\n' \
            "$name" "$n" "$gbs" "$prov" >> "$json"
    done
    echo "$row"
done
echo
if [ ! -x "$build/ossl_evp" ] || [ bench/ossl_evp.c -nt "$build/ossl_evp" ]; then
    cc -O2 -std=c11 -Iinclude -Icli -DKARX_GIT_COMMIT="\"$(git describe --always --dirty 2> /dev/null || echo unknown)\"" \
        bench/ossl_evp.c cli/bench_timer.c "$build/libkarx.a" -lcrypto -lpthread -o "$build/ossl_evp"
fi
"$build/ossl_evp" "$mods" 31 ${json:+"$json"}
