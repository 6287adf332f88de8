#!/bin/sh
# karx hash: file names escaped as coreutils' sha256sum escapes them (newline, backslash, CR; a
# leading '\' on the line), in both line formats and on both the streamed and the batched path,
# read back by -c; and -c's --quiet --status --strict --warn --ignore-missing, lists as arguments
# in any order with the options, several lists, and a list on stdin, run side by side with
# sha256sum on the same files (stdout, stderr and exit status must agree: LSH-256-256 and SHA-256
# digests are both 64 hex digits, so the lists differ only in the digests); and the LSH variant
# an untagged line is checked with, picked by its length or -a.
# usage: test_cli_hash_check.sh PATH/TO/karx
KARX=$1
case $KARX in /*) ;; *) KARX=$PWD/$KARX ;; esac   # the tests run it from other folders
LC_ALL=C; export LC_ALL   # sha256sum's messages in English; bytes as bytes in sed and awk
. "$(dirname "$0")/lib.sh"
skip=0
same_file() { # same_file DESCRIPTION WANT_FILE GOT_FILE
    if cmp -s "$2" "$3"; then ok; else bad "$1: want [$(cat "$2")] got [$(cat "$3")]"; fi
}
F=$T/files
mkdir "$F"
NL=$(printf 'new\nline')
BS='back\slash'
CR=$(printf 'cr\rx')
SP='sp ace'
HI=$(printf '\377\376')   # not UTF-8
MIX=$(printf 'a\\\r\nb')  # all three at once
set -- "$NL" "$BS" "$CR" "$SP" "$HI" "$MIX" plain
for n in "$@"; do printf '%s' "content of $n" > "$F/$n"; done
RET=$(printf '\r')
LF='
'
# The comparisons need coreutils 9's sha256sum, the first to escape CR.
HAVE_SHA=0
case $(cd "$F" && sha256sum -- "$CR" 2> /dev/null) in \\*) HAVE_SHA=1 ;; esac
[ $HAVE_SHA = 1 ] || echo "SKIP: no sha256sum escaping CR (coreutils 9) to compare with" >&2
# karx -c writes verdicts as coreutils 9.0/9.1 do: only a name holding a newline is escaped.
# Later sha256sum (9.4 on Ubuntu 24.04) escapes a name with a backslash in them too; side by
# side with that one every list holding such a name would differ, so the comparisons are skipped
# (and counted) there and the written-out 9.1 verdicts below still run.
HAVE_SHA_C=$HAVE_SHA
if [ $HAVE_SHA = 1 ]; then
    (cd "$F" && sha256sum -- "$BS") > "$T/bs.sha"
    case $(cd "$F" && sha256sum -c - < "$T/bs.sha" 2> /dev/null) in
    \\*)
        HAVE_SHA_C=0
        echo "SKIP: this sha256sum ($(sha256sum --version | head -n 1)) escapes backslash names in -c verdicts; karx follows coreutils 9.1" >&2
        ;;
    esac
fi

# hexof NAME: karx's digest of the file's bytes, read through stdin (no name involved)
hexof() { "$KARX" hash < "$F/$1" | cut -c1-64; }
# esc NAME: the name as coreutils writes it, \ -> \\, newline -> \n, CR -> \r
esc() { printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e "s/$RET/\\\\r/g" | awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'; }

# Digest lines, both formats, built by hand from the name and the stdin digest.
for n in "$@"; do
    h=$(hexof "$n")
    case $n in
    *\\* | *"$RET"* | *"$LF"*) lead='\' ;;
    *) lead= ;;
    esac
    want="$lead$h  $(esc "$n")"
    (cd "$F" && "$KARX" hash -- "$n") > "$T/got"
    printf '%s\n' "$want" > "$T/want"
    same_file "line for $(esc "$n")" "$T/want" "$T/got"
    (cd "$F" && "$KARX" hash --device auto -- "$n") > "$T/got"
    same_file "batched line for $(esc "$n")" "$T/want" "$T/got"
    printf '%s\n' "${lead}LSH-256-256 ($(esc "$n")) = $h" > "$T/want"
    (cd "$F" && "$KARX" hash --tag -- "$n") > "$T/got"
    same_file "tag line for $(esc "$n")" "$T/want" "$T/got"
    (cd "$F" && "$KARX" hash --tag --device auto -- "$n") > "$T/got"
    same_file "batched tag line for $(esc "$n")" "$T/want" "$T/got"
done

# One line per file for all of them, and exactly sha256sum's lines but for the digests.
(cd "$F" && "$KARX" hash -- "$@") > "$T/all.lsh"
expect "one line per file" $# "$(wc -l < "$T/all.lsh" | tr -d ' ')"
(cd "$F" && "$KARX" hash --tag -- "$@") > "$T/tag.lsh"
(cd "$F" && "$KARX" hash --device auto -- "$@") > "$T/got"
same_file "batched = streamed, all files" "$T/all.lsh" "$T/got"
(cd "$F" && "$KARX" hash --device auto --tag -- "$@") > "$T/got"
same_file "batched = streamed, all files, tags" "$T/tag.lsh" "$T/got"
if "$KARX" info | grep -q '^gpu: .*self-test passed'; then
    (cd "$F" && "$KARX" hash --device gpu -- "$@") > "$T/got"
    same_file "GPU = streamed, all files" "$T/all.lsh" "$T/got"
    (cd "$F" && "$KARX" hash --device gpu --tag -- "$@") > "$T/got"
    same_file "GPU = streamed, all files, tags" "$T/tag.lsh" "$T/got"
else
    skip=$((skip + 2)); echo "SKIP: no GPU for --device gpu (--device auto ran the CPU batch)" >&2
fi
nodigest() { sed -e 's/^\(\\\{0,1\}\)[0-9a-f]\{64\}  /\1HEX  /' -e 's/^\(\\\{0,1\}\)[A-Z0-9-]* (\(.*\)) = [0-9a-f]\{64\}$/\1ALG (\2) = HEX/' "$1"; }
if [ $HAVE_SHA = 1 ]; then
    (cd "$F" && sha256sum -- "$@") > "$T/all.sha"
    (cd "$F" && sha256sum --tag -- "$@") > "$T/tag.sha"
    nodigest "$T/all.sha" > "$T/want"; nodigest "$T/all.lsh" > "$T/got"
    same_file "same lines as sha256sum" "$T/want" "$T/got"
    nodigest "$T/tag.sha" > "$T/want"; nodigest "$T/tag.lsh" > "$T/got"
    same_file "same --tag lines as sha256sum" "$T/want" "$T/got"
else
    skip=$((skip + 2))
fi

# Round trips through -c (both formats, lists from either path), every file OK.
for l in all tag; do
    (cd "$F" && "$KARX" hash -c "$T/$l.lsh") > "$T/out" 2> "$T/err"
    expect "-c $l rc" 0 $?
    expect "-c $l: every file OK" $# "$(grep -c ': OK$' "$T/out")"
    expect "-c $l: nothing on stderr" "" "$(cat "$T/err")"
done
# A name holding a newline is escaped in -c's verdict too (and only such a name: coreutils 9).
grep -qx '\\new\\nline: OK' "$T/out" && ok || bad "-c escapes the newline name"
grep -qx 'back\\slash: OK' "$T/out" && ok || bad "-c leaves a name without newline as it is"

# Escapes that coreutils would not write make a line improperly formatted.
h=$(hexof plain)
printf '\\%s  pl\\ain\n\\%s  plain\\\nLSH-256-256 (plain) = %s\n' "$h" "$h" "$h" > "$T/badesc"
(cd "$F" && "$KARX" hash -w -c "$T/badesc") > "$T/out" 2> "$T/err"
expect "bad escapes rc (one good line)" 0 $?
expect "bad escapes: two warnings + summary" 3 "$(wc -l < "$T/err" | tr -d ' ')"
# The name in a BSD line ends at the last ')'.
printf 'x' > "$F/a) = b"
printf 'LSH-256-256 (a) = b) = %s\n' "$(hexof 'a) = b')" > "$T/paren"
(cd "$F" && "$KARX" hash -c "$T/paren") > "$T/out"; expect "name holding ') = '" 0 $?
rm "$F/a) = b"
# An unreadable file in the list: one stderr line even for a name holding a newline.
printf '\\%s  gone\\nfile\n' "$h" > "$T/gone"
(cd "$F" && "$KARX" hash -c "$T/gone") > "$T/out" 2> "$T/err"
expect "missing newline name rc" 1 $?
expect "missing newline name: stdout" '\gone\nfile: FAILED open or read' "$(cat "$T/out")"
expect "missing newline name: stderr" "karx: \\gone\\nfile: No such file or directory
karx: WARNING: 1 listed file could not be read" "$(cat "$T/err")"
(cd "$F" && "$KARX" hash "$(printf 'gone\nfile')") 2> "$T/err"
expect "hash of a missing newline name: one stderr line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
(cd "$F" && "$KARX" hash --device auto "$(printf 'gone\nfile')") 2> "$T/err"
expect "batched, missing newline name: one stderr line" 1 "$(wc -l < "$T/err" | tr -d ' ')"

# The check-only options need -c: one line, exit 2.
for o in --quiet --status --strict --warn -w --ignore-missing; do
    "$KARX" hash $o "$F/plain" > "$T/out" 2> "$T/err"
    expect "$o without -c rc" 2 $?
    expect "$o without -c: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
    expect "$o without -c: no digest" "" "$(cat "$T/out")"
done

# Side by side with sha256sum: lists with good, mismatched, missing, unreadable (a directory),
# malformed, comment and empty lines, read from stdin by both.
mkdir "$F/dir"
printf '%s\n' "$h" > "$F/mm1"; printf '%s\n' "$h" > "$F/mm2"
mklists() { # mklists NAME FILE... -> $T/NAME.lsh and $T/NAME.sha
    n=$1; shift
    (cd "$F" && "$KARX" hash -- "$@" 2> /dev/null) > "$T/$n.lsh"
    [ $HAVE_SHA = 0 ] || (cd "$F" && sha256sum -- "$@" 2> /dev/null) > "$T/$n.sha"
}
: > "$F/gone1"; : > "$F/gone2"
mklists good "$@"
mklists mixed plain "$NL" mm1 gone1 "$SP"
mklists missing plain gone2
mklists allgone gone1 gone2
rm "$F/gone1" "$F/gone2"
printf '%s  dir\nnot a checksum line\n\n# a comment\n%s  ' "$h" "$h" > "$T/extra"
for s in lsh sha; do cat "$T/extra" >> "$T/mixed.$s"; done
mklists twomm mm1 mm2 plain
mklists twomal plain
for s in lsh sha; do printf 'junk\n\tjunk 2\n' >> "$T/twomal.$s" 2> /dev/null; done
printf 'junk\n' > "$T/nogood.lsh"; cp "$T/nogood.lsh" "$T/nogood.sha"
mklists bin plain
for s in lsh sha; do sed 's/  plain$/ *plain/' "$T/bin.$s" > "$T/x" 2> /dev/null && cp "$T/x" "$T/bin.$s"; done
mklists plainstd plain
# "HEX NAME" (one space: BSD reversed, md5 -r): taken while the run has seen no "HEX  NAME" line
mklists rev plain "$SP"
for s in lsh sha; do sed 's/^\([0-9a-f]*\)  /\1 /' "$T/rev.$s" > "$T/x" 2> /dev/null && cp "$T/x" "$T/rev.$s"; done
printf 'other' > "$F/mm1"; printf 'other' > "$F/mm2"   # both digests now stale

# tool EXT CMD...: CMD run in $F with each word L:NAME replaced by the list $T/NAME.EXT
tool() {
    ext=$1; shift
    n=$#
    while [ "$n" -gt 0 ]; do
        a=$1; shift; n=$((n - 1))
        case $a in L:*) a=$T/${a#L:}.$ext ;; esac
        set -- "$@" "$a"
    done
    (cd "$F" && "$@")
}
# both STDIN ARGS...: karx hash ARGS and sha256sum ARGS, each with its own lists (L:NAME) and
# its own list STDIN on standard input ('': none), agree on stdout, stderr and exit status.
# karx's stderr may end in one hint line (an untagged digest of a length that two variants
# share did not match), which sha256sum has no reason for: it is set apart. Coreutils
# shell-quotes a name with a space in messages, karx does not: 'standard input' is the one here.
both() {
    in=$1; shift
    what="$* < ${in:-nothing}"
    if [ -n "$in" ]; then kin=$T/$in.lsh sin=$T/$in.sha; else kin=/dev/null sin=/dev/null; fi
    tool lsh "$KARX" hash "$@" < "$kin" > "$T/k.out" 2> "$T/k.err0"; krc=$?
    grep -v '^karx: hint: ' "$T/k.err0" > "$T/k.err"
    expect "$what: at most one hint, last" "$(grep -c '^karx: hint: ' "$T/k.err0")" \
        "$(tail -n 1 "$T/k.err0" | grep -c '^karx: hint: ')"
    if [ $HAVE_SHA_C = 0 ]; then
        skip=$((skip + 1)); return
    fi
    tool sha sha256sum "$@" < "$sin" > "$T/s.out" 2> "$T/s.err"; src=$?
    sed -e 's/^sha256sum: /karx: /' -e 's/ SHA256 checksum line$/ LSH checksum line/' \
        -e "s/^karx: 'standard input': /karx: standard input: /" \
        -e "s|$T/\([a-z0-9]*\)\.sha|$T/\1.lsh|g" "$T/s.err" > "$T/s.err2"
    expect "$what: exit status" "$src" "$krc"
    same_file "$what: stdout" "$T/s.out" "$T/k.out"
    [ -n "$NOERR" ] || same_file "$what: stderr" "$T/s.err2" "$T/k.err"
}
# pair LIST OPTIONS...: the list on stdin as '-c -', the options before it
pair() { l=$1; shift; both "$l" "$@" -c -; }
NOERR=
for l in good mixed missing allgone twomm twomal nogood bin rev; do
    pair $l
    pair $l --quiet
    pair $l --status
    pair $l --strict
    pair $l --warn
    pair $l -w --strict
    pair $l --ignore-missing
    pair $l --quiet --ignore-missing
    pair $l --status --ignore-missing --strict
    pair $l --status -w
    pair $l -w --status
    pair $l --quiet -w
done

# -c is a flag: the lists are the arguments (none: stdin), the options come in any order, and
# several lists are checked in turn, each with its summary.
both "" -c L:good
both "" -c --status L:mixed
both "" --status -c L:mixed
both "" L:mixed -c --quiet
both "" -c -w L:twomal
both "" -cw --strict L:twomal
both "" --check --ignore-missing L:missing
both "" -c --strict L:twomal L:good
both "" -c L:good L:mixed L:missing
both "" -c --quiet L:twomm L:nogood L:bin
both "" -c --ignore-missing L:missing L:allgone
both "" -c --status L:good L:twomal
both "" -c L:good L:nolist L:bin
mkdir "$T/dirlist.lsh" "$T/dirlist.sha"
both "" -c L:dirlist L:good
# the line form a run has seen holds from list to list (coreutils 9.1); a reversed run reads a
# "HEX  NAME" line's name as " NAME", which coreutils shell-quotes in its message: stderr apart
both "" -c L:rev
both "" -c L:plainstd L:rev
NOERR=1 both "" -c L:rev L:plainstd
both good -c
both mixed -c --quiet
both twomm -c -w
both good -c L:mixed - L:twomm
both good --status -c -

# The same verdicts checked without sha256sum (coreutils 9.1's behaviour, written out).
HINT=$(printf 'karx: hint: %s' '64-hex-digit lines without -a are checked as lsh256-256; a list made with lsh512-256 needs -a lsh512-256 (or write lists with --tag: their lines name the variant)')
run() { l=$1; shift; (cd "$F" && "$KARX" hash "$@" -c - < "$T/$l.lsh") > "$T/k.out" 2> "$T/k.err"; }
run good --status; expect "good --status rc" 0 $?
expect "good --status: silent" "" "$(cat "$T/k.out" "$T/k.err")"
run mixed --quiet; expect "mixed --quiet rc" 1 $?
expect "mixed --quiet: failures only" "mm1: FAILED
gone1: FAILED open or read
dir: FAILED open or read" "$(cat "$T/k.out")"
expect "mixed --quiet: summary" "karx: gone1: No such file or directory
karx: dir: Is a directory
karx: WARNING: 2 lines are improperly formatted
karx: WARNING: 2 listed files could not be read
karx: WARNING: 1 computed checksum did NOT match
$HINT" "$(cat "$T/k.err")"
run mixed --status; expect "mixed --status rc" 1 $?
expect "mixed --status: nothing on stdout" "" "$(cat "$T/k.out")"
run twomal; expect "malformed lines alone do not fail" 0 $?
expect "malformed: summary only" "karx: WARNING: 2 lines are improperly formatted" "$(cat "$T/k.err")"
run twomal --strict; expect "--strict fails on malformed lines" 1 $?
run twomal -w; expect "-w rc" 0 $?
expect "-w names each line" "karx: standard input: 2: improperly formatted LSH checksum line
karx: standard input: 3: improperly formatted LSH checksum line
karx: WARNING: 2 lines are improperly formatted" "$(cat "$T/k.err")"
run twomal -w --status; expect "--status after -w: silent" "" "$(cat "$T/k.out" "$T/k.err")"
run missing --ignore-missing; expect "--ignore-missing rc" 0 $?
expect "--ignore-missing: the verified file only" "plain: OK" "$(cat "$T/k.out" "$T/k.err")"
run allgone --ignore-missing; expect "--ignore-missing, nothing verified rc" 1 $?
expect "--ignore-missing, nothing verified" "karx: standard input: no file was verified" "$(cat "$T/k.err")"
run twomm; expect "two mismatches rc" 1 $?
expect "two mismatches: plural" "karx: WARNING: 2 computed checksums did NOT match
$HINT" "$(cat "$T/k.err")"
run twomal -w -a lsh256-256; expect "-w -a names the variant" "karx: standard input: 2: improperly formatted lsh256-256 checksum line
karx: standard input: 3: improperly formatted lsh256-256 checksum line
karx: WARNING: 2 lines are improperly formatted" "$(cat "$T/k.err")"
run twomm -a lsh256-256; expect "-a given: no hint" "karx: WARNING: 2 computed checksums did NOT match" "$(cat "$T/k.err")"

# LSH variants. A --tag line is checked with the variant it names, whatever -a says. Without -a an
# untagged line's length picks the variant: 384 and 512 bits have one each; 224 and 256 bits
# are lsh256-N unless -a says lsh512-N, and a mismatch there ends the run with one hint line.
V=$T/variants
mkdir "$V"
printf 'one' > "$F/v1"; printf 'two' > "$F/v2"
for a in lsh256-224 lsh256-256 lsh512-224 lsh512-256 lsh512-384 lsh512-512; do
    (cd "$F" && "$KARX" hash -a $a v1 v2) > "$V/$a"
    (cd "$F" && "$KARX" hash -a $a --tag v1 v2) > "$V/$a.tag"
done
vcheck() { (cd "$F" && "$KARX" hash "$@") > "$T/v.out" 2> "$T/v.err"; }
hints() { grep -c '^karx: hint: ' "$T/v.err"; }
for a in lsh256-224 lsh256-256 lsh512-224 lsh512-256 lsh512-384 lsh512-512; do
    vcheck -c "$V/$a.tag"; expect "$a --tag list, no -a: rc" 0 $?
    expect "$a --tag list, no -a" "v1: OK
v2: OK" "$(cat "$T/v.out" "$T/v.err")"
    vcheck -a lsh256-256 -c "$V/$a.tag"; expect "$a --tag list, another -a: rc" 0 $?
    vcheck -c -a $a "$V/$a"; expect "$a list, -a $a: rc" 0 $?
    expect "$a list, -a $a" "v1: OK
v2: OK" "$(cat "$T/v.out" "$T/v.err")"
    vcheck -c "$V/$a"; rc=$?
    case $a in
    lsh512-224 | lsh512-256)
        expect "$a list, no -a: rc" 1 $rc
        expect "$a list, no -a: checked as lsh256 (FAILED)" "v1: FAILED
v2: FAILED" "$(cat "$T/v.out")"
        expect "$a list, no -a: summary, then one hint" 2 "$(wc -l < "$T/v.err" | tr -d ' ')"
        tail -n 1 "$T/v.err" | grep -q "^karx: hint: .* -a $a " && ok || bad "$a: hint names -a $a: $(cat "$T/v.err")"
        grep -q -e '--tag' "$T/v.err" && ok || bad "$a: hint names --tag"
        vcheck -c --status "$V/$a"; expect "$a list, --status: rc" 1 $?
        expect "$a list, --status: silent" "" "$(cat "$T/v.out" "$T/v.err")"
        ;;
    *)
        expect "$a list, no -a: rc" 0 $rc
        expect "$a list, no -a: detected" "v1: OK
v2: OK" "$(cat "$T/v.out" "$T/v.err")"
        ;;
    esac
done
vcheck -c "$V/lsh512-224" "$V/lsh512-256" "$V/lsh512-512"; expect "several lists: rc" 1 $?
expect "several lists: one hint for the run" 1 "$(hints)"
expect "several lists: verdicts" "2 4" "$(grep -c ': OK$' "$T/v.out") $(grep -c ': FAILED$' "$T/v.out")"
cat "$V/lsh512-256.tag" "$V/lsh512-384" "$V/lsh256-224" | (cd "$F" && "$KARX" hash -c) > "$T/v.out" 2> "$T/v.err"
expect "mixed variants on stdin: rc" 0 $?
expect "mixed variants on stdin: all OK" 6 "$(grep -c ': OK$' "$T/v.out")"
vcheck -c -a lsh256-256 "$V/lsh512-512"; expect "-a of another length: rc" 1 $?
expect "-a of another length: no checksum line" "karx: $V/lsh512-512: no properly formatted checksum lines found" "$(cat "$T/v.err")"
vcheck -c -a lsh512-256 -w "$V/lsh512-512" "$V/lsh512-256"; expect "-a, -w, a list of another length: rc" 1 $?
expect "-w names -a's variant" 2 "$(grep -c 'improperly formatted lsh512-256 checksum line$' "$T/v.err")"
printf 'changed' > "$F/v1"
vcheck -c -a lsh512-256 "$V/lsh512-256"; expect "-a, one file changed: rc" 1 $?
expect "-a, one file changed: no hint" 0 "$(hints)"
vcheck -c "$V/lsh512-512"; expect "lsh512-512, one file changed: rc" 1 $?
expect "lsh512-512 (one variant): no hint" 0 "$(hints)"
vcheck -c "$V/lsh512-256.tag"; expect "--tag list, one file changed: rc" 1 $?
expect "--tag list: no hint" 0 "$(hints)"

# Usage errors: one line, exit 2.
for o in --tag "--device auto"; do
    # shellcheck disable=SC2086
    "$KARX" hash -c $o "$V/lsh256-256" > "$T/out" 2> "$T/err"
    expect "-c $o rc" 2 $?
    expect "-c $o: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
done

echo "test_cli_hash_check: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
