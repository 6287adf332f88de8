#!/usr/bin/env python3
"""Independent model of the KCMVP LSH Monte Carlo test (karx cavp, docs/VALIDATION.md); slow.

    lsh_mct_model.py requests OUTDIR                 writes the six LSH-*(MCT).req (fixed seeds)
    lsh_mct_model.py answer FILE.req [--rounds K]    prints the response (the first K rounds)
    lsh_mct_model.py check DIR [--rounds K]          compares the first K rounds of every
                                                     DIR/LSH-*(MCT).rsp with the model's
(all take --specs DIR). The full 100 rounds take this slow model about two minutes of CPU per
variant, so the test suite checks the committed responses with Crypto++
(tests/test_cavp_mct_cryptopp.cpp) and this model is the second opinion, run by hand.

The procedure (SHAVS section 6.4 generalised to LSH, as go-krypto's KCMVP cavp tool ran it):
N = floor(block bits / digest bits) + 1 (LSH-256-256: 5, LSH-512-224: 10);
for j = 0..99: MD[0..N-1] = Seed; MD[i] = LSH(MD[i-N] || ... || MD[i-1]) for i = N .. N+999;
output COUNT = j, MD = MD[N+999]; Seed = MD[N+999].
LSH is the reference model in ../shared/specs/models/lsh_model.py (written from the
standard's constants, reproduces the official digests); nothing here shares code with karx.
The response layout is karx's: the request's comment, header and blank lines before the Seed
record, the Seed record, then one COUNT/MD record per outer round, each followed by a blank line."""
import os
import random
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from specs_path import DEFAULT_SPECS  # noqa: E402

SPECS = DEFAULT_SPECS
# (file name, family, digest bits, block bits)
VARIANTS = [('LSH-256_224', 'LSH-256', 224, 1024), ('LSH-256_256', 'LSH-256', 256, 1024),
            ('LSH-512_224', 'LSH-512', 224, 2048), ('LSH-512_256', 'LSH-512', 256, 2048),
            ('LSH-512_384', 'LSH-512', 384, 2048), ('LSH-512_512', 'LSH-512', 512, 2048)]


def mct(lsh, family, bits, block_bits, seed, rounds=100):
    n = block_bits // bits + 1
    out = []
    for _ in range(rounds):
        md = [seed] * n
        for _ in range(1000):
            md = md[1:] + [bytes.fromhex(lsh(family, bits, b''.join(md)))]
        seed = md[-1]
        out.append(seed)
    return out


def answer(lsh, name, text, rounds=100):
    """The response to request text for variant `name` (one Seed record)."""
    v = next(v for v in VARIANTS if v[0] == name)
    out, seed = [], None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('#') or line.startswith('['):
            out.append(line)
        elif not line and seed is None:
            out.append('')  # spacing outside records is kept
        elif line.lower().startswith('seed'):
            seed = bytes.fromhex(line.split('=', 1)[1].strip())
            out += ['Seed = ' + seed.hex().upper(), '']
    for j, md in enumerate(mct(lsh, v[1], v[2], v[3], seed, rounds)):
        out += ['COUNT = %d' % j, 'MD = ' + md.hex().upper(), '']
    return '\n'.join(out) + '\n'


def requests(outdir):
    rnd = random.Random(17)  # fixed: the files are reproducible
    for name, family, bits, _ in VARIANTS:
        seed = bytes(rnd.randrange(256) for _ in range(bits // 8))
        with open(os.path.join(outdir, name + '(MCT).req'), 'w') as f:
            f.write('# %s Monte Carlo request for karx cavp (seed from random.Random(17) in '
                    'tests/models/lsh_mct_model.py)\n[L = %d]\n\nSeed = %s\n'
                    % (name.replace('_', '-'), bits // 8, seed.hex().upper()))


def option(args, name, default):
    if name in args:
        i = args.index(name)
        v = args[i + 1]
        del args[i:i + 2]
        return v
    return default


def main():
    args = sys.argv[1:]
    sys.path.insert(0, option(args, '--specs', SPECS))
    rounds = int(option(args, '--rounds', '100'))
    from lsh_model import lsh  # the reference model
    if len(args) == 2 and args[0] == 'answer':
        base = os.path.basename(args[1]).split('(')[0]
        sys.stdout.write(answer(lsh, base, open(args[1]).read(), rounds))
    elif len(args) == 2 and args[0] == 'requests':
        requests(args[1])
    elif len(args) == 2 and args[0] == 'check':
        bad = 0
        for name, _, _, _ in VARIANTS:
            path = os.path.join(args[1], name + '(MCT)')
            want = answer(lsh, name, open(path + '.req').read(), rounds)
            got = open(path + '.rsp').read()
            same = got.startswith(want)
            bad += not same
            print('%s %s: first %d rounds' % ('ok' if same else 'FAIL', name, rounds))
        sys.exit(bad != 0)
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
