#!/usr/bin/env python3
"""Independent model of the KCMVP LSH Monte Carlo test (karx cavp, docs/VALIDATION.md); slow.

    lsh_mct_model.py generate OUTDIR [--specs DIR]   writes LSH-*(MCT).req and the expected .rsp
    lsh_mct_model.py answer FILE.req [--specs DIR]    prints the response to a request

The procedure (SHAVS section 6.4 generalised to LSH, as go-krypto's KCMVP cavp tool ran it):
N = floor(block bits / digest bits) + 1 (LSH-256-256: 5, LSH-512-224: 10);
for j = 0..99: MD[0..N-1] = Seed; MD[i] = LSH(MD[i-N] || ... || MD[i-1]) for i = N .. N+999;
output COUNT = j, MD = MD[N+999]; Seed = MD[N+999].
LSH is the reference model in /work/shared/specs/models/lsh_model.py (written from the
standard's constants, reproduces the official digests); nothing here shares code with karx.
The response layout is karx's: the request's comment and header lines, the Seed record, then
one COUNT/MD record per outer round, each record followed by one blank line."""
import os
import random
import sys

SPECS = '/work/shared/specs/models'
# (file name, family, digest bits, block bits)
VARIANTS = [('LSH-256_224', 'LSH-256', 224, 1024), ('LSH-256_256', 'LSH-256', 256, 1024),
            ('LSH-512_224', 'LSH-512', 224, 2048), ('LSH-512_256', 'LSH-512', 256, 2048),
            ('LSH-512_384', 'LSH-512', 384, 2048), ('LSH-512_512', 'LSH-512', 512, 2048)]


def mct(lsh, family, bits, block_bits, seed):
    n = block_bits // bits + 1
    out = []
    for _ in range(100):
        md = [seed] * n
        for _ in range(1000):
            md = md[1:] + [bytes.fromhex(lsh(family, bits, b''.join(md)))]
        seed = md[-1]
        out.append(seed)
    return out


def answer(lsh, name, text):
    """The response to request text for variant `name` (one Seed record)."""
    v = next(v for v in VARIANTS if v[0] == name)
    out, seed = [], None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('#') or line.startswith('['):
            out.append(line)
        elif line.lower().startswith('seed'):
            seed = bytes.fromhex(line.split('=', 1)[1].strip())
            out += ['Seed = ' + seed.hex().upper(), '']
    for j, md in enumerate(mct(lsh, v[1], v[2], v[3], seed)):
        out += ['COUNT = %d' % j, 'MD = ' + md.hex().upper(), '']
    return '\n'.join(out) + '\n'


def main():
    args = sys.argv[1:]
    specs = SPECS
    if '--specs' in args:
        i = args.index('--specs')
        specs = args[i + 1]
        del args[i:i + 2]
    sys.path.insert(0, specs)
    from lsh_model import lsh  # the reference model
    if len(args) == 2 and args[0] == 'answer':
        base = os.path.basename(args[1]).split('(')[0]
        sys.stdout.write(answer(lsh, base, open(args[1]).read()))
    elif len(args) == 2 and args[0] == 'generate':
        rnd = random.Random(17)  # fixed: the files are reproducible
        for name, family, bits, _ in VARIANTS:
            seed = bytes(rnd.randrange(256) for _ in range(bits // 8))
            req = ('# %s Monte Carlo request for karx cavp (seed from random.Random(17) in '
                   'tests/models/lsh_mct_model.py)\n[L = %d]\n\nSeed = %s\n'
                   % (name.replace('_', '-'), bits // 8, seed.hex().upper()))
            path = os.path.join(args[1], name + '(MCT)')
            with open(path + '.req', 'w') as f:
                f.write(req)
            with open(path + '.rsp', 'w') as f:
                f.write(answer(lsh, name, req))
            print('wrote', path + '.rsp', file=sys.stderr)
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
