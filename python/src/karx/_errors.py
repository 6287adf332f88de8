"""The karx exception hierarchy: one class per karx_status (include/karx/common.h)."""
from __future__ import annotations

from typing import Dict, Tuple, Type


class KarxError(Exception):
    """Base class of every error the karx library reports. ``status`` is the C karx_status
    value (negative) and ``status_name`` its enum name."""

    __module__ = "karx"
    status: int = 0
    status_name: str = "KARX_OK"


class InvalidArgument(KarxError, ValueError):
    """An argument is invalid (e.g. a tag length outside the allowed set)."""

    __module__ = "karx"
    status = -1
    status_name = "KARX_ERR_ARGUMENT"


class InvalidKey(KarxError, ValueError):
    """The key has the wrong length for the cipher."""

    __module__ = "karx"
    status = -2
    status_name = "KARX_ERR_KEY_LENGTH"


class InvalidIV(KarxError, ValueError):
    """The IV or nonce has the wrong length (or is missing / not allowed)."""

    __module__ = "karx"
    status = -3
    status_name = "KARX_ERR_IV_LENGTH"


class InvalidOutputLength(KarxError, ValueError):
    """An output length (dklen, tag length, out array) is not allowed."""

    __module__ = "karx"
    status = -4
    status_name = "KARX_ERR_OUTPUT_LENGTH"


class InvalidDataLength(KarxError, ValueError):
    """The input length is not allowed (not whole blocks, over a limit)."""

    __module__ = "karx"
    status = -5
    status_name = "KARX_ERR_DATA_LENGTH"


class InvalidPadding(KarxError, ValueError):
    """PKCS#7 padding does not check out on decryption."""

    __module__ = "karx"
    status = -6
    status_name = "KARX_ERR_PADDING"


class InvalidState(KarxError, RuntimeError):
    """The call is not allowed in the object's state (e.g. update after finalize)."""

    __module__ = "karx"
    status = -7
    status_name = "KARX_ERR_STATE"


class CounterOverflow(KarxError, OverflowError):
    """The CTR counter would wrap and repeat keystream."""

    __module__ = "karx"
    status = -8
    status_name = "KARX_ERR_COUNTER_OVERFLOW"


class ReseedRequired(KarxError, RuntimeError):
    """The DRBG's reseed interval is used up: call reseed()."""

    __module__ = "karx"
    status = -9
    status_name = "KARX_ERR_RESEED_REQUIRED"


class Unsupported(KarxError, ValueError):
    """The algorithm, variant or back end is not available here."""

    __module__ = "karx"
    status = -10
    status_name = "KARX_ERR_UNSUPPORTED"


class NoDevice(KarxError, RuntimeError):
    """No usable GPU: a build without CUDA, or no device or driver."""

    __module__ = "karx"
    status = -11
    status_name = "KARX_ERR_NO_DEVICE"


class DeviceError(KarxError, RuntimeError):
    """The GPU failed (a CUDA error on an open device)."""

    __module__ = "karx"
    status = -12
    status_name = "KARX_ERR_DEVICE"


class OutOfMemory(KarxError, MemoryError):
    """Memory (host or device) could not be allocated."""

    __module__ = "karx"
    status = -13
    status_name = "KARX_ERR_NO_MEMORY"


class InvalidTag(KarxError):
    """An authentication tag does not verify; no plaintext is released. Raised by a batch open
    with ``strict=True`` (:func:`karx.gcm_open_many`), ``failed`` holds the indices of every
    record that did not verify (empty otherwise)."""

    __module__ = "karx"
    status = -14
    status_name = "KARX_ERR_AUTHENTICATION"
    failed: Tuple[int, ...] = ()


class UnknownAlgorithm(KarxError, ValueError):
    """The algorithm, cipher or mode name is not known."""

    __module__ = "karx"
    status = -15
    status_name = "KARX_ERR_UNKNOWN_ALGORITHM"


class EntropyError(KarxError, OSError):
    """The operating system's entropy source failed (getrandom() and /dev/urandom both), so
    nothing could be seeded; an OSError, as os.urandom raises in that case."""

    __module__ = "karx"
    status = -16
    status_name = "KARX_ERR_ENTROPY"


class SelfTestError(KarxError, RuntimeError):
    """A known-answer self-test gave a wrong answer (:func:`karx.selftest`): a kernel computes
    wrong results on this machine, so nothing it computes can be trusted."""

    __module__ = "karx"
    status = -17
    status_name = "KARX_ERR_SELFTEST"


class NotApprovedError(KarxError, RuntimeError):
    """The approved mode (:func:`karx.set_approved_mode`) refuses an algorithm that is not on the
    KCMVP list: the CHAM family, XTS, the GPU back end."""

    __module__ = "karx"
    status = -18
    status_name = "KARX_ERR_NOT_APPROVED"


_STATUS_TO_ERROR: Dict[int, Type[KarxError]] = {cls.status: cls for cls in (
    InvalidArgument, InvalidKey, InvalidIV, InvalidOutputLength, InvalidDataLength,
    InvalidPadding, InvalidState, CounterOverflow, ReseedRequired, Unsupported, NoDevice,
    DeviceError, OutOfMemory, InvalidTag, UnknownAlgorithm, EntropyError, SelfTestError,
    NotApprovedError)}


class SealError(KarxError, ValueError):
    """A sealed file (docs/FORMAT.md; :func:`karx.open_file`, :class:`karx.SealReader`) cannot
    be opened: not a sealed file, another version, a corrupted header, a header asking for too
    many PBKDF2 iterations, the wrong kind of secret (passphrase or raw key), truncation. A tag
    that does not verify raises the subclass :class:`SealAuthenticationError`. ``status`` is
    that of :class:`InvalidArgument` (the input is not acceptable)."""

    __module__ = "karx"
    status = -1
    status_name = "KARX_ERR_ARGUMENT"


class SealAuthenticationError(SealError, InvalidTag):
    """A tag of a sealed file does not verify: the header's (a wrong passphrase or key, or a
    changed header) or a chunk's (the file is corrupted, truncated inside a chunk, extended or
    reordered). Its plaintext is never released. Also an :class:`InvalidTag`."""

    __module__ = "karx"
    status = -14
    status_name = "KARX_ERR_AUTHENTICATION"
