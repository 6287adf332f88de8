"""The karx sealed-file format v1 (docs/FORMAT.md), the one ``karx enc`` / ``karx dec`` write and
read without ``-m``: seal_file / open_file and the streaming SealWriter / SealReader.

Built on karx's own primitives as the package exposes them: PBKDF2-HMAC-LSH-256-256
(pbkdf2_hmac), KBKDF in counter mode over HMAC-LSH-256-256 (kbkdf), HMAC-LSH-256-256
(hmac_digest), LEA / CHAM-128 GCM (the AEAD binding) and an OS-seeded LEA-256 CTR_DRBG for the
salt and nonce prefix, as the CLI (cli/seal.c)."""
from __future__ import annotations

import collections
import hmac as _hmac
import io
import operator
import os
import stat
import struct
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from types import TracebackType
from typing import (TYPE_CHECKING, Any, Callable, Deque, Iterator, List, Optional, Protocol, Tuple,
                    Type, Union, cast)

from . import _karx
from ._errors import (InvalidArgument, InvalidKey, InvalidState, InvalidTag,
                      SealAuthenticationError, SealError)
from ._registry import algorithm

if TYPE_CHECKING:
    from ._karx import ReadableBuffer

MAGIC = b"karxseal"
VERSION = 1
BODY = 56
TAG = 32
HEADER = BODY + TAG
SALT = 32
PREFIX = 7
CHUNK_LOG2 = 16
CHUNK = 1 << CHUNK_LOG2
GCM_TAG = 16
CT_CHUNK = CHUNK + GCM_TAG
KEY_BYTES = 32
LABEL = b"karx seal v1"
KDF_RAW, KDF_PBKDF2 = 0, 1
ITER_CAP = 16777216  # what a reader accepts by default (SEAL_ITER_CAP in cli/seal.h)
MAX_CHUNKS = 1 << 32
CALIBRATE_SECONDS = 0.5

#: header id -> (cipher name, AEAD family, data key bytes)
_CIPHERS = {
    1: ("lea256", "LEA", 32),
    2: ("lea128", "LEA", 16),
    3: ("cham128-256", "CHAM-128", 32),
    4: ("cham128-128", "CHAM-128", 16),
}
_CIPHER_IDS = {name: cid for cid, (name, _, _) in _CIPHERS.items()}


class _Readable(Protocol):
    def read(self, size: int, /) -> Optional[bytes]: ...


class _Writable(Protocol):
    def write(self, data: bytes, /) -> object: ...


#: A file name (str or os.PathLike) or an open binary file.
_Path = Union[str, "os.PathLike[str]"]


# ---------------------------------------------------------------------------- arguments

def _int(x: object, what: str) -> int:
    """An int argument: an int or anything with __index__ (NumPy integers), as the package's
    other integer parameters; TypeError naming the parameter otherwise."""
    if not hasattr(type(x), "__index__"):
        raise TypeError(f"{what}: expected int, got {type(x).__name__}")
    return operator.index(cast(Any, x))


def _threads(threads: int) -> int:
    threads = _int(threads, "threads")
    if threads < 0 or threads > 1024:
        raise InvalidArgument(f"threads must be 0 (every CPU) or 1 .. 1024, got {threads}")
    return threads or (os.cpu_count() or 1)


def _secret(passphrase: Union[str, ReadableBuffer, None], key: Optional[ReadableBuffer],
            sealing: bool) -> Tuple[Optional[bytearray], Optional[bytearray]]:
    """(passphrase bytes, raw key) as fresh bytearrays, exactly one of them not None."""
    if (passphrase is None) == (key is None):
        raise InvalidArgument("give passphrase= or key=, not both" if key is not None else
                              "give passphrase= (str or bytes) or key= (32 bytes)")
    if key is not None:
        if isinstance(key, str):
            raise TypeError("key: expected a bytes-like object of 32 bytes, got str")
        k = bytearray(_view(key))
        if len(k) != KEY_BYTES:
            n = len(k)
            k[:] = bytes(n)
            raise InvalidKey(f"a sealed file's raw key is {KEY_BYTES} bytes whatever the cipher, "
                             f"got {n}")
        return None, k
    if isinstance(passphrase, str):
        p = bytearray(passphrase.encode("utf-8"))
    else:
        p = bytearray(_view(passphrase))
    if sealing and not p:
        raise InvalidArgument("empty passphrase")
    return p, None


