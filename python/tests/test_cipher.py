"""Block ciphers and modes through karx.Cipher: vendored vectors, streaming splits, errors."""
import re

import pytest
from hypothesis import given, settings, strategies as st

import karx
from kat import KAT_DIR, blocks, cryptopp_cipher_cases, unhex

KEYLEN = {"lea128": 16, "lea192": 24, "lea256": 32, "hight": 16, "cham64-128": 16,
          "cham128-128": 16, "cham128-256": 32, "aria128": 16, "aria192": 24, "aria256": 32}
BLOCK = {"lea128": 16, "lea192": 16, "lea256": 16, "hight": 8, "cham64-128": 8,
         "cham128-128": 16, "cham128-256": 16, "aria128": 16, "aria192": 16, "aria256": 16}
STREAM_MODES = ("ctr", "cfb", "cfb8", "cfb64", "ofb")


def ecb_cases():
    out = []
    for bits in (128, 192, 256):
        for _, rec in blocks(KAT_DIR / f"kcmvp_lea{bits}_ecb_kat.txt"):
            d = dict(rec)
            out.append((f"lea{bits}", unhex(d["KEY"]), unhex(d["PT"]), unhex(d["CT"])))
    reverse = False
    for raw in (KAT_DIR / "kcmvp_hight_ecb_kat.txt").read_text().splitlines():
        if raw.startswith("# Reverse: true"):
            reverse = True
        elif raw.startswith("# HIGHT(ECB)KAT"):
            reverse = False
    # second pass with the flag per record
    text = (KAT_DIR / "kcmvp_hight_ecb_kat.txt").read_text()
    for chunk in re.split(r"\n\s*\n", text):
        rev = "Reverse: true" in chunk
        d = dict(re.findall(r"^(KEY|PT|CT) = ([0-9A-Fa-f]+)$", chunk, re.M))
        if len(d) == 3:
            f = (lambda b: b[::-1]) if rev else (lambda b: b)
            out.append(("hight", f(unhex(d["KEY"])), f(unhex(d["PT"])), f(unhex(d["CT"]))))
    for sec, rec in blocks(KAT_DIR / "revised_cham_kat.txt"):
        d = dict(rec)
        if "CT" in d:
            name = {"64/128": "cham64-128", "128/128": "cham128-128",
                    "128/256": "cham128-256"}[re.search(r"CHAM-(\d+/\d+)", sec).group(1)]
            out.append((name, unhex(d["KEY"]), unhex(d["PT"]), unhex(d["CT"])))
    for f in sorted(KAT_DIR.glob("derived_revised_cham*_ecbvar*.rsp")):
        m = re.match(r"derived_revised_cham(\d+)_(\d+)_", f.name)
        name = f"cham{m.group(1)}-{m.group(2)}"
        for _, rec in blocks(f):
            d = dict(rec)
            if "CIPHERTEXT" in d:
                out.append((name, unhex(d["KEY"]), unhex(d["PLAINTEXT"]),
                            unhex(d["CIPHERTEXT"])))
    out.extend((c, key, pt, ct) for c, mode, key, _, pt, ct in
               cryptopp_cipher_cases("cryptopp_aria.txt") if mode == "ecb")  # RFC 5794 A.1-A.3
    return out


ECB = ecb_cases()


def test_ecb_kat_count():
    assert len(ECB) > 1500
    assert {c[0] for c in ECB} == set(KEYLEN) == set(karx.ciphers_available)


def test_ecb_kat():
    for name, key, pt, ct in ECB:
        c = karx.Cipher(name, "ecb", key, padding=None)
        assert c.encrypt(pt) == ct, (name, key.hex(), pt.hex())
        assert c.decrypt(ct) == pt


