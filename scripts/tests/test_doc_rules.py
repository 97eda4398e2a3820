#!/usr/bin/python3
"""The rules docs/scenario-authoring.md states, tried on the core, and the
links of README.md and docs/ followed:

  - every odd angle acts like $FF (also flipped), an even one does not;
  - a button held across two steps is pressed once;
  - standing on a floor at 736 means y = 716, curled y = 721;
  - every relative link in README.md and docs/*.md names a file that exists.

    /usr/bin/python3 scripts/tests/test_doc_rules.py   (SPGSIM=... to test
    another build).  Ends with "N passed, N failed".
"""
import csv
import glob
import io
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SPGSIM = os.environ.get("SPGSIM", os.path.join(ROOT, "build", "spgsim"))

# A ramp of four cells on a floor; %(angle)s, %(legend)s, %(x)s and %(hold)s
# are filled in.
SLOPE = """\
name: odd-angle
game: sonic1
tiles:
  block: {heights: full, angle: 0xFF}
  ramp: {heights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], angle: %(angle)s}
map:
  origin: [512, 640]
  legend: {"#": block, "/": %(legend)s}
  rows:
    - "................"
    - "....////........"
    - "################"
start: {x: %(x)s, y: 652}
input:
  - {frames: 50, hold: [%(hold)s]}
"""

# Gentle masks hanging from a ceiling (y flip), jumped into from below (the
# layout of scenarios/solid_tiles/heightmask-flip-y.yaml); $E0 flipped is
# $A0, an angle the player attaches to.
CEILING = """\
name: odd-angle-ceiling
game: sonic1
tiles:
  block: {heights: full, angle: 0xFF}
  gentle_hi: {heights: [9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16], angle: %(angle)s}
  gentle_lo: {heights: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], angle: %(angle)s}
map:
  origin: [1520, 656]
  legend:
    "#": block
    "c": {tile: gentle_lo, flip: [y]}
    "d": {tile: gentle_hi, flip: [y]}
  rows: ["...##cd##...", "............", "............", "............",
         "............", "############", "############"]
start: {x: 1616, y: 716}
input:
  - {frames: 40, hold: [a]}
  - {frames: 20}
"""

CASES = [
    ("plain, walking right", SLOPE, {"legend": "ramp", "x": 560,
                                     "hold": "right"}),
    ("x flip, walking left", SLOPE, {"legend": "{tile: ramp, flip: [x]}",
                                     "x": 660, "hold": "left"}),
    ("y flip, a ceiling jumped into", CEILING, {}),
]


def run(text):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "s.yaml")
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([SPGSIM, "run", path], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        raise RuntimeError(p.stderr)
    return list(csv.DictReader(io.StringIO("".join(
        l + "\n" for l in p.stdout.splitlines() if not l.startswith("#")))))


def without_buffers(rows):
    """The trace but the angle buffers, which keep the raw angle byte."""
    return [{k: v for k, v in r.items() if not k.startswith("angle_buffer")}
            for r in rows]


def main():
    res = Results()
    if not os.access(SPGSIM, os.X_OK):
        print("FAIL no spgsim at %s" % SPGSIM)
        return res.finish() or 1

    # ---- every odd angle acts like $FF ----
    for label, text, fill in CASES:
        flat = without_buffers(run(text % dict(fill, angle="0xFF")))
        for a in ("0x01", "0x3F", "0x7F", "0xE1"):
            odd = without_buffers(run(text % dict(fill, angle=a)))
            res.check(odd == flat, "odd angle %s acts like $FF (%s)" % (
                a, label))
        even = without_buffers(run(text % dict(fill, angle="0xE0")))
        res.check(even != flat, "an even angle is a slope, not $FF (%s)" %
                  label)

    # ---- pressed across steps ----
    base = SLOPE % {"angle": "0xFF", "legend": "ramp", "x": 560,
                    "hold": "right"}
    jump = base.replace(
        "  - {frames: 50, hold: [right]}\n",
        "  - {frames: 1, hold: [a]}\n  - {frames: 60, hold: [a]}\n"
        "  - {frames: 1}\n  - {frames: 40, hold: [a]}\n")
    rows = run(jump)
    takeoffs = [i for i in range(1, len(rows))
                if rows[i]["in_air"] == "1" and rows[i - 1]["in_air"] == "0"]
    res.check(len(takeoffs) == 2 and takeoffs[0] == 1 and takeoffs[1] == 63,
              "a held button is pressed once across steps; after a release "
              "it is pressed again", takeoffs)

    # ---- where the centre is ----
    stand = run(base.replace("y: 652", "y: 612")
                .replace('    - "....////........"\n', "")
                .replace("origin: [512, 640]", "origin: [512, 720]"))
    res.check(stand[0]["y"] == "612" and stand[-1]["y"] == "716",
              "standing on a floor at 736: y settles to 716",
              (stand[0]["y"], stand[-1]["y"]))

    # ---- links ----
    broken = []
    for doc in ["README.md", "CHANGELOG.md"] + sorted(
            glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        path = os.path.join(ROOT, doc)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if re.match(r"^[a-z]+:", target):
                continue
            if not os.path.exists(os.path.join(os.path.dirname(path),
                                               target)):
                broken.append("%s -> %s" % (os.path.relpath(path, ROOT),
                                            target))
    res.check(not broken, "every relative link in README.md and docs/ "
              "resolves", broken)
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
