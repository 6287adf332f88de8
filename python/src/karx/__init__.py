"""karx: Korean ARX cryptography (LSH, HMAC-LSH, PBKDF2, LEA/HIGHT/CHAM/ARIA and their modes,
GCM, CCM (one-shot and streaming), XTS, CMAC, CTR_DRBG) with interfaces modelled on :mod:`hashlib`, :mod:`hmac`,
:mod:`secrets` and the ``cryptography`` package.

See docs/PYTHON.md for the full reference.
"""
from __future__ import annotations

import operator
import sys

from typing import (TYPE_CHECKING, Any, Callable, FrozenSet, Iterable, List, Optional, Sequence,
                    Tuple, Union, cast, overload)

from . import _karx
from ._errors import (
    CounterOverflow,
    DeviceError,
    EntropyError,
    InvalidArgument,
    InvalidDataLength,
    InvalidIV,
    InvalidKey,
    InvalidOutputLength,
    InvalidPadding,
    InvalidState,
    InvalidTag,
    KarxError,
    NoDevice,
    NotApprovedError,
    OutOfMemory,
    ReseedRequired,
    SelfTestError,
    UnknownAlgorithm,
    Unsupported,
    _STATUS_TO_ERROR,
)

_karx._register_errors(_STATUS_TO_ERROR)

from ._karx import (  # noqa: E402  (after the error types are registered)
    CMAC,
    CtrDrbg,
    GMAC,
    HashDrbg,
    HmacKey,
    HmacDrbg,
    LshHash,
    XTS,
    approved_mode,
    backend,
    cmac,
    cmac_verify,
    gpu_available,
    gpu_built,
    gpu_info,
    hmac_digest,
    in_error_state,
    kbkdf,
    last_service_approved,
    lsh256_224,
    lsh256_256,
    lsh512_224,
    lsh512_256,
    lsh512_384,
    lsh512_512,
    new,
    pbkdf2_hmac,
    selftest,
    set_approved_mode,
    set_backend,
    strerror,
    token_bytes,
)

from ._registry import Algorithm, Kernel, Mode, algorithm, algorithms, kernels, modes  # noqa: E402
from ._errors import SealAuthenticationError, SealError  # noqa: E402
from ._seal import SealReader, SealWriter, open_file, seal_file  # noqa: E402

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from typing_extensions import Literal, Protocol, TypeAlias

    from ._karx import ReadableBuffer

    #: A 2-D uint8 NumPy array (one record per row).
    U8Array: TypeAlias = npt.NDArray[np.uint8]
    #: Where the batch calls run.
    Device: TypeAlias = Literal["cpu", "gpu", "auto"]
    #: A batch of records: a sequence of bytes-like objects, or a 2-D uint8 array (its rows).
    Records: TypeAlias = Union[U8Array, Sequence[ReadableBuffer]]
    #: A key of a GCM / CCM batch: a key object (LEAGCM, AEAD(..., "gcm"), ...) or raw bytes.
    AeadKeyArg: TypeAlias = Union[_karx._Aead, ReadableBuffer]
    #: A key of an HMAC-LSH batch: an HmacKey (processed once) or raw bytes.
    HmacKeyArg: TypeAlias = Union[HmacKey, ReadableBuffer]
    #: What ``Cipher(padding=...)`` takes: ``"pkcs7"``, ``None`` / ``"none"``, or the 0.1
    #: spellings ``True`` / ``False``.
    PaddingArg: TypeAlias = Union[Literal["pkcs7", "none"], bool, None]

    class _BytesIOLike(Protocol):
        def getbuffer(self) -> ReadableBuffer: ...

    class _BinaryReader(Protocol):
        def readinto(self, buf: bytearray, /) -> Optional[int]: ...
        def readable(self) -> bool: ...

__version__: str = _karx.version()

#: Hash names accepted by :func:`new` (``'lsh512_256'`` and ``'LSH-512-256'`` work too).
algorithms_available: FrozenSet[str] = frozenset(a.name for a in algorithms("hash"))
algorithms_guaranteed: FrozenSet[str] = algorithms_available
#: Block ciphers accepted by :class:`Cipher`, :func:`cmac` and :class:`CtrDrbg`.
ciphers_available: Tuple[str, ...] = tuple(a.name for a in algorithms("cipher"))
#: Modes accepted by :class:`Cipher`.
modes_available: Tuple[str, ...] = tuple(a.name for a in algorithms("mode"))
#: Ciphers accepted by :class:`AEAD` (GCM and CCM): every registered cipher with a 128-bit block.
aead_ciphers_available: Tuple[str, ...] = next(m.ciphers for m in modes() if m.shape == "aead")
#: Ciphers accepted by :class:`XTS`.
xts_ciphers_available: Tuple[str, ...] = next(m.ciphers for m in modes() if m.shape == "xts")

