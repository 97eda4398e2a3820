#!/usr/bin/python3
"""Write the spgsim accuracy report: a light index and a page per scenario.

    /usr/bin/python3 scripts/report.py [--spgsim build/spgsim] [--out report]
        [--root .] [--scenarios scenarios] [--documented
        docs/documented-values.md] [--actual-dir DIR] [--check-json FILE]
        [--jobs N]

It runs `spgsim check --json` on the suite once (or reads --check-json, the
output of an earlier run), reads the goldens and the compared traces (with
--actual-dir another engine's DIR/<rel>.csv; else the core's: a passing
scenario's core trace is its golden on every compared column, so only the
scenarios that do not pass are run again with `spgsim run`), and writes

  OUT/index.html, small enough to open at once (0.46 MB for the 785
  scenarios of the suite, a line of some 270 bytes a scenario):
  (a) the guide's errata first: one table of every place where the value a
      guide states is not what the original game does (document and
      section, quote, guide value, original value, scenario), also written
      as OUT/errata.csv and OUT/errata.md;
  (b) a summary per game and topic: passing, failing, without golden,
      stale golden, errors;
  (c) the failing scenarios, grouped by their first divergent field and
      frame, and those not compared with their messages;
  (d) one line per scenario: status, game, topic, name (linking to its
      page), first divergence as field@frame;
  (e) the documented-values table (docs/documented-values.md): where each
      value is stated, what the original does, what the core does; every
      `verifies:` entry of the suite is in OUT/verifies.html;
  and the time the report took ("written in N.N s", also printed).

  OUT/s/<path under scenarios/ without .yaml>.html, one page per scenario,
  loaded only when its line is clicked: its status, description and
  `verifies:` entries; for a failure the values around the first
  divergence, the compared trace minus the golden and the diverging fields
  over the frames; and its tile map (the masks' solid pixels, flips
  applied, coloured by solidity; or a special stage's maze) with the
  golden's and the compared trace's paths, framed on the frames near the
  tiles.  The figures are inline SVG written from the data (searchable
  text, no images); the pages share OUT/report.css.

  OUT/viewer.html and OUT/d/<rel>.js, with a link from every scenario,
  only when this spgsim has the trace viewer (`spgsim view --help` exits
  0); see write_viewer().

Everything works from file:// (no server).  Needs Debian's python3-yaml
(nothing else): run with /usr/bin/python3.  Exit status 0 when the report
was written (whatever the suite's state), 2 when it could not be.
"""
import argparse
import collections
import concurrent.futures
import csv
import datetime
import html
import json
import math
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

STATUSES = ["pass", "FAIL", "no golden", "stale golden", "error"]
STATUS_CLASS = {"pass": "pass", "FAIL": "fail", "no golden": "nogolden",
                "stale golden": "stale", "error": "error"}
SOLIDITY_RGB = {"all": (0.22, 0.24, 0.30), "top": (0.20, 0.45, 0.85),
                "sides": (0.85, 0.50, 0.15), "none": (0.78, 0.78, 0.78)}
MAX_PLOTTED_FIELDS = 6
GOLDEN_COLOR, ACTUAL_COLOR, DIFF_COLOR = "#1a9850", "#d73027", "#7b3294"
PAGES_DIR = "s"          # OUT/s/<rel>.html: one page per scenario


def esc(v):
    return html.escape("" if v is None else str(v), quote=True)


# --------------------------------------------------------------------------
# Integers as the scenario loader reads them
# --------------------------------------------------------------------------

INT_RE = re.compile(r"^(-?)(\$[0-9A-Fa-f]+|0[xX][0-9A-Fa-f]+|[0-9]+)$")


def to_int(v):
    """A YAML value the loader would read as an integer, or ValueError."""
    if isinstance(v, bool):
        raise ValueError("not an integer: %r" % v)
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        m = INT_RE.match(v.strip())
        if m:
            digits = m.group(2)
            if digits.startswith("$"):
                n = int(digits[1:], 16)
            elif digits[:2] in ("0x", "0X"):
                n = int(digits[2:], 16)
            else:
                n = int(digits, 10)
            return -n if m.group(1) else n
    raise ValueError("not an integer: %r" % (v,))


# --------------------------------------------------------------------------
# Traces
# --------------------------------------------------------------------------


# --------------------------------------------------------------------------
# Traces
# --------------------------------------------------------------------------

class Trace:
    def __init__(self, columns, rows, meta):
        self.columns = columns
        self.rows = rows          # list of lists of ints
        self.meta = meta          # header "# key: value" lines
        self._cols = {}

    def col(self, name):
        if name not in self._cols:
            i = self.columns.index(name)
            self._cols[name] = [r[i] for r in self.rows]
        return self._cols[name]


def read_trace(path, only=None):
    """The trace at path; with `only`, just those of its columns (the map
    needs x and y alone: most of the time goes into the other columns)."""
    meta, columns, rows = {}, None, []
    with open(path) as f:
        text = f.read()
    pick = None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = re.match(r"#\s*([A-Za-z_]+)\s*:\s*(.*)$", line)
            if m:
                meta[m.group(1)] = m.group(2).strip()
            continue
        if columns is None:
            columns = line.split(",")
            if only is not None:
                pick = [columns.index(c) for c in only if c in columns]
                columns = [columns[i] for i in pick]
            continue
        cells = line.split(",")
        if pick is None:
            rows.append([int(x) for x in cells])
        else:
            rows.append([int(cells[i]) for i in pick])
    if columns is None:
        raise ValueError("%s: no column row" % path)
    return Trace(columns, rows, meta)


def diverging_fields(golden, core):
    """Columns that differ somewhere, in order of their first difference."""
    first = {}
    n = min(len(golden.rows), len(core.rows))
    common = [c for c in golden.columns if c in core.columns and c != "frame"]
    gi = {c: golden.columns.index(c) for c in common}
    ci = {c: core.columns.index(c) for c in common}
    for r in range(n):
        g, k = golden.rows[r], core.rows[r]
        for c in common:
            if c not in first and g[gi[c]] != k[ci[c]]:
                first[c] = r
    return sorted(first, key=lambda c: (first[c], common.index(c))), first


# --------------------------------------------------------------------------


# --------------------------------------------------------------------------
# Scenario maps
# --------------------------------------------------------------------------

def mask_columns(heights, flip_x=False, flip_y=False):
    """The solid span [top, bottom) of each of a height mask's 16 columns,
    left to right (None: empty).  heights[i] > 0: column i solid from the
    bottom up; < 0: from the top down.  flip_x mirrors left-right, flip_y
    top-bottom."""
    cols = []
    for h in heights[:16]:
        if h > 0:
            span = (16 - min(h, 16), 16)
        elif h < 0:
            span = (0, min(-h, 16))
        else:
            span = None
        if span and flip_y:
            span = (16 - span[1], 16 - span[0])
        cols.append(span)
    cols += [None] * (16 - len(cols))
    return cols[::-1] if flip_x else cols


def mask_pixels(heights, flip_x=False, flip_y=False):
    """16 rows of 16 booleans, [row][col]: a height mask's solid pixels."""
    cols = mask_columns(heights, flip_x, flip_y)
    return [[bool(cols[c]) and cols[c][0] <= r < cols[c][1]
             for c in range(16)] for r in range(16)]


def mask_rects(heights, flip_x=False, flip_y=False):
    """The solid pixels of a height mask as rectangles (x, y, w, h) in the
    16x16 cell, neighbouring columns of the same span merged."""
    rects = []
    for c, span in enumerate(mask_columns(heights, flip_x, flip_y)):
        if span is None:
            continue
        if rects and rects[-1][0] + rects[-1][2] == c and \
                (rects[-1][1], rects[-1][1] + rects[-1][3]) == span:
            x, y, w, h = rects[-1]
            rects[-1] = (x, y, w + 1, h)
        else:
            rects.append((c, span[0], 1, span[1] - span[0]))
    return rects


def rgb_hex(rgb):
    return "#%02x%02x%02x" % tuple(int(round(v * 255)) for v in rgb)


class ScenarioMap:
    """The tile map of a scenario file, read with python3-yaml."""

    cell = 16  # px per map cell

    def __init__(self, doc):
        tiles = doc.get("tiles") or {}
        masks = {}
        for name, t in tiles.items():
            h = t.get("heights")
            if h == "full":
                heights = [16] * 16
            elif h == "empty" or h is None:
                heights = [0] * 16
            else:
                heights = [to_int(x) for x in h]
            masks[str(name)] = (heights, t.get("solidity", "all"))
        m = doc["map"]
        self.ox, self.oy = (to_int(v) for v in m["origin"])
        legend = {}
        for sym, e in (m.get("legend") or {}).items():
            if isinstance(e, dict):
                heights, solidity = masks[str(e["tile"])]
                flips = e.get("flip") or []
                legend[str(sym)] = (heights, e.get("solidity", solidity),
                                    "x" in flips, "y" in flips)
            else:
                heights, solidity = masks[str(e)]
                legend[str(sym)] = (heights, solidity, False, False)
        cw = to_int(m.get("cell_width", 1))
        # rows of cells, `cell_width` characters each
        self.rows = [[str(r)[i:i + cw] for i in range(0, len(str(r)), cw)]
                     for r in m["rows"]]
        self.width = max(len(r) for r in self.rows)
        self.height = len(self.rows)
        self.legend = legend

    def cells(self, x0, y0, x1, y1):
        """(x, y, symbol) of the non-empty cells that overlap level pixels
        [x0,x1) x [y0,y1), row by row."""
        out = []
        for cy, row in enumerate(self.rows):
            py = self.oy + cy * 16
            if py + 16 <= y0 or py >= y1:
                continue
            for cx, sym in enumerate(row):
                if not sym.strip(". "):
                    continue
                px = self.ox + cx * 16
                if px + 16 <= x0 or px >= x1:
                    continue
                out.append((px, py, sym))
        return out

    def svg(self, x0, y0, x1, y1):
        """SVG elements of the cells in view, in level pixels: a cell whose
        mask is full is a run of one colour, the others a <use> of their
        mask's shape."""
        shapes, defs, fills = {}, [], collections.defaultdict(list)
        uses = []
        run = None  # (x, y, w, colour) of full cells side by side
        looks = {}  # symbol -> (colour, rectangles, full)
        for px, py, sym in self.cells(x0, y0, x1, y1) + [(None, None, None)]:
            if sym is not None:
                if sym not in looks:
                    heights, solidity, fx, fy = self.legend[sym]
                    rects = mask_rects(heights, fx, fy)
                    looks[sym] = (rgb_hex(SOLIDITY_RGB.get(
                        solidity, SOLIDITY_RGB["all"])), rects,
                        rects == [(0, 0, 16, 16)])
                colour, rects, full = looks[sym]
            if run and (sym is None or not full or py != run[1] or
                        px != run[0] + run[2] or colour != run[3]):
                fills[run[3]].append("M%d %dh%dv16h-%dz" % (
                    run[0], run[1], run[2], run[2]))
                run = None
            if sym is None:
                break
            if not rects:
                continue
            if full:
                run = (run[0], py, run[2] + 16, colour) if run else \
                    (px, py, 16, colour)
                continue
            if sym not in shapes:
                shapes[sym] = "m%d" % len(shapes)
                defs.append('<path id="%s" fill="%s" d="%s"/>' % (
                    shapes[sym], colour, "".join(
                        "M%d %dh%dv%dh-%dz" % (x, y, w, h, w)
                        for x, y, w, h in rects)))
            uses.append('<use href="#%s" x="%d" y="%d"/>' % (shapes[sym],
                                                             px, py))
        out = []
        if defs:
            out.append("<defs>%s</defs>" % "".join(defs))
        for colour, parts in fills.items():
            out.append('<path fill="%s" d="%s"/>' % (colour, "".join(parts)))
        return "".join(out) + "".join(uses)


