"""threads= on the bulk calls (Cipher, CipherContext.update, XTS, lsh_many, LEAGCM/CHAMGCM):
the same output as threads=1 for 0, 2, 3 and 7 threads, at lengths around the 64 KiB task and
the 128 KiB threshold; ValueError for a negative count; pools shared by Python threads; the
GIL released during a pooled call; no thread started for work too small to split; a bounded
number of threads alive whatever counts are asked for; a forked child's own pool."""
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import karx
from helpers import run_all

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

    run_all([threading.Thread(target=work) for _ in range(4)])
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


HAVE_PROC = os.path.isdir("/proc/self/task")


def live_threads():
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not HAVE_PROC, reason="counts threads in /proc/self/task")
def test_small_work_starts_no_thread():
    """Work the library would not split (under 128 KiB, or a chain mode) makes no pool: once
    every count from 41 to 90 (counts no other test uses) left a pool of that many threads."""
    before = live_threads()
    counts = range(41, 91)
    small = BIG[: 128 * KIB - 16]
    big = BIG[: 256 * KIB]
    ctr = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    cbc = karx.Cipher("lea128", "cbc", bytes(16), bytes(16), padding="pkcs7")
    x = karx.XTS("lea128", bytes(range(32)))
    gcm, ccm = karx.LEAGCM(bytes(16)), karx.LEACCM(bytes(16))
    rows = np.frombuffer(BIG[: 100 * 1024], np.uint8).reshape(100, 1024)  # with padding < 128 KiB
    for t in counts:
        ctr.encrypt(small, threads=t)
        ctr.decryptor().update(b"x" * 100, threads=t)
        cbc.encrypt(big, threads=t)  # a chain: never split
        ccm.encrypt(bytes(12), big, threads=t)  # a chain
        x.encrypt(1, small, threads=t)
        x.encrypt(1, BIG[: 120 * KIB], sector_size=60 * KIB, threads=t)  # 2 sectors, 120 KiB
        gcm.encrypt(bytes(12), small, threads=t)
        karx.lsh_many("lsh256-256", rows, threads=t)
        karx.lsh_many("lsh256-256", [b"a" * 1000] * 100, threads=t)
    assert live_threads() <= before  # (a thread of an earlier test may end meanwhile)


@pytest.mark.skipif(not HAVE_PROC, reason="counts threads in /proc/self/task")
def test_many_counts_bounded_threads():
    """Counts 2 to 65 one after another leave at most four pools (at most 4 x 64 threads) alive,
    not one pool per count (2,144 threads; counts 2 to 255 once left 32,386 and then
    OutOfMemory), and every result is the same."""
    before = live_threads()
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    x = karx.XTS("lea128", bytes(range(32)))
    pt = BIG[: 256 * KIB]
    ref, xref = c.encrypt(pt), x.encrypt(3, pt, sector_size=4096)
    for t in range(2, 66):
        assert c.encrypt(pt, threads=t) == ref, t
        assert x.encrypt(3, pt, sector_size=4096, threads=t) == xref, t
    grown = live_threads() - before
    assert grown <= 4 * 64, grown
    cache = karx._karx._pool_cache()
    assert len(cache) <= 4 and sum(n for n, _ in cache) <= 1024
    assert all(users == 0 for _, users in cache)


def test_cache_keeps_recent_counts():
    """The cache is least recently used first: a count in steady use keeps its pool."""
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    pt = BIG[: 256 * KIB]
    for t in (5, 6, 5, 8, 5, 9, 5, 10, 5, 11):
        c.encrypt(pt, threads=t)
    counts = [n for n, _ in karx._karx._pool_cache()]
    assert sorted(counts) == [5, 9, 10, 11]


def test_eviction_while_in_use():
    """Python threads asking for more distinct counts at once than the cache holds: pools are
    evicted while another thread's call (GIL released) still runs on them; each is freed only
    when that call ends, and every result is right."""
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    pt = BIG[: 512 * KIB]
    ref = c.encrypt(pt)
    errors = []

    def work(k):
        for i in range(12):
            t = 2 + (k * 5 + i) % 11
            if c.encrypt(pt, threads=t) != ref:
                errors.append((k, t))

    run_all([threading.Thread(target=work, args=(k,)) for k in range(6)])
    assert not errors
    cache = karx._karx._pool_cache()
    assert len(cache) <= 4 and all(users == 0 for _, users in cache)


@pytest.mark.skipif(not hasattr(os, "fork") or not HAVE_PROC, reason="needs fork and /proc")
def test_forked_child_own_pool():
    """A child forked after a pool exists makes its own (the parent's threads are not there):
    its calls split again instead of running serially on a pool without threads."""
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    ref = c.encrypt(BIG, threads=3)  # makes the pool in the parent
    pid = os.fork()
    if pid == 0:
        ok = live_threads() == 1 and c.encrypt(BIG, threads=3) == ref and live_threads() == 3
        os._exit(0 if ok else 1)
    status = wait_child(pid)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def wait_child(pid, limit=30.0):
    """The child's wait status; a child still running after limit seconds (hung) is killed
    and fails the test."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail(f"forked child {pid} hung (killed after {limit} s)")


FORK_EXIT = """
import os, sys, time, karx
c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
c.encrypt(bytes(300 * 1024), threads=3)   # a pool in the parent
pid = os.fork()
if pid == 0:
    sys.exit(0)                            # the child ends the interpreter: exit handlers run
deadline = time.monotonic() + 20
while time.monotonic() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        sys.exit(0 if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else 2)
    time.sleep(0.02)
os.kill(pid, 9)
print("forked child hung at exit")
sys.exit(1)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_forked_child_exits():
    """A forked child that ends its interpreter normally does not hang freeing the parent's
    pools at exit (karx_pool_free in a child blocks in pthread_cond_destroy on the conditions
    the parent's workers were waiting on)."""
    r = subprocess.run([sys.executable, "-c", FORK_EXIT], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_forked_child():
    """A child forked after the pool exists gets right answers (its calls run serially)."""
    c = karx.Cipher("lea128", "ctr", bytes(16), bytes(16))
    ref = c.encrypt(BIG, threads=2)  # makes the pool in the parent
    pid = os.fork()
    if pid == 0:
        os._exit(0 if c.encrypt(BIG, threads=2) == ref else 1)
    status = wait_child(pid)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