__all__ = [
    "KarxError", "InvalidArgument", "InvalidKey", "InvalidIV", "InvalidOutputLength",
    "InvalidDataLength", "InvalidPadding", "InvalidState", "CounterOverflow", "ReseedRequired",
    "Unsupported", "NoDevice", "DeviceError", "OutOfMemory", "InvalidTag", "UnknownAlgorithm",
    "EntropyError", "SelfTestError", "NotApprovedError",
    "lsh256_224", "lsh256_256", "lsh512_224", "lsh512_256", "lsh512_384", "lsh512_512", "new",
    "LshHash", "file_digest", "hmac_digest", "pbkdf2_hmac", "Cipher", "CipherContext", "LEAGCM",
    "CHAMGCM", "ARIAGCM", "LEACCM", "CHAMCCM", "ARIACCM", "AEAD", "AEADEncryptionContext",
    "AEADDecryptionContext", "XTS", "GMAC", "CMAC", "cmac", "cmac_verify", "CtrDrbg",
    "HashDrbg", "HmacDrbg", "token_bytes",
    "token_hex", "lsh_many", "ctr_xor_many", "gcm_seal_many", "gcm_open_many", "ccm_seal_many",
    "ccm_open_many", "hmac_many", "hmac_verify_many", "HmacKey", "gpu_available", "gpu_built", "gpu_info", "backend",
    "set_backend", "strerror", "algorithms_available", "algorithms_guaranteed",
    "ciphers_available", "modes_available", "aead_ciphers_available", "xts_ciphers_available",
    "Algorithm", "Kernel", "Mode", "modes",
    "algorithm", "algorithms", "kernels", "selftest", "kbkdf", "set_approved_mode",
    "approved_mode", "in_error_state", "last_service_approved",
]
__all__ += ["SealError", "SealAuthenticationError", "seal_file", "open_file", "SealWriter",
            "SealReader"]


# ---------------------------------------------------------------------------- buffers

def _byte_view(x: Any, what: str) -> memoryview:
    """x as a flat memoryview of bytes. As in the C binding (and hashlib): a buffer that is not
    C-contiguous raises BufferError, a non-buffer TypeError."""
    if isinstance(x, str):
        raise TypeError(f"{what}: strings must be encoded to bytes first (got str)")
    try:
        mv = memoryview(x)
    except TypeError:
        raise TypeError(f"{what}: expected a bytes-like object, got {type(x).__name__}") from None
    if not mv.c_contiguous:
        raise BufferError(f"{what}: underlying buffer is not C-contiguous")
    return mv.cast("B")


# ---------------------------------------------------------------------------- hashes

def file_digest(fileobj: Union[_BytesIOLike, _BinaryReader],
                digest: Union[str, Callable[[], LshHash]], /, *,
                _bufsize: int = 2**18) -> LshHash:
    """Hash a binary file object like :func:`hashlib.file_digest` (Python 3.11+).

    ``digest`` is a hash name (``'lsh256-256'``) or a constructor (``karx.lsh512_512``).
    The file is read in 256 KiB chunks; hashing them releases the GIL.
    """
    if isinstance(digest, str):
        h = new(digest)
    else:
        h = digest()
    getbuffer = getattr(fileobj, "getbuffer", None)
    if getbuffer is not None:  # io.BytesIO: no copy
        h.update(getbuffer())
        return h
    f = cast("_BinaryReader", fileobj)
    if not (hasattr(f, "readinto") and hasattr(f, "readable") and f.readable()):
        raise ValueError(f"'{fileobj!r}' is not a file-like object in binary reading mode.")
    buf = bytearray(_bufsize)
    view = memoryview(buf)
    while True:
        size = f.readinto(buf)
        if size is None:
            raise BlockingIOError("I/O operation would block.")
        if size == 0:
            break
        h.update(view[:size])
    return h


# ---------------------------------------------------------------------------- ciphers

class CipherContext:
    """A streaming encryption or decryption (from :meth:`Cipher.encryptor` /
    :meth:`Cipher.decryptor`): ``update(data) -> bytes`` any number of times, then
    ``finalize() -> bytes`` once. Use after ``finalize`` raises :class:`InvalidState`.
    One context may be shared between threads (it has its own lock); the order of concurrent
    updates is then the order in which they get the lock."""

    __slots__ = ("_s",)

    def __init__(self, stream: _karx._CipherStream) -> None:
        self._s = stream

    def update(self, data: ReadableBuffer, *, threads: int = 1) -> bytes:
        """``threads``: split the bulk over that many threads (0 = every CPU; see Threads in
        docs/PYTHON.md); the output is the same for any count."""
        return self._s.update(data, threads)

    def finalize(self) -> bytes:
        return self._s.finalize()

    @property
    def finalized(self) -> bool:
        return self._s.finalized


