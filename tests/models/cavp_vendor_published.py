#!/usr/bin/env python3
"""Turns the published vectors vendored in tests/kat/ into KCMVP request / expected-response pairs
for `karx cavp` (tests/kat/cavp/block/published/, tests/kat/cavp/aead/published/):

    cavp_vendor_published.py        (re)writes them; nothing is computed: a request is the
                                    published record without its answer, the response the record
                                    with it. Forged decrypt / verify records (one tag bit flipped)
                                    expect the KCMVP verdict INVALID.

Sources (each file's own header says where it came from):
  kcmvp_lea{128,192,256}_ecb_kat.txt  KCMVP LEA128/LEA196/LEA256(ECB)KAT.txt via go-krypto
  kcmvp_hight_ecb_kat.txt             KCMVP HIGHT(ECB)KAT.txt via go-krypto (the 4 TTAK values
                                      printed byte-reversed are left out)
  kcmvp_lea128_cfb_mmt.txt            KCMVP LEA128(CFB8)MMT.txt, and the CFB-64 list
  kisa_lea_modes_vs.txt               KISA LEA package lea_vs.c: ECB/CBC/CTR/OFB/CFB-128 MMT and
                                      GCM, CCM, CMAC (LEA-128/192/256)
Field names of the GCM / CCM / CMAC requests follow go-krypto's KCMVP cavp tool (cmd/cavp at
f9ef243^): GCM Key IV PT Adata -> C T; CCM K N A P Tlen -> C (ciphertext || tag); CMAC K M Tlen
-> T; decrypt / verify answers PT / P, VALID or INVALID."""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
KAT = os.path.join(HERE, '..', 'kat')
TOOL = 'tests/models/cavp_vendor_published.py'


def records(path):
    """(marker, header, [(name, value)...]) for each record; marker: the last '# X.txt' comment."""
    out, rec, marker, header = [], [], None, None
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    for line in lines + ['']:
        s = line.strip()
        if '=' in s and not s.startswith('#') and not s.startswith('['):
            k, v = s.split('=', 1)
            rec.append((k.strip(), v.strip()))
            continue
        if rec:
            out.append((marker, header, rec))
            rec = []
        if s.startswith('# ') and (s.endswith('.txt') or s.startswith('# TTAK')):
            marker = s[2:]
        elif s.startswith('['):
            header = s
    return out


def source_lines(path):
    with open(path, encoding='utf-8') as f:
        return [l.rstrip('\n') for l in f.readlines()[:2]]


def write_pair(d, name, head, reqs, rsps):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name + '.req'), 'w') as f:
        f.write('\n'.join(head) + '\n' + ''.join('\n'.join(r) + '\n\n' for r in reqs))
    with open(os.path.join(d, name + '.rsp'), 'w') as f:
        f.write('\n'.join(head) + '\n' + ''.join('\n'.join(r) + '\n\n' for r in rsps))


def kv(rec):
    return ['%s = %s' % p for p in rec]


def block():
    d = os.path.join(KAT, 'cavp', 'block', 'published')
    jobs = [('LEA128(ECB)KAT', 'kcmvp_lea128_ecb_kat.txt', 'LEA128(ECB)KAT.txt'),
            ('LEA192(ECB)KAT', 'kcmvp_lea192_ecb_kat.txt', 'LEA196(ECB)KAT.txt'),
            ('LEA256(ECB)KAT', 'kcmvp_lea256_ecb_kat.txt', 'LEA256(ECB)KAT.txt'),
            ('HIGHT(ECB)KAT', 'kcmvp_hight_ecb_kat.txt', 'HIGHT(ECB)KAT.txt')]
    for name, src, marker in jobs:
        path = os.path.join(KAT, src)
        recs = [r for m, h, r in records(path) if m == marker]
        head = source_lines(path) + ['# %s: request / response made by %s from tests/kat/%s (answers: the published CT)'
                                     % (name, TOOL, src)]
        write_pair(d, name, head, [kv(r[:-1]) for r in recs], [kv(r) for r in recs])
    # CFB8 list then CFB64 list, both under the marker LEA128(CFB8)MMT.txt
    path = os.path.join(KAT, 'kcmvp_lea128_cfb_mmt.txt')
    recs = [r for m, h, r in records(path)]
    for name, part in (('LEA128(CFB8)MMT', recs[:10]), ('LEA128(CFB64)MMT', recs[10:])):
        head = source_lines(path) + ['# %s: request / response made by %s from tests/kat/kcmvp_lea128_cfb_mmt.txt (answers: the published CT)'
                                     % (name, TOOL)]
        write_pair(d, name, head, [kv(r[:-1]) for r in part], [kv(r) for r in part])
    path = os.path.join(KAT, 'kisa_lea_modes_vs.txt')
    groups = {}
    for m, h, r in records(path):
        g = re.match(r'\[LEA-(\d+) (ECB|CBC|CTR|OFB|CFB-128) MMT', h or '')
        if g:
            groups.setdefault('LEA%s(%s)MMT' % (g.group(1), g.group(2).replace('-128', '')), []).append(r)
    for name, recs in groups.items():
        head = source_lines(path) + ['# %s: request / response made by %s from tests/kat/kisa_lea_modes_vs.txt (answers: the published CT)'
                                     % (name, TOOL)]
        write_pair(d, name, head, [kv(r[:-1]) for r in recs], [kv(r) for r in recs])


