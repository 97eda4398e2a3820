#!/usr/bin/python3
"""check_imported.py - no file git tracks holds an imported level.

`spgsim import-level` writes a scenario read from the user's own ROM image
with a top-level `imported:` mapping (docs/real-levels.md).  Such a file is
the user's level data: it is never committed.  This check lists every
tracked file (git ls-files, in the index) with a line that starts
`imported:` (a top-level YAML key), and fails when there is one.  Source
code and documentation (.c .h .S .py .sh .md), whose tests and examples
may show the header, are not looked into; everything else is (scenarios,
fuzz corpora without an extension, ...).  The suite keeps only drawn maps.

    /usr/bin/python3 scripts/check_imported.py [--root DIR]

Ends with "N passed, N failed" (one check); exit status 1 when a tracked
file holds an imported scenario, 2 when DIR is not a git work tree.
"""
import argparse
import os
import re
import subprocess
import sys

HEADER = re.compile(rb"^imported:[ \t]*(#.*)?\r?$", re.MULTILINE)
# what holds code or prose, not scenario files
NOT_DATA = (".c", ".h", ".S", ".py", ".sh", ".md")


def tracked(root):
    r = subprocess.run(["git", "-C", root, "ls-files", "-z"],
                       capture_output=True)
    if r.returncode != 0:
        return None
    return [p for p in r.stdout.decode("utf-8", "surrogateescape").split("\0")
            if p]


def imported_files(root):
    """The tracked files holding an `imported:` header (None: no git)."""
    files = tracked(root)
    if files is None:
        return None
    hits = []
    for rel in files:
        if rel.endswith(NOT_DATA):
            continue
        path = os.path.join(root, rel)
        if not os.path.isfile(path) or os.path.islink(path):
            continue
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            continue
        if HEADER.search(data):
            hits.append(rel)
    return hits


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    args = ap.parse_args()
    hits = imported_files(os.path.normpath(args.root))
    if hits is None:
        print("%s: not a git work tree" % args.root)
        return 2
    for rel in hits:
        print("%s: holds an imported level (`imported:`): a scenario read "
              "from a ROM image is never committed" % rel)
    print("%d passed, %d failed" % (0 if hits else 1, 1 if hits else 0))
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
