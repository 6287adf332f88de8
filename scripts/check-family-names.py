#!/usr/bin/env python3
"""Fails when a cipher family's name is written into code outside the family's own places.

A family (LEA, HIGHT, CHAM, ARIA) is added or removed as its folder plus one registry line:
front ends (CLI, provider, Python binding) learn the names from the registry at run time. So the
name, in any case, as an identifier or inside a string literal ("lea128", KARX_CIPHER_LEA128,
"ARIA-256-GCM", LeaKey), may appear in code only in
  - its own folder, src/<family>/;
  - its public header, include/karx/<family>.h;
  - the registry tables (src/registry/registry.c, src/registry/registry.h);
  - the approved-mode known answers (src/selftest/construction_kat.c).
Comments are not code and are not read (C, C++ and CUDA comments; Python comments and
docstrings, i.e. a string that is a statement by itself).

Scope ("code"): the tracked .c .h .cpp .cu .cuh .py files under src/, include/, cli/ (cli/cavp/
included), provider/ and python/src/: what is built into the library, the CLI, the OpenSSL
provider and the Python package. Out of scope: tests/, python/tests/, bench/, python/bench/,
fuzz/, embedded/, examples/, docs/, man/, tools/, scripts/, cmake/: known answers, benchmarks,
fuzz corpora, documentation and build glue that name the families as data.

Occurrences that are known and not yet removed are listed, one "path: token" line each, in
scripts/family-names.baseline (a comment says why for each group). A finding not in the
baseline fails the check; a baseline line no longer found fails it too (the baseline can only
shrink: delete the line). Counted per file and token, so a second use of a known token in the
same file passes, while a new token or a new file fails.

usage: check-family-names.py [--root DIR] [--baseline FILE] [--list]
  --root DIR       the tree to check (default: the repository this script is in);
                   files are the ones git tracks there, or every file when DIR is no checkout
  --baseline FILE  default: scripts/family-names.baseline of the repository this script is in
  --list           print every finding as a baseline line, and exit 0
"""
import argparse
import io
import os
import re
import subprocess
import sys
import tokenize

FAMILIES = ("lea", "hight", "cham", "aria")
ROOTS = ("src", "include", "cli", "provider", "python/src")
EXTS = (".c", ".h", ".cpp", ".cu", ".cuh", ".py")
# The family name at an identifier boundary: not before a lower-case letter ("lease",
# "chamber"); not after a letter ("clear", "variant") unless it starts a camel-case hump
# (PlantedLeaKey); before an upper-case letter only in mixed case (LeaKey, not LEAK).
WORD = re.compile(r"(" + "|".join(FAMILIES) + r")", re.I)


def boundary(code, m):
    word, s, e = m.group(1), m.start(), m.end()
    hump = word[0].isupper() and word[1:].islower()
    if s > 0 and code[s - 1].isalpha() and not (code[s - 1].islower() and hump):
        return False
    nxt = code[e] if e < len(code) else ""
    if nxt.islower() or (nxt.isupper() and word.isupper()):
        return False  # lease; LEAK, CHAMP: another word in capitals
    return True


def allowed(path, family):
    return (path.startswith(f"src/{family}/") or path == f"include/karx/{family}.h" or
            path in ("src/registry/registry.c", "src/registry/registry.h",
                     "src/selftest/construction_kat.c"))


def c_code(text):
    """Identifiers and string literals of C-like source: comments become spaces."""
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def py_code(text):
    """Names and string literals of Python source: comments and docstrings left out."""
    out, prev = [], tokenize.NEWLINE
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    for k, tok in enumerate(toks):
        kind = tok.type
        if kind == tokenize.STRING:
            nxt = toks[k + 1].type if k + 1 < len(toks) else tokenize.NEWLINE
            docstring = prev in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT,
                                 tokenize.DEDENT) and nxt in (tokenize.NEWLINE, tokenize.ENDMARKER)
            if not docstring:
                out.append(tok.string)
        elif kind == tokenize.NAME:
            out.append(tok.string)
        if kind not in (tokenize.COMMENT, tokenize.NL):
            prev = kind
    return " ".join(out)


def files(root):
    try:
        res = subprocess.run(["git", "-C", root, "ls-files", "--", *ROOTS], capture_output=True,
                             text=True, check=True)
        listed = res.stdout.split()
        if listed or os.path.isdir(os.path.join(root, ".git")):
            return sorted(f for f in listed if f.endswith(EXTS))
    except (subprocess.CalledProcessError, FileNotFoundError):
        pass
    found = []
    for top in ROOTS:
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            found += [os.path.relpath(os.path.join(dirpath, f), root) for f in names
                      if f.endswith(EXTS)]
    return sorted(p.replace(os.sep, "/") for p in found)


def findings(root):
    """{(path, token)} for every family name outside its places."""
    out = set()
    for path in files(root):
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            continue
        with open(full, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        code = py_code(text) if path.endswith(".py") else c_code(text)
        for m in WORD.finditer(code):
            family = m.group(1).lower()
            if not boundary(code, m) or allowed(path, family):
                continue
            # the whole token the name stands in: KARX_CIPHER_LEA128, "LEA-128-GCM" -> LEA
            s, e = m.start(), m.end()
            while s > 0 and (code[s - 1].isalnum() or code[s - 1] == "_"):
                s -= 1
            while e < len(code) and (code[e].isalnum() or code[e] == "_"):
                e += 1
            out.add((path, code[s:e]))
    return out


def read_baseline(path):
    base = set()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                file, _, token = line.partition(":")
                base.add((file.strip(), token.strip()))
    return base


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("--root", default=here)
    ap.add_argument("--baseline", default=os.path.join(here, "scripts/family-names.baseline"))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    found = findings(args.root)
    if args.list:
        for path, token in sorted(found):
            print(f"{path}: {token}")
        return 0
    base = read_baseline(args.baseline)
    new, gone = sorted(found - base), sorted(base - found)
    for path, token in new:
        print(f"check-family-names: {path}: {token}: a cipher family named outside its folder, "
              "its header, the registry tables and the known answers")
    for path, token in gone:
        print(f"check-family-names: {path}: {token}: in the baseline but no longer found: "
              "delete its line from the baseline")
    print(f"check-family-names: {len(found)} findings in {len({p for p, _ in found})} files "
          f"outside the families' places: {len(found) - len(new)} baselined, {len(new)} new; "
          f"{len(gone)} stale baseline lines")
    return 1 if new or gone else 0


if __name__ == "__main__":
    sys.exit(main())
