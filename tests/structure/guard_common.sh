# Sourced (POSIX sh, under set -eu) by the guard tests here: root is the checkout, tmp a scratch
# folder removed on exit, and `bad MESSAGE` shows the guard's output ($tmp/out) and counts one
# failure in fails.
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { cat "$tmp/out"; echo "FAIL: $*"; fails=$((fails + 1)); }
