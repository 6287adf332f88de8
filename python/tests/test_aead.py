"""GCM, CCM and CMAC: KISA LEA vectors, round trips, forged tags, every length error."""
import re
import threading

import pytest
from hypothesis import given, settings, strategies as st

import karx
from helpers import run_all
from kat import KAT_DIR, blocks, unhex


def kisa(kind):
    out = []
    for sec, rec in blocks(KAT_DIR / "kisa_lea_modes_vs.txt"):
        if re.match(rf"\[LEA-\d+ {kind} ", sec):
            out.append({k: unhex(v) for k, v in rec})
    assert len(out) >= 30, kind
    return out


def test_gcm_kisa():
    for d in kisa("GCM"):
        g = karx.LEAGCM(d["KEY"])
        ct = g.encrypt(d["IV"], d["PT"], d["AAD"] or None)
        assert ct == d["CT"] + d["TAG"]
        assert g.decrypt(d["IV"], ct, d["AAD"]) == d["PT"]


def test_ccm_kisa():
    for d in kisa("CCM"):
        c = karx.LEACCM(d["KEY"], tag_length=16)
        ct = c.encrypt(d["NONCE"], d["PT"], d["ADATA"])
        assert ct == d["CT"] + d["TAG"]
        assert c.decrypt(d["NONCE"], ct, d["ADATA"]) == d["PT"]


def test_cmac_kisa():
    for d in kisa("CMAC"):
        name = f"lea{8 * len(d['KEY'])}"
        assert karx.cmac(name, d["KEY"], d["MSG"]) == d["TAG"]
        assert karx.cmac("cmac-" + name, d["KEY"], d["MSG"], tag_length=8) == d["TAG"][:8]
        karx.cmac_verify(name, d["KEY"], d["MSG"], d["TAG"])
        bad = bytes([d["TAG"][0] ^ 1]) + d["TAG"][1:]
        with pytest.raises(karx.InvalidTag):
            karx.cmac_verify(name, d["KEY"], d["MSG"], bad)


AEADS = [(karx.LEAGCM, 16), (karx.LEAGCM, 24), (karx.LEAGCM, 32), (karx.CHAMGCM, 16),
         (karx.CHAMGCM, 32), (karx.LEACCM, 16), (karx.LEACCM, 32), (karx.CHAMCCM, 16),
         (karx.CHAMCCM, 32)]


@settings(max_examples=60, deadline=None)
@given(which=st.sampled_from(AEADS), data=st.binary(max_size=200),
       aad=st.one_of(st.none(), st.binary(max_size=50)), seed=st.binary(min_size=32, max_size=32))
