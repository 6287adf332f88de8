"""The exception hierarchy is one class per karx_status in include/karx/common.h; buffers that
are not C-contiguous raise BufferError (as hashlib); an OS entropy failure raises EntropyError."""
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import karx
from karx._errors import _STATUS_TO_ERROR

COMMON_H = Path(__file__).resolve().parents[2] / "include" / "karx" / "common.h"


def c_statuses():
    text = COMMON_H.read_text()
    body = text[text.index("typedef enum karx_status"):text.index("} karx_status;")]
    return {int(v): n for n, v in re.findall(r"(KARX_\w+)\s*=\s*(-?\d+)", body)}


def test_one_class_per_status():
    st = c_statuses()
    errors = {v: n for v, n in st.items() if v != 0}
    assert len(errors) >= 15
    assert set(_STATUS_TO_ERROR) == set(errors)
    classes = list(_STATUS_TO_ERROR.values())
    assert len(set(classes)) == len(classes)
    for value, cls in _STATUS_TO_ERROR.items():
        assert issubclass(cls, karx.KarxError)
        assert cls.status == value and cls.status_name == errors[value]
        assert getattr(karx, cls.__name__) is cls
        assert karx.strerror(value) and karx.strerror(value) != karx.strerror(0)


@pytest.mark.parametrize("cls,base", [
    (karx.InvalidKey, ValueError), (karx.InvalidIV, ValueError),
    (karx.InvalidArgument, ValueError), (karx.InvalidPadding, ValueError),
    (karx.NoDevice, RuntimeError), (karx.InvalidState, RuntimeError),
    (karx.ReseedRequired, RuntimeError), (karx.OutOfMemory, MemoryError),
    (karx.CounterOverflow, OverflowError), (karx.UnknownAlgorithm, ValueError),
    (karx.EntropyError, OSError)])
def test_builtin_bases(cls, base):
    assert issubclass(cls, base)


def test_raised_from_c_with_message():
    with pytest.raises(karx.KarxError) as e:
        karx.Cipher("lea192", "ofb", bytes(16), bytes(16))
    assert type(e.value) is karx.InvalidKey
    assert "24 bytes, got 16" in str(e.value)
    with pytest.raises(karx.Unsupported):
        karx.set_backend("neon" if karx.backend() != "neon" else "avx512")


def test_package_ships_types():
    pkg = Path(karx.__file__).resolve().parent
    assert (pkg / "py.typed").exists()
    stub = (pkg / "_karx.pyi").read_text()
    import karx._karx as m
    public = {n for n in dir(m) if not n.startswith("__")}
    missing = {n for n in public if not re.search(rf"^\s*(def|class) {n}\b", stub, re.M)}
    assert not missing, f"names without a stub: {sorted(missing)}"


# ---------------------------------------------------------------- non-contiguous buffers

def strided():
    return memoryview(bytes(range(64)))[::2]  # 32 bytes, every other one


K16, IV16 = bytes(16), bytes(16)

# Every way the package takes a buffer, each given a strided view in one argument.
BUFFER_CALLS = {
    "hash data": lambda b: karx.lsh256_256(b),
    "hash update": lambda b: karx.new("lsh512-512").update(b),
    "hash update_bits": lambda b: karx.lsh256_256().update_bits(b, 8),
    "hmac key": lambda b: karx.hmac_digest(b, b"m", "lsh256-256"),
    "hmac msg": lambda b: karx.hmac_digest(b"k", b, "lsh256-256"),
    "pbkdf2 password": lambda b: karx.pbkdf2_hmac("lsh256-256", b, b"salt", 1),
    "pbkdf2 salt": lambda b: karx.pbkdf2_hmac("lsh256-256", b"pw", b, 1),
    "cipher key": lambda b: karx.Cipher("lea256", "ctr", b, IV16),
    "cipher iv": lambda b: karx.Cipher("lea128", "ctr", K16, b[:16]),
    "cipher data": lambda b: karx.Cipher("lea128", "ctr", K16, IV16).encrypt(b),
    "cipher update": lambda b: karx.Cipher("lea128", "cbc", K16, IV16, padding="pkcs7").encryptor().update(b),
    "gcm key": lambda b: karx.LEAGCM(b),
    "gcm nonce": lambda b: karx.LEAGCM(K16).encrypt(b[:12], b"data", None),
    "gcm data": lambda b: karx.LEAGCM(K16).encrypt(bytes(12), b, None),
    "gcm aad": lambda b: karx.LEAGCM(K16).decrypt(bytes(12), bytes(32), b),
    "ccm data": lambda b: karx.LEACCM(K16).encrypt(bytes(12), b, None),
    "aead stream nonce": lambda b: karx.ARIAGCM(K16).encryptor(b),
    "aead stream aad": lambda b: karx.ARIAGCM(K16).encryptor(bytes(12)).authenticate_additional_data(b),
    "aead stream update": lambda b: karx.ARIACCM(K16).encryptor(bytes(12), length=32).update(b),
    "aead stream tag": lambda b: karx.ARIAGCM(K16).decryptor(bytes(12), b[:16]),
    "aead finalize_with_tag": lambda b: karx.ARIAGCM(K16).decryptor(bytes(12)).finalize_with_tag(b[:16]),
    "CMAC key": lambda b: karx.CMAC("lea256", b),
    "CMAC update": lambda b: karx.CMAC("aria128", K16).update(b),
    "CMAC verify": lambda b: karx.CMAC("lea128", K16).verify(b[:16]),
    "cmac key": lambda b: karx.cmac("lea256", b, b"data"),
    "cmac data": lambda b: karx.cmac("lea128", K16, b),
    "cmac tag": lambda b: karx.cmac_verify("lea128", K16, b"data", b[:16]),
    "drbg entropy": lambda b: karx.CtrDrbg("lea128", entropy=b, nonce=bytes(8)),
    "drbg personalization": lambda b: karx.CtrDrbg(personalization=b),
    "drbg additional": lambda b: karx.CtrDrbg().generate(8, b),
    "drbg reseed": lambda b: karx.CtrDrbg("lea128", entropy=bytes(16), nonce=bytes(8)).reseed(b),
    "lsh_many item": lambda b: karx.lsh_many("lsh256-256", [b"x", b]),
    "ctr_xor_many key": lambda b: karx.ctr_xor_many("lea256", [b], [IV16], [b"data"]),
    "ctr_xor_many counter": lambda b: karx.ctr_xor_many("lea128", [K16], [b[:16]], [b"data"]),
    "ctr_xor_many record": lambda b: karx.ctr_xor_many("lea128", [K16], [IV16], [b]),
}


