"""LSH through the hashlib-style API, HMAC and PBKDF2 interop, file_digest, errors."""
import copy
import hashlib
import hmac
import io
import threading

import pytest
from hypothesis import given, settings, strategies as st

import karx
from helpers import run_all
from kat import KAT_DIR, bitlen_cases, blocks, lsh_cases, unhex

CTORS = {
    "lsh256-224": karx.lsh256_224, "lsh256-256": karx.lsh256_256,
    "lsh512-224": karx.lsh512_224, "lsh512-256": karx.lsh512_256,
    "lsh512-384": karx.lsh512_384, "lsh512-512": karx.lsh512_512,
}
SIZES = {"lsh256-224": (28, 128), "lsh256-256": (32, 128), "lsh512-224": (28, 256),
         "lsh512-256": (32, 256), "lsh512-384": (48, 256), "lsh512-512": (64, 256)}
CASES = lsh_cases()


def test_kat_count():
    # 6 KCMVP files (133 + 133 + 4 * 261), 16 byte-aligned KISA cases at most, Crypto++ 735
    assert len(CASES) > 1900
    assert {c[0] for c in CASES} == set(CTORS)


@pytest.mark.parametrize("alg,msg,md,where", CASES,
                         ids=[f"{c[3]}-{i}" for i, c in enumerate(CASES)])
