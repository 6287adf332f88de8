# Sourced by the test_openssl_*.sh scripts (after tests/cli/lib.sh, with SRC = the source tree
# and MODS = the folder holding karx.so): what docs/OPENSSL.md shows in its code blocks, taken
# from the doc itself, so that a command or configuration a user copies from it is the one the
# test runs, and a change to the doc that the test does not follow fails here.
DOC=$(cd "$SRC" && pwd)/docs/OPENSSL.md

# In the sanitizer build LD_PRELOAD holds the ASan runtime, for the openssl command that loads
# the instrumented karx.so; the text tools of these scripts must not run under it (mawk reads
# past a buffer in memcmp and ASan aborts it: openssl_rand failed that way in the ASan run).
awk() { env -u LD_PRELOAD awk "$@"; }
[ -f "$DOC" ] || bad "no $DOC"

# doc_line 'TEXT' [SED-EXPR ...]: TEXT must appear verbatim in OPENSSL.md (a failure otherwise);
# sets CMD to TEXT with `build/ossl-modules` made $MODS and each SED-EXPR applied (for eval).
doc_line() {
    grep -qF -- "$1" "$DOC" && ok || bad "docs/OPENSSL.md no longer shows [$1]"
    _e="s#build/ossl-modules#$MODS#g"
    _l=$1
    shift
    for _x in "$@"; do _e="$_e
$_x"; done
    CMD=$(printf '%s\n' "$_l" | sed -e "$_e")
}

# doc_block 'TEXT' FILE: writes to FILE the first fenced code block of OPENSSL.md that has a
# line holding TEXT (without the fences); a failure, and FILE empty, when there is none.
doc_block() {
    awk -v pat="$1" '
        /^```/ { if (inb) { if (hit) { printf "%s", buf; exit } inb = 0; buf = ""; hit = 0 } else inb = 1; next }
        inb { buf = buf $0 "\n"; if (index($0, pat)) hit = 1 }' "$DOC" >"$2"
    [ -s "$2" ] && ok || bad "docs/OPENSSL.md has no code block with [$1]"
}