def mode_cases():
    """(cipher, mode, key, iv, pt, ct): KISA LEA MMT, KCMVP CFB-8/64, Crypto++ LEA/HIGHT/ARIA
    (ARIA: RFC 5794 Appendix A and the ARIA test-vector PDF's ECB/CBC/CTR)."""
    out = []
    for sec, rec in blocks(KAT_DIR / "kisa_lea_modes_vs.txt"):
        m = re.match(r"\[LEA-(\d+) (ECB|CBC|CTR|OFB|CFB-128) MMT", sec)
        if not m:
            continue
        mode = {"CFB-128": "cfb"}.get(m.group(2), m.group(2).lower())
        d = dict(rec)
        out.append((f"lea{m.group(1)}", mode, unhex(d["KEY"]), unhex(d["IV"]) if "IV" in d
                    else None, unhex(d["PT"]), unhex(d["CT"])))
    text = (KAT_DIR / "kcmvp_lea128_cfb_mmt.txt").read_text()
    half = text.index("# LEA128(CFB8)MMT.txt", text.index("# LEA128(CFB8)MMT.txt") + 5)
    for part, mode in ((text[:half], "cfb8"), (text[half:], "cfb64")):
        for chunk in re.split(r"\n\s*\n", part):
            d = dict(re.findall(r"^(KEY|IV|PT|CT) = ([0-9A-Fa-f]+)$", chunk, re.M))
            if len(d) == 4:
                out.append(("lea128", mode, unhex(d["KEY"]), unhex(d["IV"]), unhex(d["PT"]),
                            unhex(d["CT"])))
    for f in ("cryptopp_lea.txt", "cryptopp_hight.txt", "cryptopp_aria.txt"):
        out.extend(cryptopp_cipher_cases(f))
    return out


MODES = mode_cases()


def test_mode_kat_count():
    assert len(MODES) > 300
    assert {c[1] for c in MODES} >= {"ecb", "cbc", "ctr", "ofb", "cfb", "cfb8", "cfb64"}
    assert {c[0] for c in MODES if c[1] in ("ecb", "cbc", "ctr")} >= {"aria128", "aria192",
                                                                      "aria256"}


@pytest.mark.parametrize("cipher,mode,key,iv,pt,ct", MODES,
                         ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(MODES)])
def test_mode_kat(cipher, mode, key, iv, pt, ct):
    c = karx.Cipher(cipher, mode, key, iv, padding=None)
    assert c.encrypt(pt) == ct
    assert c.decrypt(ct) == pt
    # streaming at an odd split gives the same bytes
    e = c.encryptor()
    cut = len(pt) // 2 + 1 if mode in STREAM_MODES else len(pt) // 2
    if mode not in STREAM_MODES:
        cut -= cut % BLOCK[cipher]
    assert e.update(pt[:cut]) + e.update(pt[cut:]) + e.finalize() == ct


@settings(max_examples=80, deadline=None)
@given(name=st.sampled_from(sorted(KEYLEN)),
       mode=st.sampled_from(["ecb", "cbc", "ctr", "cfb", "cfb8", "cfb64", "ofb"]),
       data=st.binary(max_size=300), cuts=st.lists(st.integers(0, 300), max_size=5),
       seed=st.binary(min_size=48, max_size=48))
