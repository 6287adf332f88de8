#!/bin/sh
# scripts/check-cycles.py sees circles in provider/: a planted call circle between two provider
# objects (in a copy of BUILD_DIR's object folders) and a planted include circle in a copy of
# provider/. The unplanted copies report neither (the guard reads provider/ at all, and what it
# reports is the plant). usage: test_cycles_guard.sh BUILD_DIR
set -eu
. "$(dirname "$0")/guard_common.sh"
build=$(cd "$1" && pwd)

# calls: the object folders of the three link units, copied; then two provider objects that
# call each other (as prov_aead.c and prov_aead_gcm.c once did)
for sub in CMakeFiles/karx_objects.dir CMakeFiles/karx.dir provider/CMakeFiles/karx_provider.dir; do
    mkdir -p "$tmp/build/$sub"
    (cd "$build/$sub" && find . -name '*.o' | while read -r o; do
        mkdir -p "$tmp/build/$sub/$(dirname "$o")" && cp "$o" "$tmp/build/$sub/$o"; done)
done
python3 "$root/scripts/check-cycles.py" "$tmp/build" > "$tmp/out" 2>&1 || true
grep -q '^check-cycles: provider: [1-9][0-9]* objects' "$tmp/out" || bad "provider objects not read"
grep -q 'provider/prov_' "$tmp/out" && bad "a circle in the unplanted provider"
printf 'void planted_b(void);\nvoid planted_a(void) { planted_b(); }\n' > "$tmp/a.c"
printf 'void planted_a(void);\nvoid planted_b(void) { planted_a(); }\n' > "$tmp/b.c"
prov="$tmp/build/provider/CMakeFiles/karx_provider.dir"
${CC:-cc} -c "$tmp/a.c" -o "$prov/prov_planted_a.c.o"
${CC:-cc} -c "$tmp/b.c" -o "$prov/prov_planted_b.c.o"
if python3 "$root/scripts/check-cycles.py" "$tmp/build" > "$tmp/out" 2>&1; then
    bad "the guard passed a planted call circle in provider/"
fi
grep -q 'calls circle: provider/prov_planted_a.c <-> provider/prov_planted_b.c' "$tmp/out" ||
    bad "the planted provider call circle is not named"

# includes: provider/ and include/ copied, prov.h made to include prov_aead.h (which includes it)
mkdir -p "$tmp/src"
cp -R "$root/provider" "$root/include" "$tmp/src/"
python3 "$root/scripts/check-cycles.py" --root "$tmp/src" "$build" > "$tmp/out" 2>&1 || true
grep -q 'includes circle' "$tmp/out" && bad "an include circle in the unplanted provider"
sed -i 's|^#include "karx/common.h"|#include "karx/common.h"\n#include "prov_aead.h"|' "$tmp/src/provider/prov.h"
if python3 "$root/scripts/check-cycles.py" --root "$tmp/src" "$build" > "$tmp/out" 2>&1; then
    bad "the guard passed a planted include circle in provider/"
fi
grep -q 'includes circle: provider/prov.h <-> provider/prov_aead.h' "$tmp/out" ||
    bad "the planted provider include circle is not named"

[ "$fails" = 0 ] || exit 1
echo "4 passed, 0 failed: cycle guard over provider/ (calls and includes, planted and not)"
