"""Cipher(padding=...): ECB and CBC require it to be named (karx 0.1 padded CBC by default, so
code ported from `cryptography` that pads its own data got a block more than it expected)."""
import pytest

import karx

K16, IV16 = bytes(range(16)), bytes(range(16, 32))
BLOCK_OF_PADDED_DATA = b"fifteen bytes!!" + b"\x01"  # already padded by the caller


@pytest.mark.parametrize("mode,iv", [("cbc", IV16), ("ecb", None), ("CBC", IV16),
                                     ("Ecb", None)])
def test_ecb_and_cbc_require_padding(mode, iv):
    with pytest.raises(karx.InvalidArgument) as ei:
        karx.Cipher("lea128", mode, K16, iv)
    assert isinstance(ei.value, ValueError)
    msg = str(ei.value)
    assert msg.startswith(f"lea128-{mode.lower()}: padding must be given")
    assert "padding='pkcs7'" in msg and "padding=None" in msg


def test_key_and_iv_errors_come_first():
    with pytest.raises(karx.InvalidKey):
        karx.Cipher("lea128", "cbc", bytes(15), IV16)
    with pytest.raises(karx.InvalidIV):
        karx.Cipher("lea128", "cbc", K16)


def test_none_keeps_the_length_as_cryptography_does():
    c = karx.Cipher("lea128", "cbc", K16, IV16, padding=None)
    assert c.padding is None
    ct = c.encrypt(BLOCK_OF_PADDED_DATA)
    assert len(ct) == 16
    assert c.decrypt(ct) == BLOCK_OF_PADDED_DATA
    with pytest.raises(karx.InvalidDataLength):
        c.encrypt(b"17 bytes: no pad!")


def test_pkcs7_pads():
    c = karx.Cipher("lea128", "cbc", K16, IV16, padding="pkcs7")
    assert c.padding == "pkcs7"
    ct = c.encrypt(BLOCK_OF_PADDED_DATA)
    assert len(ct) == 32  # a full block of padding after 16 bytes
    assert c.decrypt(ct) == BLOCK_OF_PADDED_DATA
    raw = karx.Cipher("lea128", "cbc", K16, IV16, padding=None)
    assert raw.decrypt(ct) == BLOCK_OF_PADDED_DATA + bytes([16]) * 16
    assert ct[:16] == raw.encrypt(BLOCK_OF_PADDED_DATA)


@pytest.mark.parametrize("spelling,padded", [("pkcs7", True), ("PKCS7", True), (True, True),
                                             (None, False), ("none", False), ("None", False),
                                             (False, False)])
def test_spellings(spelling, padded):
    c = karx.Cipher("hight", "ecb", bytes(16), padding=spelling)
    assert c.padding == ("pkcs7" if padded else None)
    assert len(c.encrypt(bytes(8))) == (16 if padded else 8)


@pytest.mark.parametrize("bad", ["pkcs5", "zero", "", 1, 0])
def test_unknown_padding(bad):
    with pytest.raises(karx.InvalidArgument, match="padding must be 'pkcs7' or None"):
        karx.Cipher("lea128", "cbc", K16, IV16, padding=bad)


@pytest.mark.parametrize("mode", ["ctr", "cfb", "cfb8", "cfb64", "ofb"])
def test_stream_modes_take_no_padding(mode):
    c = karx.Cipher("lea128", mode, K16, IV16)
    assert c.padding is None
    assert len(c.encrypt(b"abc")) == 3
    for p in ("pkcs7", None):  # accepted and ignored, as before
        d = karx.Cipher("lea128", mode, K16, IV16, padding=p)
        assert d.padding is None and d.encrypt(b"abc") == c.encrypt(b"abc")
