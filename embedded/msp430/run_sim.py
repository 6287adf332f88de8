#!/usr/bin/env python3
"""Runs the MSP430 test image in mspdebug's simulator and turns the tracer's IO log back into
the program's output: bytes written to 0x00f0 are console text, writes to 0x00f1 are cycle
markers (the tracer stamps every IO event with the MCLK cycle count, which the simulator
advances by each instruction's cycle count), 0x00f2 is the exit status. At each stop marker it
appends " cycles=N" (stop stamp minus start stamp), the same format as the AVR harness.
  run_sim.py IMAGE.hex IMAGE.map
Exit status: the program's; 97 if it did not reach plat_halt, 2 on a tool error."""
import re
import subprocess
import sys


def main():
    hexfile, mapfile = sys.argv[1], sys.argv[2]
    halt = None
    for line in open(mapfile):
        if line.startswith("#"):
            continue
        addr, _, name = line.split()
        if name == "plat_halt":
            halt = addr
    if halt is None:
        print("run_sim.py: plat_halt not in %s" % mapfile)
        return 2
    cmd = ["mspdebug", "-q", "sim", "prog " + hexfile, "simio add tracer tr",
           "simio config tr verbose", "setbreak " + halt, "run", "simio info tr"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        print("run_sim.py: mspdebug timed out")
        return 97
    out = []
    start = None
    code = None
    seen = False
    for m in re.finditer(r"^\s*(\d+): write\.[bw] => 0x([0-9a-f]{4}) 0x([0-9a-f]+)$", p.stdout, re.M):
        if m.group(0).strip().startswith("IO event history"):
            break
        cyc, addr, val = int(m.group(1)), int(m.group(2), 16), int(m.group(3), 16)
        if addr == 0x00f0:
            out.append(chr(val & 0xff))
        elif addr == 0x00f1:
            if val == 1:
                start = cyc
            elif val == 2 and start is not None:
                out.append(" cycles=%d" % (cyc - start))
        elif addr == 0x00f2:
            code = val & 0xff
            seen = True
            break
    sys.stdout.write("".join(out))
    if not seen:
        sys.stdout.write(p.stdout[-2000:] + p.stderr[-2000:])
        print("run_sim.py: program did not report an exit status (mspdebug exit %d)" % p.returncode)
        return 97
    halted = re.search(r"^0x%s:" % halt[2:].lstrip("0"), p.stdout, re.M) or ("0x" + halt[2:]) in p.stdout
    if not halted:
        print("run_sim.py: simulator did not stop at plat_halt")
        return 97
    return code


if __name__ == "__main__":
    sys.exit(main())
