#!/usr/bin/env python3
"""Hash a directory tree in parallel on a Dask cluster, printing what `karx hash` prints.

    python examples/dask_hash.py [-a lsh256-256] [--workers 2] [--threads] PATH...

Every regular file under each PATH (a directory is walked recursively and its files sorted by
path; a file is taken as is) is hashed with karx on a Dask LocalCluster started on loopback
(127.0.0.1): by default two worker processes with one thread each, or with --threads two
threads in one process. The files are split into partitions of a Dask bag and each partition
is hashed by `hash_partition`, which streams every file through karx.file_digest (the GIL is
released while hashing). Output is one "HEX  PATH" line per file in walk order, so for the same
file list it is byte for byte what `build/karx hash -a ALG FILE...` prints; --tag gives the
"LSH-256-256 (PATH) = HEX" form. Unreadable files: one line on stderr each, exit status 1.
"""
from __future__ import annotations

import argparse
import os
import sys


def list_files(paths):
    """Regular files under each path, sorted by path (the order of `find PATH -type f |
    LC_ALL=C sort`); a path that is not a directory is taken as is."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            found = []
            for root, _dirs, files in os.walk(p):
                for f in files:
                    full = os.path.join(root, f)
                    if os.path.isfile(full) and not os.path.islink(full):
                        found.append(full)
            out.extend(sorted(found))
        else:
            out.append(p)
    return out


def hash_partition(paths, alg="lsh256-256"):
    """The per-partition function run on the workers: [(path, hex or None, error or None)]."""
    import karx

    res = []
    for p in paths:
        try:
            with open(p, "rb") as f:
                res.append((p, karx.file_digest(f, alg).hexdigest(), None))
        except OSError as e:
            res.append((p, None, e.strerror or str(e)))
    return res


def escaped(path):
    """("\\", name) for a name sha256sum and karx hash escape (backslash, newline, CR), else ("", name)."""
    if not any(c in path for c in "\\\n\r"):
        return "", path
    return "\\", path.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def tag_name(alg):
    # "lsh512-256" -> "LSH-512-256", as `karx hash --tag` names it
    return "LSH-" + alg[3:].upper()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", metavar="PATH")
    ap.add_argument("-a", "--algorithm", default="lsh256-256")
    ap.add_argument("--tag", action="store_true", help="BSD-style lines")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", action="store_true",
                    help="workers are threads in this process instead of processes")
    ap.add_argument("--partitions", type=int, default=0,
                    help="bag partitions (default: 4 per worker)")
    args = ap.parse_args(argv)

    import dask.bag as db
    import karx
    from dask.distributed import Client, LocalCluster

    alg = karx.new(args.algorithm).name  # canonical name; UnknownAlgorithm -> exit below
    files = list_files(args.paths)
    cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                           processes=not args.threads, host="127.0.0.1", protocol="tcp://",
                           dashboard_address=None)
    try:
        with Client(cluster) as client:
            parts = args.partitions or max(1, 4 * args.workers)
            if files:
                bag = db.from_sequence(files, npartitions=min(parts, len(files)))
                results = bag.map_partitions(hash_partition, alg=alg).compute(scheduler=client)
            else:
                results = []
    finally:
        cluster.close()

    status = 0
    out = sys.stdout
    for path, hexd, err in results:
        if hexd is None:
            print(f"karx: {path}: {err}", file=sys.stderr)
            status = 1
        elif args.tag:
            mark, name = escaped(path)
            out.write(f"{mark}{tag_name(alg)} ({name}) = {hexd}\n")
        else:
            mark, name = escaped(path)
            out.write(f"{mark}{hexd}  {name}\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
