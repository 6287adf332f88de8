"""CTR_DRBG through karx.CtrDrbg: TTAK.KO-12.0189 and KCMVP-format vectors, errors, token_bytes."""
import os
import re
import threading

import pytest

import karx
from helpers import check_caller_seeded_after_fork, in_child, run_all
from kat import KAT_DIR, unhex

TTAK_ALGS = {"LEA-128": "lea128", "LEA-192": "lea192", "LEA-256": "lea256", "HIGHT": "hight"}


def ttak_cases():
    inputs, cases, cur, in_cases = {}, [], None, False
    rec = {}
    for raw in (KAT_DIR / "kcmvp_ctr_drbg_ttak_ko_12_0189.txt").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[INPUT "):
            cur = int(line[7:line.index("]")])
            inputs[cur] = {}
            in_cases = False
            continue
        if line.startswith("[B.2 CASES]"):
            in_cases = True
            continue
        if line.startswith("["):
            in_cases = None
            continue
        if "=" not in line:
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if in_cases is False and cur is not None:
            inputs[cur][k] = unhex(v)
        elif in_cases:
            rec[k] = v
            if k == "Out2":
                if rec["Alg"] in TTAK_ALGS:
                    cases.append((TTAK_ALGS[rec["Alg"]], inputs[int(rec["Input"])], dict(rec)))
                rec = {}
    return cases


TTAK = ttak_cases()


def test_ttak_count():
    assert len(TTAK) == 96  # 24 each for LEA-128/192/256 and HIGHT


@pytest.mark.parametrize("alg,inp,rec", TTAK, ids=[f"{c[0]}-{i}" for i, c in enumerate(TTAK)])
def test_ttak(alg, inp, rec):
    df, pr, ps, ai, ri = (int(rec[k]) for k in ("DF", "PR", "PS", "AI", "RI"))
    d = karx.CtrDrbg(alg, entropy=inp["Entropy0"], nonce=inp["Nonce"],
                     personalization=inp["Personalization"] if ps else None,
                     derivation_function=bool(df), prediction_resistance=bool(pr),
                     reseed_interval=ri if ri > 0 else None)
    ent = 1
    for k, want in enumerate((unhex(rec["Out1"]), unhex(rec["Out2"]))):
        add = inp[f"AddIn{k}"] if ai else None
        if pr:
            got = d.generate(len(want), add, entropy=inp[f"Entropy{ent}"])
            ent += 1
        else:
            try:
                got = d.generate(len(want), add)
            except karx.ReseedRequired:
                assert ri > 0
                d.reseed(inp[f"Entropy{ent}"], add)
                ent += 1
                got = d.generate(len(want))
        assert got == want, (k, rec)
    if ri == 1 and not pr:
        assert ent == 2  # the interval forced exactly one reseed


def rsp_cases():
    out = []
    for f in sorted(KAT_DIR.glob("kcmvpfmt_ctr_drbg_lea256_*.rsp")):
        df = pr = None
        items = []
        for raw in f.read_text().splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                if "use DF" in line:
                    df = True
                elif "no DF" in line:
                    df = False
                if "PredictionResistance" in line:
                    pr = "TRUE" in line
                continue
            k, v = (x.strip() for x in line.split("=", 1))
            if k == "COUNT":
                items = []
                continue
            items.append((k, v))
            if k.startswith("ReturnedBits"):
                out.append((f.name, df, pr, items))
    return out


RSP = rsp_cases()


@pytest.mark.parametrize("fname,df,pr,items", RSP, ids=[f"{c[0]}-{i}" for i, c in enumerate(RSP)])
def test_kcmvp_rsp(fname, df, pr, items):
    d = dict(items)
    adds = [unhex(v) for k, v in items if k == "AdditionalInput"]
    eprs = [unhex(v) for k, v in items if k == "EntropyInputPR"]
    want = unhex(next(v for k, v in items if k.startswith("ReturnedBits")))
    g = karx.CtrDrbg("lea256", entropy=unhex(d["EntropyInput"]), nonce=unhex(d["Nonce"]),
                     personalization=unhex(d["PersonalizationString"]),
                     derivation_function=df, prediction_resistance=pr)
    if pr:
        for e, a in zip(eprs, adds):
            out = g.generate(len(want), a, entropy=e)
    else:
        g.reseed(unhex(d["EntropyInputReseed"]), unhex(d["AdditionalInputReseed"]))
        for a in adds:
            out = g.generate(len(want), a)
    assert out == want


def test_rsp_count():
    assert len(RSP) == 180


def test_errors():
    with pytest.raises(karx.InvalidDataLength, match="at least 32 bytes.*got 16"):
        karx.CtrDrbg("lea256", entropy=bytes(16), nonce=bytes(16))
    with pytest.raises(karx.InvalidDataLength, match="exactly 32 bytes.*got 31"):
        karx.CtrDrbg("lea128", entropy=bytes(31), derivation_function=False)
    with pytest.raises(karx.InvalidDataLength, match="nonce must be at least 8"):
        karx.CtrDrbg("lea128", entropy=bytes(16), nonce=bytes(2))
    with pytest.raises(karx.InvalidArgument):
        karx.CtrDrbg("lea128", nonce=bytes(8))  # nonce without entropy
    with pytest.raises(karx.UnknownAlgorithm):
        karx.CtrDrbg("aes256")
    with pytest.raises(TypeError):
        karx.CtrDrbg("lea128", entropy="x" * 32, nonce=bytes(8))
    d = karx.CtrDrbg("lea128", entropy=bytes(16), nonce=bytes(8))
    with pytest.raises(karx.InvalidDataLength, match="65536"):
        d.generate(65537)
    with pytest.raises(karx.InvalidArgument):
        d.generate(-1)
    with pytest.raises(karx.InvalidArgument):
        d.set_reseed_interval(0)
    d.set_reseed_interval(1)
    d.generate(16)
    with pytest.raises(karx.ReseedRequired) as e:
        d.generate(16)
    assert isinstance(e.value, RuntimeError)
    d.reseed(bytes(16))
    d.generate(16)
    p = karx.CtrDrbg("lea128", entropy=bytes(16), nonce=bytes(8), prediction_resistance=True)
    with pytest.raises(karx.InvalidArgument, match="entropy="):
        p.generate(16)


def test_os_seeded():
    a, b = karx.CtrDrbg(), karx.CtrDrbg("hight", prediction_resistance=True)
    assert a.os_seeded and a.cipher == "lea256" and b.prediction_resistance
    x = a.generate(200000)  # more than one request: split by the library
    assert len(x) == 200000 and x != a.generate(200000)
    assert len(set(x)) == 256
    assert len(b.generate(33, b"add")) == 33
    a.reseed()
    a.reseed(additional_input=b"more")


def test_token_bytes():
    seen = {karx.token_bytes(16) for _ in range(100)}
    assert len(seen) == 100
    assert karx.token_bytes(0) == b""
    assert len(karx.token_hex(8)) == 16
    with pytest.raises(karx.InvalidArgument):
        karx.token_bytes(-1)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_token_bytes_after_fork_differs():
    karx.token_bytes(8)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.write(w, karx.token_bytes(32))
        os._exit(0)
    os.close(w)
    child = os.read(r, 32)
    os.waitpid(pid, 0)
    parent = karx.token_bytes(32)
    assert len(child) == 32 and child != parent


def test_shared_drbg_threads():
    d = karx.CtrDrbg("lea128", entropy=bytes(16), nonce=bytes(8))
    outs = []
    lock = threading.Lock()

    def work():
        for _ in range(50):
            v = d.generate(32)
            with lock:
                outs.append(v)

    run_all([threading.Thread(target=work) for _ in range(4)])
    assert len(set(outs)) == 200  # no two callers ever got the same state
    # the same 200 outputs as one thread drawing them in sequence
    ref = karx.CtrDrbg("lea128", entropy=bytes(16), nonce=bytes(8))
    assert set(outs) == {ref.generate(32) for _ in range(200)}


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("cipher,pr", [("lea256", False), ("hight", False), ("cham64-128", False),
                                       ("lea128", True)])
def test_os_seeded_drbg_after_fork_differs(cipher, pr):
    """A parent and two forked children drawing from one OS-seeded CtrDrbg get three different
    streams: generate() reseeds from the OS in a child before any output."""
    d = karx.CtrDrbg(cipher, prediction_resistance=pr)
    d.generate(16)
    child1 = in_child(lambda: d.generate(32))
    child2 = in_child(lambda: d.generate(32))
    parent = d.generate(32)
    assert len(child1) == len(child2) == len(parent) == 32
    assert len({child1, child2, parent}) == 3


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_caller_seeded_drbg_after_fork_needs_reseed():
    """With caller-supplied entropy the library cannot reseed by itself: a child's generate()
    raises ReseedRequired until the caller reseeds; the parent's stream goes on unchanged."""
    check_caller_seeded_after_fork(
        lambda: karx.CtrDrbg("lea128", entropy=bytes(16), nonce=bytes(8)), b"fresh child entropy...")
