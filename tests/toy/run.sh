#!/bin/sh
# The toy-cipher proof (issue 25 item 8): toy128 (src/toy/, TEST-ONLY and INSECURE) joins karx by
# its folder plus one registry line, and every front end then takes it with no change of its own.
# Builds build-toy/ with -DKARX_TOY_CIPHER=ON (the library, its tests, the CLI, the OpenSSL
# provider and, when build-py/venv has nanobind, the Python module) and runs the test suite with
# toy128 in the registry (which runs it through every registry-driven test: the approved gate,
# the self-tests, the modes), then checks against tests/toy/toy128_model.py:
#   karx info lists it and its kernel self-test passes; karx enc/dec round-trip it in every mode,
#   GCM, CCM and XTS, and its GCM equals the model's; karx cavp answers a toy GCM request with
#   the model's answer; Python's AEAD (one-shot and streaming), Cipher, XTS and CMAC take it;
#   the provider lists TOY-128-GCM and TOY-128-XTS and `openssl enc -TOY-128-CBC` equals karx.
# And the default build (DEFAULT, build/ unless given) has none of it.
# Usage: sh tests/toy/run.sh [DEFAULT_BUILD_DIR]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$ROOT/tests/cli/lib.sh"
DEFAULT=${1:-build}
B=$ROOT/build-toy
PY=$ROOT/build-py/venv/bin/python
MODEL="python3 $HERE/toy128_model.py"
JOBS=$(nproc 2>/dev/null || echo 2)

# ---- build: the library, CLI and provider; the Python module when nanobind is there --------
pyopts=
if [ -x "$PY" ] && nb=$("$PY" -c 'import nanobind; print(nanobind.cmake_dir())' 2>/dev/null); then
    pyopts="-DKARX_BUILD_PYTHON=ON -Dnanobind_DIR=$nb -DPython_EXECUTABLE=$PY"
fi
# shellcheck disable=SC2086
cmake -S "$ROOT" -B "$B" -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON -DKARX_CUDA=OFF \
    -DKARX_TOY_CIPHER=ON $pyopts > "$T/cmake.log" 2>&1 ||
    { cat "$T/cmake.log"; echo "toy: configure failed" >&2; exit 1; }
cmake --build "$B" -j "$JOBS" > "$T/build.log" 2>&1 ||
    { tail -40 "$T/build.log"; echo "toy: build failed" >&2; exit 1; }
K=$B/karx

# ---- the test suite with toy128 listed ------------------------------------------------------
# Three tests pin the default build's exact list of provider algorithms ("nothing else"), which
# toy128 lengthens on purpose: they run in the default build; the provider checks below cover
# toy128's rows.
if ctest --test-dir "$B" -j "$JOBS" -E '^(ossl_cipher|ossl_mac|openssl_enc)$' \
    > "$T/ctest.log" 2>&1; then
    ok
else
    grep -E 'FAIL|Failed' "$T/ctest.log" | head -20 >&2
    bad "the test suite with toy128 in the registry"
fi

# ---- the model's known answer is the one the descriptor carries -----------------------------
want=$($MODEL)
hex2bin 000102030405060708090a0b0c0d0e0f "$T/key"
hex2bin 00112233445566778899aabbccddeeff "$T/pt"
"$K" enc -c toy128 -m ecb --no-pad --key-file "$T/key" -i "$T/pt" -o "$T/ct" || bad "ecb"
expect "ecb = model" "$want" "$(bin2hex "$T/ct")"
"$K" info > "$T/info" 2>&1 || bad "karx info"
grep -q '^toy128: portable kernel' "$T/info" || bad "karx info does not list toy128"
"$K" selftest > "$T/st" 2>&1 || bad "karx selftest: $(tail -1 "$T/st")"

# ---- the CLI: every mode round-trips; GCM equals the model ----------------------------------
KEY=000102030405060708090a0b0c0d0e0f
head -c 1000 /dev/urandom > "$T/p"
for m in ecb cbc ctr cfb cfb8 cfb64 ofb gcm ccm xts; do
    case $m in
    ecb) set -- -K $KEY ;;
    gcm) set -- -K $KEY --iv 000102030405060708090a0b --aad 0102 ;;
    ccm) set -- -K $KEY --iv 0001020304050607 --aad 0102 ;;
    xts) set -- -K ${KEY}ffeeddccbbaa99887766554433221100 --iv 000102030405060708090a0b0c0d0e0f ;;
    *) set -- -K $KEY --iv 0f0e0d0c0b0a09080706050403020100 ;;
    esac
    "$K" enc -c toy128 -m $m "$@" -i "$T/p" -o "$T/c.$m" || bad "enc $m"
    "$K" dec -c toy128 -m $m "$@" -i "$T/c.$m" -o "$T/d.$m" || bad "dec $m"
    cmp -s "$T/p" "$T/d.$m" && ok || bad "$m does not round-trip"
    cmp -s "$T/p" "$T/c.$m" && bad "$m left the data as it was"
