#!/bin/sh
# The peer harness (bench/peers) builds with bench/peers/build.sh into a folder outside the
# source tree and its correctness checks pass (Crypto++ LSH/LEA/CHAM/HIGHT known answers and
# mode consistency, OpenSSL AES-128-GCM known answer). No timing.
# usage: test_peers_build.sh SOURCE_DIR OUT_DIR
set -u
src=$1
out=$2
bin=$(sh "$src/bench/peers/build.sh" "$out" | tail -n 1) || { echo "FAIL: build.sh" >&2; exit 1; }
[ -x "$bin" ] || { echo "FAIL: build.sh printed no binary ($bin)" >&2; exit 1; }
"$bin" --check-only > "$out/check.log" 2>&1 || { echo "FAIL: peer-bench --check-only:" >&2; tail -n 20 "$out/check.log" >&2; exit 1; }
grep -q "^checks: all passed" "$out/check.log" || { echo "FAIL: no 'checks: all passed'" >&2; exit 1; }
echo "ok: $bin --check-only: $(grep "^checks:" "$out/check.log")"
