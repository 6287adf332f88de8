#!/usr/bin/env python3
"""Generates embedded/test/kat_vectors.h: a few known-answer vectors per algorithm, taken from the
vendored files in tests/kat/ (whose provenance lines are copied into the header), as C arrays
for test programs that cannot read files. Run with --check to verify the checked-in header is
what this script generates (CI does)."""
import os
import sys

from genout import write_or_check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KAT = os.path.join(ROOT, "tests", "kat")
OUT = os.path.join(ROOT, "embedded", "test", "kat_vectors.h")


def provenance(name):
    lines = []
    with open(os.path.join(KAT, name), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            lines.append(line.rstrip("\n"))
    return lines


def records(name, keys):
    """Blocks of 'K = V' lines (blank-line separated) with the given first key, in file order,
    each with the section header ([...] or '# ...' line) it sits under."""
    out, cur, section = [], None, ""
    with open(os.path.join(KAT, name), encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("["):
                section = line
                continue
            if " = " not in line or line.startswith("#"):
                if line.startswith("# ") and not line.startswith("# source") and cur is None:
                    section = line
                if not line and cur is not None:
                    out.append(cur)
                    cur = None
                continue
            k, v = [x.strip() for x in line.split(" = ", 1)]
            if k == keys[0]:
                if cur is not None:
                    out.append(cur)
                cur = {"_section": section}
            if cur is not None:
                cur[k] = v
    if cur is not None:
        out.append(cur)
    return [r for r in out if all(k in r for k in keys)]


class Blob:
    """All byte strings in one ROM array; entries refer to them by offset."""

    def __init__(self):
        self.data = bytearray()

    def add(self, b):
        off = len(self.data)
        self.data += b
        return off


def lsh_cases(blob, fname, digest_bytes, want_bytes):
    rows = []
    for r in records(fname, ["Len", "Msg", "MD"]):
        nbits = int(r["Len"])
        if nbits % 8 or nbits // 8 not in want_bytes:
            continue
        n = nbits // 8
        msg = bytes.fromhex(r["Msg"])[:n]
        md = bytes.fromhex(r["MD"])
        assert len(md) == digest_bytes and len(msg) == n
        rows.append((digest_bytes, n, blob.add(msg), blob.add(md), "%s Len=%d" % (fname, nbits)))
        want_bytes = [x for x in want_bytes if x != n]
    assert not want_bytes, (fname, want_bytes)
    return rows


def cipher_cases(blob, fname, alg, mode, picks, reverse=False, keys=("KEY", "PT", "CT"),
                 iv_key=None, section=None):
    recs = records(fname, list(keys) + ([iv_key] if iv_key else []))
    if section is not None:
        recs = [r for r in recs if r["_section"].startswith(section)]
    rows = []
    for i in picks:
        r = recs[i]
        rev = reverse and "Reverse: true" in r["_section"]
        conv = (lambda h: bytes.fromhex(h)[::-1]) if rev else bytes.fromhex
        key, pt, ct = conv(r[keys[0]]), conv(r[keys[1]]), conv(r[keys[2]])
        iv = bytes.fromhex(r[iv_key]) if iv_key else b""
        rows.append((alg, mode, len(key), len(iv), len(pt), blob.add(key), blob.add(iv),
                     blob.add(pt), blob.add(ct), "%s %s #%d" % (fname, r["_section"][:40], i)))
    return rows


def main():
    blob = Blob()
    lsh256 = []
    lsh256 += lsh_cases(blob, "kcmvp_lsh256_256.txt", 32, [0, 1, 63, 127, 128, 227, 326])
    lsh256 += lsh_cases(blob, "kcmvp_lsh256_224.txt", 28, [0, 3, 128, 227])
    lsh512 = []
    lsh512 += lsh_cases(blob, "kcmvp_lsh512_512.txt", 64, [0, 1, 127, 255, 256, 355])
    lsh512 += lsh_cases(blob, "kcmvp_lsh512_384.txt", 48, [0, 5, 256])
    lsh512 += lsh_cases(blob, "kcmvp_lsh512_256.txt", 32, [0, 7, 256])
    lsh512 += lsh_cases(blob, "kcmvp_lsh512_224.txt", 28, [0, 9, 256])

    ciph = []
    ciph += cipher_cases(blob, "kcmvp_lea128_ecb_kat.txt", "KARX_CIPHER_LEA128", "KARX_MODE_ECB", [0, 1, 275])
    ciph += cipher_cases(blob, "kcmvp_lea192_ecb_kat.txt", "KARX_CIPHER_LEA192", "KARX_MODE_ECB", [0, 339])
    ciph += cipher_cases(blob, "kcmvp_lea256_ecb_kat.txt", "KARX_CIPHER_LEA256", "KARX_MODE_ECB", [0, 403])
    ciph += cipher_cases(blob, "kisa_lea_modes_vs.txt", "KARX_CIPHER_LEA128", "KARX_MODE_ECB", [2],
                         section="[LEA-128 ECB")
    ciph += cipher_cases(blob, "kisa_lea_modes_vs.txt", "KARX_CIPHER_LEA128", "KARX_MODE_CBC", [1, 3],
                         iv_key="IV", section="[LEA-128 CBC")
    ciph += cipher_cases(blob, "kisa_lea_modes_vs.txt", "KARX_CIPHER_LEA128", "KARX_MODE_CTR", [2],
                         iv_key="IV", section="[LEA-128 CTR")
    ciph += cipher_cases(blob, "kisa_lea_modes_vs.txt", "KARX_CIPHER_LEA256", "KARX_MODE_CTR", [1],
                         iv_key="IV", section="[LEA-256 CTR")
    # HIGHT: the first four are TTAK values printed byte-reversed (their section says so).
    ciph += cipher_cases(blob, "kcmvp_hight_ecb_kat.txt", "KARX_CIPHER_HIGHT", "KARX_MODE_ECB",
                         [0, 1, 2, 3, 4, 215], reverse=True)
    ciph += cipher_cases(blob, "revised_cham_kat.txt", "KARX_CIPHER_CHAM64_128", "KARX_MODE_ECB", [0])
    ciph += cipher_cases(blob, "revised_cham_kat.txt", "KARX_CIPHER_CHAM128_128", "KARX_MODE_ECB", [1])
    ciph += cipher_cases(blob, "revised_cham_kat.txt", "KARX_CIPHER_CHAM128_256", "KARX_MODE_ECB", [2])
    ck = ("KEY", "PLAINTEXT", "CIPHERTEXT")
    ciph += cipher_cases(blob, "derived_revised_cham64_128_ecbvartxt.rsp", "KARX_CIPHER_CHAM64_128",
                         "KARX_MODE_ECB", [0, 63], keys=ck)
    ciph += cipher_cases(blob, "derived_revised_cham128_128_ecbvarkey.rsp", "KARX_CIPHER_CHAM128_128",
                         "KARX_MODE_ECB", [5], keys=ck)
    ciph += cipher_cases(blob, "derived_revised_cham128_256_ecbvartxt.rsp", "KARX_CIPHER_CHAM128_256",
                         "KARX_MODE_ECB", [100], keys=ck)

    files = sorted({r[-1].split()[0] for r in lsh256 + lsh512 + ciph})
    o = []
    o.append("/* Generated by embedded/tools/gen_kat.py from tests/kat/; do not edit (CI checks it with")
    o.append(" * `python3 embedded/tools/gen_kat.py --check`). Provenance of the source files:")
    for fname in files:
        o.append(" *")
        o.append(" * tests/kat/%s" % fname)
        for line in provenance(fname):
            o.append(" *   " + line.replace("*/", "* /"))
    o.append(" */")
    o.append("#ifndef KARX_EMB_KAT_VECTORS_H")
    o.append("#define KARX_EMB_KAT_VECTORS_H")
    o.append("")
    o.append("#include \"kat_types.h\"")
    o.append("")
    o.append("KAT_ROM const uint8_t kat_blob[%d] = {" % len(blob.data))
    for i in range(0, len(blob.data), 16):
        o.append("    " + ", ".join("0x%02x" % b for b in blob.data[i:i + 16]) + ",")
    o.append("};")
    o.append("")
    for name, rows in (("kat_lsh256", lsh256), ("kat_lsh512", lsh512)):
        o.append("KAT_ROM const kat_lsh %s[%d] = {" % (name, len(rows)))
        for d, n, mo, mdo, src in rows:
            o.append("    {%d, %d, %d, %d}, /* %s */" % (d, n, mo, mdo, src))
        o.append("};")
        o.append("#define %s_COUNT %d" % (name.upper(), len(rows)))
        o.append("")
    o.append("KAT_ROM const kat_cipher kat_ciphers[%d] = {" % len(ciph))
    for alg, mode, kl, ivl, dl, ko, ivo, po, co, src in ciph:
        o.append("    {%s, %s, %d, %d, %d, %d, %d, %d, %d}, /* %s */" %
                 (alg, mode, kl, ivl, dl, ko, ivo, po, co, src))
    o.append("};")
    o.append("#define KAT_CIPHERS_COUNT %d" % len(ciph))
    o.append("")
    o.append("#endif")
    text = "\n".join(o) + "\n"
    return write_or_check(OUT, text, "%d ROM bytes of vectors, %d LSH-256, %d LSH-512, %d cipher cases"
                          % (len(blob.data), len(lsh256), len(lsh512), len(ciph)))


if __name__ == "__main__":
    sys.exit(main())
