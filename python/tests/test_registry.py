"""The algorithm registry from Python: karx.algorithms / algorithm / kernels / selftest, every
name going through the library's one parser, SelfTestError, and the one AEAD class shape."""
import inspect
import re
from pathlib import Path

import pytest

import karx
from karx import _karx

SRC = Path(__file__).resolve().parents[1] / "src"
KINDS = ("cipher", "mode", "hash", "mac")


# ---------------------------------------------------------------- algorithms()

def test_every_kind_listed_once_in_order():
    every = karx.algorithms()
    assert [a.kind for a in every] == sorted((a.kind for a in every), key=KINDS.index)
    for kind in KINDS:
        some = karx.algorithms(kind)
        assert some and all(a.kind == kind for a in some)
        assert some == [a for a in every if a.kind == kind]
    names = [a.name for a in every]
    assert len(names) == len(set(names))
    assert all(isinstance(a, karx.Algorithm) for a in every)


def test_lists_match_the_package_constants():
    assert karx.ciphers_available == tuple(a.name for a in karx.algorithms("cipher"))
    assert karx.modes_available == tuple(a.name for a in karx.algorithms("mode"))
    assert karx.algorithms_available == {a.name for a in karx.algorithms("hash")}


def test_sizes_agree_with_the_objects():
    for a in karx.algorithms("cipher"):
        c = karx.Cipher(a.name, "ecb", bytes(a.key_size), padding=None)
        assert (c.block_size, c.key_size) == (a.block_size, a.key_size)
        assert a.output_size == 0 and a.kernel
    for a in karx.algorithms("hash"):
        h = karx.new(a.name)
        assert (h.digest_size, h.block_size) == (a.output_size, a.block_size)
    for a in karx.algorithms("mac"):
        assert a.name.startswith(("cmac-", "hmac-", "gmac-"))
        assert a.std_name[:5] in ("CMAC-", "HMAC-", "GMAC-")
        if a.name.startswith("cmac-"):
            assert len(karx.cmac(a.name, bytes(a.key_size), b"m")) == a.output_size
        elif a.name.startswith("gmac-"):
            assert len(karx.GMAC(a.name, bytes(a.key_size), b"iv", b"m").digest()) == a.output_size
        else:
            assert len(karx.hmac_digest(b"k", b"m", a.name)) == a.output_size


def test_modes_describe_their_iv_and_segment():
    m = {a.name: a for a in karx.algorithms("mode")}
    assert not m["ecb"].has_iv and m["cbc"].has_iv
    assert m["cfb8"].segment_size == 1 and m["cfb64"].segment_size == 8
    for a in m.values():  # the IV flag is what Cipher asks for
        key, c = bytes(16), "lea128"
        if a.has_iv:
            with pytest.raises(karx.InvalidIV, match="got None"):
                karx.Cipher(c, a.name, key)
        else:
            karx.Cipher(c, a.name, key, padding=None)


def test_every_mode_of_every_shape():
    ms = karx.modes()
    assert all(isinstance(m, karx.Mode) for m in ms)
    assert [m.shape for m in ms] == sorted((m.shape for m in ms), key=("block", "aead", "xts").index)
    assert tuple(m.name for m in ms if m.shape == "block") == karx.modes_available
    assert {m.name for m in ms if m.shape == "aead"} == {"gcm", "ccm"}
    assert [m.name for m in ms if m.shape == "xts"] == ["xts"]
    for m in ms:
        assert m.ciphers and set(m.ciphers) <= set(karx.ciphers_available)
        for c in karx.algorithms("cipher"):
            runs = c.name in m.ciphers
            assert runs == (m.min_block <= c.block_size and
                            (m.max_block == 0 or c.block_size <= m.max_block))
    x = next(m for m in ms if m.shape == "xts")
    assert x.key_parts == 2 and not x.approved and x.ciphers == karx.xts_ciphers_available
    assert next(m for m in ms if m.name == "gcm").ciphers == karx.aead_ciphers_available


def test_the_classes_take_what_the_modes_say():
    # the key length (key_parts cipher keys) and the ciphers come from the registry's mode list
    for m in karx.modes():
        for c in karx.algorithms("cipher"):
            key = bytes(range(m.key_parts * c.key_size))
            if m.shape == "xts":
                if c.name in m.ciphers:
                    karx.XTS(c.name, key)
                    with pytest.raises(karx.InvalidKey, match=f"{len(key)} bytes"):
                        karx.XTS(c.name, key[:-1])
                else:
                    with pytest.raises(karx.Unsupported, match="128-bit-block"):
                        karx.XTS(c.name, key)
            elif m.shape == "aead":
                if c.name in m.ciphers:
                    karx.AEAD(c.name, m.name, key)
                else:
                    with pytest.raises(karx.Unsupported):
                        karx.AEAD(c.name, m.name, key)


