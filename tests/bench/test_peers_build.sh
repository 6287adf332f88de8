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
# The sessions peers (bench/peers/sessions.c): OpenSSL, and IPsec-MB where installed, each
# checked against OpenSSL's AES-128-GCM / AES-128-CCM record.
ses="$(dirname "$bin")/peer-sessions"
[ -x "$ses" ] || { echo "FAIL: no peer-sessions next to $bin" >&2; exit 1; }
"$ses" --check-only > "$out/sessions.log" 2>&1 || { echo "FAIL: peer-sessions --check-only:" >&2; tail -n 20 "$out/sessions.log" >&2; exit 1; }
grep -q "^peer-sessions: checks passed" "$out/sessions.log" || { echo "FAIL: no 'checks passed' from peer-sessions" >&2; exit 1; }
echo "ok: $ses --check-only$(grep -q 'ipsec-mb: not installed' "$out/sessions.log" && echo ' (IPsec-MB not installed)')"
