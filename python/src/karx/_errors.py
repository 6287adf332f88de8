"""The karx exception hierarchy: one class per karx_status (include/karx/common.h)."""
from __future__ import annotations


class KarxError(Exception):
    """Base class of every error the karx library reports. ``status`` is the C karx_status
    value (negative) and ``status_name`` its enum name."""

    __module__ = "karx"

    status: int = 0
    status_name: str = "KARX_OK"


def _make(name, status, status_name, bases, doc):
    cls = type(name, (KarxError,) + bases, {"__doc__": doc, "status": status,
                                             "status_name": status_name,
                                             "__module__": "karx"})
    return cls


InvalidArgument = _make("InvalidArgument", -1, "KARX_ERR_ARGUMENT", (ValueError,),
                        "An argument is invalid (e.g. a tag length outside the allowed set).")
InvalidKey = _make("InvalidKey", -2, "KARX_ERR_KEY_LENGTH", (ValueError,),
                   "The key has the wrong length for the cipher.")
InvalidIV = _make("InvalidIV", -3, "KARX_ERR_IV_LENGTH", (ValueError,),
                  "The IV or nonce has the wrong length (or is missing / not allowed).")
InvalidOutputLength = _make("InvalidOutputLength", -4, "KARX_ERR_OUTPUT_LENGTH", (ValueError,),
                            "An output length (dklen, tag length, out array) is not allowed.")
InvalidDataLength = _make("InvalidDataLength", -5, "KARX_ERR_DATA_LENGTH", (ValueError,),
                          "The input length is not allowed (not whole blocks, over a limit).")
InvalidPadding = _make("InvalidPadding", -6, "KARX_ERR_PADDING", (ValueError,),
                       "PKCS#7 padding does not check out on decryption.")
InvalidState = _make("InvalidState", -7, "KARX_ERR_STATE", (RuntimeError,),
                     "The call is not allowed in the object's state (e.g. update after finalize).")
CounterOverflow = _make("CounterOverflow", -8, "KARX_ERR_COUNTER_OVERFLOW", (OverflowError,),
                        "The CTR counter would wrap and repeat keystream.")
ReseedRequired = _make("ReseedRequired", -9, "KARX_ERR_RESEED_REQUIRED", (RuntimeError,),
                       "The DRBG's reseed interval is used up: call reseed().")
Unsupported = _make("Unsupported", -10, "KARX_ERR_UNSUPPORTED", (ValueError,),
                    "The algorithm, variant or back end is not available here.")
NoDevice = _make("NoDevice", -11, "KARX_ERR_NO_DEVICE", (RuntimeError,),
                 "No usable GPU: a build without CUDA, or no device or driver.")
DeviceError = _make("DeviceError", -12, "KARX_ERR_DEVICE", (RuntimeError,),
                    "The GPU or the OS entropy source failed.")
OutOfMemory = _make("OutOfMemory", -13, "KARX_ERR_NO_MEMORY", (MemoryError,),
                    "Memory (host or device) could not be allocated.")
InvalidTag = _make("InvalidTag", -14, "KARX_ERR_AUTHENTICATION", (),
                   "An authentication tag does not verify; no plaintext is released.")
UnknownAlgorithm = _make("UnknownAlgorithm", -15, "KARX_ERR_UNKNOWN_ALGORITHM", (ValueError,),
                         "The algorithm, cipher or mode name is not known.")

_STATUS_TO_ERROR = {cls.status: cls for cls in (
    InvalidArgument, InvalidKey, InvalidIV, InvalidOutputLength, InvalidDataLength,
    InvalidPadding, InvalidState, CounterOverflow, ReseedRequired, Unsupported, NoDevice,
    DeviceError, OutOfMemory, InvalidTag, UnknownAlgorithm)}
