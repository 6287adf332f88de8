"""karx.XTS: an independent model (IEEE 1619 over single ECB blocks, written here from the
standard), the library model's vectors (tests/kat/model_xts.txt), sectors = separate units
under tweak + i, buffers, threads and every error."""
import threading

import pytest
from hypothesis import given, settings, strategies as st

import karx
from helpers import run_all
from kat import KAT_DIR, blocks, unhex

XTS_CIPHERS = [a.name for a in karx.algorithms("cipher") if a.block_size == 16]
NARROW = [a.name for a in karx.algorithms("cipher") if a.block_size != 16]
MASK = (1 << 128) - 1


def key_pair(cipher, seed=1):
    n = karx.algorithm(cipher, "cipher").key_size
    return bytes((seed * 7 + 3 * i) & 0xFF for i in range(2 * n))


# ---------------------------------------------------------------- the model (IEEE 1619 5.3, 5.4)

def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def model(cipher, key, tweak, data, encrypt=True):
    """One data unit: XTS from the cipher's single blocks (karx.Cipher ECB), ciphertext
    stealing for a partial last block."""
    half = len(key) // 2
    ecb = karx.Cipher(cipher, "ecb", key[:half], padding=None)
    one = ecb.encrypt if encrypt else ecb.decrypt
    t = int.from_bytes(karx.Cipher(cipher, "ecb", key[half:], padding=None).encrypt(tweak),
                       "little")
    tweaks = []
    for _ in range(len(data) // 16 + 1):
        tweaks.append(t.to_bytes(16, "little"))
        t <<= 1
        if t >> 128:
            t = (t & MASK) ^ 0x87

    def blk(p, tw):
        return _xor(one(_xor(p, tw)), tw)

    m, b = divmod(len(data), 16)
    full = m if b == 0 else m - 1
    out = b"".join(blk(data[16 * i:16 * i + 16], tweaks[i]) for i in range(full))
    if b:
        last_full, tail = data[16 * full:16 * full + 16], data[16 * m:]
        # encryption steals with the tweaks in order (m-1, m); decryption in reverse
        first, second = (tweaks[m - 1], tweaks[m]) if encrypt else (tweaks[m], tweaks[m - 1])
        cc = blk(last_full, first)
        out += blk(tail + cc[b:], second) + cc[:b]
    return out


def plus(tweak, i):
    return ((int.from_bytes(tweak, "little") + i) & MASK).to_bytes(16, "little")


def per_unit(x, tweak, data, sector, encrypt=True):
    f = x.encrypt if encrypt else x.decrypt
    return b"".join(f(plus(tweak, i), data[o:o + sector])
                    for i, o in enumerate(range(0, len(data), sector)))


DATA = bytes((i * 131 + 7) & 0xFF for i in range(9000))
TWEAK = bytes(range(0xF0, 0x100))


@pytest.mark.parametrize("cipher", XTS_CIPHERS)
def test_model(cipher):
    key = key_pair(cipher)
    x = karx.XTS(cipher, key)
    for n in (16, 17, 31, 32, 33, 47, 100):
        pt = DATA[:n]
        ct = x.encrypt(TWEAK, pt)
        assert ct == model(cipher, key, TWEAK, pt), n
        assert x.decrypt(TWEAK, ct) == pt
        assert model(cipher, key, TWEAK, ct, encrypt=False) == pt


@settings(max_examples=40)
@given(n=st.integers(16, 200), tweak=st.binary(min_size=16, max_size=16),
       cipher=st.sampled_from(XTS_CIPHERS))
def test_model_random(n, tweak, cipher):
    key = key_pair(cipher, seed=n)
    x = karx.XTS(cipher, key)
    pt = DATA[n:2 * n]
    assert x.encrypt(tweak, pt) == model(cipher, key, tweak, pt)
    assert x.decrypt(tweak, pt) == model(cipher, key, tweak, pt, encrypt=False)


def model_file_cases():
    path = KAT_DIR / "model_xts.txt"
    if not path.exists():
        return []
    return [dict(rec) for _, rec in blocks(path)]


@pytest.mark.skipif(not (KAT_DIR / "model_xts.txt").exists(),
                    reason="tests/kat/model_xts.txt not present")
def test_model_file():
    cases = model_file_cases()
    assert len(cases) >= 64
    for d in cases:
        x = karx.XTS(d["cipher"], unhex(d["key"]))
        sector = int(d["sector"]) or None
        pt, ct, tw = unhex(d["pt"]), unhex(d["ct"]), unhex(d["tweak"])
        assert x.encrypt(tw, pt, sector_size=sector) == ct, d
        assert x.decrypt(tw, ct, sector_size=sector) == pt, d


# ---------------------------------------------------------------- round trips and sectors

@pytest.mark.parametrize("cipher", XTS_CIPHERS)
def test_round_trip(cipher):
    x = karx.XTS(cipher, key_pair(cipher))
    for n in (16, 17, 31, 4101, len(DATA)):
        ct = x.encrypt(TWEAK, DATA[:n])
        assert len(ct) == n and ct != DATA[:n]
        assert x.decrypt(TWEAK, ct) == DATA[:n]
    for sector in (512, 4096):
        ct = x.encrypt(TWEAK, DATA, sector_size=sector)
        assert x.decrypt(TWEAK, ct, sector_size=sector) == DATA


@pytest.mark.parametrize("sector,n", [(512, 9000), (4096, 9000), (16, 112), (48, 4101),
                                      (24, 116), (40, 97), (512, 512), (8192, 9000)])
def test_sectors_are_units(sector, n):
    x = karx.XTS("lea256", key_pair("lea256"))
    data = DATA[:n]
    ct = x.encrypt(TWEAK, data, sector_size=sector)
    assert ct == per_unit(x, TWEAK, data, sector)
    assert x.decrypt(TWEAK, ct, sector_size=sector) == data
    assert per_unit(x, TWEAK, ct, sector, encrypt=False) == data


def test_sector_tweak_carries():
    # unit numbers cross a byte and the 64-bit boundary: tweak + i is one 128-bit number
    x = karx.XTS("lea128", key_pair("lea128"))
    for start in (0xFE, (1 << 64) - 2, (1 << 128) - 4):
        tw = start.to_bytes(16, "little")
        ct = x.encrypt(tw, DATA[:64], sector_size=16)
        assert ct == per_unit(x, tw, DATA[:64], 16)


def test_int_tweak():
    x = karx.XTS("cham128-128", key_pair("cham128-128"))
    assert x.encrypt(5, DATA[:40]) == x.encrypt((5).to_bytes(16, "little"), DATA[:40])
    assert x.encrypt(MASK, DATA[:16]) == x.encrypt(b"\xff" * 16, DATA[:16])
    assert x.decrypt(7, x.encrypt(7, DATA[:512], 32), 32) == DATA[:512]


def test_properties():
    x = karx.XTS("LEA-192", key_pair("lea192"))
    assert x.cipher == "lea192"
    assert x.key_size == 48
    assert "lea192" in repr(x)
    assert "XTS" in karx.__all__


# ---------------------------------------------------------------- buffers

def test_buffer_types():
    np = pytest.importorskip("numpy")
    x = karx.XTS("lea128", key_pair("lea128"))
    want = x.encrypt(TWEAK, DATA[:100])
    for d in (bytearray(DATA[:100]), memoryview(DATA)[:100], np.frombuffer(DATA[:100], np.uint8)):
        assert x.encrypt(TWEAK, d) == want
    for t in (bytearray(TWEAK), memoryview(TWEAK)):
        assert x.encrypt(t, DATA[:100]) == want
    assert karx.XTS("lea128", bytearray(key_pair("lea128"))).encrypt(TWEAK, DATA[:100]) == want


def test_into():
    x = karx.XTS("aria128", key_pair("aria128"))
    want = x.encrypt(TWEAK, DATA[:787], sector_size=256)
    out = bytearray(787)
    assert x.encrypt_into(TWEAK, DATA[:787], out, sector_size=256) is None
    assert out == want
    buf = bytearray(DATA[:787])  # in place: data and out the same buffer
    x.encrypt_into(TWEAK, buf, buf, sector_size=256)
    assert buf == want
    x.decrypt_into(TWEAK, buf, buf, sector_size=256)
    assert buf == DATA[:787]
    with pytest.raises(karx.InvalidOutputLength):
        x.encrypt_into(TWEAK, DATA[:787], bytearray(786))
    mv = memoryview(bytearray(810))
    with pytest.raises(karx.InvalidArgument):  # overlapping, not the same: refused
        x.encrypt_into(TWEAK, mv[:787], mv[1:788])
    with pytest.raises((TypeError, BufferError)):
        x.encrypt_into(TWEAK, DATA[:787], bytes(787))


def test_bad_buffers():
    x = karx.XTS("lea128", key_pair("lea128"))
    with pytest.raises(TypeError):
        x.encrypt(TWEAK, "a string of more than sixteen characters")
    with pytest.raises(BufferError):
        x.encrypt(TWEAK, memoryview(DATA)[:200:2])
    with pytest.raises(TypeError):
        x.encrypt(1.5, DATA[:16])
    with pytest.raises(TypeError):
        x.encrypt(True, DATA[:16])


def test_threads_share_one_object():
    x = karx.XTS("lea128", key_pair("lea128"))
    big = DATA * 100
    want = x.encrypt(TWEAK, big, sector_size=4096)
    got = [None] * 4

    def run(i):
        got[i] = x.encrypt(TWEAK, big, sector_size=4096)

    run_all([threading.Thread(target=run, args=(i,)) for i in range(4)])
    assert got == [want] * 4


# ---------------------------------------------------------------- errors

def test_errors_constructor():
    with pytest.raises(karx.UnknownAlgorithm):
        karx.XTS("aes128", bytes(32))
    for c in NARROW:
        with pytest.raises(karx.Unsupported, match="128-bit-block"):
            karx.XTS(c, bytes(range(32)))
    with pytest.raises(karx.InvalidKey, match="32 bytes"):
        karx.XTS("lea128", bytes(range(16)))  # one key, not a pair
    with pytest.raises(karx.InvalidKey, match="64 bytes"):
        karx.XTS("lea256", bytes(range(65)))
    with pytest.raises(karx.InvalidArgument, match="equal"):
        karx.XTS("lea128", bytes(range(16)) * 2)
    with pytest.raises(TypeError):
        karx.XTS("lea128", "0" * 32)


def test_errors_data():
    x = karx.XTS("lea128", key_pair("lea128"))
    for f in (x.encrypt, x.decrypt):
        with pytest.raises(karx.InvalidIV, match="16 bytes"):
            f(TWEAK[:15], DATA[:32])
        with pytest.raises(karx.InvalidIV):
            f(TWEAK + b"\0", DATA[:32])
        for t in (-1, 1 << 128):
            with pytest.raises(karx.InvalidIV):
                f(t, DATA[:32])
        for n in (0, 1, 15):
            with pytest.raises(karx.InvalidDataLength, match="at least 16"):
                f(TWEAK, DATA[:n])
        with pytest.raises(karx.InvalidDataLength, match="last data unit"):
            f(TWEAK, DATA[:512 + 15], sector_size=512)
        for s in (0, 15, -16):
            with pytest.raises(karx.InvalidArgument, match="sector_size"):
                f(TWEAK, DATA[:64], sector_size=s)
        with pytest.raises(TypeError):
            f(TWEAK, DATA[:64], sector_size=16.0)
        with pytest.raises(karx.CounterOverflow):  # units ff..ff and then 0: refused
            f(b"\xff" * 16, DATA[:32], sector_size=16)
    f(b"\xff" * 16, DATA[:32], sector_size=32)  # one unit numbered 2**128 - 1: fine
