#!/usr/bin/env python3
"""Record jobs through the Python package (issue 26): a batch call against a loop of the
one-record calls, for a server's workload: S sessions keyed once, one record per session per
round, a 13-byte AAD. Batch and loop are interleaved round by round (A, B, B, A, ...) so that
load from other processes hits both alike; each figure is the median over the rounds, in
M records/s, on one thread.

    build-py/venv/bin/python python/bench/bench_jobs.py [--sessions 4096] [--rounds 9]

Pairs: LEA-128-GCM (`LEAGCM.encrypt` in a loop vs `gcm_seal_many`, and `gcm_open_many`),
LEA-128-CCM (`LEACCM.encrypt` vs `ccm_seal_many`), HMAC-LSH-256 (`hmac_digest` with the raw key
vs `hmac_many` with `HmacKey` objects), and GCM with raw key bytes (`gcm_seal_many(...,
cipher="lea128")`: a key schedule a record). Prints a Markdown table on stdout.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import karx


def rate(fn, n):
    t = time.perf_counter()
    fn()
    return n / (time.perf_counter() - t) / 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=4096)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--sizes", default="64,576,1500")
    a = ap.parse_args()
    n = a.sessions
    print(f"# karx Python record jobs: {n} sessions, one thread\n")
    print(f"karx {karx.__version__}, back end {karx.backend()}, {platform.processor() or platform.machine()}, "
          f"median of {a.rounds} interleaved rounds, M records/s\n")
    cols = ["GCM loop", "gcm_seal_many", "gcm_open_many", "GCM raw keys", "CCM loop",
            "ccm_seal_many", "HMAC loop", "hmac_many"]
    print("| record | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for size in (int(s) for s in a.sizes.split(",")):
        nonces = [os.urandom(12) for _ in range(n)]
        msgs = [os.urandom(size) for _ in range(n)]
        aads = [os.urandom(13) for _ in range(n)]
        gk = [os.urandom(16) for _ in range(n)]
        g = [karx.LEAGCM(k) for k in gk]
        c = [karx.LEACCM(os.urandom(16)) for _ in range(n)]
        hk = [os.urandom(32) for _ in range(n)]
        h = [karx.HmacKey(k, "lsh256-256") for k in hk]
        sealed = karx.gcm_seal_many(g, nonces, msgs, aads)
        pairs = [
            (lambda: [k.encrypt(x, m, d) for k, x, m, d in zip(g, nonces, msgs, aads)],
             lambda: karx.gcm_seal_many(g, nonces, msgs, aads)),
            (lambda: karx.gcm_open_many(g, nonces, sealed, aads),
             lambda: karx.gcm_seal_many(gk, nonces, msgs, aads, cipher="lea128")),
            (lambda: [k.encrypt(x, m, d) for k, x, m, d in zip(c, nonces, msgs, aads)],
             lambda: karx.ccm_seal_many(c, nonces, msgs, aads)),
            (lambda: [karx.hmac_digest(k, m, "lsh256-256") for k, m in zip(hk, msgs)],
             lambda: karx.hmac_many(h, msgs)),
        ]
        got = {i: [] for i in range(8)}
        for r in range(a.rounds):
            for p, (x, y) in enumerate(pairs):
                order = [(2 * p, x), (2 * p + 1, y)]
                for i, f in (order if r % 2 == 0 else order[::-1]):
                    got[i].append(rate(f, n))
        med = [statistics.median(got[i]) for i in range(8)]
        # columns: loop, seal_many, open_many, raw, ccm loop, ccm many, hmac loop, hmac many
        row = [med[0], med[1], med[2], med[3], med[4], med[5], med[6], med[7]]
        print(f"| {size} B | " + " | ".join(f"{v:.2f}" for v in row) + " |")


if __name__ == "__main__":
    main()