def test_streaming_equals_oneshot(name, mode, data, cuts, seed):
    key, iv = seed[: KEYLEN[name]], seed[32:32 + BLOCK[name]]
    c = karx.Cipher(name, mode, key, None if mode == "ecb" else iv, padding="pkcs7")
    one = c.encrypt(data)
    if mode in ("ecb", "cbc"):
        assert len(one) == (len(data) // BLOCK[name] + 1) * BLOCK[name]
    else:
        assert len(one) == len(data)
    for ctx, src, want in ((c.encryptor(), data, one), (c.decryptor(), one, data)):
        out, prev = b"", 0
        for cut in sorted(min(x, len(src)) for x in cuts) + [len(src)]:
            out += ctx.update(src[prev:cut])
            prev = cut
        out += ctx.finalize()
        assert out == want


def test_padding_roundtrip_and_bad_padding():
    c = karx.Cipher("lea256", "cbc", bytes(range(32)), bytes(16), padding="pkcs7")
    for n in range(0, 40):
        pt = bytes([n]) * n
        assert c.decrypt(c.encrypt(pt)) == pt
    ct = bytearray(c.encrypt(b"x" * 5))
    ct[-1] ^= 1  # last block decrypts to garbage: padding fails (or, rarely, is valid)
    bad = 0
    for flip in range(1, 17):
        ct2 = bytearray(ct)
        ct2[-1] ^= flip
        try:
            c.decrypt(bytes(ct2))
        except karx.InvalidPadding as e:
            assert isinstance(e, ValueError)
            bad += 1
    assert bad >= 14


def test_ctr_counter_overflow():
    c = karx.Cipher("lea128", "ctr", bytes(16), b"\xff" * 16)
    e = c.encryptor()
    e.update(bytes(16))  # uses the all-ones counter: the stream is spent
    with pytest.raises(karx.CounterOverflow) as ei:
        e.update(bytes(1))
    assert isinstance(ei.value, OverflowError)
    with pytest.raises(karx.CounterOverflow):
        c.encrypt(bytes(17))


def test_key_and_iv_errors_say_expected_and_given():
    with pytest.raises(karx.InvalidKey, match="16 bytes, got 15"):
        karx.Cipher("lea128", "cbc", bytes(15), bytes(16), padding="pkcs7")
    with pytest.raises(karx.InvalidKey, match="32 bytes, got 16"):
        karx.Cipher("cham128-256", "ctr", bytes(16), bytes(16))
    with pytest.raises(karx.InvalidIV, match="16 bytes, got 8"):
        karx.Cipher("lea128", "cbc", bytes(16), bytes(8), padding="pkcs7")
    with pytest.raises(karx.InvalidIV, match="8 bytes, got 16"):
        karx.Cipher("hight", "ofb", bytes(16), bytes(16))
    with pytest.raises(karx.InvalidIV, match="got None"):
        karx.Cipher("lea128", "ctr", bytes(16))
    with pytest.raises(karx.InvalidIV, match="takes no IV"):
        karx.Cipher("lea128", "ecb", bytes(16), bytes(16), padding=None)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.Cipher("aes128", "cbc", bytes(16), bytes(16), padding="pkcs7")
    with pytest.raises(karx.UnknownAlgorithm):
        karx.Cipher("lea128", "xts", bytes(16), bytes(16))
    for e in (karx.InvalidKey, karx.InvalidIV, karx.UnknownAlgorithm):
        assert issubclass(e, karx.KarxError) and issubclass(e, ValueError)


def test_type_errors():
    with pytest.raises(TypeError):
        karx.Cipher("lea128", "cbc", "0" * 16, bytes(16), padding="pkcs7")
    with pytest.raises(TypeError):
        karx.Cipher("lea128", "cbc", bytes(16), "0" * 16, padding="pkcs7")
    e = karx.Cipher("lea128", "ctr", bytes(16), bytes(16)).encryptor()
    with pytest.raises(TypeError, match="str"):
        e.update("text")


def test_use_after_finalize():
    c = karx.Cipher("lea128", "cbc", bytes(16), bytes(16), padding="pkcs7")
    e = c.encryptor()
    e.update(b"abc")
    e.finalize()
    assert e.finalized
    with pytest.raises(karx.InvalidState, match="after finalize"):
        e.update(b"more")
    with pytest.raises(karx.InvalidState):
        e.finalize()
    assert issubclass(karx.InvalidState, RuntimeError)


def test_whole_blocks_without_padding():
    c = karx.Cipher("lea128", "cbc", bytes(16), bytes(16), padding=None)
    with pytest.raises(karx.InvalidDataLength, match="16-byte blocks"):
        c.encrypt(b"short")
    with pytest.raises(karx.InvalidDataLength):
        karx.Cipher("lea128", "ecb", bytes(16), padding="none").decrypt(bytes(17))
    with pytest.raises(karx.InvalidDataLength):
        karx.Cipher("lea128", "cbc", bytes(16), bytes(16), padding="pkcs7").decrypt(b"")  # no block to unpad


def test_inputs_any_buffer():
    import numpy as np
    c = karx.Cipher("cham128-128", "ctr", bytes(16), bytes(16))
    data = bytes(range(100))
    want = c.encrypt(data)
    assert c.encrypt(bytearray(data)) == want
    assert c.encrypt(memoryview(data)) == want
    assert c.encrypt(np.frombuffer(data, dtype=np.uint8)) == want
    assert c.block_size == 16 and c.key_size == 16
