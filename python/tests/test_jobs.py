"""The record-job batches (issue 26): karx.gcm_seal_many / gcm_open_many, ccm_seal_many /
ccm_open_many, hmac_many / hmac_verify_many and ctr_xor_many(threads=). Every batch equals a loop
of the one-record calls on random mixes (lengths 0 to several KiB, nonce lengths, truncated tags,
every 128-bit-block cipher, key objects and raw keys side by side); a forged record fails alone;
bad arguments raise specific errors naming the record; threads=1/2/4 give the same bytes; a big
batch releases the GIL."""
import array
import random
import threading

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import karx
from gil_probe import spins_during
from helpers import run_all

# (cipher, key bytes, family, GCM class, CCM class)
CIPHERS = [("lea128", 16, "LEA", karx.LEAGCM, karx.LEACCM),
           ("lea192", 24, "LEA", karx.LEAGCM, karx.LEACCM),
           ("lea256", 32, "LEA", karx.LEAGCM, karx.LEACCM),
           ("cham128-128", 16, "CHAM-128", karx.CHAMGCM, karx.CHAMCCM),
           ("cham128-256", 32, "CHAM-128", karx.CHAMGCM, karx.CHAMCCM),
           ("aria128", 16, "ARIA", karx.ARIAGCM, karx.ARIACCM),
           ("aria192", 24, "ARIA", karx.ARIAGCM, karx.ARIACCM),
           ("aria256", 32, "ARIA", karx.ARIAGCM, karx.ARIACCM)]
GCM_TAGS = [4, 8, 12, 13, 14, 15, 16]
CCM_TAGS = [4, 6, 8, 10, 12, 14, 16]
HASHES = ["lsh256-224", "lsh256-256", "lsh512-224", "lsh512-256", "lsh512-384", "lsh512-512"]


def rbytes(rng, n):
    return rng.randbytes(n)


def a_length(rng, big=5000):
    """Mostly short records (a server's), some around block and lane edges, a few long ones."""
    r = rng.random()
    if r < 0.5:
        return rng.randrange(0, 130)
    if r < 0.8:
        return rng.choice([15, 16, 17, 63, 64, 65, 255, 256, 576, 1500])
    return rng.randrange(0, big)


class Mix:
    """n random records of one mode: keys (objects, or raw bytes with a per-record family),
    nonces, messages, AADs, and the one-record object that checks each."""

    def __init__(self, mode, n, seed, raw_share=0.5, tag=None, aad_none=0.2, family=None):
        rng = random.Random(seed)
        self.keys, self.nonces, self.msgs, self.aads, self.one = [], [], [], [], []
        self.family = family
        for _ in range(n):
            name, kl, fam, gcm_cls, ccm_cls = rng.choice(
                [c for c in CIPHERS if family is None or c[2] == family])
            if name.startswith("aria"):  # ARIA is slow (portable only): keep its records short
                ln = rng.randrange(0, 300)
            else:
                ln = a_length(rng)
            key = rbytes(rng, kl)
            if mode == "gcm":
                t = tag or rng.choice(GCM_TAGS)
                nonce = rbytes(rng, rng.choice([12, 12, 12, 16, 16, 1, 8, 13, 32]))
            else:
                t = tag or rng.choice(CCM_TAGS)
                nl = rng.randrange(7, 14)
                nonce = rbytes(rng, nl)
                ln = min(ln, (1 << (8 * (15 - nl))) - 1)
            raw = family is not None and rng.random() < raw_share
            obj = karx.AEAD(name, mode, key, tag_length=16 if raw else t)  # raw keys: 16
            self.keys.append(key if raw else obj)
            self.one.append(obj)
            self.nonces.append(nonce)
            self.msgs.append(rbytes(rng, ln))
            self.aads.append(None if rng.random() < aad_none else rbytes(rng, rng.randrange(0, 40)))

    def sealed(self):
        return [o.encrypt(n, m, a) for o, n, m, a in zip(self.one, self.nonces, self.msgs,
                                                          self.aads)]


SEAL = {"gcm": karx.gcm_seal_many, "ccm": karx.ccm_seal_many}
OPEN = {"gcm": karx.gcm_open_many, "ccm": karx.ccm_open_many}


