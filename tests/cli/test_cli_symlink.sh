#!/bin/sh
# -o OUT (every command's output file, cli/out_file.c) and karx cavp's FILE.rsp through a symbolic
# link another user planted in a sticky world-writable folder (/tmp): the kernel's
# fs.protected_symlinks rule must hold as it does for the shell's '>'. karx used to read the link
# and rename its temporary file onto the target, so root running `karx cavp /tmp/X.req` or
# `karx enc -o /tmp/x` replaced (or, through a dangling link, created) a file of the link owner's
# choosing. Now: `karx: OUT: Permission denied`, exit 1, the target untouched. Links the rule
# allows (root's own, one owned by the folder's owner, any outside a sticky world-writable
# folder, any with the sysctl at 0) are written through as before (test_cli_output.sh).
# Needs root, a user to plant the links as (nobody), setpriv or runuser, and a writable
# fs.protected_symlinks; it sets the sysctl to 1 for its own run and restores the old value.
# Exit 77 (skipped, not a pass) without them.
# usage: test_cli_symlink.sh PATH/TO/karx
KARX=$1
. "$(dirname "$0")/lib.sh"
SYSCTL=/proc/sys/fs/protected_symlinks
skip() { echo "SKIP: test_cli_symlink: $*" >&2; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root (links planted by another user, the sysctl)"
id nobody > /dev/null 2>&1 || skip "no user 'nobody' to plant the links"
NB=$(id -u nobody)
if command -v setpriv > /dev/null 2>&1; then
    as_nobody() { setpriv --reuid="$NB" --regid="$(id -g nobody)" --clear-groups "$@"; }
elif command -v runuser > /dev/null 2>&1; then
    as_nobody() { runuser -u nobody -- "$@"; }
else
    skip "neither setpriv nor runuser to act as nobody"
fi
OLD=$(cat "$SYSCTL" 2> /dev/null) || skip "no $SYSCTL"
restore() { echo "$OLD" > "$SYSCTL"; }
echo 1 2> /dev/null > "$SYSCTL" || skip "$SYSCTL is not writable here"
trap 'restore; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP

K=00112233445566778899aabbccddeeff
IV=000102030405060708090a0b0c0d0e0f
enc() { "$KARX" enc -c lea128 -m ctr -K $K --iv $IV -i "$T/in" "$@"; }
lines() { wc -l < "$1" | tr -d ' '; }
listing() { ls -A "$1" | tr '\n' ' ' | sed 's/ $//'; }
chmod 755 "$T"
printf 'some plaintext' > "$T/in"
enc -o "$T/want"
REQ='LEA128(ECB)KAT'
printf 'KEY = 000102030405060708090A0B0C0D0E0F\nPT = 00112233445566778899AABBCCDDEEFF\n' > "$T/$REQ.req"
"$KARX" cavp -o "$T" "$T/$REQ.req"
mv "$T/$REQ.rsp" "$T/want.rsp"
mkdir -m 755 "$T/root"                 # root's files, out of nobody's reach
S=$T/sticky
mkdir -m 1777 "$S"                     # root's sticky world-writable folder, like /tmp
cp "$T/$REQ.req" "$S/$REQ.req"
victim() { echo precious > "$T/root/victim"; chmod 644 "$T/root/victim"; }

# the kernel enforces it here: the shell's '>' is refused (else the check below proves nothing)
victim
as_nobody ln -s "$T/root/victim" "$S/l"
( echo x > "$S/l" ) 2> /dev/null && skip "the kernel let '>' through $S/l with $SYSCTL=1"
expect "the shell's > refused" precious "$(cat "$T/root/victim")"

# refused: nobody's link to an existing file, and a dangling one, for enc -o and for cavp
as_nobody ln -s "$T/root/fresh" "$S/dangling"
for l in l dangling; do
    victim
    enc -o "$S/$l" 2> "$T/err"
    expect "enc -o through nobody's $l: exit" 1 $?
    expect "enc -o through nobody's $l: message" "karx: $S/$l: Permission denied" "$(cat "$T/err")"
    expect "enc -o through nobody's $l: victim untouched" precious "$(cat "$T/root/victim")"
    [ ! -e "$T/root/fresh" ] && ok || bad "enc -o through nobody's $l: created the dangling target"
    [ -L "$S/$l" ] && ok || bad "enc -o: nobody's $l replaced"
done
for l in l dangling; do
    victim
    rm -f "$S/$REQ.rsp"
    as_nobody ln -s "$(readlink "$S/$l")" "$S/$REQ.rsp"
    "$KARX" cavp "$S/$REQ.req" 2> "$T/err"
    expect "cavp beside the request, nobody's $l: exit" 1 $?
    expect "cavp, nobody's $l: message" "karx: $S/$REQ.rsp: Permission denied" "$(cat "$T/err")"
    "$KARX" cavp -o "$S" "$T/$REQ.req" 2> "$T/err"
    expect "cavp -o DIR, nobody's $l: exit" 1 $?
    expect "cavp -o DIR, nobody's $l: one line" 1 "$(lines "$T/err")"
    expect "cavp, nobody's $l: victim untouched" precious "$(cat "$T/root/victim")"
    [ ! -e "$T/root/fresh" ] && ok || bad "cavp through nobody's $l: created the dangling target"
done
# a chain: root's link to nobody's link (each hop is checked, as the kernel does)
ln -s "$S/l" "$S/rootlink"
victim
enc -o "$S/rootlink" 2> "$T/err"
expect "root's link to nobody's link: exit" 1 $?
expect "root's link to nobody's link: victim untouched" precious "$(cat "$T/root/victim")"
expect "no stray files in the sticky folder" "$REQ.req $REQ.rsp dangling l rootlink" "$(listing "$S")"
expect "no stray files beside the victim" "victim" "$(listing "$T/root")"

# allowed, as by the kernel: root's own link in the sticky folder
ln -s "$T/root/victim" "$S/mine"
victim
enc -o "$S/mine"
expect "root's own link: exit" 0 $?
cmp -s "$T/want" "$T/root/victim" && ok || bad "root's own link: target not written"
[ -L "$S/mine" ] && ok || bad "root's own link replaced"
rm -f "$S/$REQ.rsp"
ln -s "$T/root/victim" "$S/$REQ.rsp"
"$KARX" cavp "$S/$REQ.req"
expect "cavp through root's own link: exit" 0 $?
cmp -s "$T/want.rsp" "$T/root/victim" && ok || bad "cavp through root's own link: target not written"
# a link owned by the sticky folder's owner (nobody's folder, nobody's link)
mkdir -m 1777 "$T/nbdir"
chown "$NB" "$T/nbdir"
as_nobody ln -s "$T/root/victim" "$T/nbdir/l"
victim
enc -o "$T/nbdir/l"
expect "link owned by the folder's owner: exit" 0 $?
cmp -s "$T/want" "$T/root/victim" && ok || bad "link owned by the folder's owner: not written"
# nobody's links outside a sticky world-writable folder: an ordinary one, a sticky one others
# cannot write
for mode in 755 1755 777; do
    mkdir -m $mode "$T/d$mode"
    ln -s "$T/root/victim" "$T/d$mode/l"
    chown -h "$NB" "$T/d$mode/l"
    victim
    enc -o "$T/d$mode/l"
    expect "nobody's link in a $mode folder: exit" 0 $?
    cmp -s "$T/want" "$T/root/victim" && ok || bad "nobody's link in a $mode folder: not written"
done
# the sysctl at 0: the kernel follows every link, and so does karx
echo 0 > "$SYSCTL"
victim
enc -o "$S/l"
expect "protected_symlinks=0: exit" 0 $?
cmp -s "$T/want" "$T/root/victim" && ok || bad "protected_symlinks=0: not written through the link"
enc -o "$S/dangling"
expect "protected_symlinks=0, dangling: exit" 0 $?
cmp -s "$T/want" "$T/root/fresh" && ok || bad "protected_symlinks=0: dangling target not created"
restore

echo "test_cli_symlink: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
