#!/bin/sh
# scripts/check-structure.sh's front-end include check covers cli/cavp/ and provider/: a copy of
# the tree (KARX_CHECK_ROOT) with a library-internal header included from cli/cavp/ and from
# provider/ fails with both named; the unplanted copy has no include finding.
# usage: test_structure_guard.sh BUILD_DIR
set -eu
. "$(dirname "$0")/guard_common.sh"
build=$(cd "$1" && pwd)
mkdir -p "$tmp/tree" "$tmp/nopaths"
(cd "$root" && git ls-files -z -- src include cli provider python/src | xargs -0 cp --parents -t "$tmp/tree")
run() { KARX_CHECK_ROOT="$tmp/tree" KARX_PATH_GUARD_ROOT="$tmp/nopaths" \
        bash "$root/scripts/check-structure.sh" "$build" > "$tmp/out" 2>&1; }

run || true
grep -q 'include only public headers and their own' "$tmp/out" || bad "the unplanted copy has include findings"

printf '#include "../../src/registry/registry.h"\n' >> "$tmp/tree/cli/cavp/cavp_name.c"
printf '#include "registry/registry.h"\n' >> "$tmp/tree/provider/prov_util.c"
run && bad "the guard passed planted internal includes"
grep -q 'cli/cavp/cavp_name.c includes "../../src/registry/registry.h"' "$tmp/out" ||
    bad "the planted cli/cavp/ include is not named"
grep -q 'provider/prov_util.c includes "registry/registry.h"' "$tmp/out" ||
    bad "the planted provider/ include is not named"

[ "$fails" = 0 ] || exit 1
echo "3 passed, 0 failed: front-end include guard over cli/cavp/ and provider/"
