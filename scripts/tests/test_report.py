#!/usr/bin/python3
"""Test scripts/report.py on temporary scenario/golden trees.

The goldens of these fixtures are traces written by `spgsim run` (the core)
into a temporary directory, then edited to plant a divergence or a stale
hash, or deleted: test fixtures only, never files in golden/.

Cases: everything passes; some scenarios fail; goldens missing or stale;
a scenario the loader rejects; no golden at all; a fake `check --json`
whose golden files do not exist; plus unit checks of the mask renderer and
the documented-values parser.

    /usr/bin/python3 scripts/tests/test_report.py [--spgsim build/spgsim]

Ends with "N passed, N failed"; exit 1 on any failure.
"""
import argparse
import base64
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


def run_report(spgsim, root, extra=()):
    out = os.path.join(root, "report")
    p = subprocess.run([sys.executable, REPORT, "--spgsim", spgsim, "--root",
                        root, "--out", out] + list(extra), cwd=root,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    page = ""
    if os.path.exists(os.path.join(out, "index.html")):
        with open(os.path.join(out, "index.html")) as f:
            page = f.read()
    return p, page


def total(page, status):
    m = re.search(r'<tr class="summary-total">.*?data-status="%s">(\d+)<'
                  % re.escape(status), page, re.S)
    return int(m.group(1)) if m else None


def topic_count(page, topic, status):
    m = re.search(r'<tr class="summary-row" data-game="sonic1" '
                  r'data-topic="%s">.*?data-status="%s">(\d+)<'
                  % (re.escape(topic), re.escape(status)), page, re.S)
    return int(m.group(1)) if m else None


def images(page, cls):
    return re.findall(r'<img class="%s" alt="[^"]*" src="data:image/png;'
                      r'base64,([A-Za-z0-9+/=]+)"' % cls, page)


def png_ok(b64):
    try:
        return base64.b64decode(b64)[:8] == b"\x89PNG\r\n\x1a\n"
    except ValueError:
        return False


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
    ramp = list(range(1, 17))
    px = rep.mask_pixels(ramp)
    res.check(px[:, 0].sum() == 1 and px[15, 0] and px[:, 15].sum() == 16,
              "mask: heights fill from the bottom")
    pxx = rep.mask_pixels(ramp, flip_x=True)
    res.check(pxx[:, 0].sum() == 16 and pxx[:, 15].sum() == 1,
              "mask: x flip mirrors the columns")
    pxy = rep.mask_pixels(ramp, flip_y=True)
    res.check(pxy[0, 0] and not pxy[15, 0] and pxy[:, 15].sum() == 16,
              "mask: y flip mirrors the rows")
    neg = rep.mask_pixels([-4] * 16)
    res.check(neg[:4].all() and not neg[4:].any(),
              "mask: negative heights fill from the top")
    smap = rep.ScenarioMap({"tiles": {"r": {"heights": ramp, "angle": 0,
                                            "solidity": "top"}},
                            "map": {"origin": ["$20", 16],
                                    "legend": {"/": "r",
                                               "\\": {"tile": "r",
                                                      "flip": ["x"]}},
                                    "rows": ["/\\"]}})
    img = smap.render(32, 16, 64, 32)
    top = tuple(rep.SOLIDITY_RGB["top"])
    res.check(tuple(img[15, 0]) == top and tuple(img[0, 0]) == (1, 1, 1)
              and tuple(img[0, 16]) == top and tuple(img[0, 31]) == (1, 1, 1),
              "map: cells placed at the origin ($-hex), flips and solidity "
              "colour applied")

    # ---- unit: a special-stage maze, placed as the original's blocks ----
    maze = rep.scenario_map({"mode": "special_stage", "special_stage": {
        "legend": {"x": "glass3", "9": 0x2C},
        "maze": "#####\n#@ x#\n#9 o#\n#####\n"}})
    wall, white = tuple(rep.SOLIDITY_RGB["all"]), (1, 1, 1)
    img = maze.render(736, 688, 736 + 5 * 24, 688 + 4 * 24)
    res.check(isinstance(maze, rep.SpecialMaze) and maze.width == 5 and
              maze.height == 4 and tuple(img[0, 0]) == wall and
              tuple(img[24, 23]) == wall and tuple(img[24, 24]) == white and
              tuple(img[24, 72]) == rep.ss_block_rgb(0x2F) and
              tuple(img[48, 24]) == rep.ss_block_rgb(0x2C) and
              tuple(img[48, 72]) == rep.ss_block_rgb(0x3A),
              "special-stage maze: block (0, 0) at x 736, y 688, 24 px a "
              "block, legend names and ids")

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
    figs = []
    real = rep.png_data_uri
    rep.png_data_uri = lambda fig: figs.append(fig) or "data:"
    try:
        t = rep.Trace(["frame", "x"], [[k, k % 3] for k in range(7)], {})
        u = rep.Trace(["frame", "x"], [[k, k % 3 + (k > 3)] for k in range(7)],
                      {})
        rep.divergence_figure(t, u, ["x"], 4, "t")
        rep.difference_figure(t, u, ["x"], 4, "t")
        ticks = [v for f in figs for ax in f.axes for v in ax.get_xticks()]
        res.check(len(figs) == 2 and ticks and
                  all(float(v).is_integer() for v in ticks),
                  "plots: frame axes have whole-frame ticks", ticks)
        diff_line = figs[1].axes[0].lines[1].get_ydata() if figs else []
        res.check(list(diff_line) == [0, 0, 0, 0, 1, 1, 1],
                  "plots: the difference plot is core minus golden",
                  list(diff_line))
    finally:
        rep.png_data_uri = real
        import matplotlib.pyplot as plt
        plt.close("all")

    # ---- unit: the documented-values parser ----
    with tempfile.TemporaryDirectory() as t:
        p = os.path.join(t, "dv.md")
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

    with tempfile.TemporaryDirectory(prefix="spg_report_test_") as base:
        # ---- A: everything passes ----
        root, traces, g10, gx = make_tree(spgsim, base, "allpass")
        p, page = run_report(spgsim, root)
        res.check(p.returncode == 0 and page, "all pass: report written",
                  p.stderr)
        res.check(total(page, "pass") == 3 and total(page, "FAIL") == 0 and
                  total(page, "no golden") == 0,
                  "all pass: summary totals 3 pass, 0 FAIL")
        res.check(topic_count(page, "running", "pass") == 1 and
                  topic_count(page, "air", "pass") == 1 and
                  topic_count(page, "slopes", "pass") == 1,
                  "all pass: one row per topic")
        res.check('class="none-failing"' in page and
                  not images(page, "divergence-plot"),
                  "all pass: no failure section, no divergence plots")
        maps = images(page, "map")
        res.check(len(maps) == 3 and all(png_ok(m) for m in maps),
                  "all pass: a PNG map per scenario", len(maps))
        cls, row, _ = doc_row(page, "doc/accel")
        res.check(cls == "doc-row" and "agree" in row and "$78" in row
                  and "running/walk" in row,
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
        vcls, vrow = verify_row(page, "doc/erratum")
        res.check(vcls == "verify-row erratum" and
                  "the guide is one pixel off" in vrow and
                  verify_row(page, "doc/accel")[0] == "verify-row" and
                  len(re.findall(r'<tr class="verify-row', page)) == 2,
                  "all pass: every verifies entry in its own table", vrow)

        # the errata come first: one table, with CSV and Markdown copies
        m = re.search(r'<table id="errata-table">(.*?)</table>', page, re.S)
        etable = m.group(1) if m else ""
        res.check(m and page.index('id="errata"') < page.index(
            'id="summary"') < page.index('id="failures"'),
                  "errata: the section opens the report, before the "
                  "summary and the per-scenario detail")
        erows = re.findall(r'<tr class="erratum-row" data-id="([^"]*)">(.*?)'
                           r'</tr>', etable, re.S)
        res.check(len(erows) == 1 and erows[0][0] == "doc/erratum" and
                  "<td>Physics review part 2</td><td>Top speed</td>" in
                  erows[0][1] and ">%d<" % (gx + 1) in erows[0][1].replace(
                      " <span", "<") and "<b>%d" % gx in erows[0][1] and
                  'href="#map-scenarios-running-walk-yaml"' in erows[0][1]
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
        res.check(p.returncode == 0 and total(page, "FAIL") == 1 and
                  total(page, "pass") == 2 and
                  topic_count(page, "running", "FAIL") == 1,
                  "some fail: summary 2 pass, 1 FAIL", p.stderr)
        m = re.search(r'<div class="scenario failure" id="fail-([^"]*)">'
                      r'(.*?)</div>', page, re.S)
        sect = m.group(2) if m else ""
        res.check(m and "walk" in m.group(1) and
                  '<b class="frame">12</b>' in sect and
                  '<b class="field">x</b>' in sect and
                  '<b class="expected">%d</b>' % want in sect and
                  '<b class="actual">%d</b>' % actual in sect,
                  "some fail: first divergence frame/field/expected/actual",
                  sect[:600])
        plots = images(sect, "divergence-plot")
        res.check(len(plots) == 1 and png_ok(plots[0]),
                  "some fail: a plot of the diverging fields")
        diffs = images(sect, "difference-plot")
        res.check(len(diffs) == 1 and png_ok(diffs[0]),
                  "some fail: a difference plot (core minus golden)")
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
        res.check(len(images(page, "map")) == 3,
                  "some fail: maps still drawn for every scenario")
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
                  "running/walk" in groups[0][2] and "slopes/ramp" in
                  groups[0][2] and "air/fall" in groups[1][2],
                  "groups: failures grouped by first divergent field and "
                  "frame, largest group first", groups)
        heads = re.findall(r'<h3 class="group-heading">(.*?)</h3>', page)
        order = [page.index('id="fail-scenarios-%s-yaml"' % k) for k in
                 ("running-walk", "slopes-ramp", "air-fall")]
        res.check(heads == ["y at frame 7 (2)", "x_speed at frame 3 (1)"] and
                  order == sorted(order),
                  "groups: each group's scenarios together under a heading",
                  heads)

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
                  "bogus_key" in page,
                  "missing: the uncompared scenarios are listed with their "
                  "messages")
        res.check(len(images(page, "map")) == 3 and
                  'class="muted map-missing"' in page,
                  "missing: maps for the loadable scenarios, a note for the "
                  "rejected one")

        # ---- D: no golden at all ----
        root, traces, g10, gx = make_tree(spgsim, base, "nogoldens")
        shutil.rmtree(os.path.join(root, "golden"))
        p, page = run_report(spgsim, root)
        cls, row, _ = doc_row(page, "doc/accel")
        res.check(p.returncode == 0 and total(page, "no golden") == 3 and
                  total(page, "pass") == 0 and "no golden" in row and
                  len(images(page, "map")) == 3,
                  "no goldens: all 'no golden', documented values say so, "
                  "maps drawn from the core", row)

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
        cls, row = verify_row(page, "doc/fake")
        res.check(p.returncode == 0 and total(page, "FAIL") == 1 and
                  '<b class="frame">7</b>' in page and
                  "09dadb5071eb35050067a32462e39c5f" in page and
                  "core &ne; original" in row and "agree" in row and
                  "documented-values.md: not found" in page,
                  "fake JSON: rendered without spgsim or goldens",
                  p.stderr + row)

        # ---- F: no spgsim, no JSON: a clear error, exit 2 ----
        os.makedirs(os.path.join(base, "nothing"))
        p, page = run_report("/nonexistent/spgsim", os.path.join(base,
                                                                 "nothing"))
        res.check(p.returncode == 2 and "no spgsim binary" in p.stderr,
                  "no spgsim: exit 2 with a message", p.stderr)

    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
