#!/usr/bin/env python3
"""Generates embedded/avr/cham_avr.S: revised CHAM encryption of one block on AVR,

  void karx_cham64_encrypt_words_ext(uint16_t x[4], const uint16_t rk[16], unsigned rounds);
  void karx_cham128_encrypt_words_ext(uint32_t x[4], const uint32_t *rk, unsigned rk_mask,
                                      unsigned rounds);

the same contracts as karx_cham64/128_encrypt_words in src/cham/cham_core.h (which calls these
when the build defines KARX_CHAM_ENCRYPT_WORDS_EXTERN). Round i:
  even i: x0' = rol8((x0 ^ i) + (rol1(x1) ^ rk[i mod n]))
  odd i:  x0' = rol1((x0 ^ i) + (rol8(x1) ^ rk[i mod n]))
then the words shift (x1, x2, x3, x0'). The state stays in registers; the word shift and every
rol8 are register renaming, so eight rounds form one loop body (rounds = 88, 112, 120 are
multiples of 8; for 32-bit words two movw-swaps per body put the halves back). i < 128, so
x0 ^ i touches only the low byte. The round keys are read with post-increment and the pointer
wraps at the end of the key. avr-gcc ABI; r2-r17 (and Y) saved. --check verifies the file."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_avr_lsh import Gen  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "avr", "cham_avr.S")


def copy(g, dst, src):
    """dst[i] = src[i] (registers), movw where a pair lines up."""
    i = 0
    while i < len(dst):
        if i + 1 < len(dst):
            d0, s0 = int(dst[i][1:]), int(src[i][1:])
            if d0 % 2 == 0 and s0 % 2 == 0 and int(dst[i + 1][1:]) == d0 + 1 and int(src[i + 1][1:]) == s0 + 1:
                g.e("movw %s, %s" % (dst[i], src[i]))
                i += 2
                continue
        g.e("mov %s, %s" % (dst[i], src[i]))
        i += 1


def body(g, W, words, T, I):
    """Eight rounds on words (register lists, renamed in place)."""
    for r in range(8):
        p, q = r % 4, (r + 1) % 4
        x0, x1 = words[p], words[q]
        g.lines.append("    ; round 8k+%d" % r)
        if r % 2 == 0:
            copy(g, T, x1)
            g.rotl1(T)
        else:
            copy(g, T, g.rename(x1, 1))
        for k in range(W):
            g.e("ld r0, Z+")
            g.e("eor %s, r0" % T[k])
        g.e("eor %s, %s" % (x0[0], I))
        g.add(x0, T)
        if r % 2 == 0:
            words[p] = g.rename(x0, 1)
        else:
            g.rotl1(x0)
        g.e("inc %s" % I)


def settle(g, words, orig):
    for w, o in zip(words, orig):
        if w == o:
            continue
        # a rotation of the word's own bytes: follow the cycles through r0
        done = set()
        for start in range(len(o)):
            if start in done or w[start] == o[start]:
                continue
            g.e("mov r0, %s" % o[start])
            i = start
            while True:
                done.add(i)
                j = o.index(w[i])
                if j == start:
                    g.e("mov %s, r0" % o[i])
                    break
                g.e("mov %s, %s" % (o[i], o[j]))
                i = j


def func(g, W):
    name = "karx_cham64_encrypt_words_ext" if W == 2 else "karx_cham128_encrypt_words_ext"
    if W == 2:
        saved = ["r%d" % i for i in range(2, 18)]
        words = [["r2", "r3"], ["r4", "r5"], ["r6", "r7"], ["r8", "r9"]]
        T, I, CNT, BASE, END = ["r10", "r11"], "r12", "r13", "r14", "r16"
        g.begin(name, saved)
        g.e("movw r26, r24")           # X = x
        g.e("movw r30, r22")           # Z = rk
        g.e("movw %s, r22" % BASE)
        g.e("movw %s, r22" % END)
        g.e("subi %s, lo8(-32)" % END)  # 16 round keys of 2 bytes
        g.e("sbci r17, hi8(-32)")
        g.e("mov %s, r20" % CNT)       # rounds / 8
    else:
        saved = ["r%d" % i for i in range(2, 18)] + ["r28", "r29"]
        words = [["r2", "r3", "r4", "r5"], ["r6", "r7", "r8", "r9"], ["r10", "r11", "r12", "r13"],
                 ["r14", "r15", "r16", "r17"]]
        T, I, CNT, BASE, END = ["r18", "r19", "r20", "r21"], "r22", "r23", "r24", "r28"
        g.begin(name, saved)
        g.e("movw r26, r24")           # X = x
        g.e("movw r30, r22")           # Z = rk
        g.e("movw r28, r22")           # END = rk + 4 * (rk_mask + 1)
        g.e("mov r0, r20")
        g.e("inc r0")
        g.e("lsl r0")
        g.e("lsl r0")
        g.e("add r28, r0")
        g.e("adc r29, r1")
        g.e("movw %s, r22" % BASE)     # before CNT: r23 is rk's high byte until then
        g.e("mov %s, r18" % CNT)
    g.e("lsr %s" % CNT)
    g.e("lsr %s" % CNT)
    g.e("lsr %s" % CNT)
    g.e("clr %s" % I)
    for w in words:
        for reg in w:
            g.e("ld %s, X+" % reg)
    g.lines.append("1:")
    orig = [list(w) for w in words]
    body(g, W, words, T, I)
    settle(g, words, orig)
    end_hi = "r%d" % (int(END[1:]) + 1)
    g.e("cp r30, %s" % END)
    g.e("cpc r31, %s" % end_hi)
    g.e("brne 2f")
    g.e("movw r30, %s" % BASE)
    g.lines.append("2:")
    g.e("dec %s" % CNT)
    g.e("breq 3f")
    g.e("rjmp 1b")
    g.lines.append("3:")
    g.e("sbiw r26, %d" % (4 * W))
    for w in orig:
        for reg in w:
            g.e("st X+, %s" % reg)
    g.end(name, saved)


def main():
    g = Gen()
    func(g, 2)
    func(g, 4)
    return g.write(OUT, ["/* Generated by embedded/tools/gen_avr_cham.py; do not edit. Revised CHAM block",
                         " * encryption for AVR (see the generator for the method and calling convention). */"])


if __name__ == "__main__":
    sys.exit(main())
