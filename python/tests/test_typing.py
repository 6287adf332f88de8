"""The type information karx ships: _karx.pyi against the compiled module (every name, every
parameter), annotations on the pure-Python layer, and mypy --strict over the installed package,
a typed use of every public name (typecheck/usage.py) and misuse it must reject
(typecheck/errors.py). The mypy tests skip only when mypy is not installed
(python/setup_venv.sh installs it)."""
import ast
import importlib.util
import inspect
import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import karx
from karx import _karx

PKG = Path(karx.__file__).resolve().parent
TYPECHECK = Path(__file__).resolve().parent / "typecheck"


# ---------------------------------------------------------------- the stub against the module

def _stub():
    """{name: ast node} of _karx.pyi's top level, from the installed package (the one imported)."""
    tree = ast.parse((PKG / "_karx.pyi").read_text())
    out = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
        elif isinstance(node, ast.Assign):
            out.update((t.id, node) for t in node.targets if isinstance(t, ast.Name))
    return out


STUB = _stub()
#: Names only the stub has: type aliases and the TypedDict of gpu_info().
STUB_ONLY = {"ReadableBuffer", "_U8Array", "_GpuInfo", "AlgTuple", "ModeTuple", "KernelTuple",
             "_Records", "_Aads"}


def _members(cls_node):
    names = set()
    for node in cls_node.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _split_top(s):
    """s split at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _nb_params(fn):
    """[(name, kind, has_default)] of a nanobind function from its __nb_signature__, kind being
    'pos' or 'kw' (after a bare *)."""
    sig = fn.__nb_signature__[0][0]
    m = re.match(r"def \w+\((.*)\)( -> .*)?$", sig, re.S)
    assert m, sig
    out, kind = [], "pos"
    for p in _split_top(m.group(1)):
        if p == "*":
            kind = "kw"
        elif p != "/":
            out.append((p.split(":")[0].split("=")[0].strip(), kind, "=" in p))
    return out


def _stub_params(fn_node):
    a = fn_node.args
    pos = a.posonlyargs + a.args
    out = [(x.arg, "pos", i >= len(pos) - len(a.defaults)) for i, x in enumerate(pos)]
    out += [(x.arg, "kw", d is not None) for x, d in zip(a.kwonlyargs, a.kw_defaults)]
    return out


def _runtime_names(obj):
    return {n for n in dir(obj) if not n.startswith("__")}


def test_every_name_of_the_module_is_in_the_stub_and_back():
    runtime = _runtime_names(_karx)
    assert runtime - set(STUB) == set(), "names of karx._karx missing from _karx.pyi"
    assert set(STUB) - runtime - STUB_ONLY == set(), "_karx.pyi names no longer in karx._karx"


@pytest.mark.parametrize("name", sorted(n for n, v in STUB.items() if isinstance(v, ast.ClassDef)
                                        and n not in STUB_ONLY))
def test_every_member_of_a_class_is_in_the_stub(name):
    cls = getattr(_karx, name)
    node = STUB[name]
    runtime = {n for n in _runtime_names(cls) if not n.startswith("_")}
    for base in cls.__mro__[1:]:  # inherited members are the base's stub entry
        runtime -= _runtime_names(base)
    declared = _members(node)
    for b in node.bases:  # class HmacDrbg(HashDrbg): ...
        if isinstance(b, ast.Name) and b.id in STUB:
            declared |= _members(STUB[b.id])
    assert runtime - declared == set()
    assert {n for n in declared if not n.startswith("_")} - _runtime_names(cls) == set()


def _stub_functions():
    for name, node in STUB.items():
        if isinstance(node, ast.FunctionDef):
            yield name, getattr(_karx, name), node
        elif isinstance(node, ast.ClassDef) and name not in STUB_ONLY:
            for m in node.body:
                if isinstance(m, ast.FunctionDef) and m.name in vars(getattr(_karx, name)):
                    yield f"{name}.{m.name}", getattr(getattr(_karx, name), m.name), m


@pytest.mark.parametrize("qual,fn,node", list(_stub_functions()),
                         ids=[q for q, _, _ in _stub_functions()])
def test_stub_parameters_match_the_binding(qual, fn, node):
    """Names, order, keyword-only and which have defaults: what the binding declares."""
    if not hasattr(fn, "__nb_signature__"):
        pytest.skip(f"{qual} is not a nanobind function")
    want = _nb_params(fn)
    got = _stub_params(node)
    if want and want[0][0] == "self":
        pass
    elif got and got[0][0] in ("self", "cls"):
        got = got[1:]
    assert got == want


def test_every_stub_function_is_fully_annotated():
    for qual, _, node in _stub_functions():
        a = node.args
        params = a.posonlyargs + a.args + a.kwonlyargs
        missing = [p.arg for p in params if p.annotation is None and p.arg not in ("self", "cls")]
        assert not missing and node.returns is not None, qual


# ---------------------------------------------------------------- the package's public names

def test_all_is_exactly_the_public_api():
    assert len(set(karx.__all__)) == len(karx.__all__)
    for name in karx.__all__:
        assert hasattr(karx, name), name
    ours = {n for n, v in vars(karx).items() if not n.startswith("_")
            and (inspect.isclass(v) or callable(v))
            and (getattr(v, "__module__", "") or "").startswith("karx")}
    assert ours - set(karx.__all__) == set(), "public karx names missing from __all__"


def _annotated(fn):
    sig = inspect.signature(fn)
    bare = [p for p in sig.parameters.values()
            if p.annotation is inspect.Parameter.empty and p.name not in ("self", "cls")]
    return not bare and sig.return_annotation is not inspect.Signature.empty


@pytest.mark.parametrize("name", sorted(karx.__all__))
def test_every_public_name_has_a_type(name):
    """A name from the compiled module has its stub entry (checked above); one defined in
    Python has annotations on every parameter and return, or a module-level annotation."""
    v = getattr(karx, name)
    if getattr(v, "__module__", None) == "karx._karx":
        assert name in STUB
    elif inspect.isclass(v):
        if issubclass(v, BaseException):
            return  # exception classes: no methods of their own
        for mname, m in vars(v).items():
            if inspect.isfunction(m) and (not mname.startswith("_") or mname == "__init__"):
                assert _annotated(m), f"{name}.{mname}"
            elif isinstance(m, (classmethod, staticmethod)) and not mname.startswith("_"):
                assert _annotated(m.__func__), f"{name}.{mname}"
            elif isinstance(m, property):
                assert _annotated(m.fget), f"{name}.{mname}"
        if issubclass(v, _karx._Aead):
            assert "_Aead" in STUB
        if issubclass(v, tuple):  # the registry's named tuples: every field typed
            assert set(v.__annotations__) == set(v._fields)
    elif callable(v):
        assert _annotated(v), name
    else:
        assert name in karx.__annotations__, name


# ---------------------------------------------------------------- mypy --strict

def _mypy(tmp_path_factory, *targets):
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (python/setup_venv.sh installs it)")
    cache = tmp_path_factory.getbasetemp() / "mypy-cache"
    env = dict(os.environ, MYPYPATH=str(TYPECHECK))
    # Run outside the source tree so that `karx` is the installed package, stubs and py.typed
    # as a user gets them.
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-color-output",
                        "--show-error-codes", "--cache-dir", str(cache), *targets],
                       cwd=str(tmp_path_factory.getbasetemp()), env=env,
                       capture_output=True, text=True, timeout=600)
    return r.returncode, r.stdout + r.stderr


def test_mypy_strict_accepts_the_package_and_its_typed_use(tmp_path_factory):
    rc, out = _mypy(tmp_path_factory, "-p", "karx", "-m", "usage")
    assert rc == 0, out
    assert "no issues found in" in out


def test_mypy_strict_rejects_misuse(tmp_path_factory):
    rc, out = _mypy(tmp_path_factory, "-m", "errors")
    src = (TYPECHECK / "errors.py").read_text().splitlines()
    want = {(i, m.group(1)) for i, line in enumerate(src, 1)
            for m in [re.search(r"# E: ([\w-]+)$", line)] if m}
    got = {(int(m.group(1)), m.group(2))
           for m in re.finditer(r"errors\.py:(\d+): error: .*\[([\w-]+)\]$", out, re.M)}
    assert len(want) >= 10
    assert rc == 1 and got == want, out


def test_the_typed_use_runs():
    """usage.py's calls are real: it runs without error against the installed package."""
    if sys.version_info < (3, 11):
        pytest.importorskip("typing_extensions")
    runpy.run_path(str(TYPECHECK / "usage.py"), run_name="usage")
