#!/usr/bin/env bash
# The shape the registry keeps (issue 14), checked on a build folder:
#  - no two files call each other in a circle, and no include circle (scripts/check-cycles.py);
#  - each cipher id is named in at most 2 files under src/, cli/, python/src and provider/ (its descriptor,
#    plus at most one more), so that adding a cipher is its folder and one registry line;
#  - the front ends (the CLI with cli/cavp/, and the OpenSSL provider in provider/) include only
#    public headers (include/karx/) and their own headers;
#  - a cipher family's name (lea, hight, cham, aria) is written into code only in its own folder,
#    its public header, the registry tables and the known answers, or is a known exception listed
#    in scripts/family-names.baseline (scripts/check-family-names.py says what code is);
#  - the CUDA code puts every copy, memset and launch on a stream of its handle: those streams
#    are non-blocking, so work on the legacy default stream (cudaMemset, cudaMemcpy) is not
#    ordered with them (a key-wiping cudaMemset once overtook the next call's key upload);
#  - no development machine's absolute path (/work/...) is written into a tracked file: paths in
#    the repository are relative to it (KARX_PATH_GUARD_ROOT=DIR checks DIR's files instead, for
#    the guard's own test).
# KARX_CHECK_ROOT=DIR runs the source checks (all but the call graph, which reads BUILD_DIR) on
# the tree DIR instead of this repository: the guards' tests plant faults in a copy.
# usage: scripts/check-structure.sh [BUILD_DIR]   (default: build)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
build=$(cd "${1:-build}" && pwd)
cd "${KARX_CHECK_ROOT:-$here}"
fail=0

python3 "$here/scripts/check-cycles.py" --root . "$build" || fail=1

ids=$(sed -n 's/^ *\(KARX_CIPHER_[A-Z0-9_]*\) = [0-9]*.*/\1/p' include/karx/cipher.h)
[ -n "$ids" ] || { echo "check-structure: no cipher ids found in include/karx/cipher.h"; exit 1; }
spread=0
for id in $ids; do
    files=$(grep -rlw "$id" src cli python/src provider || true)
    n=$(printf '%s' "$files" | grep -c . || true)
    if [ "$n" -gt 2 ]; then
        echo "check-structure: $id is named in $n files (at most 2):" $files
        spread=1
    fi
done
if [ "$spread" = 0 ]; then
    echo "check-structure: $(echo "$ids" | wc -w) cipher ids, each named in at most 2 files"
else
    fail=1
fi

# Front ends on public headers: every #include "X" of cli/ (cli/cavp/ too) and provider/ names
# karx/X (a file of include/karx/) or a header of the same front end.
includes_ok=1
for fe in cli provider; do
    while IFS= read -r line; do
        file=${line%%:*}
        inc=$(printf '%s\n' "$line" | sed 's/^[^"]*"\([^"]*\)".*/\1/')
        case "$inc" in
        karx/*) [ -f "include/$inc" ] && continue ;;
        */*) ;;
        *) [ -n "$(find "$fe" -name "$inc" -print -quit)" ] && continue ;;
        esac
        echo "check-structure: $file includes \"$inc\": not a public header nor one of $fe/'s own"
        includes_ok=0
    done < <(grep -rn --include='*.c' --include='*.h' '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$fe" || true)
done
if [ "$includes_ok" = 1 ]; then
    echo "check-structure: the CLI (cli/, cli/cavp/) and the provider include only public headers and their own"
else
    fail=1
fi

python3 "$here/scripts/check-family-names.py" --root . || fail=1

# Device work without a stream: cudaMemset/cudaMemcpy/cudaMemcpy2D (not *Async), and kernel
# launches whose <<<...>>> names fewer than four arguments.
if grep -nE 'cuda(Memset|Memcpy|Memcpy2D|Memset2D)\(|<<<[^,>]*(,[^,>]*){0,2}>>>' src/gpu/*.cu src/gpu/*.h; then
    echo "check-structure: device work on the legacy default stream (above): use the handle's streams"
    fail=1
else
    echo "check-structure: every CUDA copy, memset and launch names one of the handle's streams"
fi
# /work/ is where the development machines keep their checkouts; nothing in the tree may name it.
guard_root=${KARX_PATH_GUARD_ROOT:-.}
if [ -d "$guard_root/.git" ] || git -C "$guard_root" rev-parse --git-dir > /dev/null 2>&1; then
    abs=$(git -C "$guard_root" grep -nI -e '/work/' -- . ':!scripts/check-structure.sh' || true)
else
    abs=$(grep -rnI -e '/work/' "$guard_root" || true)
fi
if [ -n "$abs" ]; then
    printf '%s\n' "$abs" | head -20
    echo "check-structure: absolute machine paths in the tree (above); name paths relative to the repository"
    fail=1
else
    echo "check-structure: no absolute machine paths in the tree"
fi

exit $fail