class _Required:
    """The default of ``Cipher(padding=...)``: ECB and CBC require the argument."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<required for ECB and CBC>"


_REQUIRED: Any = _Required()
#: The modes that pad (KARX_PAD_PKCS7 / KARX_PAD_NONE); the others are streams.
_PADDED_MODES = frozenset({"ecb", "cbc"})


def _padding_flag(padding: object, label: str) -> bool:
    """``Cipher(padding=...)`` as the C library's flag: ``"pkcs7"`` (any case) or ``True``:
    PKCS#7; ``None``, ``"none"`` or ``False``: none."""
    if padding is None or padding is False:
        return False
    if padding is True:
        return True
    if isinstance(padding, str) and padding.lower() in ("pkcs7", "none"):
        return padding.lower() == "pkcs7"
    raise InvalidArgument(f"{label}: padding must be 'pkcs7' or None (no padding), "
                          f"got {padding!r}")


class Cipher:
    """A block cipher in a mode: ``Cipher('lea128', 'cbc', key, iv, padding='pkcs7')``.

    ``name``: one of :data:`ciphers_available`; ``mode``: one of :data:`modes_available` (any
    spelling :func:`algorithm` takes: ``'LEA-128'``, ``'CBC'``);
    ``iv``: the block-size IV (or initial counter for CTR), ``None`` for ECB; ``padding``:
    required for ECB and CBC, where it is ``'pkcs7'`` (PKCS#7: encryption adds 1 to a block of
    bytes, decryption checks and removes them) or ``None`` (``'none'``: whole blocks only, as in
    ``cryptography``, whose callers pad themselves); leaving it out raises
    :class:`InvalidArgument` (a ``ValueError``). The stream modes take no padding and ignore
    the argument. ``True`` / ``False`` are accepted for ``'pkcs7'`` / ``None``. Lengths are
    checked here, so a bad key or IV raises :class:`InvalidKey` / :class:`InvalidIV` at
    construction. ``padding`` is then ``'pkcs7'`` or ``None`` (always ``None`` for a stream
    mode).
    """

    __slots__ = ("name", "mode", "padding", "_alg", "_key", "_iv", "_pad")

    def __init__(self, name: str, mode: str, key: ReadableBuffer,
                 iv: Optional[ReadableBuffer] = None,
                 padding: PaddingArg = _REQUIRED) -> None:
        # Validate now (raises the right error with expected vs given lengths).
        _karx._CipherStream(name, mode, key, iv, True, False)
        self._alg = algorithm(name, "cipher")
        self.name: str = self._alg.name
        self.mode: str = algorithm(mode, "mode").name
        label = f"{self.name}-{self.mode}"
        if padding is _REQUIRED:
            if self.mode in _PADDED_MODES:
                raise InvalidArgument(
                    f"{label}: padding must be given for ECB and CBC: padding='pkcs7' pads "
                    f"with PKCS#7 (encrypt adds 1 to {self._alg.block_size} bytes, decrypt "
                    f"checks and strips them), padding=None takes whole blocks only (as "
                    f"cryptography's Cipher, whose callers pad themselves); karx 0.1 padded "
                    f"by default")
            padding = None
        self._pad = _padding_flag(padding, label) and self.mode in _PADDED_MODES
        self.padding: Optional[str] = "pkcs7" if self._pad else None
        self._key = bytes(key)
        self._iv = None if iv is None else bytes(iv)

    @property
    def block_size(self) -> int:
        return self._alg.block_size

    @property
    def key_size(self) -> int:
        return self._alg.key_size

    def encryptor(self) -> CipherContext:
        return CipherContext(_karx._CipherStream(self.name, self.mode, self._key, self._iv,
                                                 True, self._pad))

    def decryptor(self) -> CipherContext:
        return CipherContext(_karx._CipherStream(self.name, self.mode, self._key, self._iv,
                                                 False, self._pad))

    def encrypt(self, data: ReadableBuffer, *, threads: int = 1) -> bytes:
        """One-shot: ``encryptor().update(data) + finalize()``; ``threads`` as for update."""
        s = _karx._CipherStream(self.name, self.mode, self._key, self._iv, True, self._pad)
        return s.update(data, threads) + s.finalize()

    def decrypt(self, data: ReadableBuffer, *, threads: int = 1) -> bytes:
        s = _karx._CipherStream(self.name, self.mode, self._key, self._iv, False, self._pad)
        return s.update(data, threads) + s.finalize()

    def __repr__(self) -> str:
        return f"<karx.Cipher {self.name}-{self.mode}>"


class AEADEncryptionContext:
    """A streaming AEAD encryption (from :meth:`AEAD.encryptor` and the ``encryptor`` of the
    AEAD classes), shaped like ``cryptography``'s: ``authenticate_additional_data(aad)`` any
    number of times, then ``update(data) -> bytes`` any number of times, then
    ``finalize() -> bytes`` (always ``b""``) once; :attr:`tag` after that. The ciphertext and tag
    equal the one-shot ``encrypt``'s (``update`` outputs || ``tag``). Order errors raise
    :class:`InvalidState`; more data than a declared ``length`` / ``aad_length`` (or, at
    ``finalize``, less) raises :class:`InvalidDataLength`. One context may be shared between
    threads (it has its own lock; updates of 2 KiB or more release the GIL)."""

    __slots__ = ("_s",)

    def __init__(self, stream: _karx._AeadStream) -> None:
        self._s = stream

    def authenticate_additional_data(self, data: ReadableBuffer) -> None:
        """Feed associated data (authenticated, not encrypted); only before the first
        ``update``."""
        self._s.authenticate_additional_data(data)

    def update(self, data: ReadableBuffer) -> bytes:
        """Encrypt the next bytes; returns exactly as many bytes of ciphertext."""
        return self._s.update(data)

    def finalize(self) -> bytes:
        """Finish and compute the tag; returns ``b""`` (AEAD modes hold nothing back)."""
        return self._s.finalize()

    @property
    def tag(self) -> bytes:
        """The tag (``tag_length`` bytes); :class:`InvalidState` before :meth:`finalize`."""
        return self._s.tag


