#!/usr/bin/python3
"""Test scripts/report.py on temporary scenario/golden trees.

The goldens of these fixtures are traces written by `spgsim run` (the core)
into a temporary directory, then edited to plant a divergence or a stale
hash, or deleted: test fixtures only, never files in golden/.

Cases: everything passes; some scenarios fail; failures grouped; goldens
missing or stale; a scenario the loader rejects; no golden at all; another
engine's traces (--actual-dir); the trace viewer's links with a stand-in
`spgsim view`, and without; a fake `check --json` whose golden files do not
exist; bad input; the whole suite (the index at most 2 MB, a page per
scenario, a viewer link for every scenario, special stages too); plus
unit checks of the mask renderer, the SVG figures and the documented-values
parser.

    /usr/bin/python3 scripts/tests/test_report.py [--spgsim build/spgsim]

Ends with "N passed, N failed"; exit 1 on any failure.
"""
import argparse
import csv
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
REPORT = os.path.join(ROOT, "scripts", "report.py")

WALK = """\
name: walk
description: Sonic walks right on a flat floor.
game: sonic1
tiles:
  block: {heights: full, angle: 0xFF}
map:
  origin: [0, 640]
  legend: {"#": block}
  rows:
    - "........................"
    - "........................"
    - "########################"
start: {x: 64, y: 652}
input:
  - {frames: 30, hold: [right]}
"""

FALL = """\
name: fall
description: Sonic drops onto a jump-through floor next to a ramp.
game: sonic1
tiles:
  block: {heights: full, angle: 0xFF}
  ramp: {heights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], angle: 0xE0}
map:
  origin: [256, 512]
  legend:
    "#": block
    "T": {tile: block, solidity: top}
    "/": ramp
    "\\\\": {tile: ramp, flip: [x]}
    "v": {tile: ramp, flip: [y]}
  rows:
    - "......v........."
    - "................"
    - "................"
    - "...../\\\\........."
    - "TTTTTTTTTTTTTTTT"
start: {x: 320, y: 540, in_air: true}
frames: 40
"""

RAMP = """\
name: ramp
game: sonic1
tiles:
  block: {heights: full, angle: 0xFF}
  ramp: {heights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], angle: 0xE0}
map:
  origin: [0, 256]
  legend: {"#": block, "/": ramp}
  rows:
    - "................"
    - "......./########"
    - "################"
start: {x: 40, y: 268}
input:
  - {frames: 50, hold: [right]}
"""

BROKEN = """\
name: broken
game: sonic1
tiles: {}
map: {origin: [0, 0], rows: ["."]}
start: {x: 1, bogus_key: 2}
frames: 3
"""

DOC_MD = """\
# Documented values

Intro text with a | bar that is not a table.

## Running

| id | document / section | quote | value | scenarios |
|----|--------------------|-------|-------|-----------|
| `doc/accel` | Physics review part 2, Acceleration | "It adds \\| $0C every frame." | $78 | running/walk |
| doc/erratum | Physics review part 2, Top speed | "The speed ends at 121." | 121 | running/walk |
| doc/unchecked | Slope Physics, Slipping | "Nobody checks this." | $280 | not covered: Sonic 2 only |

Some text between the tables.

| Document | Quote | Value | Id | Scenarios | Extra |
|---|---|---|---|---|---|
| Solid tiles, Sensors | "Sensor at 9." | 9 | doc/other | air/fall, slopes/ramp | x |

| not | a | values table |
|---|---|---|
| 1 | 2 | 3 |

| doc id | document | quote | value | verified by |
|---|---|---|---|---|
| doc/heur | Physics review part 2 | "It adds $ 0C ... frame." | $78 | running/walk |

| scenario | verify id | frame | field | guide | original |
|---|---|---|---|---|---|
| `running/walk` | doc/erratum | 30 | x | 1 | 2 |
"""



