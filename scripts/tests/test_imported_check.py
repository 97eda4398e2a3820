#!/usr/bin/python3
"""test_imported_check.py - scripts/check_imported.py: the repository
itself tracks no imported level; in a repository of the test's own, a
tracked file with a top-level `imported:` fails the check (and is named),
while an untracked one, an indented `imported:` and the word elsewhere do
not."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "..", "check_imported.py")
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

IMPORTED = """name: ghz1
# A level read from your own ROM: never commit this file
imported:
  rom_md5: 09dadb5071eb35050067a32462e39c5f
  game: sonic1
  zone: ghz
  act: 1
  tool: "spgsim import-level 0.1.0"
game: sonic1
"""

DRAWN = """name: drawn
description: a map drawn by hand; says imported: in its text
notes:
  imported: not at the top level
game: sonic1
"""


def run(root):
    r = subprocess.run([sys.executable, CHECK, "--root", root],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def git(root, *args):
    subprocess.run(["git", "-C", root] + list(args), check=True,
                   capture_output=True)


def main():
    res = Results()
    if subprocess.run(["git", "-C", ROOT, "rev-parse"],
                      capture_output=True).returncode == 0:
        rc, out = run(ROOT)
        res.check(rc == 0, "the repository tracks no imported level", out)
    else:
        print("skipped: the repository check needs a git work tree")
    with tempfile.TemporaryDirectory() as t:
        git(t, "init", "-q")
        os.makedirs(os.path.join(t, "scenarios", "real"))
        with open(os.path.join(t, "scenarios", "drawn.yaml"), "w") as f:
            f.write(DRAWN)
        git(t, "add", "scenarios/drawn.yaml")
        rc, out = run(t)
        res.check(rc == 0 and "1 passed, 0 failed" in out,
                  "drawn maps pass", out)
        path = os.path.join(t, "scenarios", "real", "ghz1.yaml")
        with open(path, "w") as f:
            f.write(IMPORTED)
        rc, out = run(t)
        res.check(rc == 0, "an untracked imported file is not counted", out)
        git(t, "add", "scenarios/real/ghz1.yaml")
        rc, out = run(t)
        res.check(rc == 1 and "scenarios/real/ghz1.yaml: holds an imported"
                  in out and "0 passed, 1 failed" in out,
                  "a tracked imported file fails the check", out)
        with open(path, "w") as f:
            f.write(IMPORTED.replace("\nimported:", "\nimported:  # ours"))
        git(t, "add", "scenarios/real/ghz1.yaml")
        rc, out = run(t)
        res.check(rc == 1, "with a comment after the key too", out)
        git(t, "rm", "-q", "--cached", "scenarios/real/ghz1.yaml")
        rc, out = run(t)
        res.check(rc == 0, "passes again once it is no longer tracked", out)
        # a file without an extension (a fuzz corpus entry) is data; a
        # document or a test showing the header is not
        for rel, bad in (("fuzz/corpus/0a1b2c", True), ("docs/real.md", False),
                         ("scripts/tests/test_x.py", False)):
            full = os.path.join(t, rel)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(IMPORTED)
            git(t, "add", rel)
            rc, out = run(t)
            res.check((rc == 1) == bad and (rel in out) == bad,
                      "%s %s" % (rel, "counts" if bad else "is not looked into"),
                      out)
            git(t, "rm", "-q", "--cached", rel)
    with tempfile.TemporaryDirectory() as t:
        rc, out = run(t)
        res.check(rc == 2, "a directory outside git is an error", out)
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
