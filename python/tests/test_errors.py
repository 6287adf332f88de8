"""The exception hierarchy is one class per karx_status in include/karx/common.h."""
import re
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
    (karx.CounterOverflow, OverflowError), (karx.UnknownAlgorithm, ValueError)])
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
