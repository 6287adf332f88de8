#!/usr/bin/env python3
"""scripts/mca.py's loop extraction and units on small hand-written assembly (no llvm-mca
needed): the hot loop is the innermost loop with the most vector instructions, not a scalar
tail loop; a function without a loop is taken whole; the word-sliced units count rotates."""
import os, sys, unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts'))
import mca  # noqa: E402

ASM = """\t.text
\t.globl\tkern
\t.type\tkern, @function
kern:
.LFB0:
\tmovl\t$4, %eax
.L2:
\tvpaddd\t%zmm1, %zmm0, %zmm0
\tvprold\t$9, %zmm0, %zmm0
\tvprord\t$5, %zmm1, %zmm1
\tvprord\t$3, %zmm2, %zmm2
\tdecl\t%eax
\tjne\t.L2
.L3:
\tmovzbl\t(%rdi), %ecx
\txorb\t%cl, (%rsi)
\taddq\t$1, %rdi
\taddq\t$1, %rsi
\tsubq\t$1, %rdx
\tcmpq\t$0, %rdx
\tjne\t.L3
\tret
\t.size\tkern, .-kern
other:
\tret
"""


class Mca(unittest.TestCase):
    def test_body_stops_at_the_function_end(self):
        body = mca.function_body(ASM, 'kern')
        self.assertTrue(any('vprold' in l for l in body))
        self.assertFalse(any(l.strip() == 'ret' and i == len(body) for i, l in enumerate(body)))
        self.assertEqual(mca.function_body(ASM, 'missing'), [])

    def test_hot_loop_is_the_vector_loop_not_the_longer_scalar_tail(self):
        ins, how = mca.hot_loop(mca.function_body(ASM, 'kern'))
        self.assertIn('vpaddd\t%zmm1, %zmm0, %zmm0', ins)
        self.assertFalse(any(i.startswith('movzbl') for i in ins))
        self.assertEqual(how, 'loop of 6 instructions')

    def test_no_loop_takes_the_whole_function(self):
        body = ['\tvpxor\t%ymm0, %ymm1, %ymm2', '\tret']
        self.assertEqual(mca.hot_loop(body), (['vpxor\t%ymm0, %ymm1, %ymm2', 'ret'], 'whole function'))

    def test_rotate_count_gives_the_bytes_per_iteration(self):
        ins, _ = mca.hot_loop(mca.function_body(ASM, 'kern'))
        nbytes, what, _ = mca.arx_rounds('vpro', 3, 256, 24)(ins)
        self.assertEqual(what, '1 register-rounds')
        self.assertAlmostEqual(nbytes, 256 / 24)


if __name__ == '__main__':
    unittest.main(verbosity=2)
