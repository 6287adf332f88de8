"""karx.kbkdf: the TTAK.KO-12.0272 known answers and the second model's vectors (tests/kat), the
construction recomposed here over karx.cmac / karx.hmac_digest for every mode, counter width and
[L] form, and the exceptions."""
from __future__ import annotations

import random

import pytest

import karx
from kat import KAT_DIR, blocks, unhex


def vectors(name):
    for _, rec in blocks(KAT_DIR / name):
        yield dict(rec)


def derive(v):
    l_bytes = int(v["l_bytes"]) or None
    return karx.kbkdf(v["prf"], unhex(v["ki"]), int(v["len"]), mode=v["mode"], label=unhex(v["label"]),
                      context=unhex(v["context"]), iv=unhex(v["iv"]), counter_bits=int(v["counter_bits"]),
                      l_bytes=l_bytes)


def test_ttak_known_answers():
    vs = list(vectors("ttak_kbkdf_cmac.txt"))
    assert len(vs) == 56
    for v in vs:
        assert derive(v).hex() == v["ko"], (v["prf"], v["mode"], v["counter_bits"])


def test_model_vectors():
    vs = list(vectors("model_kbkdf.txt"))
    assert len(vs) >= 99
    for v in vs:
        assert derive(v).hex() == v["ko"], (v["prf"], v["mode"], v["counter_bits"], v["l_bytes"])


def by_definition(prf, key, n, mode, label, context, iv, r, l_bytes):
    """SP 800-108 written out over karx's own MAC calls (counter before Label)."""
    fam, prim = prf.split("-", 1)
    mac = (lambda m: karx.cmac(prim, key, m)) if fam == "cmac" else (lambda m: karx.hmac_digest(key, m, prim))
    bits = 8 * n
    ell = bits.to_bytes(l_bytes or max(1, (bits.bit_length() + 7) // 8), "big")
    fixed = label + b"\0" + context + ell
    out, k, a = b"", iv, fixed
    i = 0
    while len(out) < n:
        i += 1
        ctr = i.to_bytes(r // 8, "big") if r else b""
        if mode == "counter":
            k = mac(ctr + fixed)
        elif mode == "feedback":
            k = mac(k + ctr + fixed)
        else:
            a = mac(a)
            k = mac(a + ctr + fixed)
        out += k
    return out[:n]


@pytest.mark.parametrize("prf", ["cmac-lea128", "cmac-lea256", "cmac-hight", "cmac-cham64-128", "cmac-aria192",
                                 "hmac-lsh256-224", "hmac-lsh512-512"])
@pytest.mark.parametrize("mode", ["counter", "feedback", "pipeline"])
def test_definition(prf, mode):
    rnd = random.Random(prf + mode)
    info = karx.algorithm(prf)
    for r in (0, 8, 16, 24, 32):
        if r == 0 and mode == "counter":
            continue
        for l_bytes in (None, 1, 2, 3, 4):
            n = rnd.choice((1, 7, 31, 33, 70)) if l_bytes != 1 else rnd.choice((1, 17, 31))
            key = rnd.randbytes(info.key_size or rnd.choice((0, 20, 300)))
            label, context = rnd.randbytes(rnd.randrange(0, 30)), rnd.randbytes(rnd.randrange(0, 30))
            iv = rnd.randbytes(rnd.choice((0, 5, 16))) if mode == "feedback" else b""
            got = karx.kbkdf(prf, key, n, mode=mode, label=label, context=context, iv=iv, counter_bits=r,
                             l_bytes=l_bytes)
            assert got == by_definition(prf, key, n, mode, label, context, iv, r, l_bytes), (r, l_bytes, n)


def test_defaults_and_buffers():
    key = bytes(range(16))
    a = karx.kbkdf("cmac-lea128", key, 40)
    assert a == karx.kbkdf("CMAC-LEA-128", bytearray(key), 40, mode="Counter", label=b"", context=b"",
                           counter_bits=32, l_bytes=None)
    assert a == karx.kbkdf("cmac-lea128", memoryview(key), 40, l_bytes=0)
    assert a != karx.kbkdf("cmac-lea128", key, 40, l_bytes=4)
    assert karx.kbkdf("hmac-lsh256-256", b"", 9, mode="dp") == karx.kbkdf("hmac-lsh256-256", b"", 9,
                                                                         mode="pipeline")


def test_errors():
    k = bytes(16)
    with pytest.raises(karx.InvalidOutputLength, match="got 0"):
        karx.kbkdf("cmac-lea128", k, 0)
    with pytest.raises(karx.InvalidOutputLength, match="1 .. 2040"):
        karx.kbkdf("cmac-hight", k, 2041, counter_bits=8)
    assert len(karx.kbkdf("cmac-hight", k, 2040, counter_bits=8)) == 2040
    with pytest.raises(karx.InvalidOutputLength):
        karx.kbkdf("cmac-lea128", k, 32, l_bytes=1)
    with pytest.raises(karx.InvalidOutputLength):
        karx.kbkdf("cmac-lea128", k, -1)
    with pytest.raises(karx.Unsupported):
        karx.kbkdf("gmac-lea128", k, 16)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.kbkdf("cmac-seed", k, 16)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.kbkdf("lea128", k, 16)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.kbkdf("cmac-lea128", k, 16, mode="cbc")
    with pytest.raises(karx.InvalidKey, match="16 bytes, got 15"):
        karx.kbkdf("cmac-lea128", k[:15], 16)
    with pytest.raises(karx.InvalidIV):
        karx.kbkdf("cmac-lea128", k, 16, iv=b"x")
    with pytest.raises(karx.InvalidIV):
        karx.kbkdf("cmac-lea128", k, 16, mode="pipeline", iv=b"x")
    for r in (0, 4, 12, 40, -8):
        with pytest.raises(karx.InvalidArgument):
            karx.kbkdf("cmac-lea128", k, 16, counter_bits=r)
    for lb in (5, 8, -1):
        with pytest.raises(karx.InvalidArgument):
            karx.kbkdf("cmac-lea128", k, 16, l_bytes=lb)
    with pytest.raises(TypeError):
        karx.kbkdf("cmac-lea128", k, 16.0)
    with pytest.raises(TypeError):
        karx.kbkdf("cmac-lea128", "0" * 16, 16)
    with pytest.raises(TypeError):
        karx.kbkdf("cmac-lea128", k, 16, label="x")
    with pytest.raises(TypeError):
        karx.kbkdf("cmac-lea128", k, 16, "feedback")  # mode is keyword-only
