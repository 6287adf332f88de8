"""Hash_DRBG and HMAC_DRBG over LSH through karx.HashDrbg / karx.HmacDrbg: the Crypto++-computed
known answers of tests/kat/cryptopp_lsh_drbg.txt (the `karx drbg` procedure), names, errors, the
OS-seeded form and fork safety."""
import os

import pytest

import karx
from helpers import check_caller_seeded_after_fork, in_child
from kat import KAT_DIR, unhex

CLASSES = {"hash": karx.HashDrbg, "hmac": karx.HmacDrbg}
LSH = ["lsh256-224", "lsh256-256", "lsh512-224", "lsh512-256", "lsh512-384", "lsh512-512"]


def kat_records():
    recs, cur = [], None
    for raw in (KAT_DIR / "cryptopp_lsh_drbg.txt").read_text().splitlines():
        line = raw.strip()
        if line.startswith("["):
            cur = {"name": line[1:-1]}
            recs.append(cur)
        elif cur is not None and " = " in line + " " and not line.startswith("#"):
            k, v = (x.strip() for x in line.split("=", 1))
            cur[k] = v if k == "Mode" else unhex(v)
    return recs


KAT = kat_records()


def test_kat_count():
    assert len(KAT) == 96 and {r["name"] for r in KAT} == {
        f"{t}-{h}" for t in CLASSES for h in LSH}


@pytest.mark.parametrize("r", KAT, ids=[f"{r['name']}-{r['Mode']}-{i}" for i, r in enumerate(KAT)])
def test_kat(r):
    kind, hash_name = r["name"].split("-", 1)
    mode, n = r["Mode"], len(r["ReturnedBits1"])
    d = CLASSES[kind](hash_name, entropy=r["EntropyInput"], nonce=r["Nonce"],
                      personalization=r["PersonalizationString"] or None,
                      prediction_resistance=mode == "pr")
    a1, a2 = r["AdditionalInput1"] or None, r["AdditionalInput2"] or None
    if mode == "pr":
        out = [d.generate(n, a1, entropy=r["EntropyInputPR1"]),
               d.generate(n, a2, entropy=r["EntropyInputPR2"])]
    elif mode == "reseed":
        out = [d.generate(n, a1)]
        d.reseed(r["EntropyInputReseed"], a2)
        out.append(d.generate(n))
    else:
        if mode == "reseed-add":
            d.reseed(r["EntropyInputReseed"], r["AdditionalInputReseed"] or None)
        out = [d.generate(n, a1), d.generate(n, a2)]
    assert out == [r["ReturnedBits1"], r["ReturnedBits2"]]


def test_names_and_properties():
    e, n = bytes(range(32)), bytes(16)
    want = karx.HashDrbg("lsh512-256", entropy=e, nonce=n).generate(40)
    for name in ("LSH-512-256", "lsh512_256", "hash-lsh512-256", "HASH-LSH-512-256"):
        assert karx.HashDrbg(name, entropy=e, nonce=n).generate(40) == want
    assert karx.HmacDrbg("hmac-lsh512-256", entropy=e, nonce=n).generate(40) != want
    d = karx.HmacDrbg("LSH-256-224", entropy=e, nonce=n)
    assert (d.hash, d.name, d.security_strength) == ("lsh256-224", "hmac-lsh256-224", 24)
    assert not d.os_seeded and not d.prediction_resistance
    assert karx.HashDrbg().name == "hash-lsh256-256" and karx.HashDrbg().os_seeded
    for cls, bad in ((karx.HashDrbg, "hmac-lsh256-256"), (karx.HmacDrbg, "hash-lsh256-256"),
                     (karx.HashDrbg, "lea128"), (karx.HmacDrbg, "lsh999"),
                     (karx.HashDrbg, "lsh256-256\0x")):
        with pytest.raises(karx.UnknownAlgorithm):
            cls(bad)


@pytest.mark.parametrize("cls", [karx.HashDrbg, karx.HmacDrbg])
def test_errors(cls):
    with pytest.raises(karx.InvalidDataLength, match="at least 32 bytes.*got 31"):
        cls("lsh512-512", entropy=bytes(31), nonce=bytes(16))
    with pytest.raises(karx.InvalidDataLength, match="at least 24 bytes.*got 23"):
        cls("lsh256-224", entropy=bytes(23), nonce=bytes(16))
    with pytest.raises(karx.InvalidDataLength, match="nonce must be at least 16"):
        cls("lsh256-256", entropy=bytes(32), nonce=bytes(15))
    with pytest.raises(karx.InvalidDataLength, match="nonce must be at least 16"):
        cls("lsh256-256", entropy=bytes(32))
    with pytest.raises(karx.InvalidArgument):
        cls("lsh256-256", nonce=bytes(16))  # nonce without entropy
    with pytest.raises(TypeError):
        cls("lsh256-256", entropy="x" * 32, nonce=bytes(16))
    d = cls("lsh256-256", entropy=bytes(32), nonce=bytes(16))
    with pytest.raises(karx.InvalidDataLength, match="65536"):
        d.generate(65537)
    assert len(d.generate(65536)) == 65536 and d.generate(0) == b""
    with pytest.raises(karx.InvalidArgument):
        d.generate(-1)
    with pytest.raises(karx.InvalidArgument, match="2\\*\\*48"):
        d.set_reseed_interval(0)
    with pytest.raises(karx.InvalidDataLength, match="at least 32"):
        d.reseed(bytes(31))
    d.set_reseed_interval(1)
    d.reseed(bytes(32))
    d.generate(16)
    with pytest.raises(karx.ReseedRequired) as e:
        d.generate(16)
    assert isinstance(e.value, RuntimeError)
    d.reseed(bytes(32), b"add")
    d.generate(16)
    assert len(d.generate(16, entropy=bytes(32))) == 16  # a PR request reseeds
    p = cls("lsh256-256", entropy=bytes(32), nonce=bytes(16), prediction_resistance=True,
            reseed_interval=5)
    with pytest.raises(karx.InvalidArgument, match="entropy="):
        p.generate(16)
    assert len(p.generate(16, b"x", entropy=bytes(32))) == 16


@pytest.mark.parametrize("cls", [karx.HashDrbg, karx.HmacDrbg])
def test_os_seeded(cls):
    a, b = cls("lsh512-512"), cls("lsh256-224", prediction_resistance=True, personalization=b"p")
    assert a.os_seeded and b.prediction_resistance
    x = a.generate(200000)  # more than one request: split by the library
    assert len(x) == 200000 and x != a.generate(200000) and len(set(x)) == 256
    assert len(b.generate(33, b"add")) == 33
    a.reseed()
    a.reseed(additional_input=b"more")
    a.set_reseed_interval(1)
    assert a.generate(10) != a.generate(10)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("cls", [karx.HashDrbg, karx.HmacDrbg])
@pytest.mark.parametrize("pr", [False, True])
def test_os_seeded_after_fork_differs(cls, pr):
    d = cls("lsh256-256", prediction_resistance=pr)
    d.generate(16)
    child1 = in_child(lambda: d.generate(32))
    child2 = in_child(lambda: d.generate(32))
    parent = d.generate(32)
    assert len({child1, child2, parent}) == 3


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("cls", [karx.HashDrbg, karx.HmacDrbg])
def test_caller_seeded_after_fork_needs_reseed(cls):
    check_caller_seeded_after_fork(lambda: cls("lsh512-384", entropy=bytes(32), nonce=bytes(16)),
                                   b"fresh child entropy, 32 bytes...")