class AEADDecryptionContext:
    """A streaming AEAD decryption (from ``decryptor(nonce, tag)``), shaped like
    ``cryptography``'s: ``authenticate_additional_data``, ``update``, then ``finalize()`` (with
    the tag given to ``decryptor``) or ``finalize_with_tag(tag)`` (without), which raise
    :class:`InvalidTag` when the tag does not verify.

    WARNING: ``update`` returns plaintext BEFORE the tag has been checked. Do not use, show or
    keep any of it unless ``finalize`` / ``finalize_with_tag`` returns; on :class:`InvalidTag`
    discard all of it. The one-shot ``decrypt`` releases nothing unverified and is the safe
    default when the message fits in memory."""

    __slots__ = ("_s",)

    def __init__(self, stream: _karx._AeadStream) -> None:
        self._s = stream

    def authenticate_additional_data(self, data: ReadableBuffer) -> None:
        """Feed associated data; only before the first ``update``."""
        self._s.authenticate_additional_data(data)

    def update(self, data: ReadableBuffer) -> bytes:
        """Decrypt the next bytes: UNVERIFIED plaintext until finalize returns."""
        return self._s.update(data)

    def finalize(self) -> bytes:
        """Check the tag given to ``decryptor``: returns ``b""`` or raises :class:`InvalidTag`.
        Without a tag, :class:`InvalidArgument` (use :meth:`finalize_with_tag`)."""
        return self._s.finalize()

    def finalize_with_tag(self, tag: ReadableBuffer) -> bytes:
        """Check ``tag`` (``tag_length`` bytes, else :class:`InvalidArgument`) for a decryptor
        made without one: returns ``b""`` or raises :class:`InvalidTag`."""
        return self._s.finalize_with_tag(tag)


class _AeadBase(_karx._Aead):
    """What every AEAD object has: one-shot ``encrypt`` / ``decrypt`` (from the compiled base)
    and the streaming ``encryptor`` / ``decryptor``."""

    def encryptor(self, nonce: ReadableBuffer, *, length: Optional[int] = None,
                  aad_length: Optional[int] = None) -> AEADEncryptionContext:
        """A streaming encryption under ``nonce``. ``length``: the total bytes ``update`` will
        get; required for CCM (it is in CCM's first block), optional and checked for GCM.
        ``aad_length``: the total associated data; when given, the AAD is processed as it comes,
        otherwise CCM holds it in memory until the first ``update`` / ``finalize``."""
        return AEADEncryptionContext(_karx._AeadStream(self, True, nonce, None, length,
                                                       aad_length))

    def decryptor(self, nonce: ReadableBuffer, tag: Optional[ReadableBuffer] = None, *,
                  length: Optional[int] = None,
                  aad_length: Optional[int] = None) -> AEADDecryptionContext:
        """A streaming decryption under ``nonce``; ``tag`` (``tag_length`` bytes) now, or later
        to :meth:`AEADDecryptionContext.finalize_with_tag`. ``length`` / ``aad_length`` as for
        :meth:`encryptor` (``length`` counts the ciphertext without the tag). Its ``update``
        returns UNVERIFIED plaintext: see :class:`AEADDecryptionContext`."""
        return AEADDecryptionContext(_karx._AeadStream(self, False, nonce, tag, length,
                                                       aad_length))


class AEAD(_AeadBase):
    """GCM or CCM over any registered 128-bit-block cipher (:data:`aead_ciphers_available`:
    LEA, CHAM-128 and ARIA, and any cipher the registry gains):
    ``AEAD('aria256', 'gcm', key, tag_length=16)``. ``cipher``: any spelling :func:`algorithm`
    takes (``'ARIA-256'``); a 64-bit-block cipher raises :class:`Unsupported`, a key of the
    wrong length :class:`InvalidKey`. ``mode``: ``'gcm'`` or ``'ccm'``. The one-shot
    ``encrypt`` / ``decrypt`` and the nonce and tag rules are those of :class:`LEAGCM` /
    :class:`LEACCM`; ``encryptor`` / ``decryptor`` stream. Thread-safe (the scheduled key is
    read-only)."""

    def __init__(self, cipher: str, mode: str, key: ReadableBuffer,
                 tag_length: int = 16) -> None:
        super().__init__(mode, cipher, key, tag_length, True)

    def __repr__(self) -> str:
        return f"<karx.AEAD {self.cipher}-{self.mode}>"