def test_hashlib_raises_buffererror():
    """The behaviour copied: hashlib refuses a strided memoryview with BufferError."""
    with pytest.raises(BufferError, match="not C-contiguous"):
        hashlib.sha256(strided())


@pytest.mark.parametrize("name", sorted(BUFFER_CALLS))
def test_noncontiguous_buffer_raises_buffererror(name):
    with pytest.raises(BufferError, match="not C-contiguous") as e:
        BUFFER_CALLS[name](strided())
    assert not isinstance(e.value, TypeError)


@pytest.mark.parametrize("name", ["hash data", "cipher data", "cmac data", "lsh_many item",
                                  "ctr_xor_many record"])
def test_strided_numpy_raises_buffererror(name):
    np = pytest.importorskip("numpy")
    with pytest.raises(BufferError, match="not C-contiguous"):
        BUFFER_CALLS[name](np.arange(64, dtype=np.uint8)[::2])


def test_buffererror_names_the_argument():
    with pytest.raises(BufferError, match=r"^data: underlying buffer is not C-contiguous$"):
        karx.lsh256_256(strided())
    with pytest.raises(BufferError, match=r"^messages\[1\]: "):
        karx.lsh_many("lsh256-256", [b"x", strided()])
    with pytest.raises(BufferError, match=r"^keys\[0\]: "):
        karx.ctr_xor_many("lea256", [strided()], [IV16], [b"data"])


def test_contiguous_views_still_work():
    mv = memoryview(bytes(range(64)))
    assert karx.lsh256_256(mv[::1]).digest() == karx.lsh256_256(bytes(range(64))).digest()
    assert karx.lsh256_256(mv[8:40]).digest() == karx.lsh256_256(bytes(range(8, 40))).digest()
    with pytest.raises(TypeError, match="bytes-like"):
        karx.lsh256_256(12345)


# ---------------------------------------------------------------- OS entropy failure

SHIM_C = Path(__file__).resolve().parents[2] / "tests" / "shim_no_entropy.c"


@pytest.fixture(scope="module")
def no_entropy_shim(tmp_path_factory):
    """tests/shim_no_entropy.c built as an LD_PRELOAD library: getrandom() fails with ENOSYS
    and /dev/urandom cannot be opened."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not sys.platform.startswith("linux") or cc is None:
        pytest.skip("needs Linux and a C compiler for the LD_PRELOAD shim")
    so = tmp_path_factory.mktemp("shim") / "shim_no_entropy.so"
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(so), str(SHIM_C), "-ldl"], check=True)
    return so


def run_without_entropy(shim, code):
    env = dict(os.environ, LD_PRELOAD=str(shim), PYTHONHASHSEED="0")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)


ENTROPY_PROBE = """
import karx
for what, call in (("CtrDrbg", lambda: karx.CtrDrbg()), ("token_bytes", lambda: karx.token_bytes(8))):
    try:
        call()
        print(what, "no error")
    except karx.KarxError as e:
        print(what, type(e).__name__, isinstance(e, OSError), e.status, str(e))
"""


def test_os_entropy_failure_raises_entropyerror(no_entropy_shim):
    r = run_without_entropy(no_entropy_shim, ENTROPY_PROBE)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines == ["CtrDrbg EntropyError True -16 CtrDrbg: OS entropy source failed",
                     "token_bytes EntropyError True -16 token_bytes: OS entropy source failed"]


def test_shim_leaves_explicit_entropy_working(no_entropy_shim):
    """The shim only takes the OS source away: a caller-seeded DRBG still works under it."""
    r = run_without_entropy(no_entropy_shim,
                            "import karx; print(len(karx.CtrDrbg('lea128', entropy=bytes(16),"
                            " nonce=bytes(8)).generate(16)))")
    assert r.returncode == 0 and r.stdout.strip() == "16", r.stderr