def test_bad_kind():
    with pytest.raises(karx.InvalidArgument, match="kind must be"):
        karx.algorithms("ciphers")
    with pytest.raises(TypeError):
        karx.algorithms(1)


# ---------------------------------------------------------------- one name parser

SPELLINGS = [
    ("lea128", ["LEA-128", "lea_128", "Lea 128", "LEA128"]),
    ("cham128-256", ["CHAM-128/256", "cham128_256", "CHAM128256"]),
    ("cham64-128", ["CHAM-64/128"]),
    ("lsh512-256", ["LSH-512-256", "lsh512_256", "LSH512256"]),
    ("cfb8", ["CFB-8", "cfb_8"]),
    ("cmac-lea192", ["CMAC-LEA-192", "cmac-LEA_192"]),
    ("hmac-lsh256-224", ["HMAC-LSH-256-224", "hmac-lsh256_224"]),
]


@pytest.mark.parametrize("name,others", SPELLINGS)
def test_spellings_find_one_algorithm(name, others):
    a = karx.algorithm(name)
    assert a.name == name
    for s in others + [a.std_name]:
        assert karx.algorithm(s) == a
        assert karx.algorithm(s, a.kind) == a


def test_unknown_names():
    for bad in ("aes128", "lea", "lea-129", "", "lea128\0", "cmac-aes"):
        with pytest.raises(karx.UnknownAlgorithm) as e:
            karx.algorithm(bad)
        assert "lea128" in str(e.value)  # says what is expected
    with pytest.raises(karx.UnknownAlgorithm, match="lsh256-224"):
        karx.algorithm("lea128", "hash")


def test_every_name_argument_takes_every_spelling():
    k16, iv = bytes(range(16)), bytes(16)
    ref = karx.Cipher("lea128", "cbc", k16, iv, padding="pkcs7").encrypt(b"spelling")
    assert karx.Cipher("LEA-128", "CBC", k16, iv, padding="PKCS7").encrypt(b"spelling") == ref
    c = karx.Cipher("lea_128", "Cbc", k16, iv, padding="pkcs7")
    assert (c.name, c.mode) == ("lea128", "cbc")
    assert karx.new("LSH-256-256", b"m").digest() == karx.lsh256_256(b"m").digest()
    tag = karx.cmac("lea128", k16, b"m")
    for s in ("LEA-128", "CMAC-LEA-128", "cmac-lea_128"):
        assert karx.cmac(s, k16, b"m") == tag
        karx.cmac_verify(s, k16, b"m", tag)
    mac = karx.hmac_digest(b"k", b"m", "lsh512-512")
    for s in ("LSH-512-512", "HMAC-LSH-512-512", "hmac-lsh512-512"):
        assert karx.hmac_digest(b"k", b"m", s) == mac
    dk = karx.pbkdf2_hmac("lsh256-256", b"pw", b"salt", 2)
    assert karx.pbkdf2_hmac("HMAC-LSH-256-256", b"pw", b"salt", 2) == dk
    assert karx.pbkdf2_hmac("LSH_256_256", b"pw", b"salt", 2) == dk
    seed = dict(entropy=bytes(range(32)), nonce=bytes(16))
    assert karx.CtrDrbg("LEA-256", **seed).generate(32) == karx.CtrDrbg("lea256", **seed).generate(32)
    assert karx.CtrDrbg("CHAM-128/256", **seed).cipher == "cham128-256"
    one = karx.ctr_xor_many("lea128", [k16], [iv], [b"abc"])
    assert karx.ctr_xor_many("LEA-128", [k16], [iv], [b"abc"]) == one
    assert (karx.lsh_many("LSH-256-256", [b"x"]) == karx.lsh_many("lsh256-256", [b"x"])).all()
    with pytest.raises(karx.UnknownAlgorithm):
        karx.hmac_digest(b"k", b"m", "cmac-lea128")  # a MAC of the wrong family
    with pytest.raises(karx.UnknownAlgorithm):
        karx.cmac("hmac-lsh256-256", k16, b"m")


def test_hash_constructors_come_from_the_registry():
    for a in karx.algorithms("hash"):
        ctor = getattr(karx, a.name.replace("-", "_"))
        assert ctor(b"abc").digest() == karx.new(a.std_name, b"abc").digest()


def test_no_cipher_id_named_in_the_binding():
    # names and ids come from the registry, so adding a cipher touches nothing here
    for f in sorted(SRC.glob("*.[ch]*")):
        ids = re.findall(r"KARX_CIPHER_\w+|KARX_LSH(?:256|512)_\d+\b", f.read_text())
        assert not ids, f"{f.name} names {sorted(set(ids))}"


# ---------------------------------------------------------------- kernels()

def each_primitive():
    return [a.name for a in karx.algorithms() if a.kind in ("cipher", "hash")]


