#!/usr/bin/env bash
# Creates build-py/venv (a virtual environment, so Debian's externally managed system Python is
# left alone and no --break-system-packages is needed) and installs what building and testing the
# Python package needs: scikit-build-core + nanobind (build backend, used with
# --no-build-isolation so repeated builds reuse one CMake build folder), NumPy, pytest,
# hypothesis, Dask distributed (examples/dask_hash.py) and mypy (python/tests/test_typing.py
# checks the stubs with it). Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=build-py/venv
if [ ! -x "$VENV/bin/python" ]; then
    mkdir -p build-py
    "$PY" -m venv "$VENV"
fi
reqs=("scikit-build-core>=0.10" "nanobind>=2.0" "numpy" "pytest" "hypothesis" "dask[distributed]" "mypy")
if ! "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${reqs[@]}"; then
    echo "setup_venv: pip install failed" >&2
    exit 1
fi
echo "setup_venv: $VENV ready ($("$VENV/bin/python" --version))"
