#!/bin/sh
# The absolute-path guard of scripts/check-structure.sh sees a planted machine path and passes a
# clean tree (a guard that could not fail would hide a machine path written into the repository).
# usage: test_path_guard.sh BUILD_DIR
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/clean" "$tmp/planted"
printf 'specs = "../shared/specs/models"\n' > "$tmp/clean/a.py"
# the planted path is put together here, so this file names no machine path itself
printf 'specs = "/%s/shared/specs/models"\n' work > "$tmp/planted/a.py"
if ! KARX_PATH_GUARD_ROOT="$tmp/clean" bash "$root/scripts/check-structure.sh" "$build" > "$tmp/out" 2>&1; then
    cat "$tmp/out"; echo "FAIL: the guard refused a clean tree"; exit 1
fi
if KARX_PATH_GUARD_ROOT="$tmp/planted" bash "$root/scripts/check-structure.sh" "$build" > "$tmp/out" 2>&1; then
    cat "$tmp/out"; echo "FAIL: the guard passed a planted machine path"; exit 1
fi
grep -q 'absolute machine paths' "$tmp/out" || { cat "$tmp/out"; echo "FAIL: no guard message"; exit 1; }
echo "1 passed, 0 failed: path guard"