def flip(h):
    b = bytearray(bytes.fromhex(h))
    b[-1] ^= 1
    return b.hex().upper()


def aead():
    d = os.path.join(KAT, 'cavp', 'aead', 'published')
    path = os.path.join(KAT, 'kisa_lea_modes_vs.txt')
    groups = {}
    for m, h, r in records(path):
        g = re.match(r'\[LEA-(\d+) (GCM|CCM|CMAC)', h or '')
        if g:
            groups.setdefault((g.group(1), g.group(2)), []).append(dict(r))
    src = source_lines(path)
    for (bits, fam), recs in sorted(groups.items()):
        note = lambda name, what: src + ['# %s: request / response made by %s from tests/kat/kisa_lea_modes_vs.txt (%s)'  # noqa: E731
                                         % (name, TOOL, what)]
        if fam == 'GCM':
            enc_q = [['Key = ' + r['KEY'], 'IV = ' + r['IV'], 'PT = ' + r['PT'], 'Adata = ' + r['AAD']] for r in recs]
            enc_s = [q + ['C = ' + r['CT'], 'T = ' + r['TAG']] for q, r in zip(enc_q, recs)]
            name = 'LEA%s(GCM)AE' % bits
            write_pair(d, name, note(name, 'answers: the published CT and tag'), enc_q, enc_s)
            dq, ds = [], []
            for i, r in enumerate(recs):
                t = r['TAG'] if i % 2 == 0 else flip(r['TAG'])
                q = ['Key = ' + r['KEY'], 'IV = ' + r['IV'], 'Adata = ' + r['AAD'], 'C = ' + r['CT'], 'T = ' + t]
                dq.append(q)
                ds.append(q + (['PT = ' + r['PT']] if i % 2 == 0 else ['INVALID']))
            name = 'LEA%s(GCM)AD' % bits
            write_pair(d, name, note(name, 'answers: the published PT; odd records carry the published tag with its last bit flipped: INVALID'), dq, ds)
        elif fam == 'CCM':
            tl = str(8 * len(bytes.fromhex(recs[0]['TAG'])))
            enc_q = [['K = ' + r['KEY'], 'N = ' + r['NONCE'], 'A = ' + r['ADATA'], 'P = ' + r['PT'], 'Tlen = ' + tl] for r in recs]
            enc_s = [q + ['C = ' + r['CT'] + r['TAG']] for q, r in zip(enc_q, recs)]
            name = 'LEA%s(CCM)GE' % bits
            write_pair(d, name, note(name, 'answers: the published CT || tag'), enc_q, enc_s)
            dq, ds = [], []
            for i, r in enumerate(recs):
                t = r['TAG'] if i % 2 == 0 else flip(r['TAG'])
                q = ['K = ' + r['KEY'], 'N = ' + r['NONCE'], 'A = ' + r['ADATA'], 'C = ' + r['CT'] + t, 'Tlen = ' + tl]
                dq.append(q)
                ds.append(q + (['P = ' + r['PT']] if i % 2 == 0 else ['INVALID']))
            name = 'LEA%s(CCM)DV' % bits
            write_pair(d, name, note(name, 'answers: the published PT; odd records carry the published tag with its last bit flipped: INVALID'), dq, ds)
        else:
            gq = [['K = ' + r['KEY'], 'M = ' + r['MSG'], 'Tlen = 128'] for r in recs]
            gs = [q + ['T = ' + r['TAG']] for q, r in zip(gq, recs)]
            name = 'CMAC(LEA%s)GEN' % bits
            write_pair(d, name, note(name, 'answers: the published tag'), gq, gs)
            vq, vs = [], []
            for i, r in enumerate(recs):
                t = r['TAG'] if i % 2 == 0 else flip(r['TAG'])
                q = ['K = ' + r['KEY'], 'M = ' + r['MSG'], 'Tlen = 128', 'T = ' + t]
                vq.append(q)
                vs.append(q + ['VALID' if i % 2 == 0 else 'INVALID'])
            name = 'CMAC(LEA%s)VER' % bits
            write_pair(d, name, note(name, 'odd records carry the published tag with its last bit flipped: INVALID'), vq, vs)


if __name__ == '__main__':
    block()
    aead()
