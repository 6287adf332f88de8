#!/usr/bin/env python3
"""Fails if files call each other in a circle.

Two graphs, each checked for strongly connected components of more than one file:
  - calls: object A -> object B when A uses an external symbol that B defines (from `nm` over
    the object files in a build folder of three link units: the library, the CLI with cli/cavp/,
    and the OpenSSL provider module karx.so; a symbol is looked up in the object's own unit
    first, then in the library's, as the linker does);
  - includes: file A -> header B when A has #include "B" (src/, cli/ with cli/cavp/, include/,
    provider/, python/src/).
usage: check-cycles.py [--root DIR] BUILD_DIR
  --root DIR  the source tree whose includes are read (default: the current folder, which
              should be the repository root); the guard's test points it at a planted copy.
Each unit's object count is printed: a unit with no objects fails (a build folder laid out
differently would otherwise pass with nothing checked)."""
import os
import re
import subprocess
import sys


def sccs(graph):
    """Tarjan's algorithm, iterative; returns the components with more than one node."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def nm(path, *flags):
    res = subprocess.run(["nm", *flags, path], capture_output=True, text=True, check=True)
    return [line.split()[-1] for line in res.stdout.splitlines() if line.strip()]


# The link units: name -> the object folder under the build folder. The CLI and the provider
# each link the library; they never link each other.
UNITS = (("library", "CMakeFiles/karx_objects.dir"), ("cli", "CMakeFiles/karx.dir"),
         ("provider", "provider/CMakeFiles/karx_provider.dir"))


def call_graph(build):
    objs, unit_of = [], {}
    for unit, sub in UNITS:
        found = []
        for dirpath, _, files in os.walk(os.path.join(build, sub)):
            found += [os.path.join(dirpath, f) for f in files if f.endswith(".o")]
        if not found:
            sys.exit(f"check-cycles: no object files of the {unit} under {os.path.join(build, sub)}")
        print(f"check-cycles: {unit}: {len(found)} objects")
        objs += found
        unit_of.update((o, unit) for o in found)
    # "provider/prov_aead.c" for provider/CMakeFiles/karx_provider.dir/prov_aead.c.o
    prefix = {"provider": "provider/"}
    name = {o: prefix.get(unit_of[o], "") + re.sub(r"^.*?\.dir/", "", o)[:-2] for o in objs}
    defined = {unit: {} for unit, _ in UNITS}
    for o in objs:
        for sym in nm(o, "-g", "--defined-only"):
            defined[unit_of[o]][sym] = o
    graph = {}
    for o in objs:
        own, lib = defined[unit_of[o]], defined["library"]
        deps = set()
        for s in nm(o, "-u"):
            d = own.get(s) or lib.get(s)
            if d is not None and d != o:
                deps.add(name[d])
        graph[name[o]] = deps
    return graph


def include_graph(top):
    graph, roots = {}, ["src", "cli", "include", "provider", "python/src"]
    for root in roots:
        for dirpath, _, files in os.walk(os.path.join(top, root)):
            for f in files:
                if not f.endswith((".c", ".h", ".cpp", ".cu")):
                    continue
                path = os.path.normpath(os.path.join(dirpath, f))
                deps = set()
                with open(path, encoding="utf-8", errors="replace") as fh:
                    for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', fh.read(), re.M):
                        for base in (dirpath, os.path.join(top, "src"), os.path.join(top, "include")):
                            cand = os.path.normpath(os.path.join(base, m.group(1)))
                            if os.path.exists(cand):
                                deps.add(os.path.relpath(cand, top))
                                break
                graph[os.path.relpath(path, top)] = deps
    return graph


def main():
    args = sys.argv[1:]
    top = "."
    if len(args) == 3 and args[0] == "--root":
        top, args = args[1], args[2:]
    if len(args) != 1:
        sys.exit(__doc__)
    bad = 0
    for what, graph in (("calls", call_graph(args[0])), ("includes", include_graph(top))):
        comps = sccs(graph)
        for comp in comps:
            print(f"check-cycles: {what} circle: {' <-> '.join(comp)}")
        print(f"check-cycles: {what}: {len(graph)} files, {len(comps)} circles")
        bad += len(comps)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
