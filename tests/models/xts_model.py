#!/usr/bin/env python3
"""Independent XTS model (IEEE 1619-2018 / NIST SP 800-38E), written from the standard, and the
generator of tests/kat/model_xts.txt.

  xts_model.py selftest            check the XTS logic against the IEEE 1619 XTS-AES vectors
                                   (tests/models/ieee1619_xts_aes.txt; AES from the Python
                                   `cryptography` package)
  xts_model.py gen > FILE          the karx vectors (runs selftest first and stops if it fails)

Block ciphers: LEA and CHAM-128 from the reference models in ../shared/specs/models (lea_check.py,
cham_check.py; --specs DIR to point elsewhere), ARIA from `openssl enc -aria-*-ecb -nopad`.
Only encryption is modelled: the C test decrypts the model's ciphertexts and compares with its
plaintexts, which checks karx's decryption against this model too."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


# ---- XTS (cipher-agnostic: enc(key, [blocks]) -> [blocks]) ---------------------------------

def mul_alpha(t):
    """IEEE 1619 5.2: the tweak as a little-endian 128-bit number times x, reduced by
    x^128 + x^7 + x^2 + x + 1 (0x87 folded into byte 0)."""
    v = int.from_bytes(t, 'little') << 1
    if v >> 128:
        v = (v & ((1 << 128) - 1)) ^ 0x87
    return v.to_bytes(16, 'little')


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def xts_encrypt(enc, key1, key2, tweak, pt):
    """One data unit (len >= 16) with the 16-byte tweak i; 5.3.1-5.3.2 of IEEE 1619."""
    assert len(pt) >= 16 and len(tweak) == 16
    m, b = divmod(len(pt), 16)
    ts = [enc(key2, [tweak])[0]]
    for _ in range(m):
        ts.append(mul_alpha(ts[-1]))
    blocks = [pt[16 * j:16 * j + 16] for j in range(m)]
    n = m if b == 0 else m - 1   # the blocks that are not part of the stealing
    out = enc(key1, [xor(blocks[j], ts[j]) for j in range(n)]) if n else []
    out = [xor(c, ts[j]) for j, c in enumerate(out)]
    if b == 0:
        return b''.join(out)
    cc = xor(enc(key1, [xor(blocks[m - 1], ts[m - 1])])[0], ts[m - 1])
    pp = pt[16 * m:] + cc[b:]
    c_m1 = xor(enc(key1, [xor(pp, ts[m])])[0], ts[m])
    return b''.join(out) + c_m1 + cc[:b]


def xts_sectors(enc, key1, key2, tweak, sector, pt):
    """Consecutive units of `sector` bytes; unit i uses tweak + i (little-endian, 128 bits)."""
    base = int.from_bytes(tweak, 'little')
    out = b''
    for i, off in enumerate(range(0, len(pt), sector)):
        t = (base + i).to_bytes(16, 'little')  # raises if it passes 2^128 - 1
        out += xts_encrypt(enc, key1, key2, t, pt[off:off + sector])
    return out


# ---- block ciphers ---------------------------------------------------------------------------

def aes_enc(key, blocks):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return [e.update(b) for b in blocks]


def openssl_aria(key, blocks):
    if not blocks:
        return []
    r = subprocess.run(['openssl', 'enc', '-aria-%d-ecb' % (8 * len(key)), '-nopad', '-K',
                        key.hex()], input=b''.join(blocks), capture_output=True, check=True)
    return [r.stdout[16 * i:16 * i + 16] for i in range(len(blocks))]


def ciphers(specs):
    sys.path.insert(0, specs)
    import lea_check as L
    import cham_check as C
    def lea(key, blocks):
        rk = L.lea_keys(key)
        return [bytes(L.lea_enc(rk, b)) for b in blocks]
    cham = lambda rounds: (lambda key, blocks: [bytes(C.cham_enc(key, b, 128, rounds))
                                               for b in blocks])
    # name: (block function, key bytes) -- CHAM is the revised one (112 / 120 rounds).
    return {'lea128': (lea, 16), 'lea192': (lea, 24), 'lea256': (lea, 32),
            'cham128-128': (cham(112), 16), 'cham128-256': (cham(120), 32),
            'aria128': (openssl_aria, 16), 'aria192': (openssl_aria, 24),
            'aria256': (openssl_aria, 32)}


# ---- self-test against IEEE 1619 -------------------------------------------------------------

def selftest():
    n = 0
    cur = {}
    for line in open(os.path.join(HERE, 'ieee1619_xts_aes.txt')):
        line = line.strip()
        if '=' not in line or line.startswith('#'):
            continue
        k, v = (s.strip() for s in line.split('=', 1))
        cur[k] = bytes.fromhex(v)
        if k == 'Out':
            key, half = cur['Key'], len(cur['Key']) // 2
            got = xts_encrypt(aes_enc, key[:half], key[half:], cur['Nonce'], cur['In'])
            if got != cur['Out']:
                sys.exit('xts_model: IEEE 1619 vector %d failed' % n)
            n += 1
    if n < 18:
        sys.exit('xts_model: only %d IEEE vectors found' % n)
    # The sector numbering against the one-unit call, across a byte carry.
    t = bytes([0xfe]) + bytes(15)
    k1, k2 = bytes(range(16)), bytes(range(16, 32))
    try:  # a last unit shorter than a block is refused
        xts_sectors(aes_enc, k1, k2, t, 32, bytes(100))
        sys.exit('xts_model: short last unit accepted')
    except AssertionError:
        pass
    pt = bytes(range(116))
    want = b''.join(xts_encrypt(aes_enc, k1, k2, ((0xfe + i).to_bytes(16, 'little')),
                                pt[32 * i:32 * i + 32]) for i in range(4))
    if xts_sectors(aes_enc, k1, k2, t, 32, pt) != want:
        sys.exit('xts_model: sector numbering failed')
    return n


# ---- vectors -----------------------------------------------------------------------------------

def det_bytes(seed, n):
    """Deterministic filler: an LCG, so that the vector file can be regenerated bit for bit."""
    x, out = seed & 0xffffffff, bytearray()
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0xffffffff
        out.append(x >> 16 & 0xff)
    return bytes(out)


def gen(specs):
    n = selftest()
    cs = ciphers(specs)
    print('# XTS vectors for karx, from the independent model tests/models/xts_model.py')
    print('# (IEEE 1619-2018 / SP 800-38E, written from the standard; its XTS logic checked against')
    print('# the %d IEEE 1619 XTS-AES vectors in tests/models/ieee1619_xts_aes.txt, AES from the' % n)
    print('# Python cryptography package). Generated with:')
    print('#   python3 tests/models/xts_model.py gen --specs ../shared/specs/models > tests/kat/model_xts.txt')
    print('# Block ciphers: LEA and revised CHAM-128 from the shared reference models lea_check.py and')
    print('# cham_check.py; ARIA from `openssl enc -aria-N-ecb -nopad` (OpenSSL 3). Inputs: keys, tweaks')
    print('# and plaintexts from det_bytes() (an LCG) with the seeds in gen(). Fields: cipher, key')
    print('# (data key || tweak key), tweak (16 bytes), sector (0: one data unit; else unit i of the')
    print('# input uses tweak + i as a little-endian number), pt, ct.')
    seed = 1
    for name, (enc, kb) in cs.items():
        cases = [(0, L, None) for L in (16, 17, 31, 32, 33, 4096 + 5)]
        # several units, a short last one (with stealing), a tweak whose low 64 bits carry
        cases.append((256, 3 * 256 + 40, bytes([0xfe] + [0xff] * 7 + [0x12] + [0] * 7)))
        # a tweak whose low byte carries between units
        cases.append((48, 2 * 48 + 17, bytes([0xff, 0x00, 0x34]) + bytes(13)))
        for sector, length, tweak in cases:
            seed += 1
            key = det_bytes(seed, 2 * kb)
            tweak = tweak if tweak is not None else det_bytes(seed + 1000, 16)
            pt = det_bytes(seed + 2000, length)
            k1, k2 = key[:kb], key[kb:]
            ct = (xts_sectors(enc, k1, k2, tweak, sector, pt) if sector
                  else xts_encrypt(enc, k1, k2, tweak, pt))
            print()
            print('cipher = %s' % name)
            print('key = %s' % key.hex())
            print('tweak = %s' % tweak.hex())
            print('sector = %d' % sector)
            print('pt = %s' % pt.hex())
            print('ct = %s' % ct.hex())


def main(argv):
    specs = os.path.join(HERE, '..', '..', '..', 'shared', 'specs', 'models')
    if '--specs' in argv:
        specs = argv[argv.index('--specs') + 1]
    if len(argv) > 1 and argv[1] == 'selftest':
        print('xts_model: %d IEEE 1619 vectors and the sector numbering pass' % selftest())
    elif len(argv) > 1 and argv[1] == 'gen':
        gen(os.path.abspath(specs))
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main(sys.argv)
