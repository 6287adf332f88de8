"""The sealed-file format v1 (docs/FORMAT.md) in the package: karx.seal_file / open_file and
the streaming SealWriter / SealReader. The document's vectors open and are reproduced byte for
byte; the independent model (tests/seal/seal_model.py, pure Python) and, when it is built, the C
CLI (build/karx) open what the package seals and the package opens what they seal; every damage
the format detects raises SealError (SealAuthenticationError for a tag), and no plaintext of a
chunk whose tag failed is ever returned."""
import io
import os
import shutil
import stat
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import karx
from karx import _seal

ROOT = Path(__file__).resolve().parents[2]
FORMAT_MD = ROOT / "docs" / "FORMAT.md"
MODEL = ROOT / "tests" / "seal" / "seal_model.py"
CHUNK = 65536
CT = CHUNK + 16
HDR = 88
CIPHERS = ["lea256", "lea128", "cham128-256", "cham128-128"]
SALT = bytes(range(100, 132))
PREFIX = bytes.fromhex("01020304050607")
PW = "test pass"

# the model's reading of the document's vector blocks (the model checks them the same way)
sys.path.insert(0, str(MODEL.parent))
import seal_model  # noqa: E402


def _vectors():
    """[{field: value}] of the test vectors printed in docs/FORMAT.md."""
    out = []
    for f in seal_model.doc_fields(FORMAT_MD.read_text()):
        v = {"cipher": f["cipher"], "salt": bytes.fromhex(f["salt"]),
             "prefix": bytes.fromhex(f["prefix"]), "sealed": bytes.fromhex(f["sealed"]),
             "plaintext": b"" if f["plaintext"] == "(empty)" else bytes.fromhex(f["plaintext"])}
        if "passphrase" in f:
            v["secret"] = {"passphrase": f["passphrase"].rsplit(" (ASCII)", 1)[0]}
            v["iterations"] = int(f["iterations"])
        else:
            v["secret"] = {"key": bytes.fromhex(f["key"])}
            v["iterations"] = None
        out.append(v)
    return out


VECTORS = _vectors()


def seal(data, threads=1, fixed=True, **kw):
    kw.setdefault("passphrase", None if "key" in kw else PW)
    if "passphrase" in kw and kw["passphrase"] is not None:
        kw.setdefault("iterations", 2)
    if fixed:
        kw.update(_salt=SALT, _prefix=PREFIX)
    out = io.BytesIO()
    karx.seal_file(io.BytesIO(data), out, threads=threads, **kw)
    return out.getvalue()


def unseal(blob, threads=1, **kw):
    if "key" not in kw:
        kw.setdefault("passphrase", PW)
    out = io.BytesIO()
    karx.open_file(io.BytesIO(blob), out, threads=threads, **kw)
    return out.getvalue()


def data_of(n, seed=1):
    """n bytes of a pattern that differs from chunk to chunk."""
    return bytes((i * seed + (i >> 16) * 31 + (i >> 8)) & 0xFF for i in range(n))


# ---------------------------------------------------------------- the document's vectors

def test_the_document_has_the_four_vectors():
    assert len(VECTORS) == 4
    assert {v["cipher"] for v in VECTORS} == {"lea256", "lea128", "cham128-256"}


@pytest.mark.parametrize("i", range(len(VECTORS)))
def test_vectors_open(i):
    v = VECTORS[i]
    assert unseal(v["sealed"], **v["secret"]) == v["plaintext"]
    r = karx.SealReader(io.BytesIO(v["sealed"]), **v["secret"])
    assert r.cipher == v["cipher"] and r.iterations == (v["iterations"] or 0)
    assert r.read() == v["plaintext"]


@pytest.mark.parametrize("i", range(len(VECTORS)))
def test_fixed_salt_and_prefix_give_the_vector_bytes(i):
    v = VECTORS[i]
    out = io.BytesIO()
    karx.seal_file(io.BytesIO(v["plaintext"]), out, cipher=v["cipher"],
                   iterations=v["iterations"], _salt=v["salt"], _prefix=v["prefix"],
                   **v["secret"])
    assert out.getvalue() == v["sealed"]


def test_a_changed_vector_byte_fails():
    v = VECTORS[0]
    bad = bytearray(v["sealed"])
    bad[-1] ^= 1
    with pytest.raises(karx.SealAuthenticationError):
        unseal(bytes(bad), **v["secret"])


