#!/usr/bin/env python3
"""LSH `_many` against the AVX2 port bound (issue 18, docs/BENCHMARKS.md "LSH `_many` against
the port bound"): builds bench/lsh_many_min.c against <build>/libkarx.a, which times
LSH-256-256 and LSH-512-512 batches (64 and 256-byte messages) on the given back ends as the
fastest of many rounds (a shared host only ever slows a round down) in core cycles per hash,
and prints each as a share of the bound in cycles, so no clock estimate enters the share.
Writes the rows and the table to bench/results/<stamp>-issue18-lsh-many-<label>.{jsonl,md}

    python3 bench/lsh_many_bound.py [--build build] [--backends avx2,ssse3,sse2]
                                    [--label now] [--reps N] [--karx-bench]

The bound (derived in docs/BENCHMARKS.md) is vector ALU operations / 4 per cycle on Zen 3
(pipes FP0-3; shifts and shuffles on FP1-2 only, which is not the binding limit), per block of
one message per lane, for the AVX2 kernels (8 lanes for LSH-256, 4 for LSH-512).
"""
import argparse
import datetime
import json
import os
import subprocess
import sys

# Vector ALU ops per block, per lane group, from the AVX2 kernels' instruction mix:
# steps * (adds + xors + ors + shifts + gamma shuffles) - 32 (no message adds in steps 0, 1)
# + 32 (CV ^= M_last: 16 adds, 16 xors) + the transpose of the message words into lanes.
OPS = {
    "lsh256-256": 26 * (40 + 24 + 16 + 32 + 6) - 32 + 32 + 96,  # 3164, 8 lanes
    "lsh512-512": 28 * (40 + 24 + 16 + 32 + 7) - 32 + 32 + 64,  # 3396, 4 lanes
}
LANES = {"lsh256-256": 8, "lsh512-512": 4}
BLOCK = {"lsh256-256": 128, "lsh512-512": 256}
ALU_PER_CYCLE = 4  # vector ALU pipes FP0-3 (AMD SOG 19h; measured here: 4 vpaddd/vpxor a cycle)


def blocks(alg, msg_bytes):
    """Compression calls per message: the padded length in blocks (a full last block gets a
    block of padding of its own)."""
    return msg_bytes // BLOCK[alg] + 1


def bound_cycles_per_hash(alg, msg_bytes):
    return OPS[alg] / ALU_PER_CYCLE / LANES[alg] * blocks(alg, msg_bytes)


def run_min(build, backends, reps):
    """The min-of-rounds harness (bench/lsh_many_min.c) built against <build>/libkarx.a."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    exe = os.path.join(build, "lsh_many_min")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-std=c11", "-I", os.path.join(root, "include"),
                    os.path.join(root, "bench", "lsh_many_min.c"),
                    os.path.join(build, "libkarx.a"), "-lpthread", "-o", exe], check=True)
    p = subprocess.run([exe, backends, str(reps)], capture_output=True, text=True, check=True)
    return [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(root, "build"),
                    help="CMake build folder with karx and libkarx.a")
    ap.add_argument("--backends", default="avx2,ssse3,sse2")
    ap.add_argument("--label", default="now")
    ap.add_argument("--reps", type=int, default=3000, help="rounds of the min harness")
    ap.add_argument("--karx-bench", action="store_true",
                    help="also record `karx bench lsh --op hash_many` rows (medians)")
    a = ap.parse_args()

    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d")
    base = os.path.join(root, "bench", "results", f"{stamp}-issue18-lsh-many-{a.label}")
    rows = run_min(a.build, a.backends, a.reps)
    with open(base + ".jsonl", "w") as out:
        for r in rows:
            out.write(json.dumps(r) + "\n")
        if a.karx_bench:
            p = subprocess.run([os.path.join(a.build, "karx"), "bench", "lsh", "--op",
                                "hash_many", "--backend", a.backends, "--alg",
                                "lsh256-256,lsh512-512", "--json", "-"],
                               capture_output=True, text=True, check=True)
            out.writelines(l + "\n" for l in p.stdout.splitlines() if l.startswith("{"))
    commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    cc = subprocess.run([os.environ.get("CC", "cc"), "--version"], capture_output=True,
                        text=True).stdout.splitlines()[0]
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                if l.startswith("model name")), "?")
    ghz = rows[0]["core_ghz"] if rows else 0.0
    lines = [f"# LSH `_many` against the AVX2 port bound ({a.label})", "",
             f"commit {commit}; {cpu}; harness built with {cc}; core clock {ghz:.2f} GHz "
             f"(dependent-add chain); fastest of {a.reps} rounds of 64-message calls; "
             f"`python3 bench/lsh_many_bound.py --build {os.path.relpath(a.build, root)}`", "",
             "| variant | back end | lanes | message | cycles/hash | M hashes/s | "
             "AVX2 bound, cycles/hash | share of the bound |",
             "|---|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (r["alg"], r["msg_bytes"], r["backend"])):
        bound = bound_cycles_per_hash(r["alg"], r["msg_bytes"])
        share = bound / r["core_cycles_per_hash"]
        lines.append(f"| {r['alg']} | {r['backend']} | {r['lanes']} | {r['msg_bytes']} B | "
                     f"{r['core_cycles_per_hash']:.0f} | {r['per_s'] / 1e6:.2f} | {bound:.1f} | "
                     f"{share:.0%} |")
    table = "\n".join(lines) + "\n"
    with open(base + ".md", "w") as f:
        f.write(table)
    sys.stdout.write(table)
    print(f"\nwrote {base}.jsonl and {base}.md")


if __name__ == "__main__":
    main()
