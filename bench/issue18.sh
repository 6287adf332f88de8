#!/bin/sh
# Every figure of issue 18 in one run on this machine, each part's own command, with the peers
# in the same run: thread scaling, the CLI against its kernels, LSH against KISA's reference and
# SHA-2, LSH _many against its port bound, GCM against CTR, the multi-message MACs, and the
# side-by-side tables with Crypto++ / OpenSSL; then the plots. Results go to
# bench/results/<stamp>-issue18-run-*. Run it on a quiet machine (nothing else on the cores).
#   usage: bench/issue18.sh BUILD [KISA_SRC_DIR [BEFORE_BUILD]]
#   KISA_SRC_DIR: KISA's LSH C code (bench/kisa/run.sh says where to get it); without it that
#   part is skipped and says so. BEFORE_BUILD: an older karx build for the before/after rows.
set -eu
BUILD=${1:?usage: bench/issue18.sh BUILD [KISA_SRC_DIR [BEFORE_BUILD]]}
KISA=${2:-}
BEFORE=${3:-}
STAMP=$(date -u +%Y%m%d-%H%M)
COMMIT=$(git rev-parse --short HEAD 2> /dev/null || echo unknown)
R=bench/results/$STAMP-issue18-run-$COMMIT
KARX=$BUILD/karx
RUN_ARGS="$*"; export RUN_ARGS
part() { printf '\n==== %s\n' "$*"; }

part "machine"
"$KARX" info | head -n 8
cc --version | head -n 1

part "1. thread scaling (karx bench threads, up to every CPU)"
"$KARX" bench threads -T 0 --json "$R-threads.jsonl"

part "2. the CLI against the in-memory kernel (bench/cli_io.sh)"
sh bench/cli_io.sh "$BUILD" "$R-cli-io.jsonl"

part "3. LSH one message against KISA's AVX2 code and OpenSSL SHA-2 (bench/kisa/run.sh)"
if [ -n "$KISA" ]; then
    KARX_BEFORE=$BEFORE sh bench/kisa/run.sh "$KISA" "$BUILD" "$R-lsh-kisa.jsonl" 25
else
    echo "SKIPPED: no KISA source folder given (bench/kisa/run.sh explains how to get it)"
fi

part "4. LSH _many against the AVX2 port bound (bench/lsh_many_bound.py)"
python3 bench/lsh_many_bound.py --build "$BUILD" --label "run-$COMMIT"

part "5. GCM against CTR on the same back end (bench/gcm_stitch_bound.c)"
cc -O2 -std=c11 -Iinclude -Isrc -Icli -DKARX_STATIC_DEFINE -DKARX_HAVE_X86_SIMD \
    -DKARX_GIT_COMMIT="\"$COMMIT\"" bench/gcm_stitch_bound.c cli/bench_timer.c \
    "$BUILD/libkarx.a" -lpthread -o "$BUILD/gcm_stitch_bound"
"$BUILD/gcm_stitch_bound" 3000 "$R-gcm.jsonl"

part "6. multi-message CBC encryption, CMAC and HMAC (karx bench many)"
"$KARX" bench many --json "$R-many.jsonl"

part "7. side by side with Crypto++ 8.7 and OpenSSL (bench/compare.py)"
python3 bench/compare.py --karx "$KARX" --suite lsh --sweep --tag "issue18-run"
python3 bench/compare.py --karx "$KARX" --suite cipher --alg lea128,lea256,hight,cham128-128 --tag "issue18-run"
python3 bench/compare.py --karx "$KARX" --suite aead --alg lea128 --tag "issue18-run"

part "plots and docs/BENCHMARKS.md's figures from this run (bench/plot.py --docs)"
# DOCS_RUN.json names this run's files; plot.py --docs draws docs/img/ and rewrites the
# generated block of docs/BENCHMARKS.md from exactly those files.
python3 - "$R" "$COMMIT" <<'PY'
import glob, json, os, sys
r, commit = sys.argv[1], sys.argv[2]
newest = lambda pat: sorted(glob.glob(pat))[-1:]
files = (newest('bench/results/*-issue18-run-lsh-*.jsonl') + newest('bench/results/*-issue18-run-cipher-*.jsonl')
         + newest('bench/results/*-issue18-run-aead-*.jsonl') + [r + '-threads.jsonl'])
cpu = next((l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo') if l.startswith('model name')), '?')
json.dump({'command': 'bash bench/issue18.sh ' + ' '.join(a for a in os.environ.get('RUN_ARGS', '').split()),
           'note': f'commit {commit}, {cpu}, {os.cpu_count()} CPUs',
           'files': [f for f in files if os.path.exists(f)]},
          open('bench/results/DOCS_RUN.json', 'w'), indent=2)
PY
python3 bench/plot.py --docs
echo "results: $R-*"
