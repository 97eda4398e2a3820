#!/usr/bin/python3
"""Write the spgsim accuracy report: one self-contained HTML page.

    /usr/bin/python3 scripts/report.py [--spgsim build/spgsim] [--out report]
        [--root .] [--scenarios scenarios] [--documented
        docs/documented-values.md] [--check-json FILE]

It runs `spgsim check --json` on the suite (or reads --check-json, the
output of an earlier run), runs `spgsim run` on every scenario for the
core's trace, reads the goldens, and writes OUT/index.html with

  (a) a summary per game and topic: passing, failing, without golden,
      stale golden, errors;
  (b) for every failing scenario its first divergence (frame, field,
      expected, actual) and plots of the diverging fields over the frames,
      core against golden;
  (c) the documented-values table: every value the seed documents state
      (docs/documented-values.md) with where it is stated, what the
      original game does (the golden), what the core does, and a flag where
      the guide and the original disagree (the guide's errata);
  (d) a picture of every scenario's tile map (the masks' solid pixels,
      flips applied, coloured by solidity) with the golden's and the
      core's paths drawn over it.

Images are PNGs made with matplotlib (Agg) and embedded as base64.  Needs
Debian's python3-yaml and python3-matplotlib: run with /usr/bin/python3.
Exit status 0 when the report was written (whatever the suite's state), 2
when it could not be.
"""
import argparse
import base64
import collections
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

    def render(self, x0, y0, x1, y1):
        """RGB image of level pixels [x0,x1) x [y0,y1) (white = empty)."""
        w, h = x1 - x0, y1 - y0
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
                # Clip the 16x16 cell to the window.
                ax0, ay0 = max(px, x0), max(py, y0)
                ax1, ay1 = min(px + 16, x1), min(py + 16, y1)
                sub = pix[ay0 - py:ay1 - py, ax0 - px:ax1 - px]
                region = img[ay0 - y0:ay1 - y0, ax0 - x0:ax1 - x0]
                region[sub] = rgb
        return img


