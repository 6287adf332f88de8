"""threads= on the bulk calls (Cipher, CipherContext.update, XTS, lsh_many, LEAGCM/CHAMGCM):
the same output as threads=1 for 0, 2, 3 and 7 threads, at lengths around the 64 KiB task and
the 128 KiB threshold; ValueError for a negative count; pools shared by Python threads; the
GIL released during a pooled call."""
import os
import threading

import numpy as np
import pytest

import karx

KIB = 1024
LENGTHS = [0, 17, 64 * KIB, 128 * KIB - 16, 128 * KIB, 128 * KIB + 5, 700 * KIB + 3]
COUNTS = [0, 2, 3, 7]


def data(n, seed=1):
    return bytes((seed * 131 + i * 7 + (i >> 9)) & 0xFF for i in range(n))


BIG = data(800 * KIB)


@pytest.mark.parametrize("mode", ["ecb", "cbc", "ctr", "cfb", "cfb8", "ofb"])
def test_cipher_one_shot(mode):
    key, iv = bytes(range(16)), None if mode == "ecb" else bytes(range(16, 32))
    c = karx.Cipher("lea128", mode, key, iv, padding="pkcs7")
    for n in LENGTHS:
        if mode == "cfb8" and n > 200 * KIB:
            continue
        pt = BIG[:n]
        ct = c.encrypt(pt)
        for t in COUNTS:
            assert c.encrypt(pt, threads=t) == ct, (mode, n, t)
            assert c.decrypt(ct, threads=t) == pt, (mode, n, t)


@pytest.mark.parametrize("mode", ["cbc", "ctr", "cfb"])
def test_stream_splits(mode):
    c = karx.Cipher("lea128", mode, bytes(16), bytes(16), padding="pkcs7")
    ct = c.encrypt(BIG)
    for first in (1, 15, 64 * KIB - 1, 128 * KIB + 3):
        d = c.decryptor()
        out = d.update(ct[:first], threads=2) + d.update(ct[first:], threads=3) + d.finalize()
        assert out == BIG, (mode, first)


def test_xts():
    x = karx.XTS("lea128", bytes(range(32)))
    for n in (16, 17, 128 * KIB, 300 * KIB + 21):
        pt = BIG[:n]
        ct = x.encrypt(5, pt)
        for t in COUNTS:
            assert x.encrypt(5, pt, threads=t) == ct
            assert x.decrypt(5, ct, threads=t) == pt
            assert x.encrypt(5, pt, sector_size=4096, threads=t) == x.encrypt(5, pt, sector_size=4096)
        out = bytearray(n)
        x.encrypt_into(5, pt, out, threads=2)
        assert bytes(out) == ct


def test_lsh_many():
    msgs = np.frombuffer(BIG[: 4096 * 64], dtype=np.uint8).reshape(4096, 64)
    ragged = [BIG[i : i + (i % 300)] for i in range(3000)]
    for name in ("lsh256-256", "lsh512-512"):
        ref = karx.lsh_many(name, msgs)
        ref2 = karx.lsh_many(name, ragged)
        for t in COUNTS:
            assert np.array_equal(karx.lsh_many(name, msgs, threads=t), ref)
            assert np.array_equal(karx.lsh_many(name, ragged, threads=t), ref2)
        assert bytes(ref[7]) == karx.new(name, msgs[7].tobytes()).digest()


def test_gcm():
    g = karx.LEAGCM(bytes(16))
    for n in (0, 100, 200 * KIB + 7):
        ct = g.encrypt(bytes(12), BIG[:n], b"aad")
        for t in COUNTS:
            assert g.encrypt(bytes(12), BIG[:n], b"aad", threads=t) == ct
            assert g.decrypt(bytes(12), ct, b"aad", threads=t) == BIG[:n]
        bad = bytearray(ct)
        if n:
            bad[0] ^= 1
            with pytest.raises(karx.InvalidTag):
                g.decrypt(bytes(12), bytes(bad), b"aad", threads=2)
    ccm = karx.LEACCM(bytes(16))  # a chain: threads= accepted, runs serially
    assert ccm.encrypt(bytes(12), BIG[:1000], threads=2) == ccm.encrypt(bytes(12), BIG[:1000])


def test_negative_threads():
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    with pytest.raises(ValueError):
        c.encrypt(b"x", threads=-1)
    with pytest.raises(ValueError):
        karx.XTS("lea128", bytes(range(32))).encrypt(0, bytes(32), threads=-2)
    with pytest.raises(ValueError):
        karx.lsh_many("lsh256-256", [b"a"], threads=-1)
    with pytest.raises(ValueError):
        karx.LEAGCM(bytes(16)).encrypt(bytes(12), b"", threads=-1)
    with pytest.raises(ValueError):
        c.encrypt(b"x", threads=5000)


def test_shared_between_python_threads():
    """Several Python threads use the same cached pool at once: the one that finds it busy runs
    serially, and every result is right."""
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    ref = c.encrypt(BIG)
    errors = []

    def work():
        for _ in range(5):
            if c.encrypt(BIG, threads=2) != ref:
                errors.append("mismatch")

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors


def test_gil_released():
    """A pooled call lets another Python thread run meanwhile."""
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    big = bytes(32 * 1024 * KIB)
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)

    th = threading.Thread(target=ticker)
    th.start()
    try:
        before = len(ticks)
        c.encrypt(big, threads=2)
        during = len(ticks) - before
    finally:
        stop.set()
        th.join()
    assert during > 0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_forked_child():
    """A child forked after the pool exists gets right answers (its calls run serially)."""
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    ref = c.encrypt(BIG, threads=2)  # makes the pool in the parent
    pid = os.fork()
    if pid == 0:
        os._exit(0 if c.encrypt(BIG, threads=2) == ref else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
