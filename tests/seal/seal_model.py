#!/usr/bin/env python3
"""A second, independent implementation of the karx sealed-file format v1 (docs/FORMAT.md),
written from that document: pure Python, slow, no code shared with karx.

    seal_model.py open (--pass-file F | --key-file F) IN OUT   decrypts a sealed file; exit 1
                                                               with one line on any failure
    seal_model.py seal --cipher C --salt HEX --prefix HEX [--iter N]
                       (--pass-file F | --key-file F) IN OUT   seals with the given randomness
    seal_model.py vectors                                     prints the test vectors of
                                                               docs/FORMAT.md (markdown)
    seal_model.py check-doc FORMAT.md                         recomputes every vector there

The primitives come from the reference models vendored in ref/ (LEA, revised CHAM, LSH; see
their header lines): HMAC (RFC 2104), PBKDF2 (RFC 8018), KBKDF in counter mode (SP 800-108)
and GCM (SP 800-38D) are written out here."""
import argparse
import functools
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, 'ref'))
import cham_check  # noqa: E402
import lea_check  # noqa: E402
import lsh_model  # noqa: E402

# the model re-reads its constant tables on every call; they do not change
lsh_model.scs = functools.lru_cache(maxsize=None)(lsh_model.scs)
lsh_model.words = functools.lru_cache(maxsize=None)(lsh_model.words)

MAGIC = b'karxseal'
BODY, TAG, HEADER = 56, 32, 88
CHUNK = 65536
LABEL = b'karx seal v1'
# id -> (name, key bytes, block function maker)
CIPHERS = {
    1: ('lea256', 32), 2: ('lea128', 16), 3: ('cham128-256', 32), 4: ('cham128-128', 16),
}
CHAM_ROUNDS = {16: 112, 32: 120}  # revised CHAM-128/128 and CHAM-128/256


class Fail(Exception):
    pass


def block_encryptor(cid, key):
    if CIPHERS[cid][0].startswith('lea'):
        rk = lea_check.lea_keys(key)
        return lambda b: bytes(lea_check.lea_enc(rk, b))
    rounds = CHAM_ROUNDS[len(key)]
    return lambda b: bytes(cham_check.cham_enc(key, b, 128, rounds))


# ---- LSH-256-256, HMAC, PBKDF2, KBKDF ----

def lsh256(msg):
    return bytes.fromhex(lsh_model.lsh('LSH-256', 256, msg))


def hmac(key, msg):
    if len(key) > 128:
        key = lsh256(key)
    key = key.ljust(128, b'\0')
    ipad = bytes(k ^ 0x36 for k in key)
    opad = bytes(k ^ 0x5c for k in key)
    return lsh256(opad + lsh256(ipad + msg))


def pbkdf2(password, salt, iterations):
    u = hmac(password, salt + struct.pack('>I', 1))
    t = u
    for _ in range(iterations - 1):
        u = hmac(password, u)
        t = bytes(a ^ b for a, b in zip(t, u))
    return t  # one block: dkLen 32 = hLen


def kbkdf(ki, context, n_bytes):
    out = b''
    i = 1
    while len(out) < n_bytes:
        out += hmac(ki, struct.pack('>I', i) + LABEL + b'\0' + context +
                    struct.pack('>I', 8 * n_bytes))
        i += 1
    return out[:n_bytes]


# ---- GCM (SP 800-38D) with 12-byte IVs and 16-byte tags ----

R = 0xE1 << 120


def gf_mul(x, y):
    """x * y in GF(2^128), blocks as big-endian integers (bit 0 of the block = the top bit);
    python/tests/test_gmac.py's GHASH multiplies with this too."""
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1
    return z


def ghash(h, data):
    y = 0
    for i in range(0, len(data), 16):
        y = gf_mul(y ^ int.from_bytes(data[i:i + 16], 'big'), h)
    return y


def gcm(E, iv, data, encrypt):
    h = int.from_bytes(E(bytes(16)), 'big')
    j0 = iv + b'\0\0\0\1'
    out = bytearray()
    for n, off in enumerate(range(0, len(data), 16)):
        ks = E(iv + struct.pack('>I', (2 + n) & 0xffffffff))
        out += bytes(a ^ b for a, b in zip(data[off:off + 16], ks))
    c = bytes(out) if encrypt else data
    s = c + bytes(-len(c) % 16) + struct.pack('>QQ', 0, 8 * len(c))
    tag = (ghash(h, s) ^ int.from_bytes(E(j0), 'big')).to_bytes(16, 'big')
    return bytes(out), tag