def png_data_uri(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(
        buf.getvalue()).decode("ascii")


def map_figure(smap, golden, core, title):
    paths = []
    for t, label, style in ((golden, "golden (original)", "-"),
                            (core, "core", "--")):
        if t is not None and "x" in t.columns and "y" in t.columns:
            paths.append((t.col("x"), t.col("y"), label, style))
    if paths:
        xs = [v for p in paths for v in p[0]]
        ys = [v for p in paths for v in p[1]]
        vx0, vx1 = min(xs) - 96, max(xs) + 96
        vy0, vy1 = min(ys) - 64, max(ys) + 64
    else:
        vx0, vy0 = smap.ox, smap.oy
        vx1, vy1 = vx0 + smap.width * 16, vy0 + smap.height * 16
    # At least 320 x 160 px of view, and never more than 4 M pixels.
    if vx1 - vx0 < 320:
        c = (vx0 + vx1) // 2
        vx0, vx1 = c - 160, c + 160
    if vy1 - vy0 < 160:
        c = (vy0 + vy1) // 2
        vy0, vy1 = c - 80, c + 80
    if (vx1 - vx0) * (vy1 - vy0) > 4_000_000:
        # Keep the start of the path in view.
        if paths:
            sx, sy = paths[0][0][0], paths[0][1][0]
        else:
            sx, sy = vx0, vy0
        vx0, vx1 = max(vx0, sx - 1500), min(vx1, sx + 1500)
        vy0, vy1 = max(vy0, sy - 600), min(vy1, sy + 600)
    img = smap.render(vx0, vy0, vx1, vy1)
    w, h = vx1 - vx0, vy1 - vy0
    fw = 9.0
    fh = max(2.2, min(7.0, fw * h / w + 0.8))
    fig, ax = plt.subplots(figsize=(fw, fh))
    ax.imshow(img, extent=(vx0, vx1, vy1, vy0), interpolation="nearest")
    colors = {"golden (original)": "#1a9850", "core": "#d73027"}
    for xs, ys, label, style in paths:
        ax.plot(xs, ys, style, color=colors[label], linewidth=1.4,
                label=label)
        ax.plot([xs[0]], [ys[0]], "o", color=colors[label], markersize=4)
    ax.set_xlim(vx0, vx1)
    ax.set_ylim(vy1, vy0)
    ax.set_aspect("equal" if w / h < 8 else "auto")
    ax.set_xlabel("x (px)")
    ax.set_ylabel("y (px)")
    ax.set_title(title, fontsize=9)
    if paths:
        ax.legend(fontsize=7, loc="best")
    return png_data_uri(fig)


def divergence_figure(golden, core, fields, first_frame, title):
    n = len(fields)
    nrows = max(len(golden.rows), len(core.rows))
    lo, hi = 0, nrows
    if nrows > 400:
        lo, hi = max(0, first_frame - 80), min(nrows, first_frame + 160)
    fig, axes = plt.subplots(n, 1, figsize=(9, 1.7 * n + 0.6), sharex=True,
                             squeeze=False)
    for ax, field in zip(axes[:, 0], fields):
        for t, label, style, color in ((golden, "golden", "-", "#1a9850"),
                                       (core, "core", "--", "#d73027")):
            ys = t.col(field)[lo:hi]
            fr = t.col("frame")[lo:hi] if "frame" in t.columns else \
                list(range(lo, lo + len(ys)))
            ax.step(fr, ys, style, where="post", color=color, label=label,
                    linewidth=1.2)
        ax.axvline(first_frame, color="#555555", linewidth=0.8, linestyle=":")
        ax.set_ylabel(field, fontsize=8)
        ax.tick_params(labelsize=7)
    axes[0, 0].legend(fontsize=7, loc="best")
    axes[0, 0].set_title(title, fontsize=9)
    axes[-1, 0].set_xlabel("frame" + ("" if (lo, hi) == (0, nrows) else
                                      " (frames %d..%d)" % (lo, hi - 1)))
    return png_data_uri(fig)


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

def run_check(spgsim, root, scenarios_dir, tmp):
    out = os.path.join(tmp, "check.json")
    p = subprocess.run([spgsim, "check", "--json", out, scenarios_dir],
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
            check = run_check(spgsim, root, args.scenarios, tmp)
        return render_page(args, root, spgsim, check, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def render_page(args, root, spgsim, check, tmp):
    scen = check.get("scenarios", [])
    out = []
    w = out.append

    # ---- (a) summary per game and topic ----
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
      "golden, %d error. Core %s; goldens from ROM %s. Generated %s.</p>" % (
          n, npass, totals["FAIL"], totals["no golden"],
          totals["stale golden"], totals["error"],
          esc(check.get("core_version", "?")),
          esc(", ".join(rom) or "(none)"),
          esc(datetime.datetime.now(datetime.timezone.utc)
              .strftime("%Y-%m-%d %H:%M UTC"))))
    w('<p><a href="#summary">Summary</a> &middot; <a href="#failures">'
      'Failures</a> &middot; <a href="#documented">Documented values</a> '
      '&middot; <a href="#maps">Scenario maps</a></p>')

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

    # Every scenario, with its status.
    w("<h3>All scenarios</h3><table><tr><th>scenario</th><th>status</th>"
      "<th>detail</th></tr>")
    for s in sorted(scen, key=lambda s: s.get("path") or ""):
        d = s.get("divergence")
        detail = ("frame %s, %s: expected %s, actual %s" % (
            d.get("frame"), d.get("field"), d.get("expected"),
            d.get("actual")) if d else (s.get("message") or ""))
        w('<tr class="scenario-row" data-status="%s"><td><a href="#map-%s">'
          '%s</a></td><td>%s</td><td>%s</td></tr>' % (
              esc(s.get("status")), slug(s.get("path")), esc(s.get("path")),
              status_cell(s.get("status")), esc(detail)))
    w("</table>")

    # Traces for (b) and (d).
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
        if spgsim and s.get("status") != "error":
            core, cerr = run_core(spgsim, root, path, tmp)
        traces[path] = (golden, core, gerr, cerr)

    # ---- (b) failures ----
    w('<h2 id="failures">Failing scenarios</h2>')
    fails = [s for s in scen if s.get("status") == "FAIL"]
    if not fails:
        w('<p class="none-failing">No scenario diverges from its golden.</p>')
    for s in sorted(fails, key=lambda s: s.get("path") or ""):
        d = s.get("divergence") or {}
        golden, core, gerr, cerr = traces[s.get("path")]
        w('<div class="scenario failure" id="fail-%s">' % slug(s.get("path")))
        w("<h3>%s</h3>" % esc(s.get("path")))
        w('<p class="divergence">First divergence: frame <b class="frame">'
          '%s</b>, field <b class="field">%s</b>: expected (golden) '
          '<b class="expected">%s</b>, actual (core) <b class="actual">%s'
          '</b>.</p>' % (esc(d.get("frame")), esc(d.get("field")),
                         esc(d.get("expected")), esc(d.get("actual"))))
        if golden is not None and core is not None:
            fields, firsts = diverging_fields(golden, core)
            if d.get("field") in fields:
                fields.remove(d["field"])
                fields.insert(0, d["field"])
            if fields:
                more = len(fields) - MAX_PLOTTED_FIELDS
                shown = fields[:MAX_PLOTTED_FIELDS]
                w("<p>Diverging fields (first differing frame): %s%s</p>" % (
                    ", ".join("%s (%d)" % (esc(f), firsts[f])
                              for f in fields[:12]),
                    " ..." if len(fields) > 12 else ""))
                fr = d.get("frame") if isinstance(d.get("frame"), int) \
                    else firsts[shown[0]]
                w('<img class="divergence-plot" alt="diverging fields of %s" '
                  'src="%s">' % (esc(s.get("path")), divergence_figure(
                      golden, core, shown, fr, "%s: core against golden"
                      % s.get("path"))))
                if more > 0:
                    w("<p class=\"muted\">%d more diverging fields not "
                      "plotted.</p>" % more)
            else:
                w("<p>The traces differ in length only (golden %d rows, "
                  "core %d).</p>" % (len(golden.rows), len(core.rows)))
        else:
            w('<p class="muted">No plot: %s</p>' % esc(gerr or cerr or
                                                    "traces unavailable"))
        w("</div>")
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

    # ---- (c) documented values ----
    documented_section(w, args, root, scen)

    # ---- (d) maps ----
    w('<h2 id="maps">Scenario maps</h2><p>Solid pixels of every cell\'s mask '
      '(flips applied; dark: all, blue: top only, orange: sides only, grey: '
      'none), with the golden\'s path (green) and the core\'s (red, dashed), '
      'x and y per frame.</p>')
    for s in sorted(scen, key=lambda s: s.get("path") or ""):
        path = s.get("path")
        golden, core, gerr, cerr = traces[path]
        w('<div class="scenario" id="map-%s"><h3>%s %s</h3>' % (
            slug(path), esc(path), status_cell(s.get("status"))))
        try:
            if s.get("status") == "error":
                raise ValueError("the loader rejects it")
            with open(os.path.join(root, path)) as f:
                doc = yaml.safe_load(f)
            smap = ScenarioMap(doc)
            if doc.get("description"):
                w("<p>%s</p>" % esc(doc["description"]))
            w('<img class="map" alt="map of %s" src="%s">' % (
                esc(path), map_figure(smap, golden, core, path)))
        except Exception as e:  # a scenario the loader rejects, etc.
            w('<p class="muted map-missing">No map: %s</p>' % esc(
                s.get("message") or "%s: %s" % (type(e).__name__, e)))
        if core is None and cerr:
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
