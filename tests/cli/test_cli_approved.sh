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

echo "test_cli_approved: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