# ---- the format ----

def keys(body, ikm):
    okm = kbkdf(ikm, body, 64)
    cid = body[9]
    return okm[:32], okm[32:32 + CIPHERS[cid][1]]


def ikm_of(body, passphrase, raw_key):
    if body[10] == 1:
        return pbkdf2(passphrase, body[16:48], struct.unpack('>I', body[12:16])[0])
    return raw_key


def seal(cid, salt, prefix, iterations, passphrase, raw_key, plaintext):
    kdf = 0 if raw_key is not None else 1
    body = (MAGIC + bytes([1, cid, kdf, 16]) + struct.pack('>I', iterations if kdf else 0) +
            salt + prefix + b'\0')
    assert len(body) == BODY
    hk, dk = keys(body, ikm_of(body, passphrase, raw_key))
    E = block_encryptor(cid, dk)
    out = body + hmac(hk, body)
    n_full = len(plaintext) // CHUNK
    for i in range(n_full + 1):
        last = i == n_full
        piece = plaintext[i * CHUNK:(i + 1) * CHUNK] if not last else plaintext[n_full * CHUNK:]
        c, t = gcm(E, prefix + struct.pack('>I', i) + bytes([last]), piece, True)
        out += c + t
    return out


def open_sealed(data, passphrase, raw_key):
    if len(data) < 8 or data[:8] != MAGIC:
        raise Fail('not a karx sealed file')
    if len(data) < HEADER:
        raise Fail('truncated header')
    body, tag = data[:BODY], data[BODY:HEADER]
    if body[8] != 1:
        raise Fail('version %d' % body[8])
    iterations = struct.unpack('>I', body[12:16])[0]
    if (body[9] not in CIPHERS or body[10] not in (0, 1) or body[11] != 16 or body[55] != 0 or
            (body[10] == 0) != (iterations == 0)):
        raise Fail('corrupted header')
    if (body[10] == 1) != (passphrase is not None):
        raise Fail('wrong kind of key')
    hk, dk = keys(body, ikm_of(body, passphrase, raw_key))
    if hmac(hk, body) != tag:
        raise Fail('wrong passphrase or key, or corrupted header')
    E = block_encryptor(body[9], dk)
    prefix = body[48:55]
    rest = data[HEADER:]
    out = b''
    i = 0
    while True:
        piece = rest[:CHUNK + 16]
        rest = rest[CHUNK + 16:]
        last = len(piece) < CHUNK + 16
        if last and rest:
            raise Fail('internal')
        if len(piece) < 16:
            raise Fail('truncated: no last chunk' if not piece else 'chunk shorter than its tag')
        if i >= 1 << 32:
            raise Fail('too many chunks')
        p, t = gcm(E, prefix + struct.pack('>I', i) + bytes([last]), piece[:-16], False)
        if t != piece[-16:]:
            raise Fail('chunk %d: authentication failed' % i)
        out += p
        i += 1
        if last:
            return out


# ---- the vectors of docs/FORMAT.md ----

VECTORS = [
    # name, cipher id, salt, prefix, iterations, passphrase, raw key, plaintext
    ('passphrase, LEA-256', 1, bytes(range(32)), bytes.fromhex('a0a1a2a3a4a5a6'), 3,
     b'correct horse', None, b'karx sealed file v1\n'),
    ('passphrase, empty plaintext', 1, bytes(range(32, 64)), bytes.fromhex('b0b1b2b3b4b5b6'), 2,
     b'pass', None, b''),
    ('raw key, CHAM-128/256', 3, bytes(range(64, 96)), bytes.fromhex('c0c1c2c3c4c5c6'), 0,
     None, bytes(range(0xe0, 0x100)), b'sixteen byte msg'),
    ('raw key, LEA-128', 2, bytes(range(96, 128)), bytes.fromhex('d0d1d2d3d4d5d6'), 0,
     None, bytes(range(0xe0, 0x100)), b'x'),
]


