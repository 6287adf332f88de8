#!/usr/bin/env python3
"""Writes the DRBG request files (answers removed) and expected responses under
tests/kat/cavp/drbg/ from the vendored published data in tests/kat/ (run from the source root;
the outputs are committed, this records how they were made):

  kcmvpfmt/  CTR_DRBG LEA-256, KCMVP CAVP format (koeuiseok/Crytpography, re-verified): the
             .rsp is the vendored file as published; the .req is it without the answer lines.
  ttak/      TTAK.KO-12.0189/R2 App. B.2 (ARIA-128/192/256, LEA-128/192/256, HIGHT): the cases
             a CAVP request can express: PR=1 (two prediction-resistant generates) and PR=0
             with RI=2 (no reseed, NIST's "no reseed" form). RI=1 (reseed between the two
             generates) has no CAVP form and is left out (test_drbg runs it).
  cryptopp/  Hash_DRBG / HMAC_DRBG over the six LSH variants, answers computed by Crypto++ 8.7
             (tests/kat/cryptopp_lsh_drbg.txt): "plain" (no reseed), "reseed-add" (KCMVP's
             no-PR form: reseed after instantiate) and "pr"; "reseed" (reseed between the
             generates) has no CAVP form and is left out.
Answers in the .rsp files are "ReturnedBits = <second generate's output>"."""
import os
import re

SRC = 'tests/kat'
OUT = 'tests/kat/cavp/drbg'


def header_lines(path):
    return [l.rstrip('\n') for l in open(path, encoding='utf-8') if l.startswith('#')]


def blocks(path):
    """Records: runs of 'NAME = VALUE' lines, each with the last '[...]' header before it."""
    recs, cur, sect = [], None, None
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\r\n')
        if line.startswith('#'):
            continue
        if line.startswith('['):
            sect, cur = line.strip('[]'), None
            continue
        if ' = ' not in line and not line.endswith(' ='):
            cur = None
            continue
        name, _, value = line.partition('=')
        if cur is None:
            cur = {'_section': sect, '_fields': []}
            recs.append(cur)
        cur['_fields'].append((name.strip(), value.strip()))
    return recs


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)


def cavp_file(prov, groups):
    """groups: [(headers, [record fields])]; returns (request, response) texts."""
    req, rsp = list(prov), list(prov)
    count, last = 0, None
    for headers, records in groups:
        if headers != last:
            for out in (req, rsp):
                out.append('')
                out.extend('[%s]' % h for h in headers)
            last, count = headers, 0
        for fields, answer in records:
            lines = ['COUNT = %d' % count]
            count += 1
            lines = lines + ['%s = %s' % (n, v.upper()) for n, v in fields]
            req.append('')
            req.extend(lines)
            rsp.append('')
            rsp.extend(lines + ['ReturnedBits = ' + answer.upper()])
    return '\n'.join(req) + '\n', '\n'.join(rsp) + '\n'


def bits(h):
    return len(h) * 4


def kcmvpfmt():
    for tag, name in (('nodf_nopr', 'LEA-256(no DF)(no PR)'), ('usedf_nopr', 'LEA-256(use DF)(no PR)'),
                      ('usedf_usepr', 'LEA-256(use DF)(use PR)')):
        src = '%s/kcmvpfmt_ctr_drbg_lea256_%s.rsp' % (SRC, tag)
        text = open(src, encoding='utf-8').read()
        base = '%s/kcmvpfmt/CTR_DRBG(%s)_KAT' % (OUT, name)
        req = re.sub(r'(?m)^ReturnedBits(Len)? = [0-9A-Fa-f]+\n', '', text)
        req = re.sub(r'(?m)^(# source: .*)$', r'\1\n# request: the response below with its answer lines removed (tests/kat/cavp/drbg/make_vectors.py)', req, count=1)
        write(base + '.req', req)
        write(base + '.rsp', text)