# ---------------------------------------------------------------- equal to the one-record calls

@pytest.mark.parametrize("mode", ["gcm", "ccm"])
@pytest.mark.parametrize("n", [0, 1, 3, 15, 16, 17, 33, 120])
def test_key_objects_mixed_ciphers_equal_a_loop(mode, n):
    m = Mix(mode, n, seed=n * 7 + len(mode))
    got = SEAL[mode](m.keys, m.nonces, m.msgs, m.aads)
    assert got == m.sealed()
    assert OPEN[mode](m.keys, m.nonces, got, m.aads) == m.msgs


@pytest.mark.parametrize("mode", ["gcm", "ccm"])
@pytest.mark.parametrize("family", ["LEA", "CHAM-128", "ARIA"])
def test_raw_keys_and_objects_side_by_side(mode, family):
    m = Mix(mode, 40, seed=hash((mode, family)) & 0xffff, family=family, tag=16)
    got = SEAL[mode](m.keys, m.nonces, m.msgs, m.aads, cipher=family)
    assert got == m.sealed()
    assert OPEN[mode](m.keys, m.nonces, got, m.aads, cipher=family) == m.msgs


@pytest.mark.parametrize("mode", ["gcm", "ccm"])
def test_tag_length_applies_to_every_record(mode):
    rng = random.Random(5)
    keys = [rbytes(rng, 16) for _ in range(20)]
    nonces = [rbytes(rng, 12) for _ in range(20)]
    msgs = [rbytes(rng, a_length(rng)) for _ in range(20)]
    for t in (GCM_TAGS if mode == "gcm" else CCM_TAGS):
        got = SEAL[mode](keys, nonces, msgs, cipher="lea128", tag_length=t)
        want = [karx.AEAD("lea128", mode, k, tag_length=t).encrypt(n, x)
                for k, n, x in zip(keys, nonces, msgs)]
        assert got == want
        assert OPEN[mode](keys, nonces, got, cipher="LEA", tag_length=t) == msgs
    # an explicit tag_length overrides a key object's own
    objs = [karx.AEAD("lea128", mode, k, tag_length=16) for k in keys]
    got = SEAL[mode](objs, nonces, msgs, tag_length=8)
    assert all(len(c) == len(x) + 8 for c, x in zip(got, msgs))
    assert OPEN[mode](objs, nonces, got, tag_length=8) == msgs


def test_exact_cipher_names_and_family_names():
    rng = random.Random(9)
    k16, k32 = rbytes(rng, 16), rbytes(rng, 32)
    n = rbytes(rng, 12)
    for cipher in ("lea128", "LEA-128", "LEA", "lea"):
        assert karx.gcm_seal_many([k16], [n], [b"abc"], cipher=cipher) == \
            [karx.LEAGCM(k16).encrypt(n, b"abc", None)]
    assert karx.gcm_seal_many([k16, k32], [n, n], [b"x", b"y"], cipher="CHAM-128") == \
        [karx.CHAMGCM(k16).encrypt(n, b"x", None), karx.CHAMGCM(k32).encrypt(n, b"y", None)]


def test_buffers_and_arrays():
    rng = np.random.default_rng(3)
    keys = rng.integers(0, 256, (40, 16), dtype=np.uint8)
    nonces = rng.integers(0, 256, (40, 12), dtype=np.uint8)
    msgs = rng.integers(0, 256, (40, 100), dtype=np.uint8)
    got = karx.gcm_seal_many(keys, nonces, msgs, cipher="lea128")
    want = [karx.LEAGCM(k.tobytes()).encrypt(n.tobytes(), m.tobytes(), None)
            for k, n, m in zip(keys, nonces, msgs)]
    assert got == want
    recs = np.frombuffer(b"".join(got), np.uint8).reshape(40, -1)  # records as rows
    assert karx.gcm_open_many(keys, nonces, recs, cipher="lea128") == [m.tobytes() for m in msgs]
    # bytearray, memoryview, array.array items; tuples
    k = karx.LEAGCM(bytes(16))
    items = (bytearray(b"hello"), memoryview(b"world!"), array.array("B", b"abc"))
    got = karx.gcm_seal_many((k, k, k), (bytes(12),) * 3, items,
                             [memoryview(b"ad"), None, bytearray()])
    assert got == [k.encrypt(bytes(12), bytes(x), a) for x, a in
                   zip(items, [b"ad", None, b""])]


