#!/bin/sh
# karx hash --device and karx bench gpu: batched digests equal the CPU's line for line, on a GPU
# when `karx info` reports one (its self-test passed), otherwise the CPU batch for --device auto
# and a one-line error, exit 1, for --device gpu and bench gpu.
# usage: test_cli_gpu.sh PATH/TO/karx
KARX=$1
. "$(dirname "$0")/lib.sh"

# 150 files of random lengths around the block sizes, an empty one, and one of 200000 bytes.
i=0
while [ $i -lt 150 ]; do
    head -c $(( (i * 37) % 700 )) /dev/urandom > "$T/f$i"
    i=$((i + 1))
done
: > "$T/empty"
head -c 200000 /dev/urandom > "$T/long"
set -- "$T"/f* "$T/empty" "$T/long"

gpu=no
info_gpu=$("$KARX" info 2>&1 | grep '^gpu:')
case $info_gpu in *'self-test passed'*) gpu=yes ;; esac
echo "karx info: $info_gpu"
if [ $gpu = no ] && nvidia-smi -L > /dev/null 2>&1; then
    case $info_gpu in
    *'built without CUDA'*) ;;
    *) bad "nvidia-smi lists a GPU but karx info says [$info_gpu]" ;;
    esac
fi
for alg in lsh256-224 lsh256-256 lsh512-224 lsh512-256 lsh512-384 lsh512-512; do
    want=$("$KARX" hash -a $alg "$@")
    expect "$alg --device auto" "$want" "$("$KARX" hash -a $alg --device auto "$@")"
    expect "$alg --device cpu" "$want" "$("$KARX" hash -a $alg --device cpu "$@")"
    if [ $gpu = yes ]; then
        expect "$alg --device gpu" "$want" "$("$KARX" hash -a $alg --device gpu "$@")"
    fi
done
want=$("$KARX" hash --tag -a lsh512-256 "$@")
expect "--tag --device auto" "$want" "$("$KARX" hash --tag -a lsh512-256 --device auto "$@")"
expect "stdin --device auto" "$("$KARX" hash < "$T/long")" "$("$KARX" hash --device auto < "$T/long")"

# An unreadable file: one line on stderr, exit 1, the others still hashed in order.
"$KARX" hash --device auto "$T/f1" "$T/missing" "$T/f2" > "$T/out" 2> "$T/err"
expect "missing file exit" 1 $?
expect "missing file stderr lines" 1 "$(wc -l < "$T/err")"
expect "missing file others" "$("$KARX" hash "$T/f1" "$T/f2")" "$(cat "$T/out")"

# Usage errors.
"$KARX" hash --device tpu "$T/f1" > /dev/null 2> "$T/err"
expect "unknown device exit" 2 $?
"$KARX" hash --device gpu -c "$T/f1" > /dev/null 2> "$T/err"
expect "--check with --device exit" 2 $?

# karx enc/dec --device gpu (CTR) and karx rand --device gpu.
K=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
head -c 1000003 /dev/urandom > "$T/data"
"$KARX" enc -c lea128 -m cbc -K ${K%????????????????????????????????} --iv 000102030405060708090a0b0c0d0e0f --device gpu -i "$T/data" > /dev/null 2>&1
expect "enc --device gpu with cbc: usage" 2 $?
"$KARX" rand -n 16 --device tpu > /dev/null 2>&1
expect "rand unknown device: usage" 2 $?
if [ $gpu = yes ]; then
    for c in lea128:32 lea192:48 lea256:64 hight:32 cham64-128:32 cham128-128:32 cham128-256:64; do
        name=${c%%:*} kh=$(printf %s "$K" | cut -c1-${c##*:})
        iv=fffffffffffffffffffffffffffffff0
        [ "$name" = hight ] || [ "$name" = cham64-128 ] && iv=fffffffffffffff0
        low=00${iv#??} # the low bytes about to carry, far from the end of the counter space
        cpu=$("$KARX" enc -c $name -m ctr -K $kh --iv $low -i "$T/data" | cksum)
        gpuo=$("$KARX" enc -c $name -m ctr -K $kh --iv $low --device gpu -i "$T/data" | cksum)
        expect "$name enc --device gpu" "$cpu" "$gpuo"
        "$KARX" enc -c $name -m ctr -K $kh --iv $iv --device gpu -i "$T/data" -o "$T/ovf" 2> "$T/err"
        expect "$name counter exhausted: exit" 1 $?
        [ -e "$T/ovf" ] && bad "$name: output left after a failed run" || ok
    done
    expect "rand --device gpu length" 1000000 "$("$KARX" rand -n 1000000 --device gpu | wc -c)"
    # bench gpu runs every launch shape (1024 threads per block too), the CPU side of the
    # crossover, and passes over a cipher with no GPU kernel.
    "$KARX" bench gpu --quick --suite lsh --alg lsh256-256 > "$T/out" 2> "$T/err"
    expect "bench gpu lsh: exit" 0 $?
    expect "bench gpu lsh: stderr" "" "$(cat "$T/err")"
    "$KARX" bench gpu --quick --no-sweep --suite cipher --alg hight,aria128 > "$T/out" 2> "$T/err"
    expect "bench gpu cipher: exit" 0 $?
    grep -q 'aria128 *no GPU kernel' "$T/out" && ok || bad "bench gpu: aria128 not reported as skipped"
fi

if [ $gpu = no ]; then
    "$KARX" enc -c lea128 -m ctr -K ${K%????????????????????????????????} --iv 000102030405060708090a0b0c0d0e0f --device gpu -i "$T/data" -o "$T/x" 2> "$T/err"
    expect "enc --device gpu without device: exit" 1 $?
    expect "enc --device gpu without device: one line" 1 "$(wc -l < "$T/err")"
    [ -e "$T/x" ] && bad "enc --device gpu left an output file" || ok
    "$KARX" rand -n 16 --device gpu > "$T/out" 2> "$T/err"
    expect "rand --device gpu without device: exit" 1 $?
    expect "rand --device gpu without device: one line" 1 "$(wc -l < "$T/err")"
    "$KARX" hash --device gpu "$T/f1" > "$T/out" 2> "$T/err"
    expect "no device: exit" 1 $?
    expect "no device: one stderr line" 1 "$(wc -l < "$T/err")"
    expect "no device: nothing on stdout" 0 "$(wc -c < "$T/out")"
    "$KARX" bench gpu --quick > "$T/out" 2> "$T/err"
    expect "bench gpu without device: exit" 1 $?
    expect "bench gpu without device: one stderr line" 1 "$(wc -l < "$T/err")"
    echo "no GPU here: the --device gpu comparisons ran on the CPU batch path only"
fi
echo "test_cli_gpu: $pass passed, $fail failed"
[ $fail -eq 0 ]