@pytest.mark.parametrize("name", each_primitive())
def test_kernels_one_active_and_usable(name):
    ks = karx.kernels(name)
    assert ks and all(isinstance(k, karx.Kernel) for k in ks)
    assert ks[0].name == "portable" and ks[0].usable and ks[0].cpu_features == 0
    active = [k for k in ks if k.active]
    assert len(active) == 1 and active[0].usable
    assert active[0].name == karx.algorithm(name).kernel
    assert all(k.lanes >= 1 for k in ks)
    assert len({k.name for k in ks}) == len(ks)


# Back ends by width; a family runs its best usable kernel at or below the selected one.
RANK = {"portable": 0, "sse2": 1, "ssse3": 2, "avx2": 3, "avx512": 4, "neon": 1}


def test_kernels_follow_the_backend():
    before = karx.backend()
    try:
        for b in RANK:
            try:
                karx.set_backend(b)
            except karx.Unsupported:
                continue
            for name in each_primitive():
                ks = karx.kernels(name)
                allowed = [k for k in ks if k.usable and RANK[k.backend] <= RANK[b]]
                best = max(allowed, key=lambda k: k.priority)
                assert [k for k in ks if k.active] == [best], (b, name)
                assert karx.algorithm(name).kernel == best.name
    finally:
        karx.set_backend(before)


def test_kernels_of_macs_modes_and_unknowns():
    assert karx.kernels("cmac-lea128") == karx.kernels("LEA-128")
    assert karx.kernels("HMAC-LSH-512-256") == karx.kernels("lsh512-256")
    with pytest.raises(karx.InvalidArgument, match="mode"):
        karx.kernels("cbc")
    with pytest.raises(karx.UnknownAlgorithm):
        karx.kernels("aes128")


# ---------------------------------------------------------------- selftest()

def test_selftest_passes_on_every_backend():
    before = karx.backend()
    try:
        for b in ("portable", "sse2", "ssse3", "avx2", "avx512", "neon"):
            try:
                karx.set_backend(b)
            except karx.Unsupported:
                continue
            assert karx.selftest() is None
    finally:
        karx.set_backend(before)


def test_selftest_of_one_algorithm():
    for name in each_primitive() + ["CMAC-HIGHT", "hmac-lsh256-256"]:
        assert karx.selftest(name) is None
    with pytest.raises(karx.UnknownAlgorithm):
        karx.selftest("aes128")
    with pytest.raises(karx.InvalidArgument):
        karx.selftest("ctr")
    with pytest.raises(TypeError):
        karx.selftest(1)


def test_selftest_error_is_mapped():
    assert karx.SelfTestError.status == -17
    assert karx.SelfTestError.status_name == "KARX_ERR_SELFTEST"
    assert issubclass(karx.SelfTestError, karx.KarxError)
    assert issubclass(karx.SelfTestError, RuntimeError)
    assert "SelfTestError" in karx.__all__
    assert karx.strerror(-17) not in (karx.strerror(0), karx.strerror(-16))
    # a status raised by the C++ binding becomes the registered class
    with pytest.raises(karx.SelfTestError, match="^kernel wrong$"):
        _karx._raise_status(-17, "kernel wrong")
    with pytest.raises(karx.InvalidTag):
        _karx._raise_status(-14, "x")


# ---------------------------------------------------------------- one AEAD shape

AEAD = (karx.LEAGCM, karx.CHAMGCM, karx.ARIAGCM, karx.LEACCM, karx.CHAMCCM, karx.ARIACCM)


def test_aead_classes_share_one_shape():
    base = karx.LEAGCM.__mro__[1]
    for cls in AEAD:
        assert cls.__mro__[1] is base
        for attr in ("__init__", "encrypt", "decrypt", "encryptor", "decryptor"):
            assert getattr(cls, attr) is getattr(base, attr)
        for attr in ("generate_key", "key_sizes"):  # classmethods: bound per class
            assert getattr(cls, attr).__func__ is getattr(base, attr).__func__
        params = inspect.signature(cls).parameters
        assert list(params) == ["key", "tag_length"] and params["tag_length"].default == 16
        a = cls(bytes(16), tag_length=12)
        ct = a.encrypt(nonce=bytes(12), data=b"same", associated_data=b"ad")
        assert a.decrypt(bytes(12), ct, b"ad") == b"same" and a.tag_length == 12


def test_aead_key_sizes_come_from_the_registry():
    for cls, prefix in ((karx.LEAGCM, "LEA-"), (karx.CHAMCCM, "CHAM-128/"), (karx.ARIAGCM, "ARIA-"),
                        (karx.ARIACCM, "ARIA-")):
        want = tuple(a.key_size for a in karx.algorithms("cipher")
                     if a.std_name.startswith(prefix) and a.block_size == 16)
        assert cls.key_sizes() == want
        for n in want:
            assert cls(bytes(n)).cipher == karx.algorithm(f"{prefix}{8 * n}").name
            assert len(cls.generate_key(8 * n)) == n