def test_a_list_changed_later_does_not_change_the_batch():
    k = karx.LEAGCM(bytes(16))
    msgs = [b"a" * 3000 for _ in range(64)]
    got = karx.gcm_seal_many([k] * 64, [bytes(12)] * 64, msgs, threads=2)
    msgs.clear()
    assert got == [k.encrypt(bytes(12), b"a" * 3000, None)] * 64


@pytest.mark.parametrize("backend", ["portable", "sse2", "ssse3", "avx2", "avx512", "neon"])
def test_every_backend_equals_the_loop(backend):
    """The lane kernels of each back end this CPU has: batches equal the one-record calls."""
    before = karx.backend()
    try:
        try:
            karx.set_backend(backend)
        except karx.Unsupported:
            pytest.skip(f"no {backend} on this CPU")
        for mode in ("gcm", "ccm"):
            m = Mix(mode, 40, seed=len(backend), family="LEA", raw_share=0.3)
            got = SEAL[mode](m.keys, m.nonces, m.msgs, m.aads, cipher="LEA")
            assert got == m.sealed()
            assert OPEN[mode](m.keys, m.nonces, got, m.aads, cipher="LEA") == m.msgs
            m = Mix(mode, 40, seed=len(backend) + 1, family="CHAM-128")
            assert SEAL[mode](m.keys, m.nonces, m.msgs, m.aads, cipher="CHAM-128") == m.sealed()
        rng = random.Random(len(backend))
        keys = [rbytes(rng, 32) for _ in range(40)]
        msgs = [rbytes(rng, a_length(rng, 3000)) for _ in range(40)]
        assert karx.hmac_many(keys, msgs, "lsh512-256") == \
            [karx.hmac_digest(k, x, "lsh512-256") for k, x in zip(keys, msgs)]
        ctrs = [rbytes(rng, 16) for _ in range(40)]
        assert karx.ctr_xor_many("cham128-256", keys, ctrs, msgs) == \
            [karx.Cipher("cham128-256", "ctr", k, c).encrypt(x)
             for k, c, x in zip(keys, ctrs, msgs)]
    finally:
        karx.set_backend(before)


_record = st.tuples(st.sampled_from([c for c in CIPHERS if not c[0].startswith("aria")]),
                    st.binary(max_size=600), st.one_of(st.none(), st.binary(max_size=40)),
                    st.sampled_from([1, 8, 12, 13, 16]), st.sampled_from([4, 8, 12, 14, 16]),
                    st.booleans(), st.binary(min_size=32, max_size=32))


@settings(max_examples=60)
@given(st.lists(_record, max_size=40), st.sampled_from([1, 2]))
def test_property_gcm_and_ccm_equal_the_loop(recs, threads):
    """Raw keys (cipher="LEA": LEA records only) and key objects of every cipher side by side."""
    for mode in ("gcm", "ccm"):
        keys, nonces, msgs, aads, want = [], [], [], [], []
        for (name, kl, fam, _, _), msg, aad, nl, t, raw, kbytes in recs:
            key = kbytes[:kl]
            raw = raw and fam == "LEA"
            nonce = bytes(range(min(max(nl, 7), 13) if mode == "ccm" else nl))
            obj = karx.AEAD(name, mode, key, tag_length=16 if raw else t)
            keys.append(key if raw else obj)
            nonces.append(nonce)
            msgs.append(msg)
            aads.append(aad)
            want.append(obj.encrypt(nonce, msg, aad))
        got = SEAL[mode](keys, nonces, msgs, aads, cipher="LEA", threads=threads)
        assert got == want
        assert OPEN[mode](keys, nonces, got, aads, cipher="LEA", threads=threads) == msgs


