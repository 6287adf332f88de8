"""What the LSH step generators (gen_avr_lsh.py, gen_msp430_lsh.py) share: the step's constants
(src/lsh/lsh_core.h) and the file's order of functions."""

# sigma destinations: t[l] -> out[DX[l]], t[l+8] -> out[DY[l]]
DX = [9, 10, 8, 11, 1, 2, 0, 3]
DY = [12, 15, 14, 13, 4, 7, 6, 5]
PARAMS = {  # (bits): (word bytes, even (a, b), odd (a, b), gamma)
    256: (4, (29, 1), (5, 17), [0, 8, 16, 24, 24, 16, 8, 0]),
    512: (8, (23, 59), (7, 3), [0, 16, 32, 48, 8, 24, 40, 56]),
}


def main(gen, step, out, header):
    """Emits step(g, bits, parity) for LSH-256 and LSH-512, even then odd, with a fresh GEN and
    writes (or checks) OUT under HEADER; the exit status."""
    g = gen()
    for bits in (256, 512):
        for parity in ("even", "odd"):
            step(g, bits, parity)
    return g.write(out, header)
