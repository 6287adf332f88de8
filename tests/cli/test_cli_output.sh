#!/bin/sh
# karx enc / dec -o OUT: the file it replaces keeps its mode, owner and group; a new file gets the
# mode a shell's '>' would give; a symbolic link (a chain, relative or absolute, or dangling) is
# written through, never replaced; the temporary file lives beside the link's target; a device
# or FIFO is written directly; a failure leaves the target, the link and the folders as they were.
# POSIX sh + coreutils (stat, ls, cksum, readlink).
# usage: test_cli_output.sh PATH/TO/karx
KARX=$1
. "$(dirname "$0")/lib.sh"
mode() { stat -c %a "$1"; }
owner() { stat -c %u:%g "$1"; }
sum() { cksum < "$1"; }

K=00112233445566778899aabbccddeeff
IV=000102030405060708090a0b0c0d0e0f
enc() { "$KARX" enc -c lea128 -m ctr -K $K --iv $IV "$@"; }
printf abc > "$T/abc"
enc -i "$T/abc" -o "$T/want" # CTR: the same bytes whichever way it runs
umask 022

# ---- the replaced file keeps its mode (issue 13, defect 1) -------------------------------------
for m in 600 640 700 755 444; do
    echo x > "$T/s"
    chmod $m "$T/s"
    printf abc | "$KARX" dec -c lea128 -m ctr -K $K --iv $IV -o "$T/s"
    expect "replaced file keeps mode $m: exit" 0 $?
    expect "replaced file keeps mode $m" $m "$(mode "$T/s")"
    expect "replaced file $m: new content" "$(sum "$T/want")" "$(sum "$T/s")"
done
# a new file: 0666 less the umask, as '>' gives
for u in 022 077 027 002; do
    rm -f "$T/new"
    (umask $u && enc -i "$T/abc" -o "$T/new")
    (umask $u && : > "$T/shell")
    expect "new file under umask $u" "$(mode "$T/shell")" "$(mode "$T/new")"
    rm -f "$T/shell"
done
# gcm / ccm outputs the same way
for m in gcm ccm; do
    echo x > "$T/a"
    chmod 600 "$T/a"
    "$KARX" enc -c lea128 -m $m -K $K --iv 000102030405060708090a0b -i "$T/abc" -o "$T/a"
    expect "$m enc keeps mode 600" 600 "$(mode "$T/a")"
    cp "$T/a" "$T/a.ct"
    "$KARX" dec -c lea128 -m $m -K $K --iv 000102030405060708090a0b -i "$T/a.ct" -o "$T/a"
    expect "$m dec keeps mode 600" 600 "$(mode "$T/a")"
    expect "$m dec content" "$(sum "$T/abc")" "$(sum "$T/a")"
done
# owner and group: only root may give a file away, so this part needs root
if [ "$(id -u)" = 0 ] && chown 65534:65534 "$T/s" 2> /dev/null; then
    chmod 4750 "$T/s"
    enc -i "$T/abc" -o "$T/s"
    expect "owner and group kept (root)" 65534:65534 "$(owner "$T/s")"
    expect "mode with set-id kept with its owner (root)" 4750 "$(mode "$T/s")"
else
    echo "note: owner/group check not run (needs root); mode checks above still ran"
fi

# ---- symbolic links are written through (issue 13, defect 2) ----------------------------------
mkdir "$T/d" "$T/e"
echo old > "$T/d/t"
chmod 640 "$T/d/t"
ln -s t "$T/d/l1"              # relative, same folder
ln -s ../d/l1 "$T/e/l2"        # relative, another folder, to a link
ln -s "$T/e/l2" "$T/l3"        # absolute, to a link
for l in "$T/d/l1" "$T/e/l2" "$T/l3"; do
    echo old > "$T/d/t"
    enc -i "$T/abc" -o "$l"
    expect "through $l: exit" 0 $?
    [ -L "$l" ] && ok || bad "$l: no longer a symbolic link"
    expect "through $l: target written" "$(sum "$T/want")" "$(sum "$T/d/t")"
    expect "through $l: target keeps its mode" 640 "$(mode "$T/d/t")"