def test_roundtrip_and_forgery(which, data, aad, seed):
    cls, klen = which
    a = cls(seed[:klen])
    nonce = seed[:12]
    ct = a.encrypt(nonce, data, aad)
    assert len(ct) == len(data) + 16
    assert a.decrypt(nonce, ct, aad) == data
    for pos in {0, len(ct) // 2, len(ct) - 1}:
        forged = bytearray(ct)
        forged[pos] ^= 0x80
        with pytest.raises(karx.InvalidTag):
            a.decrypt(nonce, bytes(forged), aad)
    with pytest.raises(karx.InvalidTag):
        a.decrypt(nonce, ct, (aad or b"") + b"x")
    with pytest.raises(karx.InvalidTag):
        a.decrypt(bytes(12), ct, aad) if nonce != bytes(12) else a.decrypt(b"\1" * 12, ct, aad)


def test_forged_tag_releases_no_plaintext():
    g = karx.LEAGCM(bytes(16))
    ct = g.encrypt(bytes(12), b"secret plaintext", b"hdr")
    result = None
    with pytest.raises(karx.InvalidTag) as e:
        result = g.decrypt(bytes(12), ct[:-1] + bytes([ct[-1] ^ 1]), b"hdr")
    assert result is None
    assert "no plaintext" in str(e.value)
    assert issubclass(karx.InvalidTag, karx.KarxError)


def test_short_tags():
    for t in (4, 8, 12, 13, 14, 15, 16):
        g = karx.CHAMGCM(bytes(16), tag_length=t)
        ct = g.encrypt(bytes(12), b"abc", None)
        assert len(ct) == 3 + t and g.tag_length == t
        assert g.decrypt(bytes(12), ct, None) == b"abc"
        # the truncated tag is a prefix of the full one
        assert ct[3:] == karx.CHAMGCM(bytes(16)).encrypt(bytes(12), b"abc", None)[3:3 + t]
    for t in (4, 6, 8, 10, 12, 14, 16):
        c = karx.LEACCM(bytes(16), tag_length=t)
        assert c.decrypt(bytes(7), c.encrypt(bytes(7), b"xyz", None), None) == b"xyz"


def test_length_errors():
    with pytest.raises(karx.InvalidKey, match="16, 24 or 32 bytes, got 20"):
        karx.LEAGCM(bytes(20))
    with pytest.raises(karx.InvalidKey, match="16 or 32 bytes, got 24"):
        karx.CHAMGCM(bytes(24))
    with pytest.raises(karx.InvalidKey):
        karx.LEACCM(b"")
    with pytest.raises(karx.InvalidArgument, match="got 5"):
        karx.LEAGCM(bytes(16), tag_length=5)
    with pytest.raises(karx.InvalidArgument, match="got 5"):
        karx.LEACCM(bytes(16), tag_length=5)
    with pytest.raises(karx.InvalidArgument, match="got 18"):
        karx.LEACCM(bytes(16), tag_length=18)
    g = karx.LEAGCM(bytes(16))
    with pytest.raises(karx.InvalidIV, match="got 0"):
        g.encrypt(b"", b"x", None)
    c = karx.LEACCM(bytes(16))
    for n in (0, 6, 14, 16):
        with pytest.raises(karx.InvalidIV, match=f"7 to 13 bytes, got {n}"):
            c.encrypt(bytes(n), b"x", None)
        with pytest.raises(karx.InvalidIV):
            c.decrypt(bytes(n), bytes(32), None)
    with pytest.raises(karx.InvalidDataLength, match="at most 65535 bytes, got 65536"):
        c.encrypt(bytes(13), bytes(65536), None)
    # ciphertext shorter than the tag
    with pytest.raises(karx.InvalidTag):
        g.decrypt(bytes(12), bytes(15), None)
    with pytest.raises(karx.InvalidTag):
        c.decrypt(bytes(12), bytes(3), None)


def test_type_errors():
    g = karx.LEAGCM(bytes(16))
    with pytest.raises(TypeError):
        g.encrypt("nonce-123456", b"x", None)
    with pytest.raises(TypeError):
        g.encrypt(bytes(12), "text", None)
    with pytest.raises(TypeError):
        g.encrypt(bytes(12), b"x", "aad")
    with pytest.raises(TypeError):
        karx.LEAGCM("k" * 16)
    with pytest.raises(TypeError):
        karx.cmac("lea128", bytes(16), "text")


def test_cmac_errors_and_ciphers():
    with pytest.raises(karx.InvalidKey, match="16 bytes, got 8"):
        karx.cmac("lea128", bytes(8), b"m")
    with pytest.raises(karx.InvalidOutputLength, match="4 to 8, got 16"):
        karx.cmac("hight", bytes(16), b"m", tag_length=16)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.cmac("cmac-aes", bytes(16), b"m")
    for name, tl in (("hight", 8), ("cham64-128", 8), ("cham128-256", 16), ("lea192", 16)):
        key = bytes(range({"cham128-256": 32, "lea192": 24}.get(name, 16)))
        t = karx.cmac(name, key, b"message")
        assert len(t) == tl
        assert karx.cmac(name, key, b"message!") != t


def test_aead_under_every_backend():
    # the same bytes from the portable code and each SIMD back end this CPU has
    ref = None
    before = karx.backend()
    try:
        for b in ("portable", "sse2", "ssse3", "avx2", "avx512"):
            try:
                karx.set_backend(b)
            except karx.Unsupported:
                continue
            g = karx.LEAGCM(bytes(range(32)))
            out = (g.encrypt(bytes(12), bytes(range(256)) * 9, b"aad"),
                   karx.LEACCM(bytes(16)).encrypt(bytes(13), bytes(1000), None),
                   karx.cmac("cham128-128", bytes(16), bytes(999)))
            ref = ref or out
            assert out == ref, b
    finally:
        karx.set_backend(before)


def test_aead_shared_across_threads():
    g = karx.LEAGCM(bytes(range(16)))
    data = bytes(range(256)) * 64  # big enough to release the GIL
    want = g.encrypt(bytes(12), data, b"a")
    errs = []

    def work():
        for _ in range(20):
            if g.decrypt(bytes(12), want, b"a") != data:
                errs.append(1)

    run_all([threading.Thread(target=work) for _ in range(4)])
    assert not errs


def test_generate_key():
    assert len(karx.LEAGCM.generate_key(256)) == 32
    assert len(karx.CHAMGCM.generate_key(128)) == 16
    with pytest.raises(karx.InvalidKey):
        karx.CHAMGCM.generate_key(192)
