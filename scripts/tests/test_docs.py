#!/usr/bin/python3
"""Docs that match the code: every ```yaml example in README.md and docs/*.md
must load and run with `spgsim run`, and every `verifies:` entry in an
example must hold in the core's trace (the examples only quote values the
original game agrees with).  A ```sh block of README.md followed at once
by a plain ``` block is a command and its output: the block's last
command, run from the repository root, must print exactly that output.

Run from the repository root: /usr/bin/python3 scripts/tests/test_docs.py
(SPGSIM=path/to/spgsim to test another build).  Ends with "N passed, N failed".
"""
import csv
import glob
import io
import os
import re
import subprocess
import sys
import tempfile

import yaml

SPGSIM = os.environ.get("SPGSIM", "build/spgsim")


def examples():
    for doc in ["README.md"] + sorted(glob.glob("docs/*.md")):
        text = open(doc, encoding="utf-8").read()
        for n, m in enumerate(re.finditer(r"^```yaml\n(.*?)^```", text, re.S | re.M)):
            line = text[: m.start()].count("\n") + 2
            yield "%s:%d (example %d)" % (doc, line, n + 1), m.group(1)


def check(label, body):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "example.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
        run = subprocess.run([SPGSIM, "run", path], capture_output=True, text=True)
        if run.returncode != 0:
            return "spgsim run exited %d: %s" % (run.returncode, run.stderr.strip())
        rows = list(csv.DictReader(io.StringIO(
            "".join(l + "\n" for l in run.stdout.splitlines() if not l.startswith("#")))))
        doc = yaml.safe_load(body)
        for v in doc.get("verifies") or []:
            frame, field = v["frame"], v["field"]
            want = v.get("original", v["value"])
            got = int(rows[frame][field])
            if got != want:
                return "verifies %s: frame %d %s is %d, the example says %d" % (
                    v["id"], frame, field, got, want)
    return None


def shown_outputs():
    text = open("README.md", encoding="utf-8").read()
    blocks = list(re.finditer(r"^```(\w*)\n(.*?)^```\n", text, re.S | re.M))
    for a, b in zip(blocks, blocks[1:]):
        if a.group(1) == "sh" and b.group(1) == "" and \
                text[a.end():b.start()].strip() == "":
            line = text[: a.start()].count("\n") + 2
            yield "README.md:%d (output)" % line, a.group(2), b.group(2)


def check_output(commands, want):
    last = [l for l in commands.splitlines() if l.strip()][-1]
    run = subprocess.run(["bash", "-c", last], capture_output=True, text=True)
    if run.returncode != 0:
        return "exited %d: %s" % (run.returncode, run.stderr.strip())
    if run.stdout != want:
        return "printed\n%s\nthe README shows\n%s" % (run.stdout, want)
    return None


def main():
    passed = failed = 0
    if not os.access(SPGSIM, os.X_OK):
        print("%s not built" % SPGSIM)
        print("0 passed, 1 failed")
        return 1
    for label, body in examples():
        problem = check(label, body)
        if problem:
            failed += 1
            print("FAIL %s: %s" % (label, problem))
        else:
            passed += 1
            print("ok   %s" % label)
    if passed + failed == 0:
        print("FAIL no yaml examples found")
        failed = 1
    shown = 0
    for label, commands, want in shown_outputs():
        shown += 1
        problem = check_output(commands, want)
        if problem:
            failed += 1
            print("FAIL %s: %s" % (label, problem))
        else:
            passed += 1
            print("ok   %s" % label)
    if shown == 0:
        print("FAIL no command with its output in README.md")
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
