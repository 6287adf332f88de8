"""karx.ctr_xor_many: many keys, one call; equals one Cipher(..., 'ctr') per record."""
import numpy as np
import pytest

import karx

CIPHERS = {"lea128": (16, 16), "lea192": (24, 16), "lea256": (32, 16), "hight": (16, 8),
           "cham64-128": (16, 8), "cham128-128": (16, 16), "cham128-256": (32, 16)}


def one_by_one(cipher, keys, ctrs, recs):
    return [karx.Cipher(cipher, "ctr", bytes(k), bytes(c)).encrypt(bytes(r))
            for k, c, r in zip(keys, ctrs, recs)]


@pytest.mark.parametrize("cipher", sorted(CIPHERS))
def test_equal_lengths_array(cipher):
    kl, bl = CIPHERS[cipher]
    rng = np.random.default_rng(kl * bl)
    n, m = 50, 77
    keys = rng.integers(0, 256, (n, kl), dtype=np.uint8)
    ctrs = rng.integers(0, 256, (n, bl), dtype=np.uint8)
    ctrs[3, -2:] = 0xFF  # carries across bytes
    data = rng.integers(0, 256, (n, m), dtype=np.uint8)
    out = karx.ctr_xor_many(cipher, keys, ctrs, data)
    assert out.shape == (n, m) and out.dtype == np.uint8
    want = one_by_one(cipher, keys, ctrs, data)
    assert [r.tobytes() for r in out] == want
    # decryption is the same call
    assert np.array_equal(karx.ctr_xor_many(cipher, keys, ctrs, out), data)


@pytest.mark.parametrize("cipher", ["lea256", "hight"])
def test_any_lengths_and_counter_update(cipher):
    kl, bl = CIPHERS[cipher]
    rng = np.random.default_rng(5)
    n = 40
    keys = [rng.bytes(kl) for _ in range(n)]
    ctrs = rng.integers(0, 256, (n, bl), dtype=np.uint8)
    recs = [rng.bytes(int(x)) for x in rng.integers(0, 300, n)]
    recs[0] = b""
    before = ctrs.copy()
    out = karx.ctr_xor_many(cipher, keys, ctrs, recs, update_counters=True)
    assert out == one_by_one(cipher, keys, before, recs)
    # the counters advanced by the blocks used: continuing gives the rest of each stream
    more = karx.ctr_xor_many(cipher, keys, ctrs, [bytes(bl)] * n)
    for i in range(n):
        whole = karx.Cipher(cipher, "ctr", keys[i], before[i].tobytes()).encrypt(
            recs[i] + bytes((-len(recs[i])) % bl) + bytes(bl))
        assert more[i] == whole[-bl:], i


def test_counter_overflow_writes_nothing():
    keys = np.zeros((3, 16), np.uint8)
    ctrs = np.zeros((3, 16), np.uint8)
    ctrs[2] = 0xFF  # one block left: the second block would wrap
    before = ctrs.copy()
    with pytest.raises(karx.CounterOverflow, match="nothing was encrypted"):
        karx.ctr_xor_many("lea128", keys, ctrs, np.zeros((3, 32), np.uint8),
                          update_counters=True)
    assert np.array_equal(ctrs, before)


def test_errors():
    k, c, d = np.zeros((2, 16), np.uint8), np.zeros((2, 16), np.uint8), np.zeros((2, 8), np.uint8)
    with pytest.raises(karx.InvalidKey, match="16 bytes each, got rows of 24"):
        karx.ctr_xor_many("lea128", np.zeros((2, 24), np.uint8), c, d)
    with pytest.raises(karx.InvalidKey, match=r"keys\[1\].*16 bytes, got 15"):
        karx.ctr_xor_many("lea128", [bytes(16), bytes(15)], c, d)
    with pytest.raises(karx.InvalidIV, match="8 bytes each"):
        karx.ctr_xor_many("hight", k, c, d)
    with pytest.raises(karx.InvalidArgument, match="2 keys but 3 records"):
        karx.ctr_xor_many("lea128", k, c, np.zeros((3, 8), np.uint8))
    with pytest.raises(TypeError):
        karx.ctr_xor_many("lea128", k, c, ["text", "more"])
    with pytest.raises(TypeError):
        karx.ctr_xor_many("lea128", b"\\0" * 32, c, d)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.ctr_xor_many("aes128", k, c, d)
    with pytest.raises(karx.InvalidArgument, match="device"):
        karx.ctr_xor_many("lea128", k, c, d, device="npu")
    with pytest.raises(karx.InvalidArgument, match="writable uint8 array"):
        karx.ctr_xor_many("lea128", k, [bytes(16)] * 2, d, update_counters=True)


def test_gpu_device():
    rng = np.random.default_rng(9)
    keys = rng.integers(0, 256, (64, 32), dtype=np.uint8)
    ctrs = rng.integers(0, 256, (64, 16), dtype=np.uint8)
    data = rng.integers(0, 256, (64, 100), dtype=np.uint8)
    want = karx.ctr_xor_many("cham128-256", keys, ctrs, data)
    if karx.gpu_available():
        assert np.array_equal(karx.ctr_xor_many("cham128-256", keys, ctrs, data, "gpu"), want)
    else:
        with pytest.raises(karx.NoDevice):
            karx.ctr_xor_many("cham128-256", keys, ctrs, data, device="gpu")
    assert np.array_equal(karx.ctr_xor_many("cham128-256", keys, ctrs, data, "auto"), want)
