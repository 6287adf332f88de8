"""Every integer parameter of every public callable, fed a negative int, ints past 64 bits, a
float and a str: an int of the right type but out of range raises ValueError (a karx error
subclass) or OverflowError, a wrong type TypeError, each with a message naming the parameter;
never RuntimeError (a C++ std::bad_cast once leaked out as "RuntimeError: std::bad_cast").
Parameters for which a big int is a valid value (an XTS tweak below 2**128, a sector size past
the data, a status number) must accept it."""
import re

import numpy as np
import pytest

import karx

K16, K32 = bytes(16), bytes(range(32))
ENTROPY = bytes(range(32))

RANGE = (ValueError, OverflowError)
OK = "ok"
BAD_INTS = {"-1": -1, "2**64": 2**64, "2**100": 2**100}
BAD_TYPES = {"float": 1.5, "str": "1"}


def drbg(cls):
    return cls(entropy=ENTROPY, nonce=bytes(16))


def xts():
    return karx.XTS("lea128", K32)


# name -> (call(v), parameter name the message must mention, {value label: OK or exception})
CASES = {
    "Cipher.encrypt threads": (
        lambda v: karx.Cipher("lea128", "ctr", K16, K16).encrypt(b"x", threads=v), "threads", {}),
    "Cipher.decrypt threads": (
        lambda v: karx.Cipher("lea128", "ecb", K16, padding="pkcs7").decrypt(K16, threads=v),
        "threads", {}),
    "CipherContext.update threads": (
        lambda v: karx.Cipher("lea128", "cbc", K16, K16, padding="pkcs7").encryptor().update(
            K16, threads=v),
        "threads", {}),
    "LEAGCM.encrypt threads": (
        lambda v: karx.LEAGCM(K16).encrypt(bytes(12), b"x", None, threads=v), "threads", {}),
    "CHAMGCM.decrypt threads": (
        lambda v: karx.CHAMGCM(K16).decrypt(bytes(12), bytes(16), None, threads=v), "threads", {}),
    "LEACCM.encrypt threads": (
        lambda v: karx.LEACCM(K16).encrypt(bytes(12), b"x", None, threads=v), "threads", {}),
    "XTS.encrypt threads": (lambda v: xts().encrypt(0, K32, threads=v), "threads", {}),
    "XTS.decrypt threads": (lambda v: xts().decrypt(0, K32, threads=v), "threads", {}),
    "XTS.encrypt_into threads": (
        lambda v: xts().encrypt_into(0, K32, bytearray(32), threads=v), "threads", {}),
    "XTS.decrypt_into threads": (
        lambda v: xts().decrypt_into(0, K32, bytearray(32), threads=v), "threads", {}),
    "lsh_many threads": (lambda v: karx.lsh_many("lsh256-256", [b"a"], threads=v), "threads", {}),
    # a tweak is a data unit number in [0, 2**128)
    "XTS.encrypt tweak": (lambda v: xts().encrypt(v, K32), "tweak",
                          {"2**64": OK, "2**100": OK}),
    # a sector longer than the data: the data is one unit
    "XTS.encrypt sector_size": (lambda v: xts().encrypt(0, K32, sector_size=v), "sector_size",
                                {"2**64": OK, "2**100": OK}),
    "LEAGCM tag_length": (lambda v: karx.LEAGCM(K16, tag_length=v), "tag_length", {}),
    "CHAMGCM tag_length": (lambda v: karx.CHAMGCM(K16, tag_length=v), "tag_length", {}),
    "LEACCM tag_length": (lambda v: karx.LEACCM(K16, tag_length=v), "tag_length", {}),
    "CHAMCCM tag_length": (lambda v: karx.CHAMCCM(K16, tag_length=v), "tag_length", {}),
    "LEAGCM.generate_key bit_length": (lambda v: karx.LEAGCM.generate_key(v), "bit_length|key length", {}),
    "LEACCM.generate_key bit_length": (lambda v: karx.LEACCM.generate_key(v), "bit_length|key length", {}),
    "AEAD tag_length": (lambda v: karx.AEAD("aria128", "gcm", K16, tag_length=v), "tag_length", {}),
    "AEAD.encryptor length": (
        lambda v: karx.AEAD("aria128", "ccm", K16).encryptor(bytes(8), length=v), r"\blength\b", {}),
    "AEAD.decryptor aad_length": (
        lambda v: karx.ARIAGCM(K16).decryptor(bytes(12), aad_length=v), "aad_length", {}),
    "CMAC tag_length": (lambda v: karx.CMAC("lea128", K16, tag_length=v), "tag_length", {}),
    "GMAC tag_len": (lambda v: karx.GMAC("lea128", K16, bytes(12), tag_len=v), "tag_len", {}),
    "cmac tag_length": (lambda v: karx.cmac("lea128", K16, b"x", tag_length=v), "tag_length", {}),
    "CtrDrbg reseed_interval": (lambda v: karx.CtrDrbg(reseed_interval=v), "reseed_interval", {}),
    "HashDrbg reseed_interval": (lambda v: karx.HashDrbg(reseed_interval=v), "reseed_interval", {}),
    "HmacDrbg reseed_interval": (lambda v: karx.HmacDrbg(reseed_interval=v), "reseed_interval", {}),
    "HmacDrbg reseed_interval, explicit entropy": (
        lambda v: karx.HmacDrbg(entropy=ENTROPY, nonce=bytes(16), reseed_interval=v),
        "reseed_interval", {}),
    "CtrDrbg.set_reseed_interval": (
        lambda v: drbg(karx.CtrDrbg).set_reseed_interval(v), "reseed_interval", {}),
    "HashDrbg.set_reseed_interval": (
        lambda v: drbg(karx.HashDrbg).set_reseed_interval(v), "reseed_interval", {}),
    "HmacDrbg.set_reseed_interval": (
        lambda v: drbg(karx.HmacDrbg).set_reseed_interval(v), "reseed_interval", {}),
    "CtrDrbg.generate n": (lambda v: karx.CtrDrbg().generate(v), r"\bn\b", {}),
    "HashDrbg.generate n": (lambda v: drbg(karx.HashDrbg).generate(v), r"\bn\b|bytes", {}),
    "HmacDrbg.generate n": (lambda v: karx.HmacDrbg().generate(v), r"\bn\b", {}),
    "token_bytes n": (lambda v: karx.token_bytes(v), r"\bn\b", {}),
    "token_hex nbytes": (lambda v: karx.token_hex(v), r"\bnbytes\b", {}),
    "pbkdf2_hmac iterations": (
        lambda v: karx.pbkdf2_hmac("lsh256-256", b"pw", b"salt", v), "iterations", {}),
    "pbkdf2_hmac dklen": (
        lambda v: karx.pbkdf2_hmac("lsh256-256", b"pw", b"salt", 1, v), "dklen", {}),
    "kbkdf length": (lambda v: karx.kbkdf("cmac-lea128", K16, v), "length", {}),
    "kbkdf counter_bits": (
        lambda v: karx.kbkdf("cmac-lea128", K16, 16, counter_bits=v), "counter_bits", {}),
    "kbkdf l_bytes": (lambda v: karx.kbkdf("cmac-lea128", K16, 16, l_bytes=v), "l_bytes", {}),
    "LshHash.update_bits bitlen": (
        lambda v: karx.lsh256_256().update_bits(b"ab", v), "bitlen", {}),
    # any int is a status number; an unknown one has a sentence too
    "strerror status": (lambda v: karx.strerror(v), "status",
                        {"-1": OK, "2**64": OK, "2**100": OK}),
}