done
expect "link chain intact" "t ../d/l1 $T/e/l2" \
    "$(readlink "$T/d/l1") $(readlink "$T/e/l2") $(readlink "$T/l3")"
expect "no stray files (d)" "l1 t" "$(ls -A "$T/d" | tr '\n' ' ' | sed 's/ $//')"
expect "no stray files (e)" "l2" "$(ls -A "$T/e")"
# a dangling link: its target is created as the shell would
ln -s ../d/fresh "$T/e/dangling"
(umask 027 && enc -i "$T/abc" -o "$T/e/dangling")
expect "dangling link: exit" 0 $?
[ -L "$T/e/dangling" ] && ok || bad "dangling link replaced"
expect "dangling link: target created" "$(sum "$T/want")" "$(sum "$T/d/fresh")"
expect "dangling link: target mode" 640 "$(mode "$T/d/fresh")"
# a loop is an error, not a hang
ln -s loop2 "$T/e/loop1"
ln -s loop1 "$T/e/loop2"
enc -i "$T/abc" -o "$T/e/loop1" 2> "$T/err"
expect "link loop: exit" 1 $?
expect "link loop: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
[ -L "$T/e/loop1" ] && ok || bad "link loop: link replaced"
# a failure through a link: target, link and folders unchanged (bad padding from a file)
echo precious > "$T/d/t"
printf 'fifteen bytes..\000' > "$T/pad0"
"$KARX" enc -c lea128 -m cbc -K $K --iv $IV --no-pad -i "$T/pad0" -o "$T/cpad0"
"$KARX" dec -c lea128 -m cbc -K $K --iv $IV -i "$T/cpad0" -o "$T/e/l2" 2> /dev/null
expect "failure through a link: exit" 1 $?
expect "failure through a link: target kept" precious "$(cat "$T/d/t")"
[ -L "$T/e/l2" ] && ok || bad "failure through a link: link replaced"
expect "failure: no stray files (d)" "fresh l1 t" "$(ls -A "$T/d" | tr '\n' ' ' | sed 's/ $//')"
# while it runs, the temporary file is beside the target, not beside the link (rename needs
# one file system); input: a FIFO held open and silent
mkfifo "$T/fifo"
enc -i "$T/fifo" -o "$T/e/l2" 2> /dev/null &
pid=$!
exec 3<> "$T/fifo" # read-write: never blocks, even if karx died before opening it
i=0
while [ "$(ls -A "$T/d" | wc -l)" -lt 4 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
case $(ls -A "$T/d") in *.t.*) ok ;; *) bad "temporary file not beside the target: $(ls -A "$T/d")" ;; esac
expect "nothing beside the link" "dangling l2 loop1 loop2" "$(ls -A "$T/e" | tr '\n' ' ' | sed 's/ $//')"
exec 3>&-
wait $pid
expect "FIFO input ended: exit" 0 $?
expect "empty input through the link" 0 "$(wc -c < "$T/d/t" | tr -d ' ')"

# ---- a FIFO (or device) as OUT is written, not replaced (the FIFO stands in for a device,
# which an old binary run as root would replace) -----------------------------------------
mkfifo "$T/outfifo"
cat "$T/outfifo" > "$T/fromfifo" &
cpid=$!
enc -i "$T/abc" -o "$T/outfifo" 2> "$T/err"
expect "FIFO output: exit" 0 $?
i=0
while kill -0 $cpid 2> /dev/null && [ $i -lt 40 ]; do sleep 0.05; i=$((i + 1)); done
kill $cpid 2> /dev/null # (only if the FIFO was never opened for writing)
wait $cpid 2> /dev/null
[ -p "$T/outfifo" ] && ok || bad "FIFO output replaced by a file"
expect "FIFO output: the reader got the bytes" "$(sum "$T/want")" "$(sum "$T/fromfifo")"
# a directory is refused with one line
mkdir "$T/dir"
enc -i "$T/abc" -o "$T/dir" 2> "$T/err"
expect "directory: exit" 1 $?
expect "directory: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
expect "directory: nothing left" "" "$(ls -A "$T/dir")"

echo "test_cli_output: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
