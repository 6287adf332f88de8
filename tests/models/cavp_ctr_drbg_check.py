"""karx cavp CTR_DRBG answers against the model in ctr_drbg_model.py (test_cli_cavp_drbg_model.sh).
  cavp_ctr_drbg_check.py gen OUTDIR        writes KCMVP-form requests for every cipher karx's
                                           CTR_DRBG takes x (use/no DF) x (use/no PR); no-PR
                                           records reseed after instantiate (KCMVP's form),
                                           inputs from a fixed-seed generator
  cavp_ctr_drbg_check.py check RSP...      recomputes every ReturnedBits in karx's responses;
                                           prints "checked N", exit 1 on any difference
  cavp_ctr_drbg_check.py recheck RSP...    the same without the model's self-check
The model first reproduces the published TTAK.KO-12.0189 B.2 outputs, RFC 5794 ARIA and the
revised CHAM KATs (self_check), so a wrong model cannot pass silently."""
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctr_drbg_model as model  # noqa: E402

KAT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'kat')
STD = {'lea128': 'LEA-128', 'lea192': 'LEA-192', 'lea256': 'LEA-256', 'hight': 'HIGHT',
       'cham64-128': 'CHAM-64/128', 'cham128-128': 'CHAM-128/128', 'cham128-256': 'CHAM-128/256',
       'aria128': 'ARIA-128', 'aria192': 'ARIA-192', 'aria256': 'ARIA-256'}
# file names cannot hold '/': KCMVP-style names use '_' there
FILE = {k: v.replace('/', '_') for k, v in STD.items()}


def gen(outdir):
    rnd = random.Random(0x6b617278)
    hexs = lambda n: bytes(rnd.getrandbits(8) for _ in range(n)).hex().upper()
    os.makedirs(outdir, exist_ok=True)
    for cipher, (kl, new) in model.CIPHERS.items():
        bl = new(bytes(kl)).block
        sl = kl + bl
        for df in (1, 0):
            for pr in (0, 1):
                ent, non = (kl, kl // 2) if df else (sl, 0)
                extra = kl if df else sl
                lines = ['# karx test request: random inputs (Python random, seed 0x6b617278) by tests/models/cavp_ctr_drbg_check.py gen']
                count = 0
                # (pers, add, returned bits): both empty, then both given with a partial last output block
                for ps, ai, out in ((0, 0, 8 * bl * 8), (extra, extra, 8 * (3 * bl + 5))):
                    lines += ['', '[%s %s DF]' % (STD[cipher], 'use' if df else 'no'),
                              '[PredictionResistance = %s]' % ('TRUE' if pr else 'FALSE'),
                              '[EntropyInputLen = %d]' % (8 * ent), '[NonceLen = %d]' % (8 * non),
                              '[PersonalizationStringLen = %d]' % (8 * ps),
                              '[AdditionalInputLen = %d]' % (8 * ai), '[ReturnedBitsLen = %d]' % out]
                    for _ in range(1):
                        lines += ['', 'COUNT = %d' % count, 'EntropyInput = ' + hexs(ent),
                                  'Nonce = ' + hexs(non), 'PersonalizationString = ' + hexs(ps)]
                        count += 1
                        if pr:
                            lines += ['EntropyInputPR = ' + hexs(ent), 'AdditionalInput = ' + hexs(ai),
                                      'EntropyInputPR = ' + hexs(ent), 'AdditionalInput = ' + hexs(ai)]
                        else:
                            lines += ['EntropyInputReseed = ' + hexs(ent), 'AdditionalInputReseed = ' + hexs(ai),
                                      'AdditionalInput = ' + hexs(ai), 'AdditionalInput = ' + hexs(ai)]
                name = 'CTR_DRBG(%s(%s DF)(%s PR))_KAT.req' % (FILE[cipher], 'use' if df else 'no',
                                                               'use' if pr else 'no')
                with open(os.path.join(outdir, name), 'w') as f:
                    f.write('\n'.join(lines) + '\n')


def check(paths, trusted=False):
    if not trusted:
        model.self_check(KAT)
    by_std = {v.upper(): k for k, v in STD.items()}
    checked = bad = 0
    for path in paths:
        cipher = df = pr = out_bits = None
        fields = {}

        def finish():
            nonlocal checked, bad
            if not fields:
                return
            got = fields.pop('ReturnedBits')[0]
            want = model.cavp_answer(cipher, df, pr, fields, out_bits // 8)
            checked += 1
            if got != want:
                bad += 1
                print('%s: COUNT %s: karx %s, model %s' % (path, fields['COUNT'][0].decode(), got.hex(), want.hex()))
            fields.clear()

        for line in open(path):
            line = line.strip()
            m = re.match(r'\[(.+) (use|no) DF\]$', line)
            if m:
                finish()
                cipher, df = by_std[m.group(1).upper()], m.group(2) == 'use'
            elif line.startswith('[PredictionResistance'):
                pr = line.endswith('TRUE]')
            elif line.startswith('[ReturnedBitsLen'):
                out_bits = int(line.split('=')[1].strip(' ]'))
            elif line == '' or line.startswith('['):
                finish()
            elif ' = ' in line or line.endswith('='):
                name, _, value = line.partition('=')
                value = value.strip()
                fields.setdefault(name.strip(), []).append(bytes.fromhex(value) if name.strip() != 'COUNT' else value.encode())
        finish()
    print('checked %d' % checked)
    return 1 if bad or checked == 0 else 0


if __name__ == '__main__':
    if sys.argv[1] == 'gen':
        gen(sys.argv[2])
    else:
        # "recheck": without the self-check, only to show a changed answer is caught
        sys.exit(check(sys.argv[2:], trusted=sys.argv[1] == 'recheck'))