def test_passphrase_str_is_utf8_and_bytes_like_work():
    a = seal(b"m", passphrase="p\u00e4ss")
    assert a == seal(b"m", passphrase=b"p\xc3\xa4ss") == seal(b"m", passphrase=bytearray(
        b"p\xc3\xa4ss")) == seal(b"m", passphrase=memoryview(b"p\xc3\xa4ss"))
    assert unseal(a, passphrase=b"p\xc3\xa4ss") == b"m"
    assert a != seal(b"m", passphrase="pass")


# ---------------------------------------------------------------- round trips

SIZES = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 200000]


@pytest.mark.parametrize("cipher", CIPHERS)
@pytest.mark.parametrize("size", SIZES)
def test_round_trip(cipher, size):
    pt = data_of(size)
    blob = seal(pt, cipher=cipher, fixed=False)
    n_full = size // CHUNK
    assert len(blob) == HDR + n_full * CT + (size - n_full * CHUNK) + 16
    assert blob[9] == CIPHERS.index(cipher) + 1 and blob[10] == 1
    assert struct.unpack(">I", blob[12:16])[0] == 2
    assert unseal(blob) == pt
    kblob = seal(pt, cipher=cipher, key=bytes(range(32)), fixed=False)
    assert kblob[10] == 0 and kblob[12:16] == bytes(4)
    assert unseal(kblob, key=bytes(range(32))) == pt


def test_every_file_gets_fresh_salt_and_prefix():
    a, b = seal(b"same", fixed=False), seal(b"same", fixed=False)
    assert a[16:55] != b[16:55] and a[HDR:] != b[HDR:]
    assert unseal(a) == unseal(b) == b"same"


@pytest.mark.parametrize("size", [0, CHUNK, 5 * CHUNK + 7, 9 * CHUNK])
def test_threads_give_identical_bytes(size):
    pt = data_of(size, 3)
    one = seal(pt, threads=1)
    assert seal(pt, threads=2) == one
    assert seal(pt, threads=3) == one
    assert seal(pt, threads=0) == one
    for t in (1, 2, 3):
        assert unseal(one, threads=t) == pt