PARAMS = [(case, label) for case in CASES for label in [*BAD_INTS, *BAD_TYPES]]


@pytest.mark.parametrize("case,label", PARAMS, ids=[f"{c}={l}" for c, l in PARAMS])
def test_int_parameter(case, label):
    call, name, special = CASES[case]
    value = {**BAD_INTS, **BAD_TYPES}[label]
    want = special.get(label, RANGE if label in BAD_INTS else TypeError)
    if want == OK:
        call(value)
        return
    with pytest.raises(Exception) as e:
        call(value)
    err = e.value
    assert isinstance(err, want), f"{case}={label}: {type(err).__name__}: {err}"
    assert not isinstance(err, RuntimeError), f"{case}={label}: {type(err).__name__}: {err}"
    assert "bad_cast" not in str(err) and "incompatible function arguments" not in str(err), err
    assert re.search(name, str(err)), f"{case}={label}: message does not name {name}: {err}"


def test_numpy_integers_accepted():
    """Ints by __index__, as Python's own int parameters take them."""
    c = karx.Cipher("lea128", "ctr", K16, K16)
    assert c.encrypt(b"abc", threads=np.int64(2)) == c.encrypt(b"abc")
    assert len(karx.token_bytes(np.uint8(5))) == 5
    assert len(karx.pbkdf2_hmac("lsh256-256", b"p", b"s", np.int32(2), np.int64(7))) == 7
    assert karx.LEAGCM(K16, tag_length=np.int16(12)).tag_length == 12
    d = karx.HmacDrbg(reseed_interval=np.int64(3))
    d.set_reseed_interval(np.uint64(2**48))


def test_range_edges():
    """The limits themselves are accepted, one past them refused."""
    d = drbg(karx.HmacDrbg)
    d.set_reseed_interval(1)
    d.set_reseed_interval(2**48)
    with pytest.raises(karx.InvalidArgument, match=r"reseed_interval must be 1 to 2\*\*48, got 0"):
        d.set_reseed_interval(0)
    with pytest.raises(karx.InvalidArgument, match=r"got 281474976710657"):
        karx.HmacDrbg(reseed_interval=2**48 + 1)
    with pytest.raises(karx.InvalidArgument, match=r"got 18446744073709551616"):
        karx.CtrDrbg(reseed_interval=2**64)
    with pytest.raises(karx.InvalidArgument, match=r"tag_length must be .*, got 18446744073709551616"):
        karx.LEAGCM(K16, tag_length=2**64)
    with pytest.raises(karx.InvalidOutputLength, match=r"got 18446744073709551616"):
        karx.cmac("lea128", K16, b"", tag_length=2**64)
    with pytest.raises(karx.InvalidOutputLength, match=r"dklen must be at most .*got 1267650600228229401496703205376$"):
        karx.pbkdf2_hmac("lsh256-256", b"p", b"s", 1, 2**100)
    with pytest.raises(karx.InvalidArgument, match=r"threads must be 0 \(all CPUs\) to 1024, got 1025"):
        karx.Cipher("lea128", "ctr", K16, K16).encrypt(b"", threads=1025)
    assert karx.Cipher("lea128", "ctr", K16, K16).encrypt(b"x", threads=1024)
    assert karx.token_bytes(0) == b"" and karx.CtrDrbg().generate(0) == b""
    assert karx.strerror(2**64) == karx.strerror(12345) != karx.strerror(0)
