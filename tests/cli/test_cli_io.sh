#!/bin/bash
# The chunked input of karx enc / dec and karx hash (cli/io_reader.c): every path gives the same
# bytes at sizes around the 1 MiB chunk (0, 1, chunk - 1, chunk, chunk + 1, chunks + tail):
# a mapped regular file (-i FILE, < FILE, mapped windows crossed, from an offset), the reader
# thread (a pipe, KARX_IO=read), read() in the caller (KARX_IO=plain). Errors: a read error, a
# truncated GCM input, /dev/full (a reader blocked on an idle pipe: tests/test_cli_io_reader.c).
# usage: test_cli_io.sh PATH/TO/karx
KARX=$1
. "$(dirname "$0")/lib.sh"
K=00112233445566778899aabbccddeeff
IV=000102030405060708090a0b0c0d0e0f
C=1048576
sum() { cksum | cut -d' ' -f1,2; }
lines() { wc -l < "$1" | tr -d ' '; }

# enc in MODE of FILE through every input path; all must equal the plain read's
paths() { # NAME CMD... (the command reads stdin or -i)
    name=$1
    shift
    f=$T/in
    want=$(KARX_IO=plain "$@" -i "$f" | sum)
    expect "$name mapped -i" "$want" "$("$@" -i "$f" | sum)"
    expect "$name mapped stdin" "$want" "$("$@" < "$f" | sum)"
    expect "$name windows" "$want" "$(KARX_IO_WINDOW=1576960 "$@" -i "$f" | sum)"
    expect "$name pipe" "$want" "$(cat "$f" | "$@" | sum)"
    expect "$name read thread" "$want" "$(KARX_IO=read "$@" -i "$f" | sum)"
}
for size in 0 1 $((C - 1)) $C $((C + 1)) $((3 * C + 17)); do
    head -c $size /dev/urandom > "$T/in"
    paths "ctr $size" "$KARX" enc -c lea128 -m ctr -K $K --iv $IV
    paths "ecb $size" "$KARX" enc -c lea128 -m ecb -K $K
    paths "gcm $size" "$KARX" enc -c lea128 -m gcm -K $K --iv 000102030405060708090a0b
    [ $size -ge 16 ] && paths "xts $size" "$KARX" enc -c lea128 -m xts -K $K$IV --iv $IV
    # hash names the file it read, so compare the digests
    want=$(KARX_IO=plain "$KARX" hash "$T/in" | cut -c1-64)
    expect "hash mapped $size" "$want" "$("$KARX" hash "$T/in" | cut -c1-64)"
    expect "hash pipe $size" "$want" "$(cat "$T/in" | "$KARX" hash | cut -c1-64)"
    expect "hash read $size" "$want" "$(KARX_IO=read "$KARX" hash < "$T/in" | cut -c1-64)"
done

# stdin mapped from an offset: what the shell left unread
head -c $((2 * C + 5)) /dev/urandom > "$T/in"
tail -c +4098 "$T/in" > "$T/rest"
want=$("$KARX" enc -c lea128 -m ctr -K $K --iv $IV -i "$T/rest" | sum)
expect "stdin from offset 4097" "$want" \
    "$( (head -c 4097 > /dev/null; "$KARX" enc -c lea128 -m ctr -K $K --iv $IV) < "$T/in" | sum)"

# ---- errors: one line, exit 1 ----
"$KARX" enc -c lea128 -m ctr -K $K --iv $IV -i "$T" > "$T/o" 2> "$T/e"
expect "a folder as input: exit" 1 $?
expect "a folder as input: one line" 1 "$(lines "$T/e")"
grep -q "read error" "$T/e" || bad "a folder as input: $(cat "$T/e")"
"$KARX" hash "$T" > "$T/o" 2> "$T/e"
expect "hash a folder: exit" 1 $?
expect "hash a folder: one line" 1 "$(lines "$T/e")"

GIV=000102030405060708090a0b
"$KARX" enc -c lea128 -m gcm -K $K --iv $GIV -i "$T/in" -o "$T/gct"
head -c 10 "$T/gct" > "$T/short"
head -c $((C + 3)) "$T/gct" > "$T/cut"
for how in file pipe; do
    for f in short cut; do
        rm -f "$T/pt"
        if [ $how = file ]; then
            "$KARX" dec -c lea128 -m gcm -K $K --iv $GIV -i "$T/$f" -o "$T/pt" 2> "$T/e"
        else
            cat "$T/$f" | "$KARX" dec -c lea128 -m gcm -K $K --iv $GIV -o "$T/pt" 2> "$T/e"
        fi
        expect "truncated gcm $f ($how): exit" 1 $?
        expect "truncated gcm $f ($how): one line" 1 "$(lines "$T/e")"
        [ -e "$T/pt" ] && bad "truncated gcm $f ($how): output left"
    done
done

for m in ctr gcm; do
    iv=$IV
    [ $m = gcm ] && iv=$GIV
    "$KARX" enc -c lea128 -m $m -K $K --iv $iv -i "$T/in" > /dev/full 2> "$T/e"
    expect "$m to /dev/full: exit" 1 $?
    expect "$m to /dev/full: one line" 1 "$(lines "$T/e")"
    grep -q "write error" "$T/e" || bad "$m to /dev/full: $(cat "$T/e")"
    cat "$T/in" | "$KARX" enc -c lea128 -m $m -K $K --iv $iv -o /dev/full 2> "$T/e"
    expect "$m -o /dev/full from a pipe: exit" 1 $?
    expect "$m -o /dev/full: one line" 1 "$(lines "$T/e")"
done
"$KARX" hash "$T/in" "$T/rest" > /dev/full 2> "$T/e"
expect "hash to /dev/full: exit" 1 $?
expect "hash to /dev/full: one line" 1 "$(lines "$T/e")"

echo "test_cli_io: $pass passed, $fail failed"
[ $fail -eq 0 ]
