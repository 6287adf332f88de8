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


def aligned(src):
    """Whether src (a register list) lines up in movw pairs."""
    n = [int(r[1:]) for r in src]
    return all(n[i] % 2 == 0 and n[i + 1] == n[i] + 1 for i in range(0, len(n), 2))


def round_macro(g, W, T, I):
    """One round as a macro, chamBITS_round ODD, PAIRS, S.., X.., MORE: T = S (the bytes of x1
    in the order the round reads them; movw when PAIRS is 1, they line up), rol1(T) on even
    rounds (odd ones read rol8(x1) from the order of S), x0 = (x0 ^ i) + (T ^ rk[i mod n]) on the
    bytes X, rol1 of that on odd rounds (even ones leave the rol8 to the caller's renaming),
    i += 1; then the rounds in MORE, so the eight-round body is one call."""
    name = "cham%d_round" % (32 * W)
    S = ["\\s%d" % k for k in range(W)]
    X = ["\\x%d" % k for k in range(W)]

    def body():
        g.e(".if \\pairs")
        for k in range(0, W, 2):
            g.e("movw %s, %s" % (T[k], S[k]))
        g.e(".else")
        for k in range(W):
            g.e("mov %s, %s" % (T[k], S[k]))
        g.e(".endif")
        g.e(".if !\\odd")
        g.rotl1(T)
        g.e(".endif")
        for k in range(W):
            g.e("ld r0, Z+")
            g.e("eor %s, r0" % T[k])
        g.e("eor %s, %s" % (X[0], I))
        g.add(X, T)
        g.e(".if \\odd")
        g.rotl1(X)
        g.e(".endif")
        g.e("inc %s" % I)
        g.e(".ifnb \\more")
        g.e("%s \\more" % name)
        g.e(".endif")

    g.macro("%s odd, pairs, %s, %s, more:vararg" % (name, ", ".join(s[1:] for s in S),
                                                 ", ".join(x[1:] for x in X)), body,
            "a round: odd, pairs (movw), the bytes of x1 in the order read, those of x0; then MORE")
    return name


def body(g, name, words):
    """Eight rounds on words (register lists, renamed in place): one call of the round macro."""
    args = []
    for r in range(8):
        p, q = r % 4, (r + 1) % 4
        x0, x1 = words[p], words[q]
        src = x1 if r % 2 == 0 else g.rename(x1, 1)
        args += [str(r % 2), "1" if aligned(src) else "0"] + src + x0
        if r % 2 == 0:
            words[p] = g.rename(x0, 1)
    g.e("%s %s" % (name, ", ".join(args)))


def settle(g, words, orig):
    for w, o in zip(words, orig):
        if w != o:
            g.unrotate(o, w)  # a rotation of the word's own bytes


def func(g, W):
    name = "karx_cham64_encrypt_words_ext" if W == 2 else "karx_cham128_encrypt_words_ext"
    if W == 2:
        saved = ["r%d" % i for i in range(2, 18)]
        words = [["r2", "r3"], ["r4", "r5"], ["r6", "r7"], ["r8", "r9"]]
        T, I, CNT, BASE, END = ["r10", "r11"], "r12", "r13", "r14", "r16"
        rnd = round_macro(g, W, T, I)
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
        rnd = round_macro(g, W, T, I)
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
    g.irp("ld \\r, X+", [reg for w in words for reg in w])
    g.lines.append("1:")
    orig = [list(w) for w in words]
    body(g, rnd, words)
    settle(g, words, orig)
    g.e("cham_next %s, r%d, %s, %s" % (END, int(END[1:]) + 1, BASE, CNT))
    g.e("sbiw r26, %d" % (4 * W))
    g.irp("st X+, \\r", [reg for w in orig for reg in w])
    g.end(name, saved)


def main():
    g = Gen()
    func(g, 2)
    func(g, 4)
    return g.write(OUT, ["/* Generated by embedded/tools/gen_avr_cham.py; do not edit. Revised CHAM block",
                         " * encryption for AVR (see the generator for the method and calling convention). */"])


if __name__ == "__main__":
    sys.exit(main())
