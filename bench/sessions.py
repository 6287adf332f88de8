#!/usr/bin/env python3
"""Many sessions, a key each: karx's record calls beside the peers, in one run.

Runs `karx bench sessions` (karx's rows) and bench/peers' peer-sessions (OpenSSL AES-128-GCM,
AES-128-CCM, ChaCha20-Poly1305 and HMAC-SHA256 with a context per session; IPsec-MB's
AES-128-GCM/CCM job API where installed) over the same sessions and record sizes, one after the
other on one pinned CPU, then prints each (sessions, size) with the ratios the issue states:
karx's GCM jobs and one-call-per-record seal to OpenSSL AES-128-GCM and to IPsec-MB's GCM jobs,
the 2-thread pool to one thread, CCM jobs to AES-128-CCM, HMAC-LSH jobs to HMAC-SHA256.

usage: bench/sessions.py [--karx build/karx] [--sessions LIST] [--sizes LIST] [--quick]
                         [--json OUT.json] [--plot OUT.png] [--cpu N] [--repeat N]
Builds the peers with bench/peers/build.sh (which installs what it needs when run as root).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run_jsonl(cmd, cpu):
    """Runs cmd (with --json FILE appended), pinned when taskset exists; its rows."""
    with tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False) as f:
        path = f.name
    try:
        pin = ["taskset", "-c", str(cpu)] if shutil.which("taskset") and cpu is not None else []
        subprocess.run(pin + cmd + ["--json", path], check=True, stdout=sys.stderr)
        with open(path) as f:
            return [json.loads(line) for line in f if line.strip()]
    finally:
        os.unlink(path)


def rate(rows, lib, op, alg, s, z, threads=None):
    for r in rows:
        if (r["lib"], r["op"], r["alg"], r["sessions"], r["bytes"]) == (lib, op, alg, s, z) and (
                threads is None or r.get("threads") == threads):
            return r["records_per_s"]
    return None


def median_rows(runs):
    """One row per measurement over several runs: the first run's row with records_per_s and
    gb_per_s set to the median over the runs (the middle one; the lower middle for an even
    count) and 'runs' listing every run's records_per_s."""
    key = lambda r: (r["lib"], r["op"], r["alg"], r["sessions"], r["bytes"], r.get("threads"))
    seen = {}
    for rows in runs:
        for r in rows:
            seen.setdefault(key(r), []).append(r)
    out = []
    for group in seen.values():
        vals = sorted(group, key=lambda r: r["records_per_s"])
        mid = vals[(len(vals) - 1) // 2]
        row = dict(group[0])
        row["records_per_s"] = mid["records_per_s"]
        row["gb_per_s"] = mid["gb_per_s"]
        if len(group) > 1:
            row["runs"] = [r["records_per_s"] for r in group]
        out.append(row)
    return out


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def fmt(x, kind="r"):
    if x is None:
        return "-"
    return f"{x / 1e6:.2f}" if kind == "m" else f"{x:.2f}x"


def table(rows):
    sizes = sorted({r["bytes"] for r in rows})
    sess = sorted({r["sessions"] for r in rows})
    out = []
    head = ("sessions  bytes | LEA jobs  LEA seal  CHAM jobs  AES-GCM  IMB-GCM (M rec/s) | "
            "jobs/AES  jobs/IMB  seal/AES  pool2/1 | CCM jobs/AES-CCM  /IMB-CCM | HMAC jobs/SHA256")
    out.append(head)
    for s in sess:
        for z in sizes:
            lj = rate(rows, "karx", "gcm-jobs", "lea128", s, z)
            ls = rate(rows, "karx", "gcm-seal", "lea128", s, z)
            lp = rate(rows, "karx", "gcm-jobs-pool", "lea128", s, z)
            cj = rate(rows, "karx", "gcm-jobs", "cham128-128", s, z)
            og = rate(rows, "openssl", "gcm-seal", "aes128", s, z)
            ig = rate(rows, "ipsec-mb", "gcm-jobs", "aes128", s, z)
            lc = rate(rows, "karx", "ccm-jobs", "lea128", s, z)
            oc = rate(rows, "openssl", "ccm-seal", "aes128", s, z)
            ic = rate(rows, "ipsec-mb", "ccm-jobs", "aes128", s, z)
            hj = rate(rows, "karx", "hmac-jobs", "lsh256-256", s, z)
            oh = rate(rows, "openssl", "hmac", "sha256", s, z)
            if og is None and lj is None:
                continue
            out.append(
                f"{s:8d} {z:6d} | {fmt(lj, 'm'):>8} {fmt(ls, 'm'):>9} {fmt(cj, 'm'):>10} "
                f"{fmt(og, 'm'):>8} {fmt(ig, 'm'):>8}            | {fmt(ratio(lj, og)):>8} "
                f"{fmt(ratio(lj, ig)):>9} {fmt(ratio(ls, og)):>9} {fmt(ratio(lp, lj)):>8} | "
                f"{fmt(ratio(lc, oc)):>16} {fmt(ratio(lc, ic)):>9} | {fmt(ratio(hj, oh)):>16}")
    return "\n".join(out)


def plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bench/sessions.py: matplotlib not installed: no plot", file=sys.stderr)
        return
    sizes = sorted({r["bytes"] for r in rows})
    series = [("karx", "gcm-jobs", "lea128", "karx LEA-128-GCM jobs"),
              ("karx", "gcm-seal", "lea128", "karx LEA-128-GCM, one call a record"),
              ("karx", "gcm-jobs", "cham128-128", "karx CHAM-128-GCM jobs"),
              ("openssl", "gcm-seal", "aes128", "OpenSSL AES-128-GCM (EVP, a context a session)"),
              ("ipsec-mb", "gcm-jobs", "aes128", "IPsec-MB AES-128-GCM jobs"),
              ("openssl", "chacha20-poly1305-seal", "chacha20", "OpenSSL ChaCha20-Poly1305")]
    fig, axes = plt.subplots(1, len(sizes), figsize=(4.2 * len(sizes), 3.8), squeeze=False)
    for ax, z in zip(axes[0], sizes):
        for lib, op, alg, label in series:
            pts = sorted((r["sessions"], r["records_per_s"] / 1e6) for r in rows
                         if (r["lib"], r["op"], r["alg"], r["bytes"]) == (lib, op, alg, z))
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
        ax.set_xscale("log", base=2)
        ax.set_title(f"{z}-byte records")
        ax.set_xlabel("sessions (a key each)")
        ax.set_ylabel("M records/s, one core")
        ax.grid(True, alpha=0.3)
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"bench/sessions.py: plot {path}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--karx", default=os.path.join(ROOT, "build", "karx"))
    ap.add_argument("--sessions", default=None)
    ap.add_argument("--sizes", default=None)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", default=None)
    ap.add_argument("--plot", default=None)
    ap.add_argument("--repeat", type=int, default=1,
                    help="run karx and the peers this many times, in turns, and keep each "
                         "row's median (the rows' 'runs' field holds every run's records/s)")
    ap.add_argument("--cpu", type=int, default=None,
                    help="pin both runs to this CPU (default: unpinned, as the pool row wants "
                         "two CPUs; pinned, its two threads share one)")
    a = ap.parse_args()
    cpu = a.cpu
    sweep = []
    if a.sessions:
        sweep += ["--sessions", a.sessions]
    if a.sizes:
        sweep += ["--sizes", a.sizes]
    if a.quick:
        sweep += ["--quick"]
    peers = subprocess.run(["sh", os.path.join(HERE, "peers", "build.sh")], check=True,
                           capture_output=True, text=True).stdout.strip().splitlines()[-1]
    peer_sessions = os.path.join(os.path.dirname(peers), "peer-sessions")
    runs = []
    for _ in range(a.repeat):  # karx and the peers take turns, so drift hits both alike
        runs.append(run_jsonl([a.karx, "bench", "sessions", "-T", "2"] + sweep, cpu) +
                    run_jsonl([peer_sessions] + sweep, cpu))
    rows = median_rows(runs)
    print(table(rows))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"rows": rows}, f, indent=1)
    if a.plot:
        plot(rows, a.plot)


if __name__ == "__main__":
    main()
