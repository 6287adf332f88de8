"""karx.lsh_many: NumPy rows in place, lists of any lengths, devices, errors."""
import threading

import numpy as np
import pytest

import karx
from helpers import run_all

NAMES = sorted(karx.algorithms_available)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n,msg_len", [(0, 64), (1, 0), (7, 1), (37, 64), (100, 129), (9, 300)])
def test_array_matches_single(name, n, msg_len):
    rng = np.random.default_rng(n * 1000 + msg_len)
    msgs = rng.integers(0, 256, size=(n, msg_len), dtype=np.uint8)
    out = karx.lsh_many(name, msgs)
    d = karx.new(name).digest_size
    assert out.shape == (n, d) and out.dtype == np.uint8
    for i in range(n):
        assert out[i].tobytes() == karx.new(name, msgs[i].tobytes()).digest()


@pytest.mark.parametrize("name", NAMES)
def test_list_of_any_lengths(name):
    rng = np.random.default_rng(7)
    msgs = [rng.bytes(int(k)) for k in rng.integers(0, 700, size=150)]
    msgs[3] = b""
    msgs[4] = bytearray(b"bytearray works")
    msgs[5] = memoryview(b"so does memoryview")
    out = karx.lsh_many(name, msgs)
    for i, m in enumerate(msgs):
        assert out[i].tobytes() == karx.new(name, bytes(m)).digest()
    # a tuple and a generator too
    assert np.array_equal(karx.lsh_many(name, tuple(msgs)), out)
    assert np.array_equal(karx.lsh_many(name, (bytes(m) for m in msgs)), out)


def test_zero_copy_and_views():
    big = np.arange(64 * 50, dtype=np.uint64).view(np.uint8).reshape(-1, 64)[:100]
    out = karx.lsh_many("lsh512-512", big)
    for i in (0, 57, 99):
        assert out[i].tobytes() == karx.lsh512_512(big[i].tobytes()).digest()
    # a non-contiguous view is copied, with the same result
    strided = big[::2]
    assert np.array_equal(karx.lsh_many("lsh512-512", strided), out[::2])
    # out= is filled in place
    buf = np.zeros((100, 64), dtype=np.uint8)
    assert karx.lsh_many("lsh512-512", big, out=buf) is buf
    assert np.array_equal(buf, out)


def test_errors():
    a = np.zeros((4, 16), np.uint8)
    with pytest.raises(TypeError):
        karx.lsh_many("lsh256-256", b"just bytes")
    with pytest.raises(TypeError):
        karx.lsh_many("lsh256-256", "text")
    with pytest.raises(TypeError, match=r"messages\[1\].*str"):
        karx.lsh_many("lsh256-256", [b"a", "b"])
    with pytest.raises(TypeError, match="uint8"):
        karx.lsh_many("lsh256-256", np.zeros((4, 16), np.int32))
    with pytest.raises(TypeError, match="2-D"):
        karx.lsh_many("lsh256-256", np.zeros(16, np.uint8))
    with pytest.raises(karx.UnknownAlgorithm):
        karx.lsh_many("sha256", a)
    with pytest.raises(karx.InvalidArgument, match="device"):
        karx.lsh_many("lsh256-256", a, device="tpu")
    with pytest.raises(karx.InvalidOutputLength):
        karx.lsh_many("lsh256-256", a, out=np.zeros((4, 16), np.uint8))


def test_gpu_device():
    a = np.arange(64 * 33, dtype=np.uint32).view(np.uint8).reshape(-1, 64)
    want = karx.lsh_many("lsh256-256", a)
    lst = [bytes(range(i % 200)) for i in range(300)]
    want_lst = karx.lsh_many("lsh512-256", lst)
    if karx.gpu_available():
        assert np.array_equal(karx.lsh_many("lsh256-256", a, device="gpu"), want)
        assert np.array_equal(karx.lsh_many("lsh512-256", lst, device="gpu"), want_lst)
        assert karx.gpu_info()["sm_count"] > 0
    else:
        with pytest.raises(karx.NoDevice) as e:
            karx.lsh_many("lsh256-256", a, device="gpu")
        assert isinstance(e.value, RuntimeError) and "GPU" in str(e.value)
        with pytest.raises(karx.NoDevice):
            karx.lsh_many("lsh512-256", lst, device="gpu")
        with pytest.raises(karx.NoDevice):
            karx.gpu_info()
    # auto: the GPU when there is one, else the CPU; same digests either way
    assert np.array_equal(karx.lsh_many("lsh256-256", a, device="auto"), want)
    assert np.array_equal(karx.lsh_many("lsh512-256", lst, device="auto"), want_lst)


def test_threads_share_nothing():
    a = np.random.default_rng(1).integers(0, 256, size=(2000, 64), dtype=np.uint8)
    want = karx.lsh_many("lsh256-256", a)
    res = [None] * 4

    def work(i):
        res[i] = karx.lsh_many("lsh256-256", a)

    run_all([threading.Thread(target=work, args=(i,)) for i in range(4)])
    assert all(np.array_equal(r, want) for r in res)
