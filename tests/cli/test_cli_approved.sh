#!/bin/sh
# karx in the approved mode (docs/VALIDATION.md): KARX_APPROVED=1 is read from the environment,
# `karx selftest` reports the mode, CHAM is refused with one clear error line and allowed
# without the mode. Usage: test_cli_approved.sh KARX SOURCE_DIR
KARX=$1
. "$(dirname "$0")/lib.sh"
K=000102030405060708090a0b0c0d0e0f
printf 'sixteen bytes!!!' > "$T/pt"

"$KARX" selftest > "$T/st" 2> "$T/err"; expect "selftest rc" 0 $?
tail -n 1 "$T/st" | grep -q '^selftest: [0-9]* ok, [0-9]* skipped, 0 failed in [0-9.]* ms (approved mode off)$' \
    && ok || bad "selftest summary (off): $(tail -n 1 "$T/st")"
KARX_APPROVED=1 "$KARX" selftest > "$T/st" 2> "$T/err"; expect "approved selftest rc" 0 $?
tail -n 1 "$T/st" | grep -q ' 0 failed in [0-9.]* ms (approved mode on)$' \
    && ok || bad "selftest summary (on): $(tail -n 1 "$T/st")"
expect "approved selftest: no stderr" "" "$(cat "$T/err")"

# CHAM: allowed, then refused in the approved mode (no output file left behind).
"$KARX" enc -c cham128-128 -m ecb -K "$K" --no-pad -i "$T/pt" -o "$T/c1" 2> "$T/err"
expect "CHAM without the mode" 0 $?
KARX_APPROVED=1 "$KARX" enc -c cham128-128 -m ecb -K "$K" --no-pad -i "$T/pt" -o "$T/c2" 2> "$T/err"
rc=$?
[ "$rc" -ne 0 ] && ok || bad "CHAM in the approved mode: rc $rc"
grep -q 'not approved' "$T/err" && ok || bad "CHAM refusal message: $(cat "$T/err")"
expect "CHAM refusal: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
[ ! -e "$T/c2" ] && ok || bad "CHAM refusal left an output file"
# LEA works in the approved mode and gives the same bytes as without it.
"$KARX" enc -c lea128 -m ecb -K "$K" --no-pad -i "$T/pt" -o "$T/l1"; expect "LEA" 0 $?
KARX_APPROVED=1 "$KARX" enc -c lea128 -m ecb -K "$K" --no-pad -i "$T/pt" -o "$T/l2"
expect "LEA in the approved mode" 0 $?
cmp -s "$T/l1" "$T/l2" && ok || bad "LEA output differs in the approved mode"
KARX_APPROVED=1 "$KARX" hash -a lsh256-256 "$T/pt" > /dev/null; expect "LSH in the approved mode" 0 $?

# KARX_APPROVED's spellings: on (1 yes true on, any case), off (0 no false off, empty), and any
# other value refused at start-up by every command with one line naming them (the library fails
# closed: test_approved env-bad). Before, only exactly 1 was on: 'yes', ' 1', '01' left CHAM
# running.
for v in 1 yes YES true True on ON; do
    KARX_APPROVED=$v "$KARX" enc -c cham128-128 -m ecb -K "$K" --no-pad -i "$T/pt" -o "$T/c3" 2> "$T/err"
    expect "KARX_APPROVED='$v': CHAM refused" 1 $?
    grep -q 'not approved' "$T/err" && ok || bad "KARX_APPROVED='$v': $(cat "$T/err")"
    KARX_APPROVED=$v "$KARX" selftest | tail -n 1 | grep -q '(approved mode on)$' && ok \
        || bad "KARX_APPROVED='$v': selftest does not say the mode is on"
done
for v in '' 0 no NO false False off Off; do
    KARX_APPROVED=$v "$KARX" enc -c cham128-128 -m ecb -K "$K" --no-pad -i "$T/pt" -o "$T/c3" 2> "$T/err"
    expect "KARX_APPROVED='$v': CHAM allowed" 0 $?
    cmp -s "$T/c1" "$T/c3" && ok || bad "KARX_APPROVED='$v': CHAM output differs"
done
rm -f "$T/c3"
for v in ' 1' '1 ' 01 2 y ture onn 'yes please'; do
    for cmd in "version" "selftest" "enc -c cham128-128 -m ecb -K $K --no-pad -i $T/pt -o $T/c3" \
               "enc -c lea128 -m ecb -K $K --no-pad -i $T/pt -o $T/c3" "hash $T/pt"; do
        KARX_APPROVED=$v "$KARX" $cmd > "$T/out" 2> "$T/err"
        expect "KARX_APPROVED='$v' $cmd: exit" 2 $?
        expect "KARX_APPROVED='$v' $cmd: message" \
            "karx: KARX_APPROVED='$v': not a valid value (on: 1, yes, true, on; off: 0, no, false, off or empty; any case)" \
            "$(cat "$T/err")"
        expect "KARX_APPROVED='$v' $cmd: no output" "" "$(cat "$T/out")"
        [ ! -e "$T/c3" ] && ok || bad "KARX_APPROVED='$v' $cmd: wrote an output file"
    done
done

echo "test_cli_approved: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