def test_paths(tmp_path):
    pt = data_of(CHUNK + 5)
    (tmp_path / "p").write_bytes(pt)
    karx.seal_file(tmp_path / "p", str(tmp_path / "s"), passphrase=PW, iterations=2)
    karx.open_file(str(tmp_path / "s"), tmp_path / "o", passphrase=PW)
    assert (tmp_path / "o").read_bytes() == pt
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE((tmp_path / "o").stat().st_mode) == 0o666 & ~mask
    # an existing output keeps its mode
    os.chmod(tmp_path / "o", 0o600)
    karx.open_file(tmp_path / "s", tmp_path / "o", passphrase=PW)
    assert stat.S_IMODE((tmp_path / "o").stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o", "p", "s"]
    with pytest.raises(IsADirectoryError):
        karx.open_file(tmp_path / "s", tmp_path, passphrase=PW)


# ---------------------------------------------------------------- the default iteration count

def test_calibration_rule_with_a_fake_clock(monkeypatch):
    """karx enc's rule: double from 1000 until a run takes 50 ms, scale to 0.5 s, round up to a
    thousand; clamped to 1000 .. 16777216."""
    def clock_for(per_iteration):
        state = {"t": 0.0, "calls": []}
        real = karx._karx.pbkdf2_hmac

        def fake_pbkdf2(name, pw, salt, c, dklen):
            state["calls"].append(c)
            state["t"] += c * per_iteration
            return real(name, pw, salt, 1, dklen)
        monkeypatch.setattr(_seal._karx, "pbkdf2_hmac", fake_pbkdf2)
        return state

    s = clock_for(1e-6)  # 64000 iterations take 64 ms: 500000 for half a second
    assert _seal._calibrate(lambda: s["t"]) == 500000
    assert s["calls"] == [1000, 2000, 4000, 8000, 16000, 32000, 64000]
    s = clock_for(3e-7)  # 256000 take 76.8 ms: 1666666.67 -> 1667000
    assert _seal._calibrate(lambda: s["t"]) == 1667000
    s = clock_for(1e-3)  # slow: the floor of 1000
    assert _seal._calibrate(lambda: s["t"]) == 1000
    s = clock_for(1e-12)  # fast: the cap
    assert _seal._calibrate(lambda: s["t"]) == 16777216


def test_default_iterations_are_calibrated():
    r = io.BytesIO()
    w = karx.SealWriter(r, passphrase=PW)
    w.write(b"calibrated")
    w.close()
    it = w.iterations
    assert it % 1000 == 0 and 1000 <= it <= 16777216
    assert struct.unpack(">I", r.getvalue()[12:16])[0] == it
    rd = karx.SealReader(io.BytesIO(r.getvalue()), passphrase=PW)
    assert rd.iterations == it and rd.read() == b"calibrated"
    assert karx.SealWriter(io.BytesIO(), key=bytes(32)).iterations == 0


# ---------------------------------------------------------------- damage

PT3 = data_of(3 * CHUNK + 100, 7)


@pytest.fixture(scope="module")
def sealed3():
    return seal(PT3)


def flip(b, i, mask=0x01):
    b = bytearray(b)
    b[i] ^= mask
    return bytes(b)


def test_wrong_passphrase_or_key(sealed3):
    with pytest.raises(karx.SealAuthenticationError, match="wrong passphrase"):
        unseal(sealed3, passphrase="other")
    k = seal(b"x", key=bytes(32))
    with pytest.raises(karx.SealAuthenticationError, match="wrong key"):
        unseal(k, key=bytes(31) + b"\1")
    with pytest.raises(karx.SealError, match="not a passphrase"):
        unseal(k, passphrase=PW)
    with pytest.raises(karx.SealError, match="not a raw key"):
        unseal(sealed3, key=bytes(32))


@pytest.mark.parametrize("offset,match", [
    (0, "not a karx sealed file"), (8, "version"), (9, r"corrupted header \(unknown cipher"),
    (10, r"corrupted header \(unknown KDF"), (11, "chunk size"), (55, "reserved byte"),
    (15, "wrong passphrase"), (20, "wrong passphrase"), (50, "wrong passphrase"),
    (60, "wrong passphrase"), (87, "wrong passphrase")])
def test_corrupt_header(sealed3, offset, match):
    with pytest.raises(karx.SealError, match=match) as e:
        unseal(flip(sealed3, offset, 0x80 if offset < 12 or offset == 55 else 0x01))
    # a changed iteration count, salt, prefix or header tag is found by the header tag
    assert isinstance(e.value, karx.InvalidTag) == (match == "wrong passphrase")


def test_iteration_count_of_the_wrong_kdf_and_the_cap(sealed3):
    body = bytearray(sealed3)
    body[12:16] = bytes(4)
    with pytest.raises(karx.SealError, match="iteration count does not match"):
        unseal(bytes(body))
    with pytest.raises(karx.SealError, match="asks for 2 PBKDF2 iterations, more than the 1"):
        unseal(sealed3, max_iterations=1)
    assert unseal(sealed3, max_iterations=2) == PT3


@pytest.mark.parametrize("where", [HDR, HDR + 5, HDR + CT - 1, HDR + CT + 1000,
                                   HDR + 3 * CT + 3, len(PT3) + 4 * 16 + HDR - 1])
def test_flipped_chunk_byte(sealed3, where):
    with pytest.raises(karx.SealAuthenticationError, match="authentication failed"):
        unseal(flip(sealed3, where))


def test_truncation_and_extension(sealed3):
    n = len(sealed3)
    cases = {
        "missing last chunk": (sealed3[:HDR + 3 * CT], karx.SealError,
                               "truncated: the file ends after chunk 2, before its last chunk"),
        "only the header": (sealed3[:HDR], karx.SealError, "truncated: no chunk after the header"),
        "short header": (sealed3[:50], karx.SealError, "truncated: the header is 50 of 88"),
        "empty": (b"", karx.SealError, "not a karx sealed file"),
        "inside a chunk": (sealed3[:HDR + CT + 500], karx.SealAuthenticationError,
                           "chunk 1 \\(the last\\): authentication failed"),
        "inside the last": (sealed3[:n - 1], karx.SealAuthenticationError, "chunk 3"),
        "shorter than a tag": (sealed3[:HDR + 3 * CT + 15], karx.SealError,
                               "shorter than its 16-byte tag"),
        "appended byte": (sealed3 + b"\0", karx.SealAuthenticationError, "chunk 3"),
        "appended chunk": (sealed3 + sealed3[HDR:HDR + CT], karx.SealAuthenticationError,
                           "chunk 3:"),
        "two chunks swapped": (sealed3[:HDR] + sealed3[HDR + CT:HDR + 2 * CT] +
                               sealed3[HDR:HDR + CT] + sealed3[HDR + 2 * CT:],
                               karx.SealAuthenticationError, "chunk 0"),
        "a chunk dropped": (sealed3[:HDR + CT] + sealed3[HDR + 2 * CT:],
                            karx.SealAuthenticationError, "chunk 1"),
    }
    for name, (blob, exc, match) in cases.items():
        for threads in (1, 2):
            with pytest.raises(exc, match=match):
                unseal(blob, threads=threads)
            if exc is karx.SealError:  # structural: no tag failed
                with pytest.raises(karx.SealError) as e:
                    unseal(blob, threads=threads)
                assert not isinstance(e.value, karx.InvalidTag), name


def test_a_chunk_from_another_file_fails(sealed3):
    other = seal(PT3, fixed=False)  # same passphrase, other salt: other keys
    mixed = sealed3[:HDR + CT] + other[HDR + CT:HDR + 2 * CT] + sealed3[HDR + 2 * CT:]
    with pytest.raises(karx.SealAuthenticationError, match="chunk 1"):
        unseal(mixed)


def test_errors_are_karx_errors():
    assert issubclass(karx.SealError, karx.KarxError) and issubclass(karx.SealError, ValueError)
    assert issubclass(karx.SealAuthenticationError, karx.SealError)
    assert issubclass(karx.SealAuthenticationError, karx.InvalidTag)
    assert karx.SealAuthenticationError.status == karx.InvalidTag.status


# ---------------------------------------------------------------- no partial output

def test_open_file_to_a_path_leaves_nothing_on_failure(tmp_path, sealed3):
    bad = flip(sealed3, HDR + 2 * CT + 9)  # chunks 0 and 1 verify, chunk 2 fails
    (tmp_path / "bad").write_bytes(bad)
    with pytest.raises(karx.SealAuthenticationError):
        karx.open_file(tmp_path / "bad", tmp_path / "out", passphrase=PW)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad"]
    (tmp_path / "out").write_bytes(b"old contents")
    for blob in (bad, sealed3[:HDR + 3 * CT], sealed3 + b"x"):
        (tmp_path / "bad").write_bytes(blob)
        with pytest.raises(karx.SealError):
            karx.open_file(tmp_path / "bad", tmp_path / "out", passphrase=PW, threads=2)
        assert (tmp_path / "out").read_bytes() == b"old contents"
    with pytest.raises(karx.SealAuthenticationError):  # the header: before any output
        karx.open_file(io.BytesIO(sealed3), tmp_path / "new", passphrase="wrong")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad", "out"]


def test_open_file_to_a_file_object_streams_only_verified_chunks(sealed3):
    out = io.BytesIO()
    with pytest.raises(karx.SealAuthenticationError, match="chunk 2"):
        karx.open_file(io.BytesIO(flip(sealed3, HDR + 2 * CT + 9)), out, passphrase=PW)
    assert out.getvalue() == PT3[:2 * CHUNK]


def test_seal_file_to_a_path_leaves_nothing_on_failure(tmp_path):
    class Boom(io.RawIOBase):
        n = 0

        def readable(self):
            return True

        def readinto(self, b):
            self.n += 1
            if self.n > 3:
                raise OSError("read failed")
            b[:1000] = bytes(1000)
            return 1000
    with pytest.raises(OSError, match="read failed"):
        karx.seal_file(io.BufferedReader(Boom(), 1000), tmp_path / "s", passphrase=PW,
                       iterations=2)
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- streaming objects

def test_writer_matches_seal_file_for_any_write_sizes():
    pt = data_of(3 * CHUNK + 17, 5)
    want = seal(pt)
    for step in (1000, CHUNK, CHUNK + 1, 3 * CHUNK + 17):
        for threads in (1, 2):
            out = io.BytesIO()
            with karx.SealWriter(out, passphrase=PW, iterations=2, threads=threads,
                                 _salt=SALT, _prefix=PREFIX) as w:
                for i in range(0, len(pt), step):
                    assert w.write(memoryview(pt)[i:i + step]) == len(pt[i:i + step])
            assert w.closed and not out.closed
            assert out.getvalue() == want
    with pytest.raises(ValueError):
        w.write(b"more")


def test_writer_sends_full_chunks_as_they_complete():
    out = io.BytesIO()
    w = karx.SealWriter(out, key=bytes(32))
    assert len(out.getvalue()) == HDR
    w.write(bytes(CHUNK - 1))
    assert len(out.getvalue()) == HDR
    w.write(bytes(2))
    assert len(out.getvalue()) == HDR + CT
    w.close()
    assert len(out.getvalue()) == HDR + CT + 1 + 16
    assert unseal(out.getvalue(), key=bytes(32)) == bytes(CHUNK + 1)


def test_writer_left_by_an_exception_or_dropped_gives_a_truncated_file():
    out = io.BytesIO()
    with pytest.raises(RuntimeError):
        with karx.SealWriter(out, passphrase=PW, iterations=2) as w:
            w.write(bytes(CHUNK + 10))
            raise RuntimeError("stop")
    assert w.closed and len(out.getvalue()) == HDR + CT
    with pytest.raises(karx.SealError, match="truncated"):
        unseal(out.getvalue())
    out = io.BytesIO()
    w = karx.SealWriter(out, passphrase=PW, iterations=2)
    w.write(b"abc")
    del w
    with pytest.raises(karx.SealError, match="truncated: no chunk"):
        unseal(out.getvalue())


def test_reader_read_sizes_and_interfaces(sealed3):
    for threads in (1, 2):
        r = karx.SealReader(io.BytesIO(sealed3), passphrase=PW, threads=threads)
        got = bytearray()
        for n in (1, 10, CHUNK, CHUNK - 11, 3, 100000):
            got += r.read(n)
        got += r.read()
        assert bytes(got) == PT3 and r.read() == b"" and r.read(5) == b""
        r = karx.SealReader(io.BytesIO(sealed3), passphrase=PW, threads=threads)
        buf = bytearray(70000)
        n = r.readinto(buf)
        assert n == 70000 and bytes(buf) == PT3[:70000]
        assert r.read1(10**6) == PT3[70000:2 * CHUNK]
        assert b"".join(r.chunks()) == PT3[2 * CHUNK:]
    r = karx.SealReader(io.BytesIO(sealed3), passphrase=PW)
    assert [len(c) for c in r.chunks()] == [CHUNK, CHUNK, CHUNK, 100]
    lines = list(karx.SealReader(io.BytesIO(seal(b"a\nbb\nccc")), passphrase=PW))
    assert lines == [b"a\n", b"bb\n", b"ccc"]
    text = b"".join(b"line %d %s\n" % (i, b"x" * (i % 97)) for i in range(3000)) + b"tail"
    assert len(text) > 2 * CHUNK  # lines across chunk boundaries
    for threads in (1, 2):
        r = karx.SealReader(io.BytesIO(seal(text)), passphrase=PW, threads=threads)
        assert r.readline(3) == b"lin" and r.readline() == b"e 0 \n"
        assert list(r) == text.splitlines(keepends=True)[1:]
    with karx.SealReader(io.BytesIO(sealed3), passphrase=PW) as r:
        assert shutil.copyfileobj(r, io.BytesIO()) is None
    assert r.closed
    with pytest.raises(ValueError):
        r.read(1)


@pytest.mark.parametrize("threads", [1, 2, 4])
@pytest.mark.parametrize("bad_chunk", [0, 1, 2, 3])
def test_reader_never_returns_plaintext_of_a_failed_chunk(sealed3, threads, bad_chunk):
    blob = flip(sealed3, HDR + bad_chunk * CT + 3)
    for how in ("read", "chunks", "readinto"):
        r = karx.SealReader(io.BytesIO(blob), passphrase=PW, threads=threads)
        got = bytearray()
        with pytest.raises(karx.SealAuthenticationError, match=f"chunk {bad_chunk}"):
            while True:
                if how == "read":
                    b = r.read(1000)
                elif how == "readinto":
                    buf = bytearray(CHUNK + 3)
                    b = buf[:r.readinto(buf)]
                else:
                    b = next(r.chunks(), b"")
                if not b:
                    break
                got += b
        # exactly the chunks before the bad one, whatever the batching
        assert bytes(got) == PT3[:bad_chunk * CHUNK]
        with pytest.raises(karx.SealAuthenticationError):  # and it stays failed
            r.read(1)


def test_reader_checks_the_header_at_construction(sealed3):
    with pytest.raises(karx.SealAuthenticationError):
        karx.SealReader(io.BytesIO(sealed3), passphrase="nope")
    src = io.BytesIO(sealed3)
    karx.SealReader(src, passphrase=PW)
    assert src.tell() == HDR  # nothing past the header is read before a read


# ---------------------------------------------------------------- arguments

def test_argument_errors():
    f = io.BytesIO()
    with pytest.raises(karx.InvalidArgument, match="not both"):
        karx.SealWriter(f, passphrase=PW, key=bytes(32))
    with pytest.raises(karx.InvalidArgument, match="give passphrase"):
        karx.SealWriter(f)
    with pytest.raises(karx.InvalidKey, match="32 bytes whatever the cipher"):
        karx.SealWriter(f, key=bytes(16), cipher="lea128")
    with pytest.raises(karx.InvalidArgument, match="no PBKDF2 iterations"):
        karx.SealWriter(f, key=bytes(32), iterations=5)
    with pytest.raises(karx.InvalidArgument, match="empty passphrase"):
        karx.SealWriter(f, passphrase="")
    with pytest.raises(karx.InvalidArgument, match="sealed files take"):
        karx.SealWriter(f, passphrase=PW, cipher="aria128", iterations=2)
    with pytest.raises(karx.UnknownAlgorithm):
        karx.SealWriter(f, passphrase=PW, cipher="nope", iterations=2)
    with pytest.raises(karx.InvalidArgument, match="iterations"):
        karx.SealWriter(f, passphrase=PW, iterations=0)
    with pytest.raises(karx.InvalidArgument, match="threads"):
        karx.SealWriter(f, passphrase=PW, iterations=2, threads=-1)
    with pytest.raises(TypeError):
        karx.SealWriter(f, passphrase=PW, iterations=2.5)
    with pytest.raises(karx.InvalidArgument, match="_salt"):
        karx.SealWriter(f, passphrase=PW, iterations=2, _salt=SALT)
    with pytest.raises(TypeError, match="max_iterations"):
        karx.SealReader(io.BytesIO(), passphrase=PW, max_iterations="8")
    assert f.getvalue() == b""  # nothing written for a refused call
    assert seal(b"x", cipher="LEA-128")[9] == 2  # any spelling of the registry


# ---------------------------------------------------------------- the independent model

def run_model(*args):
    r = subprocess.run([sys.executable, str(MODEL), *map(str, args)], capture_output=True,
                       text=True, timeout=600)
    return r.returncode, r.stderr


def test_model_and_package_seal_the_same_bytes(tmp_path):
    pt = os.urandom(CHUNK + 4464)  # two chunks: the counter and the last flag
    (tmp_path / "p").write_bytes(pt)
    (tmp_path / "pw").write_bytes(b"model pass\n")
    rc, err = run_model("seal", "--cipher", "lea256", "--salt", SALT.hex(), "--prefix",
                        PREFIX.hex(), "--iter", 3, "--pass-file", tmp_path / "pw",
                        tmp_path / "p", tmp_path / "m.s")
    assert rc == 0, err
    ours = seal(pt, passphrase="model pass", iterations=3)
    assert (tmp_path / "m.s").read_bytes() == ours
    assert unseal(ours, passphrase="model pass") == pt


@pytest.mark.parametrize("cipher", CIPHERS)
def test_model_opens_what_the_package_seals(tmp_path, cipher):
    pt = os.urandom(1500)
    (tmp_path / "p").write_bytes(pt)
    (tmp_path / "pw").write_bytes(PW.encode() + b"\n")
    key = os.urandom(32)
    (tmp_path / "key").write_bytes(key)
    for secret, opt in (({"passphrase": PW, "iterations": 2}, "--pass-file"),
                        ({"key": key}, "--key-file")):
        karx.seal_file(tmp_path / "p", tmp_path / "s", cipher=cipher, **secret)
        rc, err = run_model("open", opt, tmp_path / ("pw" if "passphrase" in secret else "key"),
                            tmp_path / "s", tmp_path / "o")
        assert rc == 0, err
        assert (tmp_path / "o").read_bytes() == pt
    # and the model refuses a changed byte, so the check above can fail
    s = bytearray((tmp_path / "s").read_bytes())
    s[-3] ^= 1
    (tmp_path / "s").write_bytes(bytes(s))
    assert run_model("open", "--key-file", tmp_path / "key", tmp_path / "s", tmp_path / "o")[0]


# ---------------------------------------------------------------- the C CLI

def _karx_cli():
    exe = ROOT / "build" / "karx"
    if not (exe.is_file() and os.access(exe, os.X_OK)):
        pytest.skip("no C CLI at build/karx (build it with cmake --build build --target karx); "
                    "the model tests above check the format without it")
    return str(exe)


@pytest.mark.parametrize("cipher", CIPHERS)
def test_cli_opens_what_the_package_seals_and_back(tmp_path, cipher):
    exe = _karx_cli()
    pt = data_of(2 * CHUNK + 333, 9)
    (tmp_path / "p").write_bytes(pt)
    (tmp_path / "pw").write_bytes(PW.encode() + b"\n")
    key = os.urandom(32)
    (tmp_path / "key").write_bytes(key)
    for secret, cli in (({"passphrase": PW, "iterations": 2},
                         ["--pass-file", str(tmp_path / "pw")]),
                        ({"key": key}, ["--key-file", str(tmp_path / "key")])):
        karx.seal_file(tmp_path / "p", tmp_path / "py.s", cipher=cipher, threads=2, **secret)
        r = subprocess.run([exe, "dec", *cli, "-i", str(tmp_path / "py.s"), "-o",
                            str(tmp_path / "cli.o")], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert (tmp_path / "cli.o").read_bytes() == pt
        extra = ["--iter", "2"] if "passphrase" in secret else []
        r = subprocess.run([exe, "enc", "-c", cipher, *cli, *extra, "-i", str(tmp_path / "p"),
                            "-o", str(tmp_path / "cli.s")], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        karx.open_file(tmp_path / "cli.s", tmp_path / "py.o",
                       **{k: v for k, v in secret.items() if k != "iterations"})
        assert (tmp_path / "py.o").read_bytes() == pt
    # the CLI refuses what the package flags as damaged
    s = bytearray((tmp_path / "py.s").read_bytes())
    s[HDR + CT + 7] ^= 1
    (tmp_path / "bad.s").write_bytes(bytes(s))
    r = subprocess.run([exe, "dec", "--key-file", str(tmp_path / "key"), "-i",
                        str(tmp_path / "bad.s"), "-o", str(tmp_path / "bad.o")],
                       capture_output=True, text=True)
    assert r.returncode != 0 and "chunk 1" in r.stderr
    with pytest.raises(karx.SealAuthenticationError, match="chunk 1"):
        karx.open_file(tmp_path / "bad.s", io.BytesIO(), key=key)


def test_cli_with_a_utf8_passphrase(tmp_path):
    exe = _karx_cli()
    (tmp_path / "pw").write_bytes("s\u00e9same \u2603".encode())
    karx.seal_file(io.BytesIO(b"snow"), tmp_path / "s", passphrase="s\u00e9same \u2603",
                   iterations=2)
    r = subprocess.run([exe, "dec", "--pass-file", str(tmp_path / "pw"), "-i",
                        str(tmp_path / "s")], capture_output=True)
    assert r.returncode == 0 and r.stdout == b"snow", r.stderr


# A reader or writer dropped without close() is closed by the garbage collector, which can run
# at any point, even in a thread that holds one of threading's own locks (a new thread's
# bootstrap runs a collection while holding _shutdown_locks_lock). close() must not join the
# pool's threads there: the join needs that lock, and the process hung for good (seen in CI).
# This closes a reader and a writer under that lock, in a child so a hang cannot stop the run.
_CLOSE_UNDER_LOCK = r"""
import io, threading, karx
assert hasattr(threading, "_shutdown_locks_lock"), "SKIP"
data = bytes(range(256)) * 1024
out = io.BytesIO()
w = karx.SealWriter(out, passphrase="pw", iterations=1000, threads=2)
w.write(data)
buf = io.BytesIO()
w2 = karx.SealWriter(buf, passphrase="pw", iterations=1000, threads=2)
w2.write(data)
w.close()
r = karx.SealReader(io.BytesIO(out.getvalue()), passphrase="pw", threads=2)
assert r.read() == data
with threading._shutdown_locks_lock:
    r.close()
    w2.close()
assert karx.SealReader(io.BytesIO(buf.getvalue()), passphrase="pw").read() == data
print("ok")
"""


def test_close_never_joins_threads_under_a_threading_lock():
    p = subprocess.run([sys.executable, "-c", _CLOSE_UNDER_LOCK], capture_output=True, text=True,
                       timeout=60)
    if "SKIP" in p.stderr:
        pytest.skip("this Python has no threading._shutdown_locks_lock")
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr
