"""Parsers for the vendored known-answer files in tests/kat (see tests/kat/README.md)."""
from __future__ import annotations

import re
from pathlib import Path

KAT_DIR = Path(__file__).resolve().parents[2] / "tests" / "kat"


def unhex(s: str) -> bytes:
    """Hex digits; Crypto++'s "0x7A, 0xD3" form and its stray punctuation ("}}" in upstream
    lea.txt, which Crypto++'s HexDecoder skips) are accepted."""
    s = re.sub(r"0[xX]", "", s)
    return bytes.fromhex("".join(ch for ch in s if ch in "0123456789abcdefABCDEF"))


def blocks(path):
    """Yields (section, [(key, value), ...]) for 'KEY = VALUE' files, one list per blank-line
    separated record; section is the last '[...]' header seen."""
    section, rec = "", []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            if rec:
                yield section, rec
                rec = []
            continue
        if line.startswith("["):
            if rec:
                yield section, rec
                rec = []
            section = line
            continue
        if "=" in line:
            k, v = line.split("=", 1)
            rec.append((k.strip(), v.strip()))
    if rec:
        yield section, rec


def lsh_cases():
    """(alg, message, digest, where) for every byte-aligned LSH vector."""
    out = []
    for f in sorted(KAT_DIR.glob("kcmvp_lsh*.txt")):
        m = re.match(r"kcmvp_lsh(\d+)_(\d+)\.txt", f.name)
        alg = f"lsh{m.group(1)}-{m.group(2)}"
        for _, rec in blocks(f):
            d = dict(rec)
            if "MD" not in d:
                continue
            n = int(d["Len"]) // 8
            out.append((alg, unhex(d["Msg"])[:n], unhex(d["MD"]), f.name))
    for sec, rec in blocks(KAT_DIR / "kisa_lsh_bitlen.txt"):
        d = dict(rec)
        bits = int(d["Len"])
        if bits % 8:
            continue  # partial final byte: bitlen_cases() / LshHash.update_bits
        alg = "lsh256-256" if "256-256" in sec else "lsh512-512"
        out.append((alg, unhex(d["Msg"])[: bits // 8], unhex(d["MD"]), "kisa_lsh_bitlen.txt"))
    names = {"cryptopp_lsh256.txt": {"LSH-224": "lsh256-224", "LSH-256": "lsh256-256"},
             "cryptopp_lsh512.txt": {"LSH-384": "lsh512-384", "LSH-512": "lsh512-512"},
             "cryptopp_lsh512_256.txt": {"LSH-512-256": "lsh512-256"}}
    for fname, table in names.items():
        alg, msg = None, None
        for line in (KAT_DIR / fname).read_text().splitlines():
            if line.startswith("Name:"):
                alg = table[line.split(":", 1)[1].strip()]
            elif line.startswith("Message:"):
                v = line.split(":", 1)[1].strip()
                m = re.fullmatch(r"r(\d+) ([0-9a-fA-F]{2})", v)
                msg = bytes.fromhex(m.group(2)) * int(m.group(1)) if m else unhex(v)
            elif line.startswith("Digest:"):
                out.append((alg, msg, unhex(line.split(":", 1)[1]), fname))
    return out


def bitlen_cases():
    """(alg, message bytes, bit length, digest) for all KISA bit-length vectors."""
    out = []
    for sec, rec in blocks(KAT_DIR / "kisa_lsh_bitlen.txt"):
        d = dict(rec)
        alg = "lsh256-256" if "256-256" in sec else "lsh512-512"
        out.append((alg, unhex(d["Msg"]), int(d["Len"]), unhex(d["MD"])))
    return out


def cryptopp_cipher_cases(fname):
    """(cipher, mode, key, iv, pt, ct) from a Crypto++ SymmetricCipher file: "Name: value"
    lines, a value ending in a backslash continues on the next line, and fields keep their
    value from test to test until given again (as Crypto++'s datatest.cpp reads them)."""
    out, cur, name = [], {}, None
    lines = iter((KAT_DIR / fname).read_text().splitlines())
    for line in lines:
        if ":" not in line or line.startswith("#"):
            continue
        k, v = line.split(":", 1)
        k, v = k.strip(), v.strip()
        while v.endswith("\\"):
            v = v[:-1] + " " + next(lines).strip()
        if k == "Name":
            name = v
        elif k in ("Key", "IV", "Plaintext", "Ciphertext"):
            cur[k] = unhex(v)
        elif k == "Test":
            c, mode = name.split("/")
            cipher = "hight" if c == "HIGHT" else f"{c.split('-')[0].lower()}{8 * len(cur['Key'])}"  # lea128, aria256
            out.append((cipher, mode.lower(), cur["Key"], cur.get("IV"), cur["Plaintext"],
                        cur["Ciphertext"]))
    return out