done
want=$(python3 -c "import sys; sys.path.insert(0, '$HERE'); import toy128_model as m
ct, tag = m.gcm_seal(bytes(range(16)), bytes(range(12)), open('$T/p', 'rb').read(), b'\1\2')
print((ct + tag).hex())")
expect "enc -m gcm = model" "$want" "$(bin2hex "$T/c.gcm")"

# ---- karx cavp: a toy GCM request ------------------------------------------------------------
mkdir -p "$T/cavp"
req="$T/cavp/TOY128(GCM)AE.req"
printf '# TOY128 GCM AE: a toy request (tests/toy/run.sh)\nKey = %s\nIV = %s\nAdata = %s\nP = %s\n' \
    000102030405060708090A0B0C0D0E0F 000102030405060708090A0B 0102 \
    00112233445566778899AABBCCDDEEFF00 > "$req"
"$K" cavp "$req" > "$T/cavp.log" 2>&1 || bad "karx cavp: $(tail -1 "$T/cavp.log")"
want=$(python3 -c "import sys; sys.path.insert(0, '$HERE'); import toy128_model as m
ct, tag = m.gcm_seal(bytes(range(16)), bytes(range(12)),
                     bytes.fromhex('00112233445566778899AABBCCDDEEFF00'), b'\1\2')
print('C = %s T = %s' % (ct.hex().upper(), tag.hex().upper()))")
got=$(grep -E '^(C|T) = ' "$T/cavp/TOY128(GCM)AE.rsp" 2>/dev/null | tr '\n' ' ' | sed 's/ $//')
expect "cavp answer = model" "$want" "$got"

# ---- Python ----------------------------------------------------------------------------------
if [ -n "$pyopts" ]; then
    mkdir -p "$T/py/karx"
    cp "$ROOT"/python/src/karx/* "$T/py/karx/" && cp "$B"/python/_karx*.so "$T/py/karx/"
    PYTHONPATH="$T/py:$HERE" "$PY" - > "$T/py.log" 2>&1 <<'PYEOF' && ok || bad "python: $(tail -3 "$T/py.log")"
import karx, toy128_model as m
names = [a.name for a in karx.algorithms()]
assert "toy128" in names and "cmac-toy128" in names and "gmac-toy128" in names, names
key, iv, p, ad = bytes(range(16)), bytes(range(12)), bytes(range(100)), b"hdr"
ct, tag = m.gcm_seal(key, iv, p, ad)
a = karx.AEAD("toy128", "gcm", key)
assert a.encrypt(iv, p, ad) == ct + tag
assert a.decrypt(iv, ct + tag, ad) == p
e = a.encryptor(iv)
e.authenticate_additional_data(ad)
s = e.update(p[:33]) + e.update(p[33:]) + e.finalize()
assert s == ct and e.tag == tag
d = a.decryptor(iv, tag)
d.authenticate_additional_data(ad)
assert d.update(ct) + d.finalize() == p
c = karx.AEAD("toy128", "ccm", key)
assert c.decrypt(iv, c.encrypt(iv, p, ad), ad) == p
x = karx.XTS("toy128", key + bytes(range(16, 32)))
assert x.decrypt(0, x.encrypt(0, p)) == p
ci = karx.Cipher("toy128", "ecb", key, padding=None)
assert ci.encrypt(m.KAT_PT) == m.encrypt_block(key, m.KAT_PT)
mac = karx.CMAC("toy128", key)
mac.update(p)
t = mac.finalize()
assert t == karx.cmac("toy128", key, p) and len(t) == 16
print("python: toy128 in AEAD (gcm, ccm, streaming), XTS, Cipher, CMAC")
PYEOF
else
    echo "toy: Python SKIPPED (no build-py/venv with nanobind: python/setup_venv.sh makes it)"
fi

# ---- the OpenSSL provider ------------------------------------------------------------------
if command -v openssl > /dev/null; then
    P="-provider-path $B/ossl-modules -provider karx"
    # shellcheck disable=SC2086
    openssl list -cipher-algorithms $P > "$T/ossl" 2>&1 || bad "openssl list"
    for n in TOY-128-GCM TOY-128-CCM TOY-128-XTS TOY-128-CBC; do
        grep -q "$n" "$T/ossl" && ok || bad "the provider does not list $n"
    done
    # shellcheck disable=SC2086
    openssl enc -TOY-128-CBC $P -K $KEY -iv 0f0e0d0c0b0a09080706050403020100 -in "$T/p" \
        -out "$T/o.cbc" 2> "$T/ossl.err" || bad "openssl enc: $(cat "$T/ossl.err")"
    cmp -s "$T/o.cbc" "$T/c.cbc" && ok || bad "openssl enc -TOY-128-CBC differs from karx"
else
    bad "no openssl command"
fi

# ---- the default build has none of it ----------------------------------------------------------
if [ -x "$ROOT/$DEFAULT/karx" ]; then
    "$ROOT/$DEFAULT/karx" info 2>&1 | grep -qi toy && bad "the default build lists toy128"
    "$ROOT/$DEFAULT/karx" enc -c toy128 -m gcm -K $KEY --iv 000102030405060708090a0b \
        -i "$T/p" -o "$T/no" 2> "$T/no.err" && bad "the default build takes toy128"
    grep -q "toy128" "$T/no.err" && ok || bad "default build's refusal: $(cat "$T/no.err")"
    if [ -d "$ROOT/$DEFAULT/ossl-modules" ] && command -v openssl > /dev/null; then
        openssl list -cipher-algorithms -provider-path "$ROOT/$DEFAULT/ossl-modules" \
            -provider karx 2>&1 | grep -qi toy && bad "the default provider lists TOY"
    fi
else
    bad "no default build at $DEFAULT (sh tests/toy/run.sh BUILD_DIR)"
fi

echo "toy: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
