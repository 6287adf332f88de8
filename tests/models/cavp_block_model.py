#!/usr/bin/env python3
"""Second model of `karx cavp` for block ciphers: KAT / MMT / MCT responses, written from the
test definitions, not from karx (slow: a Monte Carlo file takes seconds).

    cavp_block_model.py generate [--specs DIR] [--only SUBSTR]   writes tests/kat/cavp/block/model/
                                     (requests and the model's responses)
    cavp_block_model.py check    [--specs DIR] [--only SUBSTR]   recomputes the response of every
                                     request in tests/kat/cavp/block/{model,published}/ and compares
                                     it with the .rsp there

The ciphers come from the independent reference models in DIR (default ../shared/specs/models:
lea_check.py, hight_check.py, cham_check.py; encryption only) and, for ARIA, from OpenSSL's
libcrypto through ctypes (encryption and decryption). The modes are written out here per
SP 800-38A; the Monte Carlo loop per NIST's AESAVS section 6.4 (ECB, CBC, OFB, CFB8 and CFB128
written as their own loops; CFB64 as CFB8 with 8-byte segments; CTR as go-krypto's KCMVP tool:
CT[j] = PT[j] xor E(CTR), CTR += 1 carried across rounds, PT[j+1] = CT[j]). Decryption needs
a block decryption, so ECB/CBC decryption is modelled for ARIA only; the other ciphers' ECB/CBC
decryption records are made by encrypting a chosen plaintext (the answer is that plaintext).

The response layout is karx's: comment and section lines echoed, each record's lines echoed with
the answer after them and a blank line after each record; a Monte Carlo record becomes 100
records (COUNT KEY [IV|CTR] PT CT)."""
import argparse
import ctypes
import ctypes.util
import os
import random
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from specs_path import DEFAULT_SPECS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BLOCK_DIR = os.path.join(HERE, '..', 'kat', 'cavp', 'block')

# ---- ciphers -----------------------------------------------------------------------------------

# file-name spelling -> (model name, key bytes, block bytes)
CIPHERS = {
    'LEA128': ('lea', 16, 16), 'LEA192': ('lea', 24, 16), 'LEA256': ('lea', 32, 16),
    'HIGHT': ('hight', 16, 8),
    'CHAM64-128': ('cham64', 16, 8), 'CHAM128-128': ('cham128', 16, 16), 'CHAM128-256': ('cham128', 32, 16),
    'ARIA128': ('aria', 16, 16), 'ARIA192': ('aria', 24, 16), 'ARIA256': ('aria', 32, 16),
}
MODES = ['ECB', 'CBC', 'CTR', 'CFB', 'CFB8', 'CFB64', 'OFB']
# The Monte Carlo files kept (each is 100 records, and ARIA's single-block calls are slow in
# karx): every mode for LEA-128 and HIGHT, the rest spread so that each key size, block size and
# segment size meets the key update it needs.
MCT_MODES = {
    'LEA128': MODES, 'HIGHT': MODES, 'LEA192': ['CBC', 'CTR', 'CFB8'], 'LEA256': ['ECB', 'CFB64', 'OFB'],
    'CHAM64-128': ['CBC', 'CFB8'], 'CHAM128-128': ['ECB', 'CFB64'], 'CHAM128-256': ['CTR', 'CFB', 'OFB'],
    'ARIA128': ['ECB'], 'ARIA192': ['CFB8'], 'ARIA256': ['CBC'],
}

_specs = None
_crypto = None


def load_specs(d):
    global _specs
    sys.path.insert(0, d)
    import lea_check, hight_check, cham_check  # noqa: E401
    _specs = (lea_check, hight_check, cham_check)


def libcrypto():
    global _crypto
    if _crypto is None:
        lib = ctypes.CDLL(ctypes.util.find_library('crypto'))
        lib.EVP_get_cipherbyname.restype = ctypes.c_void_p
        lib.EVP_get_cipherbyname.argtypes = [ctypes.c_char_p]
        lib.EVP_CIPHER_CTX_new.restype = ctypes.c_void_p
        lib.EVP_CipherInit_ex.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                          ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
        lib.EVP_CIPHER_CTX_set_padding.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.EVP_CipherUpdate.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int),
                                         ctypes.c_char_p, ctypes.c_int]
        _crypto = lib
    return _crypto


