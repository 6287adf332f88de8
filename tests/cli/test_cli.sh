#!/bin/sh
# CLI behaviour: digests, stdin, --tag, --check, exit codes and one-line errors.
# usage: test_cli.sh PATH/TO/karx TESTS_DIR
KARX=$1
. "$(dirname "$0")/lib.sh"

# Known digests (KCMVP: LSH-256-256 of "" ; KISA: LSH-512-512 of "")
E256=f3cd416a03818217726cb47f4e4d2881c9c29fd445c18b66fb19dea1a81007c1
E512=118a2ff2a99e3b2134125e2baf20ebe3bdd034d5a69b29c22fc4995063340b46697801d7f7fb0070568f78e8ed514215fc70af27d6f27b01aa8a1da72b14ce7c
: > "$T/empty"
expect "empty file" "$E256  $T/empty" "$("$KARX" hash "$T/empty")"
expect "stdin" "$E256  -" "$(printf '' | "$KARX" hash)"
expect "stdin dash" "$E512  -" "$(printf '' | "$KARX" hash -a lsh512-512 -)"
expect "tag" "LSH-512-512 ($T/empty) = $E512" "$("$KARX" hash --tag -a lsh512-512 "$T/empty")"

# A KCMVP ShortMsg vector: LSH-512-224 of 0x60? use LSH-256-224 Len=8 Msg=56.
printf 'V' > "$T/v"   # 0x56
expect "kcmvp 256-224" "6b3f5b095692af487964f51b3248fe88132ad3f428969102ab3c2cf3  $T/v" \
    "$("$KARX" hash -a lsh256-224 "$T/v")"

# Streaming a multi-MiB file equals the library's one-shot over the same bytes (via stdin too).
head -c 3000017 /dev/urandom > "$T/big"
a=$("$KARX" hash -a lsh512-256 "$T/big" | cut -d' ' -f1)
b=$("$KARX" hash -a lsh512-256 < "$T/big" | cut -d' ' -f1)
expect "file = stdin" "$a" "$b"

