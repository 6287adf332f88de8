"""The algorithm registry (include/karx/registry.h) as Python: every cipher, mode, hash and MAC
the library registers, looked up by the library's one name parser, and the kernels each runs on."""
from __future__ import annotations

from typing import List, NamedTuple, Optional, Tuple

from . import _karx


class Algorithm(NamedTuple):
    """One registered algorithm (karx_alg_info). Sizes are in bytes; 0 where one does not apply.

    ``kind``: ``'cipher'``, ``'mode'``, ``'hash'`` or ``'mac'``. ``output_size``: the digest
    (hash, HMAC) or full tag (CMAC, GMAC). ``segment_size``: a CFB mode's segment. ``kernel``: the
    kernel a cipher, hash or MAC runs on now (see :func:`kernels`); ``''`` for a mode."""

    name: str
    std_name: str
    kind: str
    id: int
    block_size: int
    key_size: int
    output_size: int
    segment_size: int
    has_iv: bool
    kernel: str


class Kernel(NamedTuple):
    """One kernel (implementation) of a cipher or hash (karx_kernel_info).

    ``backend``: the back end it belongs to (:func:`set_backend` limits the choice);
    ``cpu_features``: the KARX_CPU_* bits it needs; ``usable``: this CPU and build can run it;
    ``active``: the one calls use now."""

    name: str
    backend: str
    cpu_features: int
    priority: int
    lanes: int
    usable: bool
    active: bool


class Mode(NamedTuple):
    """One mode of any shape (karx_mode_info): ``shape`` is ``'block'`` (:class:`Cipher`),
    ``'aead'`` (:class:`AEAD`) or ``'xts'`` (:class:`XTS`). It runs on ciphers whose block is
    ``min_block`` .. ``max_block`` bytes (``max_block`` 0: no upper limit), listed in
    ``ciphers``; its key is ``key_parts`` cipher keys (2 for XTS: data key then tweak key);
    ``approved``: on KCMVP's list (a call also needs its cipher's approval)."""

    name: str
    std_name: str
    shape: str
    id: int
    min_block: int
    max_block: int
    key_parts: int
    approved: bool
    ciphers: Tuple[str, ...]


def modes() -> List[Mode]:
    """Every mode, whatever its calls: the block modes, then the AEADs, then XTS."""
    return [Mode(*t) for t in _karx._modes()]


def algorithms(kind: Optional[str] = None) -> List[Algorithm]:
    """Every registered algorithm, or those of one kind (``'cipher'``, ``'mode'``, ``'hash'``,
    ``'mac'``): ciphers first, then modes, hashes and MACs, each in id order."""
    return [Algorithm(*t) for t in _karx._algorithms(kind)]


def algorithm(name: str, kind: Optional[str] = None) -> Algorithm:
    """The algorithm called ``name``, parsed as every name in karx is: case-insensitive, with
    ``'-'``, ``'_'``, ``'/'`` and ``' '`` ignored (``'lea128'``, ``'LEA-128'``, ``'lea_128'``);
    MACs as ``'cmac-<cipher>'``, ``'hmac-<hash>'`` and ``'gmac-<cipher>'``. :class:`UnknownAlgorithm` if none (of
    ``kind``, when given) has the name."""
    return Algorithm(*_karx._find(name, kind))


def kernels(name: str) -> List[Kernel]:
    """The kernels of a cipher or hash (a MAC: those of its cipher or hash), portable first."""
    return [Kernel(*t) for t in _karx._kernels(name)]