def aria_fn(key, enc):
    lib = libcrypto()
    ev = lib.EVP_get_cipherbyname(('aria-%d-ecb' % (8 * len(key))).encode())
    ctx = lib.EVP_CIPHER_CTX_new()
    assert ev and ctx and lib.EVP_CipherInit_ex(ctx, ev, None, key, None, 1 if enc else 0) == 1
    lib.EVP_CIPHER_CTX_set_padding(ctx, 0)
    out = ctypes.create_string_buffer(32)
    n = ctypes.c_int(0)

    def f(b):
        assert lib.EVP_CipherUpdate(ctx, out, ctypes.byref(n), bytes(b), 16) == 1 and n.value == 16
        return out.raw[:16]
    return f


def enc_fn(cipher, key):
    L, H, C = _specs
    kind = CIPHERS[cipher][0]
    if kind == 'lea':
        rk = L.lea_keys(key)
        return lambda b: bytes(L.lea_enc(rk, bytes(b)))
    if kind == 'hight':
        return lambda b: bytes(H.enc(key, bytes(b)))
    if kind == 'cham64':
        return lambda b: bytes(C.cham_enc(key, bytes(b), 64, 88))
    if kind == 'cham128':
        return lambda b: bytes(C.cham_enc(key, bytes(b), 128, 112 if len(key) == 16 else 120))
    return aria_fn(key, True)


def dec_fn(cipher, key):
    return aria_fn(key, False) if CIPHERS[cipher][0] == 'aria' else None


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def seg_of(cipher, mode):
    bl = CIPHERS[cipher][2]
    return {'CFB8': 1, 'CFB64': 8}.get(mode, bl)


# ---- modes (SP 800-38A) ------------------------------------------------------------------------

def crypt(cipher, mode, key, iv, data, enc):
    """The whole message; CTR counts over the whole block, mod 2^(8*block)."""
    bl = CIPHERS[cipher][2]
    E = enc_fn(cipher, key)
    if mode == 'ECB':
        f = E if enc else dec_fn(cipher, key)
        return b''.join(f(data[i:i + bl]) for i in range(0, len(data), bl))
    if mode == 'CBC':
        out, prev = b'', iv
        if enc:
            for i in range(0, len(data), bl):
                prev = E(xor(data[i:i + bl], prev))
                out += prev
        else:
            D = dec_fn(cipher, key)
            for i in range(0, len(data), bl):
                out += xor(D(data[i:i + bl]), prev)
                prev = data[i:i + bl]
        return out
    if mode == 'CTR':
        out, ctr = b'', int.from_bytes(iv, 'big')
        for i in range(0, len(data), bl):
            out += xor(data[i:i + bl], E(ctr.to_bytes(bl, 'big')))
            ctr = (ctr + 1) % (1 << (8 * bl))
        return out
    if mode == 'OFB':
        out, o = b'', iv
        for i in range(0, len(data), bl):
            o = E(o)
            out += xor(data[i:i + bl], o)
        return out
    s = seg_of(cipher, mode)  # CFB: the register shifts in each ciphertext segment
    out, reg = b'', iv
    for i in range(0, len(data), s):
        x = data[i:i + s]
        y = xor(x, E(reg)[:len(x)])
        c = y if enc else x
        reg = (reg + c)[len(c):]
        out += y
    return out


# ---- Monte Carlo (AESAVS 6.4, generalised to the block and key sizes) --------------------------

def key_update(key, cts):
    """Key[i+1] = Key[i] xor the trailing key-length bytes of CT[..] || CT[j] (AESAVS: CT[j] for
    128-bit keys, last 64 bits of CT[j-1] || CT[j] for 192, CT[j-1] || CT[j] for 256, and the
    last 16/24/32 one-byte segments for CFB8)."""
    tail = b''
    k = len(cts) - 1
    while len(tail) < len(key):
        tail = cts[k] + tail
        k -= 1
    return xor(key, tail[-len(key):])


