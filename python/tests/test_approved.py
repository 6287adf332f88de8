"""The approved mode from Python (docs/VALIDATION.md): CHAM refused with NotApprovedError, the
per-thread service indicator, karx.selftest() passing; everything back to normal when off."""
import threading

import pytest

import karx


@pytest.fixture
def approved():
    assert karx.approved_mode() is False  # the suite runs without KARX_APPROVED
    karx.set_approved_mode(True)
    try:
        yield
    finally:
        karx.set_approved_mode(False)


def test_refusal_and_indicator(approved):
    assert karx.lsh256_256(b"abc").digest()
    assert karx.last_service_approved() is True
    with pytest.raises(karx.NotApprovedError):
        karx.Cipher("cham128-128", "ecb", bytes(16), padding=None)
    assert karx.last_service_approved() is False
    karx.Cipher("lea128", "ecb", bytes(16), padding=None)
    assert karx.last_service_approved() is True
    seen = []
    t = threading.Thread(target=lambda: seen.append(karx.last_service_approved()))
    t.start()
    t.join()
    assert seen == [False]  # per thread: no service on that one yet
    assert karx.in_error_state() is False
    assert karx.selftest() is None


def test_off_allows_cham():
    assert karx.approved_mode() is False
    karx.Cipher("cham128-128", "ecb", bytes(16), padding=None)
    assert karx.last_service_approved() is False