def _view(x: object) -> memoryview:
    """A flat byte view of any buffer (a str or non-buffer raises TypeError)."""
    if isinstance(x, str):
        raise TypeError("expected a bytes-like object, got str")
    return memoryview(cast(Any, x)).cast("B")


def _wipe(b: Optional[bytearray]) -> None:
    if b is not None:
        b[:] = bytes(len(b))


def _name_of(f: object) -> str:
    n = getattr(f, "name", None)
    return f"{os.fsdecode(n)}: " if isinstance(n, (str, bytes)) else ""


# ---------------------------------------------------------------------------- keys

def _calibrate(clock: Callable[[], float] = time.thread_time) -> int:
    """PBKDF2 iterations taking about CALIBRATE_SECONDS of this thread's CPU time, by karx enc's
    rule (cli/seal.c): time a count doubling from 1000 until a run takes 50 ms, scale, round up
    to a thousand, clamp to 1000 .. ITER_CAP."""
    c = 1000
    while True:
        t0 = clock()
        _karx.pbkdf2_hmac("lsh256-256", b"calibrate", b"salt", c, 32)
        dt = clock() - t0
        if dt >= 0.05 or c >= ITER_CAP // 2:
            break
        c *= 2
    want = min(c * CALIBRATE_SECONDS / max(dt, 1e-6), float(ITER_CAP))
    it = (int(want) + 999) // 1000 * 1000
    return max(1000, min(ITER_CAP, it))


def _derive(body: bytes, passphrase: Optional[bytearray],
            key: Optional[bytearray]) -> Tuple[bytes, _karx._Aead]:
    """(header tag, GCM object under the data key) for a header body."""
    if body[10] == KDF_PBKDF2:
        assert passphrase is not None
        iterations: int = struct.unpack(">I", body[12:16])[0]
        ikm = bytearray(_karx.pbkdf2_hmac("lsh256-256", passphrase, body[16:48], iterations, 32))
    else:
        assert key is not None
        ikm = bytearray(key)
    try:
        okm = bytearray(_karx.kbkdf("hmac-lsh256-256", ikm, 64, label=LABEL, context=body,
                                    counter_bits=32, l_bytes=4))
    finally:
        _wipe(ikm)
    try:
        _, family, klen = _CIPHERS[body[9]]
        with memoryview(okm) as mv:  # no copies of the keys
            tag = _karx.hmac_digest(mv[:32], body, "lsh256-256")
            aead = _karx._Aead("gcm", family, mv[32:32 + klen], GCM_TAG)
    finally:
        _wipe(okm)
    return tag, aead


def _nonce(prefix: bytes, index: int, last: bool) -> bytes:
    return prefix + struct.pack(">IB", index, 1 if last else 0)


class _Pool:
    """Runs a batch of chunk jobs, on threads when there are several (the GCM calls release the
    GIL); results come back in order."""

    def __init__(self, threads: int) -> None:
        self.batch = threads
        self._ex = ThreadPoolExecutor(threads) if threads > 1 else None

    def map(self, fn: Callable[[Tuple[bytes, memoryview]], bytes],
            jobs: List[Tuple[bytes, memoryview]]) -> Iterator[bytes]:
        if self._ex is None or len(jobs) < 2:
            return map(fn, jobs)
        return self._ex.map(fn, jobs)

    def shutdown(self) -> None:
        # No join: close() also runs from the garbage collector, at any point and in any thread,
        # even one holding a lock of threading's own that a join needs (the process then hung;
        # test_close_never_joins_threads_under_a_threading_lock). Every result this object uses
        # has been taken by then; the idle workers exit by themselves.
        if self._ex is not None:
            self._ex.shutdown(wait=False, cancel_futures=True)
            self._ex = None


def _write_all(f: _Writable, data: Union[bytes, memoryview]) -> None:
    mv = memoryview(data)
    while mv:
        n = f.write(mv)  # type: ignore[arg-type]
        if not isinstance(n, int) or n >= len(mv):
            return
        if n <= 0:
            raise BlockingIOError("the output file took no bytes")
        mv = mv[n:]


def _read_exact(f: _Readable, n: int) -> bytes:
    """n bytes, or fewer only at the end of the file."""
    first = f.read(n)
    if first is None:
        raise BlockingIOError("I/O operation would block")
    if len(first) == n or not first:
        return bytes(first)
    buf = bytearray(first)
    while len(buf) < n:
        more = f.read(n - len(buf))
        if more is None:
            raise BlockingIOError("I/O operation would block")
        if not more:
            break
        buf += more
    return bytes(buf)


