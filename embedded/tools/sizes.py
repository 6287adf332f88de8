#!/usr/bin/env python3
"""Code and data size per part of the library in a linked embedded image, from the linker map
(GNU ld -Map for AVR and Cortex-M, link430.py's map for MSP430), counting only the input
sections the linker kept (after --gc-sections).
  sizes.py MAP TARGET        TARGET: avr | cortexm | msp430
Columns: code (instructions), const (read-only tables in flash: .rodata; on AVR only .progmem,
read with lpm), data (initialised RAM, also stored in flash; on AVR every const table not in
PROGMEM lands here), bss (zeroed RAM)."""
import os
import re
import sys

GROUPS = [
    ("LSH (front end + kernel)", ["lsh256", "lsh512", "lsh_dispatch", "lsh_small", "lsh_portable",
                                  "lsh_avr", "lsh_msp430"]),
    ("LEA", ["lea", "lea_desc", "lea_portable", "lea_avr", "lea_msp430"]),
    ("HIGHT", ["hight", "hight_desc", "hight_portable"]),
    ("CHAM", ["cham", "cham_desc", "cham_portable", "cham_avr", "cham_msp430"]),
    ("ARIA", ["aria", "aria_desc", "aria_portable"]),
    ("modes (ECB/CBC/CTR/CFB/OFB, streaming)", ["cipher", "ecb", "cbc", "ctr", "cfb", "ofb", "stream",
                                                "mode_desc"]),
    ("registry (lists, kernel selection)", ["registry", "select"]),
    ("common (status, memzero, port)", ["memzero", "status", "karx_port"]),
    ("test program + platform", ["kat_main", "platform_avr", "platform_cortexm", "platform_msp430", "startup"]),
    ("C library / compiler runtime", []),
]


def group_of(path):
    base = os.path.basename(path)
    base = re.sub(r"\.o$", "", base)
    base = re.sub(r"^(src|embedded)_[a-z0-9]+_", "", base)  # msp430 object names
    for name, members in GROUPS:
        if base in members:
            return name
    return GROUPS[-1][0]


def kind_of(section, target):
    if target == "avr" and section.startswith(".rodata"):
        return "data"  # avr-gcc keeps const data in RAM unless it is PROGMEM
    if section.startswith(".text") or section.startswith(".init") or section.startswith(".fini") \
            or section.startswith(".vectors") or section.startswith(".trampolines") \
            or section.startswith(".ctors") or section.startswith(".dtors") or section.startswith(".jumptables"):
        return "code"
    if section.startswith(".progmem") or section.startswith(".rodata") or section.startswith(".ARM"):
        return "const"
    if section.startswith(".data"):
        return "data"
    if section.startswith(".bss") or section.startswith("COMMON") or section.startswith(".noinit"):
        return "bss"
    return None


def parse_gnu(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    text = text[text.index("Linker script and memory map"):]
    out = []
    pending = None
    for line in text.splitlines():
        m = re.match(r"^ (\S+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o|\S+\.a\(\S+\))$", line)
        if m:
            out.append((m.group(1), int(m.group(3), 16), m.group(4)))
            pending = None
            continue
        m = re.match(r"^ (\S+)$", line)
        if m:
            pending = m.group(1)
            continue
        m = re.match(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o|\S+\.a\(\S+\))$", line)
        if m and pending:
            out.append((pending, int(m.group(2), 16), m.group(3)))
        pending = None
    return out


def parse_430(path):
    out = []
    conv = {"text": ".text", "rodata": ".rodata", "data": ".data", "bss": ".bss"}
    for line in open(path):
        if line.startswith("# section "):
            _, _, kind, size, obj = line.split()
            out.append((conv[kind], int(size), obj))
    return out


def main():
    mapf, target = sys.argv[1], sys.argv[2]
    entries = parse_430(mapf) if target == "msp430" else parse_gnu(mapf)
    table = {name: {"code": 0, "const": 0, "data": 0, "bss": 0} for name, _ in GROUPS}
    for sec, size, obj in entries:
        k = kind_of(sec, target)
        if k and size:
            table[group_of(obj)][k] += size
    print("%-42s %7s %7s %7s %7s" % ("bytes (%s)" % target, "code", "const", "data", "bss"))
    tot = {"code": 0, "const": 0, "data": 0, "bss": 0}
    for name, _ in GROUPS:
        row = table[name]
        print("%-42s %7d %7d %7d %7d" % (name, row["code"], row["const"], row["data"], row["bss"]))
        for k in tot:
            tot[k] += row[k]
    print("%-42s %7d %7d %7d %7d" % ("total", tot["code"], tot["const"], tot["data"], tot["bss"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