def vector_text():
    lines = []
    for name, cid, salt, prefix, it, pw, key, pt in VECTORS:
        sealed = seal(cid, salt, prefix, it, pw, key, pt)
        lines += ['#### %s' % name, '', '```']
        lines.append('cipher     = %s' % CIPHERS[cid][0])
        if pw is not None:
            lines.append('passphrase = %s (ASCII)' % pw.decode())
            lines.append('iterations = %d' % it)
        else:
            lines.append('key        = %s' % key.hex())
        lines.append('salt       = %s' % salt.hex())
        lines.append('prefix     = %s' % prefix.hex())
        lines.append('plaintext  = %s' % (pt.hex() or '(empty)'))
        hexs = sealed.hex()
        for i in range(0, len(hexs), 64):
            lines.append('%s %s' % ('sealed     =' if i == 0 else ' ' * 12, hexs[i:i + 64]))
        lines += ['```', '']
    return '\n'.join(lines)


def doc_fields(text):
    """The vector blocks of a FORMAT.md text, each as {field: value} (the sealed bytes' hex
    joined from its lines); python/tests/test_seal.py reads the document through this too."""
    out = []
    for blk in re.findall(r'```\n(cipher .*?)```', text, re.S):
        f = {}
        cur = None
        for line in blk.splitlines():
            m = re.match(r'(\w+)\s*= (.*)', line)
            if m:
                cur = m.group(1)
                f[cur] = m.group(2).strip()
            elif cur == 'sealed':
                f[cur] += line.strip()
        out.append(f)
    return out


def check_doc(path):
    blocks = doc_fields(open(path).read())
    if len(blocks) != len(VECTORS):
        raise Fail('%d vector blocks in %s, the model has %d' % (len(blocks), path, len(VECTORS)))
    for (name, cid, salt, prefix, it, pw, key, pt), f in zip(VECTORS, blocks):
        sealed = bytes.fromhex(f['sealed'])
        # the document's parameters, as printed, are what the model seals with
        d_salt, d_prefix = bytes.fromhex(f['salt']), bytes.fromhex(f['prefix'])
        d_pt = b'' if f['plaintext'] == '(empty)' else bytes.fromhex(f['plaintext'])
        d_cid = [k for k, v in CIPHERS.items() if v[0] == f['cipher']][0]
        if 'passphrase' in f:
            d_pw, d_key = f['passphrase'].rsplit(' (ASCII)', 1)[0].encode(), None
            d_it = int(f['iterations'])
        else:
            d_pw, d_key, d_it = None, bytes.fromhex(f['key']), 0
        if seal(d_cid, d_salt, d_prefix, d_it, d_pw, d_key, d_pt) != sealed:
            raise Fail('%s: the document\'s sealed bytes differ from the model\'s' % name)
        if open_sealed(sealed, d_pw, d_key) != d_pt:
            raise Fail('%s: the model does not open the document\'s bytes' % name)
    print('checked %d vectors' % len(blocks))


def read_secret(args):
    if args.key_file:
        k = open(args.key_file, 'rb').read()
        if len(k) != 32:
            k = bytes.fromhex(k.decode().strip())
        return None, k
    p = open(args.pass_file, 'rb').read()
    if p.endswith(b'\n'):
        p = p[:-1]
        if p.endswith(b'\r'):
            p = p[:-1]
    return p, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('cmd', choices=['open', 'seal', 'vectors', 'check-doc'])
    ap.add_argument('files', nargs='*')
    ap.add_argument('--pass-file')
    ap.add_argument('--key-file')
    ap.add_argument('--cipher', default='lea256')
    ap.add_argument('--salt')
    ap.add_argument('--prefix')
    ap.add_argument('--iter', type=int, default=0)
    a = ap.parse_intermixed_args()
    try:
        if a.cmd == 'vectors':
            print(vector_text())
        elif a.cmd == 'check-doc':
            check_doc(a.files[0])
        elif a.cmd == 'open':
            pw, key = read_secret(a)
            out = open_sealed(open(a.files[0], 'rb').read(), pw, key)
            open(a.files[1], 'wb').write(out)
        else:
            pw, key = read_secret(a)
            cid = [k for k, v in CIPHERS.items() if v[0] == a.cipher][0]
            out = seal(cid, bytes.fromhex(a.salt), bytes.fromhex(a.prefix), a.iter, pw, key,
                       open(a.files[0], 'rb').read())
            open(a.files[1], 'wb').write(out)
    except Fail as e:
        print('seal_model: %s' % e, file=sys.stderr)
        sys.exit(1)


if __name__ == '__main__':
    main()
