"""Typed use of every public name of karx: mypy --strict must accept this file, and each
assert_type must hold (python/tests/test_typing.py). The test also runs it, so what the types
promise is what the calls do."""
from __future__ import annotations

import io
import sys
from typing import FrozenSet, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

if sys.version_info >= (3, 11):
    from typing import assert_type
else:  # karx does not depend on typing_extensions; mypy has it
    from typing_extensions import assert_type

import karx

U8 = npt.NDArray[np.uint8]

# hashes
h = karx.new("lsh256-256", b"abc")
assert_type(h, karx.LshHash)
h.update(memoryview(b"more"))
h.update(bytearray(b"more"))
h.update(np.zeros(8, np.uint8))
assert_type(h.hexdigest(), str)
assert_type(h.copy(), karx.LshHash)
assert_type(h.digest_size, int)
for ctor in (karx.lsh256_224, karx.lsh256_256, karx.lsh512_224, karx.lsh512_256, karx.lsh512_384,
             karx.lsh512_512):
    assert_type(ctor(b"x", usedforsecurity=False).digest(), bytes)
assert_type(karx.file_digest(io.BytesIO(b"x"), "lsh256-256"), karx.LshHash)
assert_type(karx.file_digest(io.BytesIO(b"x"), karx.lsh512_512), karx.LshHash)
with open(__file__, "rb") as f:
    assert_type(karx.file_digest(f, "lsh256-256"), karx.LshHash)
assert_type(karx.hmac_digest(b"k", b"m", "lsh256-256"), bytes)
assert_type(karx.pbkdf2_hmac("lsh256-256", b"pw", b"salt", 10, dklen=16), bytes)
assert_type(karx.kbkdf("cmac-lea128", bytes(16), 32, label=b"enc", l_bytes=4), bytes)
assert_type(karx.algorithms_available, FrozenSet[str])
assert_type(karx.algorithms_guaranteed, FrozenSet[str])

# ciphers
c = karx.Cipher("lea128", "cbc", bytes(16), bytes(16), padding="pkcs7")
assert_type(c.padding, Optional[str])
assert_type(c.encrypt(b"x", threads=2), bytes)
assert_type(karx.Cipher("aria128", "ecb", bytearray(16), padding=None).decrypt(bytes(16)), bytes)
assert_type(karx.Cipher("hight", "ctr", bytes(16), bytes(8)).encrypt(b"stream"), bytes)
ctx = c.encryptor()
assert_type(ctx, karx.CipherContext)
assert_type(ctx.update(b"x") + ctx.finalize(), bytes)
assert_type(ctx.finalized, bool)
assert_type(c.decryptor(), karx.CipherContext)
assert_type((c.name, c.mode, c.block_size, c.key_size), Tuple[str, str, int, int])
assert_type(karx.ciphers_available, Tuple[str, ...])
assert_type(karx.modes_available, Tuple[str, ...])

# AEAD, MACs, XTS
for aead in (karx.LEAGCM, karx.CHAMGCM, karx.LEACCM, karx.CHAMCCM):
    assert_type(aead.key_sizes(), Tuple[int, ...])
g = karx.LEAGCM(karx.LEAGCM.generate_key(128))
ct = g.encrypt(bytes(12), b"data", None)
assert_type(ct, bytes)
assert_type(g.decrypt(bytes(12), ct, None), bytes)
assert_type(karx.LEACCM(bytes(16), tag_length=8).tag_length, int)
assert_type(karx.cmac("lea128", bytes(16), b"m", tag_length=8), bytes)
karx.cmac_verify("lea128", bytes(16), b"m", karx.cmac("lea128", bytes(16), b"m"))
for aead2 in (karx.ARIAGCM, karx.ARIACCM):
    assert_type(aead2.key_sizes(), Tuple[int, ...])
assert_type(karx.aead_ciphers_available, Tuple[str, ...])
ag = karx.AEAD("aria128", "gcm", bytes(16), tag_length=12)
assert_type((ag.cipher, ag.mode, ag.tag_length), Tuple[str, str, int])
enc = ag.encryptor(bytes(12), length=4, aad_length=2)
assert_type(enc, karx.AEADEncryptionContext)
enc.authenticate_additional_data(b"ad")
assert_type(enc.update(b"data") + enc.finalize(), bytes)
assert_type(enc.tag, bytes)
dec = karx.ARIACCM(bytes(32)).decryptor(bytes(12), None, length=0)
assert_type(dec, karx.AEADDecryptionContext)
assert_type(dec.update(b""), bytes)
dec.finalize_with_tag(karx.ARIACCM(bytes(32)).encrypt(bytes(12), b"", None))
dec2 = ag.decryptor(bytes(12), enc.tag)
dec2.authenticate_additional_data(b"ad")
dec2.update(b"xxxx")
try:
    dec2.finalize()
except karx.InvalidTag:
    pass
cm = karx.CMAC("aria128", bytes(16), tag_length=8)
cm.update(b"m")
assert_type(cm.copy(), karx.CMAC)
assert_type((cm.name, cm.tag_length, cm.block_size), Tuple[str, int, int])
cm.copy().verify(cm.copy().finalize())
assert_type(cm.finalize(), bytes)
m = karx.GMAC("lea128", bytes(16), bytes(12), b"aad")
m.verify(m.digest())
assert_type(m.copy(), karx.GMAC)
x = karx.XTS("lea128", bytes(range(32)))
assert_type(x.encrypt(7, bytes(32), sector_size=16), bytes)
buf = bytearray(32)
x.decrypt_into(bytes(16), bytes(32), buf)