def load_report_module():
    spec = importlib.util.spec_from_file_location("spg_report", REPORT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def core_trace(spgsim, root, rel):
    p = subprocess.run([spgsim, "run", rel], cwd=root, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        raise RuntimeError("spgsim run %s: %s" % (rel, p.stderr))
    return p.stdout


def trace_value(text, frame, field):
    lines = [l for l in text.splitlines() if l and not l.startswith("#")]
    cols = lines[0].split(",")
    return int(lines[1 + frame].split(",")[cols.index(field)])


def make_tree(spgsim, base, name):
    """scenarios/, golden/ (from the core) and docs/ under base/name."""
    root = os.path.join(base, name)
    files = {"running/walk": WALK, "air/fall": FALL, "slopes/ramp": RAMP}
    for rel, text in files.items():
        write(os.path.join(root, "scenarios", rel + ".yaml"), text)
    traces = {}
    for rel in files:
        traces[rel] = core_trace(spgsim, root, "scenarios/%s.yaml" % rel)
        write(os.path.join(root, "golden", rel + ".csv"), traces[rel])
    # verifies entries (they do not change the hash): one agreeing with the
    # golden, one not (an erratum), one with a stated original.
    g10 = trace_value(traces["running/walk"], 10, "ground_speed")
    gx = trace_value(traces["running/walk"], 30, "x")
    verifies = """\
verifies:
  - id: doc/accel
    source: "Physics review part 2, Acceleration"
    quote: "It adds $0C every frame."
    frame: 10
    field: ground_speed
    value: %d
  - id: doc/erratum
    source: "Physics review part 2, Top speed"
    quote: "The speed ends at 121."
    frame: 30
    field: x
    value: %d
    original: %d
    note: "the guide is one pixel off"
""" % (g10, gx + 1, gx)
    with open(os.path.join(root, "scenarios", "running", "walk.yaml"),
              "a") as f:
        f.write(verifies)
    write(os.path.join(root, "docs", "documented-values.md"), DOC_MD)
    return root, traces, g10, gx


def run_report(spgsim, root, extra=(), out=None):
    out = out or os.path.join(root, "report")
    p = subprocess.run([sys.executable, REPORT, "--spgsim", spgsim, "--root",
                        root, "--out", out] + list(extra), cwd=root,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p, read(os.path.join(out, "index.html"))


def read(path):
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return f.read()


def detail(root, rel):
    """The page of scenarios/<rel>.yaml in root/report."""
    return read(os.path.join(root, "report", "s", rel + ".html"))


def total(page, status):
    m = re.search(r'<tr class="summary-total">.*?data-status="%s">(\d+)<'
                  % re.escape(status), page, re.S)
    return int(m.group(1)) if m else None


def topic_count(page, topic, status):
    m = re.search(r'<tr class="summary-row" data-game="sonic1" '
                  r'data-topic="%s">.*?data-status="%s">(\d+)<'
                  % (re.escape(topic), re.escape(status)), page, re.S)
    return int(m.group(1)) if m else None


def svgs(page, cls):
    """The <svg class="cls"> elements of a page, each with its nested
    <svg>s."""
    out = []
    for m in re.finditer(r'<svg class="%s" ' % re.escape(cls), page):
        depth, end = 0, len(page)
        for tag in re.finditer(r"<svg\b|</svg>", page[m.start():]):
            depth += 1 if tag.group(0) == "<svg" else -1
            if depth == 0:
                end = m.start() + tag.end()
                break
        out.append(page[m.start():end])
    return out


def svg_ok(svg):
    """A whole SVG element, drawn from the data (no image inside)."""
    return svg.startswith("<svg ") and svg.endswith("</svg>") and \
        svg.count("<svg") == svg.count("</svg>") and \
        'xmlns="http://www.w3.org/2000/svg"' in svg and "<image" not in svg


def index_line(page, rel):
    """The <tr> of scenarios/<rel>.yaml in the index's scenario table."""
    m = re.search(r'<tr class="scenario-row" data-status="([^"]*)" '
                  r'id="sc-scenarios-%s-yaml">(.*?)</tr>' % re.escape(
                      re.sub(r"[^A-Za-z0-9_-]+", "-", rel)), page, re.S)
    return (m.group(1), m.group(2)) if m else (None, "")


def no_view(base, spgsim):
    """A wrapper of spgsim without the `view` command (as before the trace
    viewer), for the report without viewer links."""
    path = os.path.join(base, "spgsim-without-view")
    write(path, """#!/bin/sh
if [ "$1" = view ]; then
    echo "spgsim: unknown command 'view'" >&2
    exit 2
fi
exec %s "$@"
""" % spgsim)
    os.chmod(path, 0o755)
    return path


def doc_row(page, vid):
    m = re.search(r'<tr class="(doc-row[^"]*)" data-id="%s"[^>]*>(.*?)</tr>'
                  % re.escape(vid), page, re.S)
    return (m.group(1), m.group(2), m.group(0)) if m else (None, "", "")


def verify_row(page, vid):
    m = re.search(r'<tr class="(verify-row[^"]*)" data-id="%s"[^>]*>(.*?)'
                  r'</tr>' % re.escape(vid), page, re.S)
    return (m.group(1), m.group(2)) if m else (None, "")


def debug_dump(page, name):
    if os.environ.get("SPG_REPORT_TEST_KEEP"):
        write(os.path.join(os.environ["SPG_REPORT_TEST_KEEP"], name + ".html"),
              page)



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spgsim", default=os.path.join(ROOT, "build", "spgsim"))
    args = ap.parse_args()
    spgsim = os.path.abspath(args.spgsim)
    res = Results()
    if not os.access(spgsim, os.X_OK):
        print("FAIL no spgsim binary at %s (build it first: make)" % spgsim)
        print("0 passed, 1 failed")
        return 1
    rep = load_report_module()

    # ---- unit: the mask renderer ----
    def colsum(px, c):
        return sum(1 for r in range(16) if px[r][c])
    ramp = list(range(1, 17))
    px = rep.mask_pixels(ramp)
    res.check(colsum(px, 0) == 1 and px[15][0] and colsum(px, 15) == 16,
              "mask: heights fill from the bottom")
    pxx = rep.mask_pixels(ramp, flip_x=True)
    res.check(colsum(pxx, 0) == 16 and colsum(pxx, 15) == 1,
              "mask: x flip mirrors the columns")
    pxy = rep.mask_pixels(ramp, flip_y=True)
    res.check(pxy[0][0] and not pxy[15][0] and colsum(pxy, 15) == 16,
              "mask: y flip mirrors the rows")
    neg = rep.mask_pixels([-4] * 16)
    res.check(all(all(r) for r in neg[:4]) and not any(any(r)
                                                          for r in neg[4:]),
              "mask: negative heights fill from the top")
    res.check(rep.mask_rects([16] * 16) == [(0, 0, 16, 16)] and
              rep.mask_rects([0] * 16) == [] and
              rep.mask_rects([-4] * 8 + [6] * 8) == [(0, 0, 8, 4),
                                                      (8, 10, 8, 6)] and
              rep.mask_rects([-4] * 8 + [6] * 8, True, True) ==
              [(0, 0, 8, 6), (8, 12, 8, 4)] and
              len(rep.mask_rects(ramp)) == 16 and
              rep.mask_rects(ramp)[0] == (0, 15, 1, 1),
              "mask: solid pixels as rectangles, equal columns merged, "
              "flips applied", rep.mask_rects([-4] * 8 + [6] * 8, True, True))
    smap = rep.ScenarioMap({"tiles": {"r": {"heights": ramp, "angle": 0,
                                            "solidity": "top"},
                                      "b": {"heights": "full"}},
                            "map": {"origin": ["$20", 16],
                                    "legend": {"/": "r", "#": "b",
                                               "\\": {"tile": "r",
                                                      "flip": ["x"]}},
                                    "rows": ["/\\##.#"]}})
    cells = smap.cells(32, 16, 64, 32)
    svg = smap.svg(0, 0, 200, 100)
    top = rep.rgb_hex(rep.SOLIDITY_RGB["top"])
    alls = rep.rgb_hex(rep.SOLIDITY_RGB["all"])
    res.check(cells == [(32, 16, "/"), (48, 16, "\\")] and
              '<path id="m0" fill="%s" d="M0 15h1v1h-1z' % top in svg and
              '<path id="m1" fill="%s" d="M0 0h1v16h-1z' % top in svg and
              '<use href="#m0" x="32" y="16"/>' in svg and
              '<use href="#m1" x="48" y="16"/>' in svg and
              '<path fill="%s" d="M64 16h32v16h-32zM112 16h16v16h-16z"/>'
              % alls in svg,
              "map: cells placed at the origin ($-hex), flips and solidity "
              "colour applied, full cells side by side in one rectangle",
              (cells, svg))
    wide = rep.ScenarioMap({"tiles": {"b": {"heights": "full"}},
                            "map": {"origin": [0, 0], "cell_width": 2,
                                    "legend": {"B0": "b", "r.": "b"},
                                    "rows": ["B0..r.", "....B0"]}})
    res.check(wide.width == 3 and wide.cells(0, 0, 48, 32) ==
              [(0, 0, "B0"), (32, 0, "r."), (32, 16, "B0")],
              "map: cells of cell_width characters",
              wide.cells(0, 0, 48, 32))

    # ---- unit: a special-stage maze, placed as the original's blocks ----
    maze = rep.scenario_map({"mode": "special_stage", "special_stage": {
        "legend": {"x": "glass3", "9": 0x2C},
        "maze": "#####\n#@ x#\n#9 o#\n#####\n"}})
    msvg = maze.svg(736, 688, 736 + 5 * 24, 688 + 4 * 24)
    res.check(isinstance(maze, rep.SpecialMaze) and maze.width == 5 and
              maze.height == 4 and maze.block_at(736, 688) == 0x01 and
              maze.block_at(759, 712) == 0x01 and
              maze.block_at(760, 712) == 0 and
              maze.block_at(808, 712) == 0x2F and
              maze.block_at(760, 736) == 0x2C and
              maze.block_at(808, 736) == 0x3A and
              maze.block_at(700, 700) == 0 and
              '<path fill="%s" d="M736 688h120v24h-120z' % alls in msvg and
              'fill="%s" d="M808 712h24v24h-24z"' % rep.rgb_hex(
                  rep.ss_block_rgb(0x2F)) in msvg,
              "special-stage maze: block (0, 0) at x 736, y 688, 24 px a "
              "block, legend names and ids", msvg)

    # ---- unit: a map framed on the path near the tiles ----
    fmap = rep.ScenarioMap({"tiles": {"b": {"heights": "full", "angle": 255}},
                            "map": {"origin": [512, 640], "legend": {"#": "b"},
                                    "rows": ["########"]}})
    xs = [520 + k for k in range(40)]
    ys = [600 + 10 * k * k for k in range(40)]  # falls far below the tiles
    x0, y0, x1, y1, leaves = rep.path_view(fmap, [(xs, ys, "g", "-")])
    res.check(y1 < 2000 and y0 <= 600 and x0 <= 512 and x1 >= 559 and
              leaves is not None and leaves[0] == 7 and y1 == 960 + 64,
              "map: framed on the frames near the tiles; where the path "
              "leaves the view is kept", (x0, y0, x1, y1, leaves))
    px, py = rep.split_path([0, 10, 65000, 65010], [5, 5, 5, 5])
    res.check(px == [0, 10, None, 65000, 65010],
              "map: a wrapped position breaks the drawn path", px)
    res.check(rep.simplify([(0, 0), (1, 0), (2, 0), (2, 0), (3, 1), (4, 2),
                            (3, 1)]) == [(0, 0), (2, 0), (4, 2), (3, 1)],
              "map: straight runs drawn as one segment, turns kept")
    g = rep.Trace(["frame", "x", "y"], [[k, 40 + k, 700] for k in range(20)],
                  {})
    c = rep.Trace(["frame", "x", "y"], [[k, 40 + k + (k > 9), 700]
                                        for k in range(20)], {})
    msvg, note = rep.map_svg(fmap, g, c, "t/x")
    res.check(svg_ok(msvg) and msvg.count('class="path"') == 2 and
              'stroke="%s"' % rep.GOLDEN_COLOR in msvg and
              'stroke="%s" stroke-width="1.4" stroke-dasharray' %
              rep.ACTUAL_COLOR in msvg and "golden (original)" in msvg and
              ">core</text>" in msvg and ">x (px)</text>" in msvg and
              note is None,
              "map: an SVG with the tiles, both paths and a legend", msvg)

    # ---- unit: the plots ----
    t = rep.Trace(["frame", "x"], [[k, k % 3] for k in range(7)], {})
    u = rep.Trace(["frame", "x"], [[k, k % 3 + (k > 3)] for k in range(7)],
                  {})
    dv = rep.divergence_svg(t, u, ["x"], 4, "t")
    df = rep.difference_svg(t, u, ["x"], 4, "t")
    ticks = re.findall(r'text-anchor="middle">(-?[0-9.]+)</text>', dv + df)
    res.check(svg_ok(dv) and svg_ok(df) and ticks and
              all(re.match(r"^-?\d+$", v) for v in ticks) and
              ">frame 4</text>" in dv,
              "plots: SVGs whose frame axes have whole-frame ticks", ticks)
    res.check(rep.difference(t, u, "x", 0, 7) == [0, 0, 0, 0, 1, 1, 1] and
              rep.step_d([5, 5, 7], 0, lambda k: 10 * k, lambda v: -v) ==
              "M0 -5H20V-7H30" and 'data-field="x"' in df and
              ">core - golden</text>" in df,
              "plots: the difference plot is core minus golden, drawn as "
              "steps", rep.difference(t, u, "x", 0, 7))

    # ---- unit: the documented-values parser ----
    with tempfile.TemporaryDirectory() as tmpd:
        p = os.path.join(tmpd, "dv.md")
        write(p, DOC_MD)
        entries, problems = rep.parse_documented_values(p)
        ids = [e["id"] for e in entries]
        res.check(ids == ["doc/accel", "doc/erratum", "doc/unchecked",
                          "doc/other", "doc/heur"],
                  "doc parser: ids of every values table (not of tables "
                  "without a quote column)", ids)
        e0 = entries[0] if entries else {}
        res.check(e0.get("quote") == "It adds | $0C every frame." and
                  e0.get("value") == "$78" and
                  e0.get("source") == "Physics review part 2, Acceleration"
                  and e0.get("scenarios") == ["running/walk"],
                  "doc parser: cells, escaped bars, backticks, quotes", e0)
        res.check(entries[2].get("scenarios") == [] and
                  entries[2].get("coverage") == "not covered: Sonic 2 only",
                  "doc parser: a 'not covered' note is not a scenario list",
                  entries[2] if len(entries) > 2 else None)
        e3 = entries[3] if len(entries) > 3 else {}
        res.check(e3.get("scenarios") == ["air/fall", "slopes/ramp"] and
                  e3.get("source") == "Solid tiles, Sensors" and
                  e3.get("value") == "9",
                  "doc parser: columns found by header name in any order", e3)
        res.check(len(problems) == 1 and "without an id column" in
                  problems[0], "doc parser: a table without ids is reported",
                  problems)
        res.check(rep.first_int("$78 (120)") == 120 and
                  rep.first_int("-0x10 px") == -16 and
                  rep.first_int("none") is None, "doc parser: values")
    res.check(rep.page_rel("scenarios/running/walk.yaml") == "running/walk"
              and rep.page_rel("../x y/../z.yaml") == "_/x_y/_/z" and
              rep.page_href("scenarios/sonic2/a/b.yaml") ==
              "s/sonic2/a/b.html",
              "pages: a scenario's page under s/, in safe characters",
              rep.page_rel("../x y/../z.yaml"))

    with tempfile.TemporaryDirectory(prefix="spg_report_test_") as base:
        # ---- A: everything passes ----
        root, traces, g10, gx = make_tree(spgsim, base, "allpass")
        p, page = run_report(no_view(base, spgsim), root)
        debug_dump(page, "allpass")
        res.check(p.returncode == 0 and page and
                  re.search(r"written in \d+\.\d s", p.stdout),
                  "all pass: report written, its time printed",
                  p.stdout + p.stderr)
        res.check(total(page, "pass") == 3 and total(page, "FAIL") == 0 and
                  total(page, "no golden") == 0,
                  "all pass: summary totals 3 pass, 0 FAIL")
        res.check(topic_count(page, "running", "pass") == 1 and
                  topic_count(page, "air", "pass") == 1 and
                  topic_count(page, "slopes", "pass") == 1,
                  "all pass: one row per topic")
        res.check('class="none-failing"' in page and
                  "<svg" not in page and "<img" not in page and
                  "data:image" not in page,
                  "all pass: no failure section; the index has no figures")
        lines = {rel: index_line(page, rel) for rel in traces}
        res.check(all(st == "pass" and 'href="s/%s.html"' % rel in row and
                      "<td>sonic1</td>" in row and
                      "<td>%s</td>" % rel.split("/")[0] in row
                      for rel, (st, row) in lines.items()),
                  "all pass: one line per scenario with its status, game, "
                  "topic and a link to its page", lines)
        pages = {rel: detail(root, rel) for rel in traces}
        res.check(all(len(maps) == 1 and svg_ok(maps[0]) and
                      maps[0].count('class="path"') == 2
                      for maps in (svgs(pg, "map") for pg in pages.values()))
                  and all("data:image" not in pg and "<img" not in pg
                          for pg in pages.values()),
                  "all pass: a page per scenario with its map as SVG, both "
                  "paths drawn", {r: len(svgs(pg, "map"))
                                  for r, pg in pages.items()})
        walk = pages["running/walk"]
        res.check('<a href="../../index.html">report</a>' in walk and
                  "index.html#sc-scenarios-running-walk-yaml" in walk and
                  'href="../../report.css"' in walk and
                  os.path.exists(os.path.join(root, "report", "report.css"))
                  and "Sonic walks right on a flat floor." in walk and
                  "viewer" not in walk and "viewer" not in page and
                  not os.path.exists(os.path.join(root, "report",
                                                  "viewer.html")),
                  "all pass: the page links back to its line, shares "
                  "report.css, shows the description; no viewer links "
                  "without `spgsim view`", walk[:1200])
        vr = re.findall(r'<tr class="(verify-row[^"]*)" data-id="([^"]*)"',
                        walk)
        res.check(vr == [("verify-row", "doc/accel"),
                         ("verify-row erratum", "doc/erratum")] and
                  "the guide is one pixel off" in walk,
                  "all pass: the page lists its verifies entries", vr)
        res.check(re.search(r'<p id="footer"[^>]*>.*Written in <span '
                            r'id="seconds">\d+\.\d</span> s', page) and
                  page.index('id="errata"') < page.index('id="summary"') <
                  page.index('id="failures"') < page.index('id="scenarios"')
                  < page.index('id="documented"'),
                  "all pass: errata, summary, failures, scenario lines, "
                  "documented values in that order; the time in the footer")
        cls, row, _ = doc_row(page, "doc/accel")
        res.check(cls == "doc-row" and "agree" in row and "$78" in row
                  and 'href="s/running/walk.html"' in row,
                  "all pass: documented value that agrees", row)
        cls, row, whole = doc_row(page, "doc/erratum")
        res.check(cls == "doc-row erratum" and "guide &ne; original" in row
                  and 'data-guide-matches="False"' in whole and
                  ">%d " % gx in row and "scenario states original" in row,
                  "all pass: an erratum is flagged with the golden's value",
                  row)
        res.check("(scenario says %d)" % (gx + 1) in row,
                  "all pass: table value differing from the scenario's is "
                  "flagged", row)
        cls, row, _ = doc_row(page, "doc/unchecked")
        res.check(cls == "doc-row unchecked" and "not checked" in row and
                  "not covered: Sonic 2 only" in row,
                  "all pass: an unchecked documented value is listed with "
                  "the table's reason", row)
        cls, row, _ = doc_row(page, "doc/other")
        res.check(cls == "doc-row via-scenarios" and "air/fall" in row and
                  "slopes/ramp" in row and 'class="pass">pass' in row,
                  "all pass: a value checked only through listed scenarios "
                  "shows their status", row)
        cls, row, _ = doc_row(page, "doc/heur")
        res.check(cls == "doc-row" and "<code>doc/accel</code>" in row and
                  "agree" in row,
                  "all pass: an entry linked by quote and value from a "
                  "listed scenario", row)
        m = re.search(r'<p id="documented-counts">(\d+) documented values: '
                      r'(\d+) agree with the original, <b>(\d+) are errata',
                      page)
        res.check(m and m.groups() == ("5", "2", "1"),
                  "all pass: documented-value counts",
                  m.groups() if m else None)
        vpage = read(os.path.join(root, "report", "verifies.html"))
        vcls, vrow = verify_row(vpage, "doc/erratum")
        res.check(vcls == "verify-row erratum" and
                  "the guide is one pixel off" in vrow and
                  verify_row(vpage, "doc/accel")[0] == "verify-row" and
                  len(re.findall(r'<tr class="verify-row', vpage)) == 2 and
                  'href="s/running/walk.html"' in vrow and
                  'href="verifies.html"' in page and
                  "verify-row" not in page,
                  "all pass: every verifies entry in verifies.html, linked "
                  "from the index", vrow)

        # the errata come first: one table, with CSV and Markdown copies
        m = re.search(r'<table id="errata-table">(.*?)</table>', page, re.S)
        etable = m.group(1) if m else ""
        res.check(m and page.index('id="errata"') < page.index(
            'id="summary"') < page.index('id="failures"'),
                  "errata: the section opens the report, before the "
                  "summary and the per-scenario lines")
        erows = re.findall(r'<tr class="erratum-row" data-id="([^"]*)">(.*?)'
                           r'</tr>', etable, re.S)
        res.check(len(erows) == 1 and erows[0][0] == "doc/erratum" and
                  "<td>Physics review part 2</td><td>Top speed</td>" in
                  erows[0][1] and ">%d<" % (gx + 1) in erows[0][1].replace(
                      " <span", "<") and "<b>%d" % gx in erows[0][1] and
                  'href="s/running/walk.html"' in erows[0][1]
                  and "one pixel off" in erows[0][1],
                  "errata: guide value, original value, document and "
                  "section by title, note, scenario link", erows)
        with open(os.path.join(root, "report", "errata.csv")) as f:
            ecsv = list(csv.reader(f))
        res.check(ecsv[0][:7] == ["document", "section", "quote", "guide",
                                  "original", "frame", "field"] and
                  len(ecsv) == 2 and ecsv[1][:2] == ["Physics review part 2",
                                                     "Top speed"] and
                  ecsv[1][3:7] == [str(gx + 1), str(gx), "30", "x"] and
                  ecsv[1][-1] == "running/walk",
                  "errata: errata.csv has the same row", ecsv)
        with open(os.path.join(root, "report", "errata.md")) as f:
            emd = f.read()
        res.check("| Physics review part 2 | Top speed | The speed ends at "
                  "121. | %d | %d | 30 | x |" % (gx + 1, gx) in emd,
                  "errata: errata.md has the same row", emd[-400:])
        res.check(rep.split_source("Physics review part 1, solid tiles "
                                   "(seed 000), Pushing") ==
                  ("Physics review part 1, solid tiles", "Pushing") and
                  rep.split_source("original-facts.md, Sonic 1 constants")
                  == ("original-facts.md", "Sonic 1 constants") and
                  rep.split_source("A note") == ("A note", ""),
                  "errata: a source split into document title and section")

        # a scenario removed since the last report loses its page
        os.unlink(os.path.join(root, "scenarios", "slopes", "ramp.yaml"))
        p, page = run_report(spgsim, root)
        res.check(p.returncode == 0 and total(page, "pass") == 2 and
                  not detail(root, "slopes/ramp") and
                  detail(root, "air/fall"),
                  "rerun: the page of a removed scenario is gone",
                  p.stderr)

        # ---- B: some fail ----
        root, traces, g10, gx = make_tree(spgsim, base, "somefail")
        gpath = os.path.join(root, "golden", "running", "walk.csv")
        lines = traces["running/walk"].splitlines()
        hdr = [i for i, l in enumerate(lines) if l.startswith("frame,")][0]
        cols = lines[hdr].split(",")
        row12 = lines[hdr + 1 + 12].split(",")
        want = int(row12[cols.index("x")]) + 1
        actual = int(row12[cols.index("x")])
        for k in range(12, 31):
            r = lines[hdr + 1 + k].split(",")
            r[cols.index("x")] = str(int(r[cols.index("x")]) + 1)
            lines[hdr + 1 + k] = ",".join(r)
        write(gpath, "\n".join(lines) + "\n")
        p, page = run_report(spgsim, root)
        walk = detail(root, "running/walk")
        debug_dump(walk, "somefail-walk")
        res.check(p.returncode == 0 and total(page, "FAIL") == 1 and
                  total(page, "pass") == 2 and
                  topic_count(page, "running", "FAIL") == 1,
                  "some fail: summary 2 pass, 1 FAIL", p.stderr)
        st, row = index_line(page, "running/walk")
        res.check(st == "FAIL" and "<td>x@12</td>" in row and
                  'class="fail">FAIL' in row and
                  index_line(page, "air/fall")[0] == "pass" and
                  "@" not in index_line(page, "air/fall")[1],
                  "some fail: the index line gives the first divergence as "
                  "field@frame", row)
        m = re.search(r'<div class="scenario failure" id="fail-([^"]*)">'
                      r'(.*?)</div>', walk, re.S)
        sect = m.group(2) if m else ""
        res.check(m and "walk" in m.group(1) and
                  '<b class="frame">12</b>' in sect and
                  '<b class="field">x</b>' in sect and
                  '<b class="expected">%d</b>' % want in sect and
                  '<b class="actual">%d</b>' % actual in sect,
                  "some fail: the page gives the first divergence "
                  "frame/field/expected/actual", sect[:600])
        plots = svgs(sect, "divergence-plot")
        res.check(len(plots) == 1 and svg_ok(plots[0]) and
                  'data-field="x"' in plots[0] and ">golden</text>" in
                  plots[0] and ">frame 12</text>" in plots[0],
                  "some fail: an SVG plot of the diverging fields",
                  plots[:1])
        diffs = svgs(sect, "difference-plot")
        res.check(len(diffs) == 1 and svg_ok(diffs[0]) and
                  ">core - golden</text>" in diffs[0] and
                  re.search(r'text-anchor="end">-1</text>', diffs[0]) and
                  re.search(r'text-anchor="end">0</text>', diffs[0]),
                  "some fail: an SVG difference plot (core minus golden: "
                  "-1 and 0 on its axis)", diffs[:1])
        vt = re.search(r'<table class="values">(.*?)</table>', sect, re.S)
        vrows = re.findall(r"<tr( class=\"first\")?><td class=\"num\">"
                           r"(?:&gt; )?(\d+)</td>(.*?)</tr>",
                           vt.group(1) if vt else "", re.S)
        res.check(vt and [int(r[1]) for r in vrows] == list(range(9, 15)) and
                  vrows[3][0] and ">%d</td>" % want in vrows[3][2] and
                  ">%d</td>" % actual in vrows[3][2] and
                  "differs" in vrows[3][2] and "differs" not in vrows[2][2],
                  "some fail: the values around the first divergence, "
                  "golden and core, the divergent ones marked",
                  vt.group(0)[:800] if vt else sect[:400])
        res.check(all(len(svgs(detail(root, rel), "map")) == 1
                      for rel in traces) and
                  not svgs(detail(root, "air/fall"), "difference-plot"),
                  "some fail: maps on every page, plots only on the "
                  "failing one")
        cls, row, _ = doc_row(page, "doc/erratum")
        res.check("core &ne; original" in row,
                  "some fail: the core's miss on a documented value shows",
                  row)

        # ---- G: failures grouped by first divergent field and frame ----
        root, traces, g10, gx = make_tree(spgsim, base, "groups")

        def plant(rel, field, frame, delta):
            gp = os.path.join(root, "golden", rel + ".csv")
            lines = traces[rel].splitlines()
            h = [i for i, l in enumerate(lines) if l.startswith("frame,")][0]
            cols = lines[h].split(",")
            for k in range(frame, len(lines) - h - 1):
                r = lines[h + 1 + k].split(",")
                r[cols.index(field)] = str(int(r[cols.index(field)]) + delta)
                lines[h + 1 + k] = ",".join(r)
            write(gp, "\n".join(lines) + "\n")
        plant("running/walk", "y", 7, 1)
        plant("slopes/ramp", "y", 7, -2)
        plant("air/fall", "x_speed", 3, 5)
        p, page = run_report(spgsim, root)
        m = re.search(r'<table id="failure-groups">(.*?)</table>', page, re.S)
        groups = re.findall(r'<tr class="failure-group" data-field="([^"]*)"'
                            r' data-frame="([^"]*)">(.*?)</tr>',
                            m.group(1) if m else "", re.S)
        res.check([(g[0], g[1]) for g in groups] == [("y", "7"),
                                                      ("x_speed", "3")] and
                  'id="fail-scenarios-running-walk-yaml" '
                  'href="s/running/walk.html"' in groups[0][2] and
                  'href="s/slopes/ramp.html"' in groups[0][2] and
                  'href="s/air/fall.html"' in groups[1][2] and
                  '<td class="num">2</td>' in groups[0][2],
                  "groups: failures grouped by first divergent field and "
                  "frame, largest group first, linking to their pages",
                  groups)
        res.check(all(svgs(detail(root, rel), "divergence-plot")
                      for rel in traces) and
                  "<svg" not in page,
                  "groups: the plots on the pages, none in the index")

        # ---- C: goldens missing or stale, one scenario rejected ----
        root, traces, g10, gx = make_tree(spgsim, base, "missing")
        os.unlink(os.path.join(root, "golden", "air", "fall.csv"))
        gp = os.path.join(root, "golden", "slopes", "ramp.csv")
        with open(gp) as f:
            text = f.read()
        write(gp, re.sub(r"scenario_hash: [0-9a-f]+",
                         "scenario_hash: 0123456789abcdef", text))
        write(os.path.join(root, "scenarios", "bad", "broken.yaml"), BROKEN)
        p, page = run_report(spgsim, root)
        debug_dump(page, "missing")
        res.check(p.returncode == 0 and total(page, "pass") == 1 and
                  total(page, "no golden") == 1 and
                  total(page, "stale golden") == 1 and
                  total(page, "error") == 1,
                  "missing: 1 pass, 1 no golden, 1 stale, 1 error",
                  [total(page, s) for s in ("pass", "FAIL", "no golden",
                                            "stale golden", "error")])
        res.check(len(re.findall(r'<tr class="uncompared">', page)) == 3 and
                  "bogus_key" in page and
                  index_line(page, "bad/broken")[0] == "error",
                  "missing: the uncompared scenarios are listed with their "
                  "messages")
        broken = detail(root, "bad/broken")
        res.check(sum(len(svgs(detail(root, rel), "map"))
                      for rel in traces) == 3 and
                  'class="muted map-missing"' in broken and
                  "bogus_key" in broken and not svgs(broken, "map"),
                  "missing: maps for the loadable scenarios, a note and the "
                  "loader's message for the rejected one", broken[-800:])
        fall = svgs(detail(root, "air/fall"), "map")
        res.check(fall and fall[0].count('class="path"') == 1 and
                  'stroke="%s"' % rep.ACTUAL_COLOR in fall[0] and
                  ">core</text>" in fall[0],
                  "missing: without a golden, the map shows the core's path",
                  fall[:1])

        # ---- D: no golden at all ----
        root, traces, g10, gx = make_tree(spgsim, base, "nogoldens")
        shutil.rmtree(os.path.join(root, "golden"))
        p, page = run_report(spgsim, root)
        cls, row, _ = doc_row(page, "doc/accel")
        res.check(p.returncode == 0 and total(page, "no golden") == 3 and
                  total(page, "pass") == 0 and "no golden" in row and
                  all(len(svgs(detail(root, rel), "map")) == 1
                      for rel in traces),
                  "no goldens: all 'no golden', documented values say so, "
                  "maps drawn from the core", row)

        # ---- H: another engine's traces (--actual-dir) ----
        root, traces, g10, gx = make_tree(spgsim, base, "engine")
        for rel, text in traces.items():
            if rel == "slopes/ramp":
                continue  # the engine has no trace of it
            lines = text.splitlines()
            h = [i for i, l in enumerate(lines) if l.startswith("frame,")][0]
            cols = lines[h].split(",")
            keep = [cols.index(c) for c in ("frame", "x", "y",
                                            "ground_speed")]
            out = []
            for k, l in enumerate(lines[h:]):
                r = l.split(",")
                if rel == "running/walk" and k - 1 >= 20 and k > 0:
                    r[cols.index("ground_speed")] = str(
                        int(r[cols.index("ground_speed")]) - 3)
                out.append(",".join(r[i] for i in keep))
            write(os.path.join(root, "engine", rel + ".csv"),
                  "\n".join(out) + "\n")
        p, page = run_report(spgsim, root, ["--actual-dir", "engine"])
        walk = detail(root, "running/walk")
        m = re.search(r'<div class="scenario failure" id="fail-[^"]*">(.*?)'
                      r'</div>', walk, re.S)
        sect = m.group(1) if m else ""
        res.check(p.returncode == 0 and total(page, "FAIL") == 1 and
                  total(page, "error") == 1 and
                  "the traces in <code>engine</code> (another engine)" in
                  page and index_line(page, "running/walk")[1].count(
                      "ground_speed@20") == 1 and
                  '<b class="frame">20</b>' in sect and
                  "actual (engine)" in sect and
                  ">engine - golden</text>" in sect and
                  svgs(sect, "divergence-plot") and
                  "Not compared (the engine trace has no such column)" in
                  sect,
                  "actual dir: the engine's failure with its values and "
                  "plots", p.stdout + p.stderr + sect[:600])
        ramp = detail(root, "slopes/ramp")
        fall = svgs(detail(root, "air/fall"), "map")
        res.check("engine trace unavailable: no trace from the engine" in
                  ramp and fall and fall[0].count('class="path"') == 2 and
                  ">engine</text>" in fall[0],
                  "actual dir: maps with the engine's path; a missing "
                  "trace said", ramp[-600:])

        # ---- V: the trace viewer, when spgsim has `view` ----
        root, traces, g10, gx = make_tree(spgsim, base, "viewer")
        p, page = run_report(spgsim, root)
        walk = detail(root, "running/walk")
        res.check(p.returncode == 0 and
                  os.path.exists(os.path.join(root, "report",
                                              "viewer.html")) and
                  os.path.exists(os.path.join(root, "report", "d", "running",
                                              "walk.js")) and
                  'href="viewer.html?data=d/running/walk.js"' in
                  index_line(page, "running/walk")[1] and
                  'href="../../viewer.html?data=d/running/walk.js"' in walk,
                  "viewer: viewer.html and a data script per scenario, "
                  "linked from its index line and its page",
                  p.stderr + index_line(page, "running/walk")[1])
        data = read(os.path.join(root, "report", "d", "running", "walk.js"))
        res.check(data.startswith("window.SPG_VIEW_DATA = {") and
                  '"id": "running/walk"' in data and
                  "/*SPG_VIEW_DATA*/" in read(os.path.join(
                      root, "report", "viewer.html")),
                  "viewer: the page is spgsim view --page, the data "
                  "spgsim view --data-js's", data[:200])
        p, page = run_report(no_view(base, spgsim), root)
        res.check(p.returncode == 0 and "viewer.html" not in page and
                  not os.path.exists(os.path.join(root, "report",
                                                  "viewer.html")) and
                  not os.path.exists(os.path.join(root, "report", "d")),
                  "viewer: without `spgsim view` the links and files go")

        # ---- E: a fake check JSON (no goldens on disk, no spgsim run) ----
        root = os.path.join(base, "fake")
        write(os.path.join(root, "scenarios", "t", "x.yaml"), WALK)
        fake = {"core_version": "9.9", "scenarios": [
            {"path": "scenarios/t/x.yaml", "golden": "golden/t/x.csv",
             "name": "x", "topic": "t", "game": "sonic1", "status": "FAIL",
             "message": None,
             "divergence": {"frame": 7, "field": "y", "expected": 5,
                            "actual": 6},
             "rom_md5": "09dadb5071eb35050067a32462e39c5f", "verifies": [
                 {"id": "doc/fake", "source": "S", "quote": "Q", "note": None,
                  "frame": 7, "field": "y", "value": 5, "original": None,
                  "golden": 5, "core": 6, "guide_matches_original": True,
                  "core_matches_original": False}]}]}
        write(os.path.join(root, "check.json"), json.dumps(fake))
        p, page = run_report("/nonexistent/spgsim", root,
                             ["--check-json", os.path.join(root,
                                                           "check.json")])
        x = detail(root, "t/x")
        cls, row = verify_row(read(os.path.join(root, "report",
                                                "verifies.html")),
                              "doc/fake")
        res.check(p.returncode == 0 and total(page, "FAIL") == 1 and
                  "<td>y@7</td>" in index_line(page, "t/x")[1] and
                  '<b class="frame">7</b>' in x and "No plot:" in x and
                  svgs(x, "map") and
                  "09dadb5071eb35050067a32462e39c5f" in page and
                  "core &ne; original" in row and "agree" in row and
                  "documented-values.md: not found" in page,
                  "fake JSON: rendered without spgsim or goldens",
                  p.stderr + row + x[-600:])

        # ---- F: bad input: a clear error, exit 2 ----
        os.makedirs(os.path.join(base, "nothing"))
        p, page = run_report("/nonexistent/spgsim", os.path.join(base,
                                                                 "nothing"))
        res.check(p.returncode == 2 and "no spgsim binary" in p.stderr,
                  "no spgsim: exit 2 with a message", p.stderr)
        for name, text in (("broken.json", '{"scenarios": ['),
                           ("list.json", "[1, 2]")):
            write(os.path.join(base, "nothing", name), text)
            p, page = run_report(spgsim, os.path.join(base, "nothing"), [
                "--check-json", os.path.join(base, "nothing", name)])
            res.check(p.returncode == 2 and p.stderr.startswith("report: ")
                      and "Traceback" not in p.stderr and not page,
                      "bad check JSON (%s): exit 2 with a message" % name,
                      p.stderr)

        # ---- S: the whole suite: a light index, a page per scenario ----
        out = os.path.join(base, "suite-report")
        p, page = run_report(spgsim, ROOT, out=out)
        m = re.search(r"written in (\d+\.\d) s", p.stdout)
        nscen = sum(1 for _, _, fs in os.walk(os.path.join(ROOT, "scenarios"))
                    for f in fs if f.endswith(".yaml"))
        npages = sum(1 for _, _, fs in os.walk(os.path.join(out, "s"))
                     for f in fs if f.endswith(".html"))
        isize = os.path.getsize(os.path.join(out, "index.html")) \
            if page else 0
        res.check(p.returncode == 0 and m and nscen > 700 and
                  npages == nscen and
                  len(re.findall(r'<tr class="scenario-row"', page)) == nscen,
                  "suite: a line and a page per scenario (%d)" % nscen,
                  p.stdout + p.stderr)
        res.check(0 < isize <= 2000000 and "<svg" not in page and
                  "data:image" not in page,
                  "suite: the index is at most 2 MB (%.2f MB), without "
                  "figures" % (isize / 1e6))
        # issue 23: every scenario opens in the viewer, special stages too
        links = len(re.findall(r'href="viewer\.html\?data=d/', page))
        ss_links = len(re.findall(
            r'href="viewer\.html\?data=d/special_stage/', page))
        nss = sum(1 for _, _, fs in os.walk(os.path.join(ROOT, "scenarios",
                                                         "special_stage"))
                  for f in fs if f.endswith(".yaml"))
        res.check(links == nscen and nss > 0 and ss_links == nss and
                  os.path.exists(os.path.join(out, "viewer.html")),
                  "suite: every scenario links the viewer (%d of %d, "
                  "special_stage/ %d of %d)" % (links, nscen, ss_links, nss))
        print("suite: %s" % p.stdout.strip())
        res.check(m and float(m.group(1)) < 60,
                  "suite: written in %s s (the matplotlib report took 131 s)"
                  % (m.group(1) if m else "?"))

    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