def test_python_threads_share_key_objects_and_pools():
    m = Mix("gcm", 200, seed=99)
    want = karx.gcm_seal_many(m.keys, m.nonces, m.msgs, m.aads)
    errors = []

    def worker(t):
        try:
            for _ in range(5):
                assert karx.gcm_seal_many(m.keys, m.nonces, m.msgs, m.aads, threads=t) == want
                assert karx.gcm_open_many(m.keys, m.nonces, want, m.aads, threads=t) == m.msgs
        except BaseException as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    run_all([threading.Thread(target=worker, args=(t,)) for t in (1, 2, 2, 4, 0)])
    assert not errors, errors


# ---------------------------------------------------------------- forged records fail alone

@pytest.mark.parametrize("mode", ["gcm", "ccm"])
@pytest.mark.parametrize("threads", [1, 4])
def test_forged_records_fail_alone(mode, threads):
    m = Mix(mode, 80, seed=31 + threads)
    sealed = SEAL[mode](m.keys, m.nonces, m.msgs, m.aads)
    rng = random.Random(77)
    bad = set(rng.sample(range(80), 17))
    recs, aads, nonces = list(sealed), list(m.aads), list(m.nonces)
    for i in sorted(bad):
        how = rng.choice(["tag", "ct", "aad", "nonce", "short"])
        r = bytearray(recs[i])
        if how == "ct" and len(r) > m.one[i].tag_length:
            r[rng.randrange(len(r) - m.one[i].tag_length)] ^= 1 << rng.randrange(8)
        elif how == "aad":
            aads[i] = (aads[i] or b"") + b"!"
        elif how == "nonce":
            nn = bytearray(nonces[i])
            nn[0] ^= 0x80
            nonces[i] = bytes(nn)
        elif how == "short":
            r = r[:m.one[i].tag_length - 1]
        else:
            r[-1] ^= 1
        recs[i] = bytes(r)
    got = OPEN[mode](m.keys, nonces, recs, aads, threads=threads)
    assert [i for i, g in enumerate(got) if g is None] == sorted(bad)
    assert all(got[i] == m.msgs[i] for i in range(80) if i not in bad)
    # each equals the one-record call's verdict
    for i in bad:
        with pytest.raises(karx.InvalidTag):
            m.one[i].decrypt(nonces[i], recs[i], aads[i])
    with pytest.raises(karx.InvalidTag) as e:
        OPEN[mode](m.keys, nonces, recs, aads, threads=threads, strict=True)
    assert e.value.failed == tuple(sorted(bad))
    # strict with every record good returns them all
    assert OPEN[mode](m.keys, m.nonces, sealed, m.aads, strict=True) == m.msgs


def test_every_record_forged():
    k = karx.LEAGCM(bytes(16))
    recs = [bytes(20)] * 5
    assert karx.gcm_open_many([k] * 5, [bytes(12)] * 5, recs) == [None] * 5


# ---------------------------------------------------------------- threads

@pytest.mark.parametrize("mode", ["gcm", "ccm"])
def test_threads_give_the_same_bytes(mode):
    m = Mix(mode, 300, seed=1234, family="LEA", raw_share=0.3, tag=16)
    want = SEAL[mode](m.keys, m.nonces, m.msgs, m.aads, cipher="LEA")
    for t in (2, 4, 0):
        assert SEAL[mode](m.keys, m.nonces, m.msgs, m.aads, cipher="LEA", threads=t) == want
        assert OPEN[mode](m.keys, m.nonces, want, m.aads, cipher="LEA", threads=t) == m.msgs


def test_hmac_threads_give_the_same_tags():
    rng = random.Random(8)
    keys = [karx.HmacKey(rbytes(rng, 32), rng.choice(HASHES)) for _ in range(300)]
    msgs = [rbytes(rng, a_length(rng)) for _ in range(300)]
    want = karx.hmac_many(keys, msgs)
    for t in (2, 4):
        assert karx.hmac_many(keys, msgs, threads=t) == want
        assert karx.hmac_verify_many(keys, msgs, want, threads=t) == [True] * 300


