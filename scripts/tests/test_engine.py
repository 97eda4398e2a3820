#!/usr/bin/python3
"""The path from "I have my own engine" to "my CI shows where it differs
from the original", end to end, with tiny_engine.py (a few dozen lines of
Python reading the exported test vectors) standing in for another engine:

  1. `spgsim export --out-dir` writes a vector per bundled normal-stage
     scenario (special-stage ones are skipped); every
     one is valid against schema/vector.schema.json;
  2. the engine runs the vectors it can and writes traces with only its own
     columns, in its own order;
  3. `spgsim check --actual-dir` passes every one of them, and with a bug
     planted in one scenario fails exactly that one, at the right frame and
     field, in the text, the JSON and the JUnit XML;
  4. the report (scripts/report.py on that check's JSON) shows that
     failure on its index line and, with its plots, on its scenario's page.

    /usr/bin/python3 scripts/tests/test_engine.py [--spgsim build/spgsim]

Ends with "N passed, N failed".
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENGINE = os.path.join(HERE, "tiny_engine.py")
PLANT = "running/top-speed-frame-128"


def special_stage(path):
    """Whether a scenario file is a special-stage one (export skips those)."""
    with open(path) as f:
        return any(l.strip() == "mode: special_stage" for l in f)


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True,
                          **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spgsim", default=os.path.join(ROOT, "build", "spgsim"))
    spgsim = os.path.abspath(ap.parse_args().spgsim)
    res = Results()
    if not os.access(spgsim, os.X_OK):
        print("FAIL no spgsim binary at %s (build it first: make)" % spgsim)
        return res.finish() or 1
    with tempfile.TemporaryDirectory(prefix="spg_engine_test_") as tmp:
        vdir = os.path.join(tmp, "vectors")
        p = run([spgsim, "export", "--format", "json", "--out-dir", vdir,
                 "scenarios"])
        names = [os.path.relpath(os.path.join(d, f), vdir)
                 for d, _, fs in os.walk(vdir) for f in fs]
        nscen = len([1 for d, _, fs in os.walk(os.path.join(ROOT, "scenarios"))
                     for f in fs if f.endswith(".yaml")
                     and not special_stage(os.path.join(d, f))])
        res.check(p.returncode == 0 and len(names) == nscen,
                  "export: a vector per normal-stage scenario (both games)",
                  p.stderr)
        with open(os.path.join(ROOT, "schema", "vector.schema.json")) as f:
            schema = json.load(f)
        bad = []
        for n in names:
            with open(os.path.join(vdir, n)) as f:
                v = json.load(f)
            try:
                jsonschema.validate(v, schema)
            except jsonschema.ValidationError as e:
                bad.append("%s: %s" % (n, e.message))
            if v["golden_status"] != "fresh":
                bad.append("%s: golden %s" % (n, v["golden_status"]))
        res.check(not bad, "export: every vector valid, with its golden",
                  bad[:5])

        # the engine, first without a bug
        good = os.path.join(tmp, "good")
        p = run(["/usr/bin/python3", ENGINE, vdir, good])
        ids = p.stdout.split()
        res.check(p.returncode == 0 and len(ids) >= 20 and PLANT in ids,
                  "engine: runs the flat-ground vectors", p.stderr + p.stdout)
        with open(os.path.join(good, PLANT + ".csv")) as f:
            header = [l for l in f if not l.startswith("#")][0].strip()
        res.check(header == "frame,ground_speed,x,x_sub,x_speed,facing_left",
                  "engine: writes its own columns in its own order", header)
        paths = ["scenarios/%s.yaml" % i for i in ids]
        p = run([spgsim, "check", "-q", "--actual-dir", good] + paths)
        res.check(p.returncode == 0 and
                  "%d passed, 0 failed" % len(ids) in p.stdout,
                  "check --actual-dir: the engine matches the original on "
                  "every scenario it runs", p.stdout[-2000:] + p.stderr)

        # a planted bug: top speed one subpixel too high in one scenario
        bugged = os.path.join(tmp, "bugged")
        run(["/usr/bin/python3", ENGINE, vdir, bugged, "--plant", PLANT])
        cj, cx = os.path.join(tmp, "check.json"), os.path.join(tmp, "j.xml")
        p = run([spgsim, "check", "--actual-dir", bugged, "--json", cj,
                 "--junit", cx] + paths)
        line = "FAIL          scenarios/%s.yaml: frame 129, x_sub: " \
            "expected 0, actual 256 (also x_speed, ground_speed)" % PLANT
        res.check(p.returncode == 1 and line in p.stdout and
                  "%d passed, 1 failed" % (len(ids) - 1) in p.stdout,
                  "check --actual-dir: finds the planted bug, and only it",
                  p.stdout[-3000:])
        with open(cj) as f:
            j = json.load(f)
        fails = [s for s in j["scenarios"] if s["status"] != "pass"]
        d = fails[0]["divergence"] if len(fails) == 1 else {}
        res.check(j["compared"] == "actual-dir" and len(fails) == 1 and
                  d["frame"] == 129 and d["field"] == "x_sub" and
                  d["also"] == ["x_speed", "ground_speed"] and
                  "y" in fails[0]["not_compared"],
                  "check --json: the divergence and the columns not "
                  "compared", fails)
        suites = ET.parse(cx).getroot()
        failed = [c.get("name") for c in suites.iter("testcase")
                  if c.find("failure") is not None]
        res.check(failed == ["scenarios/%s.yaml" % PLANT],
                  "check --junit: the failing test named by its path", failed)

        # the report of the engine's run
        out = os.path.join(tmp, "report")
        p = run(["/usr/bin/python3", os.path.join(ROOT, "scripts",
                                                  "report.py"),
                 "--spgsim", spgsim, "--check-json", cj, "--out", out])
        page = detail = ""
        if os.path.exists(os.path.join(out, "index.html")):
            with open(os.path.join(out, "index.html")) as f:
                page = f.read()
        dpath = os.path.join(out, "s", PLANT + ".html")
        if os.path.exists(dpath):
            with open(dpath) as f:
                detail = f.read()
        m = re.search(r'<div class="scenario failure" id="fail-([^"]*)">'
                      r'(.*?)</div>', detail, re.S)
        sect = m.group(2) if m else ""
        res.check(p.returncode == 0 and m and PLANT.replace("/", "-") in
                  m.group(1) and '<b class="frame">129</b>' in sect and
                  "actual (engine)" in sect and
                  '<svg class="difference-plot"' in sect and
                  '<svg class="divergence-plot"' in sect and
                  '<table class="values">' in sect and
                  'href="s/%s.html"' % PLANT in page and
                  ">x_sub@129<" in page,
                  "report: the planted bug on its scenario's page, with the "
                  "engine's values and plots, linked from the index",
                  p.stderr + sect[:500])
        res.check("the traces in <code>%s</code> (another engine)" % bugged
                  in page, "report: says which traces were compared")
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