def mct(cipher, mode, key, iv, x0, enc, names):
    """Yields 100 records (lists of (name, hexvalue))."""
    bl = CIPHERS[cipher][2]
    s = seg_of(cipher, mode)
    in_name, out_name = ('PT', 'CT') if enc else ('CT', 'PT')
    ctr = int.from_bytes(iv, 'big') if mode == 'CTR' else None
    for i in range(100):
        rec = [(names['COUNT'], str(i)), ('KEY', key.hex().upper())]
        if mode == 'CTR':
            rec.append((names['IV'], ctr.to_bytes(bl, 'big').hex().upper()))
        elif mode != 'ECB':
            rec.append((names['IV'], iv.hex().upper()))
        rec.append((in_name, x0.hex().upper()))
        E = enc_fn(cipher, key)
        D = dec_fn(cipher, key)
        X, Y = [x0], []
        if mode == 'ECB':
            for j in range(1000):
                Y.append(E(X[j]) if enc else D(X[j]))
                X.append(Y[j])
        elif mode == 'CBC':
            for j in range(1000):
                chain = iv if j == 0 else (Y[j - 1] if enc else X[j - 1])
                Y.append(E(xor(X[j], chain)) if enc else xor(D(X[j]), chain))
                X.append(iv if j == 0 else Y[j - 1])
        elif mode == 'OFB':
            o = iv
            for j in range(1000):
                o = E(o)
                Y.append(xor(X[j], o))
                X.append(iv if j == 0 else Y[j - 1])
        elif mode == 'CTR':
            for j in range(1000):
                Y.append(xor(X[j], E(ctr.to_bytes(bl, 'big'))))
                ctr = (ctr + 1) % (1 << (8 * bl))
                X.append(Y[j])
        else:  # CFB with s-byte segments: CF = the last block of IV || ciphertext so far
            n = bl // s
            cf = iv
            for j in range(1000):
                Y.append(xor(X[j], E(cf)[:s]))
                cf = (cf + (Y[j] if enc else X[j]))[s:]
                X.append(iv[j * s:(j + 1) * s] if j < n else Y[j - n])
        rec.append((out_name, Y[999].hex().upper()))
        yield rec
        key = key_update(key, Y)
        if mode == 'ECB' or mode == 'CTR':
            x0 = Y[999]
        else:
            n = bl // s
            iv = b''.join(Y[1000 - n:])
            x0 = Y[999 - n]


# ---- request files -----------------------------------------------------------------------------

def job_of(fname):
    base = os.path.basename(fname)
    cipher = base.split('(')[0]
    mode = base.split('(')[1].split(')')[0]
    test = base.split(')')[1].split('.')[0]
    return cipher, mode, test


def walk_request(text, rec, answer, out):
    """Walks a request's lines (stripped): a blank one ends a record (answer()) or, outside one,
    is kept as the request's own spacing; a comment or [header] ends the record too and is kept;
    a "name = value" field joins rec. Yields each line once that is done, for what the caller
    reads from headers and comments."""
    lines = text.replace('\r', '').split('\n')
    if lines and lines[-1] == '':
        lines.pop()  # the text's last line end, not a blank line
    for line in lines:
        s = line.strip()
        if not s:
            if rec:
                answer()
            else:
                out.append('')
        elif s[0] in '#[':
            answer()
            out.append(s)
        else:
            k, v = s.split('=', 1)
            rec.append((k.strip(), v.strip()))
        yield s


def respond(fname, text):
    cipher, mode, test = job_of(fname)
    out, rec = [], []
    chosen = []  # plaintext named by a '# CT below = encryption of PT ...' comment

    def answer():
        if not rec:
            return
        f = {k.upper(): (k, v) for k, v in rec}
        enc = 'PT' in f
        key = bytes.fromhex(f['KEY'][1])
        ivn = 'CTR' if 'CTR' in f else 'IV'
        iv = bytes.fromhex(f[ivn][1]) if ivn in f else b''
        data = bytes.fromhex(f['PT' if enc else 'CT'][1])
        if test == 'MCT':
            names = {'COUNT': f.get('COUNT', ('COUNT',))[0], 'IV': f.get(ivn, (ivn,))[0]}
            recs = list(mct(cipher, mode, key, iv, data, enc, names))
            for i, r in enumerate(recs):
                out.extend('%s = %s' % kv for kv in r)
                if i < len(recs) - 1:
                    out.append('')
        else:
            if not enc and mode in ('ECB', 'CBC') and dec_fn(cipher, key) is None:
                pt = chosen.pop()  # no block decryption in the model: check the pair instead
                assert crypt(cipher, mode, key, iv, pt, True) == data, fname
                got = pt
            else:
                got = crypt(cipher, mode, key, iv, data, enc)
            out.extend('%s = %s' % kv for kv in rec)
            out.append('%s = %s' % ('CT' if enc else 'PT', got.hex().upper()))
        out.append('')
        rec.clear()

    for s in walk_request(text, rec, answer, out):
        if s.startswith('# CT below = encryption of PT '):
            chosen.append(bytes.fromhex(s.split()[-4]))
    answer()
    return ''.join(l + '\n' for l in out)


# ---- generated requests ------------------------------------------------------------------------

