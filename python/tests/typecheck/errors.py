"""Misuse that mypy --strict must report, one error per marked line ("# E: <code>"): proof that
the checker sees karx's real types (with Any anywhere on these paths it would see nothing)."""
from __future__ import annotations

import numpy as np

import karx

karx.lsh256_256("text")  # E: arg-type
n: int = karx.token_hex(4)  # E: assignment
karx.Cipher("lea128", "cbc", bytes(16), bytes(16), padding="pkcs5")  # E: arg-type
karx.ctr_xor_many("lea128", [bytes(16)], [bytes(16)], [b"r"]).shape  # E: attr-defined
a = np.zeros((1, 16), np.uint8)
karx.ctr_xor_many("lea128", a, [bytes(16)], a).append(b"")  # E: attr-defined
karx.lsh_many("lsh256-256", [b"x"], device="tpu")  # E: arg-type
karx.lsh_many("lsh256-256", ["text"])  # E: list-item
karx.new("lsh256-256").digest_size = 3  # E: misc
karx.LEAGCM(bytes(16)).encrypt(bytes(12), "data", None)  # E: arg-type
s: str = karx.gpu_info()["sm_count"]  # E: assignment
karx.AEAD("aria128", "gcm", bytes(16)).encryptor(bytes(12)).finalize_with_tag(b"")  # E: attr-defined
karx.CMAC("aria128", bytes(16)).verify("tag")  # E: arg-type
karx.gcm_seal_many([bytes(16)], [bytes(12)], ["text"], cipher="LEA")  # E: list-item
karx.gcm_open_many([karx.LEAGCM(bytes(16))], [bytes(12)], [b"r"])[0].hex()  # E: union-attr
karx.hmac_many([karx.HmacKey(b"k", "lsh256-256")], [b"m"], tag_length="16")  # E: arg-type
