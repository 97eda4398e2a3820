#!/usr/bin/python3
"""Test scripts/bisect on throwaway git repositories with planted bugs.

Each repository is a tiny fake project: `make BUILD=dir` writes dir/spgsim,
a shell script whose `check --json FILE SCENARIO...` compares the number in
each scenario's golden (golden/<rel>.csv) with the number the source tree
held at build time (src/value.txt), and writes JSON shaped like the real
`spgsim check --json`.  Commits can break the build (src/broken), remove
the harness, make spgsim crash (value "crash") or make the build hang
(src/slow, for the Ctrl-C test).  One more repository runs the project's
own `build/spgsim check` (--actual-dir, traces held by each revision) on a
special-stage scenario of the suite and its golden.

Run with /usr/bin/python3 [--spgsim build/spgsim]; ends with
"N passed, N failed".
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results, sigint_default  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BISECT = os.path.join(ROOT, "scripts", "bisect")

MAKEFILE = """\
BUILD ?= build
all: $(BUILD)/spgsim
$(BUILD)/spgsim: harness/spgsim.sh src/value.txt
\t@test ! -e src/broken || { echo "planted build failure" >&2; exit 1; }
\t@test ! -e src/slow || sleep 120
\tmkdir -p $(BUILD)
\tsed "s/@VALUE@/$$(cat src/value.txt)/" harness/spgsim.sh > $@
\tchmod +x $@
"""

SPGSIM = r"""#!/bin/sh
VALUE=@VALUE@
[ "$1" = check ] || exit 2
shift
[ "$1" = --json ] || exit 2
json=$2
shift 2
if [ "$VALUE" = crash ]; then kill -SEGV $$; fi
fails=0
items=""
for s in "$@"; do
  rel=${s#scenarios/}
  g=golden/${rel%.yaml}.csv
  want=$(cat "$g")
  if [ "$want" = "$VALUE" ]; then
    st=pass; div=null
  else
    st=FAIL; fails=$((fails + 1))
    div="{\"frame\": 3, \"field\": \"x\", \"expected\": $want, \"actual\": $VALUE}"
  fi
  items="$items${items:+, }{\"path\": \"$s\", \"status\": \"$st\", \"divergence\": $div}"
  echo "$st $s"
done
printf '{"scenarios": [%s]}\n' "$items" > "$json"
[ $fails -eq 0 ]
"""


# A fake project around the real harness: its spgsim runs the project's own
# `build/spgsim check` with --actual-dir on the traces the revision holds
# (actual/<rel>.csv), copied into the build directory.
REAL_MAKEFILE = """\
BUILD ?= build
all: $(BUILD)/spgsim
$(BUILD)/spgsim: harness/spgsim.sh actual
\tmkdir -p $(BUILD)
\trm -rf $(BUILD)/actual
\tcp -R actual $(BUILD)/actual
\tcp harness/spgsim.sh $@
\tchmod +x $@
"""

REAL_SPGSIM = r"""#!/bin/sh
[ "$1" = check ] || exit 2
shift
exec @REAL@ check --actual-dir "$(dirname "$0")/actual" "$@"
"""

SS_SCENARIO = "special_stage/rotation-start"


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def change_column(trace, column, frame, value):
    """The trace text with one value changed (by column name)."""
    out, cols = [], None
    for line in trace.splitlines(True):
        if line.startswith("#"):
            out.append(line)
        elif cols is None:
            cols = [c.strip() for c in line.split(",")]
            out.append(line)
        else:
            v = line.rstrip("\n").split(",")
            if int(v[cols.index("frame")]) == frame:
                v[cols.index(column)] = str(value)
                line = ",".join(v) + "\n"
            out.append(line)
    return "".join(out)


def column_value(trace, column, frame):
    cols = None
    for line in trace.splitlines():
        if line.startswith("#"):
            continue
        if cols is None:
            cols = [c.strip() for c in line.split(",")]
        elif int(line.split(",")[cols.index("frame")]) == frame:
            return int(line.split(",")[cols.index(column)])
    raise KeyError((column, frame))


def special_stage_case(res, base, spgsim):
    """7. A special-stage scenario of the suite with its golden, judged by
    the real `spgsim check` (its own column set, the animation columns):
    a revision whose trace shows another sprite is found, with the column
    named in the divergence."""
    if not os.access(spgsim, os.X_OK):
        res.check(False, "special stage: no spgsim binary at %s (build it "
                  "first: make)" % spgsim)
        return
    with open(os.path.join(ROOT, "scenarios", SS_SCENARIO + ".yaml")) as f:
        scenario = f.read()
    with open(os.path.join(ROOT, "golden", SS_SCENARIO + ".csv")) as f:
        golden = f.read()
    p = sh([spgsim, "run", os.path.join(ROOT, "scenarios",
                                        SS_SCENARIO + ".yaml")], ROOT)
    if not res.check(p.returncode == 0 and "# columns: special_stage" in
                     p.stdout, "special stage: the core's trace",
                     p.stderr):
        return
    good = p.stdout
    want = column_value(golden, "mapping_frame", 6)
    bad = change_column(good, "mapping_frame", 6, want - 1)
    trace = "actual/%s.csv" % SS_SCENARIO
    r = Repo(base, "special")
    r.commit("base: the real harness, a special-stage scenario", {
        "Makefile": REAL_MAKEFILE,
        "harness/spgsim.sh": REAL_SPGSIM.replace("@REAL@", sh_quote(spgsim)),
        "scenarios/%s.yaml" % SS_SCENARIO: scenario,
        "golden/%s.csv" % SS_SCENARIO: golden,
        trace: good})
    r.commit("good", {"README": "a\n"})
    regression = r.commit("REGRESSION: the roll stops at fr_Roll1",
                          {trace: bad})
    r.commit("after", {"README": "b\n"})
    before = r.state()
    p = run_bisect(r, r.shas[0], r.shas[-1],
                   ["scenarios/%s.yaml" % SS_SCENARIO])
    res.check(p.returncode == 0 and
              "first bad commit: %s" % regression in p.stdout,
              "special stage: the regression is found",
              "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))
    res.check("scenarios/%s.yaml: first divergence at frame 6, "
              "mapping_frame: expected %d, actual %d" % (
                  SS_SCENARIO, want, want - 1) in p.stdout,
              "special stage: the divergence names the animation column",
              p.stdout)
    res.check(r.state() == before,
              "special stage: repository left as it was")


def sh(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True,
                          **kw)


def git(repo, *args):
    p = sh(["git"] + list(args), repo)
    if p.returncode != 0:
        raise RuntimeError("git %s: %s" % (" ".join(args), p.stderr))
    return p.stdout.strip()


class Repo:
    """A fake project; `commit(...)` applies changes and commits."""

    def __init__(self, base, name):
        self.path = os.path.join(base, name)
        os.makedirs(self.path)
        git(self.path, "init", "-q", "-b", "main")
        git(self.path, "config", "user.email", "test@example.invalid")
        git(self.path, "config", "user.name", "test")
        self.shas = []

    def write(self, rel, text):
        p = os.path.join(self.path, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)

    def remove(self, rel):
        git(self.path, "rm", "-q", "-r", rel)

    def commit(self, msg, files=None, remove=()):
        for rel, text in (files or {}).items():
            self.write(rel, text)
        for rel in remove:
            self.remove(rel)
        git(self.path, "add", "-A")
        git(self.path, "commit", "-q", "--allow-empty", "-m", msg)
        self.shas.append(git(self.path, "rev-parse", "HEAD"))
        return self.shas[-1]

    def base_files(self, value="1"):
        return {"Makefile": MAKEFILE, "harness/spgsim.sh": SPGSIM,
                "src/value.txt": value + "\n",
                "scenarios/topic/a.yaml": "name: a\n",
                "scenarios/topic/b.yaml": "name: b\n",
                "golden/topic/a.csv": "1\n", "golden/topic/b.csv": "1\n"}

    def state(self):
        """What must be the same before and after a bisect."""
        files = {}
        for dp, dn, fn in os.walk(self.path):
            if ".git" in dp.split(os.sep):
                continue
            for f in fn:
                p = os.path.join(dp, f)
                with open(p, "rb") as fh:
                    files[os.path.relpath(p, self.path)] = fh.read()
        gitdir = os.path.join(self.path, ".git")
        return {"head": git(self.path, "rev-parse", "HEAD"),
                "branch": sh(["git", "symbolic-ref", "-q", "HEAD"],
                             self.path).stdout.strip(),
                "bisect_files": sorted(f for f in os.listdir(gitdir)
                                       if f.startswith("BISECT")),
                "status": git(self.path, "status", "--porcelain"),
                "refs": git(self.path, "for-each-ref", "--format=%(refname)"),
                "files": files}


def run_bisect(repo, good, bad, scenarios=("scenarios/topic/a.yaml",
                                           "scenarios/topic/b.yaml")):
    return sh([sys.executable, BISECT, "-j", "2", good, bad] +
              list(scenarios), repo.path)


def linear_history(base, name, plan):
    """plan: list of (message, files, remove) after the base commit."""
    r = Repo(base, name)
    r.commit("base: value 1, scenarios, goldens", r.base_files())
    for msg, files, remove in plan:
        r.commit(msg, files, remove)
    return r


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--spgsim", default=os.path.join(ROOT, "build", "spgsim"))
    args = ap.parse_args()
    res = Results()
    with tempfile.TemporaryDirectory(prefix="spg_bisect_test_") as base:
        # 1. A regression behind good commits, a broken build and a
        # revision without the harness (both skipped).
        r = linear_history(base, "regress", [
            ("good 1", {"README": "a\n"}, ()),
            ("good 2", {"README": "b\n"}, ()),
            ("broken build", {"src/broken": "x\n"}, ()),
            ("no harness", {}, ("harness",)),
            ("fixed", {"harness/spgsim.sh": SPGSIM}, ("src/broken",)),
            ("REGRESSION: value 2", {"src/value.txt": "2\n"}, ()),
            ("after 1", {"README": "c\n"}, ()),
            ("after 2", {"README": "d\n"}, ()),
        ])
        regression = r.shas[6]
        before = r.state()
        p = run_bisect(r, r.shas[0], r.shas[-1])
        after = r.state()
        res.check(p.returncode == 0, "regression: exit 0",
                  "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))
        res.check("first bad commit: %s" % regression in p.stdout,
                  "regression: first bad commit is the planted one",
                  p.stdout + p.stderr)
        res.check("REGRESSION: value 2" in p.stdout,
                  "regression: prints the commit subject", p.stdout)
        res.check("scenarios/topic/a.yaml: first divergence at frame 3, x: "
                  "expected 1, actual 2" in p.stdout and
                  "scenarios/topic/b.yaml: first divergence" in p.stdout,
                  "regression: prints the divergence it introduced",
                  p.stdout)
        res.check(": skip (" in p.stderr,
                  "regression: a broken revision was skipped", p.stderr)
        res.check(before == after, "regression: repository left as it was",
                  "before %r\nafter %r" % (
                      {k: v for k, v in before.items() if k != "files"},
                      {k: v for k, v in after.items() if k != "files"}))

        # 1b. The same with a directory of scenarios.
        p = sh([sys.executable, BISECT, r.shas[0], r.shas[-1],
                "scenarios/topic"], r.path)
        res.check(p.returncode == 0 and
                  "first bad commit: %s" % regression in p.stdout and
                  "scenarios/topic/b.yaml: first divergence" in p.stdout,
                  "directory: every scenario under it is checked",
                  "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))
        res.check(r.state() == before, "directory: repository left as it was")

        # 2. A crash counts as bad.
        r = linear_history(base, "crash", [
            ("good", {"README": "a\n"}, ()),
            ("CRASH", {"src/value.txt": "crash\n"}, ()),
            ("after", {"README": "b\n"}, ()),
        ])
        p = run_bisect(r, r.shas[0], r.shas[-1])
        res.check(p.returncode == 0 and
                  "first bad commit: %s" % r.shas[2] in p.stdout and
                  "crashed" in p.stdout,
                  "crash: found, reported as a crash",
                  "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))

        # 3. Only skipped revisions around the regression: no single
        # answer, exit 1, candidates listed, repository restored.
        r = linear_history(base, "ambiguous", [
            ("good", {"README": "a\n"}, ()),
            ("broken A", {"src/broken": "x\n"}, ()),
            ("broken B, value 2", {"src/value.txt": "2\n"}, ()),
            ("fixed", {}, ("src/broken",)),
        ])
        before = r.state()
        p = run_bisect(r, r.shas[0], r.shas[-1])
        res.check(p.returncode == 1 and "only skipped revisions" in p.stderr
                  and r.shas[2] in p.stdout and r.shas[3] in p.stdout,
                  "ambiguous: exit 1 with the candidates",
                  "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))
        res.check(r.state() == before, "ambiguous: repository restored")

        # 4. The stated ends are wrong: GOOD already fails / BAD passes.
        r = linear_history(base, "ends", [
            ("value 2", {"src/value.txt": "2\n"}, ()),
            ("value 1 again", {"src/value.txt": "1\n"}, ()),
        ])
        before = r.state()
        p = run_bisect(r, r.shas[1], r.shas[2])
        res.check(p.returncode == 1 and "already fail at GOOD" in p.stderr,
                  "ends: GOOD that fails is refused", p.stderr)
        p = run_bisect(r, r.shas[0], r.shas[2])
        res.check(p.returncode == 1 and "pass at BAD" in p.stderr,
                  "ends: BAD that passes is refused", p.stderr)
        res.check(r.state() == before, "ends: repository untouched")

        # 5. Usage errors: dirty tree, missing golden, bad revision.
        r.write("src/value.txt", "7\n")
        p = run_bisect(r, r.shas[0], r.shas[1])
        res.check(p.returncode == 2 and "uncommitted changes" in p.stderr,
                  "errors: dirty work tree refused", p.stderr)
        git(r.path, "checkout", "-q", "--", "src/value.txt")
        r.write("scenarios/topic/c.yaml", "name: c\n")
        p = run_bisect(r, r.shas[0], r.shas[1],
                       ["scenarios/topic/c.yaml"])
        res.check(p.returncode == 2 and "no golden" in p.stderr,
                  "errors: scenario without golden refused", p.stderr)
        os.unlink(os.path.join(r.path, "scenarios/topic/c.yaml"))
        p = run_bisect(r, "no-such-rev", r.shas[1])
        res.check(p.returncode == 2, "errors: unknown revision refused",
                  p.stderr)
        res.check(not any(f.startswith("BISECT") for f in
                          os.listdir(os.path.join(r.path, ".git"))),
                  "errors: no bisect left behind")

        # 6. Ctrl-C while `git bisect run` is building: the repository is
        # reset all the same.
        r = linear_history(base, "interrupt", [
            ("good", {"README": "a\n"}, ()),
            ("slow build", {"src/slow": "x\n"}, ()),
            ("slow build 2", {"README": "b\n"}, ()),
            ("value 2, fast again", {"src/value.txt": "2\n"},
             ("src/slow",)),
        ])
        before = r.state()
        proc = subprocess.Popen([sys.executable, BISECT, r.shas[0],
                                 r.shas[-1], "scenarios/topic/a.yaml"],
                                cwd=r.path, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE,
                                universal_newlines=True,
                                start_new_session=True,
                                preexec_fn=sigint_default)
        started = False
        deadline = time.time() + 60
        while time.time() < deadline and proc.poll() is None:
            if os.path.exists(os.path.join(r.path, ".git", "BISECT_START")):
                started = True
                break
            time.sleep(0.1)
        time.sleep(1.0)  # let the step reach the slow make
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
        res.check(started and proc.returncode == 130,
                  "interrupt: bisect started and exits 130",
                  "started %s exit %s\n%s%s" % (started, proc.returncode,
                                               out, err))
        after = r.state()
        res.check(after == before, "interrupt: repository left as it was",
                  "before %r\nafter %r" % (
                      {k: v for k, v in before.items() if k != "files"},
                      {k: v for k, v in after.items() if k != "files"}))

        special_stage_case(res, base, os.path.abspath(args.spgsim))

    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