def gen_request(cipher, mode, test, rnd):
    _, kl, bl = CIPHERS[cipher]
    s = seg_of(cipher, mode)
    can_dec = mode not in ('ECB', 'CBC') or dec_fn(cipher, bytes(kl)) is not None
    ivn = 'CTR' if mode == 'CTR' else 'IV'
    lines = ['# %s(%s)%s: request made by tests/models/cavp_block_model.py (seeded random values)'
             % (cipher, mode, test)]

    def rec(count, key, iv, name, data):
        lines.append('COUNT = %d' % count)
        lines.append('KEY = ' + key.hex().upper())
        if mode != 'ECB':
            lines.append('%s = %s' % (ivn, iv.hex().upper()))
        lines.append('%s = %s' % (name, data.hex().upper()))
        lines.append('')

    rb = lambda n: bytes(rnd.getrandbits(8) for _ in range(n))  # noqa: E731
    if test == 'MCT':
        lines.append('[ENCRYPT]')
        rec(0, rb(kl), rb(bl), 'PT', rb(s))
        if can_dec:
            lines.append('[DECRYPT]')
            rec(0, rb(kl), rb(bl), 'CT', rb(s))
        return '\n'.join(lines) + '\n'
    count = 0
    if test == 'KAT':  # one set bit walking through the plaintext, zero key and IV
        for bit in (0, 1, 8 * s - 1):
            pt = bytearray(s)
            pt[bit // 8] |= 0x80 >> (bit % 8)
            rec(count, bytes(kl), bytes(bl), 'PT', bytes(pt))
            count += 1
        for _ in range(2):  # random key, IV, one segment
            rec(count, rb(kl), rb(bl), 'PT', rb(s))
            count += 1
        nseg = [1]
    else:
        nseg = [1, 2, 3, 5] if s < bl else [1, 2, 4]
        for k in nseg:
            rec(count, rb(kl), rb(bl), 'PT', rb(k * s))
            count += 1
        if mode in ('CTR', 'OFB', 'CFB'):  # a last partial block
            rec(count, rb(kl), rb(bl), 'PT', rb(bl + 3))
            count += 1
        # a counter about to wrap
        if mode == 'CTR':
            rec(count, rb(kl), b'\xff' * bl, 'PT', rb(2 * bl))
            count += 1
    for k in nseg[:2]:
        key, iv, pt = rb(kl), rb(bl), rb(k * s)
        if can_dec:
            rec(count, key, iv, 'CT', rb(k * s))
        else:  # the model cannot decrypt this cipher: a ciphertext made from a chosen plaintext
            lines.append('# CT below = encryption of PT %s by the model' % pt.hex().upper())
            rec(count, key, iv, 'CT', crypt(cipher, mode, key, iv, pt, True))
        count += 1
    return '\n'.join(lines) + '\n'


def write_pair(d, name, req, respond):
    """Writes D/NAME.req and, answered by RESPOND(file name, text), D/NAME.rsp."""
    with open(os.path.join(d, name + '.req'), 'w') as f:
        f.write(req)
    with open(os.path.join(d, name + '.rsp'), 'w') as f:
        f.write(respond(name + '.req', req))


def check_responses(base, respond, only=''):
    """Recomputes every .req under BASE/model and BASE/published whose name holds ONLY and
    compares it with the .rsp beside it; the exit status (1 if any differs or none was read)."""
    bad = n = 0
    for sub in ('model', 'published'):
        d = os.path.join(base, sub)
        for fn in sorted(os.listdir(d)):
            if not fn.endswith('.req') or only not in fn:
                continue
            with open(os.path.join(d, fn)) as f:
                got = respond(fn, f.read())
            with open(os.path.join(d, fn[:-4] + '.rsp')) as f:
                want = f.read().replace('\r', '')
            n += 1
            if got != want:
                bad += 1
                print('DIFFERS:', sub, fn)
    print('%d responses recomputed, %d differ' % (n, bad))
    return 1 if bad or n == 0 else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('what', choices=['generate', 'check'])
    ap.add_argument('--specs', default=DEFAULT_SPECS)
    ap.add_argument('--only', default='')
    a = ap.parse_args()
    load_specs(a.specs)
    if a.what == 'generate':
        d = os.path.join(BLOCK_DIR, 'model')
        os.makedirs(d, exist_ok=True)
        for ci, cipher in enumerate(CIPHERS):
            for mi, mode in enumerate(MODES):
                for ti, test in enumerate(['KAT', 'MMT', 'MCT']):
                    name = '%s(%s)%s' % (cipher, mode, test)
                    if a.only not in name or (test == 'MCT' and mode not in MCT_MODES[cipher]):
                        continue
                    rnd = random.Random(1700 + 100 * ci + 10 * mi + ti)
                    req = gen_request(cipher, mode, test, rnd)
                    write_pair(d, name, req, respond)
                    print('wrote', name, file=sys.stderr)
        return 0
    return check_responses(BLOCK_DIR, respond, a.only)


if __name__ == '__main__':
    sys.exit(main())