# Every algorithm name works; digests have the right length.
for alg in lsh256-224:56 lsh256-256:64 lsh512-224:56 lsh512-256:64 lsh512-384:96 lsh512-512:128; do
    name=${alg%%:*} len=${alg##*:}
    h=$("$KARX" hash -a "$name" "$T/v" | cut -d' ' -f1)
    expect "$name length" "$len" "${#h}"
done

# Exit codes: unreadable file -> 1, other files still processed, one line on stderr.
out=$("$KARX" hash "$T/missing" "$T/empty" 2> "$T/err"); rc=$?
expect "missing file rc" 1 "$rc"
expect "missing file still hashes others" "$E256  $T/empty" "$out"
expect "one stderr line" 1 "$(wc -l < "$T/err")"
grep -q "missing" "$T/err" && ok || bad "stderr names the file"
"$KARX" hash -a sha256 "$T/empty" 2> "$T/err"; expect "unknown alg rc" 2 $?
expect "unknown alg one line" 1 "$(wc -l < "$T/err")"
# Bad options: one line "karx: ..." naming the option, nothing on stdout; --help is the usage on
# stdout.
for o in --bogus -x --bogus=1 -a --threads --dev; do
    "$KARX" hash $o > "$T/out" 2> "$T/err"; expect "hash $o rc" 2 $?
    expect "hash $o: one stderr line" 1 "$(wc -l < "$T/err")"
    grep -q "^karx: .*'$o'" "$T/err" && ok || bad "hash $o: the line names it: $(cat "$T/err")"
    expect "hash $o: no stdout" "" "$(cat "$T/out")"
done
"$KARX" hash --help > "$T/out" 2> "$T/err"; expect "hash --help rc" 0 $?
grep -q '^usage: karx hash' "$T/out" && ok || bad "hash --help: usage on stdout"
expect "hash --help: no stderr" "" "$(cat "$T/err")"
"$KARX" frobnicate 2> /dev/null; expect "unknown command rc" 2 $?
# An argument's control characters are escaped in the message, so the error stays one line.
nl='
'
"$KARX" "a${nl}b" 2> "$T/err"; expect "newline in an argument rc" 2 $?
expect "newline in an argument: one line" 1 "$(wc -l < "$T/err")"
grep -q 'a\\nb' "$T/err" && ok || bad "newline in an argument written as \\n: $(cat "$T/err")"
"$KARX" enc -c "$(printf 'x\033y')" 2> "$T/err"; expect "escape in an argument rc" 2 $?
grep -q 'x\\x1by' "$T/err" && ok || bad "ESC written as \\x1b: $(cat "$T/err")"
"$KARX" bench nosuchsuite 2> /dev/null; expect "unknown bench suite rc" 2 $?
"$KARX" hash "$T" 2> /dev/null; expect "directory rc" 1 $?

# --check: OK, FAILED, unreadable, malformed, BSD lines.
"$KARX" hash -a lsh512-384 "$T/v" "$T/empty" > "$T/sums"
"$KARX" hash -a lsh512-384 -c "$T/sums" > "$T/out"; expect "check ok rc" 0 $?
expect "check ok lines" 2 "$(grep -c ': OK$' "$T/out")"
"$KARX" hash --tag -a lsh256-224 "$T/v" > "$T/tags"
"$KARX" hash -c "$T/tags" > /dev/null; expect "check BSD lines (alg from the tag)" 0 $?
printf 'W' > "$T/v"
"$KARX" hash -a lsh512-384 -c "$T/sums" > "$T/out" 2> "$T/err"; expect "check mismatch rc" 1 $?
grep -q "$T/v: FAILED" "$T/out" && ok || bad "FAILED line"
grep -q "$T/empty: OK" "$T/out" && ok || bad "other lines still checked"
rm "$T/empty"
"$KARX" hash -a lsh512-384 -c "$T/sums" > "$T/out" 2>/dev/null; expect "check unreadable rc" 1 $?
grep -q "FAILED open or read" "$T/out" && ok || bad "unreadable line"
echo "not a checksum line" > "$T/junk"
"$KARX" hash -c "$T/junk" 2> /dev/null; expect "no valid lines rc" 1 $?

# info names the active back end; KARX_BACKEND overrides it.
"$KARX" info | grep -q '^active: ' && ok || bad "info prints active"
expect "env override" "active: portable" "$(KARX_BACKEND=portable "$KARX" info | grep '^active:')"
KARX_BACKEND=avx1024 "$KARX" info | grep -q '^note: KARX_BACKEND=avx1024' && ok || bad "info notes an unusable KARX_BACKEND"
# An unknown KARX_BACKEND: one warning line on stderr naming every back end info lists, and the
# command still works on the automatic choice.
echo abc > "$T/bk"
KARX_BACKEND=bogus "$KARX" hash -a lsh256-256 "$T/bk" > "$T/out" 2> "$T/err"; expect "bogus back end rc" 0 $?
expect "bogus back end: same digest" "$("$KARX" hash -a lsh256-256 "$T/bk")" "$(cat "$T/out")"
expect "bogus back end: one stderr line" 1 "$(wc -l < "$T/err")"
names=$("$KARX" info | sed -n 's/^back ends: //p' | sed 's/(no)//g' | tr ' ' '|')
grep -q "^karx: warning: unknown KARX_BACKEND=bogus (valid: $names); choosing automatically$" "$T/err" \
    && ok || bad "bogus back end: the line names the valid ones ($names): $(cat "$T/err")"
expect "bogus back end: the best is active" "$("$KARX" info | grep '^best:' | sed 's/best/active/')" \
    "$(KARX_BACKEND=bogus "$KARX" info 2> /dev/null | grep '^active:')"

# Every command: --help is its usage on stdout, nothing on stderr, exit 0 (and reads no input);
# an unknown option is one line naming it, exit 2.
for c in hash enc dec mac "kdf pbkdf2" rand drbg bench info selftest; do
    "$KARX" $c --help < /dev/null > "$T/out" 2> "$T/err"; expect "$c --help rc" 0 $?
    grep -q "^usage: karx ${c%% *}" "$T/out" && ok || bad "$c --help: usage on stdout"
    expect "$c --help: no stderr" "" "$(cat "$T/err")"
    "$KARX" $c --bogus < /dev/null > "$T/out" 2> "$T/err"; expect "$c --bogus rc" 2 $?
    expect "$c --bogus: one stderr line" 1 "$(wc -l < "$T/err")"
    grep -q "^karx: .*'--bogus'" "$T/err" && ok || bad "$c --bogus: the line names it: $(cat "$T/err")"
done
"$KARX" --help | grep -q '^  selftest ' && ok || bad "karx --help lists selftest"

# info: one line per cipher, hash and part naming its kernels, exactly one of them active, and it is
# the kernel the line starts with; KARX_BACKEND=portable makes every active kernel the portable.
"$KARX" info | grep ' kernel, .*(kernels: ' > "$T/kern"
[ "$(wc -l < "$T/kern")" -ge 13 ] && ok || bad "info: a kernels line per cipher and hash"
while IFS= read -r line; do
    k=${line#*: }; k=${k%% kernel,*}
    expect "info: one active kernel: $line" 1 "$(echo "$line" | grep -o ' active' | wc -l)"
    echo "$line" | grep -q "[:,] $k [0-9]* active" && ok || bad "info: the active one is $k: $line"
done < "$T/kern"
expect "info: portable everywhere under KARX_BACKEND=portable" "" \
    "$(KARX_BACKEND=portable "$KARX" info | grep ' kernel, ' | grep -v ': portable kernel, ')"

# info: one line of every mode enc takes, the same list enc's unknown-mode error gives, and each
# of them taken by enc -m (an AES-free round trip is test_cli_enc's; here: no "unknown mode").
modes=$("$KARX" info | sed -n 's/^modes: //p')
expect "info: modes = enc's list" "$(echo "$modes" | sed 's/ /, /g')" \
    "$("$KARX" enc -c lea128 -m nope -K 00 < /dev/null 2>&1 | sed -n 's/.*unknown mode (\(.*\))$/\1/p')"
for m in $modes; do
    "$KARX" enc -c lea128 -m "$m" -K 00 < /dev/null 2>&1 | grep -q 'unknown mode' &&
        bad "info lists $m but enc -m $m says unknown" || ok
done
case " $modes " in *" xts "*) ok ;; *) bad "info: xts among the modes ($modes)" ;; esac
# selftest: a line per algorithm x kernel of info, 'ok' for the usable ones, 'skipped (...)'
# for those info marks unusable, and a count that adds up.
"$KARX" selftest > "$T/st" 2> "$T/err"; expect "selftest rc" 0 $?
expect "selftest: no stderr" "" "$(cat "$T/err")"
sed 's/^\([^:]*\): .*(kernels: \(.*\))$/\1 \2/' "$T/kern" | while read -r alg rest; do
    echo "$rest" | tr ',' '\n' | while read -r kn lanes mark; do
        case $mark in unusable) echo "$alg $kn skipped" ;; *) echo "$alg $kn ok" ;; esac
    done
