#!/usr/bin/env bash
# A before/after of `karx bench sessions` on a noisy machine: two karx binaries run in turn N
# times (default 5), and each row's median records/s is printed for both with their ratio.
# On a shared VM one run can move 2x; taking turns moves both alike, the medians keep the rest.
# usage: bench/ab_sessions.sh BASE_KARX NEW_KARX [karx bench sessions options ...]
#   e.g. bench/ab_sessions.sh ../old/build/karx build/karx --alg lea128 --op gcm-jobs \
#          --sessions 4096 --sizes 64,576,1500
# N=7 for more turns; RAW=FILE keeps every run's line (binary op alg sessions bytes Mrec/s).
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: bench/ab_sessions.sh BASE_KARX NEW_KARX [karx bench sessions options ...]" >&2
    exit 2
fi
base=$1 new=$2
shift 2
raw=${RAW:-$(mktemp)}
: > "$raw"
for _ in $(seq "${N:-5}"); do
    for v in base new; do
        bin=$base
        [ "$v" = new ] && bin=$new
        "$bin" bench sessions "$@" 2>&1 |
            awk -v v="$v" '$1 ~ /-/ && NF >= 9 {print v, $1, $2, $4, $5, $6}' >> "$raw"
    done
done
python3 - "$raw" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    v, op, alg, s, b, m = line.split()
    runs[(op, alg, int(s), int(b), v)].append(float(m))
print("%-14s %-12s %8s %6s %10s %10s %7s %3s" % ("op", "alg", "sessions", "bytes", "base", "new", "ratio", "n"))
for k in sorted({k[:4] for k in runs}):
    a, n = runs[k + ("base",)], runs[k + ("new",)]
    if a and n:
        ma, mn = statistics.median(a), statistics.median(n)
        print("%-14s %-12s %8d %6d %10.3f %10.3f %6.2fx %3d" % (*k, ma, mn, mn / ma, len(a)))
PY
