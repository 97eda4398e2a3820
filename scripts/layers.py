#!/usr/bin/python3
"""layers.py - the shape of the C code: includes only point down, files do
not call each other in circles.

  scripts/layers.py [--root DIR] [--build DIR] [--quiet]

1. Includes: every `#include "..."` in core/ and harness/ (tests left out)
   must name a header of the same folder or of a lower layer:

       core  <  util  <  trace  <  games  <  scenario
             <  check, interop, capture  <  fuzz, import  <  cli, bench, tools

   (check, interop and capture are one floor and do not include each other.)
2. Circles: from the object files of DIR (default build/obj), which file
   uses a symbol another file defines (nm); a circle is a set of two or more
   files that reach each other that way.  Needs the objects built (make).
   The core's routine table (core/src/routines.c) is the one place that
   picks a game's functions: its references to them are the dispatch
   (addresses in a table, the original's jump tables), not calls, and are
   left out; the calls through it (spg_routines_get) count.

Prints each problem and ends with "N passed, N failed" (one check each for
the includes and the circles).  Exit status 1 when a check fails.
"""
import os
import re
import subprocess
import sys
from collections import defaultdict

LAYERS = {
    "core": 0, "util": 1, "trace": 2, "games": 3, "scenario": 4,
    "check": 5, "interop": 5, "capture": 5, "fuzz": 6, "import": 6,
    "cli": 7, "bench": 7, "tools": 7,
}


# Objects whose references are a dispatch table, not calls (see above).
DISPATCH = {"core/src/routines.o"}


def folder_of(path):
    """The layer folder of a source or header path, or None."""
    parts = path.split("/")
    if parts[0] == "core":
        return "core"
    if parts[0] == "harness" and len(parts) > 2 and parts[1] in LAYERS:
        return parts[1]
    return None


def sources(root):
    for top in ("core", "harness"):
        for d, _, files in os.walk(os.path.join(root, top)):
            rel = os.path.relpath(d, root)
            if "/tests" in "/" + rel or rel.endswith("selftest"):
                continue
            for f in files:
                if f.endswith((".c", ".h")):
                    yield os.path.join(rel, f)


def resolve(root, src, inc):
    """Where `#include "inc"` in src is found: beside src, then -Iharness,
    -Icore/include."""
    for base in (os.path.dirname(src), "harness", "core/include"):
        cand = os.path.normpath(os.path.join(base, inc))
        if os.path.exists(os.path.join(root, cand)):
            return cand
    return None


def check_includes(root):
    problems = []
    for src in sorted(sources(root)):
        me = folder_of(src)
        if me is None:
            continue
        with open(os.path.join(root, src), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                target = resolve(root, src, m.group(1))
                if target is None:
                    continue
                other = folder_of(target)
                if other is None or other == me:
                    continue
                if LAYERS[other] >= LAYERS[me]:
                    problems.append("%s:%d: includes %s (%s is not below %s)"
                                    % (src, n, target, other, me))
    return problems


def nm_symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            used.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDRBC" and parts[1].isupper():
            defined.add(parts[2])
    return defined, used


def check_circles(root, build):
    objdir = os.path.join(root, build)
    objs = []
    for d, _, files in os.walk(objdir):
        for f in files:
            if f.endswith(".o"):
                rel = os.path.relpath(os.path.join(d, f), objdir)
                if (rel.startswith(("core/", "harness/")) and "/tests/" not in rel
                        and os.path.exists(os.path.join(root, rel[:-2] + ".c"))):
                    objs.append(rel)
    if not objs:
        return ["no object files under %s: run make first" % build]
    owner, uses = {}, {}
    for rel in objs:
        defined, used = nm_symbols(os.path.join(objdir, rel))
        for s in defined:
            owner[s] = rel
        uses[rel] = used
    graph = defaultdict(set)
    for rel, used in uses.items():
        if rel in DISPATCH:
            continue
        for s in used:
            o = owner.get(s)
            if o and o != rel:
                graph[rel].add(o)
    # strongly connected components (Tarjan)
    index, low, on, stack, sccs = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(uses):
        if v not in index:
            visit(v)
    return ["files that call each other: " +
            " <-> ".join(c[:-2] for c in comp) for comp in sccs]


def main(argv):
    root = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
    build = "build/obj"
    quiet = False
    i = 1
    while i < len(argv):
        if argv[i] == "--root" and i + 1 < len(argv):
            root = argv[i + 1]
            i += 2
        elif argv[i] == "--build" and i + 1 < len(argv):
            build = argv[i + 1]
            i += 2
        elif argv[i] == "--quiet":
            quiet = True
            i += 1
        else:
            sys.stderr.write(__doc__)
            return 2
    passed = failed = 0
    for name, problems in (("includes", check_includes(root)),
                           ("circles", check_circles(root, build))):
        if problems:
            failed += 1
            print("FAIL %s" % name)
            for p in problems:
                print("  " + p)
        else:
            passed += 1
            if not quiet:
                print("pass %s" % name)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
