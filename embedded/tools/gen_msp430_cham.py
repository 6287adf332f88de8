#!/usr/bin/env python3
"""Generates embedded/msp430/cham_msp430.S: revised CHAM encryption of one block on MSP430,

  void karx_cham64_encrypt_words_ext(uint16_t x[4], const uint16_t rk[16], unsigned rounds);
  void karx_cham128_encrypt_words_ext(uint32_t x[4], const uint32_t *rk, unsigned rk_mask,
                                      unsigned rounds);

the contracts of karx_cham64/128_encrypt_words in src/cham/cham_core.h (used when the build
defines KARX_CHAM_ENCRYPT_WORDS_EXTERN). Round i: even i: x0' = rol8((x0 ^ i) + (rol1(x1) ^ rk)),
odd i: x0' = rol1((x0 ^ i) + (rol8(x1) ^ rk)), then the words shift. The state is in registers,
the word shift is renaming (four rounds per loop body), the round keys are read with @Rn+ and
the pointer wraps at the end of the key. CHAM-64: rol8 is one swpb. CHAM-128: rol8 is swpb of
both halves and a low-byte exchange through a scratch register; the round counter, the loop
count and the key bounds live on the stack to leave that register free. MSP430 EABI: arguments
in R12-R15, R4-R10 saved here. --check verifies the checked-in file."""
import os
import sys

from genout import write_or_check

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "msp430", "cham_msp430.S")


class G:
    def __init__(self):
        self.lines = []

    def e(self, s):
        self.lines.append("    " + s)


def cham64(g):
    name = "karx_cham64_encrypt_words_ext"
    g.lines += ["", '.section .text.%s,"ax",@progbits' % name, ".global %s" % name,
                ".type %s, @function" % name, ".p2align 1", "%s:" % name]
    saved = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]
    for r in saved:
        g.e("push %s" % r)
    w = ["r4", "r5", "r6", "r7"]
    T, I, BASE, END, CNT = "r15", "r8", "r9", "r10", "r14"
    for k in range(4):
        g.e("mov %d(r12), %s" % (2 * k, w[k]))
    g.e("mov r13, %s" % BASE)
    g.e("mov r13, %s" % END)
    g.e("add #32, %s" % END)
    g.e("rra %s" % CNT)   # rounds / 4 (rounds < 256, so rra = logical shift)
    g.e("rra %s" % CNT)
    g.e("clr %s" % I)
    g.lines.append("1:")
    for r in range(4):
        x0, x1 = w[r], w[(r + 1) % 4]
        g.e("mov %s, %s" % (x1, T))
        if r % 2 == 0:
            g.e("add %s, %s" % (T, T))      # rol1
            g.e("addc #0, %s" % T)
        else:
            g.e("swpb %s" % T)              # rol8
        g.e("xor @r13+, %s" % T)
        g.e("xor %s, %s" % (I, x0))
        g.e("add %s, %s" % (T, x0))
        if r % 2 == 0:
            g.e("swpb %s" % x0)
        else:
            g.e("add %s, %s" % (x0, x0))
            g.e("addc #0, %s" % x0)
        g.e("inc %s" % I)
    g.e("cmp %s, r13" % END)
    g.e("jne 2f")
    g.e("mov %s, r13" % BASE)
    g.lines.append("2:")
    g.e("dec %s" % CNT)
    g.e("jne 1b")
    for k in range(4):
        g.e("mov %s, %d(r12)" % (w[k], 2 * k))
    for r in reversed(saved):
        g.e("pop %s" % r)
    g.e("ret")
    g.lines.append(".size %s, .-%s" % (name, name))


def cham128(g):
    name = "karx_cham128_encrypt_words_ext"
    g.lines += ["", '.section .text.%s,"ax",@progbits' % name, ".global %s" % name,
                ".type %s, @function" % name, ".p2align 1", "%s:" % name]
    saved = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]
    for r in saved:
        g.e("push %s" % r)
    # stack after the pushes below: 0(r1) = i, 2(r1) = count, 4(r1) = rk end, 6(r1) = rk, 8(r1) = x
    g.e("push r12")          # x
    g.e("push r13")          # rk
    g.e("inc r14")           # end = rk + 4 * (rk_mask + 1)
    g.e("add r14, r14")
    g.e("add r14, r14")
    g.e("add r13, r14")
    g.e("push r14")
    g.e("rra r15")           # rounds / 4
    g.e("rra r15")
    g.e("push r15")
    g.e("push #0")           # i
    w = [["r4", "r5"], ["r6", "r7"], ["r8", "r9"], ["r10", "r11"]]
    T, S = ["r14", "r15"], "r12"
    for k in range(4):
        g.e("mov %d(r12), %s" % (4 * k, w[k][0]))
        g.e("mov %d(r12), %s" % (4 * k + 2, w[k][1]))
    g.lines.append("1:")

    def rotl8(r, s):  # in place, scratch s
        g.e("swpb %s" % r[0])
        g.e("swpb %s" % r[1])
        g.e("mov %s, %s" % (r[0], s))
        g.e("xor %s, %s" % (r[1], s))
        g.e("and #255, %s" % s)
        g.e("xor %s, %s" % (s, r[0]))
        g.e("xor %s, %s" % (s, r[1]))

    def rotl1(r):
        g.e("add %s, %s" % (r[0], r[0]))
        g.e("addc %s, %s" % (r[1], r[1]))
        g.e("addc #0, %s" % r[0])

    for r in range(4):
        x0, x1 = w[r], w[(r + 1) % 4]
        g.e("mov %s, %s" % (x1[0], T[0]))
        g.e("mov %s, %s" % (x1[1], T[1]))
        if r % 2 == 0:
            rotl1(T)
        else:
            rotl8(T, S)
        g.e("xor @r13+, %s" % T[0])
        g.e("xor @r13+, %s" % T[1])
        g.e("xor 0(r1), %s" % x0[0])
        g.e("add %s, %s" % (T[0], x0[0]))
        g.e("addc %s, %s" % (T[1], x0[1]))
        if r % 2 == 0:
            rotl8(x0, S)
        else:
            rotl1(x0)
        g.e("inc 0(r1)")
    g.e("cmp 4(r1), r13")
    g.e("jne 2f")
    g.e("mov 6(r1), r13")
    g.lines.append("2:")
    g.e("dec 2(r1)")
    g.e("jne 1b")
    g.e("mov 8(r1), r12")
    for k in range(4):
        g.e("mov %s, %d(r12)" % (w[k][0], 4 * k))
        g.e("mov %s, %d(r12)" % (w[k][1], 4 * k + 2))
    g.e("add #10, r1")
    for r in reversed(saved):
        g.e("pop %s" % r)
    g.e("ret")
    g.lines.append(".size %s, .-%s" % (name, name))


def main():
    g = G()
    g.lines += ["; Generated by embedded/tools/gen_msp430_cham.py; do not edit. Revised CHAM block",
                "; encryption for MSP430 (see the generator for the method and calling convention)."]
    cham64(g)
    cham128(g)
    text = "\n".join(g.lines) + "\n"
    return write_or_check(OUT, text)


if __name__ == "__main__":
    sys.exit(main())