def test_ctr_threads_give_the_same_bytes():
    rng = np.random.default_rng(4)
    n = 400
    keys = rng.integers(0, 256, (n, 16), dtype=np.uint8)
    ctrs = rng.integers(0, 256, (n, 16), dtype=np.uint8)
    recs = [rng.integers(0, 256, int(rng.integers(0, 2000)), dtype=np.uint8).tobytes()
            for _ in range(n)]
    want = [karx.Cipher("lea128", "ctr", bytes(k), bytes(c)).encrypt(r)
            for k, c, r in zip(keys, ctrs, recs)]
    for t in (1, 2, 4):
        assert karx.ctr_xor_many("lea128", keys, ctrs, recs, threads=t) == want
    data = rng.integers(0, 256, (n, 333), dtype=np.uint8)
    a = karx.ctr_xor_many("lea128", keys, ctrs, data, threads=1)
    assert np.array_equal(karx.ctr_xor_many("lea128", keys, ctrs, data, threads=4), a)
    with pytest.raises(karx.InvalidArgument):
        karx.ctr_xor_many("lea128", keys, ctrs, data, threads=-1)


def test_ctr_records_list_in_place_and_all_or_nothing():
    keys = np.zeros((3, 16), np.uint8)
    ctrs = np.zeros((3, 16), np.uint8)
    recs = [bytearray(b"a" * 40), memoryview(b"b" * 17), array.array("B", b"c" * 5)]
    got = karx.ctr_xor_many("lea128", keys, ctrs, recs, update_counters=True, threads=2)
    assert got == [karx.Cipher("lea128", "ctr", bytes(16), bytes(16)).encrypt(bytes(r))
                   for r in recs]
    assert ctrs[:, -1].tolist() == [3, 2, 1]  # blocks used
    ctrs[2] = 0xFF  # one block left: the second block of record 2 would wrap
    before = ctrs.copy()
    with pytest.raises(karx.CounterOverflow, match="nothing was encrypted"):
        karx.ctr_xor_many("lea128", keys, ctrs, [b"", b"x", bytes(32)], update_counters=True)
    assert np.array_equal(ctrs, before)


# ---------------------------------------------------------------- HMAC-LSH