def ttak():
    path = SRC + '/kcmvp_ctr_drbg_ttak_ko_12_0189.txt'
    inputs, cases, cur = {}, [], None
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        m = re.match(r'\[INPUT (\d)\]', line)
        if m:
            cur = inputs.setdefault(int(m.group(1)), {})
            continue
        if line == '[B.2 CASES]':
            cur = None
        if ' = ' not in line or line.startswith('#'):
            continue
        k, v = [s.strip() for s in line.split(' = ', 1)]
        if cur is not None:
            cur[k] = v
        elif k == 'Alg':
            cases.append({'Alg': v})
        elif cases:
            cases[-1][k] = v
    prov = header_lines(path)[:2] + [
        '# request/response: App. B.2 cases converted to KCMVP CAVP format by tests/kat/cavp/drbg/make_vectors.py;',
        '# ReturnedBits = Out2 (the second generate). Only PR=1 and PR=0 with RI=2 (no reseed) cases: RI=1 has no CAVP form.']
    files = {}
    for cs in cases:
        if cs['Alg'] == 'SEED' or cs['RI'] == '1':
            continue
        inp = inputs[int(cs['Input'])]
        df, pr, ps, ai = (cs[k] == '1' for k in ('DF', 'PR', 'PS', 'AI'))
        nonce = inp['Nonce'] if df else ''
        pers = inp['Personalization'] if ps else ''
        a0, a1 = (inp['AddIn0'], inp['AddIn1']) if ai else ('', '')
        fields = [('EntropyInput', inp['Entropy0']), ('Nonce', nonce), ('PersonalizationString', pers)]
        if pr:
            fields += [('EntropyInputPR', inp['Entropy1']), ('AdditionalInput', a0),
                       ('EntropyInputPR', inp['Entropy2']), ('AdditionalInput', a1)]
        else:
            fields += [('AdditionalInput', a0), ('AdditionalInput', a1)]
        headers = ['%s %s DF' % (cs['Alg'], 'use' if df else 'no'),
                   'PredictionResistance = %s' % ('TRUE' if pr else 'FALSE'),
                   'EntropyInputLen = %d' % bits(inp['Entropy0']), 'NonceLen = %d' % bits(nonce),
                   'PersonalizationStringLen = %d' % bits(pers), 'AdditionalInputLen = %d' % bits(a0),
                   'ReturnedBitsLen = %d' % bits(cs['Out2'])]
        name = 'CTR_DRBG(%s(%s DF)(%s PR))_KAT' % (cs['Alg'], 'use' if df else 'no', 'use' if pr else 'no')
        files.setdefault(name, []).append((headers, [(fields, cs['Out2'])]))
    for name, groups in files.items():
        req, rsp = cavp_file(prov, groups)
        write('%s/ttak/%s.req' % (OUT, name), req)
        write('%s/ttak/%s.rsp' % (OUT, name), rsp)


def cryptopp():
    path = SRC + '/cryptopp_lsh_drbg.txt'
    prov = ['# source: tests/kat/cryptopp_lsh_drbg.txt (its header: ' + header_lines(path)[0].lstrip('# ') + ' ...)',
            '# Hash_DRBG / HMAC_DRBG over LSH, answers computed by Crypto++ 8.7.0 (not karx; not official KCMVP vectors).',
            '# request/response: its "plain" (no reseed), "reseed-add" (reseed after instantiate) and "pr" records in KCMVP',
            '# CAVP format by tests/kat/cavp/drbg/make_vectors.py; ReturnedBits = ReturnedBits2 (the second generate).']
    files = {}
    for rec in blocks(path):
        f = dict(rec['_fields'])
        mode = f['Mode']
        if mode == 'reseed':
            continue
        typ, alg = rec['_section'].split('-', 1)            # hash-lsh256-224
        m = re.match(r'lsh(\d+)-(\d+)', alg)
        lsh = 'LSH-%s_%s' % m.groups()
        pr = mode == 'pr'
        fields = [('EntropyInput', f['EntropyInput']), ('Nonce', f['Nonce']),
                  ('PersonalizationString', f['PersonalizationString'])]
        if mode == 'reseed-add':
            fields += [('EntropyInputReseed', f['EntropyInputReseed']),
                       ('AdditionalInputReseed', f['AdditionalInputReseed'])]
        if pr:
            fields += [('EntropyInputPR', f['EntropyInputPR1']), ('AdditionalInput', f['AdditionalInput1']),
                       ('EntropyInputPR', f['EntropyInputPR2']), ('AdditionalInput', f['AdditionalInput2'])]
        else:
            fields += [('AdditionalInput', f['AdditionalInput1']), ('AdditionalInput', f['AdditionalInput2'])]
        headers = [lsh, 'PredictionResistance = %s' % ('TRUE' if pr else 'FALSE'),
                   'EntropyInputLen = %d' % bits(f['EntropyInput']), 'NonceLen = %d' % bits(f['Nonce']),
                   'PersonalizationStringLen = %d' % bits(f['PersonalizationString']),
                   'AdditionalInputLen = %d' % bits(f['AdditionalInput1']),
                   'ReturnedBitsLen = %d' % bits(f['ReturnedBits2'])]
        name = '%s_DRBG(%s(%s PR))_KAT' % (typ.upper(), lsh, 'use' if pr else 'no')
        files.setdefault(name, []).append((headers, [(fields, f['ReturnedBits2'])]))
    for name, groups in files.items():
        req, rsp = cavp_file(prov, groups)
        write('%s/cryptopp/%s.req' % (OUT, name), req)
        write('%s/cryptopp/%s.rsp' % (OUT, name), rsp)


if __name__ == '__main__':
    kcmvpfmt()
    ttak()
    cryptopp()
