"""examples/dask_hash.py on a small tree: the same lines as `karx hash` (the CLI when it is
built, and always the same lines computed here from the digests of the files)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask.distributed")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "dask_hash.py"


def cli():
    c = os.environ.get("KARX_CLI") or str(ROOT / "build" / "karx")
    return c if os.access(c, os.X_OK) else None


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    t = tmp_path_factory.mktemp("tree")
    (t / "sub" / "deeper").mkdir(parents=True)
    (t / "b.txt").write_bytes(b"hello\n")
    (t / "a file with spaces").write_bytes(b"")
    (t / "sub" / "block.bin").write_bytes(bytes(range(256)) * 1)
    (t / "sub" / "deeper" / "big.bin").write_bytes(os.urandom(700_000))
    for i in range(12):
        (t / "sub" / f"n{i:02d}").write_bytes(os.urandom(i * 37))
    return t


def run_example(*args):
    r = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True,
                       timeout=180, cwd=str(ROOT))
    return r


def expected(tree, alg, tag=False):
    import karx
    files = sorted(str(p) for p in Path(tree).rglob("*") if p.is_file())
    lines = []
    for f in files:
        h = karx.new(alg, Path(f).read_bytes()).hexdigest()
        lines.append(f"LSH-{alg[3:].upper()} ({f}) = {h}" if tag else f"{h}  {f}")
    return files, lines


@pytest.mark.parametrize("mode", ["processes", "threads"])
def test_tree_matches_karx_hash(tree, mode):
    alg = "lsh512-256"
    r = run_example("-a", alg, "--workers", "2", *(["--threads"] if mode == "threads" else []),
                    str(tree))
    assert r.returncode == 0, r.stderr
    got = r.stdout.splitlines()
    files, want = expected(tree, alg)
    assert len(got) == len(files) == 16
    assert got == want
    exe = cli()
    if exe:
        c = subprocess.run([exe, "hash", "-a", alg, *files], capture_output=True, text=True,
                           timeout=60)
        assert c.returncode == 0
        assert r.stdout == c.stdout


def test_tag_and_missing_file(tree):
    missing = str(tree / "no-such-file")
    r = run_example("--tag", "--threads", str(tree / "b.txt"), missing)
    assert r.returncode == 1
    _, want = expected(tree, "lsh256-256", tag=True)
    assert r.stdout.splitlines() == [w for w in want if w.split("(")[1].startswith(
        str(tree / "b.txt"))]
    assert missing in r.stderr
    exe = cli()
    if exe:
        c = subprocess.run([exe, "hash", "--tag", str(tree / "b.txt"), missing],
                           capture_output=True, text=True, timeout=60)
        assert c.returncode == 1 and c.stdout == r.stdout


def test_names_escaped_as_karx_hash(tmp_path):
    # A backslash or newline in a name: the line starts with '\' and the name is escaped, as
    # `karx hash` and sha256sum write it (so `karx hash -c` can read the list back).
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "back\\slash").write_bytes(b"x")
    (odd / "new\nline").write_bytes(b"y")
    import karx
    for tag in (False, True):
        r = run_example("--threads", "--workers", "1", *(["--tag"] if tag else []), str(odd))
        assert r.returncode == 0, r.stderr
        want = []
        for f in sorted(str(p) for p in odd.iterdir()):
            h = karx.new("lsh256-256", Path(f).read_bytes()).hexdigest()
            name = f.replace("\\", "\\\\").replace("\n", "\\n")
            want.append(f"\\LSH-256-256 ({name}) = {h}" if tag else f"\\{h}  {name}")
        assert r.stdout.splitlines() == want
        exe = cli()
        if exe:
            files = sorted(str(p) for p in odd.iterdir())
            c = subprocess.run([exe, "hash", *(["--tag"] if tag else []), *files],
                               capture_output=True, text=True, timeout=60)
            assert c.returncode == 0 and c.stdout == r.stdout