def test_hmac_many_equals_hmac_digest():
    rng = random.Random(11)
    keys, msgs, want, digests = [], [], [], []
    for i in range(100):
        h = rng.choice(HASHES)
        k = rbytes(rng, rng.choice([0, 1, 16, 32, 64, 128, 200, 300]))
        x = rbytes(rng, a_length(rng))
        keys.append(karx.HmacKey(k, h) if i % 2 else k)
        digests.append(h)
        msgs.append(x)
        want.append(karx.hmac_digest(k, x, h))
    # raw keys need digest=: one variant per call for them; key objects carry their own
    assert karx.hmac_many([k for k in keys if isinstance(k, karx.HmacKey)],
                          [x for k, x in zip(keys, msgs) if isinstance(k, karx.HmacKey)]) == \
        [w for k, w in zip(keys, want) if isinstance(k, karx.HmacKey)]
    for h in HASHES:
        idx = [i for i in range(100) if digests[i] == h]
        got = karx.hmac_many([keys[i] for i in idx], [msgs[i] for i in idx], h)
        assert got == [want[i] for i in idx]
        got = karx.hmac_many([keys[i] for i in idx], [msgs[i] for i in idx], "hmac-" + h,
                             tag_length=28 if h != "lsh512-512" else 32)
        assert got == [want[i][:28 if h != "lsh512-512" else 32] for i in idx]
    # verify: every tag good, some forged, some truncated, some of lengths the verify refuses
    tags = list(want)
    expect = [True] * 100
    for i in rng.sample(range(100), 30):
        t = bytearray(tags[i])
        how = rng.choice(["flip", "trunc", "tiny", "long"])
        if how == "flip":
            t[rng.randrange(len(t))] ^= 4
            expect[i] = False
        elif how == "trunc":
            t = t[:karx.HmacKey(b"", digests[i]).digest_size // 2 + 6]
        elif how == "tiny":
            t = t[:9]
            expect[i] = False
        else:
            t += b"\0"
            expect[i] = False
        tags[i] = bytes(t)
    objs = [k if isinstance(k, karx.HmacKey) else karx.HmacKey(k, h)
            for k, h in zip(keys, digests)]
    assert karx.hmac_verify_many(objs, msgs, tags) == expect


def test_hmac_key_object():
    k = karx.HmacKey(b"secret", "LSH-512-256")
    assert k.name == "hmac-lsh512-256" and k.digest_size == 32
    assert karx.hmac_many([k], [b"m"]) == [karx.hmac_digest(b"secret", b"m", "lsh512-256")]
    assert karx.hmac_many([], []) == [] and karx.hmac_verify_many([], [], []) == []


# ---------------------------------------------------------------- bad arguments

GOOD_KEY = karx.LEAGCM(bytes(16))


@pytest.mark.parametrize("call,exc,text", [
    (lambda: karx.gcm_seal_many([GOOD_KEY] * 2, [bytes(12)], [b"", b""]), karx.InvalidArgument,
     "2 keys but 1 nonces"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b"", b""]), karx.InvalidArgument,
     "1 keys but 2 messages"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b""], [None, None]),
     karx.InvalidArgument, "associated_data"),
    (lambda: karx.gcm_seal_many([bytes(16)], [bytes(12)], [b""]), karx.InvalidArgument,
     "keys[0]: raw key bytes need cipher="),
    (lambda: karx.gcm_seal_many([GOOD_KEY, bytes(15)], [bytes(12)] * 2, [b""] * 2, cipher="LEA"),
     karx.InvalidKey, "keys[1]: LEA key must be 16, 24 or 32 bytes, got 15"),
    (lambda: karx.gcm_seal_many([b""], [bytes(12)], [b""], cipher="LEA"),
     karx.InvalidKey, "keys[0]: LEA key must be 16, 24 or 32 bytes, got 0"),
    (lambda: karx.ccm_seal_many([b"", b""], [bytes(12)] * 2, [b""] * 2, cipher="ARIA"),
     karx.InvalidKey, "keys[0]: ARIA key must be 16, 24 or 32 bytes, got 0"),
    (lambda: karx.gcm_seal_many([bytes(24)], [bytes(12)], [b""], cipher="lea128"),
     karx.InvalidKey, "keys[0]"),
    (lambda: karx.gcm_seal_many([bytes(16)], [bytes(12)], [b""], cipher="nope"),
     karx.UnknownAlgorithm, "nope"),
    (lambda: karx.gcm_seal_many([bytes(16)], [bytes(12)], [b""], cipher="hight"),
     karx.Unsupported, "128-bit-block"),
    (lambda: karx.gcm_seal_many([GOOD_KEY] * 2, [bytes(12), b""], [b""] * 2), karx.InvalidIV,
     "nonces[1]: GCM nonce must be at least 1 byte"),
    (lambda: karx.ccm_seal_many([karx.LEACCM(bytes(16))], [bytes(14)], [b""]), karx.InvalidIV,
     "nonces[0]: CCM nonce must be 7 to 13 bytes, got 14"),
    (lambda: karx.ccm_open_many([karx.LEACCM(bytes(16))], [bytes(6)], [bytes(20)]),
     karx.InvalidIV, "nonces[0]"),
    (lambda: karx.ccm_seal_many([karx.LEACCM(bytes(16))], [bytes(13)], [bytes(70000)]),
     karx.InvalidDataLength, "messages[0]: CCM with a 13-byte nonce takes at most 65535"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b""], tag_length=11),
     karx.InvalidArgument, "GCM tag_length must be"),
    (lambda: karx.ccm_seal_many([bytes(16)], [bytes(12)], [b""], cipher="LEA", tag_length=5),
     karx.InvalidArgument, "CCM tag_length must be"),
    (lambda: karx.gcm_seal_many([karx.LEACCM(bytes(16))], [bytes(12)], [b""]),
     karx.InvalidArgument, "keys[0]: a CCM key object in a GCM batch"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b""], threads=-1), karx.InvalidArgument,
     "threads"),
    (lambda: karx.hmac_many([b"k"], [b"m"]), karx.InvalidArgument,
     "keys[0]: raw key bytes need digest="),
    (lambda: karx.hmac_many([b"k"], [b"m"], "sha256"), karx.UnknownAlgorithm, "sha256"),
    (lambda: karx.hmac_many([b"k"], [b"m"], "lsh256-256", tag_length=9),
     karx.InvalidOutputLength, "tag_length must be 16 to 32, got 9"),
    (lambda: karx.hmac_many([b"k"], [b"m"], "lsh256-256", tag_length=33),
     karx.InvalidOutputLength, "got 33"),
    (lambda: karx.hmac_many([karx.HmacKey(b"k", "lsh256-256")], [b"m"], "lsh512-512"),
     karx.InvalidArgument, "keys[0]: an hmac-lsh256-256 key object"),
    (lambda: karx.hmac_verify_many([b"k"], [b"m"], [], "lsh256-256"), karx.InvalidArgument,
     "1 keys but 0 tags"),
])
def test_bad_arguments_raise_specific_errors(call, exc, text):
    with pytest.raises(exc) as e:
        call()
    assert text in str(e.value)