done > "$T/want"
# The kernel lines come first; then a line per construction and the entropy start-up test.
sed -e '$d' -e 's/ skipped (.*)$/ skipped/' "$T/st" | head -n "$(wc -l < "$T/want")" > "$T/got"
expect "selftest: a line per kernel of info" "$(cat "$T/want")" "$(cat "$T/got")"
for c in ecb-lea128 cfb8-lea128 gcm-lea128 ccm-lea128 gmac-lea128 hmac-lsh512-512 \
         pbkdf2-hmac-lsh256-256 kbkdf-cmac-lea128 ctr-drbg-lea128 hmac-drbg-lsh256-256; do
    grep -q "^$c [a-z0-9-]* ok$" "$T/st" && ok || bad "selftest: $c ok"
done
grep -qx 'os-entropy ok' "$T/st" && ok || bad "selftest: os-entropy ok"
nok=$(grep -c ' ok$' "$T/st"); nskip=$(grep -c ' skipped (' "$T/st")
expect "selftest: summary" "selftest: $nok ok, $nskip skipped, 0 failed" \
    "$(tail -n 1 "$T/st" | sed 's/ in [0-9.]* ms (approved mode off)$//')"
[ "$nok" -ge 13 ] && ok || bad "selftest: every portable kernel at least ($nok ok)"
"$KARX" selftest extra 2> "$T/err"; expect "selftest extra rc" 2 $?

# Names come from the registry: standard names work as the short ones do, and an unknown name's
# one line lists every cipher that info shows.
: > "$T/e0"
expect "hash -a LSH-512-512" "$("$KARX" hash -a lsh512-512 "$T/e0")" "$("$KARX" hash -a LSH-512-512 "$T/e0")"
K16=000102030405060708090a0b0c0d0e0f
a=$(printf 'x' | "$KARX" enc -c lea128 -m cbc -K $K16 --iv $K16 | cksum)
b=$(printf 'x' | "$KARX" enc -c LEA-128 -m CBC -K $K16 --iv $K16 | cksum)
expect "enc -c LEA-128 -m CBC" "$a" "$b"
"$KARX" enc -c aes128 -m cbc -K $K16 --iv $K16 < /dev/null 2> "$T/err"; expect "enc -c aes128 rc" 2 $?
for c in $(grep ' blocks per register ' "$T/kern" | sed 's/:.*//'); do
    grep -q "[(, ]$c[,)]" "$T/err" && ok || bad "unknown cipher line lists $c: $(cat "$T/err")"
done
"$KARX" mac -a hmac-sha1 -K 00 < /dev/null 2> "$T/err"; expect "mac -a hmac-sha1 rc" 2 $?
grep -q 'cmac-cham128-256' "$T/err" && grep -q 'hmac-lsh512-512' "$T/err" && ok || \
    bad "unknown MAC line lists the MACs: $(cat "$T/err")"

# Bench writes JSON lines with the required keys (tiny run).
"$KARX" bench lsh --quick --backend portable --alg lsh256-256 --json "$T/b.json" > /dev/null
expect "bench rc" 0 $?
for k in op alg backend msg_bytes gb_per_s per_s commit cpu cycles_per_byte; do
    grep -q "\"$k\":" "$T/b.json" && ok || bad "bench JSON key $k"
done
expect "bench rows" 6 "$(wc -l < "$T/b.json")"

echo "test_cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
