# Shared by the CLI test scripts (sourced: . "$(dirname "$0")/lib.sh"): a scratch folder $T
# removed on exit, and the pass / fail counters each script prints in its closing line.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() { # expect DESCRIPTION WANT GOT
    if [ "$2" = "$3" ]; then ok; else bad "$1: want [$2] got [$3]"; fi
}
size() { wc -c < "$1" | tr -d ' '; }
lines() { echo $(($(wc -l < "$1"))); }
# hex2bin HEX FILE: the bytes, written with printf octal escapes (no od -r / xxd needed)
hex2bin() {
    h=$1 fmt=
    while [ -n "$h" ]; do
        rest=${h#??}
        v=$((0x${h%"$rest"}))
        fmt="$fmt\\$((v / 64))$((v / 8 % 8))$((v % 8))"
        h=$rest
    done
    printf "$fmt" > "$2"
}
bin2hex() { od -An -v -tx1 "$1" | tr -d ' \n'; }
lower() { printf '%s' "$1" | tr 'A-F' 'a-f'; }
# fails DESCRIPTION EXIT COMMAND...: that exit, exactly one "karx: ..." line on stderr, no stdout
fails() {
    d=$1 want=$2
    shift 2
    "$@" > "$T/f.out" 2> "$T/f.err"
    rc=$?
    expect "$d: exit" "$want" "$rc"
    expect "$d: one stderr line" 1 "$(lines "$T/f.err")"
    case $(cat "$T/f.err") in karx:*) ok ;; *) bad "$d: stderr [$(cat "$T/f.err")]" ;; esac
    expect "$d: stdout empty" 0 "$(size "$T/f.out")"
}
