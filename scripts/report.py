#!/usr/bin/python3
"""Write the spgsim accuracy report: one self-contained HTML page.

    /usr/bin/python3 scripts/report.py [--spgsim build/spgsim] [--out report]
        [--root .] [--scenarios scenarios] [--documented
        docs/documented-values.md] [--actual-dir DIR] [--check-json FILE]

It runs `spgsim check --json` on the suite (or reads --check-json, the
output of an earlier run), takes the compared traces (the core's, from
`spgsim run`, or with --actual-dir another engine's DIR/<rel>.csv), reads
the goldens, and writes OUT/index.html with

  (a) the guide's errata first: one table of every place where the value a
      guide states is not what the original game does (document and
      section, quote, guide value, original value, scenario), also written
      as OUT/errata.csv and OUT/errata.md;
  (b) a summary per game and topic: passing, failing, without golden,
      stale golden, errors;
  (c) the failing scenarios, grouped by their first divergent field and
      frame: the values around the first divergence, a difference plot
      (compared trace minus golden) and the fields over the frames;
  (d) the documented-values table (docs/documented-values.md): where each
      value is stated, what the original does, what the core does;
  (e) every scenario's status, and a picture of its tile map (the masks'
      solid pixels, flips applied, coloured by solidity) with the golden's
      and the compared trace's paths, framed on the frames near the tiles.

Images are PNGs made with matplotlib (Agg) and embedded as base64.  Needs
Debian's python3-yaml and python3-matplotlib: run with /usr/bin/python3.
Exit status 0 when the report was written (whatever the suite's state), 2
when it could not be.
"""
import argparse
import base64
import collections
import csv
import datetime
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402
import numpy as np  # noqa: E402

STATUSES = ["pass", "FAIL", "no golden", "stale golden", "error"]
STATUS_CLASS = {"pass": "pass", "FAIL": "fail", "no golden": "nogolden",
                "stale golden": "stale", "error": "error"}
SOLIDITY_RGB = {"all": (0.22, 0.24, 0.30), "top": (0.20, 0.45, 0.85),
                "sides": (0.85, 0.50, 0.15), "none": (0.78, 0.78, 0.78)}
MAX_PLOTTED_FIELDS = 6


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

class Trace:
    def __init__(self, columns, rows, meta):
        self.columns = columns
        self.rows = rows          # list of lists of ints
        self.meta = meta          # header "# key: value" lines

    def col(self, name):
        i = self.columns.index(name)
        return [r[i] for r in self.rows]


def read_trace(path):
    meta, columns, rows = {}, None, []
    with open(path) as f:
        for line in f:
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
                continue
            rows.append([int(x) for x in line.split(",")])
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
# Scenario maps
# --------------------------------------------------------------------------

