#!/usr/bin/env python3
"""Python-binding benchmarks for issue 8's two targets, each measured against its reference
in the same process, interleaved round by round (A, B, A, B, ...) so that load from other
processes hits both alike; every figure is the median over the rounds.

Each pair alternates which runs first.

1. One-shot 64-byte hash: `karx.lsh256_256(b).digest()` vs `hashlib.sha256(b).digest()`
   (ns per call; target: karx at least as fast).
2. Batch: `karx.lsh_many("lsh256-256", a, out=o)` on a 1M x 64-byte uint8 NumPy array vs the
   C call `karx_lsh_many` on the same buffers through ctypes (one call, so ctypes adds nothing
   measurable) from the shared library built beside the module (target: >= 85 %). pip builds
   only the module's target, so build the shared library in the same folder first:

    cmake --build build-py/cp311-cp311-linux_x86_64 --target karx_shared   # your wheel tag
    build-py/venv/bin/python python/bench/bench_py.py [--rounds 15] [--n 1000000] [--lib PATH]

Prints a Markdown report (machine, commit, back end, table) on stdout.
"""
from __future__ import annotations

import argparse
import ctypes
import glob
import hashlib
import os
import platform
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

import numpy as np

import karx

ROOT = Path(__file__).resolve().parents[2]


def find_lib(explicit):
    cands = [explicit] if explicit else []
    cands += sorted(glob.glob(str(ROOT / "build-py" / "*" / "libkarx.so")))
    cands += [str(ROOT / "build" / "libkarx.so")]
    for c in cands:
        if c and os.path.exists(c):
            return c
    sys.exit("no libkarx.so found: after pip install . run `cmake --build build-py/<wheel tag> "
             "--target karx_shared` (same commit and flags as the module), or pass --lib")


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def commit():
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=12"],
                              cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def per_call_ns(stmt, number):
    return timeit.timeit(stmt, number=number) / number * 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--calls", type=int, default=200_000, help="calls per one-shot round")
    ap.add_argument("--lib", default=None)
    args = ap.parse_args()

    # ---- 1. one-shot 64-byte hashes
    b = bytes(range(64))
    assert len(karx.lsh256_256(b).digest()) == 32
    k256 = lambda: karx.lsh256_256(b).digest()  # noqa: E731
    k512 = lambda: karx.lsh512_512(b).digest()  # noqa: E731
    sha = lambda: hashlib.sha256(b).digest()  # noqa: E731
    hmk = lambda: karx.hmac_digest(b"k" * 16, b, "lsh256-256")  # noqa: E731
    for f in (k256, k512, sha, hmk):
        per_call_ns(f, 20000)  # warm up
    one = {"karx.lsh256_256(b).digest()": [], "hashlib.sha256(b).digest()": [],
           "karx.lsh512_512(b).digest()": [], "karx.hmac_digest(k, b, 'lsh256-256')": []}
    for r in range(args.rounds):
        pair = [("karx.lsh256_256(b).digest()", k256), ("hashlib.sha256(b).digest()", sha)]
        for name, f in pair[:: 1 if r % 2 == 0 else -1]:
            one[name].append(per_call_ns(f, args.calls))
        one["karx.lsh512_512(b).digest()"].append(per_call_ns(k512, args.calls))
        one["karx.hmac_digest(k, b, 'lsh256-256')"].append(per_call_ns(hmk, args.calls // 4))

    # ---- 2. lsh_many on n x 64 bytes vs the C call
    lib_path = find_lib(args.lib)
    lib = ctypes.CDLL(lib_path)
    lib.karx_lsh_many.restype = ctypes.c_int
    lib.karx_lsh_many.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t,
                                  ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t]
    lib.karx_backend_name.restype = ctypes.c_char_p
    lib.karx_get_backend.restype = ctypes.c_int
    n = args.n
    msgs = np.random.default_rng(1).integers(0, 256, size=(n, 64), dtype=np.uint8)
    out_py = np.empty((n, 32), np.uint8)
    out_c = np.empty((n, 32), np.uint8)
    LSH256_256 = 2

    def c_many():
        st = lib.karx_lsh_many(LSH256_256, out_c.ctypes.data, out_c.nbytes, msgs.ctypes.data,
                               64, n)
        assert st == 0

    def py_many():
        karx.lsh_many("lsh256-256", msgs, out=out_py)

    c_many()
    py_many()
    assert np.array_equal(out_c, out_py)
    assert out_py[5].tobytes() == karx.lsh256_256(msgs[5].tobytes()).digest()
    many_py, many_c = [], []
    for r in range(args.rounds):
        # alternate which goes first, so neither always runs right after the other
        for f, acc in ((py_many, many_py), (c_many, many_c))[:: 1 if r % 2 == 0 else -1]:
            t = time.perf_counter()
            f()
            acc.append(time.perf_counter() - t)

    med = {k: statistics.median(v) for k, v in one.items()}
    k, s = med["karx.lsh256_256(b).digest()"], med["hashlib.sha256(b).digest()"]
    mp, mc = statistics.median(many_py), statistics.median(many_c)
    lo = lambda v: min(v)  # noqa: E731

    print(f"# Python binding benchmark\n")
    print(f"- when: {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}")
    print(f"- commit: {commit()}")
    print(f"- CPU: {cpu_name()}, {os.cpu_count()} logical CPUs; load average "
          f"{os.getloadavg()[0]:.2f} at the end")
    print(f"- Python {platform.python_version()} ({sys.executable}), NumPy {np.__version__}, "
          f"karx {karx.__version__}, back end {karx.backend()} "
          f"(ctypes library: {lib.karx_backend_name(lib.karx_get_backend()).decode()}, "
          f"{os.path.relpath(lib_path, ROOT)})")
    print(f"- hashlib.sha256: {hashlib.sha256().__class__.__module__} "
          f"(OpenSSL {__import__('ssl').OPENSSL_VERSION.split()[1]})")
    print(f"- {args.rounds} interleaved rounds; one-shot rounds of {args.calls} calls\n")
    print("## One-shot 64-byte message (ns per call, lower is better)\n")
    print("| call | median ns | min ns |")
    print("|---|---:|---:|")
    for name, v in one.items():
        print(f"| `{name}` | {statistics.median(v):.1f} | {lo(v):.1f} |")
    ks, ss = one["karx.lsh256_256(b).digest()"], one["hashlib.sha256(b).digest()"]
    print(f"\nkarx.lsh256_256 / hashlib.sha256 time ratio: **{k / s:.2f}** by medians, "
          f"{lo(ks) / lo(ss):.2f} by best rounds "
          f"(target <= 1.00: {'met' if k <= s else 'NOT met'})\n")
    print(f"## Batch: {n} x 64-byte messages, LSH-256-256\n")
    print("| call | median s | min s | Mhash/s | GB/s |")
    print("|---|---:|---:|---:|---:|")
    for name, v in ((f"karx.lsh_many('lsh256-256', a, out=o)", many_py),
                    ("C karx_lsh_many (ctypes, same buffers)", many_c)):
        m = statistics.median(v)
        print(f"| `{name}` | {m:.4f} | {lo(v):.4f} | {n / m / 1e6:.2f} | {n * 64 / m / 1e9:.3f} |")
    print(f"\nPython / C throughput: **{mc / mp * 100:.1f} %** by medians, "
          f"{lo(many_c) / lo(many_py) * 100:.1f} % by best runs "
          f"(target >= 85 %: {'met' if mc / mp >= 0.85 else 'NOT met'})")


if __name__ == "__main__":
    main()