# randomness
assert_type(karx.CtrDrbg().generate(16), bytes)
assert_type(karx.CtrDrbg("lea128", entropy=bytes(32), nonce=bytes(16)).os_seeded, bool)
assert_type(karx.HashDrbg().security_strength, int)
assert_type(karx.HmacDrbg("lsh512-512").generate(8, additional_input=b"a"), bytes)
assert_type(karx.token_bytes(8), bytes)
assert_type(karx.token_hex(), str)

# batches and the GPU
arr = np.zeros((4, 64), np.uint8)
assert_type(karx.lsh_many("lsh256-256", arr), U8)
assert_type(karx.lsh_many("lsh256-256", [b"a", bytearray(b"b"), memoryview(b"c")],
                          device="auto", threads=2), U8)
keys = np.zeros((4, 16), np.uint8)
assert_type(karx.ctr_xor_many("lea128", keys, keys.copy(), arr), U8)
recs = karx.ctr_xor_many("lea128", [bytes(16)], [bytes(16)], [b"record"])
assert_type(recs, List[bytes])
assert_type(karx.gpu_available(), bool)
assert_type(karx.gpu_built(), bool)
if karx.gpu_available():
    assert_type(karx.gpu_info()["compute_capability"], Tuple[int, int])

# registry, back ends, the approved mode, errors
assert_type(karx.algorithm("LEA-128"), karx.Algorithm)
assert_type(karx.algorithms("cipher"), List[karx.Algorithm])
assert_type(karx.kernels("lea128")[0].usable, bool)
assert_type(karx.backend(), str)
karx.set_backend(karx.backend())
assert_type(karx.selftest("lea128"), None)
assert_type(karx.approved_mode(), bool)
karx.set_approved_mode(False)
assert_type(karx.in_error_state(), bool)
assert_type(karx.last_service_approved(), bool)
assert_type(karx.strerror(-1), str)
try:
    karx.LEAGCM(bytes(16)).decrypt(bytes(12), bytes(16), None)
except karx.InvalidTag as e:
    assert_type(e.status, int)
assert issubclass(karx.InvalidKey, ValueError)

# sealed files (docs/FORMAT.md)
sealed = io.BytesIO()
karx.seal_file(io.BytesIO(b"secret"), sealed, passphrase="pw", cipher="lea128", iterations=2,
               threads=2)
plain = io.BytesIO()
karx.open_file(io.BytesIO(sealed.getvalue()), plain, passphrase=b"pw", max_iterations=10)
assert_type(plain.getvalue(), bytes)
sw = karx.SealWriter(io.BytesIO(), key=bytes(32), cipher="cham128-256")
assert_type(sw.write(b"data"), int)
assert_type((sw.cipher, sw.iterations), Tuple[str, int])
sw.close()
with karx.SealReader(io.BytesIO(sealed.getvalue()), passphrase="pw", threads=0) as sr:
    assert_type(sr.read(3), bytes)
    assert_type(sr.readinto(bytearray(2)), int)
    assert_type(list(sr.chunks()), List[bytes])
try:
    karx.open_file(io.BytesIO(b"not sealed"), io.BytesIO(), key=bytes(32))
except karx.SealAuthenticationError:
    raise
except karx.SealError as se:
    assert_type(se.status, int)

# record jobs: many records, a key each (issue 26)
sessions = [karx.LEAGCM(bytes(16)), karx.AEAD("cham128-128", "gcm", bytes(16), tag_length=12)]
nonces = [bytes(12), bytes(16)]
recs = karx.gcm_seal_many(sessions, nonces, [b"a", bytearray(b"b")], [b"hdr", None], threads=2)
assert_type(recs, List[bytes])
opened = karx.gcm_open_many(sessions, nonces, recs, [b"hdr", None], strict=False)
assert_type(opened, List[Optional[bytes]])
assert opened == [b"a", b"b"]
raw_keys = np.zeros((2, 16), np.uint8)
assert_type(karx.gcm_seal_many(raw_keys, nonces, [b"x", b"y"], cipher="LEA", tag_length=16),
            List[bytes])
cc = karx.ccm_seal_many([bytes(16), karx.LEACCM(bytes(32))], [bytes(13), bytes(7)],
                        np.zeros((2, 5), np.uint8), cipher="lea128")
assert_type(karx.ccm_open_many([bytes(16), karx.LEACCM(bytes(32))], [bytes(13), bytes(7)], cc,
                               cipher="lea128"), List[Optional[bytes]])
try:
    karx.gcm_open_many(sessions, nonces, [b"", b""], strict=True)
except karx.InvalidTag as bad:
    assert_type(bad.failed, Tuple[int, ...])
hk = karx.HmacKey(b"key", "lsh256-256")
assert_type((hk.name, hk.digest_size), Tuple[str, int])
tags = karx.hmac_many([hk, b"raw"], [b"m", memoryview(b"n")], "lsh256-256", tag_length=16)
assert_type(tags, List[bytes])
assert_type(karx.hmac_verify_many([hk, b"raw"], [b"m", b"n"], tags, "lsh256-256", threads=0),
            List[bool])
assert_type(karx.ctr_xor_many("lea128", [bytes(16)], [bytes(16)], [b"r"], threads=2), List[bytes])
