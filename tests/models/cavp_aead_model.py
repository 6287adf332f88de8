#!/usr/bin/env python3
"""Second model of `karx cavp` for GCM, CCM, CMAC and GMAC (SP 800-38D, 38C, 38B), written from
the standards over the block functions of cavp_block_model.py (reference models of LEA, HIGHT,
CHAM; ARIA from OpenSSL's libcrypto).

    cavp_aead_model.py generate [--specs DIR]   writes tests/kat/cavp/aead/model/ (requests made
                                                 from seeded random values, and the model's answers)
    cavp_aead_model.py check    [--specs DIR]   recomputes every response in
                                                 tests/kat/cavp/aead/{model,published}/ and compares

Request and answer fields as cavp_aead.c / cavp_cmac.c document (go-krypto's KCMVP names):
GCM AE Key IV PT Adata -> C T, AD Key IV Adata C T -> PT | INVALID; CCM GE K N A P Tlen -> C,
DV K N A C Tlen -> P | INVALID; CMAC GEN K M Tlen -> T, VER + T -> VALID | INVALID; GMAC GEN
Key IV Adata Tlen -> T, VER + T -> VALID | INVALID. Section lengths are in bits; under a
[PTLen = 0] (or AADLen, IVLen) header an empty field is written "00"."""
import argparse
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cavp_block_model as BM  # noqa: E402
import kbkdf_model as KM  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from specs_path import DEFAULT_SPECS  # noqa: E402

AEAD_DIR = os.path.join(HERE, '..', 'kat', 'cavp', 'aead')
xor = BM.xor


# ---- SP 800-38D ------------------------------------------------------------------------------

def gmul(x, y):
    X, Y, Z = int.from_bytes(x, 'big'), int.from_bytes(y, 'big'), 0
    for i in range(127, -1, -1):
        if (X >> i) & 1:
            Z ^= Y
        Y = (Y >> 1) ^ (0xE1 << 120) if Y & 1 else Y >> 1
    return Z.to_bytes(16, 'big')


def ghash(H, A, C):
    pad = lambda d: d + bytes(-len(d) % 16)  # noqa: E731
    data = pad(A) + pad(C) + struct.pack('>QQ', 8 * len(A), 8 * len(C))
    y = bytes(16)
    for i in range(0, len(data), 16):
        y = gmul(xor(y, data[i:i + 16]), H)
    return y


def gcm_seal(E, iv, P, A, tlen):
    H = E(bytes(16))
    j0 = iv + b'\0\0\0\1' if len(iv) == 12 else ghash(H, b'', iv)
    inc32 = lambda b: b[:12] + ((int.from_bytes(b[12:], 'big') + 1) % 2**32).to_bytes(4, 'big')  # noqa: E731
    cb, C = j0, b''
    for i in range(0, len(P), 16):
        cb = inc32(cb)
        C += xor(P[i:i + 16], E(cb))
    return C, xor(E(j0), ghash(H, A, C))[:tlen]


# ---- SP 800-38C ------------------------------------------------------------------------------

