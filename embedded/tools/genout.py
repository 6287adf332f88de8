"""The generators' one way out: write OUT, or with --check (CI) say whether the checked-in file
still equals what the generator makes now. Returns the exit status."""
import os
import sys


def write_or_check(path, text, what=None):
    me = os.path.basename(sys.argv[0])
    name = os.path.basename(path)
    if "--check" in sys.argv:
        with open(path, encoding="utf-8") as f:
            if f.read() != text:
                print("%s: %s is out of date; run python3 embedded/tools/%s" % (me, name, me))
                return 1
        print("%s: %s is up to date" % (me, name))
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s (%s)" % (path, what or "%d lines" % text.count("\n")))
    return 0


class Asm:
    """The emitter the assembly generators share: indented instructions, labels and comments as
    raw lines, a function's section, symbol and saved registers, and the file written (or
    checked) with its header. Instruction-set helpers subclass it (gen_avr_lsh.Gen,
    gen_msp430_lsh.Gen)."""

    def __init__(self):
        self.lines = []

    def e(self, s):
        self.lines.append("    " + s)

    def begin(self, name, saved, align=False, blank=True):
        """Opens function NAME in its own section and pushes SAVED (in order); ALIGN adds
        .p2align 1 (MSP430); BLANK a blank line before it. The frame is the func macro of
        embedded/asm_func.inc, so the files do not repeat it."""
        self.lines += [""] if blank else []
        self.lines.append("func %s, %d, %s" % (name, 1 if align else 0, ", ".join(saved)))

    def end(self, name, saved, tail=()):
        """Pops SAVED (in reverse), runs TAIL, returns, and closes function NAME."""
        self.e("pops " + ", ".join(reversed(saved)))
        for s in tail:
            self.e(s)
        self.lines.append("endfunc " + name)

    def rept(self, n, body):
        """BODY() N times, as .rept when N > 1 so the file does not repeat its lines."""
        if n > 1:
            self.e(".rept %d" % n)
        for _ in range(min(n, 1)):
            body()
        if n > 1:
            self.e(".endr")

    def irp(self, lines, items):
        """LINES (one string or a list) once per item of ITEMS, as .irp r with the lines naming
        the item \\r: a load or store of a register list is one line of data instead of a line
        per register."""
        self.e(".irp r, " + ", ".join(items))
        for line in [lines] if isinstance(lines, str) else lines:
            self.e(line)
        self.e(".endr")

    def macro(self, head, body, comment=None):
        """.macro HEAD, what BODY() emits, .endm: a block the file then calls by name; COMMENT
        (a line) goes above it."""
        self.lines += [""] + (["; " + comment] if comment else []) + [".macro " + head]
        body()
        self.lines.append(".endm")

    def write(self, path, header):
        """The HEADER lines, then everything emitted, into PATH (or checked against it)."""
        include = ['#include "../asm_func.inc"']  # func, pops, endfunc
        return write_or_check(path, "\n".join(list(header) + include + self.lines) + "\n")