@pytest.mark.parametrize("call,exc,text", [
    (lambda: karx.gcm_seal_many(GOOD_KEY, [bytes(12)], [b""]), TypeError, "keys"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], bytes(12), [b""]), TypeError, "nonces"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], "abc"), TypeError, "messages"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b"x"], b"ad"), TypeError,
     "associated_data"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], ["abc"]), TypeError,
     "messages[0]: strings must be encoded"),
    (lambda: karx.gcm_seal_many([GOOD_KEY, 5], [bytes(12)] * 2, [b""] * 2, cipher="LEA"),
     TypeError, "keys[1]"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [None], [b""]), TypeError, "nonces[0]"),
    (lambda: karx.gcm_seal_many(None, [bytes(12)], [b""]), TypeError, "keys"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], np.zeros(5, np.uint8)), TypeError,
     "messages"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b""], threads=1.5), TypeError,
     "threads"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b""], cipher=5), TypeError,
     "cipher"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [b""], tag_length="16"), TypeError,
     "tag_length"),
    (lambda: karx.gcm_seal_many([GOOD_KEY], [bytes(12)], [memoryview(bytes(10))[::2]]),
     BufferError, "messages[0]"),
    (lambda: karx.hmac_many([object()], [b"m"], "lsh256-256"), TypeError, "keys[0]"),
    (lambda: karx.hmac_verify_many([b"k"], [b"m"], ["tag"], "lsh256-256"), TypeError, "tags[0]"),
])
def test_wrong_types_raise_type_errors(call, exc, text):
    with pytest.raises(exc) as e:
        call()
    assert text in str(e.value)


class _NeverKeyed(karx.LEAGCM):
    def __init__(self) -> None:  # skips the base's __init__: no key
        pass


@pytest.mark.parametrize("call", [
    lambda: karx.gcm_seal_many([_NeverKeyed()], [bytes(12)], [b"x"]),
    lambda: karx.gcm_open_many([karx.LEAGCM.__new__(karx.LEAGCM)], [bytes(12)], [bytes(20)]),
    lambda: karx.hmac_many([karx.HmacKey.__new__(karx.HmacKey)], [b"x"]),
])
def test_a_key_object_never_initialised_raises(call):
    with pytest.raises(karx.InvalidState, match="never initialised"):
        call()


def test_a_bad_argument_processes_nothing():
    """Arguments are checked before the jobs run: no record is sealed when one is bad."""
    k = karx.LEAGCM(bytes(16))
    with pytest.raises(karx.InvalidIV):
        karx.gcm_seal_many([k] * 100, [bytes(12)] * 99 + [b""], [bytes(100)] * 100)


# ---------------------------------------------------------------- the GIL

def test_batches_release_the_gil():
    keys = [karx.LEAGCM(bytes([i]) * 16) for i in range(64)]
    msgs = [bytes(64 << 10)] * 64
    nonces = [bytes(12)] * 64
    assert spins_during(lambda: [karx.gcm_seal_many(keys, nonces, msgs)
                                 for _ in range(4)]) > 10_000
    ckeys = [karx.LEACCM(bytes([i]) * 16) for i in range(64)]
    assert spins_during(lambda: [karx.ccm_seal_many(ckeys, nonces, msgs)
                                 for _ in range(2)]) > 10_000
    hkeys = [karx.HmacKey(bytes([i]), "lsh256-256") for i in range(64)]
    assert spins_during(lambda: [karx.hmac_many(hkeys, msgs) for _ in range(4)]) > 10_000
