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

# The approved mode's refusal exits 1 from every command (2 is a usage error; it exited 2 for
# gcm, ccm, xts and kdf kbkdf), in one line that names the reason, never ending in ': '.
N12=000102030405060708090a0b
refused() { # NAME ARGS...: KARX_APPROVED=1 karx ARGS refused
    name=$1
    shift
    KARX_APPROVED=1 "$KARX" "$@" > "$T/out" 2> "$T/err"
    expect "$name: exit" 1 $?
    expect "$name: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
    grep -q 'algorithm not approved (approved mode)$' "$T/err" && ok || bad "$name: $(cat "$T/err")"
}
for m in ctr cbc; do
    refused "enc $m cham" enc -c cham128-128 -m $m -K "$K" --iv "$K" -i "$T/pt"
done
for m in gcm ccm; do
    refused "enc $m cham" enc -c cham128-128 -m $m -K "$K" --iv $N12 -i "$T/pt"
    refused "dec $m cham" dec -c cham128-128 -m $m -K "$K" --iv $N12 -i "$T/pt" -o "$T/x"
done
refused "enc xts" enc -c lea128 -m xts -K "${K}ffeeddccbbaa99887766554433221100" --iv "$K" -i "$T/pt"
refused "dec xts" dec -c lea128 -m xts -K "${K}ffeeddccbbaa99887766554433221100" --iv "$K" -i "$T/pt"
refused "mac cmac-cham" mac -a cmac-cham128-128 -K "$K" "$T/pt"
refused "kdf kbkdf cmac-cham" kdf kbkdf -a cmac-cham128-128 -K "$K" -n 16
refused "drbg ctr-cham" drbg -c cham128-128 --entropy "$K$K" --nonce "$K" -n 16
# rand: the refusal, not "cannot seed from the operating system" (one thread and the pool)
for t in 1 2; do
    KARX_APPROVED=1 "$KARX" rand -n 16 -c cham128-128 -T $t > "$T/out" 2> "$T/err"
    expect "rand -c cham128-128 -T $t: exit" 1 $?
    expect "rand -c cham128-128 -T $t: message" \
        "karx: rand: ctr-cham128-128: algorithm not approved (approved mode)" "$(cat "$T/err")"
done
KARX_APPROVED=1 "$KARX" rand -n 16 --drbg hmac-lsh256-256 > /dev/null; expect "rand hmac-lsh in the mode" 0 $?
[ ! -e "$T/x" ] && ok || bad "a refused dec left an output file"
# --device gpu: the GPU back end is refused in the mode (with or without CUDA and a device): the
# reason alone, not the CUDA text (empty after a refusal: the line ended in ': ')
gpu_cmds() {
    for c in "enc -c lea128 -m ctr -K $K --iv $K -i $T/pt --device gpu" "hash --device gpu $T/pt" \
             "rand -n 16 --device gpu" "bench gpu --quick"; do
        echo "$c"
    done
}
gpu_cmds | while read -r c; do
    KARX_APPROVED=1 "$KARX" $c > "$T/out" 2> "$T/err"
    echo "$? $(cat "$T/err")"
done > "$T/gpu"
prefix() { case $1 in rand*) echo "rand: --device gpu" ;; bench*) echo "bench gpu" ;; *) echo "--device gpu" ;; esac; }
i=0
gpu_cmds | while read -r c; do
    i=$((i + 1))
    expect "approved $c" "1 karx: $(prefix "$c"): algorithm not approved (approved mode)" "$(sed -n ${i}p "$T/gpu")"
done 2>> "$T/gpufail"
# without the mode and without a usable GPU: whatever the reason, it is complete
gpu_cmds | while read -r c; do
    "$KARX" $c > "$T/out" 2> "$T/err" && continue # a GPU is here: nothing to check
    expect "no GPU, $c: one line" 1 "$(wc -l < "$T/err" | tr -d ' ')"
    case $(cat "$T/err") in *': ') bad "no GPU, $c: ends in ': ': $(cat "$T/err")" ;; esac
done 2>> "$T/gpufail"
if [ -s "$T/gpufail" ]; then cat "$T/gpufail" >&2; bad "--device gpu messages"; else ok; fi

echo "test_cli_approved: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