class _Aead(_AeadBase):
    """The one shape of the AEAD classes, that of ``cryptography``'s AESGCM / AESCCM:
    ``Cls(key, tag_length=16)``; ``encrypt(nonce, data, associated_data) -> ciphertext || tag``;
    ``decrypt(nonce, data, associated_data) -> plaintext`` or :class:`InvalidTag` (no plaintext
    is released); ``generate_key(bit_length)``; and the streaming ``encryptor`` /
    ``decryptor``. A subclass names its mode and cipher family; the family's key lengths come
    from the registry. Thread-safe (the scheduled key is read-only)."""

    _mode = ""
    _family = ""

    def __init__(self, key: ReadableBuffer, tag_length: int = 16) -> None:
        super().__init__(self._mode, self._family, key, tag_length)

    @classmethod
    def key_sizes(cls) -> Tuple[int, ...]:
        """The key lengths the class takes, in bytes (LEA: 16, 24, 32)."""
        return tuple(_karx._aead_key_sizes(cls._family))

    @classmethod
    def generate_key(cls, bit_length: int) -> bytes:
        """A fresh random key of bit_length bits (from :func:`token_bytes`)."""
        if not hasattr(type(bit_length), "__index__"):
            raise TypeError(f"bit_length: expected int, got {type(bit_length).__name__}")
        bit_length = operator.index(bit_length)
        bits = tuple(8 * n for n in cls.key_sizes())
        if bit_length not in bits:
            raise InvalidKey(f"{cls.__name__} key length must be one of {bits} bits, "
                             f"got {bit_length}")
        return token_bytes(bit_length // 8)


class LEAGCM(_Aead):
    """LEA-GCM like ``cryptography``'s AESGCM: ``LEAGCM(key)`` with a 16-, 24- or 32-byte key.
    Nonce: any length >= 1 byte, 12 recommended; never reuse one under a key. Tags 4, 8, 12 to
    16 bytes."""

    _mode = "gcm"
    _family = "LEA"


class CHAMGCM(_Aead):
    """CHAM-128 GCM (key 16 bytes: CHAM-128/128, 32 bytes: CHAM-128/256); as :class:`LEAGCM`."""

    _mode = "gcm"
    _family = "CHAM-128"


class ARIAGCM(_Aead):
    """ARIA-GCM (RFC 5794 ARIA; key 16, 24 or 32 bytes); as :class:`LEAGCM`."""

    _mode = "gcm"
    _family = "ARIA"


class LEACCM(_Aead):
    """LEA-CCM like ``cryptography``'s AESCCM: ``LEACCM(key, tag_length=16)``; nonce 7 to 13
    bytes; tags 4, 6, ..., 16 bytes."""

    _mode = "ccm"
    _family = "LEA"


class CHAMCCM(_Aead):
    """CHAM-128 CCM; as :class:`LEACCM`."""

    _mode = "ccm"
    _family = "CHAM-128"


class ARIACCM(_Aead):
    """ARIA-CCM (key 16, 24 or 32 bytes); as :class:`LEACCM`."""

    _mode = "ccm"
    _family = "ARIA"


def token_hex(nbytes: int = 32) -> str:
    """Like :func:`secrets.token_hex`, from :func:`token_bytes`."""
    if not hasattr(type(nbytes), "__index__"):
        raise TypeError(f"nbytes: expected int, got {type(nbytes).__name__}")
    n = operator.index(nbytes)
    if n < 0:
        raise InvalidArgument(f"nbytes must be non-negative, got {n}")
    if n >= sys.maxsize:
        raise OverflowError(f"nbytes is too large for a buffer: {n}")
    return token_bytes(n).hex()


# ---------------------------------------------------------------------------- batches

_DEVICES = {"cpu": 0, "gpu": 1, "auto": 2}


def lsh_many(name: str, messages: Union[U8Array, Iterable[ReadableBuffer]],
             device: Device = "cpu", *, out: Optional[U8Array] = None,
             threads: int = 1) -> U8Array:
    """Hash many messages at once; returns a ``(n, digest_size)`` uint8 NumPy array.

    ``messages``: a 2-D uint8 NumPy array (one message per row, used in place through the
    buffer protocol: no copy when it is C-contiguous) or a sequence of bytes-like objects of
    any lengths. ``device``: ``'cpu'`` (multi-buffer SIMD), ``'gpu'`` (CUDA back end;
    :class:`NoDevice` when this build or machine has none) or ``'auto'`` (the GPU when one
    opens, else the CPU). ``out``: an optional C-contiguous uint8 array of that shape to fill.
    The GIL is released while hashing. ``threads``: on the CPU, split the batch over that many
    threads (0 = every CPU); the digests are the same for any count.
    """
    import numpy as np

    try:
        dev = _DEVICES[device]
    except (KeyError, TypeError):
        raise InvalidArgument(f"device must be 'cpu', 'gpu' or 'auto', got {device!r}") from None
    if isinstance(messages, np.ndarray):
        if messages.ndim != 2:
            raise TypeError(f"messages: expected a 2-D uint8 array, got {messages.ndim}-D")
        if messages.dtype != np.uint8:
            raise TypeError(f"messages: expected dtype uint8, got {messages.dtype}")
        if not messages.flags.c_contiguous:
            messages = np.ascontiguousarray(messages)
        n = messages.shape[0]
    elif isinstance(messages, (bytes, bytearray, str)):
        raise TypeError("messages: expected a 2-D uint8 array or a sequence of bytes-like "
                        f"objects, got {type(messages).__name__}")
    else:
        if not isinstance(messages, (list, tuple)):
            messages = list(messages)
        n = len(messages)
    d = new(name).digest_size
    if out is None:
        out = np.empty((n, d), dtype=np.uint8)
    elif not (isinstance(out, np.ndarray) and out.dtype == np.uint8 and out.shape == (n, d)
              and out.flags.c_contiguous and out.flags.writeable):
        raise InvalidOutputLength(f"out must be a writable C-contiguous uint8 array of shape "
                                  f"{(n, d)}")
    _karx._lsh_many_into(name, out, messages, dev, threads)
    return out



@overload
def ctr_xor_many(cipher: str, keys: Union[U8Array, Sequence[ReadableBuffer]],
                 counters: Union[U8Array, Sequence[ReadableBuffer]], data: U8Array,
                 device: Device = "cpu", *, update_counters: bool = False) -> U8Array: ...
@overload
def ctr_xor_many(cipher: str, keys: Union[U8Array, Sequence[ReadableBuffer]],
                 counters: Union[U8Array, Sequence[ReadableBuffer]],
                 data: Sequence[ReadableBuffer], device: Device = "cpu", *,
                 update_counters: bool = False, threads: int = 1) -> List[bytes]: ...
def ctr_xor_many(cipher: str, keys: Union[U8Array, Sequence[ReadableBuffer]],
                 counters: Union[U8Array, Sequence[ReadableBuffer]],
                 data: Union[U8Array, Sequence[ReadableBuffer]], device: Device = "cpu", *,
                 update_counters: bool = False, threads: int = 1) -> Union[U8Array, List[bytes]]:
    """CTR encryption (= decryption) of n independent records, each under its own key and
    initial counter block, in one call.

    ``keys``: an ``(n, key_size)`` uint8 array or a sequence of n keys; ``counters``: an
    ``(n, block_size)`` uint8 array or a sequence of n counter blocks (the whole block is one
    big-endian counter, as in :class:`Cipher`); ``data``: an ``(n, m)`` uint8 array (returns an
    ``(n, m)`` array) or a sequence of n bytes-like records of any lengths (returns a list of
    ``bytes``). ``device``: ``'cpu'``, ``'gpu'`` (the CUDA back end's many-key CTR;
    :class:`NoDevice` without one) or ``'auto'``. With ``update_counters=True`` and a writable
    uint8 array for ``counters``, each counter is advanced past the blocks its record used, as
    separate CTR calls would. If any record's counter would wrap, :class:`CounterOverflow` is
    raised and nothing is returned or updated. The GIL is released while encrypting.
    ``threads``: on the CPU, spread the records over that many threads (0 = every CPU; the
    record jobs of ``karx_ctr_jobs_pool``: records of LEA and CHAM-128 side by side in SIMD
    lanes); the output is the same for any count.
    """
    import numpy as np

    try:
        dev = _DEVICES[device]
    except (KeyError, TypeError):
        raise InvalidArgument(f"device must be 'cpu', 'gpu' or 'auto', got {device!r}") from None
    alg = algorithm(cipher, "cipher")
    kl, bl = alg.key_size, alg.block_size

    def rows(x: Union[U8Array, Sequence[ReadableBuffer]], width: int, what: str) -> U8Array:
        if isinstance(x, (str, bytes, bytearray)):
            raise TypeError(f"{what}: expected a 2-D uint8 array or a sequence of bytes-like "
                            f"objects, got {type(x).__name__}")
        if isinstance(x, np.ndarray):
            if x.dtype != np.uint8 or x.ndim != 2:
                raise TypeError(f"{what}: expected a 2-D uint8 array, got {x.ndim}-D {x.dtype}")
            return x
        items = [_byte_view(it, f"{what}[{i}]") for i, it in enumerate(x)]
        bad = next((i for i, it in enumerate(items) if len(it) != width), None)
        if bad is not None:
            exc = InvalidKey if what == "keys" else InvalidIV
            raise exc(f"{what}[{bad}]: {alg.name} {what[:-1]} must be {width} bytes, got "
                      f"{len(items[bad])}")
        a = np.empty((len(items), width), np.uint8)
        for i, it in enumerate(items):
            a[i] = np.frombuffer(it, np.uint8)
        return a

    k = np.ascontiguousarray(rows(keys, kl, "keys"))
    if k.shape[1] != kl:
        raise InvalidKey(f"{alg.name} keys must be {kl} bytes each, got rows of {k.shape[1]}")
    c_in = rows(counters, bl, "counters")
    if c_in.shape[1] != bl:
        raise InvalidIV(f"{alg.name} counters must be {bl} bytes each, got rows of {c_in.shape[1]}")
    c = np.array(c_in, dtype=np.uint8, order="C", copy=True)
    n = k.shape[0]
    if c.shape[0] != n:
        raise InvalidArgument(f"{n} keys but {c.shape[0]} counters")
    if isinstance(data, np.ndarray):
        if data.dtype != np.uint8 or data.ndim != 2:
            raise TypeError(f"data: expected a 2-D uint8 array, got {data.ndim}-D {data.dtype}")
        d = np.ascontiguousarray(data)
        if d.shape[0] != n:
            raise InvalidArgument(f"{n} keys but {d.shape[0]} records")
        offsets = np.arange(n + 1, dtype=np.uintp) * d.shape[1]
        out = np.empty_like(d)
        _karx._ctr_xor_many_into(cipher, k, c, out, d, offsets, dev, threads)
        result: Union[U8Array, List[bytes]] = out
    else:
        if isinstance(data, (str, bytes, bytearray)):
            raise TypeError("data: expected a 2-D uint8 array or a sequence of bytes-like "
                            f"objects, got {type(data).__name__}")
        recs = [_byte_view(r, f"data[{i}]") for i, r in enumerate(data)]
        if len(recs) != n:
            raise InvalidArgument(f"{n} keys but {len(recs)} records")
        if dev == 0:  # the CPU: records read in place, results written into their bytes
            result = _karx._ctr_jobs_many(cipher, k, c, recs, threads)
        else:
            result = _ctr_concatenated(cipher, k, c, recs, dev, threads)
    if update_counters:
        if not (isinstance(counters, np.ndarray) and counters.flags.writeable):
            raise InvalidArgument("update_counters=True needs counters as a writable uint8 array")
        counters[...] = c
    return result


def _ctr_concatenated(cipher: str, k: U8Array, c: U8Array, recs: List[memoryview], dev: int,
                      threads: int) -> List[bytes]:
    """ctr_xor_many's GPU path for records of any lengths: one buffer and offsets."""
    import numpy as np

    n = len(recs)
    lens = [len(r) for r in recs]
    offsets = np.zeros(n + 1, dtype=np.uintp)
    np.cumsum(lens, out=offsets[1:])
    flat = b"".join(bytes(r) for r in recs)
    outb = bytearray(len(flat))
    _karx._ctr_xor_many_into(cipher, k, c, outb, flat, offsets, dev, threads)
    mv = memoryview(outb)
    return [bytes(mv[offsets[i]:offsets[i + 1]]) for i in range(n)]


# ---------------------------------------------------------------------------- record jobs

def _open_result(results: List[Optional[bytes]], strict: bool, name: str) -> List[Optional[bytes]]:
    if strict:
        failed = tuple(i for i, r in enumerate(results) if r is None)
        if failed:
            shown = ", ".join(map(str, failed[:10])) + (", ..." if len(failed) > 10 else "")
            e = InvalidTag(f"{name}: {len(failed)} of {len(results)} records do not verify "
                           f"(records {shown}): no plaintext released")
            e.failed = failed
            raise e
    return results


def gcm_seal_many(keys: Union[U8Array, Sequence[AeadKeyArg]], nonces: Records,
                  messages: Records,
                  associated_data: Optional[Sequence[Optional[ReadableBuffer]]] = None, *,
                  cipher: Optional[str] = None, tag_length: Optional[int] = None,
                  threads: int = 1) -> List[bytes]:
    """GCM-seal n records, each under its own key and nonce, in one call (the record jobs of
    ``karx_gcm_seal_jobs``: records of many keys side by side in the SIMD lanes).

    Record i is ``ciphertext || tag``, exactly ``LEAGCM(keys[i]).encrypt(nonces[i],
    messages[i], associated_data[i])``. ``keys[i]``: a key object of GCM (:class:`LEAGCM`,
    :class:`CHAMGCM`, :class:`ARIAGCM`, ``AEAD(cipher, "gcm", key)``: made once per session,
    its scheduled key used as it is) or raw key bytes, which need ``cipher=`` (a family:
    ``"LEA"``, ``"CHAM-128"``, ``"ARIA"``, the key length picking the cipher; or a cipher:
    ``"aria256"``) and are scheduled for this call. Any mix of ciphers and key kinds.
    ``tag_length``: every record's (4, 8, 12-16); ``None``: each key object's own, 16 for raw
    keys. ``associated_data``: ``None`` or n items, each bytes-like or ``None``. ``threads``:
    spread the records over that many threads (0 = every CPU); the output is the same for any
    count. The GIL is released while sealing.

    Bad arguments (a nonce of length 0, a key of the wrong length, counts that differ, a
    non-bytes item) raise before any record is sealed, naming the record (``nonces[3]: ...``).
    """
    return _karx._aead_seal_many("gcm", keys, nonces, messages, associated_data, cipher,
                                 tag_length, threads)


def gcm_open_many(keys: Union[U8Array, Sequence[AeadKeyArg]], nonces: Records, records: Records,
                  associated_data: Optional[Sequence[Optional[ReadableBuffer]]] = None, *,
                  cipher: Optional[str] = None, tag_length: Optional[int] = None,
                  threads: int = 1, strict: bool = False) -> List[Optional[bytes]]:
    """Open n GCM records (``ciphertext || tag`` each), each under its own key and nonce, in
    one call (``karx_gcm_open_jobs``); arguments as for :func:`gcm_seal_many`.

    Item i is the plaintext of record i, or ``None`` when that record does not verify (a
    forged or corrupted tag, ciphertext or AAD, a wrong key or nonce, a record shorter than
    its tag): the other records are opened all the same, and no plaintext of a failed record
    is released. With ``strict=True`` any failure raises :class:`InvalidTag` instead, with
    ``failed`` the indices of every record that did not verify, and no plaintext is returned.
    Bad arguments raise before any record is opened, as for :func:`gcm_seal_many`.
    """
    return _open_result(_karx._aead_open_many("gcm", keys, nonces, records, associated_data,
                                              cipher, tag_length, threads),
                        strict, "gcm_open_many")


def ccm_seal_many(keys: Union[U8Array, Sequence[AeadKeyArg]], nonces: Records,
                  messages: Records,
                  associated_data: Optional[Sequence[Optional[ReadableBuffer]]] = None, *,
                  cipher: Optional[str] = None, tag_length: Optional[int] = None,
                  threads: int = 1) -> List[bytes]:
    """CCM-seal n records, each under its own key and nonce (``karx_ccm_seal_jobs``: a
    record's CBC-MAC is a chain, so the lanes take a record each). As :func:`gcm_seal_many`,
    with CCM's rules: key objects :class:`LEACCM`, :class:`CHAMCCM`, :class:`ARIACCM`,
    ``AEAD(cipher, "ccm", key)``; nonces 7 to 13 bytes; tags 4, 6, ..., 16. Record i equals
    ``LEACCM(keys[i], tag_length).encrypt(nonces[i], messages[i], associated_data[i])``."""
    return _karx._aead_seal_many("ccm", keys, nonces, messages, associated_data, cipher,
                                 tag_length, threads)


def ccm_open_many(keys: Union[U8Array, Sequence[AeadKeyArg]], nonces: Records, records: Records,
                  associated_data: Optional[Sequence[Optional[ReadableBuffer]]] = None, *,
                  cipher: Optional[str] = None, tag_length: Optional[int] = None,
                  threads: int = 1, strict: bool = False) -> List[Optional[bytes]]:
    """Open n CCM records (``karx_ccm_open_jobs``): ``None`` for a record that does not verify,
    or with ``strict=True`` :class:`InvalidTag` with ``failed``; as :func:`gcm_open_many`."""
    return _open_result(_karx._aead_open_many("ccm", keys, nonces, records, associated_data,
                                              cipher, tag_length, threads),
                        strict, "ccm_open_many")


def hmac_many(keys: Union[U8Array, Sequence[HmacKeyArg]], messages: Records,
              digest: Optional[str] = None, *, tag_length: Optional[int] = None,
              threads: int = 1) -> List[bytes]:
    """HMAC-LSH of n messages, each under its own key, in one call (``karx_hmac_lsh_jobs``:
    the messages side by side in the lanes of the LSH multi-buffer kernel).

    Item i equals ``hmac_digest(keys[i], messages[i], digest)`` (its first ``tag_length``
    bytes when given). ``keys[i]``: an :class:`HmacKey` (the key processed once per session;
    its hash is used) or raw key bytes, which need ``digest`` (``"lsh256-256"``,
    ``"hmac-lsh512-512"``, ...). Any mix of variants. ``tag_length``: from
    max(10, digest/2) bytes to the digest size, else :class:`InvalidOutputLength`.
    ``threads`` as for :func:`gcm_seal_many`; the GIL is released."""
    return _karx._hmac_many(keys, messages, digest, tag_length, threads)


def hmac_verify_many(keys: Union[U8Array, Sequence[HmacKeyArg]], messages: Records,
                     tags: Records, digest: Optional[str] = None, *,
                     threads: int = 1) -> List[bool]:
    """Check n HMAC-LSH tags in one call (``karx_hmac_lsh_verify_jobs``, constant-time
    compares): item i is ``True`` when ``tags[i]`` is the tag of ``messages[i]`` under
    ``keys[i]`` or its first ``len(tags[i])`` bytes, ``False`` otherwise, a tag shorter than
    max(10, digest/2) bytes or longer than the digest included. Arguments as for
    :func:`hmac_many`."""
    return _karx._hmac_verify_many(keys, messages, tags, digest, threads)
