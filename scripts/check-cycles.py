#!/usr/bin/env python3
"""Fails if files call each other in a circle.

Two graphs, each checked for strongly connected components of more than one file:
  - calls: object A -> object B when A uses an external symbol that B defines (from `nm` over
    the library's and the CLI's object files in a build folder);
  - includes: file A -> header B when A has #include "B" (src/, cli/, include/, python/src/).
usage: check-cycles.py BUILD_DIR    (run from the repository root)"""
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


def call_graph(build):
    objs = []
    for sub in ("CMakeFiles/karx_objects.dir", "CMakeFiles/karx.dir"):
        for dirpath, _, files in os.walk(os.path.join(build, sub)):
            objs += [os.path.join(dirpath, f) for f in files if f.endswith(".o")]
    if not objs:
        sys.exit(f"check-cycles: no object files under {build}")
    name = {o: re.sub(r"^.*?\.dir/", "", o)[:-2] for o in objs}
    defined = {}
    for o in objs:
        for sym in nm(o, "-g", "--defined-only"):
            defined[sym] = o
    graph = {}
    for o in objs:
        graph[name[o]] = {name[defined[s]] for s in nm(o, "-u") if s in defined and defined[s] != o}
    return graph


def include_graph():
    graph, roots = {}, ["src", "cli", "include", "python/src"]
    for root in roots:
        for dirpath, _, files in os.walk(root):
            for f in files:
                if not f.endswith((".c", ".h", ".cpp", ".cu")):
                    continue
                path = os.path.normpath(os.path.join(dirpath, f))
                deps = set()
                with open(path, encoding="utf-8", errors="replace") as fh:
                    for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', fh.read(), re.M):
                        for base in (dirpath, "src", "include"):
                            cand = os.path.normpath(os.path.join(base, m.group(1)))
                            if os.path.exists(cand):
                                deps.add(cand)
                                break
                graph[path] = deps
    return graph


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bad = 0
    for what, graph in (("calls", call_graph(sys.argv[1])), ("includes", include_graph())):
        comps = sccs(graph)
        for comp in comps:
            print(f"check-cycles: {what} circle: {' <-> '.join(comp)}")
        print(f"check-cycles: {what}: {len(graph)} files, {len(comps)} circles")
        bad += len(comps)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
