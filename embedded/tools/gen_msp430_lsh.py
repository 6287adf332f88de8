#!/usr/bin/env python3
"""Generates embedded/msp430/lsh_msp430.S: the LSH-256 and LSH-512 step functions (message
XOR, mix, step constant, gamma rotation, sigma permutation) in MSP430 assembly (the original
16-bit ISA, so it also runs on MSP430X parts). As for AVR (gen_avr_lsh.py), rotations by 16k
bits are register renaming; 8-bit parts are swpb plus a low-byte exchange; the rest are
single-bit rotates through carry.

  void karx_msp430_lsh{256,512}_step_{even,odd}(word *out, const word *cv, const word *m,
                                                const word *sc);

Calling convention (clang/gcc MSP430 EABI): arguments in R12-R15, R4-R10 callee-saved.
out[i] = t[sigma[i]]; out must not overlap cv. Run with --check to verify the checked-in file."""
import os
import sys

from genout import write_or_check

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "msp430", "lsh_msp430.S")

DX = [9, 10, 8, 11, 1, 2, 0, 3]
DY = [12, 15, 14, 13, 4, 7, 6, 5]
PARAMS = {
    256: (2, (29, 1), (5, 17), [0, 8, 16, 24, 24, 16, 8, 0]),
    512: (4, (23, 59), (7, 3), [0, 16, 32, 48, 8, 24, 40, 56]),
}


class Gen:
    def __init__(self):
        self.lines = []
        self.tmp = None

    def e(self, s):
        self.lines.append("    " + s)

    def add(self, d, s):
        self.e("add %s, %s" % (s[0], d[0]))
        for i in range(1, len(d)):
            self.e("addc %s, %s" % (s[i], d[i]))

    @staticmethod
    def rename(r, k):  # rotated left by 16k bits
        n = len(r)
        return [r[(i - k) % n] for i in range(n)]

    def rotl1(self, r):
        self.e("add %s, %s" % (r[0], r[0]))
        for x in r[1:]:
            self.e("addc %s, %s" % (x, x))
        self.e("addc #0, %s" % r[0])

    def rotr1(self, r):
        self.e("bit #1, %s" % r[0])
        for x in reversed(r):
            self.e("rrc %s" % x)

    def rotl8(self, r):
        """Rotate left by 8 bits in place: swap bytes of every word, then move the low bytes
        one word up (cyclically) through the temporary."""
        t = self.tmp
        for x in r:
            self.e("swpb %s" % x)
        for x in r[1:]:  # swap low bytes of r[0] and x: ends with L0 <- L(n-1), L(i) <- L(i-1)
            self.e("mov %s, %s" % (r[0], t))
            self.e("xor %s, %s" % (x, t))
            self.e("and #255, %s" % t)
            self.e("xor %s, %s" % (t, r[0]))
            self.e("xor %s, %s" % (t, x))
        return r

    def rotl(self, r, n):
        """Rotate left by n bits, picking the cheapest of: s single-bit left rotates, 16 - s
        right ones after one more word of renaming, or a byte rotation and |s - 8| of them."""
        k, s = divmod(n, 16)
        r = self.rename(r, k)
        w = len(r)
        bit, byte = w + 1, w + 5 * (w - 1)  # cycles of rotl1/rotr1 and of rotl8
        options = [(s * bit, "left"), ((16 - s) * bit, "right"), (byte + abs(s - 8) * bit, "byte")]
        _, how = min(options)
        if how == "left":
            for _ in range(s):
                self.rotl1(r)
        elif how == "right":
            r = self.rename(r, 1)
            for _ in range(16 - s):
                self.rotr1(r)
        else:
            r = self.rotl8(r)
            for _ in range(8 - s if s < 8 else 0):
                self.rotr1(r)
            for _ in range(s - 8 if s > 8 else 0):
                self.rotl1(r)
        return r


def step(g, bits, parity):
    W, even, odd, gamma = PARAMS[bits]  # W = 16-bit words per LSH word
    a, b = even if parity == "even" else odd
    name = "karx_msp430_lsh%d_step_%s" % (bits, parity)
    g.lines += ["", '.section .text.%s,"ax",@progbits' % name, ".global %s" % name,
                ".type %s, @function" % name, ".p2align 1", "%s:" % name]
    if bits == 256:
        saved = ["r4", "r5", "r6", "r7", "r8"]
        x0, y0, g.tmp = ["r4", "r5"], ["r6", "r7"], "r8"
    else:
        saved = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]
        x0, y0, g.tmp = ["r4", "r5", "r6", "r7"], ["r8", "r9", "r10", "r11"], "r12"
    for r in saved:
        g.e("push %s" % r)
    if bits == 512:  # out and sc live on the stack: 0(r1) = sc, 2(r1) = out; r15 points
        g.e("push r12")
        g.e("push r15")
    far = 7 * 2 * W  # cv[l+8] / m[l+8] from a pointer already advanced past word l
    for l in range(8):
        g.lines.append("    ; pair %d: t[%d] -> out[%d], t[%d] -> out[%d]" % (l, l, DX[l], l + 8, DY[l]))
        x, y = list(x0), list(y0)
        for i in range(W):
            g.e("mov @r13+, %s" % x[i])
        for i in range(W):
            g.e("mov %d(r13), %s" % (far + 2 * i, y[i]))
        for i in range(W):
            g.e("xor @r14+, %s" % x[i])
        for i in range(W):
            g.e("xor %d(r14), %s" % (far + 2 * i, y[i]))
        g.add(x, y)
        x = g.rotl(x, a)
        if bits == 512:
            g.e("mov 0(r1), r15")
        for i in range(W):
            g.e("xor @r15+, %s" % x[i])
        if bits == 512:
            g.e("mov r15, 0(r1)")
        g.add(y, x)
        y = g.rotl(y, b)
        g.add(x, y)
        base = "r12"
        if bits == 512:
            g.e("mov 2(r1), r15")
            base = "r15"
        for i in range(W):
            g.e("mov %s, %d(%s)" % (x[i], 2 * W * DX[l] + 2 * i, base))
        gk, gs = divmod(gamma[l], 16)
        y = g.rename(y, gk)
        if gs:
            y = g.rotl8(y)
        for i in range(W):
            g.e("mov %s, %d(%s)" % (y[i], 2 * W * DY[l] + 2 * i, base))
    if bits == 512:
        g.e("add #4, r1")
    for r in reversed(saved):
        g.e("pop %s" % r)
    g.e("ret")
    g.lines.append(".size %s, .-%s" % (name, name))


def main():
    g = Gen()
    g.lines.append("; Generated by embedded/tools/gen_msp430_lsh.py; do not edit. LSH step functions for")
    g.lines.append("; MSP430 (see the generator for the calling convention and the method).")
    for bits in (256, 512):
        for parity in ("even", "odd"):
            step(g, bits, parity)
    text = "\n".join(g.lines) + "\n"
    return write_or_check(OUT, text)


if __name__ == "__main__":
    sys.exit(main())