def ccm_seal(E, N, P, A, tlen):
    q = 15 - len(N)
    b0 = bytes([(0x40 if A else 0) | ((tlen - 2) // 2) << 3 | (q - 1)]) + N + len(P).to_bytes(q, 'big')
    a = b''
    if A:
        a = (len(A).to_bytes(2, 'big') if len(A) < 0xFF00 else b'\xff\xfe' + len(A).to_bytes(4, 'big')) + A
        a += bytes(-len(a) % 16)
    data = b0 + a + P + bytes(-len(P) % 16)
    x = bytes(16)
    for i in range(0, len(data), 16):
        x = E(xor(x, data[i:i + 16]))
    ctr = lambda i: bytes([q - 1]) + N + i.to_bytes(q, 'big')  # noqa: E731
    C = b''.join(xor(P[j:j + 16], E(ctr(1 + j // 16))) for j in range(0, len(P), 16))
    return C, xor(x[:tlen], E(ctr(0))[:tlen])


# ---- SP 800-38B ------------------------------------------------------------------------------
# written out once, in kbkdf_model.py (the KBKDF model's CMAC PRF)

def cmac(E, bl, M, tlen):
    return KM.cmac_enc(E, bl, M)[:tlen]


# ---- responses -------------------------------------------------------------------------------

def job_of(fname):
    base = os.path.basename(fname)[:-4]
    if base.startswith('CMAC(') or base.startswith('GMAC('):
        fam, rest = base.split('(', 1)
        cipher, test = rest.split(')')
        return fam, cipher, test
    cipher, rest = base.split('(', 1)
    fam, test = rest.split(')')
    return fam, cipher, test


def respond(fname, text):
    fam, cipher, test = job_of(fname)
    bl = BM.CIPHERS[cipher][2]
    out, rec, sections = [], [], {}
    new_group = [True]

    def field(names, sect=None):
        for k, v in rec:
            if k.upper() in [n.upper() for n in names]:
                if sect and sections.get(sect.upper()) == '0' and v == '00':
                    return b''
                return bytes.fromhex(v)
        return None

    def tlen_bits():
        for k, v in rec:
            if k.upper() in ('TLEN', 'TAGLEN'):
                return int(v)
        for s in ('TLEN', 'TAGLEN'):
            if s in sections:
                return int(sections[s])
        return None

    def answer():
        if not rec:
            return
        E = BM.enc_fn(cipher, field(['Key', 'K']))
        tb = tlen_bits()
        ans = []
        if fam == 'GCM':
            iv, A = field(['IV'], 'IVLen'), field(['Adata', 'A', 'AAD'], 'AADLen')
            if test == 'AE':
                C, T = gcm_seal(E, iv, field(['PT', 'P'], 'PTLen'), A, (tb or 128) // 8)
                ans = ['C = ' + C.hex().upper(), 'T = ' + T.hex().upper()]
            else:
                C, T = field(['C', 'CT'], 'PTLen'), field(['T', 'Tag'])
                P = xor(C, gcm_seal(E, iv, bytes(len(C)), b'', 16)[0])
                ok = gcm_seal(E, iv, P, A, len(T))[1] == T
                ans = ['PT = ' + P.hex().upper()] if ok else ['INVALID']
        elif fam == 'CCM':
            N, A, tl = field(['N', 'Nonce', 'IV']), field(['A', 'Adata', 'AAD']), tb // 8
            if test == 'GE':
                C, T = ccm_seal(E, N, field(['P', 'PT']), A, tl)
                ans = ['C = ' + (C + T).hex().upper()]
            else:
                CT = field(['C', 'CT'])
                C, T = CT[:len(CT) - tl], CT[len(CT) - tl:]
                P = xor(C, ccm_seal(E, N, bytes(len(C)), b'', tl)[0])
                ans = ['P = ' + P.hex().upper()] if ccm_seal(E, N, P, A, tl)[1] == T else ['INVALID']
        else:
            if fam == 'CMAC':
                mac = lambda n: cmac(E, bl, field(['M', 'Msg']), n)  # noqa: E731
            else:
                mac = lambda n: gcm_seal(E, field(['IV', 'N']), b'', field(['Adata', 'A', 'AAD']), n)[1]  # noqa: E731
            if test == 'GEN':
                ans = ['T = ' + mac((tb or 8 * bl) // 8).hex().upper()]
            else:
                T = field(['T', 'Tag'])
                n = tb // 8 if tb else len(T)
                ans = ['VALID' if len(T) == n and mac(n) == T else 'INVALID']
        out.extend('%s = %s' % kv for kv in rec)
        out.extend(ans)
        out.append('')
        rec.clear()

    for s in BM.walk_request(text, rec, answer, out):
        if not s.startswith('['):
            new_group[0] = False
            continue
        if new_group[0] is False:
            sections.clear()
        new_group[0] = True
        for part in s.strip('[]').split(']['):
            if '=' in part:
                k, v = part.split('=', 1)
                sections[k.strip().upper()] = v.strip()
    answer()
    return ''.join(l + '\n' for l in out)


# ---- generated requests ----------------------------------------------------------------------

def flip(t, bit):
    """t with one bit of its last byte flipped (a forged tag of the same length)."""
    return t[:-1] + bytes([t[-1] ^ (1 << bit)])


def hx(b):
    return b.hex().upper()


def gen(fam, cipher, test, rnd):
    _, kl, bl = BM.CIPHERS[cipher]
    rb = lambda n: bytes(rnd.getrandbits(8) for _ in range(n))  # noqa: E731
    lines = ['# %s %s %s: request made by tests/models/cavp_aead_model.py (seeded random values)' % (cipher, fam, test)]
    recs = []
    if fam == 'GCM':
        shapes = [(12, 0, 16, 16), (12, 20, 13, 16), (8, 7, 33, 12), (16, 0, 1, 8), (60, 16, 48, 4)]
        for n, (ivl, al, pl, tl) in enumerate(shapes):
            key, iv, A, P = rb(kl), rb(ivl), rb(al), rb(pl)
            if test == 'AE':
                recs.append(['Key = ' + hx(key), 'IV = ' + hx(iv), 'PT = ' + hx(P), 'Adata = ' + hx(A), 'Tlen = %d' % (8 * tl)])
            else:
                C, T = gcm_seal(BM.enc_fn(cipher, key), iv, P, A, tl)
                if n % 2:
                    T = flip(T, 7)
                recs.append(['Key = ' + hx(key), 'IV = ' + hx(iv), 'Adata = ' + hx(A), 'C = ' + hx(C), 'T = ' + hx(T)])
        # KCMVP's layout: lengths in section headers, an empty field written 00
        lines += ['\n'.join('\n'.join(r) + '\n' for r in recs)]
        key, iv, A = rb(kl), rb(12), rb(16)
        lines.append('[KeyLen = %d]\n[IVLen = 96]\n[PTLen = 0]\n[AADLen = 128]\n[TagLen = 128]\n' % (8 * kl))
        if test == 'AE':
            lines.append('COUNT = 0\nKey = %s\nIV = %s\nPT = 00\nAdata = %s\n' % (hx(key), hx(iv), hx(A)))
        else:
            T = gcm_seal(BM.enc_fn(cipher, key), iv, b'', A, 16)[1]
            lines.append('COUNT = 0\nKey = %s\nIV = %s\nAdata = %s\nC = 00\nT = %s\n' % (hx(key), hx(iv), hx(A), hx(T)))
        return '\n'.join(lines)
    if fam == 'CCM':
        shapes = [(7, 0, 16, 4), (13, 20, 13, 16), (8, 1, 33, 10), (12, 300, 0, 8), (11, 16, 48, 14)]
        for n, (nl, al, pl, tl) in enumerate(shapes):
            key, N, A, P = rb(kl), rb(nl), rb(al), rb(pl)
            base = ['K = ' + hx(key), 'N = ' + hx(N), 'A = ' + hx(A)]
            if test == 'GE':
                recs.append(base + ['P = ' + hx(P), 'Tlen = %d' % (8 * tl)])
            else:
                C, T = ccm_seal(BM.enc_fn(cipher, key), N, P, A, tl)
                if n % 2:
                    T = flip(T, 0)
                recs.append(base + ['C = ' + hx(C + T), 'Tlen = %d' % (8 * tl)])
    else:
        lens = [0, 1, bl, bl + 1, 3 * bl, 40]
        tls = [bl, bl, 4, 8, bl, bl] if fam == 'CMAC' else [16, 12, 4, 8, 16, 13]
        for n, (ml, tl) in enumerate(zip(lens, tls)):
            key, M = rb(kl), rb(ml)
            E = BM.enc_fn(cipher, key)
            if fam == 'CMAC':
                base = ['K = ' + hx(key), 'M = ' + hx(M), 'Tlen = %d' % (8 * tl)]
                T = cmac(E, bl, M, tl)
            else:
                iv = rb(12 if n % 3 else 16)
                base = ['Key = ' + hx(key), 'IV = ' + hx(iv), 'Adata = ' + hx(M), 'Tlen = %d' % (8 * tl)]
                T = gcm_seal(E, iv, b'', M, tl)[1]
            if test == 'GEN':
                recs.append(base)
            else:
                if n % 2:
                    T = flip(T, n % 8)
                recs.append(base + ['T = ' + hx(T)])
    lines += ['\n'.join(['COUNT = %d' % i] + r) + '\n' for i, r in enumerate(recs)]
    return '\n'.join(lines)


PLAN = [  # (family, ciphers, tests)
    ('GCM', ['LEA128', 'LEA192', 'LEA256', 'CHAM128-128', 'CHAM128-256', 'ARIA128', 'ARIA192', 'ARIA256'], ['AE', 'AD']),
    ('CCM', ['LEA128', 'CHAM128-128', 'CHAM128-256', 'ARIA128', 'ARIA256'], ['GE', 'DV']),
    ('CMAC', ['LEA128', 'HIGHT', 'CHAM64-128', 'CHAM128-128', 'CHAM128-256', 'ARIA128', 'ARIA256'], ['GEN', 'VER']),
    ('GMAC', ['LEA128', 'LEA192', 'LEA256', 'CHAM128-128', 'CHAM128-256', 'ARIA128', 'ARIA256'], ['GEN', 'VER']),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('what', choices=['generate', 'check'])
    ap.add_argument('--specs', default=DEFAULT_SPECS)
    a = ap.parse_args()
    BM.load_specs(a.specs)
    if a.what == 'generate':
        d = os.path.join(AEAD_DIR, 'model')
        os.makedirs(d, exist_ok=True)
        for fi, (fam, ciphers, tests) in enumerate(PLAN):
            for ci, cipher in enumerate(ciphers):
                for ti, test in enumerate(tests):
                    name = ('%s(%s)%s' if fam in ('CMAC', 'GMAC') else '%s(%s)%s') % (
                        (fam, cipher, test) if fam in ('CMAC', 'GMAC') else (cipher, fam, test))
                    req = gen(fam, cipher, test, random.Random(4200 + 100 * fi + 10 * ci + ti))
                    BM.write_pair(d, name, req, respond)
        return 0
    return BM.check_responses(AEAD_DIR, respond)


if __name__ == '__main__':
    sys.exit(main())