# Special-stage blocks (docs/scenario-format.md, "Special-stage
# scenarios"): the symbols every maze may use, the legend's block names,
# and a colour per kind of block.
SS_DEFAULT_LEGEND = {" ": 0x00, ".": 0x00, "#": 0x01, "B": 0x25, "W": 0x26,
                     "G": 0x27, "1": 0x28, "U": 0x29, "D": 0x2A, "R": 0x2B,
                     "X": 0x2C, "g": 0x2D, "o": 0x3A, "E": 0x3B, "h": 0x41,
                     "s": 0x4A, "@": 0x00}
SS_BLOCK_NAMES = {"empty": 0x00, "wall": 0x01, "bumper": 0x25, "w": 0x26,
                  "goal": 0x27, "1up": 0x28, "up": 0x29, "down": 0x2A,
                  "r": 0x2B, "red_white": 0x2C, "glass": 0x2D, "glass1": 0x2D,
                  "glass2": 0x2E, "glass3": 0x2F, "glass4": 0x30,
                  "ring": 0x3A, "emerald": 0x3B, "emerald1": 0x3B,
                  "emerald2": 0x3C, "emerald3": 0x3D, "emerald4": 0x3E,
                  "emerald5": 0x3F, "emerald6": 0x40, "ghost": 0x41,
                  "switch": 0x4A}


def ss_block_rgb(b):
    if b == 0:
        return (1.0, 1.0, 1.0)
    if 0x01 <= b <= 0x24:                       # walls
        return SOLIDITY_RGB["all"]
    if b == 0x25:                               # bumper
        return (0.85, 0.20, 0.25)
    if 0x27 <= b <= 0x2C:                       # goal, 1-up, UP, DOWN, R ...
        return (0.95, 0.55, 0.10)
    if 0x2D <= b <= 0x30 or 0x4B <= b <= 0x4E:  # glass, cracking glass
        return (0.45, 0.75, 0.95)
    if b == 0x3A or 0x42 <= b <= 0x45:          # ring, sparkle
        return (0.95, 0.80, 0.15)
    if 0x3B <= b <= 0x40:                       # emeralds
        return (0.15, 0.70, 0.35)
    if b in (0x41, 0x4A):                       # ghost, switch
        return (0.70, 0.55, 0.85)
    return (0.65, 0.65, 0.65)


def ss_int(v):
    return v if isinstance(v, int) else int(str(v).replace("$", "0x"), 0)