def mask_pixels(heights, flip_x=False, flip_y=False):
    """16x16 boolean array [row][col] of a height mask's solid pixels.

    heights[i] > 0: column i solid from the bottom up; < 0: from the top
    down.  flip_x mirrors left-right, flip_y top-bottom.
    """
    px = np.zeros((16, 16), dtype=bool)
    for i, h in enumerate(heights):
        if h > 0:
            px[16 - min(h, 16):, i] = True
        elif h < 0:
            px[:min(-h, 16), i] = True
    if flip_x:
        px = px[:, ::-1]
    if flip_y:
        px = px[::-1, :]
    return px


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
        self.rows = [str(r) for r in m["rows"]]
        self.width = max(len(r) for r in self.rows)
        self.height = len(self.rows)
        self.legend = legend

    def render(self, x0, y0, x1, y1, step=1):
        """RGB image of level pixels [x0,x1) x [y0,y1) (white = empty);
        step 16 draws one pixel per tile (solid where the mask has any
        solid pixel)."""
        w, h = (x1 - x0 + step - 1) // step, (y1 - y0 + step - 1) // step
        img = np.ones((h, w, 3))
        cache = {}
        for cy, row in enumerate(self.rows):
            py = self.oy + cy * 16
            if py + 16 <= y0 or py >= y1:
                continue
            for cx, sym in enumerate(row):
                if sym in ". ":
                    continue
                px = self.ox + cx * 16
                if px + 16 <= x0 or px >= x1:
                    continue
                if sym not in cache:
                    heights, solidity, fx, fy = self.legend[sym]
                    cache[sym] = (mask_pixels(heights, fx, fy),
                                  SOLIDITY_RGB.get(solidity,
                                                   SOLIDITY_RGB["all"]))
                pix, rgb = cache[sym]
                if step != 1:
                    if pix.any():
                        img[(py - y0) // step if py >= y0 else 0,
                            (px - x0) // step if px >= x0 else 0] = rgb
                    continue
                # Clip the 16x16 cell to the window.
                ax0, ay0 = max(px, x0), max(py, y0)
                ax1, ay1 = min(px + 16, x1), min(py + 16, y1)
                sub = pix[ay0 - py:ay1 - py, ax0 - px:ax1 - px]
                region = img[ay0 - y0:ay1 - y0, ax0 - x0:ax1 - x0]
                region[sub] = rgb
        return img


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
        grid = np.ones((self.height, self.width, 3))
        for r, row in enumerate(self.rows):
            for c, sym in enumerate(row):
                grid[r, c] = ss_block_rgb(legend.get(sym, 0))
        self.grid = grid

    def render(self, x0, y0, x1, y1, step=1):
        """RGB image of [x0,x1) x [y0,y1), one value per `step` px."""
        xs = (np.arange(x0, x1, step) - self.ox) // self.cell
        ys = (np.arange(y0, y1, step) - self.oy) // self.cell
        xs = np.clip(xs, 0, self.width - 1)
        ys = np.clip(ys, 0, self.height - 1)
        return self.grid[ys][:, xs]


def scenario_map(doc):
    """The map of a scenario file: its tiles, or its special-stage maze."""
    if doc.get("mode") == "special_stage":
        return SpecialMaze(doc)
    return ScenarioMap(doc)


def png_data_uri(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(
        buf.getvalue()).decode("ascii")


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


def map_figure(smap, golden, core, title, actual_label="core"):
    paths = []
    for t, label, style in ((golden, "golden (original)", "-"),
                            (core, actual_label, "--")):
        if t is not None and "x" in t.columns and "y" in t.columns:
            paths.append((t.col("x"), t.col("y"), label, style))
    vx0, vy0, vx1, vy1, leaves = path_view(smap, paths)
    # At least 320 x 160 px of view.
    if vx1 - vx0 < 320:
        c = (vx0 + vx1) // 2
        vx0, vx1 = c - 160, c + 160
    if vy1 - vy0 < 160:
        c = (vy0 + vy1) // 2
        vy0, vy1 = c - 80, c + 80
    # The tiles are drawn only where they are in view; a very large view
    # gets one pixel per tile.
    rx0, ry0 = max(vx0, smap.ox), max(vy0, smap.oy)
    rx1 = min(vx1, smap.ox + smap.width * smap.cell)
    ry1 = min(vy1, smap.oy + smap.height * smap.cell)
    w, h = vx1 - vx0, vy1 - vy0
    fw = 9.0
    fh = max(2.2, min(7.0, fw * h / w + 0.8))
    fig, ax = plt.subplots(figsize=(fw, fh))
    if rx1 > rx0 and ry1 > ry0:
        step = 1 if (rx1 - rx0) * (ry1 - ry0) <= 4_000_000 else 16
        img = smap.render(rx0, ry0, rx1, ry1, step)
        ax.imshow(img, extent=(rx0, rx1, ry1, ry0), interpolation="nearest")
    colors = {"golden (original)": "#1a9850", actual_label: "#d73027"}
    for xs, ys, label, style in paths:
        px, py = split_path(xs, ys)
        ax.plot([np.nan if v is None else v for v in px],
                [np.nan if v is None else v for v in py], style,
                color=colors[label], linewidth=1.4, label=label)
        ax.plot([xs[0]], [ys[0]], "o", color=colors[label], markersize=4)
    if leaves is not None:
        fr, lx, ly = leaves
        ax.annotate("leaves the view at frame %d (%d, %d)" % (fr, lx, ly),
                    xy=(min(max(lx, vx0), vx1), min(max(ly, vy0), vy1)),
                    fontsize=7, color="#555555", ha="center",
                    va="bottom" if ly > vy1 else "top")
    ax.set_xlim(vx0, vx1)
    ax.set_ylim(vy1, vy0)
    ax.set_aspect("equal" if w / h < 8 else "auto")
    ax.set_xlabel("x (px)")
    ax.set_ylabel("y (px)")
    ax.set_title(title, fontsize=9)
    if paths:
        ax.legend(fontsize=7, loc="best")
    return png_data_uri(fig)


def frame_window(golden, core, first_frame):
    """Rows [lo, hi) the plots of a failure show: all of a short trace,
    -80..+160 frames around the first divergence of a long one."""
    nrows = max(len(golden.rows), len(core.rows))
    if nrows > 400:
        return max(0, first_frame - 80), min(nrows, first_frame + 160), nrows
    return 0, nrows, nrows


def integer_frames(ax):
    """Frame axes count whole frames."""
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def divergence_figure(golden, core, fields, first_frame, title,
                      actual_label="core"):
    """Each field over the frames, golden and the compared trace."""
    n = len(fields)
    lo, hi, nrows = frame_window(golden, core, first_frame)
    fig, axes = plt.subplots(n, 1, figsize=(9, 1.7 * n + 0.6), sharex=True,
                             squeeze=False)
    for ax, field in zip(axes[:, 0], fields):
        for t, label, style, color in ((golden, "golden", "-", "#1a9850"),
                                       (core, actual_label, "--",
                                        "#d73027")):
            ys = t.col(field)[lo:hi]
            ax.step(range(lo, lo + len(ys)), ys, style, where="post",
                    color=color, label=label, linewidth=1.2)
        ax.axvline(first_frame, color="#555555", linewidth=0.8, linestyle=":")
        ax.set_ylabel(field, fontsize=8)
        ax.tick_params(labelsize=7)
        integer_frames(ax)
    axes[0, 0].legend(fontsize=7, loc="best")
    axes[0, 0].set_title(title, fontsize=9)
    axes[-1, 0].set_xlabel("frame" + ("" if (lo, hi) == (0, nrows) else
                                      " (frames %d..%d)" % (lo, hi - 1)))
    return png_data_uri(fig)


def difference_figure(golden, core, fields, first_frame, title,
                      actual_label="core"):
    """Each field's difference, compared trace minus golden, over the
    frames both traces have."""
    n = len(fields)
    lo, hi, nrows = frame_window(golden, core, first_frame)
    hi = min(hi, len(golden.rows), len(core.rows))
    fig, axes = plt.subplots(n, 1, figsize=(9, 1.3 * n + 0.6), sharex=True,
                             squeeze=False)
    for ax, field in zip(axes[:, 0], fields):
        g, c = golden.col(field), core.col(field)
        d = [c[k] - g[k] for k in range(lo, hi)]
        ax.axhline(0, color="#999999", linewidth=0.6)
        ax.step(range(lo, hi), d, "-", where="post", color="#7b3294",
                linewidth=1.2)
        ax.axvline(first_frame, color="#555555", linewidth=0.8, linestyle=":")
        ax.set_ylabel("%s\n%s - golden" % (field, actual_label), fontsize=7)
        ax.tick_params(labelsize=7)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=4))
        integer_frames(ax)
    axes[0, 0].set_title(title, fontsize=9)
    axes[-1, 0].set_xlabel("frame")
    return png_data_uri(fig)


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
            '<a href="#map-%s">%s</a> %s' % (slug(s.get("path")),
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
                    '<a href="#map-%s">%s</a> %s' % (
                        slug(s.get("path")), esc(scenario_key(s.get("path"))),
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

    # Every verifies entry of the suite, linked or not.
    allv = [(s, v) for s in sorted(scen, key=lambda s: s.get("path") or "")
            for v in s.get("verifies") or []]
    vc = collections.Counter()
    w('<h3 id="verifies">All <code>verifies:</code> entries</h3>')
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
          'data-core-matches="%s"><td>%s</td><td><a href="#map-%s">%s</a>'
          '</td><td>%s</td><td>%s</td><td>%s / %s</td><td>%s</td><td>%s%s'
          '</td><td>%s</td><td>%s%s</td><td>%s</td></tr>' % (
              cls, esc(v.get("id")), esc(gm), esc(cm), esc(v.get("id")),
              slug(s.get("path")), esc(scenario_key(s.get("path"))),
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


def run_core(spgsim, root, path, tmp):
    out = os.path.join(tmp, "core.csv")
    if os.path.exists(out):
        os.unlink(out)
    p = subprocess.run([spgsim, "run", path, "-o", out], cwd=root,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode != 0 or not os.path.exists(out):
        return None, p.stderr.strip()
    return read_trace(out), None


# --------------------------------------------------------------------------
# The page
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
img{max-width:100%;display:block;margin:.3em 0}
code{font-size:.9em}
.scenario{margin-bottom:1.5em}
table.values td.differs{background:#fde2e2} table.values tr.first td{font-weight:bold}
.verify-problem{margin:.2em 0}
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


def build_report(args):
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
        return render_page(args, root, spgsim, check, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


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
          '<td>%s, %s</td><td>%s</td><td><a href="#map-%s">%s</a></td></tr>'
          % (esc(r["id"]), esc(r["document"]), esc(r["section"]),
             esc(r["quote"]), fmt_val(r["guide"]), fmt_val(r["original"]),
             stated, esc(r["frame"]), esc(r["field"]), esc(r["note"]),
             slug(r["path"]), esc(r["scenario"])))
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


def failure_html(w, s, traces, actual_label):
    d = s.get("divergence") or {}
    golden, core, gerr, cerr = traces[s.get("path")]
    w('<div class="scenario failure" id="fail-%s">' % slug(s.get("path")))
    w('<h3><a href="#map-%s">%s</a></h3>' % (slug(s.get("path")),
                                            esc(s.get("path"))))
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
                       if d.get("frames", 0) > 1 else ""))
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
    w('<img class="difference-plot" alt="%s minus golden, %s" src="%s">' % (
        esc(actual_label), esc(s.get("path")), difference_figure(
            golden, core, shown, fr, "%s: %s minus golden" % (
                s.get("path"), actual_label), actual_label)))
    w('<img class="divergence-plot" alt="diverging fields of %s" src="%s">'
      % (esc(s.get("path")), divergence_figure(
          golden, core, shown, fr, "%s: %s against golden" % (
              s.get("path"), actual_label), actual_label)))
    if len(fields) > MAX_PLOTTED_FIELDS:
        w('<p class="muted">%d more diverging fields not plotted.</p>' % (
            len(fields) - MAX_PLOTTED_FIELDS))
    w("</div>")


def render_page(args, root, spgsim, check, tmp):
    scen = check.get("scenarios", [])
    actual_dir = check.get("actual_dir")
    actual_label = "engine" if actual_dir else "core"
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
    compared = ("the traces in <code>%s</code> (another engine)" %
                esc(actual_dir)) if actual_dir else "the core (%s)" % esc(
                    check.get("core_version", "?"))
    w("<p>%d scenarios: <b>%d pass</b>, %d FAIL, %d no golden, %d stale "
      "golden, %d error. Compared: %s against goldens from ROM %s. "
      "Generated %s.</p>" % (
          n, npass, totals["FAIL"], totals["no golden"],
          totals["stale golden"], totals["error"], compared,
          esc(", ".join(rom) or "(none)"),
          esc(datetime.datetime.now(datetime.timezone.utc)
              .strftime("%Y-%m-%d %H:%M UTC"))))
    w('<p><a href="#errata">Guide vs original</a> &middot; <a href="#summary">'
      'Summary</a> &middot; <a href="#failures">Failures</a> &middot; '
      '<a href="#documented">Documented values</a> &middot; '
      '<a href="#scenarios">All scenarios</a> &middot; <a href="#maps">'
      'Scenario maps</a></p>')

    # ---- the guide's errata, first ----
    erows = errata_rows(scen)
    write_errata_files(args.out, erows)
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

    # Traces for the failures and the maps.
    traces = {}
    for s in scen:
        path = s.get("path")
        golden = core = None
        gerr = cerr = None
        gpath = s.get("golden")
        if gpath and s.get("status") in ("pass", "FAIL", "stale golden"):
            try:
                golden = read_trace(os.path.join(root, gpath))
            except (OSError, ValueError) as e:
                gerr = str(e)
        if actual_dir:
            apath = s.get("actual")
            if apath and os.path.exists(os.path.join(root, apath)):
                try:
                    core = read_trace(os.path.join(root, apath))
                except (OSError, ValueError) as e:
                    cerr = str(e)
            else:
                cerr = "no trace from the engine"
        elif spgsim and s.get("status") != "error":
            core, cerr = run_core(spgsim, root, path, tmp)
        traces[path] = (golden, core, gerr, cerr)

    # ---- failures, grouped ----
    w('<h2 id="failures">Failing scenarios</h2>')
    fails = [s for s in scen if s.get("status") == "FAIL"]
    if not fails:
        w('<p class="none-failing">No scenario diverges from its golden.</p>')
    else:
        fg = failure_groups(fails)
        w('<p>%d failing scenarios in %d groups by their first divergent '
          'field and frame:</p>' % (len(fails), len(fg)))
        w('<table id="failure-groups"><tr><th>first divergent field</th>'
          '<th>frame</th><th>scenarios</th></tr>')
        for (field, frame), members in fg:
            w('<tr class="failure-group" data-field="%s" data-frame="%s">'
              '<td>%s</td><td class="num">%s</td><td>%s</td></tr>' % (
                  esc(field), esc(frame), esc(field),
                  "&ndash;" if frame is None else esc(frame), ", ".join(
                      '<a href="#fail-%s">%s</a>' % (
                          slug(m.get("path")), esc(scenario_key(
                              m.get("path")))) for m in members)))
        w("</table>")
        for (field, frame), members in fg:
            w('<h3 class="group-heading">%s%s (%d)</h3>' % (
                esc(field), "" if frame is None else " at frame %d" % frame,
                len(members)))
            for s in members:
                failure_html(w, s, traces, actual_label)
    others = [s for s in scen if s.get("status") in
              ("no golden", "stale golden", "error")]
    if others:
        w("<h3>Not compared</h3><table><tr><th>scenario</th><th>status</th>"
          "<th>message</th></tr>")
        for s in sorted(others, key=lambda s: s.get("path") or ""):
            w('<tr class="uncompared"><td>%s</td><td>%s</td><td>%s</td></tr>'
              % (esc(s.get("path")), status_cell(s.get("status")),
                 esc(s.get("message"))))
        w("</table>")

    # ---- documented values ----
    documented_section(w, args, root, scen)

    # ---- every scenario, with its status ----
    w('<h2 id="scenarios">All scenarios</h2><table><tr><th>scenario</th>'
      '<th>status</th><th>detail</th><th>seconds</th></tr>')
    for s in sorted(scen, key=lambda s: s.get("path") or ""):
        d = s.get("divergence")
        detail = ("frame %s, %s: expected %s, actual %s" % (
            d.get("frame"), d.get("field"), d.get("expected"),
            d.get("actual")) if d else (s.get("message") or ""))
        w('<tr class="scenario-row" data-status="%s"><td><a href="#map-%s">'
          '%s</a></td><td>%s</td><td>%s</td><td class="num">%s</td></tr>' % (
              esc(s.get("status")), slug(s.get("path")), esc(s.get("path")),
              status_cell(s.get("status")), esc(detail),
              "%.3f" % s["seconds"] if isinstance(s.get("seconds"),
                                                  (int, float)) else ""))
    w("</table>")

    # ---- maps ----
    w('<h2 id="maps">Scenario maps</h2><p>Solid pixels of every cell\'s mask '
      '(flips applied; dark: all, blue: top only, orange: sides only, grey: '
      'none), with the golden\'s path (green) and the %s\'s (red, dashed), '
      'x and y per frame, framed on the frames near the tiles.  A '
      'special-stage maze shows its 24 px blocks unrotated (dark: walls, '
      'red: bumpers, orange: GOAL, 1-up, UP/DOWN, R, light blue: glass, '
      'yellow: rings, green: emeralds, purple: ghost blocks and their '
      'switch).</p>' % esc(actual_label))
    for s in sorted(scen, key=lambda s: s.get("path") or ""):
        path = s.get("path")
        golden, core, gerr, cerr = traces[path]
        w('<div class="scenario" id="map-%s"><h3>%s %s</h3>' % (
            slug(path), esc(path), status_cell(s.get("status"))))
        try:
            if s.get("status") == "error" and not golden:
                raise ValueError("the loader rejects it")
            with open(os.path.join(root, path)) as f:
                doc = yaml.safe_load(f)
            smap = scenario_map(doc)
            if doc.get("description"):
                w("<p>%s</p>" % esc(doc["description"]))
            w('<img class="map" alt="map of %s" src="%s">' % (
                esc(path), map_figure(smap, golden, core, path,
                                      actual_label)))
        except Exception as e:  # a scenario the loader rejects, etc.
            w('<p class="muted map-missing">No map: %s</p>' % esc(
                s.get("message") or "%s: %s" % (type(e).__name__, e)))
        if core is None and cerr and not actual_dir:
            w('<p class="muted">core run failed: %s</p>' % esc(cerr))
        w("</div>")

    page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>spgsim accuracy report</title><style>%s</style></head>"
            "<body>\n%s\n</body></html>\n" % (CSS, "\n".join(out)))
    os.makedirs(args.out, exist_ok=True)
    dst = os.path.join(args.out, "index.html")
    tmpf = dst + ".tmp"
    with open(tmpf, "w", encoding="utf-8") as f:
        f.write(page)
    os.replace(tmpf, dst)
    return dst, n, npass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Write the spgsim accuracy "
                                 "report (OUT/index.html).")
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
    args = ap.parse_args(argv)
    try:
        dst, n, npass = build_report(args)
    except (RuntimeError, OSError, ValueError) as e:
        print("report: %s" % e, file=sys.stderr)
        return 2
    print("report: %s (%d scenarios, %d pass)" % (dst, n, npass))
    return 0


if __name__ == "__main__":
    sys.exit(main())