# ---------------------------------------------------------------------------- writer

class SealWriter(io.BufferedIOBase):
    """Seals what is written to it into ``fileobj`` (a binary file open for writing) in the
    sealed-file format (docs/FORMAT.md), as ``karx enc`` without ``-m``.

    Give ``passphrase`` (str, taken as UTF-8, or bytes) or ``key`` (32 bytes whatever the
    cipher). ``cipher``: ``"lea256"`` (default), ``"lea128"``, ``"cham128-256"`` or
    ``"cham128-128"`` (any spelling :func:`karx.algorithm` takes). ``iterations``: the PBKDF2
    count; ``None`` calibrates it as ``karx enc`` does (about 0.5 s of CPU time here, a multiple
    of 1000, at most 16777216). ``threads``: seal that many 64 KiB chunks at once on threads
    (0 = every CPU); the output is the same for any count.

    The header goes out at construction; every full 64 KiB chunk as soon as it is complete.
    ``close()`` (or leaving a ``with`` block normally) seals the last chunk and flushes
    ``fileobj``, which stays open. Leaving a ``with`` block by an exception, or dropping the
    writer unclosed, writes no last chunk: the output then fails to open as truncated, never
    passes for a complete file.
    """

    def __init__(self, fileobj: _Writable, *, passphrase: Union[str, ReadableBuffer, None] = None,
                 key: Optional[ReadableBuffer] = None, cipher: str = "lea256",
                 iterations: Optional[int] = None, threads: int = 1,
                 _salt: Optional[bytes] = None, _prefix: Optional[bytes] = None) -> None:
        super().__init__()
        self._f = fileobj
        self._aead: Optional[_karx._Aead] = None
        self._pool: Optional[_Pool] = None
        self._buf = bytearray()
        self._next = 0
        self._state = "open"  # "open", "failed", "done"
        self._cipher = ""
        name = algorithm(cipher, "cipher").name
        if name not in _CIPHER_IDS:
            raise InvalidArgument(f"sealed files take {', '.join(_CIPHER_IDS)}, not {cipher!r}")
        nthreads = _threads(threads)
        pw, k = _secret(passphrase, key, sealing=True)
        try:
            if k is not None and iterations is not None:
                raise InvalidArgument("a raw key takes no PBKDF2 iterations")
            if iterations is None:
                it = 0 if k is not None else _calibrate()
            else:
                it = _int(iterations, "iterations")
                if not 1 <= it <= 0xFFFFFFFF:
                    raise InvalidArgument(f"iterations must be 1 .. 2**32 - 1, got {it}")
            if _salt is None and _prefix is None:
                drbg = _karx.CtrDrbg("lea256", personalization=LABEL)
                rnd = drbg.generate(SALT + PREFIX)
                salt, prefix = rnd[:SALT], rnd[SALT:]
            else:
                salt, prefix = bytes(_view(_salt or b"")), bytes(_view(_prefix or b""))
                if len(salt) != SALT or len(prefix) != PREFIX:
                    raise InvalidArgument("_salt is 32 bytes and _prefix 7")
            body = (MAGIC + bytes([VERSION, _CIPHER_IDS[name], KDF_RAW if k is not None
                                   else KDF_PBKDF2, CHUNK_LOG2]) + struct.pack(">I", it) +
                    salt + prefix + b"\0")
            tag, self._aead = _derive(body, pw, k)
        finally:
            _wipe(pw)
            _wipe(k)
        self._prefix = prefix
        self._cipher = name
        self._iterations = it
        self._pool = _Pool(nthreads)
        try:
            _write_all(self._f, body + tag)
        except BaseException:
            self._fail()
            raise

    @property
    def cipher(self) -> str:
        """The cipher's name (``"lea256"``, ...)."""
        return self._cipher

    @property
    def iterations(self) -> int:
        """The PBKDF2 count in the header (0 with a raw key)."""
        return self._iterations

    def writable(self) -> bool:
        return True

    def write(self, data: ReadableBuffer) -> int:
        """Takes all of data (any bytes-like object); returns its length."""
        if self.closed:
            raise ValueError("write to a closed SealWriter")
        if self._state != "open":
            raise InvalidState("write to a SealWriter after a failure")
        if isinstance(data, str):
            raise TypeError("write() takes a bytes-like object, not str")
        mv = _view(data)
        self._buf += mv
        batch = self._pool.batch if self._pool else 1
        while len(self._buf) >= batch * CHUNK:  # a batch at a time: bounded output in flight
            self._seal(batch, last=False)
        return mv.nbytes

    def _seal(self, n_full: int, last: bool) -> None:
        """Seals the buffer's first n_full chunks, and then the rest as the last chunk."""
        assert self._aead is not None and self._pool is not None
        count = n_full + (1 if last else 0)
        if self._next + count > MAX_CHUNKS:
            self._fail()
            raise SealError("too large for the format (2**32 chunks of 64 KiB at most)")
        view = memoryview(self._buf)
        aead = self._aead
        jobs = [(_nonce(self._prefix, self._next + i, last and i == n_full),
                 view[i * CHUNK:(i + 1) * CHUNK if i < n_full else len(self._buf)])
                for i in range(count)]
        try:
            for ct in self._pool.map(lambda j: aead.encrypt(j[0], j[1]), jobs):
                _write_all(self._f, ct)
        except BaseException:
            self._fail()
            raise
        finally:
            del jobs, view
        self._next += count
        del self._buf[:n_full * CHUNK]

    def flush(self) -> None:
        """Flushes fileobj; a partial chunk stays here until it is complete or close()."""
        fl = getattr(self._f, "flush", None)
        if fl is not None and self._state == "open":
            fl()

    def close(self) -> None:
        """Seals the last chunk, flushes fileobj (left open) and wipes the key."""
        if self._state == "open":
            try:
                self._seal(len(self._buf) // CHUNK, last=True)
                self._state = "done"
                fl = getattr(self._f, "flush", None)
                if fl is not None:
                    fl()
            finally:
                self._release()
        else:
            self._release()
        super().close()

    def _fail(self) -> None:
        self._state = "failed"
        self._release()

    def _release(self) -> None:
        _wipe(self._buf)
        self._buf = bytearray()
        self._aead = None  # the binding wipes the key schedule
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def _abort(self) -> None:
        if self._state == "open":
            self._state = "failed"
        self.close()

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        if exc_type is None:
            self.close()
        else:
            self._abort()

    def __del__(self) -> None:
        try:
            self._abort()
        except Exception:
            pass

    def __repr__(self) -> str:
        return f"<karx.SealWriter {self._cipher} {self._state}>"


# ---------------------------------------------------------------------------- reader

class SealReader(io.BufferedIOBase):
    """Opens a sealed file (docs/FORMAT.md) from ``fileobj`` (a binary file open for reading)
    and reads its plaintext, as ``karx dec`` without ``-m``.

    Give ``passphrase`` (str, taken as UTF-8, or bytes) or ``key`` (32 bytes), whichever the
    file was sealed with. The header is read and its tag checked at construction, so a wrong
    passphrase or key or a changed header raises :class:`SealAuthenticationError` there.
    ``max_iterations``: refuse a header asking for more PBKDF2 iterations (as ``karx dec
    --iter-max``). ``threads``: open that many chunks at once on threads (0 = every CPU).

    ``read(n)``, ``read1(n)``, ``readinto(b)``, line iteration (``io`` semantics) and
    :meth:`chunks` return plaintext only from 64 KiB chunks whose tag has verified; a chunk
    that fails raises :class:`SealAuthenticationError` once the verified chunks before it are
    read, and a truncated file raises :class:`SealError`. Only the end of the plaintext
    (``read()`` returning ``b""``) says that the whole file verified. ``close()`` leaves
    ``fileobj`` open.
    """

    def __init__(self, fileobj: _Readable, *, passphrase: Union[str, ReadableBuffer, None] = None,
                 key: Optional[ReadableBuffer] = None, max_iterations: int = ITER_CAP,
                 threads: int = 1) -> None:
        super().__init__()
        self._f = fileobj
        self._aead: Optional[_karx._Aead] = None
        self._pool: Optional[_Pool] = None
        self._pending: Deque[bytes] = collections.deque()
        self._cur = b""
        self._pos = 0
        self._next = 0
        self._end = False
        self._error: Optional[SealError] = None
        self._cipher = ""
        self._where = _name_of(fileobj)
        max_iterations = _int(max_iterations, "max_iterations")
        nthreads = _threads(threads)
        pw, k = _secret(passphrase, key, sealing=False)
        try:
            hdr = _read_exact(fileobj, HEADER)
            body = self._check_body(hdr, pw is not None, max_iterations)
            tag, aead = _derive(body, pw, k)
        finally:
            _wipe(pw)
            _wipe(k)
        if not _hmac.compare_digest(tag, hdr[BODY:]):
            raise SealAuthenticationError(
                f"{self._where}wrong {'passphrase' if body[10] == KDF_PBKDF2 else 'key'}, or "
                f"the header is corrupted")
        self._aead = aead
        self._prefix = body[48:55]
        self._cipher = _CIPHERS[body[9]][0]
        self._iterations: int = struct.unpack(">I", body[12:16])[0]
        self._pool = _Pool(nthreads)

    def _check_body(self, hdr: bytes, with_pass: bool, max_iterations: int) -> bytes:
        w = self._where
        if len(hdr) < 8 or hdr[:8] != MAGIC:
            raise SealError(f"{w}not a karx sealed file (no 'karxseal' header)")
        if len(hdr) < HEADER:
            raise SealError(f"{w}truncated: the header is {len(hdr)} of {HEADER} bytes")
        if hdr[8] != VERSION:
            raise SealError(f"{w}sealed-file version {hdr[8]}, this karx reads version {VERSION}")
        it: int = struct.unpack(">I", hdr[12:16])[0]
        bad = ("unknown cipher id" if hdr[9] not in _CIPHERS else
               "unknown KDF id" if hdr[10] not in (KDF_RAW, KDF_PBKDF2) else
               "chunk size other than 64 KiB" if hdr[11] != CHUNK_LOG2 else
               "reserved byte not zero" if hdr[55] != 0 else
               "iteration count does not match the KDF" if (hdr[10] == KDF_RAW) != (it == 0)
               else None)
        if bad:
            raise SealError(f"{w}corrupted header ({bad})")
        if hdr[10] == KDF_RAW and with_pass:
            raise SealError(f"{w}sealed with a raw key, not a passphrase: give key=")
        if hdr[10] == KDF_PBKDF2 and not with_pass:
            raise SealError(f"{w}sealed with a passphrase, not a raw key: give passphrase=")
        if it > max_iterations:
            raise SealError(f"{w}the header asks for {it} PBKDF2 iterations, more than the "
                            f"{max_iterations} allowed (max_iterations= to accept it)")
        return hdr[:BODY]

    @property
    def cipher(self) -> str:
        """The file's cipher (``"lea256"``, ...)."""
        return self._cipher

    @property
    def iterations(self) -> int:
        """The file's PBKDF2 count (0 for a raw key)."""
        return self._iterations

    def readable(self) -> bool:
        return True

    def _fill(self) -> bool:
        """Verified chunks into _pending; False at the end of the plaintext. Raises a failure
        once the verified chunks before it are taken."""
        while not self._pending:
            if self._error is not None:
                raise self._error
            if self._end:
                return False
            if self.closed or self._aead is None or self._pool is None:
                raise ValueError("I/O operation on closed file.")
            self._batch(self._aead, self._pool)
        return True

    def _batch(self, aead: _karx._Aead, pool: _Pool) -> None:
        pieces: List[bytes] = []
        last = False
        for _ in range(pool.batch):
            p = _read_exact(self._f, CT_CHUNK)
            pieces.append(p)
            if len(p) < CT_CHUNK:
                last = True
                break
        w = self._where
        trailing: Optional[SealError] = None
        if last and not pieces[-1]:
            pieces.pop()
            n = self._next + len(pieces)
            trailing = SealError(f"{w}truncated: no chunk after the header" if n == 0 else
                                 f"{w}truncated: the file ends after chunk {n - 1}, before its "
                                 f"last chunk")
        elif last and len(pieces[-1]) < GCM_TAG:
            trailing = SealError(f"{w}truncated or corrupted: a last chunk of "
                                 f"{len(pieces[-1])} bytes, shorter than its {GCM_TAG}-byte tag")
            pieces.pop()
            last = False
        if self._next + len(pieces) > MAX_CHUNKS:
            self._error = SealError(f"{w}more than 2**32 chunks")
            return
        is_last = last and trailing is None
        jobs = [(_nonce(self._prefix, self._next + i, is_last and i == len(pieces) - 1),
                 memoryview(p)) for i, p in enumerate(pieces)]
        results = pool.map(lambda j: aead.decrypt(j[0], j[1]), jobs)
        try:
            for i in range(len(jobs)):
                try:
                    pt = next(results)
                except InvalidTag:
                    self._error = SealAuthenticationError(
                        f"{w}chunk {self._next}{' (the last)' if jobs[i][0][-1] else ''}: "
                        f"authentication failed (the file is corrupted, truncated, extended or "
                        f"reordered)")
                    return
                self._pending.append(pt)
                self._next += 1
        finally:
            del jobs
        if trailing is not None:
            self._error = trailing
        elif is_last:
            self._end = True

    def chunks(self) -> Iterator[bytes]:
        """The plaintext chunk by chunk (64 KiB each but the last), each only once verified;
        what read() has left of a chunk comes first."""
        self._check_open()
        if self._pos < len(self._cur):
            rest = self._cur[self._pos:]
            self._cur, self._pos = b"", 0
            yield rest
        while self._fill():
            yield self._pending.popleft()

    def _check_open(self) -> None:
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def read1(self, size: Optional[int] = -1) -> bytes:
        self._check_open()
        if size is None or size < 0:
            size = CHUNK
        if size == 0:
            return b""
        if self._pos >= len(self._cur):
            if not self._fill():
                return b""
            self._cur, self._pos = self._pending.popleft(), 0
        out = self._cur[self._pos:self._pos + size]
        self._pos += len(out)
        return out

    def readline(self, size: Optional[int] = -1) -> bytes:
        """Up to and including the next b"\\n" (at most size bytes when size >= 0); line
        iteration uses it."""
        self._check_open()
        limit = -1 if size is None or size < 0 else size
        parts = []
        try:
            while limit != 0:
                if self._pos >= len(self._cur):
                    if not self._fill():
                        break
                    self._cur, self._pos = self._pending.popleft(), 0
                stop = len(self._cur) if limit < 0 else min(len(self._cur), self._pos + limit)
                nl = self._cur.find(b"\n", self._pos, stop)
                if nl >= 0:
                    stop = nl + 1
                piece = self._cur[self._pos:stop]
                self._pos = stop
                parts.append(piece)
                if limit > 0:
                    limit -= len(piece)
                if nl >= 0:
                    break
        except SealError:
            if not parts:
                raise
        return b"".join(parts)

    def read(self, size: Optional[int] = -1) -> bytes:
        """size bytes (fewer only at the end), all of the rest for -1 / None. A failure after
        some verified bytes returns those first and raises on the next call."""
        self._check_open()
        if size is None or size < 0:
            return b"".join(self.chunks())
        parts = []
        try:
            while size > 0:
                b = self.read1(size)
                if not b:
                    break
                parts.append(b)
                size -= len(b)
        except SealError:
            if not parts:
                raise
            # the verified bytes before the failure first; the next call raises it again
        return b"".join(parts)

    def readinto(self, b: ReadableBuffer) -> int:
        mv = _view(b)
        data = self.read(len(mv))
        mv[:len(data)] = data
        return len(data)

    def readinto1(self, b: ReadableBuffer) -> int:
        mv = _view(b)
        data = self.read1(len(mv))
        mv[:len(data)] = data
        return len(data)

    def close(self) -> None:
        """Drops the key (the binding wipes its schedule); fileobj stays open."""
        self._aead = None
        self._pending.clear()
        self._cur = b""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None
        super().close()

    def __repr__(self) -> str:
        return f"<karx.SealReader {self._cipher}>"


# ---------------------------------------------------------------------------- files

class _Output:
    """dst for seal_file / open_file: an open binary file as it is, or a path written through
    a temporary file beside its final target (links resolved) that replaces it only on success,
    with the replaced file's mode (a new file: 0666 less the umask), as karx enc / dec -o. A
    directory is refused; a FIFO or device is written directly."""

    def __init__(self, dst: Union[_Path, _Writable]) -> None:
        self.tmp: Optional[str] = None
        self.target = ""
        self._own: Optional[io.BufferedWriter] = None
        if not isinstance(dst, (str, os.PathLike)):
            self.f: _Writable = dst
            return
        self.target = os.path.realpath(os.fspath(dst))
        try:
            st: Optional[os.stat_result] = os.stat(self.target)
        except FileNotFoundError:
            st = None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(f"{os.fspath(dst)}: is a directory")
        if st is not None and not stat.S_ISREG(st.st_mode):
            self._own = open(self.target, "wb")
            self.f = self._own
            return
        d, base = os.path.split(self.target)
        fd, self.tmp = tempfile.mkstemp(prefix=f".{base}.", dir=d or ".")
        try:
            if st is None:
                mask = os.umask(0)
                os.umask(mask)
                os.fchmod(fd, 0o666 & ~mask)
            else:
                try:
                    os.fchown(fd, st.st_uid, st.st_gid)
                except OSError:
                    pass
                os.fchmod(fd, stat.S_IMODE(st.st_mode) & ~(stat.S_ISUID | stat.S_ISGID))
            self._own = open(fd, "wb")
        except BaseException:
            os.close(fd)
            os.unlink(self.tmp)
            raise
        self.f = self._own

    def commit(self) -> None:
        if self._own is None:
            fl = getattr(self.f, "flush", None)
            if fl is not None:
                fl()
            return
        self._own.flush()
        if self.tmp is not None:
            os.fsync(self._own.fileno())
        self._own.close()
        if self.tmp is not None:
            os.replace(self.tmp, self.target)
            self.tmp = None

    def abort(self) -> None:
        if self._own is not None:
            self._own.close()
        if self.tmp is not None:
            os.unlink(self.tmp)
            self.tmp = None


def _input(src: Union[_Path, _Readable]) -> Tuple[_Readable, Optional[io.BufferedReader]]:
    if isinstance(src, (str, os.PathLike)):
        f = open(src, "rb")
        return f, f
    return src, None


def seal_file(src: Union[_Path, _Readable], dst: Union[_Path, _Writable], *,
              passphrase: Union[str, ReadableBuffer, None] = None,
              key: Optional[ReadableBuffer] = None, cipher: str = "lea256",
              iterations: Optional[int] = None, threads: int = 1,
              _salt: Optional[bytes] = None, _prefix: Optional[bytes] = None) -> None:
    """Seals src into dst in the sealed-file format (docs/FORMAT.md), as ``karx enc -i SRC -o
    DST`` without ``-m``. src and dst are paths or binary file objects (a file object is read to
    its end / written from its position and left open). A dst path is written through a
    temporary file beside it, renamed onto it only when everything is sealed: a failure leaves
    no dst (and an existing one unchanged). The arguments are :class:`SealWriter`'s;
    ``_salt`` / ``_prefix`` (32 and 7 bytes) fix the randomness, for tests only."""
    f, own = _input(src)
    try:
        out = _Output(dst)
        try:
            w = SealWriter(out.f, passphrase=passphrase, key=key, cipher=cipher,
                           iterations=iterations, threads=threads, _salt=_salt, _prefix=_prefix)
            try:
                step = max(16, w._pool.batch if w._pool else 1) * CHUNK
                while True:
                    data = f.read(step)
                    if data is None:
                        raise BlockingIOError("I/O operation would block")
                    if not data:
                        break
                    w.write(data)
            except BaseException:
                w._abort()
                raise
            w.close()
            out.commit()
        except BaseException:
            out.abort()
            raise
    finally:
        if own is not None:
            own.close()


def open_file(src: Union[_Path, _Readable], dst: Union[_Path, _Writable], *,
              passphrase: Union[str, ReadableBuffer, None] = None,
              key: Optional[ReadableBuffer] = None, max_iterations: int = ITER_CAP,
              threads: int = 1) -> None:
    """Opens the sealed file src into dst, as ``karx dec -i SRC -o DST`` without ``-m``; the
    arguments are :class:`SealReader`'s. The header is checked (and the keys derived) before dst
    is touched. A dst path is written through a temporary file beside it, renamed onto it only
    when the last chunk has verified: any failure leaves no dst (and an existing one unchanged).
    A dst file object gets each chunk once it verified, so on a failure it holds the plaintext
    of the chunks before the bad one, which must be discarded. Raises :class:`SealError` (its
    subclass :class:`SealAuthenticationError` for a tag that fails)."""
    f, own = _input(src)
    try:
        r = SealReader(f, passphrase=passphrase, key=key, max_iterations=max_iterations,
                       threads=threads)
        try:
            out = _Output(dst)
            try:
                for chunk in r.chunks():
                    _write_all(out.f, chunk)
                out.commit()
            except BaseException:
                out.abort()
                raise
        finally:
            r.close()
    finally:
        if own is not None:
            own.close()
