#!/usr/bin/python3
"""test_layers.py - scripts/layers.py finds an include that runs up a layer
and two files that call each other, and passes the tree once they are
gone; and it passes on the repository itself (objects in build/obj)."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LAYERS = os.path.join(HERE, "..", "layers.py")
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL %s %s" % (name, detail))


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def run(root):
    r = subprocess.run([sys.executable, LAYERS, "--root", root, "--build",
                        "build/obj"], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def compile_all(root):
    for d, _, files in os.walk(os.path.join(root, "harness")):
        for f in files:
            if f.endswith(".c"):
                src = os.path.join(d, f)
                rel = os.path.relpath(src, root)
                obj = os.path.join(root, "build/obj", rel[:-2] + ".o")
                os.makedirs(os.path.dirname(obj), exist_ok=True)
                subprocess.run(["cc", "-c", "-I", os.path.join(root, "harness"),
                                "-o", obj, src], check=True)


with tempfile.TemporaryDirectory() as t:
    # util/a.c includes scenario/b.h (up) and calls b(); scenario/b.c
    # calls a(): both problems at once
    write(t, "harness/util/a.h", "int a(void);\n")
    write(t, "harness/util/a.c",
          '#include "util/a.h"\n#include "scenario/b.h"\n'
          "int a(void) { return b() + 1; }\n")
    write(t, "harness/scenario/b.h", "int b(void);\n")
    write(t, "harness/scenario/b.c",
          '#include "scenario/b.h"\n#include "util/a.h"\n'
          "int b(void) { return 2; }\nint c(void) { return a(); }\n")
    compile_all(t)
    rc, out = run(t)
    check("bad tree fails", rc == 1, out)
    check("names the upward include",
          "harness/util/a.c:2: includes harness/scenario/b.h" in out, out)
    check("names the circle", "harness/scenario/b <-> harness/util/a" in out
          or "harness/util/a <-> harness/scenario/b" in out, out)
    check("counts two failures", "0 passed, 2 failed" in out, out)
    # the fix: util/a.c no longer knows scenario
    write(t, "harness/util/a.c",
          '#include "util/a.h"\nint a(void) { return 1; }\n')
    compile_all(t)
    rc, out = run(t)
    check("fixed tree passes", rc == 0 and "2 passed, 0 failed" in out, out)

# the repository itself, when it is built
if os.path.isdir(os.path.join(ROOT, "build/obj/harness")):
    rc, out = run(ROOT)
    check("the repository", rc == 0, out)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