def test_kat(alg, msg, md, where):
    assert CTORS[alg](msg).digest() == md
    assert karx.new(alg, msg).hexdigest() == md.hex()
    h = karx.new(alg)
    h.update(msg[: len(msg) // 3])
    h.update(memoryview(msg)[len(msg) // 3:])
    assert h.digest() == md


def test_kisa_bit_lengths():
    cases = bitlen_cases()
    assert len(cases) == 32 and any(bits % 8 for _, _, bits, _ in cases)
    for alg, msg, bits, md in cases:
        h = karx.new(alg)
        h.update_bits(msg, bits)
        assert h.digest() == md, (alg, bits)
        # split: whole bytes first, then the rest as bits
        whole = (bits // 16) * 8
        h = karx.new(alg)
        h.update_bits(msg, whole)
        h.update_bits(msg[whole // 8:], bits - whole)
        assert h.digest() == md, (alg, bits)


def test_update_bits_errors():
    h = karx.lsh256_256()
    with pytest.raises(karx.InvalidDataLength, match="exceeds the 8 bits"):
        h.update_bits(b"a", 9)
    h.update_bits(b"\xff", 3)
    with pytest.raises(karx.InvalidState, match="partial final byte"):
        h.update(b"more")
    with pytest.raises(karx.InvalidState):
        h.update_bits(b"\x00", 8)
    assert len(h.digest()) == 32


@pytest.mark.parametrize("name", sorted(CTORS))
def test_attributes(name):
    h = CTORS[name]()
    assert h.name == name
    assert (h.digest_size, h.block_size) == SIZES[name]
    assert len(h.digest()) == h.digest_size
    assert name in karx.algorithms_available
    for spelling in (name.replace("-", "_"), name.upper(), "LSH-" + name[3:].upper()):
        assert karx.new(spelling, b"x").digest() == CTORS[name](b"x").digest()


def test_digest_keeps_state_and_copy_forks():
    h = karx.lsh512_256(b"abc")
    d1 = h.digest()
    assert h.digest() == d1  # digest() does not finalize the object
    c = h.copy()
    c.update(b"def")
    assert h.digest() == d1
    assert c.digest() == karx.lsh512_256(b"abcdef").digest()
    assert copy.copy(h).digest() == d1


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=1200), cuts=st.lists(st.integers(0, 1200), max_size=6),
       name=st.sampled_from(sorted(CTORS)))
def test_streaming_equals_oneshot(data, cuts, name):
    h = karx.new(name)
    prev = 0
    for c in sorted(min(c, len(data)) for c in cuts) + [len(data)]:
        h.update(data[prev:c])
        prev = c
    assert h.digest() == karx.new(name, data).digest()
    # bytearray, memoryview and numpy input are the same bytes
    assert karx.new(name, bytearray(data)).digest() == h.digest()


def test_block_boundaries():
    for name, (_, block) in SIZES.items():
        msg = bytes(range(256)) * 12
        for n in (block - 1, block, block + 1, 2 * block, 3 * block + 5):
            one = karx.new(name, msg[:n]).digest()
            for cut in (c for c in (1, block - 1, block, n - 1) if c <= n):
                h = karx.new(name, msg[:cut])
                h.update(msg[cut:n])
                assert h.digest() == one, (name, n, cut)


def test_large_update_releases_gil_and_is_correct():
    data = bytes(range(256)) * 8192  # 2 MiB: the GIL-free path
    h = karx.lsh256_256()
    h.update(data[:3])
    h.update(data[3:])
    assert h.digest() == karx.lsh256_256(data).digest()


def test_shared_object_across_threads():
    chunk = b"\x5a" * 4096
    h = karx.lsh512_512()

    def work():
        for _ in range(50):
            h.update(chunk)

    run_all([threading.Thread(target=work) for _ in range(4)])
    assert h.digest() == karx.lsh512_512(chunk * 200).digest()


# ---------------------------------------------------------------- HMAC

def hmac_by_definition(name, key, msg):
    """RFC 2104 from the hash alone: H((K ^ opad) || H((K ^ ipad) || m))."""
    h = CTORS[name]
    b = h().block_size
    if len(key) > b:
        key = h(key).digest()
    key = key.ljust(b, b"\0")
    inner = h(bytes(k ^ 0x36 for k in key) + msg).digest()
    return h(bytes(k ^ 0x5C for k in key) + inner).digest()


def test_hmac_kisa_vectors():
    n = 0
    for sec, rec in blocks(KAT_DIR / "kisa_hmac_lsh.txt"):
        d = dict(rec)
        name = "lsh256-256" if "256-256" in sec else "lsh512-512"
        key, msg, mac = unhex(d["Key"]), unhex(d["Msg"]), unhex(d["Mac"])
        assert hmac.new(key, msg, digestmod=CTORS[name]).digest() == mac
        assert karx.hmac_digest(key, msg, name) == mac
        assert hmac_by_definition(name, key, msg) == mac
        n += 1
    assert n == 4


@settings(max_examples=40, deadline=None)
@given(key=st.binary(max_size=300), msg=st.binary(max_size=600),
       name=st.sampled_from(sorted(CTORS)))
def test_hmac_interop(key, msg, name):
    want = hmac_by_definition(name, key, msg)
    assert hmac.new(key, msg, digestmod=CTORS[name]).digest() == want
    assert hmac.new(key, msg, digestmod=lambda d=b"": karx.new(name, d)).digest() == want
    assert karx.hmac_digest(key, msg, name) == want
    assert hmac.digest(key, msg, CTORS[name]) == want
    m = hmac.new(key, digestmod=CTORS[name])
    m.update(msg[:7])
    m.update(msg[7:])
    assert m.hexdigest() == want.hex()
    assert m.name == "hmac-" + name


# ---------------------------------------------------------------- PBKDF2

def pbkdf2_by_definition(name, password, salt, iterations, dklen):
    """RFC 8018 section 5.2 over the hmac module."""
    prf = lambda data: hmac.new(password, data, digestmod=CTORS[name]).digest()  # noqa: E731
    out = b""
    i = 1
    while len(out) < dklen:
        u = prf(salt + i.to_bytes(4, "big"))
        t = bytearray(u)
        for _ in range(iterations - 1):
            u = prf(u)
            t = bytearray(a ^ b for a, b in zip(t, u))
        out += bytes(t)
        i += 1
    return out[:dklen]


@pytest.mark.parametrize("name", sorted(CTORS))
@pytest.mark.parametrize("iterations,dklen", [(1, None), (3, 17), (20, 100)])
def test_pbkdf2_definition(name, iterations, dklen):
    pw, salt = b"password", b"NaCl-salt"
    got = karx.pbkdf2_hmac(name, pw, salt, iterations, dklen)
    want = pbkdf2_by_definition(name, pw, salt, iterations, dklen or CTORS[name]().digest_size)
    assert got == want
    # hashlib.pbkdf2_hmac's positional and keyword signature
    assert karx.pbkdf2_hmac(hash_name=name, password=pw, salt=salt, iterations=iterations,
                            dklen=dklen) == got


def test_pbkdf2_errors():
    with pytest.raises(karx.InvalidArgument, match="at least 1, got 0"):
        karx.pbkdf2_hmac("lsh256-256", b"p", b"s", 0)
    with pytest.raises(ValueError):
        karx.pbkdf2_hmac("lsh256-256", b"p", b"s", -5)
    with pytest.raises(karx.InvalidOutputLength, match="got 0"):
        karx.pbkdf2_hmac("lsh256-256", b"p", b"s", 1, 0)
    with pytest.raises(TypeError):
        karx.pbkdf2_hmac("lsh256-256", "p", b"s", 1)
    with pytest.raises(TypeError):
        karx.pbkdf2_hmac("lsh256-256", b"p", b"s", 1.5)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.pbkdf2_hmac("sha256", b"p", b"s", 1)


# ---------------------------------------------------------------- file_digest

def test_file_digest(tmp_path):
    data = bytes(range(256)) * 3000 + b"tail"
    p = tmp_path / "f.bin"
    p.write_bytes(data)
    with open(p, "rb") as f:
        assert karx.file_digest(f, "lsh512-256").digest() == karx.lsh512_256(data).digest()
    with open(p, "rb") as f:
        assert karx.file_digest(f, karx.lsh256_224).digest() == karx.lsh256_224(data).digest()
    assert karx.file_digest(io.BytesIO(data), "lsh256-256").digest() == \
        karx.lsh256_256(data).digest()
    with pytest.raises(ValueError):
        karx.file_digest(io.StringIO("text"), "lsh256-256")
    if hasattr(hashlib, "file_digest"):  # Python 3.11+: the stdlib function takes karx too
        with open(p, "rb") as f:
            assert hashlib.file_digest(f, karx.lsh512_512).digest() == \
                karx.lsh512_512(data).digest()


# ---------------------------------------------------------------- errors

def test_hash_type_errors():
    with pytest.raises(TypeError, match="str"):
        karx.lsh256_256("abc")
    h = karx.lsh256_256()
    with pytest.raises(TypeError, match="str"):
        h.update("abc")
    with pytest.raises(TypeError):
        h.update(12)
    with pytest.raises(TypeError):
        karx.hmac_digest("key", b"m", "lsh256-256")


def test_unknown_hash_names():
    for bad in ("sha256", "lsh256-512", "", "lsh128-128"):
        with pytest.raises(karx.UnknownAlgorithm) as e:
            karx.new(bad)
        assert isinstance(e.value, ValueError) and isinstance(e.value, karx.KarxError)
        assert "lsh256-224" in str(e.value)  # says what is expected
    with pytest.raises(karx.UnknownAlgorithm):
        karx.hmac_digest(b"k", b"m", "md5")


def test_same_as_hashlib_shape():
    # code written against hashlib objects runs unchanged
    for mk in (hashlib.sha256, karx.lsh256_256):
        h = mk()
        h.update(b"a")
        assert len(h.hexdigest()) == 2 * h.digest_size
        assert h.copy().digest() == h.digest()