class SpecialMaze:
    """The maze of a special-stage scenario, in the player's x/y: block
    (row r, column c) of the maze is layout block (r + $20, c + $20), whose
    centre the original puts at (24 col - $14, 24 row - $44) (the bumper's
    aim), so block (0, 0) covers x 736..759, y 688..711."""

    cell = 24

    def __init__(self, doc):
        ss = doc["special_stage"]
        legend = dict(SS_DEFAULT_LEGEND)
        for sym, v in (ss.get("legend") or {}).items():
            v = str(v)
            legend[str(sym)] = SS_BLOCK_NAMES[v] if v in SS_BLOCK_NAMES \
                else ss_int(v)
        maze = ss["maze"]
        self.rows = maze.split("\n") if isinstance(maze, str) else \
            [str(r) for r in maze]
        while self.rows and self.rows[-1] == "":
            self.rows.pop()
        self.width = max(len(r) for r in self.rows)
        self.height = len(self.rows)
        self.ox, self.oy = 736, 688
        # grid[r][c]: the block id of row r, column c
        self.grid = [[legend.get(row[c], 0) if c < len(row) else 0
                      for c in range(self.width)] for row in self.rows]

    def block_at(self, x, y):
        """The block id at level pixel (x, y) (0 outside the maze)."""
        c, r = (x - self.ox) // self.cell, (y - self.oy) // self.cell
        if 0 <= r < self.height and 0 <= c < self.width:
            return self.grid[r][c]
        return 0

    def svg(self, x0, y0, x1, y1):
        """SVG paths of the maze's blocks in view, one per colour, blocks
        of one colour side by side drawn as one rectangle."""
        fills = collections.defaultdict(list)
        c0 = max(0, (x0 - self.ox) // self.cell)
        c1 = min(self.width, (x1 - self.ox + self.cell - 1) // self.cell)
        for r in range(max(0, (y0 - self.oy) // self.cell),
                       min(self.height,
                           (y1 - self.oy + self.cell - 1) // self.cell)):
            c = c0
            while c < c1:
                b = self.grid[r][c]
                colour = rgb_hex(ss_block_rgb(b))
                n = 1
                while c + n < c1 and \
                        rgb_hex(ss_block_rgb(self.grid[r][c + n])) == colour:
                    n += 1
                if b != 0:
                    fills[colour].append("M%d %dh%dv%dh-%dz" % (
                        self.ox + c * self.cell, self.oy + r * self.cell,
                        n * self.cell, self.cell, n * self.cell))
                c += n
        return "".join('<path fill="%s" d="%s"/>' % (colour, "".join(parts))
                       for colour, parts in fills.items())


def scenario_map(doc):
    """The map of a scenario file: its tiles, or its special-stage maze."""
    if doc.get("mode") == "special_stage":
        return SpecialMaze(doc)
    return ScenarioMap(doc)


def split_path(xs, ys, jump=4096):
    """The path as lists of points with None where it jumps (the 16-bit
    position wrapping round), so no line is drawn across the jump."""
    px, py = [xs[0]], [ys[0]]
    for k in range(1, len(xs)):
        if abs(xs[k] - xs[k - 1]) > jump or abs(ys[k] - ys[k - 1]) > jump:
            px.append(None)
            py.append(None)
        px.append(xs[k])
        py.append(ys[k])
    return px, py


def path_view(smap, paths, near=320):
    """The part of the level a map shows: the path, framed on its frames
    near the tiles.  Frames further than `near` px from the map's tiles
    (falling away below the level, or wrapped round) are left out of the
    frame, and returned as (frame, x, y) of where the path leaves it.
    Returns (x0, y0, x1, y1, leaves)."""
    mx0, my0 = smap.ox, smap.oy
    mx1, my1 = mx0 + smap.width * smap.cell, my0 + smap.height * smap.cell
    if not paths:
        return mx0, my0, mx1, my1, None
    xs = [v for p in paths for v in p[0]]
    ys = [v for p in paths for v in p[1]]
    def near_map(x, y):
        return mx0 - near <= x <= mx1 + near and my0 - near <= y <= my1 + near
    keep = [k for k in range(len(xs)) if near_map(xs[k], ys[k])]
    leaves = None
    if not keep:
        keep = list(range(len(xs)))
    elif len(keep) < len(xs):
        fx, fy = paths[0][0], paths[0][1]
        out = [k for k in range(len(fx)) if not near_map(fx[k], fy[k])]
        if out:
            leaves = (out[0], fx[out[0]], fy[out[0]])
    x0 = min(xs[k] for k in keep) - 96
    x1 = max(xs[k] for k in keep) + 96
    y0 = min(ys[k] for k in keep) - 64
    y1 = max(ys[k] for k in keep) + 64
    # and the tiles around that part of the path
    x0, x1 = min(x0, max(mx0, x0 - 160)), max(x1, min(mx1, x1 + 160))
    y0, y1 = min(y0, max(my0, y0 - 96)), max(y1, min(my1, y1 + 96))
    return x0, y0, x1, y1, leaves


# --------------------------------------------------------------------------
# Figures: inline SVG written from the data
# --------------------------------------------------------------------------

def num(v):
    """A coordinate, with one decimal at most."""
    s = "%.1f" % v
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def nice_step(span, target=8):
    """A whole step of 1, 2 or 5 times a power of ten giving about
    `target` ticks over span."""
    if span <= 0:
        return 1
    raw = span / float(target)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return max(1, int(round(m * mag)))
    return max(1, int(round(10 * mag)))


def int_ticks(lo, hi, target=8):
    """Whole-number ticks from lo to hi (both included)."""
    step = nice_step(hi - lo, target)
    first = -(-lo // step) * step
    return list(range(first, hi + 1, step))


def simplify(points):
    """A path's points without repeats and without the middle points of
    straight runs (exact: integer level coordinates)."""
    out = []
    for p in points:
        if out and p == out[-1]:
            continue
        if len(out) >= 2:
            (ax, ay), (bx, by) = out[-2], out[-1]
            if (bx - ax) * (p[1] - by) == (by - ay) * (p[0] - bx) and \
                    (bx - ax) * (p[0] - bx) + (by - ay) * (p[1] - by) >= 0:
                out[-1] = p
                continue
        out.append(p)
    return out


def svg_text(x, y, text, cls=None, anchor=None, extra=""):
    return '<text x="%s" y="%s"%s%s%s>%s</text>' % (
        num(x), num(y), ' class="%s"' % cls if cls else "",
        ' text-anchor="%s"' % anchor if anchor else "", extra, esc(text))


def svg_open(cls, width, height, label):
    return ('<svg class="%s" xmlns="http://www.w3.org/2000/svg" width="%s" '
            'height="%s" viewBox="0 0 %s %s" role="img" aria-label="%s">'
            '<title>%s</title>' % (cls, num(width), num(height), num(width),
                                   num(height), esc(label), esc(label)))


def legend_svg(x, y, entries):
    """Line samples and their labels, right-aligned at x."""
    out = []
    for label, colour, dash in reversed(entries):
        tw = 24 + 6.5 * len(label)
        x -= tw
        out.append(svg_text(x + 24, y, label))
        out.append('<path d="M%s %sh20" stroke="%s" stroke-width="1.6"%s/>'
                   % (num(x), num(y - 4), colour,
                      ' stroke-dasharray="5 3"' if dash else ""))
        x -= 12
    return "".join(out)


MAP_W, MAP_H_MAX, MAP_H_WIDE = 860, 560, 160


def map_svg(smap, golden, core, title, actual_label="core"):
    """The scenario's map with the golden's path (green) and the compared
    trace's (red, dashed), framed on the frames near the tiles.  Returns
    (svg, note): note says where the path leaves the view, or None."""
    paths = []
    for t, label, colour, dash in ((golden, "golden (original)",
                                    GOLDEN_COLOR, False),
                                   (core, actual_label, ACTUAL_COLOR, True)):
        if t is not None and "x" in t.columns and "y" in t.columns and \
                t.rows:
            paths.append((t.col("x"), t.col("y"), label, colour, dash))
    vx0, vy0, vx1, vy1, leaves = path_view(smap, paths)
    # At least 320 x 160 px of view.
    if vx1 - vx0 < 320:
        c = (vx0 + vx1) // 2
        vx0, vx1 = c - 160, c + 160
    if vy1 - vy0 < 160:
        c = (vy0 + vy1) // 2
        vy0, vy1 = c - 80, c + 80
    w, h = vx1 - vx0, vy1 - vy0
    if w / float(h) < 8:
        sx = sy = min(MAP_W / float(w), MAP_H_MAX / float(h))
    else:  # a long thin view: stretched to some height
        sx, sy = MAP_W / float(w), MAP_H_WIDE / float(h)
    pw, ph = w * sx, h * sy
    L, T, R, B = 52, 24, 8, 34
    out = [svg_open("map", L + pw + R, T + ph + B, "map of %s" % title)]
    out.append(svg_text(L, 14, title, "title"))
    out.append(legend_svg(L + pw, 14, [(p[2], p[3], p[4]) for p in paths]))
    # the tiles, in level pixels
    out.append('<svg x="%s" y="%s" width="%s" height="%s" viewBox="%d %d %d '
               '%d" preserveAspectRatio="none" shape-rendering="crispEdges">'
               '<rect x="%d" y="%d" '
               'width="%d" height="%d" fill="#fff"/>%s</svg>' % (
                   L, T, num(pw), num(ph), vx0, vy0, w, h, vx0, vy0, w, h,
                   smap.svg(vx0, vy0, vx1, vy1)))
    # the paths, in screen pixels (their strokes unscaled)
    out.append('<svg x="%s" y="%s" width="%s" height="%s">' % (
        L, T, num(pw), num(ph)))
    for xs, ys, label, colour, dash in paths:
        px, py = split_path(xs, ys)
        segs, cur = [], []
        for x, y in zip(px, py):
            if x is None:
                segs.append(cur)
                cur = []
            else:
                cur.append((x, y))
        segs.append(cur)
        d = []
        for seg in segs:
            pts, last = [], None
            for x, y in simplify(seg):
                s = "%s %s" % (num((x - vx0) * sx), num((y - vy0) * sy))
                if s != last:
                    pts.append(s)
                    last = s
            if pts:
                d.append("M" + pts[0] + ("L" + " ".join(pts[1:])
                                         if len(pts) > 1 else ""))
        out.append('<path class="path" d="%s" fill="none" stroke="%s" '
                   'stroke-width="1.4"%s/>' % (
                       "".join(d), colour,
                       ' stroke-dasharray="5 3"' if dash else ""))
        out.append('<circle cx="%s" cy="%s" r="3" fill="%s"/>' % (
            num((xs[0] - vx0) * sx), num((ys[0] - vy0) * sy), colour))
    out.append("</svg>")
    out.append('<rect x="%s" y="%s" width="%s" height="%s" fill="none" '
               'stroke="#999"/>' % (L, T, num(pw), num(ph)))
    for tx in int_ticks(vx0, vx1):
        X = L + (tx - vx0) * sx
        out.append('<path d="M%s %sv4" stroke="#777"/>' % (num(X),
                                                           num(T + ph)))
        out.append(svg_text(X, T + ph + 15, tx, anchor="middle"))
    for ty in int_ticks(vy0, vy1, 6):
        Y = T + (ty - vy0) * sy
        out.append('<path d="M%s %sh4" stroke="#777"/>' % (L - 4, num(Y)))
        out.append(svg_text(L - 6, Y + 4, ty, anchor="end"))
    out.append(svg_text(L + pw / 2, T + ph + 30, "x (px)", anchor="middle"))
    out.append(svg_text(12, T + ph / 2, "y (px)", anchor="middle",
                        extra=' transform="rotate(-90 12 %s)"' %
                        num(T + ph / 2)))
    note = None
    if leaves is not None:
        fr, lx, ly = leaves
        note = "leaves the view at frame %d (%d, %d)" % (fr, lx, ly)
        X = L + (min(max(lx, vx0), vx1) - vx0) * sx
        Y = T + (min(max(ly, vy0), vy1) - vy0) * sy
        out.append(svg_text(min(max(X, L + 120), L + pw - 120),
                            Y - 4 if ly > vy1 else Y + 12, note, "note",
                            "middle"))
    out.append("</svg>")
    return "".join(out), note


def frame_window(golden, core, first_frame):
    """Rows [lo, hi) the plots of a failure show: all of a short trace,
    -80..+160 frames around the first divergence of a long one."""
    nrows = max(len(golden.rows), len(core.rows))
    if nrows > 400:
        return max(0, first_frame - 80), min(nrows, first_frame + 160), nrows
    return 0, nrows, nrows


CHART_W, PANEL_H, PANEL_GAP = 860, 64, 12


def step_d(values, lo, fx, fy):
    """A step line ("post": a frame's value held until the next frame) of
    values[k] at frame lo + k, in screen pixels."""
    d, prev = [], None
    for k, v in enumerate(values):
        if v is None:
            continue
        if prev is None:
            d.append("M%s %s" % (num(fx(lo + k)), num(fy(v))))
        elif v != prev:
            d.append("H%sV%s" % (num(fx(lo + k)), num(fy(v))))
        prev = v
    if d:
        d.append("H%s" % num(fx(lo + len(values))))
    return "".join(d)


def chart_svg(cls, label, title, panels, lo, hi, first_frame, legend,
              xlabel="frame"):
    """Panels of step lines over frames [lo, hi), sharing the frame axis:
    panels is [(name, [(values from frame lo, colour, dashed)], zero)],
    zero: draw the 0 line.  A dotted line marks first_frame."""
    L, R, T, B = 96, 12, 24, 34
    pw = CHART_W - L - R
    n = len(panels)
    height = T + n * PANEL_H + (n - 1) * PANEL_GAP + B
    span = max(1, hi - lo)

    def fx(k):
        return L + (k - lo) * pw / float(span)
    out = [svg_open(cls, CHART_W, height, label)]
    out.append(svg_text(L, 14, title, "title"))
    out.append(legend_svg(L + pw, 14, legend))
    xt = int_ticks(lo, hi - 1 if hi - 1 > lo else hi)
    for i, (name, series, zero) in enumerate(panels):
        top = T + i * (PANEL_H + PANEL_GAP)
        vals = [v for s in series for v in s[0] if v is not None]
        if zero:
            vals.append(0)
        vmin, vmax = (min(vals), max(vals)) if vals else (0, 0)
        labels = [vmax, vmin] + ([0] if zero else [])
        if vmin == vmax:
            vmin, vmax = vmin - 1, vmax + 1
        pad = (vmax - vmin) * 0.08
        y0, y1 = vmin - pad, vmax + pad

        def fy(v, top=top, y0=y0, y1=y1):
            return top + (y1 - v) * PANEL_H / (y1 - y0)
        out.append('<g class="panel" data-field="%s">' % esc(name))
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#fff" '
                   'stroke="#bbb"/>' % (L, top, pw, PANEL_H))
        out.append('<path d="%s" stroke="#eee"/>' % "".join(
            "M%s %dv%d" % (num(fx(t)), top, PANEL_H) for t in xt))
        if zero:
            out.append('<path d="M%d %sh%d" stroke="#999" stroke-width=".6"'
                       '/>' % (L, num(fy(0)), pw))
        if lo <= first_frame <= hi:
            out.append('<path d="M%s %dv%d" stroke="#555" '
                       'stroke-dasharray="2 2"/>' % (num(fx(first_frame)),
                                                     top, PANEL_H))
        for values, colour, dash in series:
            out.append('<path d="%s" fill="none" stroke="%s" '
                       'stroke-width="1.3"%s/>' % (
                           step_d(values, lo, fx, fy), colour,
                           ' stroke-dasharray="5 3"' if dash else ""))
        placed = []
        for v in labels:  # the range's ends, and 0 where there is room
            if all(abs(fy(v) - p) >= 11 for p in placed):
                placed.append(fy(v))
                out.append(svg_text(L - 5, fy(v) + 4, v, anchor="end"))
        out.append(svg_text(4, top + PANEL_H / 2.0 + 4, name, "field"))
        out.append("</g>")
    bottom = T + n * PANEL_H + (n - 1) * PANEL_GAP
    for t in xt:
        out.append(svg_text(fx(t), bottom + 14, t, anchor="middle"))
    out.append(svg_text(L + pw / 2.0, bottom + 30, xlabel, anchor="middle"))
    if lo <= first_frame <= hi:
        out.append(svg_text(fx(first_frame) + 3, T - 2, "frame %d" %
                            first_frame, "note"))
    out.append("</svg>")
    return "".join(out)


def divergence_svg(golden, core, fields, first_frame, title,
                   actual_label="core"):
    """Each field over the frames, golden and the compared trace."""
    lo, hi, nrows = frame_window(golden, core, first_frame)
    panels = []
    for f in fields:
        panels.append((f, [(golden.col(f)[lo:hi], GOLDEN_COLOR, False),
                           (core.col(f)[lo:hi], ACTUAL_COLOR, True)], False))
    return chart_svg("divergence-plot", "diverging fields of %s" % title,
                     "%s: %s against golden" % (title, actual_label), panels,
                     lo, hi, first_frame, [("golden", GOLDEN_COLOR, False),
                                           (actual_label, ACTUAL_COLOR,
                                            True)],
                     "frame" + ("" if (lo, hi) == (0, nrows) else
                                " (frames %d..%d)" % (lo, hi - 1)))


def difference(golden, core, field, lo, hi):
    """The compared trace minus the golden, frames [lo, hi) both have."""
    g, c = golden.col(field), core.col(field)
    return [c[k] - g[k] for k in range(lo, min(hi, len(g), len(c)))]


def difference_svg(golden, core, fields, first_frame, title,
                   actual_label="core"):
    """Each field's difference, compared trace minus golden, over the
    frames both traces have."""
    lo, hi, nrows = frame_window(golden, core, first_frame)
    hi = min(hi, len(golden.rows), len(core.rows))
    panels = [(f, [(difference(golden, core, f, lo, hi), DIFF_COLOR,
                    False)], True) for f in fields]
    return chart_svg("difference-plot", "%s minus golden, %s" % (
        actual_label, title), "%s: %s minus golden" % (title, actual_label),
        panels, lo, hi, first_frame, [("%s - golden" % actual_label,
                                       DIFF_COLOR, False)])


def values_table_html(golden, core, fields, frame, actual_label="core",
                      before=3, after=2):
    """The diverging fields of both traces around the first divergence."""
    lo = max(0, frame - before)
    hi = min(max(len(golden.rows), len(core.rows)) - 1, frame + after)
    out = ['<table class="values"><tr><th>frame</th>']
    for f in fields:
        out.append("<th>%s golden</th><th>%s %s</th>" % (esc(f), esc(f),
                                                         esc(actual_label)))
    out.append("</tr>")
    for r in range(lo, hi + 1):
        out.append('<tr%s><td class="num">%s%d</td>' % (
            ' class="first"' if r == frame else "",
            "&gt; " if r == frame else "", r))
        for f in fields:
            g = golden.col(f)[r] if r < len(golden.rows) else None
            c = core.col(f)[r] if r < len(core.rows) else None
            cls = "num" + (" differs" if g != c else "")
            out.append('<td class="%s">%s</td><td class="%s">%s</td>' % (
                cls, "&ndash;" if g is None else g, cls,
                "&ndash;" if c is None else c))
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


# --------------------------------------------------------------------------
# docs/documented-values.md
# --------------------------------------------------------------------------

def split_row(line):
    """Cells of a markdown table row ('\\|' is a literal bar)."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells, cur, i = [], "", 0
    while i < len(line):
        if line[i] == "\\" and i + 1 < len(line) and line[i + 1] == "|":
            cur += "|"
            i += 2
            continue
        if line[i] == "|":
            cells.append(cur.strip())
            cur = ""
        else:
            cur += line[i]
        i += 1
    cells.append(cur.strip())
    return cells


def header_role(name):
    n = name.strip().strip("*_`").lower()
    if n in ("id", "value id", "key") or n.endswith(" id"):
        return "id"
    if "quote" in n or "sentence" in n or "statement" in n:
        return "quote"
    if "scenario" in n or "checked by" in n or "verified by" in n:
        return "scenarios"
    if "document" in n or "source" in n or "section" in n or \
            n in ("where", "doc", "stated in"):
        return "source"
    if "value" in n or n in ("states", "stated"):
        return "value"
    return None


def strip_md(s):
    s = s.strip()
    s = re.sub(r"`([^`]*)`", r"\1", s)
    s = re.sub(r"\*\*([^*]*)\*\*", r"\1", s)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    return s.strip()


def parse_documented_values(path):
    """Rows of every table in the file that has an id column.

    Returns (entries, problems): entries are dicts with id, source, quote,
    value, scenarios (list), line; problems lists lines it could not use.
    """
    entries, problems = [], []
    if not path or not os.path.exists(path):
        return entries, ["%s: not found" % path]
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    roles = None
    section = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        s = line.strip()
        if s.startswith("#"):
            section = s.lstrip("#").strip()
            roles = None
        if not s.startswith("|"):
            roles = None  # any other line ends a table
            i += 1
            continue
        cells = split_row(s)
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if roles is None and re.match(r"^\|?\s*:?-{2,}", nxt):
            roles = [header_role(c) for c in cells]
            if "id" not in roles:
                roles = None
                problems.append("%s:%d: table without an id column" %
                                (path, i + 1))
            elif "quote" not in roles:
                roles = None  # an id but no quote: some other table
            i += 2
            continue
        if roles is None:
            i += 1
            continue
        e = {"line": i + 1, "section": section, "source": "", "quote": "",
             "value": "", "scenarios": []}
        for role, cell in zip(roles, cells):
            if role is None:
                continue
            if role == "scenarios":
                # "running/walk, air/fall" or "not covered: Sonic 2 only"
                e["coverage"] = strip_md(cell)
                e["scenarios"] = re.findall(
                    r"[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+", strip_md(cell))
            else:
                e[role] = strip_md(cell) if role != "quote" else \
                    strip_md(cell).strip('"').strip("\u201c\u201d")
        if not e.get("id"):
            problems.append("%s:%d: row without an id" % (path, i + 1))
        else:
            entries.append(e)
        i += 1
    return entries, problems


def first_int(text):
    """The first integer written in text ($hex, 0x hex or decimal)."""
    m = re.search(r"-?\$[0-9A-Fa-f]+|-?0[xX][0-9A-Fa-f]+|-?\d+", text or "")
    return to_int(m.group(0)) if m else None


def norm_text(s):
    """Lower case words and $-hex, for comparing quotes loosely."""
    s = (s or "").lower().replace("\u2019", "'")
    s = re.sub(r"\$\s+", "$", s)
    s = re.sub(r"[^a-z0-9$]+", " ", s)
    return " ".join(s.split())


def quote_match(doc_quote, verify_quote):
    """Whether every part of the table's quote (split at '...') is in the
    entry's quote."""
    parts = [norm_text(p) for p in re.split(r"\.\.\.|\u2026", doc_quote or "")]
    parts = [p for p in parts if len(p) >= 8]
    if not parts:
        return False
    nv = norm_text(verify_quote)
    return all(p in nv for p in parts)


def scenario_key(path):
    """'scenarios/running/walk.yaml' -> 'running/walk'."""
    p = (path or "").replace(os.sep, "/")
    i = p.rfind("scenarios/")
    if i >= 0:
        p = p[i + len("scenarios/"):]
    return p[:-5] if p.endswith(".yaml") else p


def link_documented(entries, scen):
    """For each documented value, the `verifies:` results that check it.

    An entry is linked when its id is the documented value's id (or is
    named in its scenarios column), or when it belongs to a listed scenario
    and its quote contains the table's quote and/or its value is the
    table's value.  Returns [(entry, linked [(scenario, verify)], listed
    scenarios)].
    """
    by_id, by_scen = {}, {}
    for s in scen:
        by_scen[scenario_key(s.get("path"))] = s
        for v in s.get("verifies") or []:
            by_id.setdefault(v.get("id"), []).append((s, v))
    out = []
    for e in entries:
        direct = list(by_id.get(e["id"], []))
        listed = []
        for tok in e.get("scenarios", []):
            t = scenario_key(tok)
            if tok in by_id:
                direct += by_id[tok]
            elif t in by_scen and by_scen[t] not in listed:
                listed.append(by_scen[t])
        cands = [(s, v) for s in listed for v in s.get("verifies") or []]
        dv = first_int(e.get("value"))
        q = [c for c in cands if quote_match(e.get("quote"),
                                             c[1].get("quote"))]
        vm = [c for c in cands if dv is not None and c[1].get("value") == dv]
        qv = [c for c in q if any(c[1] is x[1] for x in vm)]
        linked, seen = [], set()
        for c in direct + (qv or q or vm):
            if id(c[1]) not in seen:
                seen.add(id(c[1]))
                linked.append(c)
        out.append((e, linked, listed))
    return out


def actual_value(v):
    """The compared trace's value of a verifies entry (check JSON v2 says
    "actual", v1 said "core")."""
    return v.get("actual", v.get("core"))


def actual_matches(v):
    return v.get("actual_matches_original", v.get("core_matches_original"))


def flag_html(gm):
    if gm is None:
        return '<span class="muted">no golden</span>'
    if gm:
        return '<span class="pass">agree</span>'
    return '<span class="flag fail">guide &ne; original</span>'


def core_flag_html(cm):
    if cm is None:
        return '<span class="muted">&ndash;</span>'
    if cm:
        return '<span class="pass">match</span>'
    return '<span class="flag fail">core &ne; original</span>'


def verify_values_html(s, v, with_id):
    """'id (scenario, frame/field): guide g, original o, core c'."""
    stated = ""
    if v.get("original") is not None:
        stated = '; scenario states original %s%s' % (
            esc(v.get("original")),
            "" if v.get("stated_original_matches_golden") is not False
            else " (golden differs!)")
    gm = v.get("guide_matches_original")
    mark = "" if gm is None else (
        ' <span class="pass">(agrees)</span>' if gm else
        ' <span class="flag fail">(guide &ne; original)</span>')
    return ('%s<span class="muted">%s, frame %s, %s:</span> guide %s, '
            'original <b>%s</b>, core %s%s%s' % (
                ("<code>%s</code> " % esc(v.get("id"))) if with_id else "",
                esc(scenario_key(s.get("path"))), esc(v.get("frame")),
                esc(v.get("field")), fmt_val(v.get("value")),
                fmt_val(v.get("golden")), fmt_val(actual_value(v)), stated,
                mark))


def combine_flags(values):
    """False if any False; None if any None; else True (empty: None)."""
    values = list(values)
    if any(x is False for x in values):
        return False
    if not values or any(x is None for x in values):
        return None
    return True


def documented_section(w, args, root, scen):
    w('<h2 id="documented">Documented values</h2>')
    doc_path = os.path.join(root, args.documented)
    entries, problems = parse_documented_values(doc_path)
    links = link_documented(entries, scen)
    w("<p>Every value the seed documents state (from <code>%s</code>): where "
      "it is stated, the scenarios that check it, and at the frame and field "
      "each checking <code>verifies:</code> entry names, what the original "
      "game does (its golden) and what the core does. <b>guide&nbsp;&ne;&nbsp;"
      "original</b> marks the guide's errata.</p>" % esc(args.documented))
    for p in problems:
        w('<p class="muted doc-problem">%s</p>' % esc(p))
    w('<table id="documented-table"><tr><th>id</th><th>stated in</th>'
      '<th>quote</th><th>value</th><th>checked by</th><th>what the checks '
      'show</th><th>guide vs original</th><th>core vs original</th></tr>')
    counts = collections.Counter()
    linked_ids = set()
    for e, linked, listed in links:
        for _, v in linked:
            linked_ids.add(id(v))
        scen_html = ", ".join(
            '<a href="%s">%s</a> %s' % (page_href(s.get("path")),
                                              esc(scenario_key(s.get("path"))),
                                              status_cell(s.get("status")))
            for s in listed)
        if linked:
            gm = combine_flags(v.get("guide_matches_original")
                               for _, v in linked)
            cm = combine_flags(actual_matches(v)
                               for _, v in linked)
            counts["erratum" if gm is False else "no golden" if gm is None
                   else "agree"] += 1
            if cm is False:
                counts["core differs"] += 1
            value = esc(e.get("value"))
            dv = first_int(e.get("value"))
            others = sorted({v.get("value") for _, v in linked
                             if dv is not None and v.get("value") != dv})
            if others and len(linked) == 1:
                value += ' <span class="flag">(scenario says %s)</span>' % \
                    esc(", ".join(str(x) for x in others))
            shows = "<br>".join(verify_values_html(s, v, True)
                                for s, v in linked)
            cls = "doc-row" + (" erratum" if gm is False else "") + \
                (" coremiss" if cm is False else "")
            if not scen_html:
                scen_html = ", ".join(sorted({
                    '<a href="%s">%s</a> %s' % (
                        page_href(s.get("path")),
                        esc(scenario_key(s.get("path"))),
                        status_cell(s.get("status"))) for s, _ in linked}))
            w('<tr class="%s" data-id="%s" data-guide-matches="%s" '
              'data-core-matches="%s"><td>%s</td><td>%s</td><td>%s</td>'
              '<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>'
              % (cls, esc(e["id"]), esc(gm), esc(cm), esc(e["id"]),
                 esc(e.get("source")), esc(e.get("quote")), value, scen_html,
                 shows, flag_html(gm), core_flag_html(cm)))
        elif listed:
            counts["via scenarios"] += 1
            w('<tr class="doc-row via-scenarios" data-id="%s"><td>%s</td>'
              '<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td colspan="3" '
              'class="muted">no <code>verifies:</code> entry states this '
              'value itself; the scenarios\' status shows whether the '
              'behaviour matches</td></tr>' % (
                  esc(e["id"]), esc(e["id"]), esc(e.get("source")),
                  esc(e.get("quote")), esc(e.get("value")), scen_html))
        else:
            counts["unchecked"] += 1
            w('<tr class="doc-row unchecked" data-id="%s"><td>%s</td><td>%s'
              '</td><td>%s</td><td>%s</td><td colspan="4" class="muted">not '
              'checked by any scenario%s</td></tr>' % (
                  esc(e["id"]), esc(e["id"]), esc(e.get("source")),
                  esc(e.get("quote")), esc(e.get("value")),
                  (" (the table says: %s)" % esc(e["coverage"]))
                  if e.get("coverage") else ""))
    w("</table>")
    w('<p id="documented-counts">%d documented values: %d agree with the '
      'original, <b>%d are errata</b> (guide &ne; original), %d have no '
      'golden yet, %d are checked only through a scenario\'s status, %d are '
      'not checked; the core differs from the original on %d.</p>' % (
          len(entries), counts["agree"], counts["erratum"],
          counts["no golden"], counts["via scenarios"], counts["unchecked"],
          counts["core differs"]))

    return linked_ids


def verifies_section(w, scen, linked_ids):
    """Every verifies entry of the suite, linked to a documented value or
    not (OUT/verifies.html)."""
    allv = [(s, v) for s in sorted(scen, key=lambda s: s.get("path") or "")
            for v in s.get("verifies") or []]
    vc = collections.Counter()
    w('<h2 id="verifies">All <code>verifies:</code> entries</h2>')
    w('<table id="verifies-table"><tr><th>id</th><th>scenario</th><th>stated '
      'in</th><th>quote</th><th>frame / field</th><th>guide</th><th>original '
      '(golden)</th><th>core</th><th>guide vs original</th><th>core vs '
      'original</th></tr>')
    for s, v in allv:
        gm, cm = v.get("guide_matches_original"), \
            actual_matches(v)
        vc["erratum" if gm is False else "no golden" if gm is None
           else "agree"] += 1
        if cm is False:
            vc["core differs"] += 1
        if id(v) not in linked_ids:
            vc["unlisted"] += 1
        stated = ""
        if v.get("original") is not None:
            stated = '<br><span class="muted">stated: %s%s</span>' % (
                esc(v.get("original")),
                "" if v.get("stated_original_matches_golden") is not False
                else " (golden differs!)")
        note = '<br><span class="muted">%s</span>' % esc(v.get("note")) \
            if v.get("note") else ""
        cls = "verify-row" + (" erratum" if gm is False else "") + \
            (" coremiss" if cm is False else "")
        w('<tr class="%s" data-id="%s" data-guide-matches="%s" '
          'data-core-matches="%s"><td>%s</td><td><a href="%s">%s</a>'
          '</td><td>%s</td><td>%s</td><td>%s / %s</td><td>%s</td><td>%s%s'
          '</td><td>%s</td><td>%s%s</td><td>%s</td></tr>' % (
              cls, esc(v.get("id")), esc(gm), esc(cm), esc(v.get("id")),
              page_href(s.get("path")), esc(scenario_key(s.get("path"))),
              esc(v.get("source")), esc(v.get("quote")), esc(v.get("frame")),
              esc(v.get("field")), fmt_val(v.get("value")),
              fmt_val(v.get("golden")), stated, fmt_val(actual_value(v)),
              flag_html(gm), note, core_flag_html(cm)))
    w("</table>")
    w('<p id="verifies-counts">%d entries: %d agree with the original, '
      '<b>%d errata</b>, %d without golden; the core differs from the '
      'original on %d; %d are not linked to a row of the documented-values '
      'table.</p>' % (len(allv), vc["agree"], vc["erratum"], vc["no golden"],
                      vc["core differs"], vc["unlisted"]))



# --------------------------------------------------------------------------
# Running spgsim


# --------------------------------------------------------------------------
# The guide's errata: every verifies entry where the guide's value is not
# what the original game does
# --------------------------------------------------------------------------

def split_source(src):
    """'Physics review part 1, solid tiles (seed 000), Pushing' ->
    ('Physics review part 1, solid tiles', 'Pushing'): the document by its
    title, and the section."""
    src = (src or "").strip()
    m = re.match(r"^(.*?)\s*\((?:seed|document) [^)]*\),\s*(.*)$", src)
    if m:
        return m.group(1).strip(), m.group(2).strip()
    if ", " in src:
        d, sec = src.split(", ", 1)
        return d.strip(), sec.strip()
    return src, ""


ERRATA_COLUMNS = ["document", "section", "quote", "guide", "original",
                  "frame", "field", "note", "id", "scenario"]


def errata_rows(scen):
    """One row per verifies entry whose golden value is not the guide's,
    by document, section and scenario."""
    rows = []
    for s in scen:
        for v in s.get("verifies") or []:
            if v.get("guide_matches_original") is not False:
                continue
            doc, sec = split_source(v.get("source"))
            rows.append({"document": doc, "section": sec,
                         "quote": v.get("quote") or "",
                         "guide": v.get("value"), "original": v.get("golden"),
                         "stated": v.get("original"),
                         "frame": v.get("frame"), "field": v.get("field"),
                         "note": v.get("note") or "", "id": v.get("id"),
                         "scenario": scenario_key(s.get("path")),
                         "path": s.get("path")})
    rows.sort(key=lambda r: (r["document"], r["section"], r["scenario"],
                             r["id"] or ""))
    return rows


def md_cell(v):
    return ("" if v is None else str(v)).replace("|", "\\|").replace(
        "\n", " ")


def write_errata_files(out_dir, rows):
    """errata.csv and errata.md beside index.html."""
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "errata.csv"), "w", newline="",
              encoding="utf-8") as f:
        cw = csv.writer(f)
        cw.writerow(ERRATA_COLUMNS)
        for r in rows:
            cw.writerow([r[c] for c in ERRATA_COLUMNS])
    with open(os.path.join(out_dir, "errata.md"), "w",
              encoding="utf-8") as f:
        f.write("# Where the guide and the original game differ\n\n"
                "%d places, from the `verifies:` entries of the spgsim "
                "scenarios whose golden (captured from the original game) "
                "is not the value the guide states.\n\n" % len(rows))
        f.write("| " + " | ".join(ERRATA_COLUMNS) + " |\n")
        f.write("|" + "---|" * len(ERRATA_COLUMNS) + "\n")
        for r in rows:
            f.write("| " + " | ".join(md_cell(r[c]) for c in ERRATA_COLUMNS)
                    + " |\n")


def errata_section(w, rows):
    w('<h2 id="errata">Where the guide and the original differ</h2>')
    w('<p id="errata-count"><b>%d</b> places where the value a guide '
      'states is not what the original game does (its golden). Also as '
      '<a href="errata.csv">CSV</a> and <a href="errata.md">Markdown</a>.'
      '</p>' % len(rows))
    if not rows:
        w('<p class="muted">None: every documented value with a golden '
          'agrees with the original.</p>')
        return
    w('<table id="errata-table"><tr><th>document</th><th>section</th>'
      '<th>quote</th><th>guide</th><th>original</th><th>frame, field</th>'
      '<th>note</th><th>scenario</th></tr>')
    for r in rows:
        stated = ""
        if r["stated"] is not None and r["stated"] != r["original"]:
            stated = ' <span class="flag fail">(the scenario states %s)' \
                '</span>' % esc(r["stated"])
        w('<tr class="erratum-row" data-id="%s"><td>%s</td><td>%s</td>'
          '<td>%s</td><td class="num">%s</td><td class="num"><b>%s</b>%s</td>'
          '<td>%s, %s</td><td>%s</td><td><a href="%s">%s</a></td></tr>'
          % (esc(r["id"]), esc(r["document"]), esc(r["section"]),
             esc(r["quote"]), fmt_val(r["guide"]), fmt_val(r["original"]),
             stated, esc(r["frame"]), esc(r["field"]), esc(r["note"]),
             page_href(r["path"]), esc(r["scenario"])))
    w("</table>")


# --------------------------------------------------------------------------
# Failures, grouped by their first divergent field and frame
# --------------------------------------------------------------------------

def failure_groups(fails):
    """[((field, frame), [scenario, ...])], largest group first.  A
    scenario failing only on a verifies entry groups under
    ('verifies', None)."""
    groups = collections.OrderedDict()
    for s in sorted(fails, key=lambda s: s.get("path") or ""):
        d = s.get("divergence")
        key = (d.get("field"), d.get("frame")) if d else ("verifies", None)
        groups.setdefault(key, []).append(s)
    return sorted(groups.items(), key=lambda kv: (
        -len(kv[1]), kv[0][0] or "", -1 if kv[0][1] is None else kv[0][1]))


# --------------------------------------------------------------------------
# Running spgsim
# --------------------------------------------------------------------------

def run_check(spgsim, root, scenarios_dir, tmp, actual_dir=None):
    out = os.path.join(tmp, "check.json")
    extra = ["--actual-dir", actual_dir] if actual_dir else []
    p = subprocess.run([spgsim, "check", "--json", out] + extra +
                       [scenarios_dir],
                       cwd=root, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if not os.path.exists(out):
        raise RuntimeError("spgsim check wrote no JSON (exit %d): %s" % (
            p.returncode, (p.stderr or p.stdout).strip()[-500:]))
    with open(out) as f:
        return json.load(f)


def run_core(spgsim, root, path, out, only=None):
    """The core's trace of a scenario (`spgsim run`), or (None, why)."""
    if os.path.exists(out):
        os.unlink(out)
    p = subprocess.run([spgsim, "run", path, "-o", out], cwd=root,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode != 0 or not os.path.exists(out):
        return None, p.stderr.strip()
    try:
        return read_trace(out, only), None
    except (OSError, ValueError, IndexError) as e:
        return None, str(e)
    finally:
        if os.path.exists(out):
            os.unlink(out)


# --------------------------------------------------------------------------
# The trace viewer (`spgsim view`): links only when this spgsim has it
# --------------------------------------------------------------------------

VIEWER_PAGE = "viewer.html"   # OUT/viewer.html
VIEWER_DATA = "d"             # OUT/d/<rel>.js: one data script a scenario


def write_viewer(spgsim, root, out_dir, scen, actual_dir=None, jobs=2):
    """The trace viewer's page and one data script per scenario, when this
    spgsim has `spgsim view` (`spgsim view --help` exits 0): writes
    OUT/viewer.html (`spgsim view --page`: the page without data) and
    OUT/d/<rel>.js (`spgsim view SCENARIO --data-js
    [--actual TRACE] -o FILE`).  Returns {scenario path: the data script's
    path relative to OUT}; the pages link viewer.html?data=<that path> for
    the scenarios in it.  Without the command (or when it fails) returns {}
    and writes nothing: the report then simply has no viewer links.  This
    is the whole of the report's use of the viewer."""
    if not spgsim:
        return {}

    def run(cmd):
        try:
            return subprocess.run(cmd, cwd=root, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL,
                                  timeout=60).returncode
        except (OSError, subprocess.SubprocessError):
            return -1
    if run([spgsim, "view", "--help"]) != 0:
        return {}
    page = os.path.join(out_dir, VIEWER_PAGE)
    if run([spgsim, "view", "--page", "-o", page]) != 0 or \
            not os.path.exists(page):
        return {}

    def one(s):
        rel = "%s/%s.js" % (VIEWER_DATA, page_rel(s.get("path")))
        dst = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        cmd = [spgsim, "view", s["path"], "--data-js", "-o", dst]
        if actual_dir and s.get("actual"):
            cmd += ["--actual", s["actual"]]
        ok = run(cmd) == 0 and os.path.exists(dst)
        return s["path"], rel if ok else None
    todo = [s for s in scen if s.get("path") and s.get("status") != "error"]
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as ex:
        return {p: rel for p, rel in ex.map(one, todo) if rel}


def viewer_link(viewer, path, up=""):
    """' · trace viewer' link to OUT/viewer.html for a scenario, from a
    page `up` (e.g. '../../') below OUT; '' without the viewer."""
    rel = viewer.get(path) if viewer else None
    if not rel:
        return ""
    return '<a class="viewer" href="%s%s?data=%s">viewer</a>' % (
        up, VIEWER_PAGE, esc(rel))


# --------------------------------------------------------------------------
# The pages
# --------------------------------------------------------------------------

CSS = """
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1200px}
h1{font-size:1.5em} h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
h3{font-size:1em;margin-bottom:.3em}
table{border-collapse:collapse;margin:.5em 0;font-size:.85em}
td,th{border:1px solid #ccc;padding:.25em .5em;vertical-align:top}
th{background:#f0f0f0;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.pass{color:#1a7f37}.fail{color:#b00020;font-weight:bold}
.nogolden{color:#8a6d00}.stale{color:#8a4f00}.error{color:#b00020}
tr.erratum td{background:#fff3cd} tr.coremiss td{background:#fde2e2}
.flag{font-weight:bold} .muted{color:#777}
code{font-size:.9em}
.scenario{margin-bottom:1.5em}
table.values td.differs{background:#fde2e2} table.values tr.first td{font-weight:bold}
.verify-problem{margin:.2em 0}
#scenario-table td{padding:.1em .4em}
svg{display:block;margin:.4em 0;max-width:100%;height:auto}
svg text{font:11px sans-serif;fill:#333} svg text.title{font-size:12px;font-weight:bold}
svg text.field{font-weight:bold} svg text.note{fill:#555;font-size:10px}
"""


def status_cell(st):
    return '<span class="%s">%s</span>' % (STATUS_CLASS.get(st, "error"),
                                           esc(st))


def fmt_val(v):
    if v is None:
        return '<span class="muted">&ndash;</span>'
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return "%d" % v if -10 <= v <= 10 else "%d <span class=\"muted\">" \
            "(%s$%X)</span>" % (v, "-" if v < 0 else "", abs(v))
    return esc(v)


def slug(text):
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text or "").strip("-") or "x"


def page_rel(path):
    """Where a scenario's page is, under OUT/s/, without .html: its path
    under scenarios/ without .yaml ('running/walk'), in safe characters."""
    parts = [re.sub(r"[^A-Za-z0-9_.-]+", "_", p)
             for p in scenario_key(path).split("/") if p]
    return "/".join("_" if p in (".", "..") else p for p in parts) or "x"


def page_href(path):
    """A scenario's page, relative to OUT."""
    return "%s/%s.html" % (PAGES_DIR, page_rel(path))


def row_id(path):
    """The id of a scenario's line in the index."""
    return "sc-" + slug(path)


def html_page(title, body, css_href=None):
    style = '<link rel="stylesheet" href="%s">' % css_href if css_href \
        else "<style>%s</style>" % CSS
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<title>%s</title>%s</head><body>\n%s\n</body></html>\n' % (
                esc(title), style, body))


def write_file(dst, text):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    tmpf = dst + ".tmp"
    with open(tmpf, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmpf, dst)
    return len(text.encode("utf-8"))


def failure_html(w, s, golden, core, gerr, cerr, actual_label):
    """The first divergence of a failing scenario: the values around it,
    the difference plot, the diverging fields over the frames."""
    d = s.get("divergence") or {}
    w('<div class="scenario failure" id="fail-%s">' % slug(s.get("path")))
    w('<h2 id="failure">Where it fails</h2>')
    for v in s.get("verifies") or []:
        if v.get("problem"):
            w('<p class="verify-problem fail">%s</p>' % esc(v["problem"]))
    if not d:
        w("</div>")
        return
    w('<p class="divergence">First divergence: frame <b class="frame">'
      '%s</b>, field <b class="field">%s</b>: expected (golden) '
      '<b class="expected">%s</b>, actual (%s) <b class="actual">%s'
      '</b>%s.</p>' % (esc(d.get("frame")), esc(d.get("field")),
                       esc(d.get("expected")), esc(actual_label),
                       esc(d.get("actual")),
                       "; %d divergent frames" % d["frames"]
                       if isinstance(d.get("frames"), int) and
                       d["frames"] > 1 else ""))
    if s.get("not_compared"):
        w('<p class="muted">Not compared (the %s trace has no such column):'
          ' %s</p>' % (esc(actual_label), esc(", ".join(s["not_compared"]))))
    if golden is None or core is None:
        w('<p class="muted">No plot: %s</p>' % esc(gerr or cerr or
                                                 "traces unavailable"))
        w("</div>")
        return
    fields, firsts = diverging_fields(golden, core)
    if d.get("field") in fields:
        fields.remove(d["field"])
        fields.insert(0, d["field"])
    if not fields:
        w("<p>The traces differ in length only (golden %d rows, %s %d)."
          "</p>" % (len(golden.rows), esc(actual_label), len(core.rows)))
        w("</div>")
        return
    shown = fields[:MAX_PLOTTED_FIELDS]
    fr = d.get("frame") if isinstance(d.get("frame"), int) else \
        firsts[shown[0]]
    w("<p>Diverging fields (first differing frame): %s%s</p>" % (
        ", ".join("%s (%d)" % (esc(f), firsts[f]) for f in fields[:12]),
        " ..." if len(fields) > 12 else ""))
    at = [f for f in shown if firsts[f] == fr] or shown[:1]
    w('<p>Values around frame %d:</p>' % fr)
    w(values_table_html(golden, core, at, fr, actual_label))
    key = scenario_key(s.get("path"))
    w(difference_svg(golden, core, shown, fr, key, actual_label))
    w(divergence_svg(golden, core, shown, fr, key, actual_label))
    if len(fields) > MAX_PLOTTED_FIELDS:
        w('<p class="muted">%d more diverging fields not plotted.</p>' % (
            len(fields) - MAX_PLOTTED_FIELDS))
    w("</div>")


def scenario_verifies_html(w, s, actual_label):
    """The scenario's own `verifies:` entries."""
    vs = s.get("verifies") or []
    if not vs:
        return
    w('<h2 id="verifies">Documented values it checks</h2>')
    w('<table class="verifies"><tr><th>id</th><th>stated in</th><th>quote'
      '</th><th>frame / field</th><th>guide</th><th>original (golden)</th>'
      '<th>%s</th><th>guide vs original</th><th>%s vs original</th></tr>'
      % (esc(actual_label), esc(actual_label)))
    for v in vs:
        gm, cm = v.get("guide_matches_original"), actual_matches(v)
        cls = "verify-row" + (" erratum" if gm is False else "") + \
            (" coremiss" if cm is False else "")
        note = '<br><span class="muted">%s</span>' % esc(v.get("note")) \
            if v.get("note") else ""
        w('<tr class="%s" data-id="%s"><td>%s</td><td>%s</td><td>%s</td>'
          '<td>%s / %s</td><td>%s</td><td>%s</td><td>%s</td><td>%s%s</td>'
          '<td>%s</td></tr>' % (
              cls, esc(v.get("id")), esc(v.get("id")), esc(v.get("source")),
              esc(v.get("quote")), esc(v.get("frame")), esc(v.get("field")),
              fmt_val(v.get("value")), fmt_val(v.get("golden")),
              fmt_val(actual_value(v)), flag_html(gm), note,
              core_flag_html(cm)))
    w("</table>")


MAP_LEGEND = (
    "Solid pixels of every cell's mask (flips applied; dark: all, blue: top "
    "only, orange: sides only, grey: none), with the golden's path (green) "
    "and the %s's (red, dashed), x and y per frame, framed on the frames "
    "near the tiles.")
MAZE_LEGEND = (
    "The maze's 24 px blocks, unrotated (dark: walls, red: bumpers, orange: "
    "GOAL, 1-up, UP/DOWN, R, light blue: glass, yellow: rings, green: "
    "emeralds, purple: ghost blocks and their switch), with the golden's "
    "path (green) and the %s's (red, dashed).")


def scenario_page(job):
    """Write one scenario's page (OUT/s/<rel>.html); run in a worker.
    Returns (path, bytes written, problem or None)."""
    s = job["s"]
    path = s.get("path")
    try:
        return path, scenario_page_body(job), None
    except Exception as e:  # never lose the whole report to one page
        text = html_page(scenario_key(path), '<p><a href="%sindex.html">'
                         'report</a></p><h1>%s</h1><p class="fail">This page '
                         'could not be drawn: %s: %s</p>' % (
                             "../" * (page_rel(path).count("/") + 1),
                             esc(scenario_key(path)), type(e).__name__,
                             esc(e)))
        n = write_file(os.path.join(job["out"], page_href(path)), text)
        return path, n, "%s: %s: %s" % (path, type(e).__name__, e)


def scenario_page_body(job):
    s, root = job["s"], job["root"]
    path, status = s.get("path"), s.get("status")
    actual_label = job["actual_label"]
    rel = page_rel(path)
    up = "../" * (rel.count("/") + 1)
    only = None if status == "FAIL" else ("x", "y")

    golden = core = None
    gerr = cerr = None
    gpath = s.get("golden")
    if gpath and status in ("pass", "FAIL", "stale golden"):
        try:
            golden = read_trace(os.path.join(root, gpath), only)
        except (OSError, ValueError, IndexError) as e:
            gerr = str(e)
    core_is_golden = False
    if job["actual_dir"]:
        apath = s.get("actual")
        if apath and os.path.exists(os.path.join(root, apath)):
            try:
                core = read_trace(os.path.join(root, apath), only)
            except (OSError, ValueError, IndexError) as e:
                cerr = str(e)
        else:
            cerr = "no trace from the engine"
    elif status == "pass" and golden is not None and job["pass_is_golden"] \
            and not {"x", "y"} & set(s.get("not_compared") or []):
        core, core_is_golden = golden, True   # equal on every compared column
    elif job["spgsim"] and status != "error":
        core, cerr = run_core(job["spgsim"], root, path, os.path.join(
            job["tmp"], "core-%d.csv" % job["index"]), only)

    out = []
    w = out.append
    w('<p class="nav"><a href="%sindex.html">report</a> &middot; <a href="%s'
      'index.html#%s">its line</a>%s</p>' % (
          up, up, row_id(path), (" &middot; " + viewer_link(
              job["viewer"], path, up)) if job["viewer"].get(path) else ""))
    w("<h1>%s %s</h1>" % (esc(scenario_key(path)), status_cell(status)))
    w('<p class="meta">Game <b>%s</b>, topic <b>%s</b>: <code>%s</code>, '
      'golden <code>%s</code>; compared: %s.</p>' % (
          esc(s.get("game") or "?"), esc(s.get("topic") or "(none)"),
          esc(path), esc(gpath or "none"), job["compared"]))
    doc, doc_err = None, None
    try:
        if status == "error" and golden is None:
            raise ValueError("the loader rejects it")
        with open(os.path.join(root, path)) as f:
            doc = yaml.load(f, Loader=YAML_LOADER)
        if doc.get("description"):
            w('<p class="description">%s</p>' % esc(doc["description"]))
    except Exception as e:  # a scenario the loader rejects, etc.
        doc_err = s.get("message") or "%s: %s" % (type(e).__name__, e)
    if s.get("message"):
        w('<p class="message %s">%s</p>' % (
            STATUS_CLASS.get(status, "error"), esc(s["message"])))
    if status == "FAIL":
        failure_html(w, s, golden, core, gerr, cerr, actual_label)
    scenario_verifies_html(w, s, actual_label)

    w('<h2 id="map">Map</h2>')
    if doc is not None:
        try:
            smap = scenario_map(doc)
            w("<p class=\"muted\">%s%s</p>" % (
                esc((MAZE_LEGEND if isinstance(smap, SpecialMaze)
                     else MAP_LEGEND) % actual_label),
                " The %s's trace is the golden's: the scenario passes." %
                esc(actual_label) if core_is_golden else ""))
            svg, note = map_svg(smap, golden, core, scenario_key(path),
                                actual_label)
            w(svg)
            if note:
                w('<p class="muted leaves">The path %s.</p>' % esc(note))
        except Exception as e:
            doc_err = "%s: %s" % (type(e).__name__, e)
    if doc_err:
        w('<p class="muted map-missing">No map: %s</p>' % esc(doc_err))
    if gerr:
        w('<p class="muted">golden unreadable: %s</p>' % esc(gerr))
    if core is None and cerr:
        w('<p class="muted">%s trace unavailable: %s</p>' % (
            esc(actual_label), esc(cerr)))
    text = html_page("%s - spgsim report" % scenario_key(path),
                     "\n".join(out), up + "report.css")
    return write_file(os.path.join(job["out"], page_href(path)), text)


def write_scenario_pages(jobs, nproc):
    """Every scenario's page, in nproc processes."""
    if nproc <= 1 or len(jobs) < 16:
        return [scenario_page(j) for j in jobs]
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(nproc) as pool:
        return list(pool.imap_unordered(
            scenario_page, jobs, chunksize=max(1, len(jobs) // (nproc * 8))))


def index_line(s, viewer):
    path = s.get("path")
    key = scenario_key(path)
    topic = s.get("topic") or ""
    name = key[len(topic) + 1:] if topic and key.startswith(topic + "/") \
        else key
    d = s.get("divergence")
    if d:
        where = "%s@%s" % (esc(d.get("field")), esc(d.get("frame")))
    elif s.get("status") == "FAIL":
        where = "verifies"
    else:
        where = ""
    return ('<tr class="scenario-row" data-status="%s" id="%s"><td>%s</td>'
            '<td>%s</td><td>%s</td><td><a href="%s">%s</a></td><td>%s</td>'
            '%s</tr>' % (esc(s.get("status")), row_id(path),
                         status_cell(s.get("status")), esc(s.get("game")),
                         esc(topic), page_href(path), esc(name), where,
                         "<td>%s</td>" % viewer_link(viewer, path)
                         if viewer else ""))


def render_index(args, out_dir, root, check, viewer, t0, npages, pbytes):
    scen = check.get("scenarios", [])
    out = []
    w = out.append

    groups = collections.OrderedDict()
    totals = collections.Counter()
    for s in sorted(scen, key=lambda s: ((s.get("game") or ""),
                                         (s.get("topic") or ""),
                                         s.get("path") or "")):
        key = (s.get("game") or "?", s.get("topic") or "")
        groups.setdefault(key, collections.Counter())[s.get("status")] += 1
        totals[s.get("status")] += 1
    n = len(scen)
    npass = totals["pass"]
    w("<h1>spgsim accuracy report</h1>")
    rom = sorted({s.get("rom_md5") for s in scen if s.get("rom_md5")})
    w("<p>%d scenarios: <b>%d pass</b>, %d FAIL, %d no golden, %d stale "
      "golden, %d error. Compared: %s against goldens from ROM %s. "
      "Generated %s.</p>" % (
          n, npass, totals["FAIL"], totals["no golden"],
          totals["stale golden"], totals["error"], compared_html(check),
          esc(", ".join(rom) or "(none)"),
          esc(datetime.datetime.now(datetime.timezone.utc)
              .strftime("%Y-%m-%d %H:%M UTC"))))
    w('<p><a href="#errata">Guide vs original</a> &middot; <a href="#summary">'
      'Summary</a> &middot; <a href="#failures">Failures</a> &middot; '
      '<a href="#scenarios">Every scenario</a> &middot; <a href="#documented">'
      'Documented values</a> &middot; <a href="verifies.html">Every '
      '<code>verifies:</code> entry</a>%s</p>' % (
          ' &middot; <a href="%s">Trace viewer</a>' % VIEWER_PAGE
          if viewer else ""))

    # ---- the guide's errata, first ----
    erows = errata_rows(scen)
    write_errata_files(out_dir, erows)
    errata_section(w, erows)

    # ---- summary per game and topic ----
    w('<h2 id="summary">Summary by game and topic</h2>')
    w('<table id="summary-table"><tr><th>game</th><th>topic</th>'
      '<th>scenarios</th>' + "".join("<th>%s</th>" % esc(st)
                                     for st in STATUSES) + "</tr>")
    for (game, topic), c in groups.items():
        w('<tr class="summary-row" data-game="%s" data-topic="%s"><td>%s'
          '</td><td>%s</td><td class="num">%d</td>%s</tr>' % (
              esc(game), esc(topic), esc(game), esc(topic or "(none)"),
              sum(c.values()), "".join(
                  '<td class="num" data-status="%s">%d</td>' % (
                      esc(st), c[st]) for st in STATUSES)))
    w('<tr class="summary-total"><th colspan="2">total</th>'
      '<th class="num">%d</th>%s</tr></table>' % (n, "".join(
          '<th class="num" data-status="%s">%d</th>' % (esc(st), totals[st])
          for st in STATUSES)))

    # ---- failures, grouped ----
    w('<h2 id="failures">Failing scenarios</h2>')
    fails = [s for s in scen if s.get("status") == "FAIL"]
    if not fails:
        w('<p class="none-failing">No scenario diverges from its golden.</p>')
    else:
        fg = failure_groups(fails)
        w('<p>%d failing scenarios in %d groups by their first divergent '
          'field and frame; each links to its page (the values around the '
          'first divergence, the plots, the map):</p>' % (len(fails),
                                                           len(fg)))
        w('<table id="failure-groups"><tr><th>first divergent field</th>'
          '<th>frame</th><th>count</th><th>scenarios</th></tr>')
        for (field, frame), members in fg:
            w('<tr class="failure-group" data-field="%s" data-frame="%s">'
              '<td>%s</td><td class="num">%s</td><td class="num">%d</td>'
              '<td>%s</td></tr>' % (
                  esc(field), esc(frame), esc(field),
                  "&ndash;" if frame is None else esc(frame), len(members),
                  ", ".join('<a id="fail-%s" href="%s">%s</a>' % (
                      slug(m.get("path")), page_href(m.get("path")),
                      esc(scenario_key(m.get("path")))) for m in members)))
        w("</table>")
    others = [s for s in scen if s.get("status") in
              ("no golden", "stale golden", "error")]
    if others:
        w("<h3>Not compared</h3><table><tr><th>scenario</th><th>status</th>"
          "<th>message</th></tr>")
        for s in sorted(others, key=lambda s: s.get("path") or ""):
            w('<tr class="uncompared"><td><a href="%s">%s</a></td><td>%s</td>'
              '<td>%s</td></tr>' % (
                  page_href(s.get("path")), esc(s.get("path")),
                  status_cell(s.get("status")), esc(s.get("message"))))
        w("</table>")

    # ---- one line per scenario ----
    w('<h2 id="scenarios">Every scenario</h2>')
    w('<p>Its status, and where a failing one first diverges '
      '(<i>field@frame</i>); the name opens its page.</p>')
    w('<table id="scenario-table"><tr><th>status</th><th>game</th>'
      '<th>topic</th><th>scenario</th><th>first divergence</th>%s</tr>' % (
          "<th>trace</th>" if viewer else ""))
    for s in sorted(scen, key=lambda s: s.get("path") or ""):
        w(index_line(s, viewer))
    w("</table>")

    # ---- documented values ----
    linked_ids = documented_section(w, args, root, scen)
    vout = []
    verifies_section(vout.append, scen, linked_ids)
    write_file(os.path.join(out_dir, "verifies.html"), html_page(
        "spgsim report: every verifies entry",
        '<p><a href="index.html">report</a></p>\n' + "\n".join(vout),
        "report.css"))

    seconds = time.monotonic() - t0
    w('<p id="footer" class="muted">%d scenario pages in <code>%s/</code> '
      '(%.1f MB). Written in <span id="seconds">%.1f</span> s.</p>' % (
          npages, PAGES_DIR, pbytes / 1e6, seconds))
    dst = os.path.join(args.out, "index.html")
    size = write_file(os.path.join(out_dir, "index.html"), html_page(
        "spgsim accuracy report", "\n".join(out)))
    return dst, n, npass, size, seconds


def compared_html(check):
    actual_dir = check.get("actual_dir")
    if actual_dir:
        return ("the traces in <code>%s</code> (another engine)" %
                esc(actual_dir))
    return "the core (%s)" % esc(check.get("core_version", "?"))


def clear_own(top, exts):
    """Remove the files ending in exts under top, and the folders that
    leaves empty (nothing else: --out may be any folder)."""
    for d, _, files in os.walk(top, topdown=False):
        for f in files:
            if f.endswith(exts):
                os.unlink(os.path.join(d, f))
        try:
            os.rmdir(d)
        except OSError:
            pass  # not empty


def build_report(args, t0):
    root = os.path.abspath(args.root)
    spgsim = os.path.abspath(args.spgsim) if args.spgsim else None
    tmp = tempfile.mkdtemp(prefix="spg_report_")
    try:
        if args.check_json:
            with open(args.check_json) as f:
                check = json.load(f)
            if spgsim and not os.access(spgsim, os.X_OK):
                spgsim = None  # no core traces then: no plots, no core path
        else:
            if not spgsim or not os.access(spgsim, os.X_OK):
                raise RuntimeError("no spgsim binary at %s (build it: make)"
                                   % args.spgsim)
            check = run_check(spgsim, root, args.scenarios, tmp,
                              args.actual_dir)
        if not isinstance(check, dict) or \
                not isinstance(check.get("scenarios", []), list):
            raise ValueError("%s: not the JSON of `spgsim check --json`" %
                             (args.check_json or "spgsim check"))
        scen = check.get("scenarios", [])
        out = os.path.abspath(args.out)
        os.makedirs(out, exist_ok=True)
        # This report's own files from an earlier run (a scenario since
        # removed must not keep its page).
        clear_own(os.path.join(out, PAGES_DIR), (".html", ".tmp"))
        clear_own(os.path.join(out, VIEWER_DATA), (".js",))
        if os.path.isfile(os.path.join(out, VIEWER_PAGE)):
            os.unlink(os.path.join(out, VIEWER_PAGE))
        write_file(os.path.join(out, "report.css"), CSS)
        jobs = max(1, args.jobs or os.cpu_count() or 1)
        viewer = write_viewer(spgsim, root, out, scen,
                              check.get("actual_dir"), jobs)
        fields = check.get("fields")
        common = {
            "root": root, "out": out, "spgsim": spgsim, "tmp": tmp,
            "actual_dir": check.get("actual_dir"),
            "actual_label": "engine" if check.get("actual_dir") else "core",
            "compared": compared_html(check), "viewer": viewer,
            # a passing scenario's core trace is its golden on x and y
            # unless check compared only other columns
            "pass_is_golden": not fields or {"x", "y"} <= set(
                fields if isinstance(fields, list) else
                str(fields).split(","))}
        page_jobs = []
        for i, s in enumerate(scen):
            if not s.get("path"):
                continue
            job = dict(common)
            job.update(s=s, index=i, viewer={
                s["path"]: viewer[s["path"]]} if s["path"] in viewer else {})
            page_jobs.append(job)
        done = write_scenario_pages(page_jobs, jobs)
        for path, nbytes, problem in done:
            if problem:
                print("report: %s" % problem, file=sys.stderr)
        return render_index(args, out, root, check, viewer, t0, len(done),
                            sum(d[1] for d in done))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv=None):
    t0 = time.monotonic()
    ap = argparse.ArgumentParser(description="Write the spgsim accuracy "
                                 "report (OUT/index.html and a page per "
                                 "scenario).")
    ap.add_argument("--spgsim", default="build/spgsim",
                    help="the spgsim binary (default build/spgsim)")
    ap.add_argument("--out", default="report", help="output directory")
    ap.add_argument("--root", default=".",
                    help="repository root: scenarios/, golden/, docs/")
    ap.add_argument("--scenarios", default="scenarios",
                    help="scenario directory, relative to --root")
    ap.add_argument("--documented", default="docs/documented-values.md",
                    help="documented-values table, relative to --root")
    ap.add_argument("--actual-dir", default=None,
                    help="compare another engine's traces, DIR/<path under "
                         "scenarios>.csv, instead of the core's (`spgsim "
                         "check --actual-dir`)")
    ap.add_argument("--check-json", default=None,
                    help="use this `spgsim check --json` output instead of "
                         "running check")
    ap.add_argument("--jobs", type=int, default=None,
                    help="processes drawing the scenario pages (default: "
                         "one per CPU)")
    args = ap.parse_args(argv)
    try:
        dst, n, npass, size, seconds = build_report(args, t0)
    except (RuntimeError, OSError, ValueError) as e:
        print("report: %s" % e, file=sys.stderr)
        return 2
    print("report: %s (%d scenarios, %d pass; index %.2f MB) written in "
          "%.1f s" % (dst, n, npass, size / 1e6, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
