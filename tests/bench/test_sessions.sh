#!/bin/sh
# karx bench sessions runs (a tiny sweep: no timing asserted) and writes one JSON row per op with
# the fields bench/sessions.py reads; bad lists are usage errors; bench/sessions.py's table reads
# such rows.
# usage: test_sessions.sh KARX SOURCE_DIR
set -u
karx=$1
src=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$karx" bench sessions --quick --sessions 17 --sizes 64,100 --json "$tmp/s.jsonl" > "$tmp/out" 2>&1 ||
    { echo "FAIL: karx bench sessions:" >&2; cat "$tmp/out" >&2; exit 1; }
python3 - "$tmp/s.jsonl" "$src" <<'PY' || exit 1
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
want = {("gcm-seal", "lea128"), ("gcm-jobs", "lea128"), ("gcm-jobs-pool", "lea128"),
        ("ccm-seal", "lea128"), ("ccm-jobs", "lea128"), ("gcm-jobs", "cham128-128"),
        ("hmac", "lsh256-256"), ("hmac-jobs", "lsh256-256")}
for size in (64, 100):
    got = {(r["op"], r["alg"]) for r in rows if r["bytes"] == size and r["sessions"] == 17}
    missing = want - got
    assert not missing, f"rows missing at {size} B: {sorted(missing)}"
for r in rows:
    assert r["suite"] == "sessions" and r["lib"] == "karx", r
    assert r["records_per_s"] > 0 and r["gb_per_s"] > 0, r
sys.path.insert(0, sys.argv[2] + "/bench")
import sessions
t = sessions.table(rows)
assert "17" in t and "64" in t, t
# --repeat: each row's median over the runs, every run kept
runs = [[dict(r, records_per_s=r["records_per_s"] * k) for r in rows] for k in (3, 1, 2)]
med = sessions.median_rows(runs)
assert len(med) == len(rows), (len(med), len(rows))
for m, r in zip(med, rows):
    assert m["records_per_s"] == 2 * r["records_per_s"], (m, r)
    assert m["runs"] == [3 * r["records_per_s"], r["records_per_s"], 2 * r["records_per_s"]], m
print(f"ok: {len(rows)} rows")
PY
for bad in "--sessions 0" "--sessions x" "--sizes 64,,1"; do
    # shellcheck disable=SC2086
    "$karx" bench sessions $bad > "$tmp/bad" 2>&1
    rc=$?
    [ "$rc" -eq 2 ] || { echo "FAIL: karx bench sessions $bad: exit $rc, want 2" >&2; exit 1; }
    [ "$(wc -l < "$tmp/bad")" -le 2 ] || { echo "FAIL: $bad: more than one line" >&2; exit 1; }
done
echo "ok: karx bench sessions"
