#!/bin/sh
# scripts/check-family-names.py: the repository passes against its baseline; in a copy of the
# tree, a family name planted in code outside the family's places (a string in provider/, an
# identifier in cli/cavp/, a mixed-case name in python/src/) fails with each named; one planted
# in a comment, in the family's own folder or in its public header passes; an exception removed
# from the code fails until its baseline line goes (the baseline only shrinks).
# usage: test_family_names_guard.sh
set -eu
. "$(dirname "$0")/guard_common.sh"
check() { python3 "$root/scripts/check-family-names.py" "$@" > "$tmp/out" 2>&1; }
fresh() {
    rm -rf "$tmp/tree" && mkdir -p "$tmp/tree"
    (cd "$root" && git ls-files -z -- src include cli provider python/src | xargs -0 cp --parents -t "$tmp/tree")
}

check || bad "the repository does not pass against its baseline"
fresh
check --root "$tmp/tree" || bad "a copy of the tree does not pass"

# not findings: comments, the family's folder, its header
printf '/* LEA, HIGHT, CHAM and ARIA in a comment */\n// "aria256"\n' >> "$tmp/tree/provider/prov_util.c"
printf 'static const char *const planted = "lea128";\n' >> "$tmp/tree/src/lea/lea_desc.c"
printf '#define KARX_PLANTED_HIGHT "hight"\n' >> "$tmp/tree/include/karx/hight.h"
printf '"""A docstring naming CHAM."""\n' >> "$tmp/tree/python/src/karx/_errors.py"
check --root "$tmp/tree" || bad "a comment, docstring, own folder or own header counted"

# findings
printf 'static const char *const planted = "ARIA-128-GCM";\n' >> "$tmp/tree/provider/prov_util.c"
printf 'static int planted_KARX_CIPHER_CHAM64_128;\n' >> "$tmp/tree/cli/cavp/cavp_file.c"
printf 'PlantedLeaKey = 1\n' >> "$tmp/tree/python/src/karx/_errors.py"
check --root "$tmp/tree" && bad "the guard passed planted family names"
grep -q 'provider/prov_util.c: ARIA: a cipher family named' "$tmp/out" || bad "string in provider/ not named"
grep -q 'cli/cavp/cavp_file.c: planted_KARX_CIPHER_CHAM64_128: a cipher family' "$tmp/out" ||
    bad "identifier in cli/cavp/ not named"
grep -q 'python/src/karx/_errors.py: PlantedLeaKey: a cipher family' "$tmp/out" ||
    bad "mixed-case name in python/src/ not named"

# a baselined exception removed from the code: its line must go
fresh
sed -i 's/"lea256"/"planted-default"/' "$tmp/tree/cli/cmd_rand.c"
check --root "$tmp/tree" && bad "the guard passed a stale baseline line"
grep -q 'cli/cmd_rand.c: lea256: in the baseline but no longer found' "$tmp/out" ||
    bad "the stale baseline line is not named"

[ "$fails" = 0 ] || exit 1
echo "5 passed, 0 failed: family-name guard (planted names, non-findings, stale baseline)"
