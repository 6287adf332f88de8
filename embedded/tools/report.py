#!/usr/bin/env python3
"""Turns a simulator run log (embedded/test/kat_main.c output with cycle counts) into the
figures of docs/EMBEDDED.md: cycles per byte for LSH at 50/100/500 bytes beside the published
ones, cycles per block for the ciphers, stack depth per operation.
  report.py RUN_LOG [ELF TARGET]"""
import re
import sys

PUBLISHED = {  # (target, algorithm) -> {bytes: published cycles/byte}
    ("avr", "lsh256-256"): {500: 788, 100: 1031, 50: 2061},
    ("avr", "lsh512-512"): {500: 830, 100: 2132, 50: 4263},
    ("msp430", "lsh256-256"): {500: 597, 100: 781, 50: 1561},
    ("msp430", "lsh512-512"): {500: 652, 100: 1672, 50: 3343},
}


def main():
    log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
    target = sys.argv[3] if len(sys.argv) > 3 else "avr"
    bench = re.findall(r"^bench (\S+) (\d+) cycles=(\d+)$", log, re.M)
    if not bench:
        print("no cycle counts in %s" % sys.argv[1])
        return 0
    calib = 0
    rows = []
    for name, nbytes, cyc in bench:
        if name == "calibrate":
            calib = int(cyc)
            continue
        rows.append((name, int(nbytes), int(cyc) - calib))
    print("marker overhead subtracted: %d cycles" % calib)
    print("%-22s %6s %10s %9s %11s" % ("operation", "bytes", "cycles", "c/B", "published"))
    for name, n, c in rows:
        pub = PUBLISHED.get((target, name), {}).get(n)
        print("%-22s %6d %10d %9.1f %11s" % (name, n, c, c / n, pub if pub else "-"))
    for what, n in re.findall(r"^stack (\S+) (\d+)$", log, re.M):
        print("stack %-28s %5s bytes" % (what, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
