"""Long calls release the GIL: another Python thread keeps running while one is inside C.

The switch interval is raised to 0.5 s, so the worker keeps the GIL from its 'started' event
into the C call; the main thread can then run only if the call itself releases the GIL. With
the GIL held throughout (checked below with a GIL-holding builtin), the main thread would get
it back only after the worker finished, and the count would stay near zero."""

import numpy as np

import karx
from gil_probe import spins_during


def test_the_probe_detects_a_held_gil():
    r = list(range(3_000_000))[::-1]
    assert spins_during(lambda: sorted(r)) < 1000  # list.sort keeps the GIL


def test_pbkdf2_releases_gil():
    assert spins_during(lambda: karx.pbkdf2_hmac("lsh256-256", b"pw", b"salt", 600_000)) > 10_000


def test_lsh_many_releases_gil():
    a = np.zeros((400_000, 64), np.uint8)
    assert spins_during(lambda: [karx.lsh_many("lsh512-512", a) for _ in range(3)]) > 10_000


def test_big_update_releases_gil():
    data = bytes(32 << 20)
    assert spins_during(lambda: karx.lsh256_256(data)) > 10_000
