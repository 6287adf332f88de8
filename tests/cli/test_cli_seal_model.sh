#!/bin/sh
# The sealed format against its independent model (tests/seal/seal_model.py, pure Python written
# from docs/FORMAT.md over the vendored reference models of LEA, CHAM and LSH): the model
# recomputes the vectors printed in docs/FORMAT.md; karx dec opens each of them; the test-only
# seal_fixed (karx's sealing code with the salt and prefix fixed) reproduces them byte for byte
# and agrees with the model on a multi-chunk input; the model opens what karx enc writes (every
# cipher, passphrase and raw key). The checker is shown to catch a changed byte.
# Exit 77 (skipped) without python3. usage: test_cli_seal_model.sh PATH/TO/karx TESTS_DIR PATH/TO/seal_fixed
KARX=$1
MODEL=$2/seal/seal_model.py
DOC=$2/../docs/FORMAT.md
FIXED=$3
. "$(dirname "$0")/lib.sh"
if ! command -v python3 > /dev/null 2>&1; then
    echo "SKIP: no python3 for the model" >&2
    exit 77
fi
python3 "$MODEL" check-doc "$DOC" > "$T/log" 2>&1 || bad "model vs FORMAT.md: $(cat "$T/log")"
expect "vectors checked" "checked 4 vectors" "$(cat "$T/log")"
# a changed byte in the document's first vector is caught
awk '!done && /^sealed     = / { c = substr($3, 64, 1); $3 = substr($3, 1, 63) (c == "0" ? "1" : "0"); sub(/^sealed = /, "sealed     = "); done = 1 } { print }' "$DOC" > "$T/doc.md"
if cmp -s "$DOC" "$T/doc.md"; then bad "could not change a vector"; fi
python3 "$MODEL" check-doc "$T/doc.md" > /dev/null 2>&1 && bad "a changed vector passed" || ok

# every vector of the document through karx dec and seal_fixed
awk '/^```$/ { if (inblk && isvec) print "END"; inblk = !inblk; isvec = 0; next }
     inblk && /^cipher *= / { isvec = 1 }
     inblk && isvec && /^[a-z]+ *= / { k = $1; v = $0; sub(/^[a-z]+ *= /, "", v); sub(/ \(ASCII\)$/, "", v); print k, v; next }
     inblk && isvec && /^ +[0-9a-f]+$/ { print "more", $1 }' "$DOC" > "$T/vec"
n=0
while read -r k v; do
    case $k in
    cipher) c=$v pw= key= it=0 sealed= ;;
    passphrase) pw=$v ;;
    iterations) it=$v ;;
    key) key=$v ;;
    salt) salt=$v ;;
    prefix) prefix=$v ;;
    plaintext) pt=$v ;;
    sealed | more) sealed=$sealed$v ;;
    END)
        n=$((n + 1))
        python3 -c "import sys; open(sys.argv[1],'wb').write(bytes.fromhex(sys.argv[2]))" "$T/v$n.s" "$sealed"
        if [ "$pt" = "(empty)" ]; then : > "$T/v$n.p"; else
            python3 -c "import sys; open(sys.argv[1],'wb').write(bytes.fromhex(sys.argv[2]))" "$T/v$n.p" "$pt"; fi
        if [ -n "$key" ]; then
            printf '%s' "$key" > "$T/v$n.key"
            set -- --key-hex-file "$T/v$n.key"
            secret=key:$key
        else
            printf '%s\n' "$pw" > "$T/v$n.pw"
            set -- --pass-file "$T/v$n.pw"
            secret=pass:$pw
        fi
        "$KARX" dec "$@" -i "$T/v$n.s" -o "$T/v$n.out" 2> "$T/err" || bad "vector $n: karx dec: $(cat "$T/err")"
        cmp -s "$T/v$n.p" "$T/v$n.out" && ok || bad "vector $n: karx dec gives other plaintext"
        "$FIXED" "$c" "$salt" "$prefix" "$it" 1 "$secret" "$T/v$n.p" "$T/v$n.fixed" || bad "vector $n: seal_fixed"
        cmp -s "$T/v$n.s" "$T/v$n.fixed" && ok || bad "vector $n: seal_fixed differs from the document"
        ;;
    esac
done < "$T/vec"
expect "vectors run through karx" 4 "$n"

# two chunks: seal_fixed (-T 2) and the model seal the same bytes; the model opens karx enc (two
# chunks with a passphrase; a short input for the other cases, the model being slow)
head -c 70000 /dev/urandom > "$T/p"
printf 'model pass\n' > "$T/pw"
head -c 32 /dev/urandom > "$T/key"
S=101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f
"$FIXED" lea256 $S 01020304050607 3 2 "pass:model pass" "$T/p" "$T/fixed.s" || bad "seal_fixed"
python3 "$MODEL" seal --cipher lea256 --salt $S --prefix 01020304050607 --iter 3 --pass-file "$T/pw" "$T/p" "$T/model.s" || bad "model seal"
cmp -s "$T/fixed.s" "$T/model.s" && ok || bad "seal_fixed and the model differ on 2 chunks"
head -c 3000 "$T/p" > "$T/p3k"
for c in lea256 lea128 cham128-256 cham128-128; do
    if [ $c = lea256 ]; then cp "$T/p" "$T/p70"; else cp "$T/p3k" "$T/p70"; fi
    "$KARX" enc -c $c --pass-file "$T/pw" --iter 2 -i "$T/p70" -o "$T/k.s" || bad "$c: karx enc"
    python3 "$MODEL" open --pass-file "$T/pw" "$T/k.s" "$T/k.out" 2> "$T/err" || bad "$c: model open: $(cat "$T/err")"
    cmp -s "$T/p70" "$T/k.out" && ok || bad "$c: the model opens other plaintext"
    "$KARX" enc -c $c --key-file "$T/key" -i "$T/p70" -o "$T/k.s" || bad "$c: karx enc (key)"
    python3 "$MODEL" open --key-file "$T/key" "$T/k.s" "$T/k.out" 2> "$T/err" || bad "$c: model open (key): $(cat "$T/err")"
    cmp -s "$T/p70" "$T/k.out" && ok || bad "$c: the model opens other plaintext (key)"
done
# the terminal prompt (a pseudo-terminal as /dev/tty): asked twice, not echoed, must match
TTY=$(dirname "$MODEL")/tty_prompt.py
python3 "$TTY" "$KARX" "$T/p3k" "$T/tty.s" 'tty pass' 'tty pass' > "$T/log" 2>&1 || bad "prompt: $(cat "$T/log")"
printf 'tty pass\n' > "$T/ttypw"
"$KARX" dec --pass-file "$T/ttypw" -i "$T/tty.s" -o "$T/tty.out" && cmp -s "$T/p3k" "$T/tty.out" && ok || bad "prompted passphrase"
python3 "$TTY" "$KARX" "$T/p3k" "$T/tty2.s" 'tty pass' 'other pass' > "$T/log" 2>&1
expect "prompt: entries differ: exit code" 1 "$?"
grep -q "karx: passphrase: the two entries differ" "$T/log" && ok || bad "prompt mismatch: $(cat "$T/log")"
[ ! -e "$T/tty2.s" ] && ok || bad "prompt mismatch left a file"
echo "seal model: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
