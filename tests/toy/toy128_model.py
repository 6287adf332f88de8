"""toy128 (TEST-ONLY, INSECURE; src/toy/toy128.h), written apart from the C: one block each way,
and GCM over it (NIST SP 800-38D with a 12-byte IV) so the toy run can check karx's GCM on a
cipher it has no vectors for. `python3 toy128_model.py` prints the self-test's known answer."""
import struct

M = 0xFFFFFFFF
ROUNDS = 8


def _rotl(x, r):
    return ((x << r) | (x >> (32 - r))) & M


def _rotr(x, r):
    return ((x >> r) | (x << (32 - r))) & M


def encrypt_block(key: bytes, block: bytes) -> bytes:
    k = struct.unpack("<4I", key)
    w = list(struct.unpack("<4I", block))
    for r in range(ROUNDS):
        w = [_rotl((w[i] + k[(i + r) % 4] + r) & M, 5 + i) for i in range(4)]
        w[1] ^= w[0]
        w[2] ^= w[1]
        w[3] ^= w[2]
        w[0] ^= w[3]
    return struct.pack("<4I", *w)


def decrypt_block(key: bytes, block: bytes) -> bytes:
    k = struct.unpack("<4I", key)
    w = list(struct.unpack("<4I", block))
    for r in reversed(range(ROUNDS)):
        w[0] ^= w[3]
        w[3] ^= w[2]
        w[2] ^= w[1]
        w[1] ^= w[0]
        w = [(_rotr(w[i], 5 + i) - k[(i + r) % 4] - r) & M for i in range(4)]
    return struct.pack("<4I", *w)


def _gf_mul(x: int, y: int) -> int:
    r, z = 0xE1 << 120, 0
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= y
        y = (y >> 1) ^ r if y & 1 else y >> 1
    return z


def _ghash(h: int, data: bytes) -> int:
    y = 0
    for i in range(0, len(data), 16):
        y = _gf_mul(y ^ int.from_bytes(data[i:i + 16].ljust(16, b"\0"), "big"), h)
    return y


def gcm_seal(key: bytes, iv: bytes, pt: bytes, aad: bytes = b"", tag_len: int = 16):
    """(ciphertext, tag) for a 12-byte IV."""
    assert len(iv) == 12
    h = int.from_bytes(encrypt_block(key, b"\0" * 16), "big")
    ct = bytearray()
    for i in range(0, len(pt), 16):
        ks = encrypt_block(key, iv + (2 + i // 16).to_bytes(4, "big"))
        ct += bytes(a ^ b for a, b in zip(pt[i:i + 16], ks))

    def pad(b):
        return b + b"\0" * (-len(b) % 16)

    lens = (8 * len(aad)).to_bytes(8, "big") + (8 * len(ct)).to_bytes(8, "big")
    s = _ghash(h, pad(aad) + pad(bytes(ct)) + lens)
    tag = bytes(a ^ b for a, b in zip(s.to_bytes(16, "big"), encrypt_block(key, iv + b"\0\0\0\1")))
    return bytes(ct), tag[:tag_len]


KAT_KEY = bytes(range(16))
KAT_PT = bytes.fromhex("00112233445566778899aabbccddeeff")

if __name__ == "__main__":
    ct = encrypt_block(KAT_KEY, KAT_PT)
    assert decrypt_block(KAT_KEY, ct) == KAT_PT
    print(ct.hex())
